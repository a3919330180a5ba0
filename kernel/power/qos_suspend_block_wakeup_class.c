// SPDX-License-Identifier: GPL-2.0
/*
 * A /sys/class/wakeup entry for every suspend-block request.
 *
 * Since Android 11, user space learns what kept the system awake only from
 * /sys/class/wakeup (SystemSuspend's kernel wakelock statistics): one
 * directory per source of wakeup events, with its name and nine counters.
 * Mainline's wakeup sources have theirs; this gives one to every other
 * request of the class (wake locks of both APIs, /dev/suspend_block files,
 * early suspend's requests, the requests of drivers), numbered wakeupN
 * with the wakeup sources, with their attributes and meanings.
 *
 * Requests are added and removed in any context, and a class device can
 * only be made or unregistered where sleeping is allowed, so a work item
 * does both.  An added request waits on a queue for its entry; a removed
 * one hands its entry over to be unregistered.  Where the add may sleep
 * (every path from user space: /sys/power/wake_lock, /dev/suspend_block),
 * the caller makes the entry itself (suspend_block_entry_make()), so it is
 * listed when the call returns, as mainline's wakeup_source_register()
 * lists its source's; the kernel's own requests, added in any context,
 * get theirs from the work.  A removed request's entry stays listed until
 * the work unregisters it, and reads what the request showed when it was
 * removed: its name, and its counters frozen then (SystemSuspend reads
 * every file of every entry it lists, and logs any that fails).  A
 * request removed before its entry was made never gets one.  Out of
 * memory, the work leaves the rest of the queue for its next run (the
 * next add or remove).
 *
 * Entries are capped at SUSPEND_BLOCK_MAX_ENTRIES, far above the few
 * hundred wake locks of a phone: a class device costs kilobytes and, under
 * emulation, milliseconds to make and to unregister, while the class takes
 * a hundred thousand requests in O(1) each (tests/readout-walk.sh
 * registers that many; /dev/suspend_block gives one to every open file).
 * Past the cap, requests wait on the queue, oldest first, and get an entry
 * as others go; /proc/wakelocks and debugfs list every request.
 *
 * One run of the work makes at most SBC_BATCH entries, then queues itself
 * again: a request removed and added in a loop (the torture's churn)
 * keeps the queue from ever emptying, and a run must not hold a worker
 * for as long.  The queue, the link between a request and its entry, the
 * count of entries and an entry's frozen counters are under the
 * registry's lock.  An entry is freed only after its device is
 * unregistered, which waits for its attribute reads to finish (kernfs
 * drains them), so a read always finds its entry.
 */

#include <linux/device.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/pm_wakeup.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>

#include "qos_suspend_block.h"

#define SBC_BATCH		32

/* What an entry shows: mainline's counters, in one array read at once. */
enum {
	SBC_ACTIVE_COUNT,
	SBC_EVENT_COUNT,
	SBC_WAKEUP_COUNT,
	SBC_EXPIRE_COUNT,
	SBC_ACTIVE_TIME_MS,
	SBC_TOTAL_TIME_MS,
	SBC_MAX_TIME_MS,
	SBC_LAST_CHANGE_MS,
	SBC_PREVENT_SUSPEND_TIME_MS,
	SBC_NR_VALUES
};

/**
 * struct suspend_block_class_entry - A request's /sys/class/wakeup entry.
 * @req: the request; NULL once it is removed
 * @dev: the class device; NULL while it is being made
 * @retired: on sbc_retired once the request is removed and @dev exists
 * @name: the request's name, copied before @dev is made
 * @final: the counters when the request was removed (once @req is NULL)
 */
struct suspend_block_class_entry {
	struct suspend_block_request *req;
	struct device *dev;
	struct list_head retired;
	char *name;
	u64 final[SBC_NR_VALUES];
};

