// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of what Android 11 and later read: the /sys/class/wakeup
 * entries of suspend-block requests, and /sys/kernel/wakeup_reasons.
 *
 * The cases assume no other suspend-block request is active in the test
 * kernel, which holds for the KUnit configurations of this project.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/irqnr.h>
#include <linux/ktime.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/pm_wakeup.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/suspend.h>
#include <linux/wakeup_reason.h>

#include "../power.h"
#include "../qos_suspend_block.h"
#include "../wakeup_reasons.h"
#include "suspend_block_test.h"

/* Read attribute @name of @dev as sysfs would; the value, or an errno. */
static ssize_t wct_attr(struct device *dev, const char *name, char *buf)
{
	const struct attribute_group **g;
	struct device_attribute *da;
	struct attribute **a;

	for (g = dev->groups; g && *g; g++)
		for (a = (*g)->attrs; *a; a++)
			if (!strcmp((*a)->name, name)) {
				da = container_of(*a, struct device_attribute,
						  attr);
				return da->show(dev, da, buf);
			}
	return -ENOENT;
}

static u64 wct_num(struct kunit *test, struct device *dev, const char *name)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	unsigned long long v = ~0ULL;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_GT_MSG(test, wct_attr(dev, name, buf), 0, "%s", name);
	KUNIT_EXPECT_EQ_MSG(test, kstrtoull(strim(buf), 10, &v), 0, "%s", name);
	return v;
}

static int wct_count_one(struct device *dev, void *data)
{
	(*(int *)data)++;
	return 0;
}

/* The devices in the class of @req's entry (the wakeup class). */
static int wct_class_size(struct kunit *test, struct suspend_block_request *req)
{
	struct device *dev = suspend_block_entry_device(req);
	int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, dev);
	class_for_each_device(dev->class, NULL, &n, wct_count_one);
	put_device(dev);
	return n;
}

/*
 * Added in atomic context, the request gets its entry from the work: in
 * the wakeup class, named wakeupN, with the request's name and counters
 * that follow it in mainline's units.  Removed, the entry still reads, as
 * the request was when it went (a reader that listed it must not see a
 * file fail), until the work unregisters it.
 */
static void entry_follows_request(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct suspend_block_request *req;
	unsigned long flags;
	struct device *dev;
	u64 now_ms, last;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	req = kunit_kzalloc(test, sizeof(*req), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	sb_test_track(test, req);
	local_irq_save(flags);
	suspend_block_add_request(req, "wct-entry");
	local_irq_restore(flags);
	suspend_block_entries_flush();

	dev = suspend_block_entry_device(req);
	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_EXPECT_STREQ(test, dev->class->name, "wakeup");
	KUNIT_EXPECT_EQ(test, strncmp(dev_name(dev), "wakeup", 6), 0);
	KUNIT_EXPECT_GT(test, wct_attr(dev, "name", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "wct-entry\n");
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "active_count"), 0ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "last_change_ms"), 0ULL);

	suspend_block_activate(req);
	msleep(60);
	KUNIT_EXPECT_GE(test, wct_num(test, dev, "active_time_ms"), 40ULL);
	KUNIT_EXPECT_GE(test, wct_num(test, dev, "total_time_ms"), 40ULL);
	KUNIT_EXPECT_GE(test, wct_num(test, dev, "max_time_ms"), 40ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "active_count"), 1ULL);
	suspend_block_deactivate(req);
	suspend_block_activate_timeout(req, 1);
	msleep(60);

	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "active_time_ms"), 0ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "active_count"), 2ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "event_count"), 2ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "expire_count"), 1ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "wakeup_count"), 0ULL);
	KUNIT_EXPECT_GE(test, wct_num(test, dev, "total_time_ms"), 40ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "prevent_suspend_time_ms"),
			0ULL);
	/* CLOCK_MONOTONIC ms of the expiry, some 60 ms ago (a tick or two). */
	now_ms = ktime_to_ms(ktime_get());
	last = wct_num(test, dev, "last_change_ms");
	KUNIT_EXPECT_LE(test, last, now_ms - 20);
	KUNIT_EXPECT_GE(test, last, now_ms - 100);

	suspend_block_remove_request(req);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "active_count"), 2ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "expire_count"), 1ULL);
	KUNIT_EXPECT_EQ(test, wct_num(test, dev, "last_change_ms"), last);
	KUNIT_EXPECT_GT(test, wct_attr(dev, "name", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "wct-entry\n");
	suspend_block_entries_flush();
	KUNIT_EXPECT_FALSE(test, device_is_registered(dev));
	KUNIT_EXPECT_NULL(test, suspend_block_entry_device(req));
	put_device(dev);
}

