// SPDX-License-Identifier: GPL-2.0
/*
 * pm_qos suspend-block class: O(1) requests that keep the system awake.
 *
 * The model.  The class's aggregate is one atomic count of active
 * requests, which the PM core sees as one wakeup event in progress while it
 * is non-zero: reading /sys/power/wakeup_count blocks, writing it back
 * fails, autosleep waits and a suspend started under that handshake aborts
 * at its next check; the 1 -> 0 transition wakes the waiters, so autosleep
 * starts at once, without polling.
 *
 * Requests are the skeleton of qos_request.h: a state word changed by one
 * compare-and-exchange, timeouts under a lock.  Here the word holds an
 * active bit and the start of the current active interval, later than the
 * previous one's, so an exchange never succeeds on a stale interval; the
 * call whose exchange made a transition measures the interval from the
 * start its exchange read.
 *
 * What holds: the aggregate is at least the number of active requests (an
 * activation counts before it sets its bit, a deactivation clears its bit
 * before it counts down), and while it is non-zero the PM core sees an
 * event in progress: the call that takes it from 0 to 1 begins the event
 * before its exchange publishes the count (sb_count_up()), the call that
 * takes it to 0 ends the event after (sb_count_down()).  So an activation
 * that finds the count non-zero may return at once: the event that covers
 * it began before and ends only after its own deactivation.  Calls racing
 * for 0 -> 1 each begin an event, and the losers take theirs back; begin,
 * end and cancel are additions to one counter, so they commute.
 *
 * Timeouts: the lock of the timed path is each request's timer_lock
 * (irqsave).
 *
 * Wakeup sources.  Every struct wakeup_source embeds a request that is its
 * state, so there is one aggregate and one event in progress for both;
 * drivers/base/power/wakeup.c drives it with suspend_block_source_start()
 * and _stop() and keeps mainline's statistics in the source.
 *
 * Locks: the registry's (read-outs only; add and remove are O(1) under it),
 * then a request's timer_lock.  The PM core's s2idle_lock is ordered with
 * neither: activations wake a suspend only with no class lock held, and the
 * abort report the PM core makes under it takes none (qos_suspend_attempt.c).
 */

#include <linux/atomic.h>
#include <linux/cred.h>
#include <linux/debugobjects.h>
#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/suspend.h>
#include <linux/workqueue.h>
#include <trace/events/suspend_qos.h>

#include "qos_request.h"
#include "qos_suspend_block.h"
#include "qos_torture.h"

DEFINE_RAW_SPINLOCK(suspend_block_registry_lock);
const struct suspend_block_owner suspend_block_wakeup_source_owner = {
	.kind = "wakeup_source",
};

LIST_HEAD(suspend_block_registry);
/* Statistics of removed requests, summed, under the registry lock. */
static struct suspend_block_stats suspend_block_deleted;

/*
 * Number of active requests: the aggregate, beside the PM core's count of
 * events, which its 0 <-> 1 transitions and wakeup sources' events move
 * too, in one cache line (struct pm_wakeup_counts).
 */
static atomic_t *const sb_active = &pm_wakeup_counts.suspend_blockers;

/* The rare-conditions word (qos_suspend_block.h). */
unsigned long suspend_block_rare;

/*
 * qos_mono_ns() when autosleep was switched on, 0 while it is off: active
 * time after it counts as preventing suspend.  sb_autosleep_off_at is when
 * it was last switched off: a deactivation that saw it on before clearing
 * its bit, and off after, accounts up to then (the switch's walk of the
 * registry no longer saw the request active).
 */
static atomic64_t sb_autosleep_since;	/* atomic64: no tearing on 32-bit */
static atomic64_t sb_autosleep_off_at;

static BLOCKING_NOTIFIER_HEAD(sb_notifiers);
static void sb_notify_fn(struct work_struct *work);
static DECLARE_WORK(sb_notify_work, sb_notify_fn);
/* Last state sent to the notifiers; only sb_notify_fn() touches it. */
static unsigned long sb_notified = SUSPEND_BLOCK_UNBLOCKED;

/*
 * The state word (qos_request.h): the code is an active and a removed bit,
 * the time the start of the active interval, or the end of the last one.
 */
#define SB_REQ_ACTIVE	SUSPEND_BLOCK_STATE_ACTIVE
#define SB_REQ_REMOVED	SUSPEND_BLOCK_STATE_REMOVED	/* until added again */
static_assert((SB_REQ_ACTIVE | SB_REQ_REMOVED) <= QOS_REQ_CODE_MASK);

static inline u64 sb_since(s64 state)
{
	return qos_req_time(state);
}

/*
 * The state of an interval starting at @now after the one in @old: its
 * start is strictly later, so that an exchange expecting a stale state word
 * fails (no ABA).  @timed: QOS_REQ_TIMED or 0.
 */
static inline s64 sb_active_state(s64 old, u64 now, u64 timed)
{
	return qos_req_state(SB_REQ_ACTIVE, timed,
			     max(now, sb_since(old) + 1));
}

/*
 * The state after the interval in @old ended at @now: the time field now
 * holds the end (never before the start), so it is always the request's
 * last change, and it never goes back, whatever order racing calls finish
 * their bookkeeping in.
 */
static inline s64 sb_inactive_state(s64 old, u64 now)
{
	return qos_req_state(qos_req_code(old) & SB_REQ_REMOVED, 0,
			     max(now, sb_since(old)));
}

/*
 * Notifiers run from a work item that reports the current state when it
 * differs from the last one reported: in order, never stale at the end, but
 * a quick blocked -> unblocked -> blocked may reach them as nothing.  The
 * hot path pays for this only when somebody listens.
 */