static LIST_HEAD(sbc_queue);		/* requests waiting for an entry */
static unsigned int sbc_entries;	/* made or being made, not yet freed */
static LIST_HEAD(sbc_retired);		/* entries to unregister */
static bool sbc_ready;			/* the wakeup class exists */
static void sbc_work_fn(struct work_struct *work);
static DECLARE_WORK(sbc_work, sbc_work_fn);

static u64 sbc_ms(u64 ns)
{
	return div_u64(ns, NSEC_PER_MSEC);
}

/*
 * @req's counters now.  The class's times are CLOCK_MONOTONIC, as
 * mainline's sources' are.  Called with the registry's lock held.
 */
static void sbc_values(struct suspend_block_request *req,
		       u64 v[SBC_NR_VALUES])
{
	struct suspend_block_snapshot snap;
	struct suspend_block_stats *st = &snap.stats;

	suspend_block_snapshot(req, qos_mono_ns(), &snap);
	v[SBC_ACTIVE_COUNT] = st->active_count;
	/* Each activation is the one event it reports. */
	v[SBC_EVENT_COUNT] = st->active_count;
	v[SBC_WAKEUP_COUNT] = st->wakeup_count;
	v[SBC_EXPIRE_COUNT] = st->expire_count;
	v[SBC_ACTIVE_TIME_MS] = sbc_ms(snap.open);
	v[SBC_TOTAL_TIME_MS] = sbc_ms(st->total_time + snap.open);
	v[SBC_MAX_TIME_MS] = sbc_ms(max(st->max_time, snap.open));
	v[SBC_LAST_CHANGE_MS] = sbc_ms(st->last_change);
	v[SBC_PREVENT_SUSPEND_TIME_MS] = sbc_ms(st->prevent_time +
						snap.open_prevent);
}

/* Read @dev's request, or what it showed when it was removed. */
static void sbc_read(struct device *dev, u64 v[SBC_NR_VALUES])
{
	struct suspend_block_class_entry *e = dev_get_drvdata(dev);
	unsigned long flags;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	if (e->req)
		sbc_values(e->req, v);
	else
		memcpy(v, e->final, sizeof(e->final));
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}

static ssize_t sbc_value_show(struct device *dev,
			      struct device_attribute *attr, char *buf);

static struct device_attribute sbc_value_attrs[SBC_NR_VALUES] = {
	[SBC_ACTIVE_COUNT] = __ATTR(active_count, 0444, sbc_value_show, NULL),
	[SBC_EVENT_COUNT] = __ATTR(event_count, 0444, sbc_value_show, NULL),
	[SBC_WAKEUP_COUNT] = __ATTR(wakeup_count, 0444, sbc_value_show, NULL),
	[SBC_EXPIRE_COUNT] = __ATTR(expire_count, 0444, sbc_value_show, NULL),
	[SBC_ACTIVE_TIME_MS] = __ATTR(active_time_ms, 0444, sbc_value_show,
				      NULL),
	[SBC_TOTAL_TIME_MS] = __ATTR(total_time_ms, 0444, sbc_value_show,
				     NULL),
	[SBC_MAX_TIME_MS] = __ATTR(max_time_ms, 0444, sbc_value_show, NULL),
	[SBC_LAST_CHANGE_MS] = __ATTR(last_change_ms, 0444, sbc_value_show,
				      NULL),
	[SBC_PREVENT_SUSPEND_TIME_MS] = __ATTR(prevent_suspend_time_ms, 0444,
					       sbc_value_show, NULL),
};

static ssize_t sbc_value_show(struct device *dev,
			      struct device_attribute *attr, char *buf)
{
	u64 v[SBC_NR_VALUES];

	sbc_read(dev, v);
	return sysfs_emit(buf, "%llu\n", v[attr - sbc_value_attrs]);
}

static ssize_t name_show(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	struct suspend_block_class_entry *e = dev_get_drvdata(dev);

	/* The entry's own copy: the request's may be gone. */
	return sysfs_emit(buf, "%s\n", e->name);
}
static DEVICE_ATTR_RO(name);

