// SPDX-License-Identifier: GPL-2.0
/*
 * Microbenchmark of the pm_qos classes against the hardware floor,
 * mainline 6.1's wakeup sources and pm_qos, and a model of 2009's pm_qos,
 * in one kernel and one run.
 *
 * Each row times loops of one operation pair (for example activate then
 * deactivate), several repetitions of a calibrated number of pairs, and
 * prints the median, minimum and maximum cost per pair in ns and its ratio
 * to the row it is compared with.  Lines starting "csv," feed the plot.
 *
 * Run: write anything to /sys/kernel/debug/pm_qos_bench and read it back,
 * or boot with pm_qos_bench.autorun=1: the benchmark runs at the end of
 * boot, prints to the log and powers the machine off (for UML and the QEMU
 * guest, without user space).
 */

#define pr_fmt(fmt) "bench: " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpuidle.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/freezer.h>
#include <linux/init.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/pm_qos.h>
#include <linux/pm_wakeup.h>
#include <linux/reboot.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/trace_events.h>
#include <linux/vmalloc.h>
#include <linux/wakelock.h>

#include "bench.h"
#include "../qos_suspend_block.h"

static bool autorun;
module_param(autorun, bool, 0444);
MODULE_PARM_DESC(autorun, "Run at the end of boot, then power off");

/*
 * For profiling one row at a time (make bench-perf): only the rows whose
 * name contains this string run, each for a hundred times longer, so a
 * cpu-clock profile of the run is a profile of that row.
 */
static char *only;
module_param(only, charp, 0444);
MODULE_PARM_DESC(only, "Run only the rows whose name contains this, longer");

#define REPS		7
#define REP_MIN_NS	(4 * NSEC_PER_MSEC)

/* The table of the last run, for the debugfs read. */
static DEFINE_MUTEX(bench_lock);
static char *bench_out;
static size_t bench_len;
#define BENCH_OUT_SIZE	(32 * 1024)

