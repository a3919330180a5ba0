// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/wakeup_reasons: how the last suspend attempt ended, in the
 * files and formats of the Android Common Kernel (ACK), which Android reads
 * after every cycle (BatteryStatsService in Android 5 to 11, SystemSuspend
 * and CpuWakeupStats from 12 on), and ACK's <linux/wakeup_reason.h> for the
 * vendor modules that log reasons of their own.
 *
 * last_resume_reason, empty during an attempt and when nothing is known (an
 * S3 wake-up through the firmware), else one of:
 * - an aborted attempt: one line "Abort: REASON", without a newline, as ACK
 *   prints it; REASON is the first one logged: the wakeup event that made
 *   the suspend abort ("Pending Wakeup Sources: NAME NAME " naming the
 *   requests active then, or "Last active Wakeup Source: NAME" if the event
 *   was over by the check), a device whose suspend failed or tasks that
 *   would not freeze (from the PM core), or a vendor module's;
 * - a wake-up by interrupts: a line "IRQ NAME" for each, ascending, NAME
 *   being its first handler's whole name ("(unnamed)" without one), and for
 *   a chained interrupt whose handler logged the one it demultiplexed
 *   (log_threaded_irq_wakeup_reason()), that leaf instead of its parent;
 * - an abnormal wake-up: one line "-1 REASON", without a newline.
 * The PM core's record of the wake-up interrupt (pm_wakeup_irq()) is taken
 * as logged when the attempt ends, or earlier when a chained handler or an
 * abort needs it.
 *
 * last_suspend_time: "S.NNNNNNNNN S.NNNNNNNNN": the time the attempt spent
 * suspending and resuming, then the time the system was asleep.  The first
 * is CLOCK_MONOTONIC's advance over the attempt, as it stops while the
 * system sleeps; the second is CLOCK_BOOTTIME's advance beyond it.
 *
 * Locking: what is logged during an attempt is under wr_log_lock, a raw
 * spinlock (calls come from any context, hard IRQ included, and take no
 * other lock inside it); what the files show is copied from it when the
 * attempt ends, under wr_lock.
 */

#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/kobject.h>
#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/sysfs.h>
#include <linux/timekeeping.h>
#include <linux/wakeup_reason.h>

#include "qos_suspend_block.h"
#include "wakeup_reasons.h"

/* Wake-up interrupts kept per attempt, leaves and parents each. */
#define WR_MAX_IRQS	16

enum wr_kind {
	WR_NONE,
	WR_IRQ,
	WR_ABORT,
	WR_ABNORMAL,
};

struct wr_irqs {
	unsigned int n;
	int irq[WR_MAX_IRQS];		/* leaves: ascending */
};

/* What the attempt in progress logged, under wr_log_lock. */
static DEFINE_RAW_SPINLOCK(wr_log_lock);
static bool wr_capture;			/* between begin and end */
static enum wr_kind wr_kind;
/*
 * An abort on a wakeup event, whose text (the requests' names) the
 * suspend attempt's report writes later, in process context: the kind is
 * taken at once, so that reasons the PM core logs after the event (the
 * freezer's, a device's -EBUSY) do not take its place.
 */
static bool wr_text_pending;
static char wr_text[MAX_SUSPEND_ABORT_LEN];
static struct wr_irqs wr_leaves, wr_parents;

/* What the files show: the last attempt, copied at its end, under wr_lock. */
static DEFINE_MUTEX(wr_lock);
static enum wr_kind wr_shown_kind;
static char wr_shown_text[MAX_SUSPEND_ABORT_LEN];
static struct wr_irqs wr_shown_irqs;
static char *wr_shown_name[WR_MAX_IRQS];	/* kstrdup()'d, or NULL */
static ktime_t wr_mono, wr_boot;	/* at the start */
static ktime_t wr_busy, wr_asleep;	/* of the last complete attempt */

static bool wr_has(const struct wr_irqs *l, int irq)
{
	unsigned int i;

	for (i = 0; i < l->n; i++)
		if (l->irq[i] == irq)
			return true;
	return false;
}

static void wr_del(struct wr_irqs *l, int irq)
{
	unsigned int i;

	for (i = 0; i < l->n; i++) {
		if (l->irq[i] != irq)
			continue;
		memmove(&l->irq[i], &l->irq[i + 1],
			(l->n - i - 1) * sizeof(l->irq[0]));
		l->n--;
		return;
	}
}

/* Insert @irq in ascending order, once; dropped when full. */
static void wr_add_sorted(struct wr_irqs *l, int irq)
{
	unsigned int i = 0;

	while (i < l->n && l->irq[i] < irq)
		i++;
	if ((i < l->n && l->irq[i] == irq) || l->n == WR_MAX_IRQS)
		return;
	memmove(&l->irq[i + 1], &l->irq[i], (l->n - i) * sizeof(l->irq[0]));
	l->irq[i] = irq;
	l->n++;
}

/* Whether interrupts may still be logged; wr_log_lock held. */
static bool wr_irqs_open(void)
{
	return wr_capture && (wr_kind == WR_NONE || wr_kind == WR_IRQ);
}

