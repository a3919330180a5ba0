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
 * deactivate), REPS repetitions of a calibrated number of pairs, and
 * prints the median, minimum and maximum cost per pair in ns and its ratio
 * to the row it is compared with.  Every repetition's time is net: the
 * two clock reads around it and the empty loop's cost per pair are taken
 * out.  A goal is a paired comparison (bench_ratio()): the two loops
 * alternate, and the median ratio comes with a 95% confidence interval.
 * Lines starting "csv," are for scripts.
 *
 * Under QEMU's deterministic instruction counting (-icount shift=0, one
 * vCPU: scripts/bench.sh icount) a guest nanosecond is one instruction,
 * so the same rows count instructions; pm_qos_bench.icount=1 makes the
 * repetitions short (most see no timer tick, and the minimum is exact)
 * and leaves out the rows that need a second CPU.
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
MODULE_PARM_DESC(only, "Run only the rows whose name contains this (and the floors)");

static bool perf;
module_param(perf, bool, 0444);
MODULE_PARM_DESC(perf, "Repetitions a hundred times longer, for profiles");

bool bench_icount;
module_param_named(icount, bench_icount, bool, 0444);
MODULE_PARM_DESC(icount, "Time is instructions (QEMU -icount): short repetitions");

/*
 * REPS repetitions per row, REPS rounds per paired ratio.  Sorted, their
 * values of rank CI_LO and CI_HI (from 0) bound a distribution-free 95%
 * confidence interval for the median: P(Binomial(21, 1/2) <= 5) = 0.0133,
 * so [x(5), x(15)] covers it with probability 1 - 2 * 0.0133 = 0.973.
 */
#define REPS		21
#define CI_LO		5
#define CI_HI		(REPS - 1 - CI_LO)
#define REP_MIN_NS	(4 * NSEC_PER_MSEC)
/* 200,000 instructions: a tick (1 ms at least) falls in few of them. */
#define REP_MIN_ICOUNT	(200 * NSEC_PER_USEC)

/* Taken out of every repetition: its two clock reads, the empty loop. */
static u64 bench_overhead_ns, bench_empty_ps;

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

