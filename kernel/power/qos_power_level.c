// SPDX-License-Identifier: GPL-2.0
/*
 * pm_qos power-level class: O(1) limits on the deepest idle state.
 *
 * The model.  Each active request counts in pl_count[level].  The published
 * word, power_level_published, has a bit for every level whose count
 * is non-zero and, above them, a version that every change increments; the
 * limit (the least active level) is its first set bit, one load for the
 * idle path.  Changing a request's level moves one count and at most two
 * bits: O(1), whatever the number of requests.
 *
 * Requests are the skeleton of qos_request.h, as in the suspend-block
 * class: a state word changed by one compare-and-exchange, whose code here
 * is the level, and timeouts under a lock.
 *
 * What an update promises: from its return until the request's next update,
 * the limit is at most its level L, and it is in force for every CPU that
 * enters an idle state from then on.  It first counts at L, then publishes
 * a new version of the word with bit L set (an exchange even when the bit
 * is set already), then exchanges the request's state; a count that drops
 * to zero clears its bit only by exchanging the version it read before it
 * read the count (pl_count_down()), so it can never clear a bit under a
 * count an update has confirmed.  The word may briefly carry a bit no
 * request stays at (an update in flight): stricter for a moment, never
 * looser.  An update that makes the limit stricter also wakes the CPUs idle
 * in a deeper state (pl_wake_deeper()); a concurrent update to the same
 * level that found the limit already there does not wait for that.
 *
 * Timed requests.  The lock of the timed path is power_level_lock (raw,
 * irqsave: updates may come from hard IRQs).  It also guards the registry,
 * which only read-outs walk, the per-level counts of timed requests behind
 * power_level_longest_remaining(), and the removed requests' totals.
 *
 * Notifiers run under a lock of their own whenever the limit differs from
 * the last one they were given, so the last value they see is the current
 * one; updates pay for this only when somebody listens.
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
#include "qos_request.h"
#include "qos_torture.h"
#include "qos_time.h"

DEFINE_RAW_SPINLOCK(power_level_lock);
LIST_HEAD(power_level_registry);
/* Statistics of removed requests, summed, under power_level_lock. */
static struct power_level_stats power_level_deleted;

static atomic_t pl_count[POWER_LEVEL_COUNT];

/* One version of the published word: the generation is the bits above. */
#define PL_PUB_VERSION	BIT_ULL(POWER_LEVEL_COUNT)

atomic64_t power_level_published = ATOMIC64_INIT(0);
EXPORT_SYMBOL_GPL(power_level_published);

/*
 * The timed requests by level, under power_level_lock: a level has an
 * untimed request exactly when its count is above its timed count (updates
 * in flight aside), and pl_timed_latest[] holds the latest deadline of any
 * timed request counted at the level since its timed count was last zero.
 */
static unsigned int pl_timed[POWER_LEVEL_COUNT];
static DECLARE_BITMAP(pl_timed_used, POWER_LEVEL_COUNT);
/* Valid while the level's bit is set in pl_timed_used. */
static unsigned long pl_timed_latest[POWER_LEVEL_COUNT];

static RAW_NOTIFIER_HEAD(pl_notifiers);
static DEFINE_RAW_SPINLOCK(pl_notify_lock);
/* The last limit the notifiers were given, under pl_notify_lock. */
static s32 pl_notified = POWER_LEVEL_ANY;

DEFINE_STATIC_KEY_FALSE(power_level_used);
EXPORT_SYMBOL_GPL(power_level_used);

/*
 * The state word (qos_request.h): the code is the level, PL_CODE_ANY when
 * inactive, PL_CODE_REMOVED once removed; the time, local_clock() at the
 * last change.
 */
#define PL_CODE_REMOVED		0xeULL
#define PL_CODE_ANY		0xfULL
static_assert(PL_CODE_ANY <= QOS_REQ_CODE_MASK);
static_assert(POWER_LEVEL_COUNT <= PL_CODE_REMOVED);
/* The trace events name each level: see sq_show_level(). */
static_assert(POWER_LEVEL_COUNT == SQ_SHOW_LEVEL_COUNT);
static_assert(POWER_LEVEL_ANY == SQ_SHOW_LEVEL_ANY);
static_assert(POWER_LEVEL_COUNT < BITS_PER_LONG);