static void sb_notify_fn(struct work_struct *work)
{
	unsigned long state = atomic_read(sb_active) ?
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

/* The aggregate went 0 -> 1; the PM core's event is already in progress. */
static void sb_became_blocked(void)
{
	sb_kick_notifiers();
}

/*
 * An activation that is not a wakeup source's soft event started an active
 * interval: wake a suspend in progress under the wakeup_count handshake, as
 * a hard wakeup event does in mainline (pm_system_wakeup(), which makes
 * every later pm_wakeup_pending() true, armed or not).  A suspend may sit in the s2idle
 * loop, which looks for events again only when woken, so every such
 * activation wakes it, not only the one that made the aggregate's 0 -> 1:
 * a soft event may have made that one, waking nobody.
 *
 * Only while a suspend is in progress (the SUSPENDING bit, read afresh
 * here, not from the call's start): mainline leaves a successful handshake
 * armed until a suspend aborts, so an awake system usually has it armed,
 * and pm_system_wakeup() takes a global raw lock with interrupts off.
 *
 * Called with no lock of the class held: pm_system_wakeup() takes the PM
 * core's s2idle_lock, under which the PM core looks for pending wakeups
 * (and so reports aborts), so it must come after every lock that a
 * read-out may hold while it takes another.
 *
 * Ordering: the call's exchange of the aggregate is a full barrier.  If it
 * made the 0 -> 1, its begin() came before that: a suspend whose prepare
 * step or last check comes after these reads sees the event in progress
 * and aborts.  Otherwise it read a count that the 0 -> 1 call published
 * after its begin(): a suspend that passed its last check before that
 * begin() had set SUSPENDING (and HANDSHAKE) long before, with the full
 * barrier after them in sa_pm_begin() that pairs with this exchange, and
 * these reads see them.
 */
static void sb_wake_suspend(void)
{
	unsigned long rare = READ_ONCE(suspend_block_rare);

	/*
	 * A suspend that began under the handshake (SB_RARE_HANDSHAKE, see
	 * sa_pm_begin()), or one armed since: a check that found an event
	 * and disarmed the handshake does not end the s2idle loop on ACPI.
	 */
	if ((rare & BIT(SB_RARE_SUSPENDING)) &&
	    ((rare & BIT(SB_RARE_HANDSHAKE)) || READ_ONCE(events_check_enabled)))
		pm_system_wakeup();
}

/*
 * How a deactivation ends an interval (flags): by the request's timeout
 * (counted in expire_count); with the PM core's event registered by the
 * caller already (a wakeup source removed while active, which hands its
 * event to a count of its own), so that a 1 -> 0 transition cancels it
 * instead of registering it a second time; or as a wakeup source's, whose
 * statistics are its own and which registers one event per deactivation
 * (sb_count_down_source()).
 */
#define SB_STOP_EXPIRED		BIT(0)
#define SB_STOP_REGISTERED	BIT(1)
#define SB_STOP_SOURCE		BIT(2)

/* The aggregate went 1 -> 0: the event ends, registered unless @how says. */
static void sb_became_unblocked(unsigned int how)
{
	if (how & SB_STOP_REGISTERED)
		pm_wakeup_event_cancel();
	else
		pm_wakeup_event_end();
	sb_kick_notifiers();
}

/* The rare-conditions word (qos_suspend_block.h), read once per call. */
static __always_inline unsigned long sb_rare(void)
{
	return READ_ONCE(suspend_block_rare);
}

#define sb_rare_is(rare, bit)	unlikely((rare) & BIT(SB_RARE_##bit))

/*
 * One more request (about to be) active: before its bit is set.  The call
 * that finds the count at 0 begins the PM core's event before its exchange
 * publishes the non-zero count (see the model at the top of this file).
 * Waking a suspend in progress is the caller's, once it holds no lock:
 * sb_wake_suspend().
 *
 * Preemption is off, from here to the exchange that sets the bit (or the
 * count-down of a call that lost the race): a task preempted in between
 * would leave the aggregate counting a request that nothing shows, for as
 * long as it is off the CPU.  The lock-free calls disable it themselves
 * (sb_transition_begin()), the others run under a raw spinlock.
 */
static __always_inline void sb_count_up(void)
{
	int active = atomic_read(sb_active);
	bool begun = false;

	do {
		if (!active && !begun) {
			pm_wakeup_event_begin();
			begun = true;
			pm_qos_torture_window();
		}
	} while (!atomic_try_cmpxchg(sb_active, &active, active + 1));
	trace_suspend_block_aggregate(active + 1);
	if (begun && active)
		pm_wakeup_event_cancel();	/* another call won 0 -> 1 */
	if (!active)
		sb_became_blocked();
}

/*
 * The count-down of a wakeup source's deactivation, which registers one
 * event (mainline's count: one per deactivation) before its part of the
 * aggregate goes, so that a reader of the PM core's count sees the event
 * in progress, registered or both, never neither.  As the last one it
 * registers nothing first: the 1 -> 0 transition's pm_wakeup_event_end()
 * then registers it and ends the aggregate's event in one addition, as
 * mainline's deactivation does.  Otherwise it registers, and if the count
 * drops to 0 after all (the others went meanwhile), the transition only
 * cancels (SB_STOP_REGISTERED, set in *@how).  Return the new count.
 */
static __always_inline int sb_count_down_source(unsigned int *how)
{
	int active = atomic_read(sb_active);

	for (;;) {
		if (active > 1 && !(*how & SB_STOP_REGISTERED)) {
			pm_wakeup_event_register();
			*how |= SB_STOP_REGISTERED;
		}
		if (atomic_try_cmpxchg(sb_active, &active, active - 1))
			return active - 1;
	}
}

/*
 * One request fewer: after its bit is cleared (or it lost the race); @how:
 * SB_STOP_* flags, for sb_became_unblocked().
 *
 * Preemption is off from the exchange that cleared the bit to the end of
 * the PM core's event, as on the activation side (sb_count_up()): a task
 * preempted in between would leave the aggregate, and at 0 an event in
 * progress, with nothing active (wakeup_count readers and autosleep
 * blocked, suspend_blockers empty) for as long as it is off the CPU.
 * Interrupts may still come in between, for as long as a handler runs.
 */
static __always_inline void sb_count_down(unsigned int how)
{
	int active;

	if (how & SB_STOP_SOURCE)
		active = sb_count_down_source(&how);
	else
		active = atomic_dec_return(sb_active);

	trace_suspend_block_aggregate(active);
	if (!active) {
		pm_qos_torture_window();
		sb_became_unblocked(how);
	}
}

/*
 * A lock-free transition: preemption off from before the aggregate changes
 * to after the state word does (see sb_count_up() and sb_count_down()).
 * Calls under a raw spinlock have it off already.
 */
static __always_inline void sb_transition_begin(void)
{
	preempt_disable();
}

static __always_inline void sb_transition_end(void)
{
	preempt_enable();
}

/*
 * The state an activation of inactive @old exchanges in: the first try
 * counts the request up (before its bit is set, see the model) and reads
 * the clock, retries keep both.
 */
static __always_inline s64 sb_start_state(s64 old, u64 flags, bool *counted,
					  u64 *now)
{
	if (!*counted) {
		sb_count_up();
		*counted = true;
		*now = qos_mono_ns();
	}
	return sb_active_state(old, *now, flags);
}

/* Bookkeeping of the call that set the active bit for an interval. */
static __always_inline void sb_account_start(struct suspend_block_request *req,
					     unsigned long rare)
{
	atomic64_inc(&req->active_count);
	if (sb_rare_is(rare, SUSPENDING))
		atomic64_inc(&req->wakeup_count);
}

/* Count [@from, @to] as time spent preventing autosleep, at most once. */
static void sb_account_prevent(struct suspend_block_request *req, u64 from,
			       u64 to)
{
	s64 mark = atomic64_read(&req->prevent_mark);

	do {
		from = max_t(u64, from, mark);
		if (to <= from)
			return;
	} while (!atomic64_try_cmpxchg(&req->prevent_mark, &mark, to));
	atomic64_add(to - from, &req->prevent_time);
}

/*
 * The autosleep on-time to account an interval ending now from, given
 * @as_before, the on-time read before the active bit was cleared: 0 if
 * autosleep was off all along.  *@until is the end: @now, or the switch-off
 * time if autosleep went off in between.  If it went off and on again in
 * between, the new on-time is used and the stretch before the switch-off
 * is not counted unless the switch-off's walk saw the request active: a
 * known loss, bounded by one interval's prevent time, for two writes to
 * /sys/power/autosleep within one deactivation.
 */
static u64 sb_autosleep_window(u64 as_before, u64 now, u64 *until)
{
	u64 as = (u64)atomic64_read(&sb_autosleep_since);

	*until = now;
	if (as || !as_before)
		return as;
	/* Pairs with the smp_wmb() in suspend_block_autosleep_enabled(). */
	smp_rmb();
	*until = min_t(u64, now, atomic64_read(&sb_autosleep_off_at));
	return as_before;
}

/*
 * Bookkeeping of the call that cleared the active bit of the interval in
 * @old, at @now; @how: SB_STOP_* flags; @as_before: the autosleep on-time
 * read before the bit was cleared (0 if off, or not looked at because the
 * rare word said off).  Then the aggregate.
 */
static __always_inline void sb_account_stop(struct suspend_block_request *req,
					    s64 old, u64 now, unsigned int how,
					    u64 as_before, unsigned long rare)
{
	u64 since = sb_since(old), held = qos_elapsed_ns(since, now), as, until;

	atomic64_add(held, &req->total_time);
	qos_atomic64_max(&req->max_time, held);
	if (sb_rare_is(rare, AUTOSLEEP)) {
		as = sb_autosleep_window(as_before, now, &until);
		if (as)
			sb_account_prevent(req, max(since, as), until);
	}
	if (how & SB_STOP_EXPIRED) {
		atomic64_inc(&req->expire_count);
		trace_suspend_block_expire(req->name, held);
	} else {
		trace_suspend_block_deactivate(req->name, held);
	}
	sb_count_down(how);
}

/*
 * The autosleep on-time, read before a deactivation clears its bit, once
 * the rare word (read before) showed autosleep on: pairs with the
 * smp_mb__before_atomic() in suspend_block_autosleep_enabled() that
 * orders the switch-on.  Both reads come before the exchange (or, for an
 * expiry, the release) that ends the interval, which pairs with the
 * switch-off's release and barrier there.
 */
static __always_inline u64 sb_autosleep_before(unsigned long rare)
{
	if (!sb_rare_is(rare, AUTOSLEEP))
		return 0;
	/* The bit before the on-time; see above. */
	smp_rmb();
	return (u64)atomic64_read(&sb_autosleep_since);
}

static void sb_timer_fn(struct timer_list *t)
{
	struct suspend_block_request *req = from_timer(req, t, timer);
	unsigned long flags, rare;
	u64 as, now;
	s64 old;

	raw_spin_lock_irqsave(&req->timer_lock, flags);
	old = atomic64_read(&req->state);
	if (qos_req_timer_due(&req->timer, old, req->expires)) {
		rare = sb_rare();
		as = sb_autosleep_before(rare);
		/*
		 * Timed states change only under timer_lock.  Release: the
		 * reads of the rare word and of the autosleep on-time before
		 * the store that ends the interval, as a lock-free
		 * deactivation's exchange orders them; pairs with the
		 * release in suspend_block_autosleep_enabled().
		 */
		now = qos_mono_ns();
		atomic64_set_release(&req->state, sb_inactive_state(old, now));
		sb_account_stop(req, old, now, SB_STOP_EXPIRED, as, rare);
	}
	raw_spin_unlock_irqrestore(&req->timer_lock, flags);
}

/*
 * A call on a removed request (a wake_lock after wake_lock_destroy(), say):
 * refused.  Every path that can change a state tests the removed bit's
 * word anyway, so the check costs the hot path nothing.
 */
static bool sb_misuse(struct suspend_block_request *req, const char *what)
{
	qos_req_misuse("suspend_block", req, what);
	return false;
}

/*
 * Take an added request off the class: inactive, no timer pending, marked
 * removed (later calls are refused), its statistics folded into the
 * deleted totals, off the registry.
 */
static void sb_remove(struct suspend_block_request *req)
{
	struct suspend_block_stats *d = &suspend_block_deleted;
	struct suspend_block_stats st;
	unsigned long flags;
	s64 old;

	do {
		suspend_block_deactivate(req);
		del_timer_sync(&req->timer);
		old = atomic64_read(&req->state);
	} while ((old & SB_REQ_ACTIVE) ||
		 !atomic64_try_cmpxchg(&req->state, &old,
				       old | SB_REQ_REMOVED));
	trace_suspend_block_request_remove(req->name);
	suspend_block_get_stats(req, &st);

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	list_del(&req->node);
	suspend_block_entry_remove(req);
	/* A wakeup source's go to mainline's "deleted" source instead. */
	if (suspend_block_backs_wakeup_source(req)) {
		raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
		return;
	}
	qos_req_fold_stats(d, &st);
	d->wakeup_count += st.wakeup_count;
	d->prevent_time += st.prevent_time;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}

#ifdef CONFIG_DEBUG_OBJECTS_SUSPEND_BLOCK
/*
 * debugobjects: a request is "active" from add to remove.  What the checks
 * catch, and how the fixups keep the misuse from corrupting anything:
 *  - add of a request still added (a re-init in a probe retry): the old
 *    one is removed first, so the registry stays a list;
 *  - kfree() of an added request: it is removed before its memory goes;
 *  - activate, deactivate or remove of a request not added (or removed):
 *    it is marked removed, so the call is refused.
 */
static const struct debug_obj_descr sb_debug_descr;

static bool sb_debug_fixup_init(void *addr, enum debug_obj_state state)
{
	struct suspend_block_request *req = addr;

	if (state != ODEBUG_STATE_ACTIVE)
		return false;
	sb_remove(req);
	debug_object_deactivate(req, &sb_debug_descr);
	debug_object_init(req, &sb_debug_descr);
	return true;
}

static bool sb_debug_fixup_free(void *addr, enum debug_obj_state state)
{
	struct suspend_block_request *req = addr;

	if (state != ODEBUG_STATE_ACTIVE)
		return false;
	sb_remove(req);
	debug_object_deactivate(req, &sb_debug_descr);
	debug_object_free(req, &sb_debug_descr);
	return true;
}

static bool sb_debug_fixup_assert_init(void *addr, enum debug_obj_state state)
{
	struct suspend_block_request *req = addr;

	/* Not added: refuse this call and the next ones. */
	atomic64_set(&req->state, SB_REQ_REMOVED);
	return true;
}

static const struct debug_obj_descr sb_debug_descr = {
	.name = "suspend_block_request",
	.fixup_init = sb_debug_fixup_init,
	.fixup_free = sb_debug_fixup_free,
	.fixup_assert_init = sb_debug_fixup_assert_init,
};

static inline void sb_debug_add(struct suspend_block_request *req)
{
	debug_object_init(req, &sb_debug_descr);
	debug_object_activate(req, &sb_debug_descr);
}

static inline void sb_debug_remove(struct suspend_block_request *req)
{
	debug_object_deactivate(req, &sb_debug_descr);
	debug_object_free(req, &sb_debug_descr);
}

static inline void sb_debug_assert_added(struct suspend_block_request *req)
{
	debug_object_assert_init(req, &sb_debug_descr);
}
#else
static inline void sb_debug_add(struct suspend_block_request *req) {}
static inline void sb_debug_remove(struct suspend_block_request *req) {}
static inline void sb_debug_assert_added(struct suspend_block_request *req) {}
#endif

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
	suspend_block_add_owned_request(req, name, NULL);
}
EXPORT_SYMBOL_GPL(suspend_block_add_request);

