// SPDX-License-Identifier: GPL-2.0
/*
 * The timing harness of the pm_qos benchmark: calibrated loops, medians,
 * rows, goals, the hardware floors, and the run at boot or from debugfs.
 *
 * The same harness and the rows of mainline's API (bench_mainline.c) are
 * built into this kernel and into unpatched 6.1 (bench_unpatched.c holds
 * the run there), so that a row of mainline's API is the same code timed
 * the same way on both kernels.
 *
 * Each row times loops of one operation pair (for example activate then
 * deactivate), several repetitions of a calibrated number of pairs, and
 * prints the median, minimum and maximum cost per pair in ns and its ratio
 * to the row it is compared with.  Lines starting "csv," are for scripts.
 *
 * Run: write anything to /sys/kernel/debug/pm_qos/bench and read it back,
 * or boot with pm_qos_bench.autorun=1: the benchmark runs at the end of
 * boot, prints to the log and powers the machine off (for UML and the QEMU
 * guest, without user space).
 */

#define pr_fmt(fmt) "bench: " fmt

#include <linux/atomic.h>
#include <linux/cpuidle.h>
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/reboot.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "bench.h"

static bool autorun;
module_param(autorun, bool, 0444);
MODULE_PARM_DESC(autorun, "Run at the end of boot, then power off");

/*
 * For profiling one row at a time (make bench-perf): only the rows whose
 * name contains this string run, each for a hundred times longer, so a
 * cpu-clock profile of the run is a profile of that row.
 */
char *bench_only;
module_param_named(only, bench_only, charp, 0444);
MODULE_PARM_DESC(only, "Run only the rows whose name contains this, longer");

#define REPS		7
#define REP_MIN_NS	(4 * NSEC_PER_MSEC)

/* The table of the last run, for the debugfs read. */
static DEFINE_MUTEX(bench_lock);
static char *bench_text;
static size_t bench_text_len;
#define BENCH_OUT_SIZE	(32 * 1024)

