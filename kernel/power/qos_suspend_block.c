// SPDX-License-Identifier: GPL-2.0
/*
 * pm_qos suspend-block class: O(1) requests that keep the system awake.
 *
 * The model.  Each request is a handle with its own lock; the class's
 * aggregate is one atomic count of active requests.  Activating an inactive
 * request increments the count, deactivating decrements it, and only the
 * count's transitions 0 -> 1 and 1 -> 0 reach the PM core: they begin and
 * end one wakeup event "in progress" (pm_wakeup_event_begin/end()).  While
 * an event is in progress, reading /sys/power/wakeup_count blocks, writing
 * it back fails, autosleep waits, and any suspend started under that
 * handshake is aborted at its next check (freezer, each device, noirq, the
 * s2idle loop).  Ending the last event wakes the waiters, so autosleep
 * starts at once, without polling.
 *
 * Why no global lock is needed.  Transitions of the count can race: one CPU
 * takes it 1 -> 0 and, before it calls pm_wakeup_event_end(), another takes
 * it 0 -> 1 and calls pm_wakeup_event_begin().  Begin and end only add to
 * one counter, so their order does not matter; and the count cannot reach
 * zero again until the request whose activation made it 1 is deactivated,
 * which waits for that activation (and its begin) to finish under the
 * request's lock.  So whenever an activation has returned, the PM core sees
 * at least one event in progress.
 *
 * Locking.  req->lock (irqsave) serialises one request's state, timer and
 * statistics.  suspend_block_registry_lock guards the registry, which only
 * read-outs walk; add and remove are O(1) list operations under it.  Lock
 * order: registry lock, then a request's lock.  No path takes two request
 * locks.
 *
 * Timeouts use a per-request timer_list (timer wheel: O(1) to arm, re-arm
 * and cancel).  The timer is IRQ-safe so removal can wait for it from any
 * context.  The callback re-checks the deadline under the request's lock, so
 * a callback racing with a re-activation does nothing.
 */

#include <linux/atomic.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/sched/clock.h>
#include <linux/suspend.h>
#include <linux/syscore_ops.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>
#include <trace/events/suspend_qos.h>

#include "qos_suspend_block.h"

DEFINE_SPINLOCK(suspend_block_registry_lock);
LIST_HEAD(suspend_block_registry);
struct suspend_block_stats suspend_block_deleted;

/* Number of active requests: the aggregate. */
static atomic_t sb_active = ATOMIC_INIT(0);

/* A system suspend runs (PM notifier); activations now are wakeups. */
static bool sb_suspending;

/* Autosleep is on: active time counts as preventing suspend. */
static bool sb_autosleep;

/*
 * The current suspend attempt, for its tracepoints: the boottime offset
 * when it began (time asleep shows as its growth), whether it reached the
 * syscore step (the last before the sleep state) and whether the PM core
 * aborted it for a pending wakeup.  Written only by the suspending task.
 */
static ktime_t sb_attempt_offset;
static bool sb_attempt_entered;
static bool sb_attempt_aborted;

static BLOCKING_NOTIFIER_HEAD(sb_notifiers);
static void sb_notify_fn(struct work_struct *work);
static DECLARE_WORK(sb_notify_work, sb_notify_fn);
/* Last state sent to the notifiers; only sb_notify_fn() touches it. */
static unsigned long sb_notified = SUSPEND_BLOCK_UNBLOCKED;

static inline u64 sb_interval(u64 from, u64 to)
{
	return to > from ? to - from : 0;
}

/*
 * Notifiers run from a work item that reports the current state when it
 * differs from the last one reported: in order, never stale at the end, but
 * a quick blocked -> unblocked -> blocked may reach them as nothing.  The
 * hot path pays for this only when somebody listens.
 */
static void sb_notify_fn(struct work_struct *work)
{
	unsigned long state = atomic_read(&sb_active) ?
		SUSPEND_BLOCK_BLOCKED : SUSPEND_BLOCK_UNBLOCKED;

	if (state == sb_notified)
		return;
	sb_notified = state;
	blocking_notifier_call_chain(&sb_notifiers, state, NULL);
}

static inline void sb_kick_notifiers(void)
{
	if (READ_ONCE(sb_notifiers.head))
		queue_work(system_wq, &sb_notify_work);
}

