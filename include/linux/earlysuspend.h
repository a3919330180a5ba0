/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Android's early suspend, kept for drivers written against it.
 *
 * Before the system may autosleep, the "early suspend" pass calls each
 * registered handler's suspend hook, in ascending level (blank the screen,
 * stop drawing, turn the framebuffer off...); when user space asks for
 * "on" again, the "late resume" pass calls the resume hooks in descending
 * level.  Handlers of equal level run in registration order on suspend and
 * in the reverse order on resume.  Both passes are blocking notifier chains
 * whose priorities come from the levels.
 *
 * Passes run in process context, one at a time, from an ordered
 * workqueue; a handler may sleep, but must not register or unregister
 * handlers itself.
 */
#ifndef _LINUX_EARLYSUSPEND_H
#define _LINUX_EARLYSUSPEND_H

#include <linux/notifier.h>
#include <linux/suspend.h>
#include <linux/types.h>

/* Levels of the usual handlers; others go before, between or after. */
#define EARLY_SUSPEND_LEVEL_BLANK_SCREEN	50
#define EARLY_SUSPEND_LEVEL_STOP_DRAWING	100
#define EARLY_SUSPEND_LEVEL_DISABLE_FB		150

/* Levels outside this range are clamped into it (with a warning). */
#define EARLY_SUSPEND_LEVEL_MIN			(-32768)
#define EARLY_SUSPEND_LEVEL_MAX			32767

/**
 * struct early_suspend - an early-suspend handler
 * @level: position in the passes: suspend hooks run in ascending level,
 *	resume hooks in descending level
 * @suspend: called by the early-suspend pass; may be NULL
 * @resume: called by the late-resume pass, only after @suspend ran (or
 *	would have, were it NULL); may be NULL
 * @param: for the handler's owner; unused by the core
 * @suspend_nb: private: entry in the suspend chain
 * @resume_nb: private: entry in the resume chain
 * @suspended: private: the suspend hook ran and the resume hook has not
 * @warned: private: the handler was reported as slow once already
 * @last_suspend_ns: private: duration of the last suspend hook call
 * @last_resume_ns: private: duration of the last resume hook call
 */
struct early_suspend {
	int level;
	void (*suspend)(struct early_suspend *h);
	void (*resume)(struct early_suspend *h);
	void *param;
	struct notifier_block suspend_nb;
	struct notifier_block resume_nb;
	bool suspended;
	bool warned;
	u64 last_suspend_ns;
	u64 last_resume_ns;
};

#ifdef CONFIG_PM_EARLYSUSPEND

void register_early_suspend(struct early_suspend *handler);
void unregister_early_suspend(struct early_suspend *handler);
int request_suspend_state(suspend_state_t state);
suspend_state_t get_suspend_state(void);

#else /* !CONFIG_PM_EARLYSUSPEND */

static inline void register_early_suspend(struct early_suspend *handler) {}
static inline void unregister_early_suspend(struct early_suspend *handler) {}

static inline int request_suspend_state(suspend_state_t state)
{
	return -EOPNOTSUPP;
}

static inline suspend_state_t get_suspend_state(void)
{
	return PM_SUSPEND_ON;
}

#endif /* CONFIG_PM_EARLYSUSPEND */

#endif /* _LINUX_EARLYSUSPEND_H */
