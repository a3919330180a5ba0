// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the pm_qos power-level class: aggregation in every order,
 * duplicates and the whole range of levels, bad levels, statistics, the
 * notifier, the lockless read under concurrent updates, and (with cpuidle)
 * the clamping of governor choices and of the deepest-state search that
 * suspend-to-idle uses, on a fake cpuidle driver.
 *
 * The cases assume no other power-level request is active in the test
 * kernel.
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/cpuidle.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/pm_qos_power_level.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/tick.h>

#include "../qos_power_level.h"

#define ANY POWER_LEVEL_ANY

/*
 * A timeout that must not run out before the next line checks the request
 * is active: a TCG vCPU can stall for several jiffies between two lines.
 */
#define SHORT	((unsigned long)HZ / 4)

/* @r as power_level_snapshot() reads it now. */
static struct power_level_snapshot pl_snap(struct power_level_request *r)
{
	struct power_level_snapshot snap;

	power_level_snapshot(r, local_clock(), &snap);
	return snap;
}

/*
 * The first add switches the idle path's hooks on from a work item: wait
 * for it (at once after the first time), so the idle-path cases see them.
 */
static void pl_wait_used(struct kunit *test)
{
	int i;

	for (i = 0; i < 250 && !static_key_enabled(&power_level_used); i++)
		msleep(20);
	KUNIT_ASSERT_TRUE(test, static_key_enabled(&power_level_used));
}

/*
 * Cleanup of a request when its case ends, whether it passed, failed or an
 * assertion stopped it: added and not removed (a zeroed request was never
 * added), it is removed before KUnit frees its memory, so that a failing
 * case leaves no freed entry on the registry and no limit behind.
 * Resources are released last in, first out: the tracker, set up after
 * the memory, goes first.
 */
static void pl_test_untrack(struct kunit_resource *res)
{
	struct power_level_request *r = res->data;

	if (r->node.next && !pl_snap(r).removed)
		power_level_remove_request(r);
}

/* Add @r, memory the case owns, with the cleanup above. */
static void pl_test_add_tracked(struct kunit *test,
				struct power_level_request *r,
				const char *name, s32 level)
{
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 pl_test_untrack,
							 GFP_KERNEL, r));
	power_level_add_request(r, name, level);
}

static struct power_level_request *pl_new(struct kunit *test, s32 level)
{
	struct power_level_request *r;

	r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r);
	pl_test_add_tracked(test, r, "pl-test", level);
	pl_wait_used(test);
	return r;
}

static void no_request_no_limit(struct kunit *test)
{
	struct power_level_request *r;

	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
	r = pl_new(test, ANY);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.active_count, 0ULL);
	power_level_remove_request(r);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
}

static void limit_is_minimum_of_active(struct kunit *test)
{
	struct power_level_request *a, *b, *c;

	a = pl_new(test, 3);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 3);
	b = pl_new(test, 5);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 3);
	c = pl_new(test, 1);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 1);
	KUNIT_EXPECT_EQ(test, power_level_update_request(a, 0), 0);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 0);
	KUNIT_EXPECT_EQ(test, power_level_update_request(a, 7), 0);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 1);
	power_level_remove_request(c);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 5);
	KUNIT_EXPECT_EQ(test, power_level_update_request(b, ANY), 0);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 7);
	power_level_remove_request(a);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
	power_level_remove_request(b);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
}

/* Add three requests and remove them in each of the six orders. */
static void every_removal_order(struct kunit *test)
{
	static const int orders[6][3] = {
		{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}
	};
	static const s32 levels[3] = {4, 2, 6};
	struct power_level_request *r[3];
	int o, k, i;

	for (o = 0; o < 6; o++) {
		for (i = 0; i < 3; i++)
			r[i] = pl_new(test, levels[i]);
		for (k = 0; k < 3; k++) {
			s32 want = ANY;

			power_level_remove_request(r[orders[o][k]]);
			/* The minimum over the ones still there. */
			for (i = k + 1; i < 3; i++)
				want = min(want, levels[orders[o][i]]);
			KUNIT_EXPECT_EQ_MSG(test, power_level_limit(), want,
					    "order %d, after %d removals", o,
					    k + 1);
		}
	}
}

