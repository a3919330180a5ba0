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

/*
 * A class's typed view of its registry, for requests of @type that are
 * linked by a ->node and named by a ->name, under @lock on list @head:
 *
 *   PREFIX_registry_head()   @head;
 *   PREFIX_is_cursor(node)   a cursor's node, told apart by its name
 *	pointer, which points at @head (no request's name can be there);
 *   PREFIX_first(), PREFIX_next(req)   every registered request, cursors
 *	skipped, with @lock held: for (r = PREFIX_first(); r;
 *	r = PREFIX_next(r));
 *   struct PREFIX_walk, PREFIX_walk_start(), _next(), _end()   a batched
 *	walk as above, the cursor an entry of @type inside the walk.
 */
#define QOS_REGISTRY_DEFINE(prefix, type, lock, head)			\
static inline struct list_head *prefix##_registry_head(void)		\
{									\
	return head;							\
}									\
									\
static inline bool prefix##_is_cursor(const struct list_head *node)	\
{									\
	return list_entry(node, type, node)->name ==			\
		(const char *)prefix##_registry_head();			\
}									\
									\
static inline type *prefix##_registered_from(struct list_head *pos)	\
{									\
	for (; pos != prefix##_registry_head(); pos = pos->next)	\
		if (!prefix##_is_cursor(pos))				\
			return list_entry(pos, type, node);		\
	return NULL;							\
}									\
									\
static inline type *prefix##_first(void)				\
{									\
	return prefix##_registered_from(prefix##_registry_head()->next); \
}									\
									\
static inline type *prefix##_next(type *req)				\
{									\
	return prefix##_registered_from(req->node.next);		\
}									\
									\
struct prefix##_walk {							\
	struct qos_walk walk;						\
	type cursor;							\
};									\
									\
static inline void prefix##_walk_start(struct prefix##_walk *w)	\
{									\
	w->cursor.name = (const char *)prefix##_registry_head();	\
	qos_walk_start(&w->walk, lock, prefix##_registry_head(),	\
		       &w->cursor.node, prefix##_is_cursor);		\
}									\
									\
static inline type *prefix##_walk_next(struct prefix##_walk *w)	\
{									\
	struct list_head *pos = qos_walk_next(&w->walk);		\
									\
	return pos ? list_entry(pos, type, node) : NULL;		\
}									\
									\
static inline void prefix##_walk_end(struct prefix##_walk *w)		\
{									\
	qos_walk_end(&w->walk);						\
}

#endif /* _KERNEL_POWER_QOS_REGISTRY_WALK_H */
