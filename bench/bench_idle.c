// SPDX-License-Identifier: GPL-2.0
/*
 * A cpuidle driver for the benchmark's x86_64 guests, which have none of
 * their own (QEMU's machine declares no _CST).  Without one, idle CPUs
 * never record a state and the power-level rows would wake nobody, while
 * cpu_latency_qos wakes every idle CPU regardless: the rows would do
 * different work.  Both bench kernels (this one and unpatched 6.1) register
 * the same driver, so that mainline's rows idle the same way on both.
 *
 * Polling, then two halting states that differ only in the latency and
 * residency they declare: a 10 us cpu_latency_qos request and power level
 * 1 both forbid state 2, and the governor picks state 2 on a long idle
 * period, so a tightening finds the idle CPU in a state it must leave.
 */

#define pr_fmt(fmt) "bench: " fmt

#include <linux/cpuidle.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/hardirq.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched/idle.h>
#include <linux/string.h>
#include <linux/version.h>

#include "bench.h"

#ifdef CONFIG_CPU_IDLE
static int __cpuidle bench_idle_halt(struct cpuidle_device *dev,
				     struct cpuidle_driver *drv, int index)
{
	/*
	 * cpuidle calls with interrupts off and expects them off again; as in
	 * ACPI's C1, traced forms up to 6.2, raw ones from 6.3 on (where RCU
	 * is not watching here).
	 */
	if (!need_resched()) {
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 3, 0)
		safe_halt();
		local_irq_disable();
#else
		raw_safe_halt();
		raw_local_irq_disable();
#endif
	}
	return index;
}

static struct cpuidle_driver bench_idle_driver = {
	.name = "bench_idle",
	.owner = THIS_MODULE,
	.states = {
		{ /* state 0: filled in by cpuidle_poll_state_init() */ },
		{
			.name = "HALT",
			.desc = "halt, shallow",
			.exit_latency = 1,
			.target_residency = 2,
			.enter = bench_idle_halt,
		},
		{
			.name = "HALT-DEEP",
			.desc = "halt, declared deep",
			.exit_latency = 50,
			.target_residency = 200,
			.enter = bench_idle_halt,
		},
	},
	.state_count = 3,
};

static int __init bench_idle_init(void)
{
	int ret;

	if (cpuidle_get_driver())
		return 0;
	cpuidle_poll_state_init(&bench_idle_driver);
	ret = cpuidle_register(&bench_idle_driver, NULL);
	if (ret)
		pr_err("bench_idle: registration failed: %d\n", ret);
	return ret;
}
late_initcall(bench_idle_init);
#endif

/*
 * The reschedule and function-call interrupts taken so far by the online
 * CPUs other than this one (x86 counts both per CPU; 0 elsewhere).  The
 * difference across a loop is the IPIs the loop sent, provided nothing
 * else runs meanwhile.  The caller keeps to one CPU.
 */
static u64 bench_ipis(void)
{
	u64 sum = 0;
#if defined(CONFIG_X86) && defined(CONFIG_SMP)
	int cpu;

	for_each_online_cpu(cpu) {
		if (cpu == raw_smp_processor_id())
			continue;
		sum += READ_ONCE(per_cpu(irq_stat, cpu).irq_resched_count);
		sum += READ_ONCE(per_cpu(irq_stat, cpu).irq_call_count);
	}
#endif
	return sum;
}

/**
 * bench_ipi_row - Print how many IPIs one pair of a loop sends.
 * @name: The row's name.
 * @loop: Loop of the pair.
 * @ctx: Its context.
 *
 * Runs 2,000 pairs on this CPU while the others idle and prints
 * the reschedule and function-call IPIs they took, per pair.  Nothing on a
 * single CPU (the icount run) or where IPIs are not counted.
 *
 * Context: process context, may sleep.
 */
void bench_ipi_row(const char *name, bench_loop_t loop, void *ctx)
{
	const unsigned int pairs = 2000;
	u64 before, ipis;

	if (!IS_ENABLED(CONFIG_X86) || num_online_cpus() < 2 ||
	    (bench_only && !strstr(name, bench_only)))
		return;
	/* Let the other CPUs reach the state a long idle period picks. */
	msleep(20);
	migrate_disable();
	before = bench_ipis();
	loop(pairs, ctx);
	ipis = bench_ipis() - before;
	migrate_enable();
	bench_out("ipis: %-38s %llu.%02llu per pair (%u pairs)\n", name,
		  ipis / pairs, ipis * 100 / pairs % 100, pairs);
}
