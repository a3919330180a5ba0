/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The request skeleton both pm_qos classes (suspend-block, power-level)
 * are built on.
 *
 * State.  A request's state is one 64-bit word: a code of the class's own
 * in the low four bits (suspend-block: an active and a removed bit;
 * power-level: the level, "inactive" or "removed"), the timed bit, then a
 * time in ns, the class's clock at the state's last change (2^59 ns is 18
 * years of uptime).  An untimed change is one compare-and-exchange and no
 * lock; the call whose exchange made a transition updates the request's
 * statistics (atomics), so racing calls never count one transition twice.
 *
 * Timed path.  One lock of the class (suspend-block: each request's
 * timer_lock; power-level: power_level_lock) serialises timed changes, the
 * expiry, and every change of a state whose timed bit is set: lock-free
 * callers that find the bit take the lock.  So a request's timer (timer
 * wheel: O(1)) is pending exactly while the bit is set, and an expiry
 * never ends a state that a later call renewed.
 *
 * Removal.  The request is made inactive and untimed, then marked removed
 * by an exchange, after which no call can arm its timer, so
 * del_timer_sync() leaves none running; its statistics are folded into the
 * class's totals of removed requests.  Any later call is a driver bug (use
 * after remove): refused, changing nothing, with a warning.
 */
#ifndef _KERNEL_POWER_QOS_REQUEST_H
#define _KERNEL_POWER_QOS_REQUEST_H

#include <linux/bits.h>
#include <linux/bug.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/types.h>

#define QOS_REQ_CODE_MASK	GENMASK_ULL(3, 0)
#define QOS_REQ_TIMED		BIT_ULL(4)
#define QOS_REQ_TIME_SHIFT	5

static inline u64 qos_req_code(s64 state)
{
	return (u64)state & QOS_REQ_CODE_MASK;
}

static inline u64 qos_req_time(s64 state)
{
	return (u64)state >> QOS_REQ_TIME_SHIFT;
}

/* @timed: QOS_REQ_TIMED or 0. */
static inline s64 qos_req_state(u64 code, u64 timed, u64 time)
{
	return (s64)((time << QOS_REQ_TIME_SHIFT) | timed | code);
}

/*
 * The timed path's last step, under the class's lock, after its exchange
 * from @old to a state that is timed (until @expires) or not: the timer is
 * pending exactly while the state is timed.
 */
static inline void qos_req_set_timer(struct timer_list *timer, s64 old,
				     bool timed, unsigned long expires)
{
	if (timed)
		mod_timer(timer, expires);
	else if (old & QOS_REQ_TIMED)
		del_timer(timer);
}

/*
 * In a request's timer callback, under the class's lock, with @state read
 * under it: whether the timed state is due to end now.  A timed state not
 * yet due had a timeout longer than the wheel's range (days), which it
 * caps: the timer is armed again for the rest.
 */
static inline bool qos_req_timer_due(struct timer_list *timer, s64 state,
				     unsigned long expires)
{
	if (!(state & QOS_REQ_TIMED))
		return false;
	if (time_after_eq(jiffies, expires))
		return true;
	mod_timer(timer, expires);
	return false;
}

/*
 * Add a removed request's statistics @st to its class's totals @sum, under
 * the class's lock: the fields both classes keep (a class adds its own).
 */
#define qos_req_fold_stats(sum, st)					\
do {									\
	typeof(sum) __sum = (sum);					\
	typeof(st) __st = (st);						\
									\
	__sum->active_count += __st->active_count;			\
	__sum->expire_count += __st->expire_count;			\
	__sum->total_time += __st->total_time;				\
	__sum->max_time = max(__sum->max_time, __st->max_time);	\
	__sum->last_change = max(__sum->last_change, __st->last_change); \
} while (0)

/*
 * A call on a removed request of class @class: refused by the caller,
 * which changes nothing, so a warning (once per class) is enough.  A
 * removed request must not block suspend or limit idle states forever.
 */
static inline void qos_req_misuse(const char *class, const void *req,
				  const char *what)
{
	WARN_ONCE(1, "%s: %s of removed request %p\n", class, what, req);
}

#endif /* _KERNEL_POWER_QOS_REQUEST_H */
