/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Why the last suspend attempt ended (wakeup_reasons.c), as recorded by
 * the suspend-attempt tracker (qos_suspend_attempt.c).
 */
#ifndef _KERNEL_POWER_WAKEUP_REASONS_H
#define _KERNEL_POWER_WAKEUP_REASONS_H

#include <linux/types.h>

void wakeup_reasons_begin(void);
void wakeup_reasons_abort_event(void);
void wakeup_reasons_abort_text(const char *text);
void wakeup_reasons_end(void);

/* The files' contents, for the KUnit suite. */
ssize_t wakeup_reasons_resume_reason(char *buf);
ssize_t wakeup_reasons_suspend_time(char *buf);

#endif /* _KERNEL_POWER_WAKEUP_REASONS_H */