static void sb_became_blocked(void)
{
	pm_wakeup_event_begin();
	/*
	 * Under the wakeup_count handshake a suspend may sit in the s2idle
	 * loop, which only re-checks for events when it wakes up: wake it.
	 * begin() is a full barrier, so a handshake that could still succeed
	 * after this read sees the event in progress and fails instead.
	 */
	if (READ_ONCE(events_check_enabled))
		pm_system_wakeup();
	sb_kick_notifiers();
}

static void sb_became_unblocked(void)
{
	pm_wakeup_event_end();
	sb_kick_notifiers();
}

/* Inactive -> active, with req->lock held. */
static void sb_start(struct suspend_block_request *req, u64 now)
{
	unsigned int active;

	req->active = true;
	req->active_since = now;
	req->prevent_since = READ_ONCE(sb_autosleep) ? now : 0;
	req->stats.active_count++;
	if (READ_ONCE(sb_suspending))
		req->stats.wakeup_count++;
	req->stats.last_change = now;
	active = atomic_inc_return(&sb_active);
	trace_sb_aggregate(active);
	if (active == 1)
		sb_became_blocked();
}

/* Active -> inactive, with req->lock held; @expired: by the timeout. */
static void sb_stop(struct suspend_block_request *req, u64 now, bool expired)
{
	u64 held = sb_interval(req->active_since, now);
	unsigned int active;

	req->active = false;
	req->timed = false;
	req->stats.total_time += held;
	if (held > req->stats.max_time)
		req->stats.max_time = held;
	if (req->prevent_since) {
		req->stats.prevent_time += sb_interval(req->prevent_since, now);
		req->prevent_since = 0;
	}
	req->stats.last_change = now;
	if (expired)
		trace_sb_expire(req->name, held);
	else
		trace_sb_deactivate(req->name, held);
	active = atomic_dec_return(&sb_active);
	trace_sb_aggregate(active);
	if (!active)
		sb_became_unblocked();
}

static void sb_timer_fn(struct timer_list *t)
{
	struct suspend_block_request *req = from_timer(req, t, timer);
	unsigned long flags;

	spin_lock_irqsave(&req->lock, flags);
	if (req->active && req->timed &&
	    time_after_eq(jiffies, req->expires)) {
		req->stats.expire_count++;
		sb_stop(req, local_clock(), true);
	} else if (req->active && req->timed) {
		/* The wheel caps long timeouts (days): wait for the rest. */
		mod_timer(&req->timer, req->expires);
	}
	spin_unlock_irqrestore(&req->lock, flags);
}

/**
 * suspend_block_add_request - Register a suspend-block request.
 * @req: Request to initialise; embedded or allocated by the caller.
 * @name: Name for statistics and tracing; must outlive the request.
 *
 * The request starts inactive with zeroed statistics.  O(1).
 *
 * Context: Any context.
 */
void suspend_block_add_request(struct suspend_block_request *req,
			       const char *name)
{
	unsigned long flags;

	memset(req, 0, sizeof(*req));
	spin_lock_init(&req->lock);
	timer_setup(&req->timer, sb_timer_fn, TIMER_IRQSAFE);
	req->name = name;

	spin_lock_irqsave(&suspend_block_registry_lock, flags);
	list_add_tail(&req->node, &suspend_block_registry);
	spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	trace_sb_request_add(name);
}
EXPORT_SYMBOL_GPL(suspend_block_add_request);

/**
 * suspend_block_remove_request - Unregister a suspend-block request.
 * @req: Request added by suspend_block_add_request().
 *
 * An active request is deactivated first, with its statistics updated, so
 * removing the last active request unblocks suspend.  Waits for a running
 * timeout callback.  The request's statistics are added to the class's
 * "deleted" totals.  Nobody may use @req concurrently or afterwards (until
 * it is added again).  O(1).
 *
 * Context: Any context; must not hold a lock the timeout callback's
 * request lock nests in (i.e. do not call it with @req's lock held).
 */
void suspend_block_remove_request(struct suspend_block_request *req)
{
	struct suspend_block_stats *d = &suspend_block_deleted;
	unsigned long flags;

	suspend_block_deactivate(req);
	del_timer_sync(&req->timer);
	trace_sb_request_remove(req->name);

	spin_lock_irqsave(&suspend_block_registry_lock, flags);
	list_del(&req->node);
	d->active_count += req->stats.active_count;
	d->expire_count += req->stats.expire_count;
	d->wakeup_count += req->stats.wakeup_count;
	d->total_time += req->stats.total_time;
	d->max_time = max(d->max_time, req->stats.max_time);
	d->prevent_time += req->stats.prevent_time;
	d->last_change = max(d->last_change, req->stats.last_change);
	spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}
