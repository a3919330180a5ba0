// SPDX-License-Identifier: GPL-2.0
/*
 * pm_qos power-level class: O(1) limits on the deepest idle state.
 *
 * The model.  Each active request counts in pl_count[level]; pl_used has a
 * bit set for every level with a non-zero count, so the limit (the minimum
 * level over active requests) is the first set bit.  Changing a request's
 * level moves one count and at most two bits, then finds the first bit of a
 * one-word bitmap: O(1), whatever the number of requests.  The limit is
 * published with WRITE_ONCE() for the idle path, which reads it with one
 * load and takes no lock.
 *
 * Time left.  power_level_longest_remaining() (has_wake_lock(), which
 * Android's idle code called on every idle entry) reads per-level
 * aggregates, not the requests: the active requests are also counted by
 * kind, untimed in pl_untimed[level] and timed in pl_timed[level], each
 * with a one-word bitmap of the levels whose count is non-zero, and
 * pl_timed_latest[level] holds the latest deadline of any timed request
 * counted at the level since its timed count was last zero.  pl_untally()
 * and pl_tally() take a request's part out before its level, timed or
 * expires changes and put it back after: O(1).  The query is a few word
 * operations and at most one deadline per level, whatever the number of
 * requests.  Which case holds is exact: one untimed request active at or
 * below the level, only timed ones, or none.  With only timed ones the time
 * left is an upper bound, never below the true one: a deadline stays in
 * pl_timed_latest[] when its request stops counting there before it
 * (released, given a sooner deadline, made untimed or moved to another
 * level) while another timed request at that level stays active.
 *
 * Locking.  power_level_lock (raw, irqsave) serialises updates, the
 * counts, the requests' fields and the registry, which only read-outs walk.
 * It is raw because updates may come from hard IRQ context and the idle
 * path's helpers must never sleep.
 *
 * Timeouts.  A timed update arms the request's own timer_list (timer wheel:
 * O(1)); any later update cancels or re-arms it.  The callback re-checks
 * the deadline under the lock, so one racing with an update does nothing.
 *
 * Tightening.  A CPU already idle in a state deeper than a new, stricter
 * limit would stay there until its next wakeup.  cpuidle_enter() records
 * the state each CPU enters, so the update wakes only the idle CPUs in a
 * state deeper than the new limit, and only when the limit got stricter;
 * they re-select within it at once.  (cpu_latency_qos wakes every idle CPU
 * on every change of its target.)  During suspend-to-idle, whose loop does
 * not go through cpuidle_enter(), every idle CPU is woken.
 */

#include <linux/bitmap.h>
#include <linux/cpuidle.h>
#include <linux/debugfs.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/sched/clock.h>
#include <linux/sched/idle.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/suspend.h>
#include <linux/tick.h>
#include <linux/workqueue.h>
#include <trace/events/suspend_qos.h>

#include "qos_debugfs.h"
#include "qos_power_level.h"

DEFINE_RAW_SPINLOCK(power_level_lock);
LIST_HEAD(power_level_registry);
struct power_level_stats power_level_deleted;

static unsigned int pl_count[PM_QOS_POWER_LEVEL_COUNT];
static DECLARE_BITMAP(pl_used, PM_QOS_POWER_LEVEL_COUNT);
static_assert(PM_QOS_POWER_LEVEL_COUNT <= BITS_PER_LONG);

/* The same requests by kind, for power_level_longest_remaining(). */
static unsigned int pl_untimed[PM_QOS_POWER_LEVEL_COUNT];
static DECLARE_BITMAP(pl_untimed_used, PM_QOS_POWER_LEVEL_COUNT);
static unsigned int pl_timed[PM_QOS_POWER_LEVEL_COUNT];
static DECLARE_BITMAP(pl_timed_used, PM_QOS_POWER_LEVEL_COUNT);
/* Valid while the level's bit is set in pl_timed_used. */
static unsigned long pl_timed_latest[PM_QOS_POWER_LEVEL_COUNT];

static RAW_NOTIFIER_HEAD(pl_notifiers);

s32 power_level_qos_limit_value = PM_QOS_POWER_LEVEL_ANY;
EXPORT_SYMBOL_GPL(power_level_qos_limit_value);

DEFINE_STATIC_KEY_FALSE(power_level_qos_used);
EXPORT_SYMBOL_GPL(power_level_qos_used);

/*
 * The first add switches the idle path's hooks on (power_level_qos_used),
 * from a work item since adds may come from any context, then wakes every
 * idle CPU so that it chooses its state again under the limit.  Until the
 * work has run (normally microseconds after the add), idle CPUs do not
 * honour the class: drivers add their requests at probe, long before they
 * need them.
 */
