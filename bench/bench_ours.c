// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark's run on this kernel: the pm_qos classes against the
 * hardware floor, mainline 6.1's wakeup sources and pm_qos, and a model of
 * 2009's pm_qos, in one kernel and one run; then scaling and SMP rows and
 * the goals.  The harness: bench_harness.c.
 */

#define pr_fmt(fmt) "bench: " fmt

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/cpuidle.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/pm_qos.h>
#include <linux/pm_wakeup.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/vmalloc.h>
#include <linux/wakelock.h>

#include "bench.h"
#include "../qos_debugfs.h"
#include "../qos_suspend_block.h"

BENCH_LOOP(loop_sb_pair, struct suspend_block_request,
	   suspend_block_activate(ctx); suspend_block_deactivate(ctx))
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

/* Medians (ps per pair) and ratios (permille) the goals are judged on. */
struct bench_medians {
	struct bench_mainline ml;
	u64 sb, sb_trace, pl, flat1, flat_big;
	u64 idle_unused, idle_used;
};

static void bench_pairs(struct bench_medians *md)
{
	struct suspend_block_request *sb, *tmp;
	struct power_level_request *pl;
	struct wake_lock *wl;
	struct bench_result ws_ref, pl_ref, sb_ref;
	const char *pl_ref_name;

	sb = kzalloc(sizeof(*sb), GFP_KERNEL);
	tmp = kzalloc(sizeof(*tmp), GFP_KERNEL);
	pl = kzalloc(sizeof(*pl), GFP_KERNEL);
	wl = kzalloc(sizeof(*wl), GFP_KERNEL);
	if (!sb || !tmp || !pl || !wl) {
		bench_out("out of memory\n");
		goto free;
	}
	suspend_block_add_request(sb, "bench-sb");
	power_level_add_request(pl, "bench-pl", PM_QOS_POWER_LEVEL_ANY);
	wake_lock_init(wl, WAKE_LOCK_SUSPEND, "bench-wake-lock");

	bench_floors();
	bench_mainline_rows(&md->ml);
	ws_ref = bench_res(md->ml.ws);
	/* Without cpuidle (UML) freq_qos is the pm_qos reference. */
	pl_ref = bench_res(md->ml.cpu_latency ?: md->ml.freq);
	pl_ref_name = md->ml.cpu_latency ? "cpu_latency pair" : "freq_qos pair";
	sb_ref = bench_res(bench_row("ours: suspend-block activate + deactivate",
				     loop_sb_pair, sb, &ws_ref, "ws pair"));
	md->sb = sb_ref.median_ps;
#ifdef CONFIG_EVENT_TRACING
	if (!trace_set_clr_event("suspend_qos", NULL, 1)) {
		md->sb_trace = bench_row("ours: same, suspend_qos events enabled",
					 loop_sb_pair, sb, &sb_ref, "sb pair");
		trace_set_clr_event("suspend_qos", NULL, 0);
	}
#endif
	bench_row("ours: activate_timeout(1 s) + deactivate",
		  loop_sb_timeout_pair, sb, &ws_ref, "ws pair");
	/*
	 * Level 1 and 10 us both allow every state of the benchmark machines
	 * (QEMU's ACPI C1 and polling): no idle CPU has to leave its state.
	 * Level 0 forbids C1, so the idle CPUs in it must be woken.
	 */
	md->pl = bench_row("ours: power-level update pair (level 1)",
			   loop_pl_pair, pl, &pl_ref, pl_ref_name);
	bench_row("ours: power-level pair, level 0 (wakes C1)", loop_pl0_pair,
		  pl, &pl_ref, pl_ref_name);
	bench_row("ours: wake_lock + wake_unlock (compat)", loop_wake_lock_pair,
		  wl, &sb_ref, "sb pair");
	bench_row("ours: suspend-block add + remove", loop_sb_add_remove, tmp,
		  &sb_ref, "sb pair");

	wake_lock_destroy(wl);
	power_level_remove_request(pl);
	suspend_block_remove_request(sb);
free:
	kfree(wl);
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
		bench_out("scaling: out of memory\n");
		goto free;
	}
	suspend_block_add_request(sb, "bench-scale");
	bench_out("scaling: pair cost against registered (active) requests\n");
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
			cost = bench_row(name, loop_sb_pair, sb, NULL, NULL);
			bench_out("csv,scaling,%u,ours-%u-active,%llu\n",
				  regs[i], acts[j], cost);
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
		cost = bench_row(name, loop_model2009, m, NULL, NULL);
		bench_out("csv,scaling,%u,2009-model,%llu\n", regs[i], cost);
		model2009_destroy(m);
	}
	bench_out("csv,scaling,1,mainline-ws,%llu\n", md->ml.ws);
	bench_out("csv,scaling,100000,mainline-ws,%llu\n", md->ml.ws);
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
	bench_out("smp: pairs per second (own request per CPU / one shared)\n");
	for (c = 1; c <= n; c++) {
		for (i = 0; i < c; i++) {
			own[i] = &sb[i];
			shared[i] = &sb[0];
		}
		bench_out("smp: %u CPU(s) ours: own %llu/s, shared %llu/s\n",
			  c, smp_run(c, loop_sb_pair, own),
			  smp_run(c, loop_sb_pair, shared));
		for (i = 0; i < c; i++) {
			own[i] = ws[i];
			shared[i] = ws[0];
		}
		bench_out("smp: %u CPU(s) mainline ws: own %llu/s, shared %llu/s\n",
			  c, smp_run(c, bench_loop_ws_pair, own),
			  smp_run(c, bench_loop_ws_pair, shared));
	}
	for (i = 0; i < n; i++) {
		suspend_block_remove_request(&sb[i]);
		wakeup_source_unregister(ws[i]);
	}
	kfree(sb);
}