EXPORT_SYMBOL_GPL(suspend_block_remove_request);

/**
 * suspend_block_activate - Block suspend until deactivated.
 * @req: Added request.
 *
 * Activations do not nest: on an active request this only cancels a
 * pending timeout, so the request stays active until deactivated.  O(1).
 *
 * Context: Any context, hard IRQ included.
 * Return: true if @req was inactive (this call started an active interval).
 */
bool suspend_block_activate(struct suspend_block_request *req)
{
	unsigned long flags;
	bool started = false;

	spin_lock_irqsave(&req->lock, flags);
	if (!req->active) {
		sb_start(req, local_clock());
		started = true;
	} else if (req->timed) {
		req->timed = false;
		del_timer(&req->timer);
	}
	trace_sb_activate(req->name, 0, started);
	spin_unlock_irqrestore(&req->lock, flags);
	return started;
}
EXPORT_SYMBOL_GPL(suspend_block_activate);

/**
 * suspend_block_activate_timeout - Block suspend for a while.
 * @req: Added request.
 * @timeout: Jiffies until the request deactivates itself; 0 counts as 1.
 *
 * On an active request this sets the new deadline, whether earlier or later
 * than the old one, and turns an untimed activation into a timed one.  An
 * expiry counts in the expire_count statistic.  O(1): one timer-wheel
 * operation.
 *
 * Context: Any context, hard IRQ included.
 * Return: true if @req was inactive (this call started an active interval).
 */
bool suspend_block_activate_timeout(struct suspend_block_request *req,
				    unsigned long timeout)
{
	unsigned long flags;
	bool started = false;

	spin_lock_irqsave(&req->lock, flags);
	if (!req->active) {
		sb_start(req, local_clock());
		started = true;
	}
	req->timed = true;
	req->expires = jiffies + max(timeout, 1UL);
	mod_timer(&req->timer, req->expires);
	trace_sb_activate(req->name, max(timeout, 1UL), started);
	spin_unlock_irqrestore(&req->lock, flags);
	return started;
}
EXPORT_SYMBOL_GPL(suspend_block_activate_timeout);

/**
 * suspend_block_deactivate - Stop blocking suspend.
 * @req: Added request.
 *
 * Cancels a pending timeout.  On an inactive request this is a harmless
 * no-op.  Deactivating the last active request unblocks suspend and lets a
 * waiting autosleep proceed at once.  O(1).
 *
 * Context: Any context, hard IRQ included.
 * Return: true if @req was active.
 */
bool suspend_block_deactivate(struct suspend_block_request *req)
{
	unsigned long flags;
	bool stopped = false;

	spin_lock_irqsave(&req->lock, flags);
	if (req->active) {
		if (req->timed)
			del_timer(&req->timer);
		sb_stop(req, local_clock(), false);
		stopped = true;
	}
	spin_unlock_irqrestore(&req->lock, flags);
	return stopped;
}
EXPORT_SYMBOL_GPL(suspend_block_deactivate);

/**
 * suspend_block_request_active - Whether a request blocks suspend now.
 * @req: Added request.
 *
 * Context: Any context.
 * Return: true if @req is active.
 */
bool suspend_block_request_active(struct suspend_block_request *req)
{
	return READ_ONCE(req->active);
}
EXPORT_SYMBOL_GPL(suspend_block_request_active);

/**
 * suspend_block_remaining - Time left before a timed activation ends.
 * @req: Added request.
 *
 * Context: Any context.
 * Return: jiffies until @req's timeout; 0 if @req is inactive or its
 * deadline has passed (expiry is imminent); MAX_SCHEDULE_TIMEOUT if @req is
 * active without a timeout.
 */
unsigned long suspend_block_remaining(struct suspend_block_request *req)
{
	unsigned long flags, left = 0;

	spin_lock_irqsave(&req->lock, flags);
	if (req->active && !req->timed)
		left = MAX_SCHEDULE_TIMEOUT;
	else if (req->active && time_before(jiffies, req->expires))
		left = req->expires - jiffies;
	spin_unlock_irqrestore(&req->lock, flags);
	return left;
}
EXPORT_SYMBOL_GPL(suspend_block_remaining);