static void duplicate_levels_counted(struct kunit *test)
{
	struct power_level_request *a, *b;

	a = pl_new(test, 2);
	b = pl_new(test, 2);
	power_level_remove_request(a);
	/* b still holds level 2. */
	KUNIT_EXPECT_EQ(test, power_level_limit(), 2);
	power_level_update_request(b, 2);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 2);
	power_level_remove_request(b);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
}

static void every_level_in_range(struct kunit *test)
{
	struct power_level_request *r = pl_new(test, ANY);
	s32 l;

	for (l = POWER_LEVEL_COUNT - 1; l >= 0; l--) {
		KUNIT_EXPECT_EQ(test, power_level_update_request(r, l), 0);
		KUNIT_EXPECT_EQ(test, power_level_limit(), l);
	}
	for (l = 0; l < POWER_LEVEL_COUNT; l++) {
		KUNIT_EXPECT_EQ(test, power_level_update_request(r, l), 0);
		KUNIT_EXPECT_EQ(test, power_level_limit(), l);
	}
	power_level_remove_request(r);
}

static void bad_level_rejected_unchanged(struct kunit *test)
{
	struct power_level_request *r = pl_new(test, 3);

	KUNIT_EXPECT_EQ(test, power_level_update_request(r, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test,
			power_level_update_request(r, POWER_LEVEL_COUNT),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, pl_snap(r).level, 3);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 3);
	power_level_remove_request(r);
}

static void stats_count_active_intervals(struct kunit *test)
{
	struct power_level_request *r = pl_new(test, ANY);

	power_level_update_request(r, 1);
	power_level_update_request(r, 2);	/* still active: no new count */
	msleep(4 * jiffies_to_msecs(1));
	power_level_update_request(r, ANY);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.active_count, 1ULL);
	KUNIT_EXPECT_GE(test, pl_snap(r).stats.total_time, 3ULL * TICK_NSEC);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.max_time,
			pl_snap(r).stats.total_time);
	power_level_update_request(r, 0);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.active_count, 2ULL);
	power_level_remove_request(r);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.active_count, 2ULL);
}

struct pl_listener {
	struct notifier_block nb;
	int calls;
	unsigned long last;
};

static int pl_listener_call(struct notifier_block *nb, unsigned long action,
			    void *data)
{
	struct pl_listener *l = container_of(nb, struct pl_listener, nb);

	l->calls++;
	l->last = action;
	return NOTIFY_OK;
}

/* A listener left registered by a failing case is taken off at its end. */
static void pl_test_unlisten(struct kunit_resource *res)
{
	power_level_remove_notifier(res->data);	/* -ENOENT if off */
}

static void notifier_on_limit_change_only(struct kunit *test)
{
	struct power_level_request *a, *b;
	struct pl_listener *l;

	l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, l);
	l->nb.notifier_call = pl_listener_call;
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 pl_test_unlisten,
							 GFP_KERNEL, &l->nb));
	KUNIT_ASSERT_EQ(test, power_level_add_notifier(&l->nb), 0);
	a = pl_new(test, 4);
	KUNIT_EXPECT_EQ(test, l->calls, 1);
	KUNIT_EXPECT_EQ(test, l->last, 4UL);
	b = pl_new(test, 6);			/* limit stays 4 */
	KUNIT_EXPECT_EQ(test, l->calls, 1);
	power_level_update_request(b, 1);
	KUNIT_EXPECT_EQ(test, l->calls, 2);
	KUNIT_EXPECT_EQ(test, l->last, 1UL);
	power_level_remove_request(b);
	KUNIT_EXPECT_EQ(test, l->calls, 3);
	KUNIT_EXPECT_EQ(test, l->last, 4UL);
	power_level_remove_request(a);
	KUNIT_EXPECT_EQ(test, l->calls, 4);
	KUNIT_EXPECT_EQ(test, l->last, (unsigned long)ANY);
	KUNIT_EXPECT_EQ(test, power_level_remove_notifier(&l->nb), 0);
}