static struct attribute *sbc_attrs[] = {
	&dev_attr_name.attr,
	&sbc_value_attrs[SBC_ACTIVE_COUNT].attr,
	&sbc_value_attrs[SBC_EVENT_COUNT].attr,
	&sbc_value_attrs[SBC_WAKEUP_COUNT].attr,
	&sbc_value_attrs[SBC_EXPIRE_COUNT].attr,
	&sbc_value_attrs[SBC_ACTIVE_TIME_MS].attr,
	&sbc_value_attrs[SBC_TOTAL_TIME_MS].attr,
	&sbc_value_attrs[SBC_MAX_TIME_MS].attr,
	&sbc_value_attrs[SBC_LAST_CHANGE_MS].attr,
	&sbc_value_attrs[SBC_PREVENT_SUSPEND_TIME_MS].attr,
	NULL,
};
ATTRIBUTE_GROUPS(sbc);

/* Free @e, whose device is unregistered or was never made. */
static void sbc_entry_free(struct suspend_block_class_entry *e)
{
	unsigned long flags;

	kfree(e->name);
	kfree(e);
	/* One more may be made. */
	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	sbc_entries--;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}

/* Unregister the entries of removed requests. */
static void sbc_unregister_retired(void)
{
	struct suspend_block_class_entry *e;
	unsigned long flags;

	for (;;) {
		raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
		e = list_first_entry_or_null(&sbc_retired,
					     struct suspend_block_class_entry,
					     retired);
		if (e)
			list_del(&e->retired);
		raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
		if (!e)
			return;
		device_unregister(e->dev);
		sbc_entry_free(e);
	}
}

/*
 * Take @want (or, for NULL, the first queued request) off the queue for
 * the entry @e, and copy its name's length to @len; NULL when it is not
 * queued, none is, or the cap is reached.  Called with the registry's
 * lock held.
 */
static struct suspend_block_request *
sbc_claim(struct suspend_block_class_entry *e,
	  struct suspend_block_request *want, size_t *len)
{
	struct suspend_block_request *req = want;

	if (!req)
		req = list_first_entry_or_null(&sbc_queue,
					       struct suspend_block_request,
					       entry_node);
	if (!req || list_empty(&req->entry_node) ||
	    sbc_entries >= SUSPEND_BLOCK_MAX_ENTRIES)
		return NULL;
	list_del_init(&req->entry_node);
	e->req = req;
	req->entry = e;
	sbc_entries++;
	*len = strlen(req->name);
	return req;
}

/*
 * Make the entry of @want, or for NULL of the first queued request; false
 * when there is none to make (not queued, or an entry is made already or
 * being made), or none can be made now (out of memory, or the cap
 * reached).  The request may be removed while its entry is being made:
 * then what was made is unregistered here.
 */
static bool sbc_make_one(struct suspend_block_request *want)
{
	struct suspend_block_class_entry *e;
	struct suspend_block_request *req;
	unsigned long flags;
	struct device *dev;
	size_t len = 0;
	bool removed;
	char *name;

	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return false;
	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	req = sbc_claim(e, want, &len);
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	if (!req) {
		kfree(e);
		return false;
	}

	/* A request's name does not change while it is added. */
	name = kmalloc(len + 1, GFP_KERNEL);
	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	removed = !e->req;
	if (name && !removed)
		memcpy(name, e->req->name, len + 1);
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	e->name = name;
	if (removed) {
		sbc_entry_free(e);
		return true;
	}
	dev = name ? wakeup_class_device_create(sbc_groups, e) :
		     ERR_PTR(-ENOMEM);

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	removed = !e->req;
	if (IS_ERR(dev) && !removed)
		e->req->entry = NULL;
	else if (!IS_ERR(dev) && !removed)
		e->dev = dev;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	if (IS_ERR(dev)) {
		pr_warn_once("suspend_block: a request got no /sys/class/wakeup entry: %pe\n",
			     dev);
		sbc_entry_free(e);
		return true;
	}
	if (removed) {
		device_unregister(dev);
		sbc_entry_free(e);
	}
	return true;
}