/**
 * suspend_block_add_owned_request - Register a request made by user space.
 * @req: Request to initialise; embedded or allocated by the caller.
 * @name: Name for statistics and tracing; must outlive the request.
 * @owner: Process that made it (suspend_block_owner_init()), or NULL for
 *	a request of the kernel's own; must outlive the request.
 *
 * Like suspend_block_add_request(); read-outs show @owner's columns.
 *
 * Context: Any context.
 */
void suspend_block_add_owned_request(struct suspend_block_request *req,
				     const char *name,
				     const struct suspend_block_owner *owner)
{
	unsigned long flags;

	sb_debug_add(req);
	memset(req, 0, sizeof(*req));
	raw_spin_lock_init(&req->timer_lock);
	timer_setup(&req->timer, sb_timer_fn, TIMER_IRQSAFE);
	req->name = name;
	req->owner = owner;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	list_add_tail(&req->node, &suspend_block_registry);
	suspend_block_entry_add(req);
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	trace_suspend_block_request_add(name);
}
EXPORT_SYMBOL_GPL(suspend_block_add_owned_request);

static_assert(sizeof_field(struct suspend_block_owner, comm) ==
	      TASK_COMM_LEN);

/**
 * suspend_block_owner_init - Record the calling process as an owner.
 * @owner: Where to record it; release with suspend_block_owner_release().
 * @kind: The interface the request comes through ("fd", "sysfs"); must
 *	outlive @owner.
 *
 * Context: Process context.
 */