static void pl_use_fn(struct work_struct *work)
{
	static_branch_enable(&power_level_qos_used);
	wake_up_all_idle_cpus();
}

static DECLARE_WORK(pl_use_work, pl_use_fn);

/* The idle state each CPU entered last: see power_level_enter_state(). */
DEFINE_PER_CPU(int, power_level_idle_state);
EXPORT_PER_CPU_SYMBOL_GPL(power_level_idle_state);

static bool pl_level_valid(s32 level)
{
	return level == PM_QOS_POWER_LEVEL_ANY ||
	       (level >= 0 && level < PM_QOS_POWER_LEVEL_COUNT);
}

/*
 * Take @req's part out of the by-kind counts, with power_level_lock held,
 * before its level, timed or expires changes.  The level's latest deadline
 * stays: a later one may still be active, and which one is not known.
 */
static void pl_untally(const struct power_level_request *req)
{
	s32 l = req->level;

	if (l == PM_QOS_POWER_LEVEL_ANY)
		return;
	if (!req->timed) {
		if (--pl_untimed[l] == 0)
			__clear_bit(l, pl_untimed_used);
	} else if (--pl_timed[l] == 0) {
		__clear_bit(l, pl_timed_used);
	}
}

/*
 * Put @req's part back, with power_level_lock held, after the change.  The
 * first timed request at a level sets its latest deadline afresh, so one
 * alone there is exact; the others can only push it later.
 */
static void pl_tally(const struct power_level_request *req)
{
	s32 l = req->level;

	if (l == PM_QOS_POWER_LEVEL_ANY)
		return;
	if (!req->timed) {
		if (pl_untimed[l]++ == 0)
			__set_bit(l, pl_untimed_used);
	} else if (pl_timed[l]++ == 0) {
		__set_bit(l, pl_timed_used);
		pl_timed_latest[l] = req->expires;
	} else if (time_after(req->expires, pl_timed_latest[l])) {
		pl_timed_latest[l] = req->expires;
	}
}

/* Move @req to @level, with power_level_lock held: counts, bits, stats. */
static void pl_move(struct power_level_request *req, s32 level, u64 now)
{
	s32 old = req->level;
	u64 held;

	if (old == level)
		return;
	trace_pl_update(req->name, old, level);
	if (old != PM_QOS_POWER_LEVEL_ANY && --pl_count[old] == 0)
		__clear_bit(old, pl_used);
	if (level != PM_QOS_POWER_LEVEL_ANY && pl_count[level]++ == 0)
		__set_bit(level, pl_used);

	if (old == PM_QOS_POWER_LEVEL_ANY) {
		req->stats.active_count++;
		req->active_since = now;
	} else if (level == PM_QOS_POWER_LEVEL_ANY) {
		held = now > req->active_since ? now - req->active_since : 0;
		req->stats.total_time += held;
		req->stats.max_time = max(req->stats.max_time, held);
	}
	req->level = level;
	req->stats.last_change = now;
}

/*
 * Publish the new limit, with power_level_lock held, and tell the notifiers.
 * Return: true if the limit got stricter.
 */
static bool pl_publish(void)
{
	s32 old = power_level_qos_limit_value;
	/* The levels fit one word: its first set bit, without a call. */
	s32 limit = pl_used[0] ? (s32)__ffs(pl_used[0]) :
				 PM_QOS_POWER_LEVEL_ANY;

	if (limit == old)
		return false;
	trace_pl_limit(old, limit);
	WRITE_ONCE(power_level_qos_limit_value, limit);
	if (pl_notifiers.head)
		raw_notifier_call_chain(&pl_notifiers, limit, NULL);
	return limit < old;
}

/* Wake the idle CPUs in a state deeper than the new, stricter @limit. */
static void pl_wake_deeper(s32 limit)
{
	int cpu, this;

	/*
	 * Pairs with the barrier in power_level_enter_state(): the limit was
	 * stored before the s2idle state and the CPUs' recorded states are
	 * read, so a CPU entering either sees the new limit or is seen here.
	 */
	smp_mb();
	if (idle_should_enter_s2idle()) {
		wake_up_all_idle_cpus();
		return;
	}
	this = get_cpu();
	for_each_online_cpu(cpu) {
		if (cpu != this &&
		    READ_ONCE(per_cpu(power_level_idle_state, cpu)) > limit)
			wake_up_if_idle(cpu);
	}
	put_cpu();
}