static void sbc_work_fn(struct work_struct *work)
{
	int made = 0;
	bool more;

	do {
		sbc_unregister_retired();
		cond_resched();
		more = sbc_make_one(NULL);
	} while (more && ++made < SBC_BATCH);
	sbc_unregister_retired();
	if (more)
		queue_work(system_unbound_wq, &sbc_work);
}

/*
 * Queue @req for its entry.  Called by the class with the registry's lock
 * held, when @req is added; requests that back a wakeup source have
 * mainline's entry and are not queued.
 */
void suspend_block_entry_add(struct suspend_block_request *req)
{
	INIT_LIST_HEAD(&req->entry_node);
	req->entry = NULL;
	if (suspend_block_backs_wakeup_source(req))
		return;
	list_add_tail(&req->entry_node, &sbc_queue);
	/*
	 * At the cap, the work that frees an entry makes the next one: a
	 * run per add would find nothing to do (and a hundred thousand adds
	 * would wake a worker a hundred thousand times).
	 */
	if (sbc_ready && sbc_entries < SUSPEND_BLOCK_MAX_ENTRIES)
		queue_work(system_unbound_wq, &sbc_work);
}

/**
 * suspend_block_entry_make - Make a request's entry now.
 * @req: Request just added, from a path that may sleep.
 *
 * When this returns, @req's /sys/class/wakeup entry is listed, unless the
 * cap keeps it queued, memory ran out, or @req was removed meanwhile; the
 * kernel's requests, added in any context, get theirs from the work.
 *
 * Context: Process context; sleeps.
 */
void suspend_block_entry_make(struct suspend_block_request *req)
{
	unsigned long flags;
	bool making;

	might_sleep();
	if (!READ_ONCE(sbc_ready) || sbc_make_one(req))
		return;
	/* The work may have taken it first: wait for its device. */
	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	making = req->entry && !req->entry->dev;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	if (making)
		flush_work(&sbc_work);
}

/*
 * Take @req's entry away: off the queue if it has none yet, else handed
 * to the work to be unregistered, with @req's counters frozen in it.
 * Called by the class with the registry's lock held, when @req is removed.
 */
void suspend_block_entry_remove(struct suspend_block_request *req)
{
	struct suspend_block_class_entry *e = req->entry;

	list_del_init(&req->entry_node);
	if (!e)
		return;
	sbc_values(req, e->final);
	req->entry = NULL;
	e->req = NULL;
	/* Without a device yet, sbc_make_one() unregisters what it makes. */
	if (e->dev) {
		list_add_tail(&e->retired, &sbc_retired);
		queue_work(system_unbound_wq, &sbc_work);
	}
}

/*
 * For the tests: wait until every request added and removed so far has its
 * entry made or unregistered.
 */
void suspend_block_entries_flush(void)
{
	/* Until a flush finds it idle: a run may queue the next batch. */
	while (flush_work(&sbc_work))
		;
}

/* For the tests: how many entries exist or are being made. */
unsigned int suspend_block_entries_count(void)
{
	unsigned long flags;
	unsigned int n;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	n = sbc_entries;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return n;
}

/* For the tests: @req's entry's device, referenced, or NULL. */
struct device *suspend_block_entry_device(struct suspend_block_request *req)
{
	struct device *dev = NULL;
	unsigned long flags;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	if (req->entry && !IS_ERR_OR_NULL(req->entry->dev))
		dev = get_device(req->entry->dev);
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return dev;
}

/* Entries for the requests added before the wakeup class existed. */
static int __init suspend_block_entries_init(void)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	sbc_ready = true;
	if (!list_empty(&sbc_queue))
		queue_work(system_unbound_wq, &sbc_work);
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return 0;
}
device_initcall(suspend_block_entries_init);