void suspend_block_owner_init(struct suspend_block_owner *owner,
			      const char *kind)
{
	owner->kind = kind;
	owner->pid = get_task_pid(current, PIDTYPE_TGID);
	owner->uid = current_uid();
	get_task_comm(owner->comm, current);
}
EXPORT_SYMBOL_GPL(suspend_block_owner_init);

/**
 * suspend_block_owner_release - Drop what suspend_block_owner_init() took.
 * @owner: Owner of a request removed already.
 *
 * Context: Any context.
 */
void suspend_block_owner_release(struct suspend_block_owner *owner)
{
	put_pid(owner->pid);
	owner->pid = NULL;
}
EXPORT_SYMBOL_GPL(suspend_block_owner_release);

/**
 * suspend_block_remove_request - Unregister a suspend-block request.
 * @req: Request added by suspend_block_add_request().
 *
 * An active request is deactivated first, with its statistics updated, so
 * removing the last active request unblocks suspend.  Waits for a running
 * timeout callback.  The request's statistics are added to the class's
 * "deleted" totals.  Nobody may use @req concurrently or afterwards (until
 * it is added again): a later activation or removal is refused with a
 * warning (with CONFIG_DEBUG_OBJECTS_SUSPEND_BLOCK, also adding a request
 * that is still added, and freeing one).  O(1).
 *
 * Context: Any context; must not hold a lock the timeout callback's
 * timer_lock nests in.
 */