void bench_out(const char *fmt, ...)
{
	va_list args;
	char line[160];

	va_start(args, fmt);
	vscnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	pr_info("%s", line);
	if (bench_text)
		bench_text_len += scnprintf(bench_text + bench_text_len,
					    BENCH_OUT_SIZE - bench_text_len,
					    "%s", line);
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* A number of pairs of @loop that takes REP_MIN_NS at least. */
static u64 bench_calibrate(bench_loop_t loop, void *ctx)
{
	u64 n = 64, t, rep_ns = REP_MIN_NS * (bench_only ? 100 : 1);

	for (;;) {
		t = ktime_get_ns();
		loop(n, ctx);
		t = ktime_get_ns() - t;
		if (t >= rep_ns || n >= (1ULL << 34))
			return n;
		n *= t ? clamp_t(u64, rep_ns * 2 / t, 2, 16) : 16;
		cond_resched();
	}
}

/* ps per pair of one repetition of @n pairs. */
static u64 bench_rep(bench_loop_t loop, void *ctx, u64 n)
{
	u64 t = ktime_get_ns();

	loop(n, ctx);
	t = ktime_get_ns() - t;
	cond_resched();
	return div64_u64(t * 1000, n);
}

/*
 * Pick a number of pairs that takes REP_MIN_NS at least, then time REPS
 * repetitions of it.  Costs are kept in picoseconds per pair.
 */
void bench_measure(bench_loop_t loop, void *ctx, struct bench_result *r)
{
	u64 n = bench_calibrate(loop, ctx), ps[REPS];
	int i;

	for (i = 0; i < REPS; i++)
		ps[i] = bench_rep(loop, ctx, n);
	sort(ps, REPS, sizeof(ps[0]), cmp_u64, NULL);
	r->min_ps = ps[0];
	r->median_ps = ps[REPS / 2];
	r->max_ps = ps[REPS - 1];
}

/*
 * The cost of @a relative to @b, in thousandths, for differences of a few
 * percent on a noisy machine: the two alternate, REPS rounds of one
 * repetition each, and the median of the rounds' ratios is taken.
 */
#define RATIO_ROUNDS	(3 * REPS)
u64 bench_ratio(bench_loop_t a, void *actx, bench_loop_t b, void *bctx)
{
	u64 n = bench_calibrate(b, bctx), r[RATIO_ROUNDS], pa, pb;
	int i;

	for (i = 0; i < RATIO_ROUNDS; i++) {
		pa = bench_rep(a, actx, n);
		pb = bench_rep(b, bctx, n);
		r[i] = div64_u64(pa * 1000, max(pb, 1ULL));
	}
	sort(r, RATIO_ROUNDS, sizeof(r[0]), cmp_u64, NULL);
	return r[RATIO_ROUNDS / 2];
}

/* The hardware floors: what the pairs' building blocks cost alone. */
static atomic_t bench_atomic;
static atomic_long_t bench_cmpxchg;
static u64 bench_sink;
static DEFINE_PER_CPU(long, bench_pcpu);

BENCH_LOOP(loop_empty, void, barrier(); (void)ctx)
BENCH_LOOP(loop_atomic, atomic_t,
	   atomic_inc(ctx); atomic_dec(ctx))
BENCH_LOOP(loop_this_cpu, void,
	   this_cpu_inc(bench_pcpu); this_cpu_dec(bench_pcpu); (void)ctx)
BENCH_LOOP(loop_clock, u64,
	   *ctx += local_clock(); *ctx += local_clock())
static void loop_irqsave(u64 n, void *ctx)
{
	unsigned long flags;

	while (n--) {
		local_irq_save(flags);
		barrier();
		local_irq_restore(flags);
		local_irq_save(flags);
		barrier();
		local_irq_restore(flags);
	}
}

BENCH_LOOP(loop_cmpxchg, atomic_long_t,
	   atomic_long_cmpxchg(ctx, 0, 1); atomic_long_cmpxchg(ctx, 1, 0))

/* A row: measure, print "name median min max [ratio to ref]". */
u64 bench_row(const char *name, bench_loop_t loop, void *ctx,
	      const struct bench_result *ref, const char *ref_name)
{
	struct bench_result r;

	if (bench_only && !strstr(name, bench_only))
		return 0;
	bench_measure(loop, ctx, &r);
	if (ref && ref->median_ps > 1)	/* not a row skipped by "only" */
		bench_out("%-44s %9llu.%02llu %9llu.%02llu %9llu.%02llu  %5llu.%03llux %s\n",
			  name, r.median_ps / 1000, r.median_ps % 1000 / 10,
			  r.min_ps / 1000, r.min_ps % 1000 / 10,
			  r.max_ps / 1000, r.max_ps % 1000 / 10,
			  div64_u64(r.median_ps, ref->median_ps),
			  div64_u64(r.median_ps % ref->median_ps * 1000,
				    ref->median_ps), ref_name);
	else
		bench_out("%-44s %9llu.%02llu %9llu.%02llu %9llu.%02llu\n",
			  name, r.median_ps / 1000, r.median_ps % 1000 / 10,
			  r.min_ps / 1000, r.min_ps % 1000 / 10,
			  r.max_ps / 1000, r.max_ps % 1000 / 10);
	return r.median_ps;
}

struct bench_result bench_res(u64 median_ps)
{
	return (struct bench_result){ .median_ps = max(median_ps, 1ULL) };
}

/* ratio a/b in thousandths */
u64 bench_permille(u64 a, u64 b)
{
	return div64_u64(a * 1000, max(b, 1ULL));
}

void bench_goal(const char *what, u64 got_permille, u64 max_permille)
{
	bench_out("%s: %-52s %llu.%03llux (<= %llu.%03llux) %s\n", "goal",
		  what, got_permille / 1000, got_permille % 1000,
		  max_permille / 1000, max_permille % 1000,
		  got_permille <= max_permille ? "PASS" : "FAIL");
}

/* The idle states the power-level and cpu_latency rows constrain. */
static void bench_print_idle_states(void)
{
#ifdef CONFIG_CPU_IDLE
	struct cpuidle_driver *drv = cpuidle_get_driver();
	char line[120];
	size_t len = 0;
	int i;

	if (!drv) {
		bench_out("cpuidle: no driver\n");
		return;
	}
	for (i = 0; i < drv->state_count; i++)
		len += scnprintf(line + len, sizeof(line) - len, " %d:%s(%u us)",
				 i, drv->states[i].name,
				 drv->states[i].exit_latency);
	bench_out("cpuidle states:%s\n", line);
#endif
}

/*
 * The run's first lines: the machine and @kernel, then the idle states the
 * power-level and cpu_latency rows constrain.
 */
void bench_header(const char *kernel)
{
	bench_text_len = 0;
	bench_out("pm_qos benchmark: %s, %s, %u CPU(s), HZ=%d, median of %d repetitions\n",
		  IS_ENABLED(CONFIG_UML) ? "UML" : "x86_64", kernel,
		  num_online_cpus(), HZ, REPS);
	bench_print_idle_states();
}

/*
 * The table's heading and the floors' rows.  The atomic_long_cmpxchg pair
 * is the unit in which scripts compare rows of two kernels booted
 * separately (each boot of a TCG guest has its own speed).
 */
void bench_floors(void)
{
	u64 unit;

	bench_out("%-44s %12s %12s %12s  %s\n", "ns per operation pair",
		  "median", "min", "max", "ratio");
	bench_row("floor: empty loop", loop_empty, NULL, NULL, NULL);
	bench_row("floor: atomic_inc + atomic_dec", loop_atomic, &bench_atomic,
		  NULL, NULL);
	bench_row("floor: this_cpu_inc + this_cpu_dec", loop_this_cpu, NULL,
		  NULL, NULL);
	bench_row("floor: two local_clock() reads", loop_clock, &bench_sink,
		  NULL, NULL);
	bench_row("floor: two local_irq_save + restore", loop_irqsave, NULL,
		  NULL, NULL);
	unit = bench_row("floor: two atomic_long_cmpxchg", loop_cmpxchg,
			 &bench_cmpxchg, NULL, NULL);
	bench_out("csv,floor,cmpxchg,%llu\n", unit);
}

static ssize_t bench_write(struct file *file, const char __user *buf,
			   size_t count, loff_t *ppos)
{
	mutex_lock(&bench_lock);
	bench_run();
	mutex_unlock(&bench_lock);
	return count;
}

static int bench_show(struct seq_file *m, void *v)
{
	mutex_lock(&bench_lock);
	seq_write(m, bench_text, bench_text_len);
	mutex_unlock(&bench_lock);
	return 0;
}

static int bench_open(struct inode *inode, struct file *file)
{
	return single_open(file, bench_show, NULL);
}

static const struct file_operations bench_fops = {
	.open = bench_open,
	.read = seq_read,
	.write = bench_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int __init pm_qos_bench_init(void)
{
	bench_text = kzalloc(BENCH_OUT_SIZE, GFP_KERNEL);
	if (!bench_text)
		return -ENOMEM;
	debugfs_create_file("bench", 0600, bench_debugfs_dir(), NULL,
			    &bench_fops);
	if (autorun) {
		mutex_lock(&bench_lock);
		bench_run();
		mutex_unlock(&bench_lock);
		kernel_power_off();
	}
	return 0;
}
late_initcall_sync(pm_qos_bench_init);
