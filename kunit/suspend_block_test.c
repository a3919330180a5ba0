// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the pm_qos suspend-block class: one case per rule of the
 * API, the statistics, the notifier, the wakeup_count handshake, and
 * concurrency (per-CPU kthreads, hard IRQ callers, the producer/consumer
 * handoff).
 *
 * The cases assume no other suspend-block request is active in the test
 * kernel, which holds for the KUnit configurations of this project.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/debug_locks.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/suspend.h>
#include <linux/vmalloc.h>

#include "../power.h"
#include "../qos_suspend_block.h"
#include "suspend_block_test.h"

/*
 * Time left of @r's activation, from the class's read-out: 0 if inactive
 * or past its deadline, MAX_SCHEDULE_TIMEOUT if untimed, else jiffies.
 */
static unsigned long sb_test_remaining(struct suspend_block_request *r)
{
	struct suspend_block_snapshot snap;

	suspend_block_snapshot(r, qos_mono_ns(), &snap);
	if (!snap.active || snap.overdue)
		return 0;
	return snap.expires_in ?: MAX_SCHEDULE_TIMEOUT;
}

static struct suspend_block_stats sb_stats(struct suspend_block_request *r)
{
	struct suspend_block_stats st;

	suspend_block_get_stats(r, &st);
	return st;
}

/*
 * The class's clock may have jiffy resolution on some platforms.
 * Intervals here last several ticks, and the checks allow one tick of
 * error, so they hold on either kind of clock.
 */
/*
 * A timeout that must not run out before the next line checks the request
 * is active: a TCG vCPU can stall for several jiffies between two lines.
 */
#define SHORT	((unsigned long)HZ / 4)
#define SB_TICK_NS	((u64)TICK_NSEC)
#define SB_HOLD_MS	(4 * jiffies_to_msecs(1))
#define SB_HOLD_NS	((u64)SB_HOLD_MS * NSEC_PER_MSEC)

static void add_starts_inactive(struct kunit *test)
{
	struct suspend_block_request *r;
	struct suspend_block_stats st;

	r = sb_test_add(test, "sb-test");
	st = sb_stats(r);
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_EQ(test, st.active_count, 0ULL);
	KUNIT_EXPECT_EQ(test, st.total_time, 0ULL);
	KUNIT_EXPECT_EQ(test, sb_test_remaining(r), 0UL);
	suspend_block_remove_request(r);
}

static void activate_blocks_deactivate_unblocks(struct kunit *test)
{
	struct suspend_block_request *r;

	r = sb_test_add(test, "sb-test");
	KUNIT_EXPECT_TRUE(test, suspend_block_activate(r));
	KUNIT_EXPECT_TRUE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_TRUE(test, suspend_block_active());
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 1U);
	KUNIT_EXPECT_EQ(test, sb_test_remaining(r), MAX_SCHEDULE_TIMEOUT);
	KUNIT_EXPECT_TRUE(test, suspend_block_deactivate(r));
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 0U);
	suspend_block_remove_request(r);
}

static void activate_does_not_nest(struct kunit *test)
{
	struct suspend_block_request *r;

	r = sb_test_add(test, "sb-test");
	KUNIT_EXPECT_TRUE(test, suspend_block_activate(r));
	KUNIT_EXPECT_FALSE(test, suspend_block_activate(r));
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 1U);
	KUNIT_EXPECT_TRUE(test, suspend_block_deactivate(r));
	/* One deactivation undoes any number of activations. */
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 0U);
	KUNIT_EXPECT_EQ(test, sb_stats(r).active_count, 1ULL);
	suspend_block_remove_request(r);
}

static void deactivate_inactive_is_noop(struct kunit *test)
{
	struct suspend_block_request *r;
	struct suspend_block_stats before, after;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate(r);
	suspend_block_deactivate(r);
	before = sb_stats(r);
	KUNIT_EXPECT_FALSE(test, suspend_block_deactivate(r));
	KUNIT_EXPECT_FALSE(test, suspend_block_deactivate(r));
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 0U);
	after = sb_stats(r);
	KUNIT_EXPECT_EQ(test, memcmp(&before, &after, sizeof(before)), 0);
	suspend_block_remove_request(r);
}

static void remove_deactivates_with_accounting(struct kunit *test)
{
	struct suspend_block_stats before, after;
	struct suspend_block_request *r;

	suspend_block_deleted_stats(&before);

	r = sb_test_add(test, "sb-test");
	suspend_block_activate(r);
	msleep(SB_HOLD_MS);
	suspend_block_remove_request(r);
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 0U);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	suspend_block_deleted_stats(&after);
	KUNIT_EXPECT_EQ(test, after.active_count, before.active_count + 1);
	/* The active interval ended at removal and was counted. */
	KUNIT_EXPECT_GE(test, after.total_time,
			before.total_time + SB_HOLD_NS - SB_TICK_NS);
}

static void timeout_expires(struct kunit *test)
{
	struct suspend_block_request *r;
	struct suspend_block_stats st;

	r = sb_test_add(test, "sb-test");
	KUNIT_EXPECT_TRUE(test, suspend_block_activate_timeout(r, SHORT));
	KUNIT_EXPECT_TRUE(test, suspend_block_active());
	KUNIT_EXPECT_LE(test, sb_test_remaining(r), SHORT);
	msleep(jiffies_to_msecs(SHORT) + 100);
	st = sb_stats(r);
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_EQ(test, st.expire_count, 1ULL);
	KUNIT_EXPECT_EQ(test, st.active_count, 1ULL);
	suspend_block_remove_request(r);
}

/*
 * A timeout past what jiffies can express is the longest possible, never a
 * deadline in the past; and user space's "forever" in ns does not wrap.
 */
static void huge_timeout_is_longest(struct kunit *test)
{
	unsigned long huge[] = { ULONG_MAX, LONG_MAX + 1UL, MAX_JIFFY_OFFSET };
	struct suspend_block_request *r;
	unsigned long forever;
	int i;

	r = sb_test_add(test, "sb-test");
	for (i = 0; i < ARRAY_SIZE(huge); i++) {
		suspend_block_activate_timeout(r, huge[i]);
		msleep(jiffies_to_msecs(2) + 20);
		KUNIT_EXPECT_TRUE_MSG(test, suspend_block_request_active(r),
				      "timeout %lu", huge[i]);
		KUNIT_EXPECT_GT(test, sb_test_remaining(r),
				MAX_JIFFY_OFFSET / 2);
	}
	KUNIT_EXPECT_EQ(test, sb_stats(r).expire_count, 0ULL);
	suspend_block_remove_request(r);

	/* Rounded up, no wrap (DIV_ROUND_UP_ULL() made it 1 jiffy). */
	forever = min_t(u64, div_u64(U64_MAX, TICK_NSEC) + 1, MAX_JIFFY_OFFSET);
	KUNIT_EXPECT_EQ(test, qos_ns_to_jiffies(U64_MAX), forever);
	KUNIT_EXPECT_EQ(test, qos_ns_to_jiffies(U64_MAX - 1),
			forever);
	/* A year, or what 32-bit jiffies can express (49 days at 250 Hz). */
	KUNIT_EXPECT_GE(test, forever,
			min_t(unsigned long, MAX_JIFFY_OFFSET, 365UL * 24 * 3600 * HZ));
	KUNIT_EXPECT_EQ(test, qos_ns_to_jiffies(1), 1UL);
	KUNIT_EXPECT_EQ(test, qos_ns_to_jiffies(TICK_NSEC), 1UL);
	KUNIT_EXPECT_EQ(test, qos_ns_to_jiffies(TICK_NSEC + 1), 2UL);
	KUNIT_EXPECT_EQ(test, qos_ns_to_jiffies(0), 0UL);
}

