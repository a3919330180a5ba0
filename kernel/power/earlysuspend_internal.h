/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of early suspend shared with its KUnit suite and test hooks.
 */
#ifndef _KERNEL_POWER_EARLYSUSPEND_INTERNAL_H
#define _KERNEL_POWER_EARLYSUSPEND_INTERNAL_H

#include <linux/suspend.h>

/*
 * What hands a sleep state (or PM_SUSPEND_ON) to autosleep,
 * pm_autosleep_set_state(), and what reads autosleep's state,
 * pm_autosleep_state(); tests put a recorder in their place.
 */
extern int (*early_suspend_autosleep_fn)(suspend_state_t state);
extern suspend_state_t (*early_suspend_autosleep_state_fn)(void);

/* Hooks slower than this (ms) are reported once each. */
extern unsigned int early_suspend_slow_ms;

void early_suspend_flush(void);
bool early_suspend_in_effect(void);

#endif /* _KERNEL_POWER_EARLYSUSPEND_INTERNAL_H */
