/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of early suspend shared with its KUnit suite and test hooks.
 */
#ifndef _KERNEL_POWER_EARLYSUSPEND_INTERNAL_H
#define _KERNEL_POWER_EARLYSUSPEND_INTERNAL_H

#include <linux/errno.h>
#include <linux/suspend.h>
#include <linux/types.h>

#if IS_ENABLED(CONFIG_PM_EARLYSUSPEND_KUNIT_TEST)
/*
 * What hands a sleep state (or PM_SUSPEND_ON) to autosleep,
 * pm_autosleep_set_state(), and what reads autosleep's state,
 * pm_autosleep_state(): with the KUnit suite built in, the suite puts a
 * recorder in their place.  Without it, early suspend calls autosleep
 * directly and these do not exist.
 */
extern int (*early_suspend_autosleep_fn)(suspend_state_t state);
extern suspend_state_t (*early_suspend_autosleep_state_fn)(void);
#define early_suspend_set_autosleep(state) early_suspend_autosleep_fn(state)
#define early_suspend_autosleep_state() early_suspend_autosleep_state_fn()

/* Wait until the last request has been applied; not from a hook. */
void early_suspend_flush(void);
/* Whether the early-suspend pass is in effect (until late resume). */
bool early_suspend_in_effect(void);
/* Hooks slower than this (ms) are reported once each. */
extern unsigned int early_suspend_slow_ms;
#else
#define early_suspend_set_autosleep(state) es_autosleep_set_state(state)
#define early_suspend_autosleep_state() pm_autosleep_state()
#endif

/*
 * The passes of a suspend that finds no sleep state requested (user
 * space's suspend loop), called by the suspend's first and last PM
 * notifiers (qos_suspend_attempt.c).
 */
#ifdef CONFIG_PM_EARLYSUSPEND
void early_suspend_before_suspend(void);
void early_suspend_after_suspend(void);
#else
static inline void early_suspend_before_suspend(void) {}
static inline void early_suspend_after_suspend(void) {}
#endif

void early_suspend_use_main_lock(bool use);
int early_suspend_parse_state(const char *buf, bool with_disk,
			      suspend_state_t *state);

/*
 * Android's meaning of /sys/power/state (earlysuspend_legacy.c), which
 * state_store() tries first (-ENOIOCTLCMD: the ordinary meaning applies),
 * and its group access to /sys/power/wake_lock, which pm_wake_lock() and
 * pm_wake_unlock() accept in place of CAP_BLOCK_SUSPEND.
 */
#ifdef CONFIG_PM_EARLYSUSPEND_LEGACY_STATE
ssize_t early_suspend_legacy_state_store(const char *buf, size_t n);
bool early_suspend_legacy_group_access(void);
#else
static inline ssize_t
early_suspend_legacy_state_store(const char *buf, size_t n)
{
	return -ENOIOCTLCMD;
}

static inline bool early_suspend_legacy_group_access(void)
{
	return false;
}
#endif

#endif /* _KERNEL_POWER_EARLYSUSPEND_INTERNAL_H */