/*
 * The lockless read under concurrent updates: a pinned request holds level
 * 5 throughout while one kthread per CPU flips its own request between 2
 * and ANY.  Every read of the limit must be 2 or 5: never ANY (the pinned
 * request), never anything in between or torn.
 */
#define PL_FLIPS 20000

struct pl_flipper {
	struct power_level_request req;
	struct completion done;
};

static int pl_flip_fn(void *data)
{
	struct pl_flipper *f = data;
	int i;

	for (i = 0; i < PL_FLIPS; i++) {
		power_level_update_request(&f->req, 2);
		power_level_update_request(&f->req, ANY);
		if (i % 128 == 0)
			cond_resched();
	}
	complete(&f->done);
	return 0;
}

static void lockless_read_under_updates(struct kunit *test)
{
	unsigned int n = num_online_cpus(), added, i, cpu;
	unsigned long reads = 0, bad = 0;
	struct power_level_request *pin;
	struct pl_flipper *f;

	f = kunit_kcalloc(test, n, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	pin = pl_new(test, 5);
	/*
	 * Every request added, and tracked (which may assert), before the
	 * first flipper starts: an assertion that stopped the case with
	 * flippers running would let the cleanup remove and free requests
	 * they still update.
	 */
	for (i = 0; i < n; i++) {
		pl_test_add_tracked(test, &f[i].req, "pl-flip", ANY);
		init_completion(&f[i].done);
	}
	added = n;
	i = 0;
	for_each_online_cpu(cpu) {
		struct task_struct *t;

		if (i == n)
			break;
		t = kthread_create(pl_flip_fn, &f[i], "pl-flip/%u", cpu);
		/* No assertion while flippers run: wait for them, then fail. */
		if (IS_ERR(t)) {
			KUNIT_FAIL(test, "kthread_create: %ld", PTR_ERR(t));
			break;
		}
		kthread_bind(t, cpu);
		wake_up_process(t);
		i++;
	}
	n = i;
	for (i = 0; i < n; i++) {
		while (!completion_done(&f[i].done)) {
			s32 l = power_level_limit();

			reads++;
			if (l != 2 && l != 5)
				bad++;
			/* On a uniprocessor the flippers need the CPU. */
			if (reads % 256 == 0 && n == 1)
				usleep_range(500, 1000);
			else if (reads % 256 == 0)
				cond_resched();
		}
	}
	KUNIT_EXPECT_EQ_MSG(test, bad, 0UL, "%lu of %lu reads out of {2, 5}",
			    bad, reads);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 5);
	for (i = 0; i < added; i++)
		power_level_remove_request(&f[i].req);
	power_level_remove_request(pin);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
}

/* Wait until @r is inactive, at most @max_ticks; the ticks waited. */
static unsigned long pl_wait_inactive(struct power_level_request *r,
				      unsigned long max_ticks)
{
	unsigned long waited = 0;

	while (pl_snap(r).level != ANY && waited < max_ticks) {
		schedule_timeout_uninterruptible(1);
		waited++;
	}
	return waited;
}

static void timed_update_expires(struct kunit *test)
{
	struct power_level_request *r = pl_new(test, ANY);

	KUNIT_EXPECT_EQ(test, power_level_update_request_timeout(r, 2, SHORT), 0);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 2);
	pl_wait_inactive(r, 10 * HZ);
	KUNIT_EXPECT_EQ(test, pl_snap(r).level, ANY);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.expire_count, 1ULL);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.active_count, 1ULL);
	KUNIT_EXPECT_FALSE(test, pl_snap(r).timed);
	power_level_remove_request(r);
}

/* Use after remove is refused (with a warning the harness expects). */
static void update_after_remove_refused(struct kunit *test)
{
	struct power_level_request *r = pl_new(test, 1);

	power_level_remove_request(r);
	pr_info("=== expected kernel reports begin: %s\n", __func__);
	power_level_update_request(r, 0);
	power_level_update_request_timeout(r, 0, HZ);
	power_level_remove_request(r);
	pr_info("=== expected kernel reports end: %s\n", __func__);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
	KUNIT_EXPECT_EQ(test, pl_snap(r).level, ANY);

	power_level_add_request(r, "pl-test", 2);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 2);
	power_level_remove_request(r);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
}