/*
 * Misuse must not corrupt anything.  The class warns (and, with
 * debugobjects, so does debugobjects): the markers tell the harness's
 * report check that these warnings are expected.
 */
#define SB_EXPECT_REPORTS_BEGIN() \
	pr_info("=== expected kernel reports begin: %s\n", __func__)
#define SB_EXPECT_REPORTS_END() \
	pr_info("=== expected kernel reports end: %s\n", __func__)

static void use_after_remove_refused(struct kunit *test)
{
	struct suspend_block_request *r = sb_test_add(test, "sb-test");

	suspend_block_remove_request(r);
	SB_EXPECT_REPORTS_BEGIN();
	KUNIT_EXPECT_FALSE(test, suspend_block_activate(r));
	KUNIT_EXPECT_FALSE(test, suspend_block_activate_timeout(r, HZ));
	KUNIT_EXPECT_FALSE(test, suspend_block_deactivate(r));
	suspend_block_remove_request(r);
	SB_EXPECT_REPORTS_END();
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_EQ(test, sb_registered(r), 0);

	/* Added again, it works again. */
	suspend_block_add_request(r, "sb-test");
	KUNIT_EXPECT_TRUE(test, suspend_block_activate(r));
	KUNIT_EXPECT_TRUE(test, suspend_block_active());
	suspend_block_remove_request(r);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
}

static void double_add_and_free_repaired(struct kunit *test)
{
	struct suspend_block_request *r;
	const void *gone;

	if (!IS_ENABLED(CONFIG_DEBUG_OBJECTS_SUSPEND_BLOCK))
		kunit_skip(test, "needs CONFIG_DEBUG_OBJECTS_SUSPEND_BLOCK");
	KUNIT_ASSERT_EQ(test, suspend_block_active_count(), 0U);
	r = kzalloc(sizeof(*r), GFP_KERNEL);	/* freed by the test */
	KUNIT_ASSERT_NOT_NULL(test, r);

	/* A re-init of a live, active request (a probe retry). */
	suspend_block_add_request(r, "sb-test");
	suspend_block_activate_timeout(r, HZ);
	SB_EXPECT_REPORTS_BEGIN();
	suspend_block_add_request(r, "sb-test");
	SB_EXPECT_REPORTS_END();
	KUNIT_EXPECT_EQ(test, sb_registered(r), 1);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));

	/* Freed while added and active: taken off before it goes. */
	if (!IS_ENABLED(CONFIG_DEBUG_OBJECTS_FREE)) {
		suspend_block_remove_request(r);
		kfree(r);
		kunit_skip(test, "freeing needs CONFIG_DEBUG_OBJECTS_FREE");
		return;
	}
	suspend_block_activate(r);
	KUNIT_EXPECT_TRUE(test, suspend_block_active());
	gone = r;
	SB_EXPECT_REPORTS_BEGIN();
	kfree(r);
	SB_EXPECT_REPORTS_END();
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_EQ(test, sb_registered(gone), 0);
}

static void timeout_extended_by_later_deadline(struct kunit *test)
{
	struct suspend_block_request *r;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate_timeout(r, SHORT);
	KUNIT_EXPECT_FALSE(test, suspend_block_activate_timeout(r, 10 * HZ));
	msleep(jiffies_to_msecs(SHORT) + 100);
	KUNIT_EXPECT_TRUE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_GT(test, sb_test_remaining(r), 5UL * HZ);
	KUNIT_EXPECT_EQ(test, sb_stats(r).expire_count, 0ULL);
	suspend_block_remove_request(r);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
}

static void timeout_shortened_by_earlier_deadline(struct kunit *test)
{
	struct suspend_block_request *r;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate_timeout(r, 10 * HZ);
	suspend_block_activate_timeout(r, 1);
	KUNIT_EXPECT_LE(test, sb_test_remaining(r), 1UL);
	msleep(jiffies_to_msecs(1) + 100);
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_EQ(test, sb_stats(r).expire_count, 1ULL);
	suspend_block_remove_request(r);
}

static void timeout_turns_untimed_into_timed(struct kunit *test)
{
	struct suspend_block_request *r;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate(r);
	suspend_block_activate_timeout(r, 1);
	msleep(jiffies_to_msecs(1) + 100);
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_EQ(test, sb_stats(r).expire_count, 1ULL);
	suspend_block_remove_request(r);
}

static void activate_cancels_timeout(struct kunit *test)
{
	struct suspend_block_request *r;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate_timeout(r, SHORT);
	KUNIT_EXPECT_FALSE(test, suspend_block_activate(r));
	KUNIT_EXPECT_FALSE(test, timer_pending(&r->timer));
	msleep(jiffies_to_msecs(SHORT) + 100);
	KUNIT_EXPECT_TRUE(test, suspend_block_request_active(r));
	KUNIT_EXPECT_EQ(test, sb_test_remaining(r), MAX_SCHEDULE_TIMEOUT);
	KUNIT_EXPECT_EQ(test, sb_stats(r).expire_count, 0ULL);
	suspend_block_deactivate(r);
	suspend_block_remove_request(r);
}

static void deactivate_cancels_timeout(struct kunit *test)
{
	struct suspend_block_request *r;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate_timeout(r, HZ);
	KUNIT_EXPECT_TRUE(test, suspend_block_deactivate(r));
	KUNIT_EXPECT_FALSE(test, timer_pending(&r->timer));
	KUNIT_EXPECT_EQ(test, sb_test_remaining(r), 0UL);
	KUNIT_EXPECT_EQ(test, sb_stats(r).expire_count, 0ULL);
	suspend_block_remove_request(r);
}

