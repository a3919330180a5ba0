/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pm_qos suspend-block class: requests that keep the system from suspending.
 *
 * A request is a handle its owner embeds or allocates.  It is added once
 * with a name, activated and deactivated any number of times (optionally
 * with a timeout), and removed.  While at least one request is active the
 * system is "blocked": autosleep does not start a suspend, and a suspend
 * started through the /sys/power/wakeup_count handshake is aborted.  A plain
 * write to /sys/power/state ignores requests (a forced suspend).
 *
 * Every operation on a request costs the same whatever the number of
 * requests; none sleeps, so all may be called from any context, under a
 * raw spinlock and in hard IRQ context on PREEMPT_RT too (the last
 * deactivation wakes the readers of wakeup_count from a work item).
 * The name is only shown in statistics and traces: nothing looks a request
 * up by it.
 */
#ifndef _LINUX_PM_QOS_SUSPEND_BLOCK_H
#define _LINUX_PM_QOS_SUSPEND_BLOCK_H

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/list.h>
#include <linux/notifier.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <linux/uidgid.h>

struct suspend_block_class_entry;

/**
 * struct suspend_block_stats - statistics of one suspend-block request
 * @active_count: activations (inactive -> active transitions)
 * @expire_count: deactivations done by the timeout
 * @wakeup_count: activations while a system suspend was in progress (they
 *	aborted it, or came from its resume path)
 * @total_time: nanoseconds spent active, closed intervals only
 * @max_time: longest closed active interval, ns
 * @prevent_time: nanoseconds spent active while autosleep was enabled
 * @last_change: CLOCK_MONOTONIC of the last activation or deactivation, ns
 *
 * Times are CLOCK_MONOTONIC in ns, read with ktime_get_mono_fast_ns(): the
 * clock of wakeup sources, usable in any context (an interval that would
 * come out negative across CPUs counts as zero).  A request behind a
 * wakeup source keeps none of its own: they are the source's.
 */
struct suspend_block_stats {
	u64 active_count;
	u64 expire_count;
	u64 wakeup_count;
	u64 total_time;
	u64 max_time;
	u64 prevent_time;
	u64 last_change;
};

/**
 * struct suspend_block_request - a handle that can block system suspend
 * @state: the request's state in one word, changed only by compare-and-
 *	exchange: bit 0 active, bit 2 removed, bit 4 timed (a timeout is
 *	pending), from bit 5 the CLOCK_MONOTONIC ns at which the current
 *	active interval started or, while inactive, at which the last one
 *	ended (the last change, reported as the last_change statistic).
 *	Internal to the class (kernel/power/qos_request.h).
 * @timer_lock: serialises timed activations, their expiry and every change
 *	to a state with the timed bit set; untimed activations and
 *	deactivations do not take it.  (A wakeup source's request: its
 *	source's lock does, with the source's timer.)
 * @expires: jiffies at which a timed activation ends, under @timer_lock
 *	(a wakeup source's request: under the source's lock)
 * @active_count: statistics as in struct suspend_block_stats, kept as
 *	atomics: each is updated without a lock by the call that makes the
 *	transition it counts
 * @expire_count: see @active_count
 * @wakeup_count: see @active_count
 * @total_time: see @active_count
 * @max_time: see @active_count
 * @prevent_time: see @active_count
 * @prevent_mark: the time up to which @prevent_time is accounted, so
 *	that the end of an interval and autosleep being switched off never
 *	count the same time twice
 * @timer: ends timed activations
 * @node: entry in the registry of requests (for read-outs only)
 * @entry_node: on the queue of requests waiting for their /sys/class/wakeup
 *	entry, under the registry's lock; internal to the class
 * @entry: that entry once it is made, under the registry's lock; internal
 *	to the class
 * @name: for statistics and tracing; owned by the caller
 * @owner: who made the request from user space, NULL for the kernel's own;
 *	owned by the caller, set before the request is added
 *
 * Invariant: the class's active count is at least the number of requests
 * with the active bit set (an activation counts itself before it sets the
 * bit, a deactivation clears the bit before it uncounts), and a request is
 * on the registry from add to remove.
 */
struct suspend_block_request {
	atomic64_t state;
	raw_spinlock_t timer_lock;	/* see the kernel-doc above */
	unsigned long expires;
	atomic64_t active_count;
	atomic64_t expire_count;
	atomic64_t wakeup_count;
	atomic64_t total_time;
	atomic64_t max_time;
	atomic64_t prevent_time;
	atomic64_t prevent_mark;
	struct timer_list timer;
	struct list_head node;
	struct list_head entry_node;
	struct suspend_block_class_entry *entry;
	const char *name;
	const struct suspend_block_owner *owner;
};

/**
 * struct suspend_block_owner - The process that made a user-space request.
 * @kind: the interface it came through ("fd", "sysfs")
 * @pid: its thread-group leader's pid, referenced
 * @uid: its real uid
 * @comm: its name at the time
 *
 * Recorded once, when the request is created, for the read-outs (the
 * owner columns of /proc/suspend_blockers): a request outlives neither its
 * file nor its name, but may outlive the process that made it.
 */
struct suspend_block_owner {
	const char *kind;
	struct pid *pid;
	kuid_t uid;
	char comm[16];		/* TASK_COMM_LEN, without <linux/sched.h> */
};

/* Bits of struct suspend_block_request's @state that callers may test. */
#define SUSPEND_BLOCK_STATE_ACTIVE	BIT_ULL(0)
#define SUSPEND_BLOCK_STATE_REMOVED	BIT_ULL(2)

