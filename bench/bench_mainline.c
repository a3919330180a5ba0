// SPDX-License-Identifier: GPL-2.0
/*
 * The rows of mainline's API: wakeup sources, cpu_latency_qos, freq_qos
 * and the handlers of /sys/power/wake_lock and wake_unlock.  This file
 * builds unchanged into this kernel, where every wakeup source is backed
 * by a suspend-block request, and into unpatched 6.1, so that a row here
 * times the same code on both kernels.
 */

#define pr_fmt(fmt) "bench: " fmt

#include <linux/pm_qos.h>
#include <linux/pm_wakeup.h>
#include <linux/slab.h>

#include "../power.h"
#include "bench.h"

BENCH_LOOP(loop_ws_event_pair, struct wakeup_source,
	   __pm_wakeup_event(ctx, 1000); __pm_relax(ctx))
BENCH_LOOP(loop_cpu_latency_pair, struct pm_qos_request,
	   cpu_latency_qos_update_request(ctx, 10);
	   cpu_latency_qos_update_request(ctx, PM_QOS_DEFAULT_VALUE))
BENCH_LOOP(loop_freq_pair, struct freq_qos_request,
	   freq_qos_update_request(ctx, 1000);
	   freq_qos_update_request(ctx, FREQ_QOS_MIN_DEFAULT_VALUE))

#ifdef CONFIG_PM_WAKELOCKS
/*
 * What a write of "bench-uwl" to /sys/power/wake_lock, then to wake_unlock,
 * does past sysfs: the kernel's part of the user-space sysfs round trip,
 * timed here where perf can see it.
 */
static void loop_user_lock_pair(u64 n, void *data)
{
	const char *name = data;

	while (n--) {
		pm_wake_lock(name);
		pm_wake_unlock(name);
	}
}
#endif

/* Not static: the SMP rows run it from several CPUs. */
void bench_loop_ws_pair(u64 n, void *data)
{
	struct wakeup_source *ws = data;

	while (n--) {
		__pm_stay_awake(ws);
		__pm_relax(ws);
	}
}

/**
 * bench_mainline_freq_ratio - Compare a loop with the freq_qos update pair.
 * @a: Loop of the pair compared.
 * @actx: Its context.
 * @c: Filled with @a's cost relative to the freq_qos pair (bench_ratio());
 *	zeroes if out of memory.
 *
 * freq_qos is pm_qos's aggregation (a plist under a spinlock, a notifier
 * chain) with no CPU to wake: the anchor of the power-level class.
 */
void bench_mainline_freq_ratio(bench_loop_t a, void *actx, struct bench_cmp *c)
{
	struct freq_constraints *fc = kzalloc(sizeof(*fc), GFP_KERNEL);
	struct freq_qos_request *fq = kzalloc(sizeof(*fq), GFP_KERNEL);

	*c = (struct bench_cmp){ 0 };
	if (fc && fq) {
		freq_constraints_init(fc);
		freq_qos_add_request(fc, fq, FREQ_QOS_MIN,
				     FREQ_QOS_MIN_DEFAULT_VALUE);
		bench_ratio(a, actx, loop_freq_pair, fq, c);
		freq_qos_remove_request(fq);
	}
	kfree(fq);
	kfree(fc);
}

/**
 * bench_mainline_rows - Time mainline's API, print the rows and csv lines.
 * @m: Filled with the medians, in ps per pair (0: not measured).
 */
void bench_mainline_rows(struct bench_mainline *m)
{
	struct pm_qos_request *cl = kzalloc(sizeof(*cl), GFP_KERNEL);
	struct freq_constraints *fc = kzalloc(sizeof(*fc), GFP_KERNEL);
	struct freq_qos_request *fq = kzalloc(sizeof(*fq), GFP_KERNEL);
	struct wakeup_source *ws = wakeup_source_register(NULL, "bench-ws");
	struct bench_result ws_ref, cl_ref;

	*m = (struct bench_mainline){ 0 };
	if (!cl || !fc || !fq || !ws) {
		bench_out("mainline rows: out of memory\n");
		goto free;
	}
	cpu_latency_qos_add_request(cl, PM_QOS_DEFAULT_VALUE);
	freq_constraints_init(fc);
	freq_qos_add_request(fc, fq, FREQ_QOS_MIN, FREQ_QOS_MIN_DEFAULT_VALUE);

	m->ws = bench_row("mainline: __pm_stay_awake + __pm_relax",
			  bench_loop_ws_pair, ws, NULL, NULL);
	ws_ref = bench_res(m->ws);
	m->ws_event = bench_row("mainline: __pm_wakeup_event(1 s) + __pm_relax",
				loop_ws_event_pair, ws, &ws_ref, "ws pair");
	/* Without cpuidle (UML) the cpu_latency_qos calls are empty stubs. */
	if (cpu_latency_qos_request_active(cl)) {
		m->cpu_latency = bench_row("mainline: cpu_latency_qos pair (10 us)",
					   loop_cpu_latency_pair, cl, NULL,
					   NULL);
		cl_ref = bench_res(m->cpu_latency);
		bench_ipi_row("mainline: cpu_latency_qos pair (10 us)",
			      loop_cpu_latency_pair, cl);
	} else {
		bench_out("%-44s %12s\n", "mainline: cpu_latency_qos update pair",
			  "n/a (no cpuidle)");
	}
	m->freq = bench_row("mainline: freq_qos update pair", loop_freq_pair,
			    fq, m->cpu_latency ? &cl_ref : NULL,
			    "cpu_latency pair");
	bench_ipi_row("mainline: freq_qos update pair", loop_freq_pair, fq);
#ifdef CONFIG_PM_WAKELOCKS
	m->user_lock = bench_row("mainline: pm_wake_lock + pm_wake_unlock",
				 loop_user_lock_pair, (void *)"bench-uwl",
				 &ws_ref, "ws pair");
#endif
	/* One line a call: a log line carries the "bench: " prefix. */
	bench_out("csv,mainline,ws,%llu\n", m->ws);
	bench_out("csv,mainline,ws_event,%llu\n", m->ws_event);
	bench_out("csv,mainline,cpu_latency,%llu\n", m->cpu_latency);
	bench_out("csv,mainline,freq,%llu\n", m->freq);
	bench_out("csv,mainline,user_lock,%llu\n", m->user_lock);

	freq_qos_remove_request(fq);
	cpu_latency_qos_remove_request(cl);
free:
	if (ws)
		wakeup_source_unregister(ws);
	kfree(fq);
	kfree(fc);
	kfree(cl);
}