static inline s32 pl_state_level(s64 state)
{
	u64 code = qos_req_code(state);

	return code < POWER_LEVEL_COUNT ? (s32)code :
						 POWER_LEVEL_ANY;
}

static inline bool pl_state_removed(s64 state)
{
	return qos_req_code(state) == PL_CODE_REMOVED;
}

static inline s32 pl_used_limit(s64 pub)
{
	return power_level_limit_of((u64)pub & POWER_LEVEL_USED_MASK);
}

/*
 * The first add switches the idle path's hooks on (power_level_used),
 * from a work item since adds may come from any context, then wakes every
 * idle CPU so that it chooses its state again under the limit.  Until the
 * work has run (normally microseconds after the add), idle CPUs do not
 * honour the class: drivers add their requests at probe, long before they
 * need them.
 */
static void pl_use_fn(struct work_struct *work)
{
	static_branch_enable(&power_level_used);
	wake_up_all_idle_cpus();
}

static DECLARE_WORK(pl_use_work, pl_use_fn);

/* The idle state each CPU entered last: see power_level_enter_state(). */
DEFINE_PER_CPU(int, power_level_idle_state);
EXPORT_PER_CPU_SYMBOL_GPL(power_level_idle_state);

static bool pl_level_valid(s32 level)
{
	return level == POWER_LEVEL_ANY ||
	       (level >= 0 && level < POWER_LEVEL_COUNT);
}

/* Give the notifiers the current limit if it is not the last they had. */
static void pl_notify(void)
{
	unsigned long flags;
	s32 limit;

	if (!READ_ONCE(pl_notifiers.head))
		return;
	raw_spin_lock_irqsave(&pl_notify_lock, flags);
	limit = power_level_limit();
	if (limit != pl_notified) {
		pl_notified = limit;
		raw_notifier_call_chain(&pl_notifiers, limit, NULL);
	}
	raw_spin_unlock_irqrestore(&pl_notify_lock, flags);
}

/*
 * A request is about to count at @level, whose count was just incremented:
 * publish a new version of the word with @level's bit set.  Unconditional:
 * a count-down that read the count as zero just before the increment then
 * fails its exchange.  Without it, that count-down would exchange the very
 * version this update left alone and clear the bit under it (the torture's
 * power_level_busted target runs that copy, and must fail).
 * Return: the limit before.
 */
static s32 pl_publish_level(s32 level)
{
	s64 pub = atomic64_read(&power_level_published);
	s64 new;

	do {
		new = (s64)(((u64)pub + PL_PUB_VERSION) | BIT_ULL(level));
	} while (!atomic64_try_cmpxchg(&power_level_published, &pub,
				       new));
	/* The comparison is the event's only: inside its static branch. */
	if (trace_power_level_limit_enabled() && level < pl_used_limit(pub))
		trace_power_level_limit(pl_used_limit(pub), level);
	return pl_used_limit(pub);
}

static void pl_count_up(s32 level, s32 *before)
{
	atomic_inc(&pl_count[level]);
	pm_qos_torture_window();
	*before = pl_publish_level(level);
}

/*
 * A request no longer counts at @level.  When its count reaches zero,
 * clear the bit, unless the count is non-zero again: the count is read
 * after the version of the word that the exchange replaces.  An increment
 * whose publication came later makes the exchange fail; one whose
 * publication came earlier is seen by the read of the count (the setter's
 * exchange is a full barrier after its increment).
 * Return: true if that made the limit looser.
 */
static __always_inline bool pl_count_down(s32 level)
{
	s64 pub, new;

	if (!atomic_dec_and_test(&pl_count[level]))
		return false;
	pub = atomic64_read(&power_level_published);
	do {
		/* Pairs with the full barrier of pl_publish_level()'s exchange. */
		smp_rmb();
		if (atomic_read(&pl_count[level]))
			return false;
		pm_qos_torture_window();
		new = (s64)(((u64)pub + PL_PUB_VERSION) & ~BIT_ULL(level));
	} while (!atomic64_try_cmpxchg(&power_level_published, &pub,
				       new));
	if (pl_used_limit(new) != pl_used_limit(pub)) {
		trace_power_level_limit(pl_used_limit(pub), pl_used_limit(new));
		return true;
	}
	return false;
}