/*
 * Added from a path that may sleep (user space's), the request's entry is
 * made by the caller: listed when the call returns, with no work to wait
 * for.
 */
static void entry_made_by_sleeping_add(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	struct suspend_block_request *req;
	struct device *dev;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	req = kunit_kzalloc(test, sizeof(*req), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	sb_test_track(test, req);
	suspend_block_add_request(req, "wct-made");
	suspend_block_entry_make(req);
	dev = suspend_block_entry_device(req);
	KUNIT_ASSERT_NOT_NULL(test, dev);
	KUNIT_EXPECT_TRUE(test, device_is_registered(dev));
	KUNIT_EXPECT_GT(test, wct_attr(dev, "name", buf), 0);
	KUNIT_EXPECT_STREQ(test, buf, "wct-made\n");
	/* A second call finds the entry made and changes nothing. */
	suspend_block_entry_make(req);
	KUNIT_EXPECT_PTR_EQ(test, suspend_block_entry_device(req), dev);
	put_device(dev);
	put_device(dev);
	suspend_block_remove_request(req);
	suspend_block_entries_flush();
}

/*
 * Requests added and removed in atomic context, some before the work gets
 * to them, leave no entry behind; a wakeup source keeps its one entry.
 */
static void no_entry_left_behind(struct kunit *test)
{
	struct suspend_block_request *anchor, *reqs;
	struct wakeup_source *ws;
	unsigned long flags;
	int before, i;

	anchor = sb_test_add(test, "wct-anchor");
	suspend_block_entries_flush();
	before = wct_class_size(test, anchor);

	reqs = kunit_kcalloc(test, 64, sizeof(*reqs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, reqs);
	for (i = 0; i < 64; i++) {
		local_irq_save(flags);
		suspend_block_add_request(&reqs[i], "wct-churn");
		suspend_block_activate(&reqs[i]);
		if (i % 2)
			suspend_block_remove_request(&reqs[i]);
		local_irq_restore(flags);
		if (i % 4 == 2)
			suspend_block_entries_flush();
	}
	suspend_block_entries_flush();
	KUNIT_EXPECT_EQ(test, wct_class_size(test, anchor), before + 32);
	for (i = 0; i < 64; i += 2)
		suspend_block_remove_request(&reqs[i]);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	suspend_block_entries_flush();
	KUNIT_EXPECT_EQ(test, wct_class_size(test, anchor), before);

	/* Mainline's entry only: the source's request gets none of its own. */
	ws = wakeup_source_register(NULL, "wct-ws");
	KUNIT_ASSERT_NOT_NULL(test, ws);
	suspend_block_entries_flush();
	KUNIT_EXPECT_NOT_NULL(test, ws->dev);
	KUNIT_EXPECT_NULL(test, suspend_block_entry_device(&ws->block));
	KUNIT_EXPECT_EQ(test, wct_class_size(test, anchor), before + 1);
	wakeup_source_unregister(ws);
	KUNIT_EXPECT_EQ(test, wct_class_size(test, anchor), before);
}

/* How many of @n requests at @reqs have an entry; @first: the first. */
static int wct_with_entry(struct suspend_block_request *reqs, int n,
			  int *first)
{
	struct device *dev;
	int i, made = 0;

	*first = -1;
	for (i = 0; i < n; i++) {
		dev = suspend_block_entry_device(&reqs[i]);
		if (!dev)
			continue;
		put_device(dev);
		if (*first < 0)
			*first = i;
		made++;
	}
	return made;
}

/*
 * One request more than the cap: the oldest get entries, exactly up to the
 * cap less those other requests hold, and the rest wait; as entries go,
 * the waiting requests get theirs; once all are removed the count is back.
 */
static void entries_capped(struct kunit *test)
{
	const int n = SUSPEND_BLOCK_MAX_ENTRIES + 1;
	struct suspend_block_request *reqs;
	int i, made, first, before;

	reqs = kunit_kcalloc(test, n, sizeof(*reqs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, reqs);
	suspend_block_entries_flush();
	before = suspend_block_entries_count();
	/* The test kernel's own requests hold far fewer than half. */
	KUNIT_ASSERT_LT(test, before, n / 2);
	for (i = 0; i < n; i++)
		sb_test_add_tracked(test, &reqs[i], "wct-cap");
	suspend_block_entries_flush();
	made = wct_with_entry(reqs, n, &first);
	KUNIT_EXPECT_EQ(test, made, SUSPEND_BLOCK_MAX_ENTRIES - before);
	KUNIT_EXPECT_EQ(test, suspend_block_entries_count(),
			(unsigned int)SUSPEND_BLOCK_MAX_ENTRIES);
	KUNIT_EXPECT_EQ(test, first, 0);
	KUNIT_EXPECT_EQ(test, wct_with_entry(reqs, made, &first), made);
	KUNIT_EXPECT_EQ(test, wct_with_entry(reqs + made, n - made, &first), 0);

	for (i = 0; i < made; i++)
		suspend_block_remove_request(&reqs[i]);
	suspend_block_entries_flush();
	KUNIT_EXPECT_EQ(test, wct_with_entry(reqs + made, n - made, &first),
			n - made);
	for (i = made; i < n; i++)
		suspend_block_remove_request(&reqs[i]);
	suspend_block_entries_flush();
	KUNIT_EXPECT_EQ(test, suspend_block_entries_count(),
			(unsigned int)before);
}

static struct kunit_case wakeup_class_cases[] = {
	KUNIT_CASE(entry_follows_request),
	KUNIT_CASE(entry_made_by_sleeping_add),
	KUNIT_CASE(no_entry_left_behind),
	KUNIT_CASE(entries_capped),
	{}
};

static struct kunit_suite wakeup_class_suite = {
	.name = "pm_qos_suspend_block_wakeup_class",
	.test_cases = wakeup_class_cases,
};

/* The two files as they read now. */
static char *wct_reason(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	wakeup_reasons_resume_reason(buf);
	return buf;
}

/*
 * An attempt that aborts on active requests names each of them, one
 * released right after the abort included, and no idle one.
 */
static void abort_names_active_requests(struct kunit *test)
{
	struct suspend_block_request *a, *b, *idle;
	char *reason;

	a = sb_test_add(test, "wct-a");
	b = sb_test_add(test, "wct-b");
	idle = sb_test_add(test, "wct-idle");
	suspend_block_activate(idle);
	suspend_block_deactivate(idle);
	msleep(20);

	pm_wakeup_clear(0);
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	suspend_block_activate(a);
	suspend_block_activate(b);
	KUNIT_EXPECT_TRUE(test, suspend_block_report_abort());
	suspend_block_deactivate(b);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	suspend_block_deactivate(a);

	reason = wct_reason(test);
	KUNIT_EXPECT_STREQ(test, reason,
			   "Abort: Pending Wakeup Sources: wct-a wct-b ");

	/* The next attempt starts with a clean slate. */
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	KUNIT_EXPECT_STREQ(test, wct_reason(test), "");
}

/*
 * A request whose blip after the wakeup_count handshake made the suspend
 * abort, over by the time the PM core checks: nothing is active then, and
 * the abort names the request that was active last, as ACK does.
 */
static void abort_names_request_ended_before_check(struct kunit *test)
{
	struct suspend_block_request *blip = sb_test_add(test, "wct-blip");
	unsigned int count;

	pm_wakeup_clear(0);
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_ASSERT_TRUE(test, pm_save_wakeup_count(count));
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	suspend_block_activate(blip);
	suspend_block_deactivate(blip);
	KUNIT_EXPECT_TRUE(test, pm_wakeup_pending());
	pm_notifier_call_chain(PM_POST_SUSPEND);
	pm_wakeup_clear(0);

	KUNIT_EXPECT_STREQ(test, wct_reason(test),
			   "Abort: Last active Wakeup Source: wct-blip");
}

/* An interrupt with a handler, or 0. */
static unsigned int wct_named_irq(void)
{
	struct irq_desc *desc;
	unsigned int irq;

	for (irq = 1; irq < nr_irqs; irq++) {
		desc = irq_to_desc(irq);
		if (desc && desc->action && desc->action->name)
			return irq;
	}
	return 0;
}

/* The interrupt the PM core recorded, by number and handler name. */
static void wakeup_irq_is_listed(struct kunit *test)
{
	unsigned int irq = wct_named_irq();
	char want[48];

	if (!irq)
		kunit_skip(test, "no interrupt has a handler");
	snprintf(want, sizeof(want), "%u %s\n", irq,
		 irq_to_desc(irq)->action->name);

	pm_wakeup_clear(0);
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	pm_system_irq_wakeup(irq);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	/* pm_system_irq_wakeup() also asked to abort: take that back. */
	pm_wakeup_clear(0);
	KUNIT_EXPECT_STREQ(test, wct_reason(test), want);
}

static irqreturn_t wct_handler(int irq, void *data)
{
	return IRQ_HANDLED;
}

static void wct_free_irq(struct kunit_resource *res)
{
	unsigned int irq = (uintptr_t)res->data;

	free_irq(irq, &wct_handler);
	irq_free_desc(irq);
}

/* A software interrupt whose handler is called @name, freed at the end. */
static unsigned int wct_alloc_irq(struct kunit *test, const char *name)
{
	int irq = irq_alloc_desc(0);

	if (irq < 0)
		kunit_skip(test, "no interrupt descriptor to allocate");
	irq_set_chip_and_handler(irq, &dummy_irq_chip, handle_simple_irq);
	if (request_irq(irq, wct_handler, 0, name, &wct_handler)) {
		irq_free_desc(irq);
		kunit_skip(test, "no handler for the test interrupt");
	}
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 wct_free_irq,
							 GFP_KERNEL,
							 (void *)(uintptr_t)irq));
	return irq;
}

#define WCT_LONG_NAME	"wct-an-interrupt-handler-whose-name-is-longer-than-31-bytes"

/* The handler's whole name, however long (readers look it up whole). */
static void irq_name_is_whole(struct kunit *test)
{
	unsigned int irq = wct_alloc_irq(test, WCT_LONG_NAME);
	char want[96];

	snprintf(want, sizeof(want), "%u %s\n", irq, WCT_LONG_NAME);
	pm_wakeup_clear(0);
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	pm_system_irq_wakeup(irq);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	pm_wakeup_clear(0);
	KUNIT_EXPECT_STREQ(test, wct_reason(test), want);
}

/*
 * An aborted attempt reads as its abort alone, one line: a wake-up
 * interrupt recorded after the abort (the devices' resume) is not listed.
 */
static void abort_line_is_alone(struct kunit *test)
{
	struct suspend_block_request *a = sb_test_add(test, "wct-alone");
	unsigned int irq = wct_named_irq();

	if (!irq)
		kunit_skip(test, "no interrupt has a handler");
	pm_wakeup_clear(0);
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	suspend_block_activate(a);
	KUNIT_EXPECT_TRUE(test, suspend_block_report_abort());
	pm_system_irq_wakeup(irq);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	suspend_block_deactivate(a);
	pm_wakeup_clear(0);
	KUNIT_EXPECT_STREQ(test, wct_reason(test),
			   "Abort: Pending Wakeup Sources: wct-alone ");
}

/*
 * The first reason of an attempt is its reason: a device's, logged before
 * the wakeup event that made the PM core give up, stays; one logged after
 * the event is dropped; none is kept outside an attempt.
 */
static void first_reason_wins(struct kunit *test)
{
	struct suspend_block_request *a = sb_test_add(test, "wct-late");

	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	log_suspend_abort_reason("%s device failed to power down", "wct-dev");
	suspend_block_activate(a);
	suspend_block_report_abort();
	log_abnormal_wakeup_reason("wct too late");
	pm_notifier_call_chain(PM_POST_SUSPEND);
	suspend_block_deactivate(a);
	pm_wakeup_clear(0);
	KUNIT_EXPECT_STREQ(test, wct_reason(test),
			   "Abort: wct-dev device failed to power down");

	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	suspend_block_activate(a);
	suspend_block_report_abort();
	log_suspend_abort_reason("wct after the event");
	pm_notifier_call_chain(PM_POST_SUSPEND);
	suspend_block_deactivate(a);
	pm_wakeup_clear(0);
	KUNIT_EXPECT_STREQ(test, wct_reason(test),
			   "Abort: Pending Wakeup Sources: wct-late ");

	log_suspend_abort_reason("wct outside");
	KUNIT_EXPECT_STREQ(test, wct_reason(test),
			   "Abort: Pending Wakeup Sources: wct-late ");
}

/* A wake-up no interrupt explains: "-1 REASON", one line. */
static void abnormal_wake_line(struct kunit *test)
{
	pm_wakeup_clear(0);
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	log_abnormal_wakeup_reason("wct watchdog %d", 7);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	KUNIT_EXPECT_STREQ(test, wct_reason(test), "-1 wct watchdog 7");
}

/*
 * A chained interrupt's handler names the leaf it demultiplexed: the leaf
 * is listed instead of its parent, in ascending order with the others.
 */
static void chained_leaf_replaces_parent(struct kunit *test)
{
	unsigned int parent = wct_alloc_irq(test, "wct-parent");
	unsigned int other = wct_alloc_irq(test, "wct-other");
	unsigned int leaf = wct_alloc_irq(test, WCT_LONG_NAME);
	char want[160];

	pm_wakeup_clear(0);
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	log_irq_wakeup_reason(other);
	log_irq_wakeup_reason(parent);
	log_threaded_irq_wakeup_reason(leaf, parent);
	/* Once a parent, it stays one: logged again, it is not listed. */
	log_irq_wakeup_reason(parent);
	/* An interrupt that woke nothing demultiplexes nothing. */
	log_threaded_irq_wakeup_reason(leaf + 1, leaf + 2);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	snprintf(want, sizeof(want), "%u wct-other\n%u %s\n", other, leaf,
		 WCT_LONG_NAME);
	KUNIT_EXPECT_STREQ(test, wct_reason(test), want);
}

/*
 * pm_get_active_wakeup_sources(): the active requests, each followed by a
 * space, or with none active the one that ended last.
 */
static void active_wakeup_sources_text(struct kunit *test)
{
	struct suspend_block_request *a = sb_test_add(test, "wct-src-a");
	struct suspend_block_request *b = sb_test_add(test, "wct-src-b");
	char buf[MAX_SUSPEND_ABORT_LEN];

	suspend_block_activate(a);
	pm_get_active_wakeup_sources(buf, sizeof(buf));
	KUNIT_EXPECT_TRUE(test, str_has_prefix(buf, "Pending Wakeup Sources: "));
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, " wct-src-a "));
	KUNIT_EXPECT_NULL(test, strstr(buf, "wct-src-b"));
	suspend_block_deactivate(a);
	usleep_range(2000, 3000);
	suspend_block_activate(b);
	suspend_block_deactivate(b);
	pm_get_active_wakeup_sources(buf, sizeof(buf));
	/* Unless something else is active now, as the test runs. */
	if (!str_has_prefix(buf, "Pending"))
		KUNIT_EXPECT_STREQ(test, buf,
				   "Last active Wakeup Source: wct-src-b");
	pm_get_active_wakeup_sources(buf, 1);
	KUNIT_EXPECT_EQ(test, buf[0], '\0');
}