void suspend_block_remove_request(struct suspend_block_request *req)
{
	sb_debug_assert_added(req);
	if (unlikely(atomic64_read(&req->state) & SB_REQ_REMOVED)) {
		sb_misuse(req, "remove");
		return;
	}
	sb_remove(req);
	sb_debug_remove(req);
}
EXPORT_SYMBOL_GPL(suspend_block_remove_request);

/* The summed statistics of removed requests, for the read-outs. */
void suspend_block_deleted_stats(struct suspend_block_stats *st)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	*st = suspend_block_deleted;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}

/*
 * Activation under timer_lock, which keeps timed states still: of a
 * request whose state may be timed, or with a timeout.  @timeout: jiffies
 * until the request deactivates itself (at least 1), or 0 for none, which
 * ends any pending timeout.
 */
static bool sb_activate_locked(struct suspend_block_request *req,
			       unsigned long timeout)
{
	u64 timed = timeout ? QOS_REQ_TIMED : 0, now = 0;
	unsigned long flags, rare = sb_rare();
	bool counted = false;
	s64 old, new;

	raw_spin_lock_irqsave(&req->timer_lock, flags);
	old = atomic64_read(&req->state);
	if (unlikely(old & SB_REQ_REMOVED)) {
		raw_spin_unlock_irqrestore(&req->timer_lock, flags);
		return sb_misuse(req, timeout ? "activate_timeout" : "activate");
	}
	do {
		if (old & SB_REQ_ACTIVE) {
			new = (old & ~(s64)QOS_REQ_TIMED) | timed;
			continue;
		}
		new = sb_start_state(old, timed, &counted, &now);
	} while (!atomic64_try_cmpxchg(&req->state, &old, new));
	if (timeout)
		req->expires = jiffies + timeout;
	qos_req_set_timer(&req->timer, old, timeout, req->expires);
	if (old & SB_REQ_ACTIVE) {
		if (counted)
			sb_count_down(0);
	} else {
		sb_account_start(req, rare);
	}
	trace_suspend_block_activate(req, timeout, !(old & SB_REQ_ACTIVE));
	raw_spin_unlock_irqrestore(&req->timer_lock, flags);
	if (old & SB_REQ_ACTIVE)
		return false;
	/* Not under timer_lock, which read-outs take inside the registry's. */
	sb_wake_suspend();
	return true;
}

/* The lock-free activation; see suspend_block_activate(). */
static __always_inline bool sb_activate(struct suspend_block_request *req)
{
	/*
	 * Acquire: when the request is found active already, the event that
	 * covers it began before the bit this read sees, and so before
	 * whatever the caller does once this returns.
	 */
	s64 old = atomic64_read_acquire(&req->state), new;
	unsigned long rare = sb_rare();
	bool counted = false;
	u64 now = 0;

	for (;;) {
		if (old & (SB_REQ_ACTIVE | QOS_REQ_TIMED | SB_REQ_REMOVED)) {
			/* Lost a race to another activation, or timed. */
			if (counted)
				sb_count_down(0);
			if (unlikely(old & SB_REQ_REMOVED))
				return sb_misuse(req, "activate");
			if (old & QOS_REQ_TIMED)
				return sb_activate_locked(req, 0);
			trace_suspend_block_activate(req, 0, false);
			return false;
		}
		new = sb_start_state(old, 0, &counted, &now);
		pm_qos_torture_preempt_window();
		if (atomic64_try_cmpxchg(&req->state, &old, new))
			break;
	}
	sb_account_start(req, rare);
	trace_suspend_block_activate(req, 0, true);
	sb_wake_suspend();
	return true;
}

/**
 * suspend_block_activate - Block suspend until deactivated.
 * @req: Added request.
 *
 * Activations do not nest: on an active request this only cancels a
 * pending timeout, so the request stays active until deactivated.  O(1);
 * on a request without a pending timeout, lock-free (one compare-and-
 * exchange, interrupts stay on).  A call that starts an active interval
 * while a suspend's wakeup_count handshake is armed also wakes that
 * suspend (pm_system_wakeup()), whatever else is active: one sitting in
 * the s2idle loop then aborts.
 *
 * Context: Any context, hard IRQ included.
 * Return: true if @req was inactive (this call started an active interval).
 */
bool suspend_block_activate(struct suspend_block_request *req)
{
	bool started;

	sb_debug_assert_added(req);
	sb_transition_begin();
	started = sb_activate(req);
	sb_transition_end();
	return started;
}
EXPORT_SYMBOL_GPL(suspend_block_activate);

/**
 * suspend_block_activate_timeout - Block suspend for a while.
 * @req: Added request.
 * @timeout: Jiffies until the request deactivates itself; 0 counts as 1,
 *	and anything above MAX_JIFFY_OFFSET (the longest timeout jiffies can
 *	express, half their range) as MAX_JIFFY_OFFSET, so that a huge value
 *	means "as long as possible", not a deadline in the past.
 *
 * On an active request this sets the new deadline, whether earlier or later
 * than the old one, and turns an untimed activation into a timed one.  An
 * expiry counts in the expire_count statistic.  Wakes a suspend in
 * progress as suspend_block_activate() does.  O(1): one timer-wheel
 * operation, under the request's timer_lock.
 *
 * Context: Any context, hard IRQ included.
 * Return: true if @req was inactive (this call started an active interval).
 */
