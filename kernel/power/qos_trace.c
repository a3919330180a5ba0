// SPDX-License-Identifier: GPL-2.0
/*
 * The suspend_qos tracepoints (include/trace/events/suspend_qos.h),
 * instantiated once for the pm_qos classes and early suspend.
 */

#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/suspend_qos.h>

#ifndef CONFIG_PM_QOS_SUSPEND_BLOCK
/*
 * The suspend-block class's hot-path events register through these
 * (qos_suspend_block.c); without the class they never fire.
 */
int suspend_block_trace_reg(void)
{
	return 0;
}

void suspend_block_trace_unreg(void)
{
}
#endif