/*
 * What the attempts of one update did to the published word: made the
 * limit stricter (its level's bit was the first, when published), or
 * changed it at all.  An attempt whose state exchange then failed counts
 * too: whoever tightened the word wakes the CPUs, since another update
 * that saw the bit already there relies on it.
 */
struct pl_change {
	bool tightened;
	bool changed;
};

/*
 * Move @req from the state *@old to @level, timed or not, at @now: count at
 * the new level, exchange the state, leave the old level.  Return: true;
 * or false, with *@old the state found, if another call changed it first
 * (the new level's count is taken back).
 */
static bool pl_transition(struct power_level_request *req, s64 *old,
			  s32 level, bool timed, u64 now, struct pl_change *c)
{
	s32 from = pl_state_level(*old), before;
	u64 at = qos_req_time(*old), held;
	u64 flag = timed ? QOS_REQ_TIMED : 0;
	s64 new;

	if (level == POWER_LEVEL_ANY)
		new = qos_req_state(PL_CODE_ANY, 0, max(now, at));
	else if (from == POWER_LEVEL_ANY)
		new = qos_req_state(level, flag, max(now, at));
	else
		new = qos_req_state(level, flag, at);	/* same interval */

	if (level != POWER_LEVEL_ANY) {
		pl_count_up(level, &before);
		if (level < before) {
			c->tightened = true;
			c->changed = true;
		}
	}
	if (!atomic64_try_cmpxchg(&req->state, old, new)) {
		if (level != POWER_LEVEL_ANY)
			c->changed |= pl_count_down(level);
		return false;
	}
	if (from != POWER_LEVEL_ANY)
		c->changed |= pl_count_down(from);
	if (from == level)
		return true;
	trace_power_level_update(req->name, from, level);
	if (from == POWER_LEVEL_ANY) {
		atomic64_inc(&req->active_count);
	} else if (level == POWER_LEVEL_ANY) {
		held = qos_elapsed_ns(at, now);
		atomic64_add(held, &req->total_time);
		qos_atomic64_max(&req->max_time, held);
	} else {
		qos_atomic64_max(&req->moved_at, now);
	}
	return true;
}

/*
 * Whether CPUs may be idle in the s2idle loop's states, which it enters
 * without cpuidle_enter(), so without recording them: from the moment the
 * loop lets CPUs in (ENTER) until it is back to NONE.  That includes the
 * WAKE state pm_system_wakeup() sets, which keeps the CPUs where they are
 * until the suspending task kicks them all.
 */
static bool pl_s2idle_in_progress(void)
{
#ifdef CONFIG_SUSPEND
	return READ_ONCE(s2idle_state) != S2IDLE_STATE_NONE;
#else
	return false;
#endif
}

/*
 * Wake the idle CPUs in a state deeper than the new, stricter @limit.
 * Called only after the caller's own exchange of the published word set
 * @limit's bit, a fully ordered operation: that is the barrier that pairs
 * with the one in power_level_enter_state() (a CPU entering idle records
 * its state, then reads the limit) and with the one in
 * power_level_idle_limit() (a CPU in the s2idle loop saw s2idle_state,
 * then reads the limit).  The limit was stored before the s2idle state and
 * the CPUs' recorded states are read here, so a CPU entering idle either
 * sees the new limit or is seen here.
 */