static void remove_cancels_timeout(struct kunit *test)
{
	struct suspend_block_stats before, after;
	struct suspend_block_request *r;

	suspend_block_deleted_stats(&before);

	r = sb_test_add(test, "sb-test");
	suspend_block_activate_timeout(r, HZ);
	suspend_block_remove_request(r);
	KUNIT_EXPECT_FALSE(test, timer_pending(&r->timer));
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	msleep(jiffies_to_msecs(1) + 50);
	suspend_block_deleted_stats(&after);
	KUNIT_EXPECT_EQ(test, after.expire_count, before.expire_count);
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 0U);
}

static void stats_measure_intervals(struct kunit *test)
{
	struct suspend_block_request *r;
	struct suspend_block_stats st1, st2;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate(r);
	msleep(4 * SB_HOLD_MS);
	suspend_block_deactivate(r);
	st1 = sb_stats(r);
	KUNIT_EXPECT_EQ(test, st1.active_count, 1ULL);
	KUNIT_EXPECT_GE(test, st1.total_time, 4 * SB_HOLD_NS - SB_TICK_NS);
	KUNIT_EXPECT_EQ(test, st1.max_time, st1.total_time);
	KUNIT_EXPECT_EQ(test, st1.prevent_time, 0ULL);
	KUNIT_EXPECT_EQ(test, st1.wakeup_count, 0ULL);
	KUNIT_EXPECT_GT(test, st1.last_change, 0ULL);

	/*
	 * A second interval adds to the total, and the max is the longer of
	 * the two: the second is meant to be the shorter, but a stalled vCPU
	 * may oversleep it.
	 */
	suspend_block_activate(r);
	msleep(SB_HOLD_MS);
	suspend_block_deactivate(r);
	st2 = sb_stats(r);
	KUNIT_EXPECT_EQ(test, st2.active_count, 2ULL);
	KUNIT_EXPECT_GE(test, st2.total_time,
			st1.total_time + SB_HOLD_NS - SB_TICK_NS);
	KUNIT_EXPECT_EQ(test, st2.max_time,
			max(st1.max_time, st2.total_time - st1.total_time));
	KUNIT_EXPECT_GE(test, st2.last_change,
			st1.last_change + SB_HOLD_NS - SB_TICK_NS);
	suspend_block_remove_request(r);
}

static void stats_prevent_time_only_under_autosleep(struct kunit *test)
{
	struct suspend_block_request *r;
	struct suspend_block_stats st;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate(r);
	msleep(SB_HOLD_MS);
	suspend_block_autosleep_enabled(true);
	msleep(2 * SB_HOLD_MS);
	suspend_block_autosleep_enabled(false);
	msleep(SB_HOLD_MS);
	suspend_block_deactivate(r);
	st = sb_stats(r);
	KUNIT_EXPECT_GE(test, st.prevent_time, 2 * SB_HOLD_NS - SB_TICK_NS);
	KUNIT_EXPECT_LE(test, st.prevent_time,
			st.total_time - 2 * SB_HOLD_NS + 2 * SB_TICK_NS);

	/* Activated while autosleep is on: counts from the activation. */
	suspend_block_autosleep_enabled(true);
	suspend_block_activate(r);
	msleep(SB_HOLD_MS);
	suspend_block_deactivate(r);
	suspend_block_autosleep_enabled(false);
	KUNIT_EXPECT_GE(test, sb_stats(r).prevent_time,
			st.prevent_time + SB_HOLD_NS - SB_TICK_NS);
	suspend_block_remove_request(r);
}

static void stats_wakeup_counts_activations_during_suspend(struct kunit *test)
{
	struct suspend_block_request *r;

	r = sb_test_add(test, "sb-test");
	suspend_block_activate(r);
	suspend_block_deactivate(r);
	KUNIT_EXPECT_EQ(test, sb_stats(r).wakeup_count, 0ULL);

	/* What the PM core tells its notifiers around a system suspend. */
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	suspend_block_activate(r);
	suspend_block_deactivate(r);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	KUNIT_EXPECT_EQ(test, sb_stats(r).wakeup_count, 1ULL);

	suspend_block_activate(r);
	suspend_block_deactivate(r);
	KUNIT_EXPECT_EQ(test, sb_stats(r).wakeup_count, 1ULL);
	KUNIT_EXPECT_EQ(test, sb_stats(r).active_count, 3ULL);
	suspend_block_remove_request(r);
}

struct sb_listener {
	struct notifier_block nb;
	int calls;
	unsigned long last;
};

static int sb_listener_call(struct notifier_block *nb, unsigned long action,
			    void *data)
{
	struct sb_listener *l = container_of(nb, struct sb_listener, nb);

	l->calls++;
	l->last = action;
	return NOTIFY_OK;
}

/* A listener left registered by a failing case is taken off at its end. */
static void sb_test_unlisten(struct kunit_resource *res)
{
	suspend_block_remove_notifier(res->data);	/* -ENOENT if off */
}

/* A listener on the heap, added, with the cleanup above. */
static struct sb_listener *sb_test_listen(struct kunit *test)
{
	struct sb_listener *l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, l);
	l->nb.notifier_call = sb_listener_call;
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 sb_test_unlisten,
							 GFP_KERNEL, &l->nb));
	KUNIT_ASSERT_EQ(test, suspend_block_add_notifier(&l->nb), 0);
	return l;
}

static void notifier_reports_transitions(struct kunit *test)
{
	struct suspend_block_request *a, *b;
	struct sb_listener *l;

	a = sb_test_add(test, "sb-test-a");
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b);
	sb_test_add_tracked(test, b, "sb-test-b");
	l = sb_test_listen(test);

	suspend_block_activate(a);
	suspend_block_flush_notifiers();
	KUNIT_EXPECT_EQ(test, l->calls, 1);
	KUNIT_EXPECT_EQ(test, l->last, (unsigned long)SUSPEND_BLOCK_BLOCKED);

	/* A second active request is no transition of the aggregate. */
	suspend_block_activate(b);
	suspend_block_deactivate(a);
	suspend_block_flush_notifiers();
	KUNIT_EXPECT_EQ(test, l->calls, 1);

	suspend_block_deactivate(b);
	suspend_block_flush_notifiers();
	KUNIT_EXPECT_EQ(test, l->calls, 2);
	KUNIT_EXPECT_EQ(test, l->last, (unsigned long)SUSPEND_BLOCK_UNBLOCKED);

	/* Expiry of a timeout is a transition too. */
	suspend_block_activate_timeout(a, 1);
	msleep(jiffies_to_msecs(1) + 100);
	suspend_block_flush_notifiers();
	KUNIT_EXPECT_EQ(test, l->last, (unsigned long)SUSPEND_BLOCK_UNBLOCKED);
	KUNIT_EXPECT_EQ(test, l->calls % 2, 0);

	KUNIT_EXPECT_EQ(test, suspend_block_remove_notifier(&l->nb), 0);
	suspend_block_remove_request(a);
	suspend_block_remove_request(b);
}