bool suspend_block_activate_timeout(struct suspend_block_request *req,
				    unsigned long timeout)
{
	sb_debug_assert_added(req);
	return sb_activate_locked(req, clamp_t(unsigned long, timeout, 1,
					       MAX_JIFFY_OFFSET));
}
EXPORT_SYMBOL_GPL(suspend_block_activate_timeout);

/* Deactivation of a request whose state may be timed, under timer_lock. */
static bool sb_deactivate_locked(struct suspend_block_request *req)
{
	unsigned long flags, rare = sb_rare();
	u64 as = sb_autosleep_before(rare), now;
	s64 old;

	raw_spin_lock_irqsave(&req->timer_lock, flags);
	old = atomic64_read(&req->state);
	now = qos_mono_ns();
	do {
		if (!(old & SB_REQ_ACTIVE)) {
			raw_spin_unlock_irqrestore(&req->timer_lock, flags);
			return false;
		}
	} while (!atomic64_try_cmpxchg(&req->state, &old,
				       sb_inactive_state(old, now)));
	qos_req_set_timer(&req->timer, old, false, 0);
	sb_account_stop(req, old, now, 0, as, rare);
	raw_spin_unlock_irqrestore(&req->timer_lock, flags);
	return true;
}

/* The lock-free deactivation; see suspend_block_deactivate(). */
static __always_inline bool sb_deactivate(struct suspend_block_request *req)
{
	s64 new;
	s64 old = atomic64_read(&req->state);
	unsigned long rare;
	u64 as, now = 0;

	do {
		if (!(old & SB_REQ_ACTIVE))
			return false;
		if (old & QOS_REQ_TIMED)
			return sb_deactivate_locked(req);
		rare = sb_rare();
		as = sb_autosleep_before(rare);
		if (!now)
			now = qos_mono_ns();
		new = sb_inactive_state(old, now);
	} while (!atomic64_try_cmpxchg(&req->state, &old, new));
	pm_qos_torture_preempt_window();
	sb_account_stop(req, old, now, 0, as, rare);
	return true;
}

/**
 * suspend_block_deactivate - Stop blocking suspend.
 * @req: Added request.
 *
 * Cancels a pending timeout.  On an inactive request this is a harmless
 * no-op.  Deactivating the last active request unblocks suspend and lets a
 * waiting autosleep proceed at once.  O(1); lock-free unless a timeout is
 * pending.
 *
 * Context: Any context, hard IRQ included.
 * Return: true if @req was active.
 */
bool suspend_block_deactivate(struct suspend_block_request *req)
{
	bool stopped;

	sb_debug_assert_added(req);
	sb_transition_begin();
	stopped = sb_deactivate(req);
	sb_transition_end();
	return stopped;
}
EXPORT_SYMBOL_GPL(suspend_block_deactivate);

/*
 * The wakeup-source code's transitions (drivers/base/power/wakeup.c): the
 * request behind a source is its state, and the source keeps its own
 * statistics, so these keep none.  The source's timeout is its own timer,
 * under its own lock; the timed bit marks a state with that timeout
 * pending, which only calls holding that lock (SUSPEND_BLOCK_SOURCE_LOCKED)
 * may change: a lock-free call that finds it gets -EAGAIN and takes the
 * lock.  So the timeout and the transitions are ordered by the same
 * exchanges, and a timeout can only end the interval it was given for.
 * Not exported: wakeup sources are built in.
 */

static __always_inline int sb_source_start(struct suspend_block_request *req,
					   unsigned long expires,
					   unsigned int flags, u64 *since)
{
	s64 old = atomic64_read_acquire(&req->state), new;
	bool locked = flags & SUSPEND_BLOCK_SOURCE_LOCKED, counted = false;
	u64 timed = locked && expires ? QOS_REQ_TIMED : 0, now = 0;

	sb_debug_assert_added(req);
	if (timed)
		WRITE_ONCE(req->expires, expires);	/* for the read-outs */
	for (;;) {
		if (unlikely(old & SB_REQ_REMOVED) ||
		    ((old & QOS_REQ_TIMED) && !locked) ||
		    (old & SB_REQ_ACTIVE)) {
			/*
			 * The count taken back registers nothing: the
			 * source's events are registered by its stops.
			 */
			if (counted) {
				sb_count_down(SB_STOP_REGISTERED);
				counted = false;
			}
			if (unlikely(old & SB_REQ_REMOVED))
				return sb_misuse(req, "activate");
			if (!locked && (old & QOS_REQ_TIMED))
				return -EAGAIN;
			new = (old & ~(s64)QOS_REQ_TIMED) | timed;
			if (new == old ||
			    atomic64_try_cmpxchg(&req->state, &old, new)) {
				trace_suspend_block_activate(req, 0, false);
				return 0;
			}
			continue;
		}
		new = sb_start_state(old, timed, &counted, &now);
		pm_qos_torture_preempt_window();
		if (atomic64_try_cmpxchg(&req->state, &old, new))
			break;
	}
	*since = sb_since(new);
	trace_suspend_block_activate(req, 0, true);
	return 1;
}

/**
 * suspend_block_source_start - Activate a wakeup source's request.
 * @req: The request in a struct wakeup_source.
 * @expires: With SUSPEND_BLOCK_SOURCE_LOCKED: the jiffies at which the
 *	source's own timer will end the activation, or 0 for an untimed one,
 *	which ends a pending timeout.  Ignored without that flag.
 * @flags: SUSPEND_BLOCK_SOURCE_LOCKED if the caller holds the source's lock.
 * @since: Set to the start of the interval, if this call started one.
 *
 * Does not wake a suspend in progress, which mainline does only for a
 * source's "hard" events (the source's code does it then).
 *
 * Context: Any context.
 * Return: 1 if the request was inactive, 0 if it was active, -EAGAIN if a
 * timeout is pending and the caller does not hold the source's lock.
 */
int suspend_block_source_start(struct suspend_block_request *req,
			       unsigned long expires, unsigned int flags,
			       u64 *since)
{
	int ret;

	sb_transition_begin();
	ret = sb_source_start(req, expires, flags, since);
	sb_transition_end();
	return ret;
}

