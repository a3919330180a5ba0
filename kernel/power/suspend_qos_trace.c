// SPDX-License-Identifier: GPL-2.0
/*
 * The suspend_qos tracepoints (include/trace/events/suspend_qos.h),
 * instantiated once for the pm_qos classes and early suspend.
 *
 * Also the suspend-block hot path's word of rare conditions, here because
 * registering that path's events sets one of its bits (and this file is
 * built whenever either class is).
 */

#include <linux/atomic.h>
#include <linux/bitops.h>

#include "qos_suspend_block.h"

#define CREATE_TRACE_POINTS
#include <trace/events/suspend_qos.h>

unsigned long suspend_block_rare;

/* Probes on sb_activate, sb_deactivate, sb_expire and sb_aggregate. */
static atomic_t sb_trace_probes = ATOMIC_INIT(0);

int suspend_block_trace_reg(void)
{
	if (atomic_inc_return(&sb_trace_probes) == 1)
		set_bit(SB_RARE_TRACING, &suspend_block_rare);
	return 0;
}

void suspend_block_trace_unreg(void)
{
	if (atomic_dec_and_test(&sb_trace_probes))
		clear_bit(SB_RARE_TRACING, &suspend_block_rare);
}
