// SPDX-License-Identifier: GPL-2.0
/*
 * The "fbearlysuspend" handshake: how a user-space compositor learns that
 * it must stop drawing before the screen goes off, and that it may draw
 * again once the screen is back.  SurfaceFlinger up to Android 4.1 relies
 * on it.
 *
 * Two read-only files in /sys/power, whose reads block:
 *
 *   wait_for_fb_sleep  returns "sleeping" once drawing is to stop;
 *   wait_for_fb_wake   acknowledges the stop, then returns "awake" once
 *			drawing may start again.
 *
 * The compositor loops: read wait_for_fb_sleep, stop drawing (release
 * the framebuffer), read wait_for_fb_wake, draw again.  Three states:
 *
 *   DRAWING   drawing allowed;
 *   STOPPING  the early-suspend hook asked user space to stop;
 *   STOPPED   user space acknowledged: it has stopped drawing.
 *
 * The early-suspend hook (level EARLY_SUSPEND_LEVEL_STOP_DRAWING, so
 * after the screen is blanked and before the framebuffer is turned off)
 * moves DRAWING to STOPPING, wakes the readers and waits for STOPPED: the
 * handlers after it may then take the framebuffer away.  The late-resume
 * hook moves any state back to DRAWING.
 *
 * The hook waits only when a compositor is there, that is when a reader
 * is blocked in wait_for_fb_sleep as the stop is asked for (the
 * compositor's drawing thread always is, between frames of its loop).
 * Android's waited whatever was there; a system with no such compositor
 * (mainline user space, the tests of the other handlers) would lose the
 * whole timeout on every pass for nothing.
 *
 * The wait is bounded (fb_earlysuspend.stop_timeout_ms): a user space
 * that never reads wait_for_fb_wake - none at all, or one stuck elsewhere -
 * must not hold up early suspend, and with it every later request and
 * autosleep, forever.  A timeout is reported and counted
 * (fb_earlysuspend.stop_timeouts), and the pass goes on.
 *
 * Each reader also counts the hook calls: a reader that was not scheduled
 * before the next hook moved the state on still returns (a sleep reader
 * after a suspend and resume in quick succession, a wake reader after a
 * resume followed at once by the next suspend).  Else the compositor would
 * sleep through a whole cycle, and the next suspend hook would wait for an
 * acknowledgment that cannot come.
 *
 * Locking: fbes_lock covers the state and the counts; fbes_wq is the one
 * wait queue of the hooks and the readers.  The hooks are called by the
 * early-suspend passes, one at a time.
 */

#define pr_fmt(fmt) "fb early suspend: " fmt

#include <linux/earlysuspend.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/kobject.h>
#include <linux/moduleparam.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>
#include <linux/wait.h>

#include "power.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "fb_earlysuspend."

static unsigned int fbes_stop_timeout_ms = 1000;
module_param_named(stop_timeout_ms, fbes_stop_timeout_ms, uint, 0644);
MODULE_PARM_DESC(stop_timeout_ms,
		 "Longest wait (ms) for user space to stop drawing; 0: none");

/* Written only by the suspend hook, which the passes serialise. */
static unsigned int fbes_stop_timeouts;
module_param_named(stop_timeouts, fbes_stop_timeouts, uint, 0444);
MODULE_PARM_DESC(stop_timeouts,
		 "Suspend passes that went on without user space's stop");

enum fbes_state {
	FBES_DRAWING,
	FBES_STOPPING,
	FBES_STOPPED,
};

static DEFINE_SPINLOCK(fbes_lock);
static DECLARE_WAIT_QUEUE_HEAD(fbes_wq);
static enum fbes_state fbes_state = FBES_DRAWING;
/* Calls of the suspend and of the resume hook, for the readers. */
static unsigned long fbes_sleeps, fbes_wakes;
/* Readers blocked in wait_for_fb_sleep: a compositor is there. */
static unsigned int fbes_sleep_readers;

static enum fbes_state fbes_get(void)
{
	enum fbes_state state;

	spin_lock(&fbes_lock);
	state = fbes_state;
	spin_unlock(&fbes_lock);
	return state;
}

/* Drawing is to stop, or stopped and started again since @sleeps. */
static bool fbes_asleep_since(unsigned long sleeps)
{
	bool ret;

	spin_lock(&fbes_lock);
	ret = fbes_state != FBES_DRAWING || fbes_sleeps != sleeps;
	spin_unlock(&fbes_lock);
	return ret;
}