static void pl_wake_deeper(s32 limit)
{
	int cpu, this;

	if (pl_s2idle_in_progress()) {
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

/* After an update to @level: wake CPUs if it was stricter, notify. */
static void pl_changed(s32 level, const struct pl_change *c)
{
	if (c->tightened)
		pl_wake_deeper(level);
	if (c->changed)
		pl_notify();
}

/* Take a timed request's part out of the timed counts, under the lock. */
static void pl_timed_untally(s32 level)
{
	if (--pl_timed[level] == 0)
		__clear_bit(level, pl_timed_used);
}

/*
 * Count a timed request at @level with deadline @expires, under the lock.
 * The first timed request at a level sets its latest deadline afresh, so
 * one alone there is exact; the others can only push it later.
 */
static void pl_timed_tally(s32 level, unsigned long expires)
{
	if (pl_timed[level]++ == 0) {
		__set_bit(level, pl_timed_used);
		pl_timed_latest[level] = expires;
	} else if (time_after(expires, pl_timed_latest[level])) {
		pl_timed_latest[level] = expires;
	}
}

/*
 * Set @req's level, timed (@timeout jiffies, at least 1) or not (0), under
 * power_level_lock: the path of timed updates and of any update of a
 * request whose state is timed.
 */
static void pl_set_locked(struct power_level_request *req, s32 level,
			  unsigned long timeout)
{
	bool timed = timeout && level != POWER_LEVEL_ANY;
	struct pl_change c = { };
	unsigned long flags;
	s64 old;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	old = atomic64_read(&req->state);
	do {
		if (unlikely(pl_state_removed(old))) {
			/* Use after remove: must not count in the limit forever. */
			raw_spin_unlock_irqrestore(&power_level_lock, flags);
			qos_req_misuse("power_level", req, "update");
			return;
		}
		if (!timed && !(old & QOS_REQ_TIMED) &&
		    pl_state_level(old) == level) {
			/* Nothing to change (an untimed call may race here). */
			raw_spin_unlock_irqrestore(&power_level_lock, flags);
			smp_rmb();	/* as in pl_set() */
			return;
		}
		if (timed)
			WRITE_ONCE(req->expires, jiffies + timeout);
	} while (!pl_transition(req, &old, level, timed, local_clock(), &c));
	/* Timed states change only here and in the timer, under the lock. */
	if (old & QOS_REQ_TIMED)
		pl_timed_untally(pl_state_level(old));
	if (timed)
		pl_timed_tally(level, req->expires);
	qos_req_set_timer(&req->timer, old, timed, req->expires);
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	pl_changed(level, &c);
}

/*
 * Set @req's level with no timeout: one exchange and no lock, unless the
 * state is timed (then pl_set_locked(), which cancels the timer).
 */
static void pl_set(struct power_level_request *req, s32 level)
{
	s64 old = atomic64_read(&req->state);
	struct pl_change c = { };

	do {
		if (unlikely(old & QOS_REQ_TIMED)) {
			pl_set_locked(req, level, 0);
			return;
		}
		if (unlikely(pl_state_removed(old))) {
			qos_req_misuse("power_level", req, "update");
			return;
		}
		if (pl_state_level(old) == level) {
			/*
			 * Already there, set by another call: its publish
			 * came before its state exchange (a full barrier),
			 * so order this read of the state before any later
			 * read of the limit by our caller.
			 */
			smp_rmb();
			break;
		}
	} while (!pl_transition(req, &old, level, false, local_clock(), &c));
	pl_changed(level, &c);
}

static void pl_timer_fn(struct timer_list *t)
{
	struct power_level_request *req = from_timer(req, t, timer);
	struct pl_change c = { };
	unsigned long flags;
	s64 old;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	old = atomic64_read(&req->state);
	if (qos_req_timer_due(&req->timer, old, req->expires)) {
		/* A timed state changes only under the lock: this succeeds. */
		while (!pl_transition(req, &old, POWER_LEVEL_ANY, false,
				      local_clock(), &c))
			;
		pl_timed_untally(pl_state_level(old));
		atomic64_inc(&req->expire_count);
	}
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	if (c.changed)
		pl_notify();	/* only ever looser: nobody to wake */
}

/**
 * power_level_add_request - Register a power-level request.
 * @req: Request to initialise; embedded or allocated by the caller.
 * @name: Name for statistics and tracing; must outlive the request.
 * @level: Deepest idle-state index allowed from now on, or
 *	POWER_LEVEL_ANY to add the request inactive.
 *
 * An invalid @level is reported once and treated as POWER_LEVEL_ANY.
 * O(1).
 *
 * Context: Any context.
 */
void power_level_add_request(struct power_level_request *req,
			     const char *name, s32 level)
{
	unsigned long flags;

	if (WARN_ON_ONCE(!pl_level_valid(level)))
		level = POWER_LEVEL_ANY;
	memset(req, 0, sizeof(*req));
	timer_setup(&req->timer, pl_timer_fn, TIMER_IRQSAFE);
	req->name = name;
	atomic64_set(&req->state, qos_req_state(PL_CODE_ANY, 0, 0));

	raw_spin_lock_irqsave(&power_level_lock, flags);
	list_add_tail(&req->node, &power_level_registry);
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	if (!static_key_enabled(&power_level_used))
		schedule_work(&pl_use_work);
	pl_set(req, level);
}
EXPORT_SYMBOL_GPL(power_level_add_request);

/**
 * power_level_update_request - Change the level of a request.
 * @req: Added request.
 * @level: New deepest idle-state index allowed, or POWER_LEVEL_ANY
 *	to make the request inactive.
 *
 * When the class's limit gets stricter, idle CPUs are woken so that none
 * stays in a state deeper than the new limit.  Cancels a pending timeout:
 * the new level holds until the next update.  Takes no lock unless a
 * timeout is pending.  O(1).
 *
 * Context: Any context, hard IRQ included.
 * Return: 0, or -EINVAL (and no change) if @level is neither a state index
 * below POWER_LEVEL_COUNT nor POWER_LEVEL_ANY.
 */
int power_level_update_request(struct power_level_request *req, s32 level)
{
	if (!pl_level_valid(level))
		return -EINVAL;
	pl_set(req, level);
	return 0;
}
EXPORT_SYMBOL_GPL(power_level_update_request);

/**
 * power_level_update_request_timeout - Change the level of a request for a
 *	while.
 * @req: Added request.
 * @level: New deepest idle-state index allowed.
 * @timeout: Jiffies after which the request goes back to
 *	POWER_LEVEL_ANY by itself; 0 counts as 1, and anything above
 *	MAX_JIFFY_OFFSET (the longest timeout jiffies can express) as
 *	MAX_JIFFY_OFFSET rather than as a deadline in the past.
 *
 * Like power_level_update_request(), and the new deadline replaces any
 * earlier one, whether sooner or later.  An expiry counts in the
 * request's expire_count.  With @level POWER_LEVEL_ANY the request
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
	pl_set_locked(req, level,
		      clamp_t(unsigned long, timeout, 1, MAX_JIFFY_OFFSET));
	return 0;
}
EXPORT_SYMBOL_GPL(power_level_update_request_timeout);

/**
 * power_level_snapshot - Read a request's level and statistics.
 * @req: Request, added (or removed, for its final statistics).
 * @now: local_clock() to measure the open interval up to.
 * @snap: Where to put them.
 *
 * Each field is read on its own: with calls racing on @req, they may be a
 * transition apart.
 *
 * Context: Any context.
 */
void power_level_snapshot(struct power_level_request *req, u64 now,
			  struct power_level_snapshot *snap)
{
	s64 state = atomic64_read(&req->state);
	s32 level = pl_state_level(state);
	u64 at = qos_req_time(state);

	*snap = (struct power_level_snapshot) {
		.level = level,
		.timed = state & QOS_REQ_TIMED,
		.removed = pl_state_removed(state),
		.expires = READ_ONCE(req->expires),
		.stats = {
			.active_count = atomic64_read(&req->active_count),
			.expire_count = atomic64_read(&req->expire_count),
			.total_time = atomic64_read(&req->total_time),
			.max_time = atomic64_read(&req->max_time),
			.last_change = max_t(u64, at,
					     atomic64_read(&req->moved_at)),
		},
	};
	if (level != POWER_LEVEL_ANY && now > at)
		snap->open = now - at;
	snap->overdue = snap->timed && !time_before(jiffies, snap->expires);
}
EXPORT_SYMBOL_GPL(power_level_snapshot);

/**
 * power_level_request_active - Whether a request is active.
 * @req: Added request.
 *
 * Context: Any context; one lockless load.
 * Return: true while @req is at a level (a timed one until its timeout has
 * run), false when it is at POWER_LEVEL_ANY.
 */
bool power_level_request_active(struct power_level_request *req)
{
	return pl_state_level(atomic64_read(&req->state)) !=
	       POWER_LEVEL_ANY;
}
EXPORT_SYMBOL_GPL(power_level_request_active);

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
	struct power_level_snapshot snap;
	unsigned long flags;
	s64 old = atomic64_read(&req->state);

	/*
	 * Inactive and untimed, then marked removed: no update can arm the
	 * timer after that, so del_timer_sync() then leaves none running.
	 */
	do {
		if (pl_state_removed(old)) {
			qos_req_misuse("power_level", req, "removal");
			return;
		}
		pl_set(req, POWER_LEVEL_ANY);
		old = atomic64_read(&req->state);
	} while (pl_state_removed(old) ||
		 pl_state_level(old) != POWER_LEVEL_ANY ||
		 (old & QOS_REQ_TIMED) ||
		 !atomic64_try_cmpxchg(&req->state, &old,
				       qos_req_state(PL_CODE_REMOVED, 0,
						     qos_req_time(old))));
	del_timer_sync(&req->timer);
	power_level_snapshot(req, 0, &snap);

	raw_spin_lock_irqsave(&power_level_lock, flags);
	list_del(&req->node);
	qos_req_fold_stats(d, &snap.stats);
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
}
EXPORT_SYMBOL_GPL(power_level_remove_request);

/* The summed statistics of removed requests, for the read-outs. */
void power_level_deleted_stats(struct power_level_stats *st)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	*st = power_level_deleted;
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
}