/*
 * Set @req's level, timed (@timeout jiffies, at least 1) or not (0), and
 * publish the new limit.  An inactive request is never timed.
 */
static void pl_set(struct power_level_request *req, s32 level,
		   unsigned long timeout)
{
	unsigned long flags;
	bool tighter;
	s32 limit;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	if (unlikely(req->removed)) {
		/* Use after remove: must not count in the limit forever. */
		raw_spin_unlock_irqrestore(&power_level_lock, flags);
		WARN_ONCE(1, "power_level: update of removed request %p\n", req);
		return;
	}
	pl_untally(req);
	if (timeout && level != PM_QOS_POWER_LEVEL_ANY) {
		req->timed = true;
		req->expires = jiffies + timeout;
		mod_timer(&req->timer, req->expires);
	} else if (req->timed) {
		req->timed = false;
		del_timer(&req->timer);
	}
	pl_move(req, level, local_clock());
	pl_tally(req);
	tighter = pl_publish();
	limit = power_level_qos_limit_value;
	raw_spin_unlock_irqrestore(&power_level_lock, flags);

	if (tighter)
		pl_wake_deeper(limit);
}

static void pl_timer_fn(struct timer_list *t)
{
	struct power_level_request *req = from_timer(req, t, timer);
	unsigned long flags;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	if (req->timed && time_after_eq(jiffies, req->expires)) {
		pl_untally(req);
		req->timed = false;
		req->stats.expire_count++;
		pl_move(req, PM_QOS_POWER_LEVEL_ANY, local_clock());
		pl_tally(req);	/* inactive now: counts nowhere */
		pl_publish();	/* only ever looser: nobody to wake */
	} else if (req->timed) {
		/* The wheel caps long timeouts (days): wait for the rest. */
		mod_timer(&req->timer, req->expires);
	}
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
}

/**
 * power_level_add_request - Register a power-level request.
 * @req: Request to initialise; embedded or allocated by the caller.
 * @name: Name for statistics and tracing; must outlive the request.
 * @level: Deepest idle-state index allowed from now on, or
 *	PM_QOS_POWER_LEVEL_ANY to add the request inactive.
 *
 * An invalid @level is reported once and treated as PM_QOS_POWER_LEVEL_ANY.
 * O(1).
 *
 * Context: Any context.
 */
void power_level_add_request(struct power_level_request *req,
			     const char *name, s32 level)
{
	unsigned long flags;

	if (WARN_ON_ONCE(!pl_level_valid(level)))
		level = PM_QOS_POWER_LEVEL_ANY;
	memset(req, 0, sizeof(*req));
	timer_setup(&req->timer, pl_timer_fn, TIMER_IRQSAFE);
	req->name = name;
	req->level = PM_QOS_POWER_LEVEL_ANY;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	list_add_tail(&req->node, &power_level_registry);
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	if (!static_key_enabled(&power_level_qos_used))
		schedule_work(&pl_use_work);
	pl_set(req, level, 0);
}
EXPORT_SYMBOL_GPL(power_level_add_request);

/**
 * power_level_update_request - Change the level of a request.
 * @req: Added request.
 * @level: New deepest idle-state index allowed, or PM_QOS_POWER_LEVEL_ANY
 *	to make the request inactive.
 *
 * When the class's limit gets stricter, idle CPUs are woken so that none
 * stays in a state deeper than the new limit.  Cancels a pending timeout:
 * the new level holds until the next update.  O(1).
 *
 * Context: Any context, hard IRQ included.
 * Return: 0, or -EINVAL (and no change) if @level is neither a state index
 * below PM_QOS_POWER_LEVEL_COUNT nor PM_QOS_POWER_LEVEL_ANY.
 */
int power_level_update_request(struct power_level_request *req, s32 level)
{
	if (!pl_level_valid(level))
		return -EINVAL;
	pl_set(req, level, 0);
	return 0;
}
EXPORT_SYMBOL_GPL(power_level_update_request);

/**
 * power_level_update_request_timeout - Change the level of a request for a
 *	while.
 * @req: Added request.
 * @level: New deepest idle-state index allowed.
 * @timeout: Jiffies after which the request goes back to
 *	PM_QOS_POWER_LEVEL_ANY by itself; 0 counts as 1, and anything above
 *	MAX_JIFFY_OFFSET (the longest timeout jiffies can express) as
 *	MAX_JIFFY_OFFSET rather than as a deadline in the past.
 *
 * Like power_level_update_request(), and the new deadline replaces any
 * earlier one, whether sooner or later.  An expiry counts in the
 * request's expire_count.  With @level PM_QOS_POWER_LEVEL_ANY the request
 * simply becomes inactive and @timeout is ignored.  O(1).
 *
 * Context: Any context, hard IRQ included.
 * Return: 0, or -EINVAL (and no change) for an invalid @level.
 */
