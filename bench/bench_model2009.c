// SPDX-License-Identifier: GPL-2.0
/*
 * A model of 2009's pm_qos, for comparison only: each class kept its
 * requirements in a list, an update looked its requirement up by name
 * with strcmp() and then recomputed the aggregate over the whole list,
 * all under one spinlock.  The cost of an update is therefore linear in
 * the number of requirements; this model reproduces that shape.
 */

#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "bench.h"

struct model2009_req {
	struct list_head node;
	char name[32];
	s32 value;
};

struct model2009 {
	spinlock_t lock;	/* the class's one lock */
	struct list_head reqs;
	s32 target;
	char key[32];		/* the name the benchmark updates */
};

#define MODEL_DEFAULT	2000000000

struct model2009 *model2009_create(unsigned int n)
{
	struct model2009 *m = kzalloc(sizeof(*m), GFP_KERNEL);
	struct model2009_req *r;
	unsigned int i;

	if (!m)
		return NULL;
	spin_lock_init(&m->lock);
	INIT_LIST_HEAD(&m->reqs);
	m->target = MODEL_DEFAULT;
	for (i = 0; i < n; i++) {
		r = kzalloc(sizeof(*r), GFP_KERNEL);
		if (!r) {
			model2009_destroy(m);
			return NULL;
		}
		snprintf(r->name, sizeof(r->name), "requirement-%u", i);
		r->value = MODEL_DEFAULT;
		list_add_tail(&r->node, &m->reqs);
	}
	snprintf(m->key, sizeof(m->key), "requirement-%u", n / 2);
	return m;
}

void model2009_destroy(struct model2009 *m)
{
	struct model2009_req *r, *next;

	list_for_each_entry_safe(r, next, &m->reqs, node)
		kfree(r);
	kfree(m);
}

static void model2009_update(struct model2009 *m, const char *name,
			     s32 value)
{
	struct model2009_req *r;
	unsigned long flags;
	s32 target = MODEL_DEFAULT;

	spin_lock_irqsave(&m->lock, flags);
	list_for_each_entry(r, &m->reqs, node) {
		if (!strcmp(r->name, name)) {
			r->value = value;
			break;
		}
	}
	list_for_each_entry(r, &m->reqs, node)
		target = min(target, r->value);
	WRITE_ONCE(m->target, target);
	spin_unlock_irqrestore(&m->lock, flags);
}

void model2009_update_pair(struct model2009 *m)
{
	model2009_update(m, m->key, 10);
	model2009_update(m, m->key, MODEL_DEFAULT);
}