static void wr_log_irq_locked(int irq)
{
	if (!wr_irqs_open() || wr_has(&wr_parents, irq))
		return;
	wr_add_sorted(&wr_leaves, irq);
	wr_kind = WR_IRQ;
}

/* The PM core's wake-up interrupt, as if logged; wr_log_lock held. */
static void wr_take_pm_irq_locked(void)
{
	unsigned int irq = pm_wakeup_irq();

	if (irq && !wr_has(&wr_leaves, irq))
		wr_log_irq_locked(irq);
}

/**
 * log_irq_wakeup_reason - Log an interrupt that woke the system.
 * @irq: Its number.
 *
 * Context: Any context.
 */
void log_irq_wakeup_reason(int irq)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&wr_log_lock, flags);
	wr_log_irq_locked(irq);
	raw_spin_unlock_irqrestore(&wr_log_lock, flags);
}

/**
 * log_threaded_irq_wakeup_reason - Log the leaf of a chained wake-up.
 * @irq: The interrupt that @parent_irq's handler demultiplexed.
 * @parent_irq: The interrupt logged as a wake-up, a chained one.
 *
 * Once @parent_irq is logged (or recorded by the PM core) as a wake-up
 * interrupt, it is shown no more, @irq instead: a handler that runs
 * threaded after the resume names the device that really woke the system.
 * Ignored if @parent_irq was not a wake-up interrupt of this attempt.
 *
 * Context: Any context.
 */
void log_threaded_irq_wakeup_reason(int irq, int parent_irq)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&wr_log_lock, flags);
	wr_take_pm_irq_locked();
	if (!wr_irqs_open() || wr_has(&wr_leaves, irq))
		goto out;
	if (wr_has(&wr_leaves, parent_irq)) {
		wr_del(&wr_leaves, parent_irq);
		if (!wr_has(&wr_parents, parent_irq) &&
		    wr_parents.n < WR_MAX_IRQS)
			wr_parents.irq[wr_parents.n++] = parent_irq;
	} else if (!wr_has(&wr_parents, parent_irq)) {
		goto out;
	}
	wr_add_sorted(&wr_leaves, irq);
out:
	raw_spin_unlock_irqrestore(&wr_log_lock, flags);
}
EXPORT_SYMBOL_GPL(log_threaded_irq_wakeup_reason);

static void wr_log_reason(enum wr_kind kind, const char *fmt, va_list args)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&wr_log_lock, flags);
	/* An interrupt that woke the system first is the reason, as in ACK. */
	wr_take_pm_irq_locked();
	if (wr_capture && wr_kind == WR_NONE) {
		wr_kind = kind;
		vsnprintf(wr_text, sizeof(wr_text), fmt, args);
	}
	raw_spin_unlock_irqrestore(&wr_log_lock, flags);
}

/**
 * log_suspend_abort_reason - Log why the suspend attempt aborts.
 * @fmt: printf() format of the reason, then its arguments.
 *
 * The first reason logged during an attempt, before any wake-up interrupt
 * (the PM core's record included) or abnormal wake-up, is the one shown,
 * as "Abort: REASON"; later ones are ignored, as are calls outside an
 * attempt.
 *
 * Context: Any context.
 */