/* A timeout past what jiffies can express is the longest, not the past. */
static void huge_timeout_is_longest(struct kunit *test)
{
	struct power_level_request *r = pl_new(test, ANY);
	unsigned long huge[] = { ULONG_MAX, LONG_MAX + 1UL, MAX_JIFFY_OFFSET };
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(huge); i++) {
		ret = power_level_update_request_timeout(r, 1, huge[i]);
		KUNIT_EXPECT_EQ(test, ret, 0);
		msleep(jiffies_to_msecs(2) + 20);
		KUNIT_EXPECT_EQ_MSG(test, pl_snap(r).level, 1, "timeout %lu",
				    huge[i]);
		KUNIT_EXPECT_TRUE(test, time_after(pl_snap(r).expires,
						   jiffies + MAX_JIFFY_OFFSET / 2));
		KUNIT_EXPECT_EQ(test, pl_snap(r).stats.expire_count, 0ULL);
	}
	power_level_remove_request(r);
}

static void untimed_update_cancels_timeout(struct kunit *test)
{
	struct power_level_request *r = pl_new(test, ANY);

	power_level_update_request_timeout(r, 1, SHORT);
	KUNIT_EXPECT_EQ(test, power_level_update_request(r, 1), 0);
	schedule_timeout_uninterruptible(SHORT + 5);
	KUNIT_EXPECT_EQ(test, power_level_limit(), 1);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.expire_count, 0ULL);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(1),
			MAX_SCHEDULE_TIMEOUT);
	power_level_remove_request(r);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
}

static void timeout_replaces_deadline(struct kunit *test)
{
	struct power_level_request *r = pl_new(test, ANY);
	unsigned long left;

	/* Shorter than before: the new deadline wins. */
	power_level_update_request_timeout(r, 0, 100 * HZ);
	power_level_update_request_timeout(r, 0, 2);
	KUNIT_EXPECT_LE(test, power_level_longest_remaining(0), 2UL);
	KUNIT_EXPECT_LT(test, pl_wait_inactive(r, 10 * HZ), 10UL * HZ);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.expire_count, 1ULL);

	/* Longer than before, on an active request. */
	power_level_update_request_timeout(r, 0, SHORT);
	power_level_update_request_timeout(r, 0, 100 * HZ);
	/* Past the first deadline: a timer left for it would have fired. */
	schedule_timeout_uninterruptible(SHORT + 5);
	left = power_level_longest_remaining(0);
	KUNIT_EXPECT_EQ(test, pl_snap(r).level, 0);
	KUNIT_EXPECT_GT(test, left, 90UL * HZ);
	KUNIT_EXPECT_LE(test, left, 100UL * HZ);
	KUNIT_EXPECT_EQ(test, pl_snap(r).stats.expire_count, 1ULL);
	power_level_remove_request(r);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
}

static void longest_remaining_by_level(struct kunit *test)
{
	struct power_level_request *a = pl_new(test, ANY);
	struct power_level_request *b = pl_new(test, ANY);
	unsigned long left;

	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0), 0UL);
	power_level_update_request_timeout(a, 0, 10 * HZ);
	power_level_update_request_timeout(b, 0, 20 * HZ);
	left = power_level_longest_remaining(0);
	KUNIT_EXPECT_GT(test, left, 10UL * HZ);
	KUNIT_EXPECT_LE(test, left, 20UL * HZ);
	/*
	 * b at level 3 no longer counts for level 0, only for 3 and up.  a
	 * alone has 10 s left, but level 0 keeps b's deadline while a stays:
	 * an upper bound (remaining_upper_bound_never_below).
	 */
	power_level_update_request(b, 3);
	left = power_level_longest_remaining(0);
	KUNIT_EXPECT_GT(test, left, 9UL * HZ);
	KUNIT_EXPECT_LE(test, left, 20UL * HZ);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(3),
			MAX_SCHEDULE_TIMEOUT);
	power_level_update_request(a, ANY);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0), 0UL);
	power_level_remove_request(a);
	power_level_remove_request(b);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(9), 0UL);
}

/*
 * Time that may pass between an update and a query on a slow debug guest;
 * far below the gaps between the deadlines the cases tell apart.
 */