int power_level_update_request_timeout(struct power_level_request *req,
				       s32 level, unsigned long timeout)
{
	if (!pl_level_valid(level))
		return -EINVAL;
	pl_set(req, level, clamp_t(unsigned long, timeout, 1, MAX_JIFFY_OFFSET));
	return 0;
}
EXPORT_SYMBOL_GPL(power_level_update_request_timeout);

/**
 * power_level_remove_request - Unregister a power-level request.
 * @req: Added request.
 *
 * Lifts the request's limit first and waits for a running timeout
 * callback; the request's statistics are added to the class's "deleted"
 * totals.  Later updates and removals of @req are refused with a warning,
 * until it is added again.  O(1).
 *
 * Context: Any context.
 */
void power_level_remove_request(struct power_level_request *req)
{
	struct power_level_stats *d = &power_level_deleted;
	unsigned long flags;

	if (READ_ONCE(req->removed)) {
		WARN_ONCE(1, "power_level: removal of removed request %p\n",
			  req);
		return;
	}
	pl_set(req, PM_QOS_POWER_LEVEL_ANY, 0);
	del_timer_sync(&req->timer);

	raw_spin_lock_irqsave(&power_level_lock, flags);
	req->removed = true;
	list_del(&req->node);
	d->active_count += req->stats.active_count;
	d->expire_count += req->stats.expire_count;
	d->total_time += req->stats.total_time;
	d->max_time = max(d->max_time, req->stats.max_time);
	d->last_change = max(d->last_change, req->stats.last_change);
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
}
EXPORT_SYMBOL_GPL(power_level_remove_request);

/**
 * power_level_longest_remaining - How long requests at or below a level
 *	will stay active.
 * @level: Idle-state index; requests whose level is at most @level count.
 *
 * Lockless when no such request is active (the limit is above @level);
 * otherwise reads the per-level counts under the class's lock, without a
 * walk of the requests.  O(1): a few word operations and at most one
 * deadline per level (PM_QOS_POWER_LEVEL_COUNT, no more than a word's
 * bits), whatever the number of requests; has_wake_lock(WAKE_LOCK_IDLE) may
 * be called on every idle entry.
 *
 * MAX_SCHEDULE_TIMEOUT is exact (returned if and only if one of them is
 * active without a timeout), and so is 0 when none is active.  When all
 * are timed, the time returned is an upper bound: never below the true
 * longest time left, but possibly above it after a timed request stopped
 * counting at a level before its deadline (released, given a sooner
 * deadline, made untimed or moved) while another timed request stayed
 * active there: the level keeps the latest deadline set since its timed
 * count was last zero.
 *
 * Context: Any context.
 * Return: MAX_SCHEDULE_TIMEOUT if one of them is active without a timeout;
 * else, if some are active, the time in jiffies until the latest deadline
 * set at their levels, which is at least the longest time until one of
 * their timeouts, or 0 if that deadline has passed (all are about to
 * expire); 0 if none is active.
 */
unsigned long power_level_longest_remaining(s32 level)
{
	unsigned long flags, mask, timed, now, left = 0;
	unsigned int l, top;

	if (power_level_qos_limit() > level)
		return 0;
	/* The limit is at most @level, so 0 <= @level: levels 0 .. @level. */
	top = min_t(s32, level, PM_QOS_POWER_LEVEL_COUNT - 1);
	mask = GENMASK(top, 0);
	raw_spin_lock_irqsave(&power_level_lock, flags);
	if (pl_untimed_used[0] & mask) {
		left = MAX_SCHEDULE_TIMEOUT;
	} else {
		now = jiffies;
		timed = pl_timed_used[0] & mask;
		for_each_set_bit(l, &timed, PM_QOS_POWER_LEVEL_COUNT) {
			if (time_before(now, pl_timed_latest[l]))
				left = max(left, pl_timed_latest[l] - now);
		}
	}
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	return left;
}
EXPORT_SYMBOL_GPL(power_level_longest_remaining);

/**
 * power_level_add_notifier - Be told when the limit changes.
 * @nb: Notifier, called with the new limit as its action.
 *
 * Callbacks run synchronously, in order, with the class's raw spinlock held
 * and interrupts off: they must be quick and take only raw spinlocks.
 *
 * Context: Any context.
 * Return: 0, or the error of raw_notifier_chain_register().
 */