/**
 * suspend_block_source_try_start - Activate a source's request lock-free.
 * @req: The request in a struct wakeup_source.
 * @since: As for suspend_block_source_start().
 *
 * suspend_block_source_start(@req, 0, 0, @since), compiled for the source's
 * lock-free calls, which pay for no flag they do not pass.
 *
 * Context: Any context.
 * Return: As suspend_block_source_start().
 */
int suspend_block_source_try_start(struct suspend_block_request *req,
				   u64 *since)
{
	int ret;

	sb_transition_begin();
	ret = sb_source_start(req, 0, 0, since);
	sb_transition_end();
	return ret;
}

static __always_inline int sb_source_stop(struct suspend_block_request *req,
					  unsigned int flags, u64 *since,
					  u64 *end)
{
	bool locked = flags & SUSPEND_BLOCK_SOURCE_LOCKED;
	s64 old = atomic64_read(&req->state), new;
	u64 now = 0, held;

	sb_debug_assert_added(req);
	do {
		if (!(old & SB_REQ_ACTIVE))
			return 0;
		if ((old & QOS_REQ_TIMED) && !locked)
			return -EAGAIN;
		if ((flags & SUSPEND_BLOCK_SOURCE_EXPIRED) &&
		    !(old & QOS_REQ_TIMED))
			return 0;
		if (!now)
			now = qos_mono_ns();
		new = sb_inactive_state(old, now);
	} while (!atomic64_try_cmpxchg(&req->state, &old, new));
	pm_qos_torture_preempt_window();
	*since = sb_since(old);
	*end = sb_since(new);
	held = qos_elapsed_ns(*since, *end);
	if (flags & SUSPEND_BLOCK_SOURCE_EXPIRED)
		trace_suspend_block_expire(req->name, held);
	else
		trace_suspend_block_deactivate(req->name, held);
	sb_count_down(flags & SUSPEND_BLOCK_SOURCE_HANDOFF ?
		      SB_STOP_REGISTERED : SB_STOP_SOURCE);
	return 1;
}

/**
 * suspend_block_source_stop - Deactivate a wakeup source's request.
 * @req: The request in a struct wakeup_source.
 * @flags: SUSPEND_BLOCK_SOURCE_LOCKED if the caller holds the source's
 *	lock; with it, SUSPEND_BLOCK_SOURCE_EXPIRED to end only a timed
 *	activation (the source's timer), SUSPEND_BLOCK_SOURCE_HANDOFF to
 *	register no event (a source removed while active keeps its event in a
 *	count of its own).
 * @since: Set to the start of the interval, if this call ended one.
 * @end: Set to its end.
 *
 * Registers one PM-core event, as mainline's deactivation of a source does,
 * before the request's part of the aggregate goes (sb_count_down_source()).
 *
 * Context: Any context.
 * Return: 1 if the request was active, 0 if not (or, with
 * SUSPEND_BLOCK_SOURCE_EXPIRED, not timed), -EAGAIN if a timeout is pending
 * and the caller does not hold the source's lock.
 */
int suspend_block_source_stop(struct suspend_block_request *req,
			      unsigned int flags, u64 *since, u64 *end)
{
	int ret;

	sb_transition_begin();
	ret = sb_source_stop(req, flags, since, end);
	sb_transition_end();
	return ret;
}

/**
 * suspend_block_source_try_stop - Deactivate a source's request lock-free.
 * @req: The request in a struct wakeup_source.
 * @since: As for suspend_block_source_stop().
 * @end: As for suspend_block_source_stop().
 *
 * suspend_block_source_stop(@req, 0, @since, @end), compiled for the
 * source's lock-free calls.
 *
 * Context: Any context.
 * Return: As suspend_block_source_stop().
 */
int suspend_block_source_try_stop(struct suspend_block_request *req,
				  u64 *since, u64 *end)
{
	int ret;

	sb_transition_begin();
	ret = sb_source_stop(req, 0, since, end);
	sb_transition_end();
	return ret;
}

/*
 * For the wakeup-source code: whether a source's request is active, and if
 * so since when (autosleep's switch accounts the open interval).
 */
bool suspend_block_source_active(struct suspend_block_request *req,
				 u64 *since)
{
	s64 state = atomic64_read(&req->state);

	*since = sb_since(state);
	return state & SB_REQ_ACTIVE;
}

/* Jiffies left of @req's activation, with its timer_lock held. */
static unsigned long sb_left(struct suspend_block_request *req, s64 state)
{
	/* One read: a tick between two would make the rest about ULONG_MAX. */
	unsigned long now;

	if (!(state & SB_REQ_ACTIVE))
		return 0;
	if (!(state & QOS_REQ_TIMED))
		return MAX_SCHEDULE_TIMEOUT;
	now = jiffies;
	return time_before(now, req->expires) ? req->expires - now : 0;
}

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

	if (!suspend_block_active())
		return 0;
	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	for (req = suspend_block_first(); req; req = suspend_block_next(req)) {
		raw_spin_lock(&req->timer_lock);
		left = max(left, sb_left(req, atomic64_read(&req->state)));
		raw_spin_unlock(&req->timer_lock);
		if (left == MAX_SCHEDULE_TIMEOUT)
			break;
	}
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return left;
}
EXPORT_SYMBOL_GPL(suspend_block_longest_remaining);

/**
 * suspend_block_get_stats - Copy a request's statistics.
 * @req: Added request.
 * @stats: Where to copy them.
 *
 * Times cover closed active intervals only.  Each field is read on its
 * own: with calls racing on @req, they may be a transition apart.
 *
 * Context: Any context.
 */
void suspend_block_get_stats(struct suspend_block_request *req,
			     struct suspend_block_stats *stats)
{
	*stats = (struct suspend_block_stats) {
		.active_count = atomic64_read(&req->active_count),
		.expire_count = atomic64_read(&req->expire_count),
		.wakeup_count = atomic64_read(&req->wakeup_count),
		.total_time = atomic64_read(&req->total_time),
		.max_time = atomic64_read(&req->max_time),
		.prevent_time = atomic64_read(&req->prevent_time),
		/* The state word holds the last start or end. */
		.last_change = sb_since(atomic64_read(&req->state)),
	};
}
EXPORT_SYMBOL_GPL(suspend_block_get_stats);

