// SPDX-License-Identifier: GPL-2.0
/*
 * A cpuidle driver for testing the pm_qos power-level limit in guests that
 * have none (QEMU TCG): poll, then three states that all halt but declare
 * growing exit latencies and target residencies, so that governors pick
 * the deeper ones on long idle periods.  Registered only when no other
 * driver is; built with CONFIG_PM_QOS_POWER_LEVEL_TEST_HOOKS.
 */

#include <linux/cpuidle.h>
#include <linux/init.h>
#include <linux/irqflags.h>
#include <linux/sched.h>
#include <linux/version.h>

static int __cpuidle pl_test_halt(struct cpuidle_device *dev,
				  struct cpuidle_driver *drv, int index)
{
	/*
	 * Like ACPI's C1: halt with interrupts on, return with them off, in
	 * the forms ACPI uses: traced up to 6.2 (lockdep follows the
	 * interrupts); raw from 6.3 on, where RCU is not watching here and
	 * nothing may be traced.
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

#define PL_TEST_STATE(n, exit, residency) {			\
	.name = "HALT" #n,					\
	.desc = "halt (test state " #n ")",			\
	.exit_latency = exit,					\
	.target_residency = residency,				\
	.enter = pl_test_halt,					\
}

static struct cpuidle_driver pl_test_idle_driver = {
	.name = "pl_test_idle",
	.owner = THIS_MODULE,
	.states = {
		{ /* state 0: filled in by cpuidle_poll_state_init() */ },
		PL_TEST_STATE(1, 2, 2),
		PL_TEST_STATE(2, 20, 100),
		PL_TEST_STATE(3, 100, 500),
	},
	.state_count = 4,
};

static int __init pl_test_idle_init(void)
{
	int ret;

	if (cpuidle_get_driver()) {
		pr_info("pl_test_idle: a cpuidle driver is registered already\n");
		return 0;
	}
	cpuidle_poll_state_init(&pl_test_idle_driver);
	ret = cpuidle_register(&pl_test_idle_driver, NULL);
	if (ret)
		pr_err("pl_test_idle: registration failed: %d\n", ret);
	return ret;
}

/* Ahead of the benchmark's driver (a late initcall), which then stands aside. */
device_initcall(pl_test_idle_init);