static __printf(1, 2) void out(const char *fmt, ...)
{
	va_list args;
	char line[160];

	va_start(args, fmt);
	vscnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	pr_info("%s", line);
	if (bench_out)
		bench_len += scnprintf(bench_out + bench_len,
				       BENCH_OUT_SIZE - bench_len, "%s", line);
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* A number of pairs of @loop that takes REP_MIN_NS at least. */
static u64 bench_calibrate(bench_loop_t loop, void *ctx)
{
	u64 n = 64, t, rep_ns = REP_MIN_NS * (only ? 100 : 1);

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
static u64 bench_ratio(bench_loop_t a, void *actx, bench_loop_t b, void *bctx)
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

/* The loops.  Each is a plain function so the pair itself is inlined. */
#define BENCH_LOOP(fn, type, body)				\
static void fn(u64 n, void *data)				\
{								\
	type *ctx = data;					\
								\
	while (n--) {						\
		body;						\
	}							\
}

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
BENCH_LOOP(loop_sb_pair, struct suspend_block_request,
	   suspend_block_activate(ctx); suspend_block_deactivate(ctx))
BENCH_LOOP(loop_sb_untraced_pair, struct suspend_block_request,
	   suspend_block_activate_untraced(ctx);
	   suspend_block_deactivate_untraced(ctx))

/*
 * Two builds of one path compared through the same loop code, so that
 * where the compiler put each bench loop does not count.
 */
struct sb_variant {
	struct suspend_block_request *req;
	bool (*activate)(struct suspend_block_request *req);
	bool (*deactivate)(struct suspend_block_request *req);
};

BENCH_LOOP(loop_sb_variant, struct sb_variant,
	   ctx->activate(ctx->req); ctx->deactivate(ctx->req))
BENCH_LOOP(loop_sb_timeout_pair, struct suspend_block_request,
	   suspend_block_activate_timeout(ctx, HZ);
	   suspend_block_deactivate(ctx))
BENCH_LOOP(loop_sb_add_remove, struct suspend_block_request,
	   suspend_block_add_request(ctx, "bench-add");
	   suspend_block_remove_request(ctx))
BENCH_LOOP(loop_pl_pair, struct power_level_request,
	   power_level_update_request(ctx, 1);
	   power_level_update_request(ctx, PM_QOS_POWER_LEVEL_ANY))
BENCH_LOOP(loop_pl0_pair, struct power_level_request,
	   power_level_update_request(ctx, 0);
	   power_level_update_request(ctx, PM_QOS_POWER_LEVEL_ANY))
BENCH_LOOP(loop_wake_lock_pair, struct wake_lock,
	   wake_lock(ctx); wake_unlock(ctx))
BENCH_LOOP(loop_ws_pair, struct wakeup_source,
	   __pm_stay_awake(ctx); __pm_relax(ctx))
BENCH_LOOP(loop_ws_event_pair, struct wakeup_source,
	   __pm_wakeup_event(ctx, 1000); __pm_relax(ctx))
BENCH_LOOP(loop_cpu_latency_pair, struct pm_qos_request,
	   cpu_latency_qos_update_request(ctx, 10);
	   cpu_latency_qos_update_request(ctx, PM_QOS_DEFAULT_VALUE))
BENCH_LOOP(loop_freq_pair, struct freq_qos_request,
	   freq_qos_update_request(ctx, 1000);
	   freq_qos_update_request(ctx, FREQ_QOS_MIN_DEFAULT_VALUE))
BENCH_LOOP(loop_model2009, struct model2009, model2009_update_pair(ctx))

#ifdef CONFIG_CPU_IDLE
/* What the power-level class adds to one idle entry, on a fake driver. */
struct bench_idle {
	struct cpuidle_driver drv;
	struct cpuidle_device dev;
	int index;
	bool stop_tick;
};

/* cpuidle_select()'s clamp and cpuidle_enter()'s record, as patched. */
BENCH_LOOP(loop_idle_hooks, struct bench_idle,
	   WRITE_ONCE(ctx->index,
		      power_level_clamp_select(&ctx->drv, &ctx->dev,
					       READ_ONCE(ctx->index),
					       &ctx->stop_tick));
	   WRITE_ONCE(ctx->index,
		      power_level_enter_state(&ctx->drv, &ctx->dev,
					      READ_ONCE(ctx->index))))
/* The same loads and stores without the hooks: mainline's idle entry. */
BENCH_LOOP(loop_idle_none, struct bench_idle,
	   WRITE_ONCE(ctx->index, READ_ONCE(ctx->index));
	   WRITE_ONCE(ctx->index, READ_ONCE(ctx->index)))

/*
 * Ratio (permille) of one idle entry's hooks to none, or 0 if the class's
 * static key is not in the state @used asks for.
 */
static u64 bench_idle_hooks(bool used)
{
	struct bench_idle *b;
	u64 r = 0;

	if (static_key_enabled(&power_level_qos_used) != used)
		return 0;
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return 0;
	b->drv.state_count = 2;
	b->index = 1;
	r = bench_ratio(loop_idle_hooks, b, loop_idle_none, b);
	kfree(b);
	return r;
}
#else
static u64 bench_idle_hooks(bool used)
{
	return 0;
}
#endif

/* A row: measure, print "name median min max [ratio to ref]". */
static u64 row(const char *name, bench_loop_t loop, void *ctx,
	       const struct bench_result *ref, const char *ref_name)
{
	struct bench_result r;

	if (only && !strstr(name, only))
		return 0;
	bench_measure(loop, ctx, &r);
	if (ref && ref->median_ps > 1)	/* not a row skipped by "only" */
		out("%-44s %9llu.%02llu %9llu.%02llu %9llu.%02llu  %5llu.%03llux %s\n",
		    name, r.median_ps / 1000, r.median_ps % 1000 / 10,
		    r.min_ps / 1000, r.min_ps % 1000 / 10,
		    r.max_ps / 1000, r.max_ps % 1000 / 10,
		    div64_u64(r.median_ps, ref->median_ps),
		    div64_u64(r.median_ps % ref->median_ps * 1000,
			      ref->median_ps), ref_name);
	else
		out("%-44s %9llu.%02llu %9llu.%02llu %9llu.%02llu\n", name,
		    r.median_ps / 1000, r.median_ps % 1000 / 10,
		    r.min_ps / 1000, r.min_ps % 1000 / 10,
		    r.max_ps / 1000, r.max_ps % 1000 / 10);
	return r.median_ps;
}

static struct bench_result res(u64 median_ps)
{
	return (struct bench_result){ .median_ps = max(median_ps, 1ULL) };
}

/* ratio a/b in thousandths */
static u64 permille(u64 a, u64 b)
{
	return div64_u64(a * 1000, max(b, 1ULL));
}

static void goal(const char *what, u64 got_permille, u64 max_permille)
{
	out("%s: %-52s %llu.%03llux (<= %llu.%03llux) %s\n", "goal", what,
	    got_permille / 1000, got_permille % 1000, max_permille / 1000,
	    max_permille % 1000, got_permille <= max_permille ? "PASS" : "FAIL");
}

struct bench_medians {
	u64 sb, sb_trace, ws, pl, cpu_latency, flat1, flat_big, trace_off;
	u64 idle_unused, idle_used;
};

static void bench_floors_and_pairs(struct bench_medians *md)
{
	struct suspend_block_request *sb, *tmp;
	struct power_level_request *pl;
	struct wakeup_source *ws;
	struct pm_qos_request *cl;
	struct freq_constraints *fc;
	struct freq_qos_request *fq;
	struct wake_lock *wl;
	struct bench_result ws_ref, cl_ref, fq_ref, sb_ref;

	sb = kzalloc(sizeof(*sb), GFP_KERNEL);
	tmp = kzalloc(sizeof(*tmp), GFP_KERNEL);
	pl = kzalloc(sizeof(*pl), GFP_KERNEL);
	cl = kzalloc(sizeof(*cl), GFP_KERNEL);
	fc = kzalloc(sizeof(*fc), GFP_KERNEL);
	fq = kzalloc(sizeof(*fq), GFP_KERNEL);
	wl = kzalloc(sizeof(*wl), GFP_KERNEL);
	ws = wakeup_source_register(NULL, "bench-ws");
	if (!sb || !tmp || !pl || !cl || !fc || !fq || !wl || !ws) {
		out("out of memory\n");
		goto free;
	}
	suspend_block_add_request(sb, "bench-sb");
	power_level_add_request(pl, "bench-pl", PM_QOS_POWER_LEVEL_ANY);
	cpu_latency_qos_add_request(cl, PM_QOS_DEFAULT_VALUE);
	freq_constraints_init(fc);
	freq_qos_add_request(fc, fq, FREQ_QOS_MIN, FREQ_QOS_MIN_DEFAULT_VALUE);
	wake_lock_init(wl, WAKE_LOCK_SUSPEND, "bench-wake-lock");

	out("%-44s %12s %12s %12s  %s\n", "ns per operation pair", "median",
	    "min", "max", "ratio");
	row("floor: empty loop", loop_empty, NULL, NULL, NULL);
	row("floor: atomic_inc + atomic_dec", loop_atomic, &bench_atomic,
	    NULL, NULL);
	row("floor: this_cpu_inc + this_cpu_dec", loop_this_cpu, NULL, NULL,
	    NULL);
	row("floor: two local_clock() reads", loop_clock, &bench_sink, NULL,
	    NULL);
	row("floor: two local_irq_save + restore", loop_irqsave, NULL, NULL,
	    NULL);
	row("floor: two atomic_long_cmpxchg", loop_cmpxchg, &bench_cmpxchg,
	    NULL, NULL);
	ws_ref = res(row("mainline: __pm_stay_awake + __pm_relax",
			 loop_ws_pair, ws, NULL, NULL));
	md->ws = ws_ref.median_ps;
	row("mainline: __pm_wakeup_event(1 s) + __pm_relax",
	    loop_ws_event_pair, ws, &ws_ref, "ws pair");
	/* Without cpuidle (UML) the cpu_latency_qos calls are empty stubs. */
	if (cpu_latency_qos_request_active(cl)) {
		cl_ref = res(row("mainline: cpu_latency_qos pair (10 us)",
				 loop_cpu_latency_pair, cl, NULL, NULL));
		md->cpu_latency = cl_ref.median_ps;
	} else {
		out("%-44s %12s\n", "mainline: cpu_latency_qos update pair",
		    "n/a (no cpuidle)");
	}
	fq_ref = res(row("mainline: freq_qos update pair", loop_freq_pair,
			 fq, md->cpu_latency ? &cl_ref : NULL,
			 "cpu_latency pair"));
	sb_ref = res(row("ours: suspend-block activate + deactivate",
			 loop_sb_pair, sb, &ws_ref, "ws pair"));
	md->sb = sb_ref.median_ps;
	row("ours: same, built without tracepoints", loop_sb_untraced_pair,
	    sb, &sb_ref, "sb pair");
	if (!only || strstr("tracepoint cost", only)) {
		struct sb_variant traced = { sb, suspend_block_activate,
					     suspend_block_deactivate };
		struct sb_variant untraced = { sb,
					       suspend_block_activate_untraced,
					       suspend_block_deactivate_untraced };

		md->trace_off = bench_ratio(loop_sb_variant, &traced,
					    loop_sb_variant, &untraced);
	}
#ifdef CONFIG_EVENT_TRACING
	if (!trace_set_clr_event("suspend_qos", NULL, 1)) {
		md->sb_trace = row("ours: same, suspend_qos events enabled",
				   loop_sb_pair, sb, &sb_ref, "sb pair");
		trace_set_clr_event("suspend_qos", NULL, 0);
	}
#endif
	row("ours: activate_timeout(1 s) + deactivate", loop_sb_timeout_pair,
	    sb, &ws_ref, "ws pair");
	/*
	 * Level 1 and 10 us both allow every state of the benchmark machines
	 * (QEMU's ACPI C1 and polling): no idle CPU has to leave its state.
	 * Level 0 forbids C1, so the idle CPUs in it must be woken.
	 */
	md->pl = row("ours: power-level update pair (level 1)", loop_pl_pair,
		     pl, md->cpu_latency ? &cl_ref : &fq_ref,
		     md->cpu_latency ? "cpu_latency pair" : "freq_qos pair");
	row("ours: power-level pair, level 0 (wakes C1)", loop_pl0_pair, pl,
	    md->cpu_latency ? &cl_ref : &fq_ref,
	    md->cpu_latency ? "cpu_latency pair" : "freq_qos pair");
	row("ours: wake_lock + wake_unlock (compat)", loop_wake_lock_pair, wl,
	    &sb_ref, "sb pair");
	row("ours: suspend-block add + remove", loop_sb_add_remove, tmp,
	    &sb_ref, "sb pair");

	wake_lock_destroy(wl);
	freq_qos_remove_request(fq);
	cpu_latency_qos_remove_request(cl);
	power_level_remove_request(pl);
	suspend_block_remove_request(sb);
free:
	if (ws)
		wakeup_source_unregister(ws);
	kfree(wl);
	kfree(fq);
	kfree(fc);
	kfree(cl);
	kfree(pl);
	kfree(tmp);
	kfree(sb);
}

/*
 * Scaling: the pair on one request with N other requests registered (and
 * some of them active), against 2009's model with N requirements.
 */
static void bench_scaling(struct bench_medians *md)
{
	static const unsigned int regs[] = { 1, 100, 10000, 100000 };
	static const unsigned int acts[] = { 1, 100, 10000 };
	struct suspend_block_request *many, *sb;
	struct model2009 *m;
	unsigned int i, j, k, n;
	char name[64];
	u64 cost;

	many = vzalloc(array_size(100000, sizeof(*many)));
	sb = kzalloc(sizeof(*sb), GFP_KERNEL);
	if (!many || !sb) {
		out("scaling: out of memory\n");
		goto free;
	}
	suspend_block_add_request(sb, "bench-scale");
	out("scaling: pair cost against registered (active) requests\n");
	n = 0;
	for (i = 0; i < ARRAY_SIZE(regs); i++) {
		for (; n < regs[i] - 1; n++)
			suspend_block_add_request(&many[n], "bench-other");
		for (j = 0; j < ARRAY_SIZE(acts); j++) {
			if (acts[j] > regs[i])
				continue;
			/* acts[j] active in all, "sb" among them */
			for (k = 0; k + 1 < acts[j]; k++)
				suspend_block_activate(&many[k]);
			snprintf(name, sizeof(name),
				 "ours: %u registered, %u active", regs[i],
				 acts[j]);
			cost = row(name, loop_sb_pair, sb, NULL, NULL);
			out("csv,scaling,%u,ours-%u-active,%llu\n", regs[i],
			    acts[j], cost);
			if (i == 0 && j == 0)
				md->flat1 = cost;
			if (regs[i] == 100000 && acts[j] == 10000)
				md->flat_big = cost;
			for (k = 0; k + 1 < acts[j]; k++)
				suspend_block_deactivate(&many[k]);
		}
	}
	for (k = 0; k < n; k++)
		suspend_block_remove_request(&many[k]);
	suspend_block_remove_request(sb);

	for (i = 0; i < ARRAY_SIZE(regs); i++) {
		m = model2009_create(regs[i]);
		if (!m)
			break;
		snprintf(name, sizeof(name), "2009 model: update pair, %u reqs",
			 regs[i]);
		cost = row(name, loop_model2009, m, NULL, NULL);
		out("csv,scaling,%u,2009-model,%llu\n", regs[i], cost);
		model2009_destroy(m);
	}
	out("csv,scaling,1,mainline-ws,%llu\n", md->ws);
	out("csv,scaling,100000,mainline-ws,%llu\n", md->ws);
free:
	kfree(sb);
	vfree(many);
}

/* SMP: kthreads hammering their own or one shared request for a while. */
struct smp_arg {
	bench_loop_t loop;
	void *ctx;
	struct completion *go;
	atomic_t *ready;
	u64 ops;
	bool stop;
};

#define SMP_WINDOW_MS	200
#define SMP_MAX_CPUS	8	/* the benchmark machines have 1 or 2 */
#define SMP_CHUNK	256

static int smp_thread(void *data)
{
	struct smp_arg *a = data;

	atomic_inc(a->ready);
	wait_for_completion(a->go);
	while (!READ_ONCE(a->stop)) {
		a->loop(SMP_CHUNK, a->ctx);
		a->ops += SMP_CHUNK;
		cond_resched();
	}
	while (!kthread_should_stop())
		schedule_timeout_uninterruptible(1);
	return 0;
}

/* Total pairs per second with @cpus threads; @ctxs[i] or @shared. */
static u64 smp_run(unsigned int cpus, bench_loop_t loop, void **ctxs)
{
	struct task_struct *t[SMP_MAX_CPUS];
	struct smp_arg a[SMP_MAX_CPUS];
	DECLARE_COMPLETION_ONSTACK(go);
	atomic_t ready = ATOMIC_INIT(0);
	unsigned int i, cpu = 0, made = 0;
	u64 total = 0;

	for_each_online_cpu(cpu) {
		if (made == cpus)
			break;
		a[made] = (struct smp_arg){ .loop = loop, .ctx = ctxs[made],
					    .go = &go, .ready = &ready };
		t[made] = kthread_create_on_cpu(smp_thread, &a[made], cpu,
						"bench/%u");
		if (IS_ERR(t[made]))
			break;
		wake_up_process(t[made]);
		made++;
	}
	while (atomic_read(&ready) < made)
		schedule_timeout_uninterruptible(1);
	complete_all(&go);
	msleep(SMP_WINDOW_MS);
	for (i = 0; i < made; i++)
		WRITE_ONCE(a[i].stop, true);
	for (i = 0; i < made; i++) {
		kthread_stop(t[i]);
		total += a[i].ops;
	}
	return div64_u64(total * MSEC_PER_SEC, SMP_WINDOW_MS);
}

static void bench_smp(void)
{
	unsigned int n = num_online_cpus(), c, i;
	struct suspend_block_request *sb;
	struct wakeup_source *ws[SMP_MAX_CPUS] = { NULL };
	void *own[SMP_MAX_CPUS], *shared[SMP_MAX_CPUS];

	n = min_t(unsigned int, n, SMP_MAX_CPUS);
	sb = kcalloc(n, sizeof(*sb), GFP_KERNEL);
	if (!sb)
		return;
	for (i = 0; i < n; i++) {
		suspend_block_add_request(&sb[i], "bench-smp");
		ws[i] = wakeup_source_register(NULL, "bench-smp");
	}
	out("smp: pairs per second (own request per CPU / one shared)\n");
	for (c = 1; c <= n; c++) {
		for (i = 0; i < c; i++) {
			own[i] = &sb[i];
			shared[i] = &sb[0];
		}
		out("smp: %u CPU(s) ours: own %llu/s, shared %llu/s\n", c,
		    smp_run(c, loop_sb_pair, own),
		    smp_run(c, loop_sb_pair, shared));
		for (i = 0; i < c; i++) {
			own[i] = ws[i];
			shared[i] = ws[0];
		}
		out("smp: %u CPU(s) mainline ws: own %llu/s, shared %llu/s\n",
		    c, smp_run(c, loop_ws_pair, own),
		    smp_run(c, loop_ws_pair, shared));
	}
	for (i = 0; i < n; i++) {
		suspend_block_remove_request(&sb[i]);
		wakeup_source_unregister(ws[i]);
	}
	kfree(sb);
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
		out("cpuidle: no driver\n");
		return;
	}
	for (i = 0; i < drv->state_count; i++)
		len += scnprintf(line + len, sizeof(line) - len, " %d:%s(%u us)",
				 i, drv->states[i].name,
				 drv->states[i].exit_latency);
	out("cpuidle states:%s\n", line);
#endif
}

static void bench_run(void)
{
	struct bench_medians md = { 0 };
	bool uml = IS_ENABLED(CONFIG_UML);

	bench_len = 0;
	out("pm_qos benchmark: %s, %u CPU(s), HZ=%d, median of %d repetitions\n",
	    uml ? "UML" : "x86_64", num_online_cpus(), HZ, REPS);
	bench_print_idle_states();
	/* Before the pairs add the benchmark's own power-level request. */
	md.idle_unused = bench_idle_hooks(false);
	bench_floors_and_pairs(&md);
	md.idle_used = bench_idle_hooks(true);
	if (only) {
		out("done (only rows matching \"%s\")\n", only);
		return;
	}
	bench_scaling(&md);
	bench_smp();
	goal(uml ? "suspend-block pair / wakeup-source pair (UML)" :
		   "suspend-block pair / wakeup-source pair (QEMU)",
	     permille(md.sb, md.ws), uml ? 250 : 500);
	goal("flat: 100,000 registered / 10,000 active vs 1",
	     permille(md.flat_big, md.flat1), 1100);
	if (md.cpu_latency)
		goal("power-level pair / cpu_latency_qos pair",
		     permille(md.pl, md.cpu_latency), 100);
	else
		out("%s: %-52s n/a (no cpuidle)\n", "goal",
		    "power-level pair / cpu_latency_qos pair");
	goal("tracepoints compiled in, disabled / none (same kernel)",
	     md.trace_off, 1020);
	if (md.idle_unused)
		goal("idle entry, power-level class unused / mainline",
		     md.idle_unused, 1010);
	else
		out("%s: %-52s n/a (%s)\n", "goal",
		    "idle entry, power-level class unused / mainline",
		    IS_ENABLED(CONFIG_CPU_IDLE) ? "class used before the run" :
						  "no cpuidle");
	if (md.idle_used)
		out("%s %llu.%03llux %s\n", "idle entry, class in use:",
		    md.idle_used / 1000, md.idle_used % 1000,
		    "mainline's (a barrier and a store)");
	if (md.sb_trace)
		out("%s %llu.%03llux %s\n", "tracepoints enabled:",
		    permille(md.sb_trace, md.sb) / 1000,
		    permille(md.sb_trace, md.sb) % 1000, "the pair");
	out("csv,pair,sb,%llu\ncsv,pair,ws,%llu\ncsv,pair,pl,%llu\ncsv,pair,cpu_latency,%llu\n",
	    md.sb, md.ws, md.pl, md.cpu_latency);
	out("done\n");
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
	seq_write(m, bench_out, bench_len);
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
	bench_out = kzalloc(BENCH_OUT_SIZE, GFP_KERNEL);
	if (!bench_out)
		return -ENOMEM;
	debugfs_create_file("pm_qos_bench", 0600, NULL, NULL, &bench_fops);
	if (autorun) {
		mutex_lock(&bench_lock);
		bench_run();
		mutex_unlock(&bench_lock);
		kernel_power_off();
	}
	return 0;
}
late_initcall_sync(pm_qos_bench_init);