/**
 * suspend_block_longest_remaining - How long suspend will stay blocked.
 *
 * Context: Any context.  Lockless and O(1) when no request is active;
 * otherwise walks the registry: for rare queries such as the wake_lock
 * compatibility layer's has_wake_lock(), not for hot paths.
 *
 * Return: MAX_SCHEDULE_TIMEOUT if a request is active without a timeout,
 * else the longest time in jiffies until an active request's timeout, 0 if
 * none is active (or all are past their deadline, about to expire).
 */
unsigned long suspend_block_longest_remaining(void)
{
	struct suspend_block_request *req;
	unsigned long flags, left = 0;

	if (!suspend_is_blocked())
		return 0;
	spin_lock_irqsave(&suspend_block_registry_lock, flags);
	list_for_each_entry(req, &suspend_block_registry, node) {
		spin_lock(&req->lock);
		if (req->active && !req->timed)
			left = MAX_SCHEDULE_TIMEOUT;
		else if (req->active && time_before(jiffies, req->expires))
			left = max(left, req->expires - jiffies);
		spin_unlock(&req->lock);
		if (left == MAX_SCHEDULE_TIMEOUT)
			break;
	}
	spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return left;
}
EXPORT_SYMBOL_GPL(suspend_block_longest_remaining);

/**
 * suspend_block_get_stats - Copy a request's statistics.
 * @req: Added request.
 * @stats: Where to copy them.
 *
 * Times cover closed active intervals only; while @req is active, the open
 * interval started at @req->active_since.
 *
 * Context: Any context.
 */
void suspend_block_get_stats(struct suspend_block_request *req,
			     struct suspend_block_stats *stats)
{
	unsigned long flags;

	spin_lock_irqsave(&req->lock, flags);
	*stats = req->stats;
	spin_unlock_irqrestore(&req->lock, flags);
}
EXPORT_SYMBOL_GPL(suspend_block_get_stats);

/**
 * suspend_is_blocked - Whether any suspend-block request is active.
 *
 * Context: Any context; lockless.
 * Return: true if at least one request is active.
 */
bool suspend_is_blocked(void)
{
	return atomic_read(&sb_active) > 0;
}
EXPORT_SYMBOL_GPL(suspend_is_blocked);

/**
 * suspend_block_active_count - Number of active suspend-block requests.
 *
 * Context: Any context; lockless.
 * Return: the count, which may change as soon as it is read.
 */
unsigned int suspend_block_active_count(void)
{
	return atomic_read(&sb_active);
}
EXPORT_SYMBOL_GPL(suspend_block_active_count);

/**
 * suspend_block_add_notifier - Be told when suspend becomes (un)blocked.
 * @nb: Notifier; called with SUSPEND_BLOCK_BLOCKED or
 *	SUSPEND_BLOCK_UNBLOCKED.
 *
 * Callbacks run in process context from a work item, one at a time, in the
 * order of the aggregate's transitions; after the last transition they have
 * been told the final state.  Transitions faster than the work item may be
 * coalesced (blocked -> unblocked -> blocked can arrive as nothing).
 *
 * Context: Process context.
 * Return: 0, or the error of blocking_notifier_chain_register().
 */
int suspend_block_add_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&sb_notifiers, nb);
}
EXPORT_SYMBOL_GPL(suspend_block_add_notifier);

/**
 * suspend_block_remove_notifier - Stop being told about transitions.
 * @nb: Notifier added by suspend_block_add_notifier().
 *
 * Context: Process context.
 * Return: 0, or -ENOENT if @nb was not registered.
 */
int suspend_block_remove_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_unregister(&sb_notifiers, nb);
}
EXPORT_SYMBOL_GPL(suspend_block_remove_notifier);

/**
 * suspend_block_flush_notifiers - Wait until notifiers know the state.
 *
 * Context: Process context; may sleep.
 *
 * Returns once every transition before the call has been reported (or
 * coalesced into the state reported last).
 */
void suspend_block_flush_notifiers(void)
{
	flush_work(&sb_notify_work);
}
EXPORT_SYMBOL_GPL(suspend_block_flush_notifiers);

/**
 * suspend_block_autosleep_enabled - Autosleep was switched on or off.
 * @enabled: Its new state.
 *
 * From now on, time active requests spend active counts (or stops
 * counting) as time spent preventing suspend.  Walks the registry: called
 * only when autosleep changes state.
 *
 * Context: Any context.
 */