/*
 * last_suspend_time: two times with nine decimals; the first covers the
 * whole attempt, the second (asleep) is nothing here.
 */
static void suspend_time_covers_the_attempt(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	unsigned long long s1, s2;
	unsigned long n1, n2;
	char *dot;
	int n;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	msleep(50);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	wakeup_reasons_suspend_time(buf);

	n = sscanf(buf, "%llu.%lu %llu.%lu", &s1, &n1, &s2, &n2);
	KUNIT_ASSERT_EQ(test, n, 4);
	dot = strchr(buf, '.');
	KUNIT_EXPECT_EQ(test, strcspn(dot + 1, " "), (size_t)9);
	dot = strchr(dot + 1, '.');
	KUNIT_EXPECT_EQ(test, strcspn(dot + 1, "\n"), (size_t)9);
	KUNIT_EXPECT_EQ(test, buf[strlen(buf) - 1], '\n');
	KUNIT_EXPECT_GE(test, s1 * NSEC_PER_SEC + n1, 40ULL * NSEC_PER_MSEC);
	KUNIT_EXPECT_LT(test, s1, 5ULL);
	KUNIT_EXPECT_LT(test, s2 * NSEC_PER_SEC + n2, 10ULL * NSEC_PER_MSEC);
}

static struct kunit_case wakeup_reasons_cases[] = {
	KUNIT_CASE(abort_names_active_requests),
	KUNIT_CASE(abort_names_request_ended_before_check),
	KUNIT_CASE(wakeup_irq_is_listed),
	KUNIT_CASE(irq_name_is_whole),
	KUNIT_CASE(abort_line_is_alone),
	KUNIT_CASE(first_reason_wins),
	KUNIT_CASE(abnormal_wake_line),
	KUNIT_CASE(chained_leaf_replaces_parent),
	KUNIT_CASE(active_wakeup_sources_text),
	KUNIT_CASE(suspend_time_covers_the_attempt),
	{}
};

static struct kunit_suite wakeup_reasons_suite = {
	.name = "wakeup_reasons",
	.test_cases = wakeup_reasons_cases,
};

kunit_test_suites(&wakeup_class_suite, &wakeup_reasons_suite);
