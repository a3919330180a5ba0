/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Walking a pm_qos class's registry in bounded steps.
 *
 * A registry is a list under a raw spinlock taken with interrupts off,
 * because requests are added and removed from any context.  Read-outs that
 * any user may open (/proc/wakelocks, /sys/power/suspend_blockers) walk it;
 * holding the lock for the whole walk would let any user keep interrupts
 * off for a time proportional to the number of requests, and seq_file may
 * run the walk more than once per read.
 *
 * So a read-out puts a cursor entry into the list and drops the lock every
 * QOS_WALK_BATCH steps.  The cursor keeps the walker's place while the
 * lock is dropped: an entry removed meanwhile is just not seen, one added
 * is seen once (entries are added at the tail), and every entry registered
 * for the whole walk is visited exactly once.  Add and remove stay O(1)
 * and never wait for a walker; a walker costs them at most one batch of
 * lock hold time.  The price is that a read-out is no longer one atomic
 * snapshot of all requests: each entry is still read whole, under the lock.
 *
 * A cursor is an entry of the registry's own type, marked so that every
 * walker (batched or not) can tell it from a request and skip it.
 */
#ifndef _KERNEL_POWER_QOS_REGISTRY_WALK_H
#define _KERNEL_POWER_QOS_REGISTRY_WALK_H

#include <linux/list.h>
#include <linux/sched.h>
#include <linux/spinlock.h>

/* Steps (entries or other walkers' cursors) per lock hold. */
#define QOS_WALK_BATCH	32

struct qos_walk {
	raw_spinlock_t *lock;
	struct list_head *head;
	struct list_head *cursor;
	bool (*is_cursor)(const struct list_head *node);
	unsigned long flags;
	unsigned int left;
};

/*
 * Start a walk of @head under @lock, with @cursor (the node of an entry
 * that @is_cursor recognises) holding the walker's place.  Returns with
 * @lock held.  Process context: the walk reschedules between batches.
 */
static inline void qos_walk_start(struct qos_walk *w, raw_spinlock_t *lock,
				  struct list_head *head,
				  struct list_head *cursor,
				  bool (*is_cursor)(const struct list_head *))
{
	*w = (struct qos_walk) {
		.lock = lock,
		.head = head,
		.cursor = cursor,
		.is_cursor = is_cursor,
		.left = QOS_WALK_BATCH,
	};
	raw_spin_lock_irqsave(lock, w->flags);
	list_add(cursor, head);
}

/*
 * The next registered entry, with the lock held (the caller reads it whole
 * before asking for the next one), or NULL at the end of the list.  Every
 * QOS_WALK_BATCH steps the lock is dropped, with interrupts back on, and
 * taken again.
 */
static inline struct list_head *qos_walk_next(struct qos_walk *w)
{
	struct list_head *pos;

	for (;;) {
		if (!w->left--) {
			raw_spin_unlock_irqrestore(w->lock, w->flags);
			cond_resched();
			raw_spin_lock_irqsave(w->lock, w->flags);
			w->left = QOS_WALK_BATCH - 1;
		}
		pos = w->cursor->next;
		if (pos == w->head)
			return NULL;
		list_move(w->cursor, pos);	/* the cursor now follows pos */
		if (!w->is_cursor(pos))
			return pos;
	}
}

/* End a walk: the cursor leaves the list and the lock is released. */
static inline void qos_walk_end(struct qos_walk *w)
{
	list_del(w->cursor);
	raw_spin_unlock_irqrestore(w->lock, w->flags);
}

#endif /* _KERNEL_POWER_QOS_REGISTRY_WALK_H */