/*
 * Transitions while nobody listens are not reported, so the state reported
 * last can be stale: a notifier added while blocked must still be told of
 * the next unblock.
 */
static void notifier_added_while_blocked_sees_unblock(struct kunit *test)
{
	struct suspend_block_request *r;
	struct sb_listener *l;

	/* Reported last: unblocked (nobody may listen in the test kernel). */
	r = sb_test_add(test, "sb-test");
	suspend_block_flush_notifiers();
	suspend_block_activate(r);
	l = sb_test_listen(test);
	suspend_block_flush_notifiers();
	suspend_block_deactivate(r);
	suspend_block_flush_notifiers();
	/* Told "blocked" when added, then the unblock. */
	KUNIT_EXPECT_EQ(test, l->calls, 2);
	KUNIT_EXPECT_EQ(test, l->last, (unsigned long)SUSPEND_BLOCK_UNBLOCKED);
	KUNIT_EXPECT_EQ(test, suspend_block_remove_notifier(&l->nb), 0);
	suspend_block_remove_request(r);
}

static void wakeup_count_handshake_counts_requests(struct kunit *test)
{
	struct suspend_block_request *r;
	unsigned int before, during, after;

	r = sb_test_add(test, "sb-test");
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&before, false));
	suspend_block_activate(r);
	/* An event is in progress: the handshake must refuse. */
	KUNIT_EXPECT_FALSE(test, pm_get_wakeup_count(&during, false));
	suspend_block_deactivate(r);
	/* ... and it ended as one registered event. */
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ(test, after, before + 1);
	suspend_block_remove_request(r);
}

/* Hard IRQ callers: an hrtimer in hard mode fires in hard IRQ context. */
struct sb_irq_caller {
	struct hrtimer timer;
	struct suspend_block_request *req;
	int fired;
	bool in_hardirq;
};

static enum hrtimer_restart sb_irq_fn(struct hrtimer *t)
{
	struct sb_irq_caller *c = container_of(t, struct sb_irq_caller, timer);

	c->in_hardirq = in_hardirq();
	if (c->fired++ % 2)
		suspend_block_deactivate(c->req);
	else
		suspend_block_activate_timeout(c->req, HZ);
	return HRTIMER_NORESTART;
}

static void callable_from_hardirq(struct kunit *test)
{
	struct sb_irq_caller *c;

	c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	c->req = sb_test_add(test, "sb-test-irq");
	hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	c->timer.function = sb_irq_fn;

	hrtimer_start(&c->timer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_HARD);
	msleep(50);
	KUNIT_EXPECT_EQ(test, c->fired, 1);
	KUNIT_EXPECT_TRUE(test, c->in_hardirq);
	KUNIT_EXPECT_TRUE(test, suspend_block_request_active(c->req));

	hrtimer_start(&c->timer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_HARD);
	msleep(50);
	KUNIT_EXPECT_EQ(test, c->fired, 2);
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(c->req));
	hrtimer_cancel(&c->timer);
	suspend_block_remove_request(c->req);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
}

/*
 * The last deactivation wakes the readers of wakeup_count, even where
 * nothing may sleep on PREEMPT_RT: in hard IRQ context and under a raw
 * spinlock.  A reader blocks in pm_get_wakeup_count() while a request is
 * active; the request is then deactivated there.  The reader must return,
 * and lockdep must have found nothing: with CONFIG_PROVE_RAW_LOCK_NESTING
 * a wait queue's lock (which sleeps on PREEMPT_RT) taken on that path
 * reports an invalid wait context and turns debug_locks off.
 */
struct sb_reader {
	struct task_struct *task;
	struct completion done;
	unsigned int count;
	bool ok;
};

static int sb_reader_fn(void *data)
{
	struct sb_reader *rd = data;

	/* So that a reader never woken can be told to give up. */
	allow_signal(SIGKILL);
	rd->ok = pm_get_wakeup_count(&rd->count, true);
	complete(&rd->done);
	return 0;
}

/* However the case ends: the reader gives up if still blocked, and goes. */
static void sb_reader_stop(struct kunit_resource *res)
{
	struct sb_reader *rd = res->data;

	if (!completion_done(&rd->done))
		send_sig(SIGKILL, rd->task, 1);
	kthread_stop(rd->task);
	put_task_struct(rd->task);
}

/* Start a reader of wakeup_count and wait until it sleeps in the read. */
static struct sb_reader *sb_reader_start(struct kunit *test)
{
	struct sb_reader *rd;
	int i;

	rd = kunit_kzalloc(test, sizeof(*rd), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rd);
	init_completion(&rd->done);
	rd->task = kthread_create(sb_reader_fn, rd, "sb-test-reader");
	KUNIT_ASSERT_FALSE(test, IS_ERR(rd->task));
	get_task_struct(rd->task);
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 sb_reader_stop,
							 GFP_KERNEL, rd));
	wake_up_process(rd->task);
	/* Its one interruptible sleep is on the wakeup_count wait queue. */
	for (i = 0; i < 250; i++) {
		if (READ_ONCE(rd->task->__state) == TASK_INTERRUPTIBLE)
			break;
		msleep(20);
	}
	KUNIT_ASSERT_EQ(test, READ_ONCE(rd->task->__state),
			(unsigned int)TASK_INTERRUPTIBLE);
	KUNIT_ASSERT_FALSE(test, completion_done(&rd->done));
	return rd;
}

static DEFINE_RAW_SPINLOCK(sb_test_raw_lock);

/* Deactivate @r from hard IRQ context (or under a raw spinlock). */
static void sb_deactivate_atomic(struct kunit *test,
				 struct suspend_block_request *r, bool hardirq)
{
	struct sb_irq_caller *c;
	unsigned long flags;
	int i;

	if (!hardirq) {
		raw_spin_lock_irqsave(&sb_test_raw_lock, flags);
		KUNIT_EXPECT_TRUE(test, suspend_block_deactivate(r));
		raw_spin_unlock_irqrestore(&sb_test_raw_lock, flags);
		return;
	}
	/* The hard IRQ caller above, one firing before its deactivation. */
	c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	c->req = r;
	c->fired = 1;
	hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	c->timer.function = sb_irq_fn;
	hrtimer_start(&c->timer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_HARD);
	for (i = 0; i < 250 && READ_ONCE(c->fired) < 2; i++)
		msleep(20);
	hrtimer_cancel(&c->timer);
	KUNIT_EXPECT_EQ(test, c->fired, 2);
	KUNIT_EXPECT_TRUE(test, c->in_hardirq);
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(r));
}