struct dentry *bench_debugfs_dir(void)
{
	return pm_qos_debugfs_dir();
}

void bench_run(void)
{
	struct bench_medians md = { 0 };
	bool uml = IS_ENABLED(CONFIG_UML);

	bench_header("this kernel");
	/* Before the pairs add the benchmark's own power-level request. */
	md.idle_unused = bench_idle_hooks(false);
	bench_pairs(&md);
	md.idle_used = bench_idle_hooks(true);
	if (bench_only) {
		bench_out("done (only rows matching \"%s\")\n", bench_only);
		return;
	}
	bench_scaling(&md);
	bench_smp();
	bench_goal(uml ? "suspend-block pair / wakeup-source pair (UML)" :
			 "suspend-block pair / wakeup-source pair (QEMU)",
		   bench_permille(md.sb, md.ml.ws), uml ? 250 : 500);
	bench_goal("flat: 100,000 registered / 10,000 active vs 1",
		   bench_permille(md.flat_big, md.flat1), 1100);
	if (md.ml.cpu_latency)
		bench_goal("power-level pair / cpu_latency_qos pair",
			   bench_permille(md.pl, md.ml.cpu_latency), 100);
	else
		bench_out("%s: %-52s n/a (no cpuidle)\n", "goal",
			  "power-level pair / cpu_latency_qos pair");
	if (md.idle_unused)
		bench_goal("idle entry, power-level class unused / mainline",
			   md.idle_unused, 1010);
	else
		bench_out("%s: %-52s n/a (%s)\n", "goal",
			  "idle entry, power-level class unused / mainline",
			  IS_ENABLED(CONFIG_CPU_IDLE) ?
			  "class used before the run" : "no cpuidle");
	if (md.idle_used)
		bench_out("%s %llu.%03llux %s\n", "idle entry, class in use:",
			  md.idle_used / 1000, md.idle_used % 1000,
			  "mainline's (a barrier and a store)");
	if (md.sb_trace)
		bench_out("%s %llu.%03llux %s\n", "tracepoints enabled:",
			  bench_permille(md.sb_trace, md.sb) / 1000,
			  bench_permille(md.sb_trace, md.sb) % 1000, "the pair");
	/* One line a call: a log line carries the "bench: " prefix. */
	bench_out("csv,pair,sb,%llu\n", md.sb);
	bench_out("csv,pair,ws,%llu\n", md.ml.ws);
	bench_out("csv,pair,pl,%llu\n", md.pl);
	bench_out("csv,pair,cpu_latency,%llu\n", md.ml.cpu_latency);
	bench_out("done\n");
}
