// SPDX-License-Identifier: GPL-2.0
/*
 * The suspend_qos tracepoints (include/trace/events/suspend_qos.h),
 * instantiated once for the pm_qos classes and early suspend.
 */

#include <linux/types.h>

#define CREATE_TRACE_POINTS
#include <trace/events/suspend_qos.h>
