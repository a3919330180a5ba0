/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the suspend-block class shared by its core and its
 * read-outs (debugfs, sysfs).
 */
#ifndef _KERNEL_POWER_QOS_SUSPEND_BLOCK_H
#define _KERNEL_POWER_QOS_SUSPEND_BLOCK_H

#include <linux/ktime.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/pm_wakeup.h>

#include "qos_registry_walk.h"
#include "qos_time.h"

/*
 * The registry: every added request, for read-outs only.  Add and remove
 * take the lock with interrupts off; a reader walking it may take each
 * request's timer_lock inside it (never the other way round).  Read-outs
 * user space can trigger walk it in batches, with a cursor.
 */
extern raw_spinlock_t suspend_block_registry_lock;
extern struct list_head suspend_block_registry;

/*
 * suspend_block_first(), _next(), _is_cursor() and the batched walk
 * (struct suspend_block_walk, suspend_block_walk_start(), _next(), _end()):
 * see qos_registry_walk.h.
 */
QOS_REGISTRY_DEFINE(suspend_block, struct suspend_block_request,
		    &suspend_block_registry_lock, &suspend_block_registry)

/*
 * Each request's /sys/class/wakeup entry (qos_suspend_block_wakeup_class.c):
 * _add() and _remove() are called with the registry's lock held; _make()
 * after the add, by the paths that may sleep.  At most
 * SUSPEND_BLOCK_MAX_ENTRIES entries exist; later requests wait for one.
 */
#define SUSPEND_BLOCK_MAX_ENTRIES	1024
void suspend_block_entry_add(struct suspend_block_request *req);
void suspend_block_entry_remove(struct suspend_block_request *req);
void suspend_block_entry_make(struct suspend_block_request *req);
void suspend_block_entries_flush(void);
unsigned int suspend_block_entries_count(void);
struct device *suspend_block_entry_device(struct suspend_block_request *req);

/* The summed statistics of removed requests. */
void suspend_block_deleted_stats(struct suspend_block_stats *st);

/*
 * What the read-outs print of one request: its statistics (closed
 * intervals), and as of the time asked for, the open interval.
 */
struct suspend_block_snapshot {
	struct suspend_block_stats stats;
	bool active;
	bool overdue;			/* timed, and its deadline has passed */
	u64 open;			/* ns into the open active interval */
	u64 open_prevent;		/* ns of it preventing autosleep */
	unsigned long expires_in;	/* jiffies to a pending timeout or 0 */
};

void suspend_block_snapshot(struct suspend_block_request *req, u64 now,
			    struct suspend_block_snapshot *snap);

/*
 * For a read-out of wakeup source @ws, under ws->lock: whether it is
 * active, and the open interval up to @now (0 if none, never negative).
 * From its request's state word, one atomic read: a lock-free call writes
 * ws->active before it moves ws->last_time to the interval's start, so
 * the two together may pair the new state with the previous interval's
 * end.  A removed source (handed its event off) keeps both under ws->lock.
 *
 * Read the source's statistics before calling.  A deactivation adds the
 * interval to ws->total_time after the exchange that closes it, so a
 * total read after the state could count that interval twice, once in
 * the total and once as open; read before it, the total can only lag.
 */
static inline bool suspend_block_source_open(struct wakeup_source *ws,
					     ktime_t now, ktime_t *open)
{
	ktime_t since;
	bool active;
	u64 ns;

	/* Pairs with the full ordering of the exchange that ends an interval. */
	smp_rmb();
	if (suspend_block_request_removed(&ws->block)) {
		since = ws->last_time;
		active = ws->active;
	} else {
		active = suspend_block_source_active(&ws->block, &ns);
		since = ns_to_ktime(ns);
	}
	*open = active ? max_t(ktime_t, ktime_sub(now, since), 0) : 0;
	return active;
}

/*
 * For code built into the kernel (the torture test, the KUnit suites): not
 * exported, since no module has a use for them.
 */
unsigned int suspend_block_active_count(void);
int suspend_block_add_notifier(struct notifier_block *nb);
int suspend_block_remove_notifier(struct notifier_block *nb);
void suspend_block_flush_notifiers(void);

/*
 * Rare conditions the suspend-block hot path must know about, in one word
 * it reads once per call instead of one flag each:
 * bits are set and cleared with atomic bit operations.
 */
extern unsigned long suspend_block_rare;
#define SB_RARE_SUSPENDING	0	/* activations now are wakeups */
#define SB_RARE_AUTOSLEEP	1	/* active time prevents autosleep */
#define SB_RARE_HANDSHAKE	2	/* the suspend began under the handshake */

#endif /* _KERNEL_POWER_QOS_SUSPEND_BLOCK_H */