/**
 * power_level_longest_remaining - How long requests at or below a level
 *	will stay active.
 * @level: Idle-state index; requests whose level is at most @level count.
 *
 * Lockless when no such request is active (the limit is above @level);
 * otherwise reads the per-level counts under the class's lock, without a
 * walk of the requests.  O(1): a few word operations and at most two
 * counts and one deadline per level (POWER_LEVEL_COUNT, no more
 * than a word's bits), whatever the number of requests;
 * has_wake_lock(WAKE_LOCK_IDLE) may be called on every idle entry.
 *
 * MAX_SCHEDULE_TIMEOUT is exact (returned if and only if one of them is
 * active without a timeout, an update in flight aside), and so is 0 when
 * none is active.  When all are timed, the time returned is an upper
 * bound: never below the true longest time left, but possibly above it
 * after a timed request stopped counting at a level before its deadline
 * (released, given a sooner deadline, made untimed or moved) while another
 * timed request stayed active there: the level keeps the latest deadline
 * set since its timed count was last zero.
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
	unsigned long flags, used, timed, now, left = 0;
	unsigned int l, top;

	if (power_level_limit() > level)
		return 0;
	/* The limit is at most @level, so 0 <= @level: levels 0 .. @level. */
	top = min_t(s32, level, POWER_LEVEL_COUNT - 1);
	raw_spin_lock_irqsave(&power_level_lock, flags);
	/* A level with an active request has its bit: only those can. */
	used = (unsigned long)atomic64_read(&power_level_published) &
	       GENMASK(top, 0);
	for_each_set_bit(l, &used, POWER_LEVEL_COUNT) {
		if (atomic_read(&pl_count[l]) > pl_timed[l]) {
			left = MAX_SCHEDULE_TIMEOUT;
			goto out;
		}
	}
	now = jiffies;
	timed = pl_timed_used[0] & GENMASK(top, 0);
	for_each_set_bit(l, &timed, POWER_LEVEL_COUNT) {
		if (time_before(now, pl_timed_latest[l]))
			left = max(left, pl_timed_latest[l] - now);
	}