static void sb_atomic_deactivation_wakes_reader(struct kunit *test,
						bool hardirq)
{
	struct suspend_block_request *r;
	struct sb_reader *rd;
	bool locks = debug_locks;

	r = sb_test_add(test, "sb-test-reader");
	suspend_block_activate(r);
	rd = sb_reader_start(test);
	sb_deactivate_atomic(test, r, hardirq);
	KUNIT_EXPECT_TRUE(test, wait_for_completion_timeout(&rd->done,
							    5 * HZ));
	KUNIT_EXPECT_TRUE(test, rd->ok);
	KUNIT_EXPECT_EQ(test, debug_locks, locks);
	if (!IS_ENABLED(CONFIG_PROVE_RAW_LOCK_NESTING))
		kunit_info(test, "no CONFIG_PROVE_RAW_LOCK_NESTING: wait contexts not checked\n");
	suspend_block_remove_request(r);
}

static void hardirq_deactivation_wakes_reader(struct kunit *test)
{
	sb_atomic_deactivation_wakes_reader(test, true);
}

static void raw_locked_deactivation_wakes_reader(struct kunit *test)
{
	sb_atomic_deactivation_wakes_reader(test, false);
}

/* Concurrency: one kthread per CPU, each on its own or on one shared request. */
#define SB_HAMMER_LOOPS 20000

struct sb_hammer {
	struct suspend_block_request *req;
	struct completion done;
	struct completion *go;
	unsigned long started, stopped;
	unsigned long own_violations;
	bool own;
};

static int sb_hammer_fn(void *data)
{
	struct sb_hammer *h = data;
	int i;

	wait_for_completion(h->go);
	for (i = 0; i < SB_HAMMER_LOOPS; i++) {
		if (suspend_block_activate(h->req))
			h->started++;
		if (i % 16 == 0 && suspend_block_activate_timeout(h->req, HZ))
			h->started++;	/* another CPU deactivated it meanwhile */
		/* Our own active request keeps the aggregate above zero. */
		if (h->own && !suspend_block_active())
			h->own_violations++;
		if (suspend_block_deactivate(h->req))
			h->stopped++;
		if (i % 256 == 0)
			cond_resched();
	}
	complete(&h->done);
	return 0;
}

static void sb_run_hammers(struct kunit *test, bool shared)
{
	unsigned int n = num_online_cpus(), i, cpu;
	struct suspend_block_request *reqs;
	struct sb_hammer *h;
	unsigned long started = 0, stopped = 0;
	DECLARE_COMPLETION_ONSTACK(go);

	KUNIT_ASSERT_EQ(test, suspend_block_active_count(), 0U);
	reqs = kunit_kcalloc(test, n, sizeof(*reqs), GFP_KERNEL);
	h = kunit_kcalloc(test, n, sizeof(*h), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, reqs);
	KUNIT_ASSERT_NOT_NULL(test, h);

	for (i = 0; i < n; i++)
		sb_test_add_tracked(test, &reqs[i], "sb-hammer");
	i = 0;
	for_each_online_cpu(cpu) {
		struct task_struct *t;

		if (i == n)
			break;
		h[i].req = shared ? &reqs[0] : &reqs[i];
		h[i].own = !shared;
		h[i].go = &go;
		init_completion(&h[i].done);
		t = kthread_create(sb_hammer_fn, &h[i], "sb-hammer/%u", cpu);
		/*
		 * No assertion while threads wait on the on-stack @go: let
		 * those started run to the end, then fail.
		 */
		if (IS_ERR(t)) {
			KUNIT_FAIL(test, "kthread_create: %ld", PTR_ERR(t));
			break;
		}
		kthread_bind(t, cpu);
		wake_up_process(t);
		i++;
	}
	n = i;
	complete_all(&go);
	for (i = 0; i < n; i++) {
		wait_for_completion(&h[i].done);
		started += h[i].started;
		stopped += h[i].stopped;
		KUNIT_EXPECT_EQ_MSG(test, h[i].own_violations, 0UL,
				    "CPU thread %u saw suspend unblocked while its request was active",
				    i);
		if (!shared) {
			KUNIT_EXPECT_EQ(test, h[i].started,
					(unsigned long)SB_HAMMER_LOOPS);
			KUNIT_EXPECT_EQ(test, sb_stats(&reqs[i]).active_count,
					(u64)SB_HAMMER_LOOPS);
		}
	}
	/* Every start was counted exactly once and matched by one stop. */
	KUNIT_EXPECT_EQ(test, started, stopped);
	if (shared)
		KUNIT_EXPECT_EQ(test, sb_stats(&reqs[0]).active_count,
				(u64)started);
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 0U);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&i, false));
}

static void concurrent_own_requests_exact(struct kunit *test)
{
	sb_run_hammers(test, false);
}

static void concurrent_shared_request_exact(struct kunit *test)
{
	sb_run_hammers(test, true);
}

/*
 * The race-free handoff of 2009's "racy example": a producer (an IRQ
 * handler, here a kthread) activates its request before it publishes an
 * event and deactivates only after the consumer has activated its own.  An
 * observer, standing in for a suspend attempt, checks that whenever an event
 * was in flight, suspend was blocked and the wakeup_count handshake would
 * have refused.
 */
#define SB_HANDOFF_EVENTS 5000

struct sb_handoff {
	struct suspend_block_request producer, consumer;
	atomic_t produced, consumed, acked, released;
	unsigned long producer_violations;
	atomic_t stop;
	unsigned long checks, in_flight_seen, violations;
	struct completion done[3];
};

static int sb_producer_fn(void *data)
{
	struct sb_handoff *s = data;
	unsigned int cnt;
	int i;

	for (i = 0; i < SB_HANDOFF_EVENTS; i++) {
		suspend_block_activate(&s->producer);
		atomic_inc(&s->produced);		/* publish event i */
		wake_up_var(&s->produced);
		/* Wait until the consumer holds its own request. */
		wait_var_event(&s->acked, atomic_read(&s->acked) > i);
		suspend_block_deactivate(&s->producer);
		/* Event i is still in flight: the consumer's request holds. */
		if (!suspend_block_active() || pm_get_wakeup_count(&cnt, false))
			s->producer_violations++;
		atomic_inc(&s->released);
		wake_up_var(&s->released);
		if (i % 64 == 0)
			cond_resched();
	}
	complete(&s->done[0]);
	return 0;
}

static int sb_consumer_fn(void *data)
{
	struct sb_handoff *s = data;
	int i;

	for (i = 0; i < SB_HANDOFF_EVENTS; i++) {
		wait_var_event(&s->produced, atomic_read(&s->produced) > i);
		suspend_block_activate(&s->consumer);
		atomic_inc(&s->acked);
		wake_up_var(&s->acked);
		wait_var_event(&s->released, atomic_read(&s->released) > i);
		udelay(1);				/* process event i */
		atomic_inc(&s->consumed);
		suspend_block_deactivate(&s->consumer);
		if (i % 64 == 0)
			cond_resched();
	}
	complete(&s->done[1]);
	return 0;
}