#define PL_SLACK	(HZ / 2)

/*
 * power_level_longest_remaining() reads per-level counts by kind: an
 * untimed request wins over a timed one; once released, the timed one's
 * time left; a request's kind changing moves it between the counts.
 */
static void remaining_untimed_beats_timed(struct kunit *test)
{
	struct power_level_request *u = pl_new(test, 0);
	struct power_level_request *t = pl_new(test, ANY);
	unsigned long left;

	power_level_update_request_timeout(t, 0, 5 * HZ);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0),
			MAX_SCHEDULE_TIMEOUT);
	power_level_update_request(u, ANY);
	left = power_level_longest_remaining(0);
	KUNIT_EXPECT_GT(test, left, 5UL * HZ - PL_SLACK);
	KUNIT_EXPECT_LE(test, left, 5UL * HZ);

	/* t alone: untimed, then timed again with a sooner deadline. */
	power_level_update_request(t, 0);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0),
			MAX_SCHEDULE_TIMEOUT);
	power_level_update_request_timeout(t, 0, 2 * HZ);
	left = power_level_longest_remaining(0);
	KUNIT_EXPECT_GT(test, left, 2UL * HZ - PL_SLACK);
	KUNIT_EXPECT_LE(test, left, 2UL * HZ);

	/* u timed, t untimed: the untimed one wins again. */
	power_level_update_request_timeout(u, 0, 5 * HZ);
	power_level_update_request(t, 0);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0),
			MAX_SCHEDULE_TIMEOUT);
	power_level_remove_request(t);
	left = power_level_longest_remaining(0);
	KUNIT_EXPECT_GT(test, left, 0UL);
	KUNIT_EXPECT_LE(test, left, 5UL * HZ);
	power_level_remove_request(u);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0), 0UL);
}

/*
 * Two timed requests at one level: releasing the later one early leaves
 * its deadline as the level's latest, so the answer is an upper bound,
 * never below the true time left.  Once the level has no timed request,
 * the next one starts afresh.
 */
static void remaining_upper_bound_never_below(struct kunit *test)
{
	struct power_level_request *a = pl_new(test, ANY);
	struct power_level_request *b = pl_new(test, ANY);
	unsigned long left, truth;

	power_level_update_request_timeout(a, 0, 2 * HZ);
	power_level_update_request_timeout(b, 0, 5 * HZ);
	left = power_level_longest_remaining(0);
	KUNIT_EXPECT_GT(test, left, 5UL * HZ - PL_SLACK);
	KUNIT_EXPECT_LE(test, left, 5UL * HZ);

	power_level_update_request(b, ANY);
	left = power_level_longest_remaining(0);
	/* Read after the query: the truth only shrinks meanwhile. */
	truth = pl_snap(a).expires - jiffies;
	KUNIT_EXPECT_EQ(test, pl_snap(a).level, 0);
	KUNIT_EXPECT_GT(test, truth, 2UL * HZ - PL_SLACK);
	KUNIT_EXPECT_GE(test, left, truth);
	KUNIT_EXPECT_LE(test, left, 5UL * HZ);

	power_level_update_request(a, ANY);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0), 0UL);

	/* No timed request left at level 0: b's old deadline is gone. */
	power_level_update_request_timeout(a, 0, HZ);
	left = power_level_longest_remaining(0);
	KUNIT_EXPECT_GT(test, left, 0UL);
	KUNIT_EXPECT_LE(test, left, 1UL * HZ);
	power_level_remove_request(a);
	power_level_remove_request(b);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0), 0UL);
}

