// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/wakeup_reasons: how the last suspend attempt ended, in the
 * files and formats of the Android Common Kernel, which Android reads
 * after every cycle (BatteryStatsService in Android 5 to 11, SystemSuspend
 * from 12 on).
 *
 * last_resume_reason: a line "IRQ name" for the interrupt that woke the
 * system, where the PM core recorded one (pm_system_irq_wakeup(): an armed
 * wakeup interrupt during suspend-to-idle, or during the suspend of the
 * devices); and for an attempt that aborted on a wakeup event, a line
 * "Abort: Pending Wakeup Sources: NAME..." naming the requests active then,
 * or, if the event was over by the check, "Abort: Last active Wakeup
 * Source: NAME" naming the request that ended last, as ACK does.  Empty when
 * the kernel does not know (an S3 wake-up through the firmware).
 *
 * last_suspend_time: "S.NNNNNNNNN S.NNNNNNNNN": the time the attempt spent
 * suspending and resuming, then the time the system was asleep.  The first
 * is CLOCK_MONOTONIC's advance over the attempt, as it stops while the
 * system sleeps; the second is CLOCK_BOOTTIME's advance beyond it.
 */

#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/sysfs.h>
#include <linux/timekeeping.h>

#include "wakeup_reasons.h"

/* The last attempt, under wr_lock. */
static DEFINE_MUTEX(wr_lock);
static bool wr_attempt;			/* between begin and end */
static char wr_abort[320];		/* after "Abort: ", or empty */
static unsigned int wr_irq;		/* 0: none recorded */
static char wr_irq_name[32];
static ktime_t wr_mono, wr_boot;	/* at the start */
static ktime_t wr_busy, wr_asleep;	/* of the last complete attempt */

/**
 * wakeup_reasons_begin - A suspend attempt starts.
 *
 * Context: Process context; the suspending task, before the freezer.
 */
void wakeup_reasons_begin(void)
{
	mutex_lock(&wr_lock);
	wr_attempt = true;
	wr_abort[0] = '\0';
	wr_irq = 0;
	wr_irq_name[0] = '\0';
	wr_mono = ktime_get();
	wr_boot = ktime_get_boottime();
	mutex_unlock(&wr_lock);
}

/**
 * wakeup_reasons_abort - The attempt aborts on pending wakeup events.
 * @names: The active requests' names, separated by spaces.
 *
 * Outside an attempt (a restore from hibernation checks for wakeup events
 * too, with no suspend notifier around it) the report is dropped.
 *
 * Context: Process context.
 */
void wakeup_reasons_abort(const char *names)
{
	mutex_lock(&wr_lock);
	if (wr_attempt)
		snprintf(wr_abort, sizeof(wr_abort),
			 "Pending Wakeup Sources: %s", names);
	mutex_unlock(&wr_lock);
}

/**
 * wakeup_reasons_abort_last - The attempt aborts on an event that is over.
 * @name: The request whose active interval ended last.
 *
 * As wakeup_reasons_abort(), when nothing was active at the check: the
 * event that made it abort (a request that ended just before it) was
 * registered, and ACK names the source that was active last.
 *
 * Context: Process context.
 */
void wakeup_reasons_abort_last(const char *name)
{
	mutex_lock(&wr_lock);
	if (wr_attempt && name[0])
		snprintf(wr_abort, sizeof(wr_abort),
			 "Last active Wakeup Source: %s", name);
	mutex_unlock(&wr_lock);
}

/* The wake-up interrupt's number, and the name of its first handler. */
static void wr_record_irq(void)
{
	unsigned int irq = pm_wakeup_irq();
	struct irq_desc *desc;
	unsigned long flags;

	wr_irq = irq;
	wr_irq_name[0] = '\0';
	if (!irq)
		return;
	/* Descriptors are freed after a grace period. */
	rcu_read_lock();
	desc = irq_to_desc(irq);
	if (desc) {
		raw_spin_lock_irqsave(&desc->lock, flags);
		if (desc->action && desc->action->name)
			strscpy(wr_irq_name, desc->action->name,
				sizeof(wr_irq_name));
		raw_spin_unlock_irqrestore(&desc->lock, flags);
	}
	rcu_read_unlock();
}

/**
 * wakeup_reasons_end - The attempt is over (resumed, or aborted).
 *
 * Context: Process context; the suspending task, after the thaw.
 */
void wakeup_reasons_end(void)
{
	ktime_t mono = ktime_get(), boot = ktime_get_boottime();

	mutex_lock(&wr_lock);
	wr_attempt = false;
	wr_record_irq();
	wr_busy = ktime_sub(mono, wr_mono);
	wr_asleep = ktime_sub(ktime_sub(boot, wr_boot), wr_busy);
	if (ktime_before(wr_asleep, 0))
		wr_asleep = 0;
	mutex_unlock(&wr_lock);
}

/**
 * wakeup_reasons_resume_reason - last_resume_reason's contents.
 * @buf: A page.
 *
 * Context: Process context.
 * Return: The length written.
 */
ssize_t wakeup_reasons_resume_reason(char *buf)
{
	ssize_t len = 0;

	mutex_lock(&wr_lock);
	if (wr_irq && wr_irq_name[0])
		len += sysfs_emit_at(buf, len, "%u %s\n", wr_irq, wr_irq_name);
	else if (wr_irq)
		len += sysfs_emit_at(buf, len, "%u\n", wr_irq);
	if (wr_abort[0])
		len += sysfs_emit_at(buf, len, "Abort: %s\n", wr_abort);
	mutex_unlock(&wr_lock);
	return len;
}

/**
 * wakeup_reasons_suspend_time - last_suspend_time's contents.
 * @buf: A page.
 *
 * Context: Process context.
 * Return: The length written.
 */
ssize_t wakeup_reasons_suspend_time(char *buf)
{
	struct timespec64 busy, asleep;

	mutex_lock(&wr_lock);
	busy = ktime_to_timespec64(wr_busy);
	asleep = ktime_to_timespec64(wr_asleep);
	mutex_unlock(&wr_lock);
	return sysfs_emit(buf, "%lld.%09ld %lld.%09ld\n",
			  (s64)busy.tv_sec, busy.tv_nsec,
			  (s64)asleep.tv_sec, asleep.tv_nsec);
}

static ssize_t last_resume_reason_show(struct kobject *kobj,
				       struct kobj_attribute *attr, char *buf)
{
	return wakeup_reasons_resume_reason(buf);
}

static ssize_t last_suspend_time_show(struct kobject *kobj,
				      struct kobj_attribute *attr, char *buf)
{
	return wakeup_reasons_suspend_time(buf);
}

static struct kobj_attribute wr_resume_reason_attr =
	__ATTR_RO(last_resume_reason);
static struct kobj_attribute wr_suspend_time_attr =
	__ATTR_RO(last_suspend_time);

static struct attribute *wr_attrs[] = {
	&wr_resume_reason_attr.attr,
	&wr_suspend_time_attr.attr,
	NULL,
};

static const struct attribute_group wr_group = {
	.attrs = wr_attrs,
};

static int __init wakeup_reasons_init(void)
{
	struct kobject *kobj = kobject_create_and_add("wakeup_reasons",
						      kernel_kobj);

	if (!kobj)
		return -ENOMEM;
	return sysfs_create_group(kobj, &wr_group);
}
late_initcall(wakeup_reasons_init);