static int sb_observer_fn(void *data)
{
	struct sb_handoff *s = data;
	unsigned int cnt;

	while (!atomic_read(&s->stop)) {
		int produced = atomic_read(&s->produced);
		bool blocked, refused;
		int consumed;

		/* Read "produced" before the state, "consumed" after it. */
		smp_rmb();
		blocked = suspend_block_active();
		refused = !pm_get_wakeup_count(&cnt, false);
		/* Pairs with the one above: the state before "consumed". */
		smp_rmb();
		consumed = atomic_read(&s->consumed);
		s->checks++;
		if (produced > consumed) {
			s->in_flight_seen++;
			if (!blocked || !refused)
				s->violations++;
		}
		/* On a uniprocessor, let producer and consumer run. */
		if (s->checks % 64 == 0 && num_online_cpus() == 1)
			usleep_range(20, 40);
		else if (s->checks % 64 == 0)
			cond_resched();
	}
	complete(&s->done[2]);
	return 0;
}

static void handoff_never_unblocks(struct kunit *test)
{
	struct task_struct *t[3];
	struct sb_handoff *s;
	int i;

	KUNIT_ASSERT_EQ(test, suspend_block_active_count(), 0U);
	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	sb_test_add_tracked(test, &s->producer, "sb-producer");
	sb_test_add_tracked(test, &s->consumer, "sb-consumer");
	for (i = 0; i < 3; i++)
		init_completion(&s->done[i]);

	/* All three or none: each waits for the others. */
	t[2] = kthread_create(sb_observer_fn, s, "sb-observer");
	t[1] = kthread_create(sb_consumer_fn, s, "sb-consumer");
	t[0] = kthread_create(sb_producer_fn, s, "sb-producer");
	if (IS_ERR(t[0]) || IS_ERR(t[1]) || IS_ERR(t[2])) {
		for (i = 0; i < 3; i++)
			if (!IS_ERR(t[i]))
				kthread_stop(t[i]);	/* never ran */
		KUNIT_FAIL(test, "kthread_create failed");
		return;
	}
	for (i = 0; i < 3; i++)
		wake_up_process(t[i]);
	wait_for_completion(&s->done[0]);
	wait_for_completion(&s->done[1]);
	atomic_set(&s->stop, 1);
	wait_for_completion(&s->done[2]);

	KUNIT_EXPECT_EQ(test, atomic_read(&s->consumed), SB_HANDOFF_EVENTS);
	KUNIT_EXPECT_EQ_MSG(test, s->producer_violations, 0UL,
			    "suspend unblocked right after the producer let go %lu times",
			    s->producer_violations);
	KUNIT_EXPECT_EQ_MSG(test, s->violations, 0UL,
			    "suspend unblocked with an event in flight %lu times (of %lu checks, %lu in flight)",
			    s->violations, s->checks, s->in_flight_seen);
	kunit_info(test, "%lu checks, %lu with an event in flight\n",
		   s->checks, s->in_flight_seen);
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 0U);
}

/*
 * Registry walks in batches (qos_registry_walk.h).  A read-out that drops
 * the lock between batches keeps its place with a cursor: entries removed
 * meanwhile are skipped, entries added are seen, other walkers' cursors are
 * never returned, and nothing is visited twice.
 */
#define SB_WALK_TEST_N	101	/* entries: a few batches */

struct sb_walk_array {
	struct suspend_block_request *r;
	int n;
};

/* At the case's end: remove what is still registered, then free. */
static void sb_walk_test_release(struct kunit_resource *res)
{
	struct sb_walk_array *a = res->data;
	int i;

	for (i = 0; i < a->n; i++)
		if (sb_registered(&a->r[i]))
			suspend_block_remove_request(&a->r[i]);
	vfree(a->r);
}

/* @n added requests in one vmalloc()ed array, released at the case's end. */
static struct suspend_block_request *sb_walk_test_add(struct kunit *test,
						      int n)
{
	struct sb_walk_array *a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	struct kunit_resource *res;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, a);
	a->r = vcalloc(n, sizeof(*a->r));
	KUNIT_ASSERT_NOT_NULL(test, a->r);
	res = kunit_alloc_resource(test, NULL, sb_walk_test_release,
				   GFP_KERNEL, a);
	if (!res)
		vfree(a->r);
	KUNIT_ASSERT_NOT_NULL(test, res);
	a->n = n;
	for (i = 0; i < n; i++)
		suspend_block_add_request(&a->r[i], "sb-walk");
	return a->r;
}

/* Remove @r[0 .. @n - 1] but @skip_from .. @skip_to, removed already. */
static void sb_walk_test_remove(struct suspend_block_request *r, int n,
				int skip_from, int skip_to)
{
	int i;

	for (i = 0; i < n; i++)
		if (i < skip_from || i > skip_to)
			suspend_block_remove_request(&r[i]);
}

static void registry_walk_keeps_place(struct kunit *test)
{
	struct suspend_block_request *r, *req, *late;
	struct suspend_block_walk sw, other;
	int visits[SB_WALK_TEST_N] = {}, late_visits = 0, seen = 0, i;
	int cursors_seen = 0, cut = SB_WALK_TEST_N;

	r = sb_walk_test_add(test, SB_WALK_TEST_N);
	late = kunit_kzalloc(test, sizeof(*late), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, late);
	/* Tracked before it is added, mid-walk below. */
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 sb_test_untrack,
							 GFP_KERNEL, late));

	/*
	 * Until the walk ends, cursors on this stack are on the registry
	 * and its lock is held with interrupts off: no assertion, nor even a
	 * KUNIT_EXPECT (a failing one allocates with GFP_KERNEL), so the
	 * checks are counted here and made after the walk.  The other
	 * cursor's node starts empty, so that a walk that never reaches the
	 * cut can still list_del() it.
	 */
	INIT_LIST_HEAD(&other.cursor.node);
	suspend_block_walk_start(&sw);
	while ((req = suspend_block_walk_next(&sw))) {
		cursors_seen += suspend_block_is_cursor(&req->node);
		if (req == late) {
			late_visits++;
			continue;
		}
		if (req < r || req >= r + SB_WALK_TEST_N)
			continue;	/* somebody else's request */
		i = req - r;
		visits[i]++;
		if (++seen != 10 || i + 1 == SB_WALK_TEST_N)
			continue;
		/*
		 * Between two steps, as between two batches: with the lock
		 * dropped, remove the entry just visited and the next one,
		 * add one at the tail, and put another walker's cursor right
		 * after ours.  Where it cut is kept, so that the removal at
		 * the end skips exactly the two removed here, wherever a
		 * broken walk made the cut (never past the array's end).
		 */
		cut = i;
		raw_spin_unlock_irqrestore(sw.walk.lock, sw.walk.flags);
		suspend_block_remove_request(&r[i]);
		suspend_block_remove_request(&r[i + 1]);
		suspend_block_add_request(late, "sb-walk-late");
		raw_spin_lock_irqsave(sw.walk.lock, sw.walk.flags);
		other.cursor.name = (const char *)&suspend_block_registry;
		list_add(&other.cursor.node, sw.walk.cursor);
	}
	list_del(&other.cursor.node);
	suspend_block_walk_end(&sw);

	KUNIT_EXPECT_EQ(test, cursors_seen, 0);
	for (i = 0; i < SB_WALK_TEST_N; i++) {
		if (i == 10)
			KUNIT_EXPECT_EQ_MSG(test, visits[i], 0,
					    "entry %d removed before its turn", i);
		else
			KUNIT_EXPECT_EQ_MSG(test, visits[i], 1, "entry %d", i);
	}
	KUNIT_EXPECT_EQ(test, late_visits, 1);
	KUNIT_EXPECT_EQ(test, sb_registered(late), 1);

	sb_walk_test_remove(r, SB_WALK_TEST_N, cut, cut + 1);
	/* Added at the cut only: a walk that never got there did not. */
	if (cut < SB_WALK_TEST_N)
		suspend_block_remove_request(late);
}

