/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pm_qos benchmark internals: the timing harness (bench_harness.c), the
 * rows of mainline's API that both kernels run (bench_mainline.c), and the
 * model of 2009's pm_qos used as a reference.
 */
#ifndef _KERNEL_POWER_BENCH_H
#define _KERNEL_POWER_BENCH_H

#include <linux/compiler.h>
#include <linux/types.h>

/* A loop of @n operation pairs over @ctx; returns nothing useful. */
typedef void (*bench_loop_t)(u64 n, void *ctx);

/* A loop function whose body is one pair: the pair itself is inlined. */
#define BENCH_LOOP(fn, type, body)				\
static void fn(u64 n, void *data)				\
{								\
	type *ctx = data;					\
								\
	while (n--) {						\
		body;						\
	}							\
}

struct bench_result {
	u64 median_ps, min_ps, max_ps;	/* per pair, picoseconds */
};

/* A paired ratio in thousandths: median and 95% confidence interval. */
struct bench_cmp {
	u64 med, lo, hi;
};

/* The "only" parameter: run only the rows whose name contains it. */
extern char *bench_only;
/* Under QEMU -icount: time is instructions, one CPU (bench_harness.c). */
extern bool bench_icount;

__printf(1, 2) void bench_out(const char *fmt, ...);
int bench_cmp_u64(const void *a, const void *b);
void bench_measure(bench_loop_t loop, void *ctx, struct bench_result *r);
void bench_ratio(bench_loop_t a, void *actx, bench_loop_t b, void *bctx,
		 struct bench_cmp *c);
void bench_ratio_states(bench_loop_t loop, void *ctx,
			void (*set)(void *arg, bool first), void *arg,
			struct bench_cmp *c);
u64 bench_row(const char *name, bench_loop_t loop, void *ctx,
	      const struct bench_result *ref, const char *ref_name);
struct bench_result bench_res(u64 median_ps);
u64 bench_permille(u64 a, u64 b);
void bench_goal(const char *what, const struct bench_cmp *c, u64 goal);
void bench_header(const char *kernel);
void bench_floors(void);
void bench_ipi_row(const char *name, bench_loop_t loop, void *ctx);

/* Medians (ps per pair) of mainline's API, on either kernel. */
struct bench_mainline {
	u64 ws, ws_event, cpu_latency, freq, user_lock;
};

void bench_mainline_rows(struct bench_mainline *m);
void bench_mainline_freq_ratio(bench_loop_t a, void *actx, struct bench_cmp *c);
void bench_loop_ws_pair(u64 n, void *ctx);

/* The run: bench_ours.c on this kernel, bench_unpatched.c on 6.1. */
void bench_run(void);
/* Where the debugfs file goes: pm_qos/, the classes' directory. */
struct dentry *bench_debugfs_dir(void);

/* 2009's pm_qos: named requirements in a list, linear aggregate. */
struct model2009;
struct model2009 *model2009_create(unsigned int n);
void model2009_destroy(struct model2009 *m);
/* One update pair (set, then restore) of the middle requirement. */
void model2009_update_pair(struct model2009 *m);

#endif /* _KERNEL_POWER_BENCH_H */
