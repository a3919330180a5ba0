/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the KUnit suites of the suspend-block class: requests
 * a case owns, removed when it ends however it ends.
 */
#ifndef _KERNEL_POWER_KUNIT_SUSPEND_BLOCK_TEST_H
#define _KERNEL_POWER_KUNIT_SUSPEND_BLOCK_TEST_H

#include <kunit/test.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "../qos_suspend_block.h"

/* How many times @r is on the registry (an address, only compared). */
static inline int sb_registered(const void *r)
{
	struct suspend_block_request *p;
	unsigned long flags;
	int n = 0;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	list_for_each_entry(p, &suspend_block_registry, node)
		n += p == r;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return n;
}

/*
 * Cleanup of a request when its case ends, whether it passed, failed or an
 * assertion stopped it: still registered, it is removed before KUnit frees
 * its memory, so that a failing case leaves neither a freed entry on the
 * registry nor an active request behind.  Resources are released last in,
 * first out: the tracker, added after the memory, goes first.
 */
static inline void sb_test_untrack(struct kunit_resource *res)
{
	struct suspend_block_request *r = res->data;

	if (sb_registered(r))
		suspend_block_remove_request(r);
}

/* Give @r, memory the case owns, the cleanup above; before adding it. */
static inline void sb_test_track(struct kunit *test,
				 struct suspend_block_request *r)
{
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 sb_test_untrack,
							 GFP_KERNEL, r));
}

/* Add @r, memory the case owns, with the cleanup above. */
static inline void sb_test_add_tracked(struct kunit *test,
				       struct suspend_block_request *r,
				       const char *name)
{
	sb_test_track(test, r);
	suspend_block_add_request(r, name);
}

/*
 * Requests (and their timers) live on the heap: debugobjects insists that
 * on-stack timers be annotated, and real users embed requests in objects.
 */
static inline struct suspend_block_request *
sb_test_add(struct kunit *test, const char *name)
{
	struct suspend_block_request *r;

	KUNIT_ASSERT_EQ(test, suspend_block_active_count(), 0U);
	r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r);
	sb_test_add_tracked(test, r, name);
	return r;
}

#endif /* _KERNEL_POWER_KUNIT_SUSPEND_BLOCK_TEST_H */