struct sb_walk_irq {
	struct hrtimer timer;
	bool fired;
};

static enum hrtimer_restart sb_walk_irq_fn(struct hrtimer *t)
{
	WRITE_ONCE(container_of(t, struct sb_walk_irq, timer)->fired, true);
	return HRTIMER_NORESTART;
}

/*
 * The point of the batches: a timer interrupt that comes due while a
 * read-out walks a long registry is served before the walk ends, because
 * interrupts come back on between batches.  A walk that held the lock
 * throughout would see the flag only after its end.  The walker spends
 * SB_WALK_TEST_US per entry (a slow printer), so that the walk outlasts a
 * few ticks even where hrtimers only run from the tick.
 */
#define SB_WALK_TEST_US		25
#define SB_WALK_TEST_LONG	2000	/* entries: 50 ms of walking */

static void registry_walk_serves_interrupts(struct kunit *test)
{
	const int n = SB_WALK_TEST_LONG;
	struct suspend_block_request *r, *req;
	struct suspend_block_walk sw;
	struct sb_walk_irq irq = {};
	int seen = 0, fired_at = -1;

	r = sb_walk_test_add(test, n);
	hrtimer_init_on_stack(&irq.timer, CLOCK_MONOTONIC,
			      HRTIMER_MODE_REL_PINNED_HARD);
	irq.timer.function = sb_walk_irq_fn;

	suspend_block_walk_start(&sw);
	/* Due at once, on this CPU, but it only runs with interrupts on. */
	hrtimer_start(&irq.timer, 0, HRTIMER_MODE_REL_PINNED_HARD);
	while ((req = suspend_block_walk_next(&sw))) {
		if (req < r || req >= r + n)
			continue;
		seen++;
		if (fired_at < 0 && READ_ONCE(irq.fired))
			fired_at = seen;
		udelay(SB_WALK_TEST_US);
	}
	suspend_block_walk_end(&sw);
	hrtimer_cancel(&irq.timer);
	destroy_hrtimer_on_stack(&irq.timer);

	KUNIT_EXPECT_EQ(test, seen, n);
	KUNIT_EXPECT_GT_MSG(test, fired_at, 0,
			    "the timer did not run during a walk of %d entries",
			    n);
	kunit_info(test, "timer ran after %d of %d entries (batch %d)\n",
		   fired_at, n, QOS_WALK_BATCH);
	sb_walk_test_remove(r, n, n, n);
}

static bool sb_on_registry(struct suspend_block_request *r)
{
	struct suspend_block_request *req;
	unsigned long flags;
	bool found = false;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	for (req = suspend_block_first(); req; req = suspend_block_next(req))
		found |= req == r;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return found;
}

/*
 * A wakeup source blocks suspend through its request: one aggregate, one
 * event in progress, and exactly one event registered per deactivation,
 * as mainline counts them (not one more for the aggregate's 1 -> 0).
 */
static void wakeup_source_is_a_request(struct kunit *test)
{
	struct wakeup_source *ws = wakeup_source_register(NULL, "sb-test-ws");
	unsigned int before, after;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, ws);
	KUNIT_EXPECT_TRUE(test, suspend_block_backs_wakeup_source(&ws->block));
	KUNIT_EXPECT_STREQ(test, ws->block.name, "sb-test-ws");
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&before, false));

	__pm_stay_awake(ws);
	KUNIT_EXPECT_TRUE(test, suspend_block_request_active(&ws->block));
	KUNIT_EXPECT_TRUE(test, suspend_block_active());
	KUNIT_EXPECT_FALSE(test, pm_get_wakeup_count(&after, false));
	__pm_relax(ws);

	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(&ws->block));
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ(test, after, before + 1);

	/* A timed event ends by the source's timer, through the request. */
	pm_wakeup_ws_event(ws, jiffies_to_msecs(SHORT), false);
	KUNIT_EXPECT_TRUE(test, suspend_block_request_active(&ws->block));
	for (i = 0; i < 100 && suspend_block_request_active(&ws->block); i++)
		msleep(jiffies_to_msecs(SHORT));
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(&ws->block));
	/*
	 * The timer's callback ends the request, then counts the expiry and
	 * registers the event, all under ws->lock, which mainline's readers
	 * of the statistics take: so does this one.
	 */
	spin_lock_irq(&ws->lock);
	spin_unlock_irq(&ws->lock);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 1UL);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ(test, after, before + 2);
	wakeup_source_unregister(ws);

	/*
	 * Removed while active: its request leaves the registry at once (the
	 * source's memory may go), its event stays in progress until the
	 * relax, which registers one, as in mainline.
	 */
	ws = wakeup_source_create("sb-test-ws-removed");
	KUNIT_ASSERT_NOT_NULL(test, ws);
	wakeup_source_add(ws);
	KUNIT_EXPECT_TRUE(test, sb_on_registry(&ws->block));
	__pm_stay_awake(ws);
	wakeup_source_remove(ws);
	KUNIT_EXPECT_FALSE(test, sb_on_registry(&ws->block));
	KUNIT_EXPECT_FALSE(test, suspend_block_request_active(&ws->block));
	KUNIT_EXPECT_FALSE(test, pm_get_wakeup_count(&after, false));
	wakeup_source_destroy(ws);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ(test, after, before + 3);
}

