/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why the last suspend attempt ended, as /sys/kernel/wakeup_reasons shows
 * it: the interface vendor modules of Android kernels call (the Android
 * Common Kernel's names and signatures), on this kernel's own record of
 * suspend attempts (kernel/power/wakeup_reasons.c).
 *
 * Between the start of a suspend attempt and its end, the first abort or
 * abnormal-wake reason logged is the attempt's reason; interrupts logged
 * before either are its wake-up interrupts.  Outside an attempt, and
 * after a reason, calls are ignored.
 */
#ifndef _LINUX_WAKEUP_REASON_H
#define _LINUX_WAKEUP_REASON_H

#include <linux/compiler_attributes.h>
#include <linux/types.h>

/* The longest reason kept, terminating NUL included. */
#define MAX_SUSPEND_ABORT_LEN	256

#ifdef CONFIG_PM_QOS_SUSPEND_BLOCK
void log_irq_wakeup_reason(int irq);
void log_threaded_irq_wakeup_reason(int irq, int parent_irq);
__printf(1, 2) void log_suspend_abort_reason(const char *fmt, ...);
__printf(1, 2) void log_abnormal_wakeup_reason(const char *fmt, ...);
void clear_wakeup_reasons(void);
void pm_get_active_wakeup_sources(char *pending_wakeup_source, size_t max);
#else
static inline void log_irq_wakeup_reason(int irq) { }
static inline void log_threaded_irq_wakeup_reason(int irq, int parent_irq) { }
static inline __printf(1, 2) void log_suspend_abort_reason(const char *fmt, ...) { }
static inline __printf(1, 2) void log_abnormal_wakeup_reason(const char *fmt, ...) { }
static inline void clear_wakeup_reasons(void) { }
static inline void pm_get_active_wakeup_sources(char *pending_wakeup_source,
						size_t max)
{
	if (max)
		pending_wakeup_source[0] = '\0';
}
#endif

#endif /* _LINUX_WAKEUP_REASON_H */