/* Requests above the level asked about do not count, timed or not. */
static void remaining_ignores_higher_levels(struct kunit *test)
{
	struct power_level_request *u = pl_new(test, 3);
	struct power_level_request *t = pl_new(test, ANY);
	unsigned long left;

	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0), 0UL);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(2), 0UL);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(-1), 0UL);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(3),
			MAX_SCHEDULE_TIMEOUT);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(100),
			MAX_SCHEDULE_TIMEOUT);

	/*
	 * A timed request at 1 makes the query for 2 read the counts: u's
	 * untimed count at 3 must stay out of it.
	 */
	power_level_update_request_timeout(t, 1, 2 * HZ);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0), 0UL);
	left = power_level_longest_remaining(2);
	KUNIT_EXPECT_GT(test, left, 2UL * HZ - PL_SLACK);
	KUNIT_EXPECT_LE(test, left, 2UL * HZ);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(3),
			MAX_SCHEDULE_TIMEOUT);

	/* A timed request above it: t timed at 5, u now timed at 1. */
	power_level_update_request_timeout(t, 5, 100 * HZ);
	power_level_update_request_timeout(u, 1, 2 * HZ);
	left = power_level_longest_remaining(4);
	KUNIT_EXPECT_GT(test, left, 0UL);
	KUNIT_EXPECT_LE(test, left, 2UL * HZ);
	power_level_remove_request(t);
	power_level_remove_request(u);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(9), 0UL);
}

/*
 * A timed request that expires by its timer leaves nothing in the counts:
 * neither its untimed part from before nor its timed part.  A stale count
 * at level 0 would show in a query for level 1 once the limit is kept at 1
 * (with the limit above the level the query does not read the counts).
 */
static void remaining_zero_after_expiry(struct kunit *test)
{
	struct power_level_request *a = pl_new(test, 0);
	struct power_level_request *b = pl_new(test, ANY);
	struct power_level_request *h = pl_new(test, ANY);
	unsigned long left;

	power_level_update_request_timeout(a, 0, 1);
	msleep(50);
	KUNIT_EXPECT_LT(test, pl_wait_inactive(a, 10 * HZ), 10UL * HZ);
	KUNIT_EXPECT_EQ(test, pl_snap(a).level, ANY);
	KUNIT_EXPECT_EQ(test, pl_snap(a).stats.expire_count, 1ULL);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(0), 0UL);

	power_level_update_request_timeout(h, 1, 2 * HZ);
	power_level_update_request_timeout(b, 0, 100 * HZ);
	power_level_update_request(b, ANY);
	left = power_level_longest_remaining(1);
	KUNIT_EXPECT_GT(test, left, 0UL);
	KUNIT_EXPECT_LE(test, left, 2UL * HZ);
	power_level_remove_request(a);
	power_level_remove_request(b);
	power_level_remove_request(h);
	KUNIT_EXPECT_EQ(test, power_level_longest_remaining(1), 0UL);
}

static void remove_cancels_timeout(struct kunit *test)
{
	struct power_level_request *r;
	int i;

	/*
	 * Removed with its timer pending, then freed: a callback after
	 * removal would touch freed memory (KASAN in the debug kernel).
	 */
	for (i = 0; i < 20; i++) {
		r = kzalloc(sizeof(*r), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, r);
		power_level_add_request(r, "pl-test", ANY);
		power_level_update_request_timeout(r, 1, 1 + i % 2);
		if (i % 3)
			schedule_timeout_uninterruptible(1);
		power_level_remove_request(r);
		kfree(r);
	}
	schedule_timeout_uninterruptible(3);
	KUNIT_EXPECT_EQ(test, power_level_limit(), ANY);
}

#ifdef CONFIG_CPU_IDLE
/* A fake driver: 5 states, exit latency growing with depth. */
static void pl_fake_cpuidle(struct kunit *test, struct cpuidle_driver **drv,
			    struct cpuidle_device **dev)
{
	int i;

	*drv = kunit_kzalloc(test, sizeof(**drv), GFP_KERNEL);
	*dev = kunit_kzalloc(test, sizeof(**dev), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, *drv);
	KUNIT_ASSERT_NOT_NULL(test, *dev);
	(*drv)->state_count = 5;
	for (i = 0; i < 5; i++) {
		(*drv)->states[i].exit_latency_ns = i * 10000;
		(*drv)->states[i].target_residency_ns = i * 20000;
	}
}