/*
 * The view of one request the read-outs print: statistics, and the open
 * interval as of @now.
 */
void suspend_block_snapshot(struct suspend_block_request *req, u64 now,
			    struct suspend_block_snapshot *snap)
{
	unsigned long flags;
	u64 since, as;
	s64 state;

	raw_spin_lock_irqsave(&req->timer_lock, flags);
	state = atomic64_read(&req->state);
	snap->active = state & SB_REQ_ACTIVE;
	snap->expires_in = (state & QOS_REQ_TIMED) ? sb_left(req, state) : 0;
	snap->overdue = (state & QOS_REQ_TIMED) && !snap->expires_in;
	raw_spin_unlock_irqrestore(&req->timer_lock, flags);
	suspend_block_get_stats(req, &snap->stats);

	since = sb_since(state);
	snap->open = snap->active ? qos_elapsed_ns(since, now) : 0;
	as = (u64)atomic64_read(&sb_autosleep_since);
	since = max3(since, as, (u64)atomic64_read(&req->prevent_mark));
	snap->open_prevent = snap->active && as ? qos_elapsed_ns(since, now) : 0;
}

/**
 * suspend_block_active - Whether any suspend-block request is active.
 *
 * Context: Any context; lockless.
 * Return: true if at least one request is active.
 */
bool suspend_block_active(void)
{
	return atomic_read(sb_active) > 0;
}
EXPORT_SYMBOL_GPL(suspend_block_active);

/**
 * suspend_block_active_count - Number of active suspend-block requests.
 *
 * Context: Any context; lockless.
 * Return: the count, which may change as soon as it is read.
 */
unsigned int suspend_block_active_count(void)
{
	return atomic_read(sb_active);
}

/**
 * suspend_block_add_notifier - Be told when suspend becomes (un)blocked.
 * @nb: Notifier; called with SUSPEND_BLOCK_BLOCKED or
 *	SUSPEND_BLOCK_UNBLOCKED.
 *
 * Callbacks run in process context from a work item, one at a time, in the
 * order of the aggregate's transitions; after the last transition they have
 * been told the final state.  Transitions faster than the work item may be
 * coalesced (blocked -> unblocked -> blocked can arrive as nothing).
 * If the last state reported differs from the current one (transitions
 * while nobody listened are not reported), every notifier is told the
 * current state first, so that the next transition reaches @nb.
 *
 * Context: Process context.
 * Return: 0, or the error of blocking_notifier_chain_register().
 */
int suspend_block_add_notifier(struct notifier_block *nb)
{
	int ret = blocking_notifier_chain_register(&sb_notifiers, nb);

	/*
	 * Without listeners the work item does not run, so the state it
	 * reported last may be stale: a later transition back to it would
	 * look like no change.  Let it catch up now.  The full barrier:
	 * the chain's new head before the work's read of the aggregate;
	 * pairs with the fully ordered exchange of the aggregate before
	 * sb_kick_notifiers() reads the head.  queue_work() documents its
	 * ordering only when it queues; its test_and_set_bit() is fully
	 * ordered when the work is pending too (since 6.0), so the barrier
	 * only states the pairing there.
	 */
	if (!ret) {
		/* The head before the work's read; see above. */
		smp_mb();
		queue_work(system_wq, &sb_notify_work);
	}
	return ret;
}

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

/**
 * suspend_block_autosleep_enabled - Autosleep was switched on or off.
 * @enabled: Its new state.
 *
 * From now on, time active requests spend active counts (or stops
 * counting) as time spent preventing suspend.  Switching it off walks the
 * registry to account the active requests' time so far: called only when
 * autosleep changes state.
 *
 * Context: Any context.
 */
void suspend_block_autosleep_enabled(bool enabled)
{
	struct suspend_block_request *req;
	unsigned long flags;
	u64 now = qos_mono_ns(), as;
	s64 state;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	as = atomic64_read(&sb_autosleep_since);
	if (enabled && !as) {
		atomic64_set(&sb_autosleep_since, max(now, 1ULL));
		/*
		 * The on-time before the bit: pairs with the smp_rmb() in
		 * sb_autosleep_before(), which reads the time once it sees
		 * the bit.
		 */
		smp_mb__before_atomic();
		set_bit(SB_RARE_AUTOSLEEP, &suspend_block_rare);
	} else if (!enabled && as) {
		/*
		 * A deactivation that saw autosleep on and then sees it off
		 * accounts up to the switch-off time: stored first.  Pairs
		 * with the smp_rmb() in sb_autosleep_window().
		 */
		atomic64_set(&sb_autosleep_off_at, now);
		smp_wmb();	/* the off time before the on time's 0 */
		/* Before the switch: an interval ending now is not lost. */
		for (req = suspend_block_first(); req; req = suspend_block_next(req)) {
			state = atomic64_read(&req->state);
			if (state & SB_REQ_ACTIVE)
				sb_account_prevent(req,
						   max(sb_since(state), as),
						   now);
		}
		/*
		 * The walk's loads of the states before the stores that
		 * switch off (the release, and the barrier before the bit).
		 * A deactivation reads the rare word and the on-time
		 * (sb_autosleep_before()) before the exchange or the
		 * release that ends its interval: so either the walk saw
		 * the request active and accounted it, or the deactivation
		 * saw autosleep still on and accounts itself
		 * (sb_account_prevent() counts a stretch once).  Without
		 * them (load buffering) each could see the other's old
		 * value, and the interval's prevent time be lost.
		 */
		atomic64_set_release(&sb_autosleep_since, 0);
		/* The walk's loads before the bit; see above. */
		smp_mb__before_atomic();
		clear_bit(SB_RARE_AUTOSLEEP, &suspend_block_rare);
	}
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}