void suspend_block_autosleep_enabled(bool enabled)
{
	struct suspend_block_request *req;
	unsigned long flags;
	u64 now = local_clock();

	spin_lock_irqsave(&suspend_block_registry_lock, flags);
	WRITE_ONCE(sb_autosleep, enabled);
	list_for_each_entry(req, &suspend_block_registry, node) {
		spin_lock(&req->lock);
		if (!req->active) {
			/* nothing to account */
		} else if (enabled && !req->prevent_since) {
			req->prevent_since = now;
		} else if (!enabled && req->prevent_since) {
			req->stats.prevent_time +=
				sb_interval(req->prevent_since, now);
			req->prevent_since = 0;
		}
		spin_unlock(&req->lock);
	}
	spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}

/**
 * suspend_block_report_abort - Say which requests made a suspend abort.
 *
 * Context: Any context (the suspend path, interrupts possibly off).  Called
 * by the PM core when a suspend under the wakeup_count handshake finds a
 * wakeup event pending and aborts.  If suspend-block requests are active,
 * their number and the first names go to the suspend_aborted tracepoint
 * and, with pm_debug_messages, to the kernel log.
 */
void suspend_block_report_abort(void)
{
	struct suspend_block_request *req;
	char names[128];
	unsigned long flags;
	unsigned int active;
	size_t len = 0;

	sb_attempt_aborted = true;
	active = atomic_read(&sb_active);
	if (!active ||
	    !(trace_suspend_aborted_enabled() || pm_debug_messages_on))
		return;
	names[0] = '\0';
	spin_lock_irqsave(&suspend_block_registry_lock, flags);
	list_for_each_entry(req, &suspend_block_registry, node) {
		if (!READ_ONCE(req->active))
			continue;
		if (len + strlen(req->name) + 4 >= sizeof(names)) {
			strscpy(names + len, len ? ",..." : "...",
				sizeof(names) - len);
			break;
		}
		len += scnprintf(names + len, sizeof(names) - len, "%s%s",
				 len ? "," : "", req->name);
	}
	spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	trace_suspend_aborted(active, names);
	pm_pr_dbg("suspend blocked by %u request(s): %s\n", active, names);
}

/*
 * A suspend is "in progress" from the first PM notifier called before it to
 * the last one called after it, so activations made by other notifiers on
 * either side count as wakeups: one notifier block first in the chain sets
 * the flag, another last in the chain clears it.
 */
static int sb_pm_begin(struct notifier_block *nb, unsigned long action,
		       void *data)
{
	if (action == PM_SUSPEND_PREPARE || action == PM_HIBERNATION_PREPARE) {
		WRITE_ONCE(sb_suspending, true);
		sb_attempt_offset = ktime_mono_to_any(0, TK_OFFS_BOOT);
		sb_attempt_entered = false;
		sb_attempt_aborted = false;
		trace_suspend_start(atomic_read(&sb_active));
	}
	return NOTIFY_DONE;
}

static int sb_pm_end(struct notifier_block *nb, unsigned long action,
		     void *data)
{
	ktime_t asleep;

	if (action == PM_POST_SUSPEND || action == PM_POST_HIBERNATION) {
		WRITE_ONCE(sb_suspending, false);
		/* Time spent asleep shows as boottime running ahead. */
		asleep = ktime_sub(ktime_mono_to_any(0, TK_OFFS_BOOT),
				   sb_attempt_offset);
		trace_suspend_end(sb_attempt_entered && !sb_attempt_aborted,
				  max_t(s64, ktime_to_ns(asleep), 0));
	}
	return NOTIFY_DONE;
}

static struct notifier_block sb_pm_begin_nb = {
	.notifier_call = sb_pm_begin,
	.priority = INT_MAX,
};

static struct notifier_block sb_pm_end_nb = {
	.notifier_call = sb_pm_end,
	.priority = INT_MIN,
};

/* The last step before the sleep state: the attempt got that far. */
static int sb_syscore_suspend(void)
{
	sb_attempt_entered = true;
	return 0;
}

static struct syscore_ops sb_syscore_ops = {
	.suspend = sb_syscore_suspend,
};

static int __init suspend_block_init(void)
{
	int ret = register_pm_notifier(&sb_pm_begin_nb);

	register_syscore_ops(&sb_syscore_ops);

	return ret ? ret : register_pm_notifier(&sb_pm_end_nb);
}
core_initcall(suspend_block_init);
