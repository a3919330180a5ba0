/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pm_qos benchmark internals: the timing harness and the model of 2009's
 * pm_qos used as a reference.
 */
#ifndef _KERNEL_POWER_BENCH_H
#define _KERNEL_POWER_BENCH_H

#include <linux/types.h>

/* A loop of @n operation pairs over @ctx; returns nothing useful. */
typedef void (*bench_loop_t)(u64 n, void *ctx);

struct bench_result {
	u64 median_ps, min_ps, max_ps;	/* per pair, picoseconds */
};

void bench_measure(bench_loop_t loop, void *ctx, struct bench_result *r);

/* 2009's pm_qos: named requirements in a list, linear aggregate. */
struct model2009;
struct model2009 *model2009_create(unsigned int n);
void model2009_destroy(struct model2009 *m);
/* One update pair (set, then restore) of the middle requirement. */
void model2009_update_pair(struct model2009 *m);

#endif /* _KERNEL_POWER_BENCH_H */