static void clamp_governor_choice(struct kunit *test)
{
	struct cpuidle_driver *drv;
	struct cpuidle_device *dev;
	struct power_level_request *r;

	pl_fake_cpuidle(test, &drv, &dev);
	KUNIT_EXPECT_EQ(test, power_level_clamp_state(drv, dev, 4), 4);
	r = pl_new(test, 3);
	KUNIT_EXPECT_EQ(test, power_level_clamp_state(drv, dev, 4), 3);
	KUNIT_EXPECT_EQ(test, power_level_clamp_state(drv, dev, 2), 2);
	/* A disabled state is skipped: the next shallower one is used. */
	dev->states_usage[3].disable = CPUIDLE_STATE_DISABLED_BY_USER;
	KUNIT_EXPECT_EQ(test, power_level_clamp_state(drv, dev, 4), 2);
	power_level_update_request(r, 0);
	KUNIT_EXPECT_EQ(test, power_level_clamp_state(drv, dev, 4), 0);
	power_level_remove_request(r);
	KUNIT_EXPECT_EQ(test, power_level_clamp_state(drv, dev, 4), 4);
}

/*
 * cpuidle_find_deepest_state() shares its search with suspend-to-idle's
 * state choice (find_deepest_state()), which mainline lets ignore every
 * QoS limit: the power-level limit must bound it.
 */
static void deepest_state_search_honours_limit(struct kunit *test)
{
	struct cpuidle_driver *drv;
	struct cpuidle_device *dev;
	struct power_level_request *r;

	pl_fake_cpuidle(test, &drv, &dev);
	KUNIT_EXPECT_EQ(test, cpuidle_find_deepest_state(drv, dev, U64_MAX), 4);
	r = pl_new(test, 2);
	KUNIT_EXPECT_EQ(test, cpuidle_find_deepest_state(drv, dev, U64_MAX), 2);
	power_level_update_request(r, 0);
	KUNIT_EXPECT_EQ(test, cpuidle_find_deepest_state(drv, dev, U64_MAX), 0);
	power_level_remove_request(r);
	KUNIT_EXPECT_EQ(test, cpuidle_find_deepest_state(drv, dev, U64_MAX), 4);
}

/*
 * Enter @index as the idle path does (interrupts off, so on this CPU), and
 * give back this CPU's record as it was.  Return: the state entered; the
 * record left by the call in @rec.
 */
static int pl_enter_here(struct cpuidle_driver *drv,
			 struct cpuidle_device *dev, int index, int *rec)
{
	int saved, got;

	local_irq_disable();
	saved = this_cpu_read(power_level_idle_state);
	this_cpu_write(power_level_idle_state, -1);	/* nothing recorded */
	got = power_level_enter_state(drv, dev, index);
	*rec = this_cpu_read(power_level_idle_state);
	this_cpu_write(power_level_idle_state, saved);
	local_irq_enable();
	return got;
}

/*
 * cpuidle_enter() records the state a CPU enters and re-reads the limit
 * after its barrier: the record is what a tightening compares to decide
 * whom to wake, the return value what the CPU enters.
 */
static void enter_state_records_then_clamps(struct kunit *test)
{
	struct cpuidle_driver *drv;
	struct cpuidle_device *dev;
	struct power_level_request *r;
	int rec;

	pl_fake_cpuidle(test, &drv, &dev);
	r = pl_new(test, 2);
	KUNIT_EXPECT_EQ(test, pl_enter_here(drv, dev, 4, &rec), 2);
	KUNIT_EXPECT_EQ(test, rec, 4);
	power_level_remove_request(r);
	KUNIT_EXPECT_EQ(test, pl_enter_here(drv, dev, 3, &rec), 3);
	KUNIT_EXPECT_EQ(test, rec, 3);
}

/*
 * With the static key off, as before the first add, the idle path neither
 * clamps nor records: mainline's instructions.  The key is switched off
 * here for the check only (idle CPUs ignore the test's limit meanwhile).
 */