int bench_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* A number of pairs of @loop that takes REP_MIN_NS at least. */
static u64 bench_calibrate(bench_loop_t loop, void *ctx)
{
	u64 n = 64, t, rep_ns = bench_icount ? REP_MIN_ICOUNT : REP_MIN_NS;

	if (perf)
		rep_ns *= 100;

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

/*
 * ps per pair of one repetition of @n pairs, net of the clock reads around
 * it and of the empty loop's cost per pair (never below 0).
 */
static noinline u64 bench_time(bench_loop_t loop, void *ctx, u64 n)
{
	u64 t = ktime_get_ns();

	loop(n, ctx);
	return ktime_get_ns() - t;
}

static u64 bench_rep(bench_loop_t loop, void *ctx, u64 n)
{
	u64 t = bench_time(loop, ctx, n), ps;

	cond_resched();
	t -= min(t, bench_overhead_ns);
	ps = div64_u64(t * 1000, n);
	return ps - min(ps, bench_empty_ps);
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
	sort(ps, REPS, sizeof(ps[0]), bench_cmp_u64, NULL);
	r->min_ps = ps[0];
	r->median_ps = ps[REPS / 2];
	r->max_ps = ps[REPS - 1];
}

/*
 * REPS rounds of one repetition of @a and one of @b (@b's calibrated
 * length, @a first in even rounds and second in odd ones); before each,
 * @set(@arg, true) for @a and @set(@arg, false) for @b, if @set is given.
 * The median of the rounds' ratios, with its 95% confidence interval.
 */
static void bench_rounds(bench_loop_t a, void *actx, bench_loop_t b,
			 void *bctx, void (*set)(void *arg, bool a),
			 void *arg, struct bench_cmp *c)
{
	u64 n, r[REPS], pa = 0, pb = 0;
	int i, k;

	if (set)
		set(arg, false);
	n = bench_calibrate(b, bctx);
	for (i = 0; i < REPS; i++) {
		for (k = 0; k < 2; k++) {
			bool run_a = k == (i & 1);

			if (set)
				set(arg, run_a);
			if (run_a)
				pa = bench_rep(a, actx, n);
			else
				pb = bench_rep(b, bctx, n);
		}
		r[i] = div64_u64(pa * 1000, max(pb, 1ULL));
	}
	sort(r, REPS, sizeof(r[0]), bench_cmp_u64, NULL);
	c->med = r[REPS / 2];
	c->lo = r[CI_LO];
	c->hi = r[CI_HI];
}

/*
 * The cost of @a relative to @b, in thousandths, for differences of a few
 * percent on a noisy machine: the two alternate (bench_rounds()).
 */
void bench_ratio(bench_loop_t a, void *actx, bench_loop_t b, void *bctx,
		 struct bench_cmp *c)
{
	bench_rounds(a, actx, b, bctx, NULL, NULL, c);
}

/*
 * The cost of @loop in one state of the system relative to another: @set
 * puts the system in the first (true) or the second (false) state before
 * each repetition, untimed.
 */
void bench_ratio_states(bench_loop_t loop, void *ctx,
			void (*set)(void *arg, bool first), void *arg,
			struct bench_cmp *c)
{
	bench_rounds(loop, ctx, loop, ctx, set, arg, c);
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
BENCH_LOOP(loop_ktime, u64,
	   *ctx += ktime_get_ns(); *ctx += ktime_get_ns())
BENCH_LOOP(loop_mono_fast, u64,
	   *ctx += ktime_get_mono_fast_ns(); *ctx += ktime_get_mono_fast_ns())
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

	/* The floors run with "only" too: they are the unit across boots. */
	if (bench_only && !strstr(name, bench_only) &&
	    (perf || strncmp(name, "floor:", 6)))
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

/*
 * "goal: WHAT: RATIO [LO, HI] vs GOAL: VERDICT": PASS when the whole
 * interval is at or under the goal, FAIL when it is all above, UNRESOLVED
 * when it straddles the goal.
 */
void bench_goal(const char *what, const struct bench_cmp *c, u64 goal)
{
	const char *verdict = c->hi <= goal ? "PASS" :
			      c->lo > goal ? "FAIL" : "UNRESOLVED";

	bench_out("goal: %s: %llu.%03llux [%llu.%03llu, %llu.%03llu] vs %llu.%03llux: %s\n",
		  what, c->med / 1000, c->med % 1000, c->lo / 1000,
		  c->lo % 1000, c->hi / 1000, c->hi % 1000, goal / 1000,
		  goal % 1000, verdict);
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
	bench_out("cpuidle driver: %s\n", drv->name);
	for (i = 0; i < drv->state_count; i++)
		len += scnprintf(line + len, sizeof(line) - len, " %d:%s(%u us)",
				 i, drv->states[i].name,
				 drv->states[i].exit_latency);
	bench_out("cpuidle states:%s\n", line);
#endif
}

/*
 * What every later repetition is net of: its two clock reads and the call
 * (the fastest of REPS empty repetitions), then the empty loop's cost per
 * pair (its fastest repetition), measured raw.
 */
static void bench_net(void)
{
	struct bench_result r;

	u64 t[REPS];
	int i;

	bench_overhead_ns = 0;
	bench_empty_ps = 0;
	for (i = 0; i < REPS; i++)
		t[i] = bench_time(loop_empty, NULL, 0);
	sort(t, REPS, sizeof(t[0]), bench_cmp_u64, NULL);
	bench_overhead_ns = t[0];
	bench_measure(loop_empty, NULL, &r);
	bench_empty_ps = r.min_ps;
	bench_out("net of a repetition's clock reads (%llu ns) and the empty loop (%llu.%03llu ns per pair)\n",
		  bench_overhead_ns, bench_empty_ps / 1000,
		  bench_empty_ps % 1000);
}

/*
 * The run's first lines: the machine and @kernel, then the idle states the
 * power-level and cpu_latency rows constrain.
 */
void bench_header(const char *kernel)
{
	const char *preempt = IS_ENABLED(CONFIG_PREEMPT_RT) ? "rt" :
			      IS_ENABLED(CONFIG_PREEMPT) ? "full" :
			      IS_ENABLED(CONFIG_PREEMPT_VOLUNTARY) ? "voluntary" :
			      "none";

	bench_text_len = 0;
	bench_out("pm_qos benchmark: %s, %s, %u CPU(s), HZ=%d, preempt=%s, %d repetitions%s\n",
		  IS_ENABLED(CONFIG_UML) ? "UML" : "x86_64", kernel,
		  num_online_cpus(), HZ, preempt, REPS,
		  bench_icount ? ", icount (ns are instructions)" : "");
	bench_print_idle_states();
	bench_net();
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
	bench_row("floor: atomic_inc + atomic_dec", loop_atomic, &bench_atomic,
		  NULL, NULL);
	bench_row("floor: this_cpu_inc + this_cpu_dec", loop_this_cpu, NULL,
		  NULL, NULL);
	bench_row("floor: two local_clock() reads", loop_clock, &bench_sink,
		  NULL, NULL);
	bench_row("floor: two ktime_get() reads", loop_ktime, &bench_sink,
		  NULL, NULL);
	bench_row("floor: two ktime_get_mono_fast_ns() reads", loop_mono_fast,
		  &bench_sink, NULL, NULL);
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