void log_suspend_abort_reason(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	wr_log_reason(WR_ABORT, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_GPL(log_suspend_abort_reason);

/**
 * log_abnormal_wakeup_reason - Log a wake-up that no interrupt explains.
 * @fmt: printf() format of the reason, then its arguments.
 *
 * As log_suspend_abort_reason(), shown as "-1 REASON" (a watchdog, a
 * firmware event with no interrupt, say).
 *
 * Context: Any context.
 */
void log_abnormal_wakeup_reason(const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	wr_log_reason(WR_ABNORMAL, fmt, args);
	va_end(args);
}
EXPORT_SYMBOL_GPL(log_abnormal_wakeup_reason);

/**
 * clear_wakeup_reasons - Forget what the attempt in progress logged.
 *
 * Interrupts and reasons are logged afresh from here on (the PM core calls
 * it when an attempt starts).
 *
 * Context: Any context.
 */
void clear_wakeup_reasons(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&wr_log_lock, flags);
	wr_kind = WR_NONE;
	wr_text_pending = false;
	wr_text[0] = '\0';
	wr_leaves.n = 0;
	wr_parents.n = 0;
	wr_capture = true;
	raw_spin_unlock_irqrestore(&wr_log_lock, flags);
}

/**
 * pm_get_active_wakeup_sources - Name what blocks suspend now.
 * @pending_wakeup_source: Where to write the text (NUL-terminated).
 * @max: Its size.
 *
 * "Pending Wakeup Sources: NAME NAME " with every active suspend-block
 * request (every wakeup source is one), as many as fit, or, with none
 * active, "Last active Wakeup Source: NAME" naming the one whose active
 * interval ended last; empty if there is no request at all.  The text an
 * abort on a wakeup event logs.
 *
 * Context: Any context.  It walks every request with interrupts off.
 */
void pm_get_active_wakeup_sources(char *pending_wakeup_source, size_t max)
{
	struct suspend_block_request *req, *last = NULL;
	struct suspend_block_stats st;
	u64 last_at = 0;
	unsigned long flags;
	size_t len = 0;

	if (!max)
		return;
	pending_wakeup_source[0] = '\0';
	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	for (req = suspend_block_first(); req; req = suspend_block_next(req)) {
		if (suspend_block_request_active(req)) {
			if (!len)
				len = scnprintf(pending_wakeup_source, max,
						"Pending Wakeup Sources: ");
			len += scnprintf(pending_wakeup_source + len, max - len,
					 "%s ", req->name);
			continue;
		}
		suspend_block_get_stats(req, &st);
		if (!last || st.last_change > last_at) {
			last = req;
			last_at = st.last_change;
		}
	}
	if (!len && last)
		scnprintf(pending_wakeup_source, max,
			  "Last active Wakeup Source: %s", last->name);
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}
EXPORT_SYMBOL_GPL(pm_get_active_wakeup_sources);

/**
 * wakeup_reasons_begin - A suspend attempt starts.
 *
 * Context: Process context; the suspending task, before the freezer.
 */
void wakeup_reasons_begin(void)
{
	unsigned int i;

	mutex_lock(&wr_lock);
	clear_wakeup_reasons();
	wr_shown_kind = WR_NONE;
	wr_shown_irqs.n = 0;
	for (i = 0; i < WR_MAX_IRQS; i++) {
		kfree(wr_shown_name[i]);
		wr_shown_name[i] = NULL;
	}
	wr_mono = ktime_get();
	wr_boot = ktime_get_boottime();
	mutex_unlock(&wr_lock);
}

/**
 * wakeup_reasons_abort_event - The attempt aborts on a wakeup event.
 *
 * Takes the abort as the attempt's reason, unless one was logged before
 * (or a wake-up interrupt, the PM core's included); its text follows with
 * wakeup_reasons_abort_text().
 *
 * Context: Any context.
 */
void wakeup_reasons_abort_event(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&wr_log_lock, flags);
	wr_take_pm_irq_locked();
	if (wr_capture && wr_kind == WR_NONE) {
		wr_kind = WR_ABORT;
		wr_text_pending = true;
	}
	raw_spin_unlock_irqrestore(&wr_log_lock, flags);
}

/**
 * wakeup_reasons_abort_text - The text of the wakeup event's abort.
 * @text: "Pending Wakeup Sources: ..." or "Last active Wakeup Source: ...".
 *
 * Context: Process context.
 */
void wakeup_reasons_abort_text(const char *text)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&wr_log_lock, flags);
	if (wr_text_pending) {
		strscpy(wr_text, text, sizeof(wr_text));
		wr_text_pending = false;
	}
	raw_spin_unlock_irqrestore(&wr_log_lock, flags);
}

/* The first handler's whole name of @irq, allocated, or NULL. */
static char *wr_irq_name(int irq)
{
	struct irq_desc *desc;
	unsigned long flags;
	char *name = NULL;

	/* Descriptors are freed after a grace period. */
	rcu_read_lock();
	desc = irq_to_desc(irq);
	if (desc) {
		raw_spin_lock_irqsave(&desc->lock, flags);
		if (desc->action && desc->action->name)
			name = kstrdup(desc->action->name, GFP_ATOMIC);
		raw_spin_unlock_irqrestore(&desc->lock, flags);
	}
	rcu_read_unlock();
	return name;
}

/**
 * wakeup_reasons_end - The attempt is over (resumed, or aborted).
 *
 * Context: Process context; the suspending task, after the thaw.
 */
void wakeup_reasons_end(void)
{
	ktime_t mono = ktime_get(), boot = ktime_get_boottime();
	unsigned long flags;
	unsigned int i;

	mutex_lock(&wr_lock);
	raw_spin_lock_irqsave(&wr_log_lock, flags);
	wr_take_pm_irq_locked();
	wr_capture = false;
	wr_shown_kind = wr_kind;
	strscpy(wr_shown_text, wr_text, sizeof(wr_shown_text));
	wr_shown_irqs = wr_kind == WR_IRQ ? wr_leaves : (struct wr_irqs){ };
	raw_spin_unlock_irqrestore(&wr_log_lock, flags);
	for (i = 0; i < wr_shown_irqs.n; i++)
		wr_shown_name[i] = wr_irq_name(wr_shown_irqs.irq[i]);
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
	unsigned int i;

	mutex_lock(&wr_lock);
	switch (wr_shown_kind) {
	case WR_ABORT:
		len = sysfs_emit(buf, "Abort: %s", wr_shown_text);
		break;
	case WR_ABNORMAL:
		len = sysfs_emit(buf, "-1 %s", wr_shown_text);
		break;
	case WR_IRQ:
		for (i = 0; i < wr_shown_irqs.n; i++)
			len += sysfs_emit_at(buf, len, "%d %s\n",
					     wr_shown_irqs.irq[i],
					     wr_shown_name[i] ?: "(unnamed)");
		break;
	case WR_NONE:
		break;
	}
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