/*
 * A hard activation wakes a suspend sitting in the s2idle loop (which
 * looks for events again only when woken), even when a wakeup source's
 * soft event made the aggregate's 0 -> 1 and woke nobody, as mainline's
 * hard events always do.  pm_wakeup_pending() tells: its first call after
 * the events sees the event in progress and disarms the handshake; a
 * second one is true only if pm_system_wakeup() asked for a wake-up.
 * Outside a suspend (no PREPARE notifier), an armed handshake alone wakes
 * nothing: the activation then takes no global lock.
 */
static void hard_activation_wakes_after_soft_event(struct kunit *test)
{
	struct suspend_block_request *r = sb_test_add(test, "sb-test-hard");
	struct wakeup_source *ws = wakeup_source_register(NULL, "sb-test-soft");
	unsigned int count;

	KUNIT_ASSERT_NOT_NULL(test, ws);
	pm_wakeup_clear(0);
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_ASSERT_TRUE(test, pm_save_wakeup_count(count));
	/* Armed, no suspend in progress: no wake-up asked for. */
	suspend_block_activate(r);
	KUNIT_EXPECT_TRUE(test, pm_wakeup_pending());
	KUNIT_EXPECT_FALSE(test, pm_wakeup_pending());
	suspend_block_deactivate(r);
	pm_wakeup_clear(0);	/* each part on its own */

	/* A suspend in progress; the loop's last check: nothing pending. */
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_ASSERT_TRUE(test, pm_save_wakeup_count(count));
	KUNIT_EXPECT_FALSE(test, pm_wakeup_pending());

	/* A soft event alone wakes nobody, as in mainline. */
	__pm_stay_awake(ws);
	KUNIT_EXPECT_TRUE(test, pm_wakeup_pending());
	KUNIT_EXPECT_FALSE(test, pm_wakeup_pending());
	__pm_relax(ws);
	pm_wakeup_clear(0);

	/* Armed again; the soft event makes the 0 -> 1, the hard one 1 -> 2. */
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_ASSERT_TRUE(test, pm_save_wakeup_count(count));
	KUNIT_EXPECT_FALSE(test, pm_wakeup_pending());
	__pm_stay_awake(ws);
	suspend_block_activate(r);
	KUNIT_EXPECT_TRUE(test, pm_wakeup_pending());
	KUNIT_EXPECT_TRUE(test, pm_wakeup_pending());

	suspend_block_deactivate(r);
	__pm_relax(ws);
	pm_notifier_call_chain(PM_POST_SUSPEND);
	pm_wakeup_clear(0);
	wakeup_source_unregister(ws);
	suspend_block_remove_request(r);
}

/*
 * ACPI's suspend-to-idle wake check (acpi_s2idle_wake()) calls
 * pm_wakeup_pending() for an SCI that may prove spurious, then re-arms the
 * SCI and lets the loop sleep again: a pending event seen there (here a
 * soft one) disarms the handshake (events_check_enabled) although the
 * suspend goes on.  An activation after that must still wake the loop, as
 * a hard event does in mainline: pm_wakeup_pending() says so.
 */
static void activation_wakes_after_disarming_check(struct kunit *test)
{
	struct suspend_block_request *r = sb_test_add(test, "sb-test-rearm");
	struct wakeup_source *ws = wakeup_source_register(NULL, "sb-test-sci");
	unsigned int count;

	KUNIT_ASSERT_NOT_NULL(test, ws);
	pm_wakeup_clear(0);
	/* User space's handshake, then the suspend it starts. */
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_ASSERT_TRUE(test, pm_save_wakeup_count(count));
	pm_notifier_call_chain(PM_SUSPEND_PREPARE);
	KUNIT_EXPECT_FALSE(test, pm_wakeup_pending());

	/* The check that finds an event and disarms; the loop goes on. */
	__pm_stay_awake(ws);
	__pm_relax(ws);
	KUNIT_EXPECT_TRUE(test, pm_wakeup_pending());
	pm_wakeup_clear(0);
	KUNIT_EXPECT_FALSE(test, pm_wakeup_pending());

	suspend_block_activate(r);
	KUNIT_EXPECT_TRUE(test, pm_wakeup_pending());
	suspend_block_deactivate(r);

	pm_notifier_call_chain(PM_POST_SUSPEND);
	pm_wakeup_clear(0);
	wakeup_source_unregister(ws);
	suspend_block_remove_request(r);
}

static struct kunit_case suspend_block_cases[] = {
	KUNIT_CASE(add_starts_inactive),
	KUNIT_CASE(activate_blocks_deactivate_unblocks),
	KUNIT_CASE(activate_does_not_nest),
	KUNIT_CASE(deactivate_inactive_is_noop),
	KUNIT_CASE(remove_deactivates_with_accounting),
	KUNIT_CASE(timeout_expires),
	KUNIT_CASE(huge_timeout_is_longest),
	KUNIT_CASE(use_after_remove_refused),
	KUNIT_CASE(double_add_and_free_repaired),
	KUNIT_CASE(timeout_extended_by_later_deadline),
	KUNIT_CASE(timeout_shortened_by_earlier_deadline),
	KUNIT_CASE(timeout_turns_untimed_into_timed),
	KUNIT_CASE(activate_cancels_timeout),
	KUNIT_CASE(deactivate_cancels_timeout),
	KUNIT_CASE(remove_cancels_timeout),
	KUNIT_CASE(stats_measure_intervals),
	KUNIT_CASE(stats_prevent_time_only_under_autosleep),
	KUNIT_CASE(stats_wakeup_counts_activations_during_suspend),
	KUNIT_CASE(notifier_reports_transitions),
	KUNIT_CASE(notifier_added_while_blocked_sees_unblock),
	KUNIT_CASE(wakeup_count_handshake_counts_requests),
	KUNIT_CASE(callable_from_hardirq),
	KUNIT_CASE(hardirq_deactivation_wakes_reader),
	KUNIT_CASE(raw_locked_deactivation_wakes_reader),
	KUNIT_CASE(concurrent_own_requests_exact),
	KUNIT_CASE(concurrent_shared_request_exact),
	KUNIT_CASE(handoff_never_unblocks),
	KUNIT_CASE(registry_walk_keeps_place),
	KUNIT_CASE(registry_walk_serves_interrupts),
	KUNIT_CASE(wakeup_source_is_a_request),
	KUNIT_CASE(hard_activation_wakes_after_soft_event),
	KUNIT_CASE(activation_wakes_after_disarming_check),
	{}
};

static struct kunit_suite suspend_block_suite = {
	.name = "pm_qos_suspend_block",
	.test_cases = suspend_block_cases,
};

kunit_test_suite(suspend_block_suite);