/* Flags of suspend_block_source_start() and _stop(), for wakeup sources. */
#define SUSPEND_BLOCK_SOURCE_LOCKED	BIT(0)	/* under the source's lock */
#define SUSPEND_BLOCK_SOURCE_EXPIRED	BIT(1)	/* stop: the timeout's end */
#define SUSPEND_BLOCK_SOURCE_HANDOFF	BIT(2)	/* stop: register no event */

#ifdef CONFIG_PM_QOS_SUSPEND_BLOCK

/*
 * The owner of the request behind each mainline struct wakeup_source: the
 * wakeup-source code (drivers/base/power/wakeup.c) activates it whenever the
 * source is active, so one aggregate blocks suspend for both interfaces.
 */
extern const struct suspend_block_owner suspend_block_wakeup_source_owner;

static inline bool
suspend_block_backs_wakeup_source(const struct suspend_block_request *req)
{
	return req->owner == &suspend_block_wakeup_source_owner;
}

/*
 * For the wakeup-source code only (drivers/base/power/wakeup.c): a source's
 * request is its state, and the source keeps its statistics in its own
 * fields from the interval each call returns (the class keeps none for such
 * requests).  See suspend_block_source_start() and _stop().
 */
int suspend_block_source_start(struct suspend_block_request *req,
			       unsigned long expires, unsigned int flags,
			       u64 *since);
int suspend_block_source_stop(struct suspend_block_request *req,
			      unsigned int flags, u64 *since, u64 *end);
int suspend_block_source_try_start(struct suspend_block_request *req,
				   u64 *since);
int suspend_block_source_try_stop(struct suspend_block_request *req,
				  u64 *since, u64 *end);
bool suspend_block_source_active(struct suspend_block_request *req,
				 u64 *since);

/*
 * Whether a source's request has been removed: from then on the source's
 * own fields are its state (drivers/base/power/wakeup.c).
 */
static inline bool
suspend_block_request_removed(const struct suspend_block_request *req)
{
	return atomic64_read(&req->state) & SUSPEND_BLOCK_STATE_REMOVED;
}

struct seq_file;
/* For debugfs wakeup_sources: a row per request that backs no source. */
void suspend_block_show_wakeup_source_rows(struct seq_file *m);

void suspend_block_add_request(struct suspend_block_request *req,
			       const char *name);
void suspend_block_add_owned_request(struct suspend_block_request *req,
				     const char *name,
				     const struct suspend_block_owner *owner);
void suspend_block_owner_init(struct suspend_block_owner *owner,
			      const char *kind);
void suspend_block_owner_release(struct suspend_block_owner *owner);
void suspend_block_remove_request(struct suspend_block_request *req);
bool suspend_block_activate(struct suspend_block_request *req);
bool suspend_block_activate_timeout(struct suspend_block_request *req,
				    unsigned long timeout);
bool suspend_block_deactivate(struct suspend_block_request *req);

/**
 * suspend_block_request_active - Whether a request blocks suspend now.
 * @req: Added request.
 *
 * Inline: wakeup sources read it after each transition.
 *
 * Context: Any context.
 * Return: true if @req is active.
 */
static inline bool
suspend_block_request_active(const struct suspend_block_request *req)
{
	return atomic64_read(&req->state) & SUSPEND_BLOCK_STATE_ACTIVE;
}

unsigned long suspend_block_longest_remaining(void);
void suspend_block_get_stats(struct suspend_block_request *req,
			     struct suspend_block_stats *stats);

bool suspend_block_active(void);

/* Called by the PM core when autosleep is switched on or off. */
void suspend_block_autosleep_enabled(bool enabled);
/*
 * Called by the PM core when a suspend aborts on a pending wakeup event:
 * names the active requests; true if there are any.
 */
bool suspend_block_report_abort(void);

#else /* !CONFIG_PM_QOS_SUSPEND_BLOCK */

static inline void suspend_block_add_request(struct suspend_block_request *req,
					     const char *name) {}

static inline void
suspend_block_add_owned_request(struct suspend_block_request *req,
				const char *name,
				const struct suspend_block_owner *owner) {}

static inline void suspend_block_owner_init(struct suspend_block_owner *owner,
					    const char *kind) {}

static inline void
suspend_block_owner_release(struct suspend_block_owner *owner) {}

static inline void
suspend_block_remove_request(struct suspend_block_request *req) {}

static inline bool suspend_block_activate(struct suspend_block_request *req)
{
	return false;
}

static inline bool
suspend_block_activate_timeout(struct suspend_block_request *req,
			       unsigned long timeout)
{
	return false;
}

static inline bool suspend_block_deactivate(struct suspend_block_request *req)
{
	return false;
}

static inline bool
suspend_block_request_active(const struct suspend_block_request *req)
{
	return false;
}

static inline unsigned long suspend_block_longest_remaining(void)
{
	return 0;
}

static inline void suspend_block_get_stats(struct suspend_block_request *req,
					   struct suspend_block_stats *stats)
{
	memset(stats, 0, sizeof(*stats));
}

static inline bool suspend_block_active(void) { return false; }

static inline void suspend_block_autosleep_enabled(bool enabled) {}

static inline bool suspend_block_report_abort(void) { return false; }

static inline bool
suspend_block_backs_wakeup_source(const struct suspend_block_request *req)
{
	return false;
}

struct seq_file;
static inline void suspend_block_show_wakeup_source_rows(struct seq_file *m) {}

#endif /* CONFIG_PM_QOS_SUSPEND_BLOCK */

/* Notifier actions: the aggregate's transitions. */
#define SUSPEND_BLOCK_UNBLOCKED	0
#define SUSPEND_BLOCK_BLOCKED	1

#endif /* _LINUX_PM_QOS_SUSPEND_BLOCK_H */