int power_level_add_notifier(struct notifier_block *nb)
{
	unsigned long flags;
	int ret;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	ret = raw_notifier_chain_register(&pl_notifiers, nb);
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(power_level_add_notifier);

/**
 * power_level_remove_notifier - Stop being told about limit changes.
 * @nb: Notifier added by power_level_add_notifier().
 *
 * Context: Any context.
 * Return: 0, or -ENOENT if @nb was not registered.
 */
int power_level_remove_notifier(struct notifier_block *nb)
{
	unsigned long flags;
	int ret;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	ret = raw_notifier_chain_unregister(&pl_notifiers, nb);
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(power_level_remove_notifier);

/**
 * power_level_deepest_allowed - Slow path of power_level_clamp_state().
 * @drv: cpuidle driver of the CPU.
 * @dev: cpuidle device of the CPU.
 * @index: state index chosen, deeper than the limit.
 *
 * Context: The idle path; any context.
 * Return: the deepest state not deeper than the limit (nor than @index)
 * that is not disabled, or 0.
 */
int power_level_deepest_allowed(struct cpuidle_driver *drv,
				struct cpuidle_device *dev, int index)
{
#ifdef CONFIG_CPU_IDLE
	int i;

	for (i = min_t(int, index, power_level_qos_limit()); i > 0; i--)
		if (!dev->states_usage[i].disable)
			return i;
#endif
	return 0;
}
EXPORT_SYMBOL_GPL(power_level_deepest_allowed);

/**
 * power_level_select_allowed - Slow path of power_level_clamp_select().
 * @drv: cpuidle driver of the CPU.
 * @dev: cpuidle device of the CPU.
 * @index: state index the governor chose, deeper than the limit.
 * @stop_tick: the governor's decision to stop the tick, made for @index.
 *
 * The governor decided to stop the tick for a deeper state than the one
 * the limit leaves.  menu and teo keep the tick when their choice is a
 * polling state or one whose target residency is shorter than a tick
 * period (a CPU would sit in a shallow state with no tick to take it out),
 * unless the tick is stopped already; the same rule applies to the state
 * the limit leaves.
 *
 * Context: The idle path (interrupts off).
 * Return: power_level_deepest_allowed(); *@stop_tick cleared if needed.
 */
int power_level_select_allowed(struct cpuidle_driver *drv,
			       struct cpuidle_device *dev, int index,
			       bool *stop_tick)
{
	int allowed = power_level_deepest_allowed(drv, dev, index);

#ifdef CONFIG_CPU_IDLE
	if (*stop_tick && !tick_nohz_tick_stopped() &&
	    ((drv->states[allowed].flags & CPUIDLE_FLAG_POLLING) ||
	     drv->states[allowed].target_residency_ns < TICK_NSEC))
		*stop_tick = false;
#endif
	return allowed;
}
EXPORT_SYMBOL_GPL(power_level_select_allowed);

/*
 * /sys/kernel/debug/pm_qos/power_level: the limit, then one tab-separated
 * line per registered request, in the suspend-block listing's style
 * (level "any" when inactive; times in ns; active_since is the length of the
 * open interval, which total_time and max_time include).
 */
static int pl_debugfs_show(struct seq_file *m, void *unused)
{
	struct power_level_request *req;
	struct power_level_walk pw;
	u64 now = local_clock(), open;
	s32 limit = power_level_qos_limit();

	if (limit == PM_QOS_POWER_LEVEL_ANY)
		seq_puts(m, "limit: any\n");
	else
		seq_printf(m, "limit: %d\n", limit);
	seq_puts(m, "name\tlevel\tactive_count\texpire_count\tactive_since\ttotal_time\tmax_time\tlast_change\n");
	power_level_walk_start(&pw);
	while ((req = power_level_walk_next(&pw))) {
		bool active = req->level != PM_QOS_POWER_LEVEL_ANY;

		open = active && now > req->active_since ?
			now - req->active_since : 0;
		seq_printf(m, "%s\t", req->name);
		if (active)
			seq_printf(m, "%d", req->level);
		else
			seq_puts(m, "any");
		seq_printf(m, "\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n",
			   req->stats.active_count, req->stats.expire_count,
			   open, req->stats.total_time + open,
			   max(req->stats.max_time, open),
			   req->stats.last_change);
	}
	power_level_walk_end(&pw);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pl_debugfs);

static int __init power_level_debugfs_init(void)
{
	debugfs_create_file("power_level", 0444, pm_qos_debugfs_dir(), NULL,
			    &pl_debugfs_fops);
	return 0;
}
late_initcall(power_level_debugfs_init);