/* Drawing may start, or it did since @wakes. */
static bool fbes_awake_since(unsigned long wakes)
{
	bool ret;

	spin_lock(&fbes_lock);
	ret = fbes_state == FBES_DRAWING || fbes_wakes != wakes;
	spin_unlock(&fbes_lock);
	return ret;
}

static void fbes_suspend(struct early_suspend *h)
{
	unsigned int ms = READ_ONCE(fbes_stop_timeout_ms);
	bool compositor;
	long left;

	spin_lock(&fbes_lock);
	fbes_state = FBES_STOPPING;
	fbes_sleeps++;
	compositor = fbes_sleep_readers;
	spin_unlock(&fbes_lock);
	wake_up_all(&fbes_wq);

	if (!ms || !compositor)
		return;
	/*
	 * One jiffy more: a timeout of n jiffies may end up to a jiffy
	 * early, and a compositor is promised at least the time set.
	 */
	left = wait_event_timeout(fbes_wq, fbes_get() == FBES_STOPPED,
				  msecs_to_jiffies(ms) + 1);
	if (!left) {
		WRITE_ONCE(fbes_stop_timeouts, fbes_stop_timeouts + 1);
		pr_warn("user space did not stop drawing in %u ms\n", ms);
	}
}

static void fbes_resume(struct early_suspend *h)
{
	spin_lock(&fbes_lock);
	fbes_state = FBES_DRAWING;
	fbes_wakes++;
	spin_unlock(&fbes_lock);
	wake_up_all(&fbes_wq);
}

static struct early_suspend fbes_handler = {
	.level = EARLY_SUSPEND_LEVEL_STOP_DRAWING,
	.suspend = fbes_suspend,
	.resume = fbes_resume,
};

/*
 * The reads block in show(), as Android's did: each read of the file
 * (at offset 0, once per open) waits anew.  A signal ends the wait with
 * -ERESTARTSYS, so the read restarts or the reader dies; the freezer's
 * fake signal is one, so readers do not keep a suspend from freezing.
 */
static ssize_t wait_for_fb_sleep_show(struct kobject *kobj,
				      struct kobj_attribute *attr, char *buf)
{
	unsigned long sleeps;
	int ret;

	spin_lock(&fbes_lock);
	sleeps = fbes_sleeps;
	fbes_sleep_readers++;
	spin_unlock(&fbes_lock);

	ret = wait_event_interruptible(fbes_wq, fbes_asleep_since(sleeps));

	spin_lock(&fbes_lock);
	fbes_sleep_readers--;
	spin_unlock(&fbes_lock);
	if (ret)
		return -ERESTARTSYS;
	return sysfs_emit(buf, "sleeping\n");
}

static ssize_t wait_for_fb_wake_show(struct kobject *kobj,
				     struct kobj_attribute *attr, char *buf)
{
	unsigned long wakes;
	bool acked = false;

	/* Reading this file says drawing has stopped: the acknowledgment. */
	spin_lock(&fbes_lock);
	if (fbes_state == FBES_STOPPING) {
		fbes_state = FBES_STOPPED;
		acked = true;
	}
	wakes = fbes_wakes;
	spin_unlock(&fbes_lock);
	if (acked)
		wake_up_all(&fbes_wq);

	if (wait_event_interruptible(fbes_wq, fbes_awake_since(wakes)))
		return -ERESTARTSYS;
	return sysfs_emit(buf, "awake\n");
}

static struct kobj_attribute wait_for_fb_sleep_attr =
	__ATTR_RO(wait_for_fb_sleep);
static struct kobj_attribute wait_for_fb_wake_attr =
	__ATTR_RO(wait_for_fb_wake);

static struct attribute *fbes_attrs[] = {
	&wait_for_fb_sleep_attr.attr,
	&wait_for_fb_wake_attr.attr,
	NULL,
};

static const struct attribute_group fbes_attr_group = {
	.attrs = fbes_attrs,
};

/*
 * After power_kobj exists (core) and early suspend is up (core, its
 * sysfs file late).  The hook is registered only with the files there:
 * without them nobody could acknowledge, and every pass would time out.
 */
static int __init fb_earlysuspend_init(void)
{
	int ret;

	ret = sysfs_create_group(power_kobj, &fbes_attr_group);
	if (ret) {
		pr_err("cannot create the sysfs files: %d\n", ret);
		return ret;
	}
	register_early_suspend(&fbes_handler);
	return 0;
}
late_initcall(fb_earlysuspend_init);