static void idle_hooks_off_until_used(struct kunit *test)
{
	struct cpuidle_driver *drv;
	struct cpuidle_device *dev;
	struct power_level_request *r;
	bool stop = true;
	int rec;

	pl_fake_cpuidle(test, &drv, &dev);
	r = pl_new(test, 1);
	KUNIT_EXPECT_EQ(test, power_level_clamp_state(drv, dev, 4), 1);

	static_branch_disable(&power_level_used);
	KUNIT_EXPECT_EQ(test, power_level_clamp_state(drv, dev, 4), 4);
	KUNIT_EXPECT_EQ(test, power_level_clamp_select(drv, dev, 4, &stop), 4);
	KUNIT_EXPECT_EQ(test, pl_enter_here(drv, dev, 4, &rec), 4);
	KUNIT_EXPECT_EQ(test, rec, -1);
	static_branch_enable(&power_level_used);

	KUNIT_EXPECT_EQ(test, pl_enter_here(drv, dev, 4, &rec), 1);
	KUNIT_EXPECT_EQ(test, rec, 4);
	power_level_remove_request(r);
}

/*
 * A governor that stops the tick for a deep state must not leave a CPU in
 * the shallow state the limit allows with the tick stopped: when the clamp
 * lands on a polling state or one shorter than a tick period, the tick is
 * kept; on a state long enough, and without a clamp, the decision stays.
 */
static void clamp_keeps_tick_for_shallow_state(struct kunit *test)
{
	struct cpuidle_driver *drv;
	struct cpuidle_device *dev;
	struct power_level_request *r;
	bool stop;

	pl_fake_cpuidle(test, &drv, &dev);
	drv->states[0].flags = CPUIDLE_FLAG_POLLING;
	drv->states[3].target_residency_ns = 2 * TICK_NSEC;
	drv->states[4].target_residency_ns = 4 * TICK_NSEC;
	r = pl_new(test, 3);

	stop = true;
	KUNIT_EXPECT_EQ(test, power_level_clamp_select(drv, dev, 4, &stop), 3);
	KUNIT_EXPECT_TRUE(test, stop);

	power_level_update_request(r, 1);
	stop = true;
	KUNIT_EXPECT_EQ(test, power_level_clamp_select(drv, dev, 4, &stop), 1);
	KUNIT_EXPECT_FALSE(test, stop);

	power_level_update_request(r, 0);
	stop = true;
	KUNIT_EXPECT_EQ(test, power_level_clamp_select(drv, dev, 3, &stop), 0);
	KUNIT_EXPECT_FALSE(test, stop);

	stop = true;
	KUNIT_EXPECT_EQ(test, power_level_clamp_select(drv, dev, 0, &stop), 0);
	KUNIT_EXPECT_TRUE(test, stop);
	power_level_remove_request(r);
}
#endif /* CONFIG_CPU_IDLE */

static struct kunit_case power_level_cases[] = {
	KUNIT_CASE(no_request_no_limit),
	KUNIT_CASE(limit_is_minimum_of_active),
	KUNIT_CASE(every_removal_order),
	KUNIT_CASE(duplicate_levels_counted),
	KUNIT_CASE(every_level_in_range),
	KUNIT_CASE(bad_level_rejected_unchanged),
	KUNIT_CASE(stats_count_active_intervals),
	KUNIT_CASE(notifier_on_limit_change_only),
	KUNIT_CASE(lockless_read_under_updates),
	KUNIT_CASE(timed_update_expires),
	KUNIT_CASE(huge_timeout_is_longest),
	KUNIT_CASE(update_after_remove_refused),
	KUNIT_CASE(untimed_update_cancels_timeout),
	KUNIT_CASE(timeout_replaces_deadline),
	KUNIT_CASE(longest_remaining_by_level),
	KUNIT_CASE(remaining_untimed_beats_timed),
	KUNIT_CASE(remaining_upper_bound_never_below),
	KUNIT_CASE(remaining_ignores_higher_levels),
	KUNIT_CASE(remaining_zero_after_expiry),
	KUNIT_CASE(remove_cancels_timeout),
#ifdef CONFIG_CPU_IDLE
	KUNIT_CASE(clamp_governor_choice),
	KUNIT_CASE(deepest_state_search_honours_limit),
	KUNIT_CASE(enter_state_records_then_clamps),
	KUNIT_CASE(idle_hooks_off_until_used),
	KUNIT_CASE(clamp_keeps_tick_for_shallow_state),
#endif
	{}
};

static struct kunit_suite power_level_suite = {
	.name = "pm_qos_power_level",
	.test_cases = power_level_cases,
};

kunit_test_suite(power_level_suite);