out:
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	return left;
}
EXPORT_SYMBOL_GPL(power_level_longest_remaining);

/**
 * power_level_add_notifier - Be told when the limit changes.
 * @nb: Notifier, called with the new limit as its action.
 *
 * Callbacks run synchronously, in order, from the update that changed the
 * limit, with a raw spinlock of the class held and interrupts off: they
 * must be quick and take only raw spinlocks.  Quick changes may reach them
 * as one: the last limit they are given is always the current one.
 *
 * Context: Any context.
 * Return: 0, or the error of raw_notifier_chain_register().
 */
int power_level_add_notifier(struct notifier_block *nb)
{
	unsigned long flags;
	bool first;
	int ret;

	raw_spin_lock_irqsave(&pl_notify_lock, flags);
	first = !pl_notifiers.head;
	ret = raw_notifier_chain_register(&pl_notifiers, nb);
	/*
	 * The first listener starts from the limit as it is now, read after
	 * the chain is seen non-empty: an update whose change of the word
	 * this read misses sees the listener (its exchange is a full
	 * barrier before its read of the chain) and notifies after us.
	 */
	smp_mb();
	if (first)
		pl_notified = power_level_limit();
	raw_spin_unlock_irqrestore(&pl_notify_lock, flags);
	return ret;
}

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

	raw_spin_lock_irqsave(&pl_notify_lock, flags);
	ret = raw_notifier_chain_unregister(&pl_notifiers, nb);
	raw_spin_unlock_irqrestore(&pl_notify_lock, flags);
	return ret;
}

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

	for (i = min_t(int, index, power_level_limit()); i > 0; i--)
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
