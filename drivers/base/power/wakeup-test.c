// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the wakeup-source API as Linux 6.1 implements it
 * (drivers/base/power/wakeup.c and wakeup_stats.c): registration and the
 * source list, the counters and times after scripted sequences of
 * __pm_stay_awake(), __pm_relax() and pm_wakeup_ws_event(), timeouts
 * (which only ever extend, and which __pm_stay_awake() cancels), the
 * wakeup_count handshake and events during a suspend, hard events,
 * removal of active sources, the device wakeup API, the attributes of the
 * wakeup class, the autosleep accounting, exact counts under racing calls
 * and the shared cache lines one pair writes.
 *
 * This is a differential test.  It uses only the public API (pm_wakeup.h,
 * suspend.h, device.h) so that the same file builds and passes both on
 * unpatched 6.1 and on this project's kernel, which reimplements wakeup
 * sources on the suspend-block class: every expected value is 6.1's, so a
 * case that fails on the patched kernel only is a difference in behaviour
 * from upstream.  Some cases pin 6.1 quirks on purpose; their comments say
 * so.
 *
 * The cases assume that no wakeup event from outside the suite is in
 * progress or registered while they run, that no user space has done the
 * wakeup_count handshake and that autosleep is off, which holds while
 * KUnit runs at boot.  Each case waits for the events in progress to drain
 * first, and clears events_check_enabled before and after.
 *
 * Times: intervals last several ticks and lower bounds allow one tick of
 * slack, timeouts that must expire last a few ticks and are waited for
 * (up to ten seconds), and timeouts that must not expire last ten seconds
 * or more, so the cases hold on UML at HZ=100 and under QEMU TCG.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/kernel.h>
#include <linux/completion.h>
#include <linux/ktime.h>
#include <linux/lockdep.h>
#include <linux/mm.h>
#include <linux/pm_qos.h>
#if IS_ENABLED(CONFIG_PM_QOS_SUSPEND_BLOCK)
#include <linux/pm_qos_power_level.h>
#include <linux/pm_qos_suspend_block.h>
#endif
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/sysfs.h>
#include <linux/vmalloc.h>
#include <asm/barrier.h>
#include <asm/sections.h>

#define WS_TICK_MS	jiffies_to_msecs(1)
/* A timeout that must expire within the test. */
#define WS_SHORT_MS	(3 * WS_TICK_MS)
/* A measured interval. */
#define WS_HOLD_MS	(4 * WS_TICK_MS)
/* A wait well past WS_SHORT_MS. */
#define WS_PAST_MS	(200 + 10 * WS_TICK_MS)
/* Timeouts that must not expire within the test. */
#define WS_LONG_MS	10000U
#define WS_LONGER_MS	20000U
/* The longest wait for an expiry or for other events to drain. */
#define WS_WAIT_MS	10000U

/* The least an interval slept for with msleep(@ms) measures. */
static ktime_t ws_at_least(unsigned int ms)
{
	return ktime_sub(ms_to_ktime(ms), ns_to_ktime(TICK_NSEC));
}

static struct wakeup_source *ws_new(struct kunit *test, const char *name)
{
	struct wakeup_source *ws = wakeup_source_register(NULL, name);

	KUNIT_ASSERT_NOT_NULL_MSG(test, ws, "wakeup_source_register(\"%s\")",
				  name);
	return ws;
}

/*
 * Entries of the source list named @name, and if @ws is not NULL, that are
 * @ws itself.
 */
static unsigned int ws_walk_count(const struct wakeup_source *ws,
				  const char *name)
{
	struct wakeup_source *w;
	unsigned int n = 0;
	int idx;

	idx = wakeup_sources_read_lock();
	for (w = wakeup_sources_walk_start(); w;
	     w = wakeup_sources_walk_next(w)) {
		if ((!ws || w == ws) && !strcmp(w->name, name))
			n++;
	}
	wakeup_sources_read_unlock(idx);
	return n;
}

/*
 * 6.1 keeps the count of registered events in the upper 16 bits of an int
 * (wakeup.c: IN_PROGRESS_BITS), so it wraps at 65536: compare differences
 * in 16 bits, which also works for a wider counter.
 */
static unsigned int ws_count_delta(unsigned int before, unsigned int after)
{
	return (after - before) & 0xffff;
}

static bool ws_nothing_in_progress(void)
{
	unsigned int count;

	return pm_get_wakeup_count(&count, false);
}

/*
 * Wait (a tick at a time, at most WS_WAIT_MS) until @ws's timer has
 * expired @n times in all and left it inactive.  The timer function
 * deactivates before it counts the expiry, so polling for both does not
 * depend on which lock the implementation takes.
 */
static bool ws_wait_expired(struct wakeup_source *ws, unsigned long n)
{
	unsigned long end = jiffies + msecs_to_jiffies(WS_WAIT_MS);

	/* Racy on purpose: the timer may be changing both meanwhile. */
	while (data_race((bool)ws->active) || READ_ONCE(ws->expire_count) < n) {
		if (time_after(jiffies, end))
			return false;
		schedule_timeout_uninterruptible(1);
	}
	/* Read the other statistics after the expiry was seen. */
	smp_rmb();
	return true;
}

static int ws_test_init(struct kunit *test)
{
	unsigned long end = jiffies + msecs_to_jiffies(WS_WAIT_MS);

	/* Its value at boot: no user space has done the handshake. */
	events_check_enabled = false;
	while (!ws_nothing_in_progress()) {
		if (time_after(jiffies, end)) {
			kunit_err(test, "an outside wakeup event stays in progress\n");
			return -EBUSY;
		}
		msleep(20);
	}
	return 0;
}

/*
 * events_check_enabled is a plain global declared in <linux/suspend.h>
 * (not exported, but this suite is built in); pm_save_wakeup_count() also
 * writes it outside any lock.  Clear it even when a case failed.
 */
static void ws_test_exit(struct kunit *test)
{
	events_check_enabled = false;
}

static void register_lists_source(struct kunit *test)
{
	static const char name[] = "kunit-ws-register";
	struct wakeup_source *ws = ws_new(test, name);
	struct wakeup_source *twin;

	KUNIT_EXPECT_STREQ(test, ws->name, name);
	KUNIT_EXPECT_GE(test, ws->id, 0);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->event_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->timer_expires, 0UL);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(ws->total_time), 0LL);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(ws->max_time), 0LL);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(ws->last_time), 0LL);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(ws->prevent_sleep_time), 0LL);
	KUNIT_EXPECT_EQ_MSG(test, ws_walk_count(ws, name), 1U,
			    "a registered source is on the list once");

	/* Names need not be unique: a second source gets its own id. */
	twin = wakeup_source_register(NULL, name);
	KUNIT_EXPECT_NOT_NULL(test, twin);
	if (twin) {
		KUNIT_EXPECT_NE(test, twin->id, ws->id);
		KUNIT_EXPECT_EQ(test, ws_walk_count(twin, name), 1U);
		KUNIT_EXPECT_EQ(test, ws_walk_count(NULL, name), 2U);
		wakeup_source_unregister(twin);
	}
	KUNIT_EXPECT_EQ(test, ws_walk_count(ws, name), 1U);

	wakeup_source_unregister(ws);
	KUNIT_EXPECT_EQ_MSG(test, ws_walk_count(NULL, name), 0U,
			    "an unregistered source is off the list");
}

/*
 * The unbundled calls: wakeup_source_create() does not list the source,
 * wakeup_source_add() lists it without a class device, and (a 6.1 quirk)
 * wakeup_source_remove() unlists an active source without relaxing it, so
 * its event stays in progress until wakeup_source_destroy().
 */
static void create_add_remove_destroy(struct kunit *test)
{
	static const char name[] = "kunit-ws-create";
	struct wakeup_source *ws;
	unsigned int before, after;

	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));
	ws = wakeup_source_create(name);
	KUNIT_ASSERT_NOT_NULL(test, ws);
	KUNIT_EXPECT_STREQ(test, ws->name, name);
	KUNIT_EXPECT_GE(test, ws->id, 0);
	KUNIT_EXPECT_NULL(test, ws->dev);
	KUNIT_EXPECT_EQ(test, ws_walk_count(ws, name), 0U);

	wakeup_source_add(ws);
	KUNIT_EXPECT_EQ(test, ws_walk_count(ws, name), 1U);
	KUNIT_EXPECT_NULL_MSG(test, ws->dev,
			      "only wakeup_source_register() makes a device");
	KUNIT_EXPECT_FALSE(test, ws->active);

	__pm_stay_awake(ws);
	KUNIT_EXPECT_TRUE(test, ws->active);
	KUNIT_EXPECT_FALSE(test, ws_nothing_in_progress());

	wakeup_source_remove(ws);
	KUNIT_EXPECT_EQ(test, ws_walk_count(ws, name), 0U);
	KUNIT_EXPECT_TRUE_MSG(test, ws->active,
			      "wakeup_source_remove() does not relax");
	KUNIT_EXPECT_EQ(test, ws->relax_count, 0UL);
	KUNIT_EXPECT_FALSE(test, ws_nothing_in_progress());

	wakeup_source_destroy(ws);
	KUNIT_EXPECT_TRUE_MSG(test, pm_get_wakeup_count(&after, false),
			      "wakeup_source_destroy() relaxes");
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, after), 1U);
}

/*
 * A second, longer interval after a first of @first.  Out of line: KUnit's
 * expectations each take stack, and the case has many.
 */
static noinline_for_stack void
stay_awake_relax_second(struct kunit *test, struct wakeup_source *ws,
			ktime_t first)
{
	ktime_t second;

	__pm_stay_awake(ws);
	KUNIT_EXPECT_EQ(test, ws->active_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 3UL);
	msleep(3 * WS_HOLD_MS);
	__pm_relax(ws);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 2UL);
	second = ktime_sub(ws->total_time, first);
	KUNIT_EXPECT_GE(test, second, ws_at_least(3 * WS_HOLD_MS));
	KUNIT_EXPECT_EQ(test, ws->total_time, ktime_add(first, second));
	/* Scheduling delays may stretch the first: compare, do not assume. */
	KUNIT_EXPECT_EQ(test, ws->max_time, max_t(ktime_t, first, second));
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
}

static void stay_awake_relax_counts(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-stay-awake");
	ktime_t t0, t1, t2, start, first;

	t0 = ktime_get();
	__pm_stay_awake(ws);
	t1 = ktime_get();
	KUNIT_EXPECT_TRUE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_GE(test, ws->last_time, t0);
	KUNIT_EXPECT_LE(test, ws->last_time, t1);
	start = ws->last_time;

	/* An event on an active source is counted but starts nothing. */
	__pm_stay_awake(ws);
	KUNIT_EXPECT_TRUE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->event_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 0UL);
	KUNIT_EXPECT_EQ_MSG(test, ws->last_time, start,
			    "only activation and deactivation touch last_time");

	msleep(WS_HOLD_MS);
	t1 = ktime_get();
	__pm_relax(ws);
	t2 = ktime_get();
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 2UL);
	KUNIT_EXPECT_EQ_MSG(test, ws->relax_count, 1UL,
			    "one relax ends any number of events");
	first = ws->total_time;
	KUNIT_EXPECT_GT(test, ktime_to_ns(first), 0LL);
	KUNIT_EXPECT_GE(test, first, ws_at_least(WS_HOLD_MS));
	KUNIT_EXPECT_LE(test, first, ktime_sub(t2, t0));
	KUNIT_EXPECT_EQ(test, ws->max_time, first);
	KUNIT_EXPECT_GE(test, ws->last_time, t1);
	KUNIT_EXPECT_LE(test, ws->last_time, t2);
	KUNIT_EXPECT_EQ_MSG(test, ws->last_time, ktime_add(start, first),
			    "the interval runs from activation to relax");

	stay_awake_relax_second(test, ws, first);
	wakeup_source_unregister(ws);
}

static void relax_inactive_is_noop(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-relax-noop");
	unsigned int before, after;
	ktime_t total, max, last;

	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));
	__pm_relax(ws);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->event_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 0UL);
	KUNIT_EXPECT_EQ(test, ktime_to_ns(ws->last_time), 0LL);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, after), 0U);

	/* After a full interval, a second relax changes nothing either. */
	__pm_stay_awake(ws);
	__pm_relax(ws);
	total = ws->total_time;
	max = ws->max_time;
	last = ws->last_time;
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&before, false));
	__pm_relax(ws);
	__pm_relax(ws);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->event_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->total_time, total);
	KUNIT_EXPECT_EQ(test, ws->max_time, max);
	KUNIT_EXPECT_EQ(test, ws->last_time, last);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ_MSG(test, ws_count_delta(before, after), 0U,
			    "no event is registered by a no-op relax");

	wakeup_source_unregister(ws);
}

static void null_arguments_are_noops(struct kunit *test)
{
	unsigned int before, after;

	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));
	__pm_stay_awake(NULL);
	__pm_relax(NULL);
	pm_wakeup_ws_event(NULL, WS_SHORT_MS, false);
	pm_wakeup_ws_event(NULL, 0, false);
	pm_stay_awake(NULL);
	pm_relax(NULL);
	pm_wakeup_dev_event(NULL, 0, false);
	pm_wakeup_event(NULL, WS_SHORT_MS);
	wakeup_source_unregister(NULL);
	wakeup_source_destroy(NULL);
	KUNIT_EXPECT_EQ(test, device_wakeup_enable(NULL), -EINVAL);
	device_wakeup_disable(NULL);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, after), 0U);
}

static void ws_event_timeout_expires(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-expires");
	unsigned long j0, j1, expires, delay = msecs_to_jiffies(WS_SHORT_MS);
	unsigned int before, after;
	unsigned long flags;
	bool active;

	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));

	/* With interrupts off, the timer cannot run before the snapshot. */
	local_irq_save(flags);
	j0 = jiffies;
	pm_wakeup_ws_event(ws, WS_SHORT_MS, false);
	j1 = jiffies;
	active = ws->active;
	expires = ws->timer_expires;
	local_irq_restore(flags);

	KUNIT_EXPECT_TRUE(test, active);
	KUNIT_EXPECT_EQ(test, ws->event_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_TRUE_MSG(test, time_after_eq(expires, j0 + delay) &&
			      time_before_eq(expires, j1 + delay),
			      "expires %lu, not jiffies + %lu in [%lu, %lu]",
			      expires, delay, j0, j1);

	KUNIT_ASSERT_TRUE_MSG(test, ws_wait_expired(ws, 1),
			      "the %u ms timeout never expired", WS_SHORT_MS);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->timer_expires, 0UL);
	KUNIT_EXPECT_GT(test, ktime_to_ns(ws->total_time), 0LL);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ_MSG(test, ws_count_delta(before, after), 1U,
			    "an expiry registers the event");

	wakeup_source_unregister(ws);
}

static void ws_event_timeout_only_extends(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-extends");
	unsigned long j0, j1, first;

	j0 = jiffies;
	pm_wakeup_ws_event(ws, WS_LONG_MS, false);
	j1 = jiffies;
	first = ws->timer_expires;
	KUNIT_EXPECT_TRUE(test, ws->active);
	KUNIT_EXPECT_TRUE(test,
			  time_after_eq(first,
					j0 + msecs_to_jiffies(WS_LONG_MS)) &&
			  time_before_eq(first,
					 j1 + msecs_to_jiffies(WS_LONG_MS)));

	/* A shorter timeout leaves the deadline where it was. */
	pm_wakeup_ws_event(ws, WS_SHORT_MS, false);
	KUNIT_EXPECT_EQ_MSG(test, ws->timer_expires, first,
			    "a shorter timeout moved the deadline");
	msleep(WS_PAST_MS);
	KUNIT_EXPECT_TRUE_MSG(test, ws->active,
			      "a shorter timeout ended the event");
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->timer_expires, first);

	/* A longer one moves it later. */
	j0 = jiffies;
	pm_wakeup_ws_event(ws, WS_LONGER_MS, false);
	j1 = jiffies;
	KUNIT_EXPECT_TRUE(test, time_after(ws->timer_expires, first));
	KUNIT_EXPECT_TRUE(test,
			  time_after_eq(ws->timer_expires,
					j0 + msecs_to_jiffies(WS_LONGER_MS)) &&
			  time_before_eq(ws->timer_expires,
					 j1 + msecs_to_jiffies(WS_LONGER_MS)));
	KUNIT_EXPECT_TRUE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->event_count, 3UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);

	/* Relaxing before the deadline ends the event and the timer. */
	__pm_relax(ws);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->timer_expires, 0UL);

	wakeup_source_unregister(ws);
}

/*
 * pm_wakeup_ws_event(ws, 0, ...) reports the event and then deactivates
 * the source unconditionally, whoever activated it (wakeup.c: "if (!msec)").
 */
static void ws_event_zero_msec(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-zero");
	unsigned int before, after;

	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));
	pm_wakeup_ws_event(ws, 0, false);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->event_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->timer_expires, 0UL);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, after), 1U);

	/* It ends a __pm_stay_awake() hold ... */
	__pm_stay_awake(ws);
	KUNIT_EXPECT_TRUE(test, ws->active);
	pm_wakeup_ws_event(ws, 0, false);
	KUNIT_EXPECT_FALSE_MSG(test, ws->active,
			       "a zero timeout did not end the hold");
	KUNIT_EXPECT_EQ(test, ws->event_count, 3UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 2UL);

	/* ... and a pending timeout, which never expires afterwards. */
	pm_wakeup_ws_event(ws, WS_LONG_MS, false);
	KUNIT_EXPECT_TRUE(test, ws->active);
	KUNIT_EXPECT_NE(test, ws->timer_expires, 0UL);
	pm_wakeup_ws_event(ws, 0, false);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->timer_expires, 0UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 5UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 3UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 3UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_TRUE(test, ws_nothing_in_progress());

	wakeup_source_unregister(ws);
}

/* __pm_stay_awake() deletes the timer and clears timer_expires. */
static void stay_awake_cancels_timeout(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-cancel");
	unsigned long flags;

	/* With interrupts off, the short timeout cannot expire in between. */
	local_irq_save(flags);
	pm_wakeup_ws_event(ws, WS_SHORT_MS, false);
	__pm_stay_awake(ws);
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ(test, ws->timer_expires, 0UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);

	msleep(WS_PAST_MS);
	KUNIT_EXPECT_TRUE_MSG(test, ws->active,
			      "the cancelled timeout ended the hold");
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 0UL);
	KUNIT_EXPECT_FALSE(test, ws_nothing_in_progress());

	__pm_relax(ws);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);

	wakeup_source_unregister(ws);
}

/* The converse: a timeout after __pm_stay_awake() bounds the hold. */
static void ws_event_ends_stay_awake_hold(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-bound-hold");

	__pm_stay_awake(ws);
	pm_wakeup_ws_event(ws, WS_SHORT_MS, false);
	KUNIT_EXPECT_EQ(test, ws->event_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);

	KUNIT_ASSERT_TRUE_MSG(test, ws_wait_expired(ws, 1),
			      "the timeout did not end the hold");
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 2UL);
	KUNIT_EXPECT_TRUE(test, ws_nothing_in_progress());

	wakeup_source_unregister(ws);
}

/*
 * The wakeup_count handshake: pm_save_wakeup_count() of a fresh count sets
 * events_check_enabled, every event reported while it is set (activating
 * or not) increments the source's wakeup_count, and a positive
 * pm_wakeup_pending() clears events_check_enabled again (wakeup.c:885).
 */
static void wakeup_count_during_suspend(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-wakeup-count");
	unsigned int count;

	/* Without the handshake, only an earlier hard event is pending. */
	if (pm_wakeup_pending()) {
		wakeup_source_unregister(ws);
		kunit_skip(test, "a wakeup was pending before the case");
	}

	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_EXPECT_TRUE_MSG(test, pm_save_wakeup_count(count),
			      "nothing is in progress and the count is fresh");
	KUNIT_EXPECT_TRUE(test, events_check_enabled);
	KUNIT_EXPECT_FALSE_MSG(test, pm_wakeup_pending(),
			       "nothing happened since the count was saved");
	KUNIT_EXPECT_TRUE_MSG(test, events_check_enabled,
			      "a negative check leaves checking on");

	__pm_stay_awake(ws);
	KUNIT_EXPECT_EQ(test, ws->event_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 1UL);
	__pm_stay_awake(ws);
	KUNIT_EXPECT_EQ_MSG(test, ws->wakeup_count, 2UL,
			    "every event counts, not only activations");
	KUNIT_EXPECT_TRUE_MSG(test, pm_wakeup_pending(),
			      "an event is in progress");
	KUNIT_EXPECT_FALSE_MSG(test, events_check_enabled,
			       "a positive check turns checking off");
	__pm_stay_awake(ws);
	KUNIT_EXPECT_EQ(test, ws->event_count, 3UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 2UL);
	__pm_relax(ws);

	/* An event that is over by the check is pending too. */
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_ASSERT_TRUE(test, pm_save_wakeup_count(count));
	pm_wakeup_ws_event(ws, 0, false);
	KUNIT_EXPECT_EQ(test, ws->event_count, 4UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 3UL);
	KUNIT_EXPECT_TRUE(test, ws_nothing_in_progress());
	KUNIT_EXPECT_TRUE_MSG(test, pm_wakeup_pending(),
			      "the count of registered events moved");
	KUNIT_EXPECT_FALSE(test, events_check_enabled);

	/* A stale count is refused, and that turns checking off. */
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_ASSERT_TRUE(test, pm_save_wakeup_count(count));
	__pm_stay_awake(ws);
	__pm_relax(ws);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 4UL);
	KUNIT_EXPECT_FALSE(test, pm_save_wakeup_count(count));
	KUNIT_EXPECT_FALSE(test, events_check_enabled);

	/* So is a current count while an event is in progress. */
	__pm_stay_awake(ws);
	KUNIT_EXPECT_FALSE(test, pm_get_wakeup_count(&count, false));
	KUNIT_EXPECT_FALSE(test, pm_save_wakeup_count(count));
	KUNIT_EXPECT_FALSE(test, events_check_enabled);
	__pm_relax(ws);

	/* Without the handshake, events are not wakeups. */
	KUNIT_EXPECT_EQ(test, ws->event_count, 6UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 4UL);
	pm_wakeup_ws_event(ws, 0, false);
	__pm_stay_awake(ws);
	__pm_relax(ws);
	KUNIT_EXPECT_EQ(test, ws->event_count, 8UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 4UL);

	events_check_enabled = false;
	wakeup_source_unregister(ws);
}

/*
 * A hard event sets pm_abort_suspend: pm_wakeup_pending() is true even
 * without the handshake, and stays true until pm_wakeup_clear(0), which
 * the suspend paths call at their start.
 */
static void hard_event_aborts_suspend(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-hard");

	if (pm_wakeup_pending()) {
		wakeup_source_unregister(ws);
		kunit_skip(test, "a wakeup was pending before the case");
	}

	pm_wakeup_ws_event(ws, 0, false);
	KUNIT_EXPECT_FALSE_MSG(test, pm_wakeup_pending(),
			       "a soft event without the handshake aborts");

	pm_wakeup_ws_event(ws, 0, true);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->event_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->active_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 0UL);
	KUNIT_EXPECT_TRUE(test, pm_wakeup_pending());
	KUNIT_EXPECT_TRUE_MSG(test, pm_wakeup_pending(),
			      "the abort is sticky until cleared");
	KUNIT_EXPECT_FALSE(test, events_check_enabled);

	pm_wakeup_clear(0);
	KUNIT_EXPECT_FALSE(test, pm_wakeup_pending());

	wakeup_source_unregister(ws);
}

static void in_progress_blocks_wakeup_count(struct kunit *test)
{
	struct wakeup_source *a = ws_new(test, "kunit-ws-progress-a");
	struct wakeup_source *b = wakeup_source_register(NULL,
							 "kunit-ws-progress-b");
	unsigned int before, count;

	if (!b) {
		wakeup_source_unregister(a);
		KUNIT_FAIL(test, "wakeup_source_register() failed");
		return;
	}
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));

	__pm_stay_awake(a);
	KUNIT_EXPECT_FALSE(test, pm_get_wakeup_count(&count, false));
	KUNIT_EXPECT_EQ_MSG(test, ws_count_delta(before, count), 0U,
			    "an event in progress is not registered yet");
	__pm_stay_awake(b);
	KUNIT_EXPECT_FALSE(test, pm_get_wakeup_count(&count, false));
	__pm_relax(a);
	KUNIT_EXPECT_FALSE_MSG(test, pm_get_wakeup_count(&count, false),
			       "b is still active");
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, count), 1U);
	__pm_relax(b);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, count), 2U);

	/* Registered events count deactivations, not reports. */
	__pm_stay_awake(a);
	__pm_stay_awake(a);
	__pm_relax(a);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, count), 3U);

	/* A pending timeout is an event in progress. */
	pm_wakeup_ws_event(b, WS_LONG_MS, false);
	KUNIT_EXPECT_FALSE(test, pm_get_wakeup_count(&count, false));
	__pm_relax(b);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, count), 4U);

	/* A blocking read waits for the expiry. */
	pm_wakeup_ws_event(a, WS_SHORT_MS, false);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&count, true));
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, count), 5U);
	KUNIT_EXPECT_TRUE(test, ws_wait_expired(a, 1));
	KUNIT_EXPECT_FALSE(test, a->active);
	KUNIT_EXPECT_EQ(test, a->expire_count, 1UL);

	wakeup_source_unregister(a);
	wakeup_source_unregister(b);
}

/*
 * Unregistering an active source relaxes it (wakeup_source_destroy()
 * calls __pm_relax()), and its timer is deleted before it is freed, so a
 * pending timeout never fires afterwards (KASAN and debugobjects would
 * report it if it did).
 */
static void unregister_active_source(struct kunit *test)
{
	/* Long enough to be pending still when it is unregistered. */
	unsigned int timeout_ms = 1000;
	struct wakeup_source *held = ws_new(test, "kunit-ws-unreg-held");
	struct wakeup_source *timed = wakeup_source_register(NULL,
						"kunit-ws-unreg-timed");
	unsigned int before, count;

	if (!timed) {
		wakeup_source_unregister(held);
		KUNIT_FAIL(test, "wakeup_source_register() failed");
		return;
	}
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));

	__pm_stay_awake(held);
	pm_wakeup_ws_event(timed, timeout_ms, false);
	KUNIT_EXPECT_FALSE(test, pm_get_wakeup_count(&count, false));

	/*
	 * Whether or not the timeout expired meanwhile (a stalled vCPU),
	 * the timed source ends exactly one event.
	 */
	wakeup_source_unregister(timed);
	KUNIT_EXPECT_EQ(test, ws_walk_count(NULL, "kunit-ws-unreg-timed"),
			0U);
	KUNIT_EXPECT_FALSE_MSG(test, pm_get_wakeup_count(&count, false),
			       "the held source is still active");
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, count), 1U);

	wakeup_source_unregister(held);
	KUNIT_EXPECT_EQ(test, ws_walk_count(NULL, "kunit-ws-unreg-held"), 0U);
	KUNIT_EXPECT_TRUE_MSG(test, pm_get_wakeup_count(&count, false),
			      "unregistering relaxes");
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, count), 2U);

	msleep(timeout_ms + WS_PAST_MS);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&count, false));
	KUNIT_EXPECT_EQ_MSG(test, ws_count_delta(before, count), 2U,
			    "something fired after the unregister");
}

struct ws_remove_arg {
	struct wakeup_source *ws;
	struct completion done;
};

static int ws_remove_fn(void *data)
{
	struct ws_remove_arg *arg = data;

	wakeup_source_remove(arg->ws);
	complete(&arg->done);
	return 0;
}

/*
 * A relax that comes while an active source is being removed (its timer's
 * function cleared, the removal not finished) ends the event once: the
 * removal finds the source inactive, and the destroy's relax finds nothing
 * to end.  The removal runs on another CPU; the relax follows its first
 * step at once, while the removal still waits (for RCU readers here, for
 * nothing on unpatched 6.1, where that step is its last).
 */
static void relax_during_remove(struct kunit *test)
{
	struct ws_remove_arg *arg = kunit_kzalloc(test, sizeof(*arg),
						  GFP_KERNEL);
	unsigned long deadline = jiffies + 5 * HZ;
	unsigned long active_count, relax_count;
	struct task_struct *task;
	unsigned int before, count;

	if (num_online_cpus() < 2)
		kunit_skip(test, "the removal needs a CPU of its own");
	KUNIT_ASSERT_NOT_NULL(test, arg);
	arg->ws = wakeup_source_create("kunit-ws-remove-relax");
	KUNIT_ASSERT_NOT_NULL(test, arg->ws);
	wakeup_source_add(arg->ws);
	init_completion(&arg->done);
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));
	__pm_stay_awake(arg->ws);

	task = kthread_run(ws_remove_fn, arg, "kunit-ws-remove");
	if (IS_ERR(task)) {
		wakeup_source_remove(arg->ws);
		wakeup_source_destroy(arg->ws);
		KUNIT_FAIL(test, "kthread_run() failed");
		return;
	}
	while (READ_ONCE(arg->ws->timer.function) &&
	       time_before(jiffies, deadline))
		cond_resched();
	__pm_relax(arg->ws);
	wait_for_completion(&arg->done);

	active_count = arg->ws->active_count;
	relax_count = arg->ws->relax_count;
	KUNIT_EXPECT_TRUE_MSG(test, pm_get_wakeup_count(&count, false),
			      "an event is left in progress");
	wakeup_source_destroy(arg->ws);
	KUNIT_EXPECT_EQ(test, active_count, 1UL);
	KUNIT_EXPECT_EQ(test, relax_count, 1UL);
	KUNIT_EXPECT_TRUE_MSG(test, pm_get_wakeup_count(&count, false),
			      "the destroy's relax ended an event again");
	KUNIT_EXPECT_EQ(test, ws_count_delta(before, count), 1U);
}

static struct device_attribute *
ws_attr_in(const struct attribute_group **groups, const char *name)
{
	struct attribute **attr;

	for (; groups && *groups; groups++) {
		for (attr = (*groups)->attrs; attr && *attr; attr++) {
			if (!strcmp((*attr)->name, name))
				return container_of(*attr,
						    struct device_attribute,
						    attr);
		}
	}
	return NULL;
}

/*
 * The attribute @name of @dev: 6.1 sets dev->groups
 * (wakeup_source_device_create()); look also where a reimplementation
 * might put them, the device type's and the class's groups.
 */
static struct device_attribute *ws_find_attr(struct device *dev,
					     const char *name)
{
	struct device_attribute *da = ws_attr_in(dev->groups, name);

	if (!da && dev->type)
		da = ws_attr_in(dev->type->groups, name);
	if (!da && dev->class)
		da = ws_attr_in(dev->class->dev_groups, name);
	return da;
}

/*
 * Read the attribute @name of @ws's class device the way sysfs does:
 * ->show() into a page (sysfs_emit() insists on a page-aligned buffer).
 * Returns a test-managed copy of the text.
 */
static char *ws_attr_read(struct kunit *test, struct wakeup_source *ws,
			  const char *name)
{
	struct device_attribute *da = ws_find_attr(ws->dev, name);
	unsigned long page;
	ssize_t len;
	char *text;

	KUNIT_ASSERT_NOT_NULL_MSG(test, da, "no attribute %s", name);
	KUNIT_ASSERT_NOT_NULL_MSG(test, da->show, "%s is not readable", name);
	page = get_zeroed_page(GFP_KERNEL);
	KUNIT_ASSERT_NE(test, page, 0UL);
	len = da->show(ws->dev, da, (char *)page);
	text = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	if (text && len > 0 && len < PAGE_SIZE)
		memcpy(text, (char *)page, len);
	free_page(page);
	KUNIT_ASSERT_NOT_NULL(test, text);
	KUNIT_ASSERT_GT_MSG(test, len, (ssize_t)0, "%s shows nothing", name);
	KUNIT_ASSERT_LT(test, len, (ssize_t)PAGE_SIZE);
	return text;
}

static long long ws_attr_num(struct kunit *test, struct wakeup_source *ws,
			     const char *name)
{
	char *text = ws_attr_read(test, ws, name);
	long long v;

	KUNIT_ASSERT_EQ_MSG(test, kstrtoll(text, 10, &v), 0,
			    "%s shows \"%s\"", name, text);
	return v;
}

/* The attributes of an inactive source match its fields exactly. */
static void ws_check_attrs(struct kunit *test, struct wakeup_source *ws)
{
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "active_count"),
			(long long)ws->active_count);
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "event_count"),
			(long long)ws->event_count);
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "wakeup_count"),
			(long long)ws->wakeup_count);
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "expire_count"),
			(long long)ws->expire_count);
	KUNIT_EXPECT_EQ_MSG(test, ws_attr_num(test, ws, "active_time_ms"),
			    0LL, "an inactive source has no active time");
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "total_time_ms"),
			ktime_to_ms(ws->total_time));
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "max_time_ms"),
			ktime_to_ms(ws->max_time));
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "last_change_ms"),
			ktime_to_ms(ws->last_time));
	KUNIT_EXPECT_EQ(test,
			ws_attr_num(test, ws, "prevent_suspend_time_ms"),
			ktime_to_ms(ws->prevent_sleep_time));
}

static void class_attributes(struct kunit *test)
{
	static const char * const names[] = {
		"name", "active_count", "event_count", "wakeup_count",
		"expire_count", "active_time_ms", "total_time_ms",
		"max_time_ms", "last_change_ms", "prevent_suspend_time_ms",
	};
	struct wakeup_source *ws = ws_new(test, "kunit-ws-attrs");
	long long active_ms, total_ms, max_ms;
	char devname[32];
	unsigned int i;

	if (!ws->dev) {
		wakeup_source_unregister(ws);
		kunit_skip(test, "the source has no class device");
	}
	snprintf(devname, sizeof(devname), "wakeup%d", ws->id);
	KUNIT_EXPECT_STREQ(test, dev_name(ws->dev), devname);
	KUNIT_EXPECT_NULL_MSG(test, ws->dev->parent,
			      "a virtual source's device has no parent");
	KUNIT_EXPECT_NOT_NULL(test, ws->dev->class);
	if (ws->dev->class)
		KUNIT_EXPECT_STREQ(test, ws->dev->class->name, "wakeup");
	for (i = 0; i < ARRAY_SIZE(names); i++)
		KUNIT_EXPECT_NOT_NULL_MSG(test, ws_find_attr(ws->dev, names[i]),
					  "no attribute %s", names[i]);

	KUNIT_EXPECT_STREQ(test, ws_attr_read(test, ws, "name"),
			   "kunit-ws-attrs\n");
	ws_check_attrs(test, ws);
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "event_count"), 0LL);
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "last_change_ms"), 0LL);

	__pm_stay_awake(ws);
	msleep(WS_HOLD_MS);
	__pm_relax(ws);
	pm_wakeup_ws_event(ws, 0, false);
	__pm_stay_awake(ws);
	__pm_stay_awake(ws);
	msleep(WS_HOLD_MS);

	/* Active: the times include the running interval. */
	active_ms = ws_attr_num(test, ws, "active_time_ms");
	total_ms = ws_attr_num(test, ws, "total_time_ms");
	max_ms = ws_attr_num(test, ws, "max_time_ms");
	KUNIT_EXPECT_GE(test, active_ms,
			(long long)WS_HOLD_MS - (long long)WS_TICK_MS);
	KUNIT_EXPECT_GE(test, total_ms,
			ktime_to_ms(ws->total_time) + active_ms);
	KUNIT_EXPECT_GE(test, max_ms, active_ms);
	KUNIT_EXPECT_GE(test, max_ms, ktime_to_ms(ws->max_time));
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "last_change_ms"),
			ktime_to_ms(ws->last_time));
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "active_count"), 3LL);
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "event_count"), 4LL);
	__pm_relax(ws);

	pm_wakeup_ws_event(ws, WS_SHORT_MS, false);
	KUNIT_ASSERT_TRUE(test, ws_wait_expired(ws, 1));

	/* Inactive again: exact values. */
	KUNIT_EXPECT_EQ(test, ws->active_count, 4UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 5UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 4UL);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 0UL);
	ws_check_attrs(test, ws);
	KUNIT_EXPECT_EQ(test, ws_attr_num(test, ws, "expire_count"), 1LL);
	KUNIT_EXPECT_GE(test, ws_attr_num(test, ws, "total_time_ms"),
			2LL * ((long long)WS_HOLD_MS - (long long)WS_TICK_MS));

	wakeup_source_unregister(ws);
}

/*
 * device_wakeup_api()'s events through the device's calls, on its own
 * frame: KUnit's expectations are large, and clang adds them up.
 */
static noinline_for_stack void device_wakeup_events(struct kunit *test,
						    struct device *dev,
						    struct wakeup_source *ws)
{
	pm_stay_awake(dev);
	KUNIT_EXPECT_TRUE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->active_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 1UL);
	KUNIT_EXPECT_FALSE(test, ws_nothing_in_progress());
	pm_relax(dev);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 1UL);
	KUNIT_EXPECT_TRUE(test, ws_nothing_in_progress());

	pm_wakeup_event(dev, WS_SHORT_MS);
	KUNIT_EXPECT_EQ(test, ws->active_count, 2UL);
	KUNIT_EXPECT_EQ(test, ws->event_count, 2UL);
	KUNIT_EXPECT_TRUE_MSG(test, ws_wait_expired(ws, 1),
			      "pm_wakeup_event() never expired");
	KUNIT_EXPECT_EQ(test, ws->expire_count, 1UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, 2UL);
}

static void device_wakeup_api(struct kunit *test)
{
	static const char name[] = "kunit-wakeup-dev";
	struct wakeup_source *ws;
	struct device *dev;
	unsigned int count;

	dev = root_device_register(name);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR_OR_NULL(dev),
			       "root_device_register(): %ld", PTR_ERR(dev));

	KUNIT_EXPECT_FALSE(test, device_can_wakeup(dev));
	KUNIT_EXPECT_EQ_MSG(test, device_wakeup_enable(dev), -EINVAL,
			    "a device that cannot wake up was enabled");
	KUNIT_EXPECT_NULL(test, dev->power.wakeup);

	device_set_wakeup_capable(dev, true);
	KUNIT_EXPECT_TRUE(test, device_can_wakeup(dev));
	KUNIT_EXPECT_FALSE(test, device_may_wakeup(dev));
	KUNIT_EXPECT_NULL(test, dev->power.wakeup);

	/* Without a source, the device calls do nothing. */
	pm_stay_awake(dev);
	KUNIT_EXPECT_TRUE(test, ws_nothing_in_progress());
	pm_relax(dev);

	KUNIT_EXPECT_EQ(test, device_wakeup_enable(dev), 0);
	ws = dev->power.wakeup;
	KUNIT_EXPECT_NOT_NULL(test, ws);
	if (!ws)
		goto out;
	KUNIT_EXPECT_TRUE(test, device_may_wakeup(dev));
	KUNIT_EXPECT_STREQ(test, ws->name, name);
	KUNIT_EXPECT_EQ(test, ws_walk_count(ws, name), 1U);
	if (ws->dev)
		KUNIT_EXPECT_PTR_EQ(test, ws->dev->parent, dev);

	KUNIT_EXPECT_EQ(test, device_wakeup_enable(dev), -EEXIST);
	KUNIT_EXPECT_PTR_EQ(test, dev->power.wakeup, ws);
	KUNIT_EXPECT_EQ_MSG(test, ws_walk_count(NULL, name), 1U,
			    "the refused second source was not removed");

	device_wakeup_events(test, dev, ws);

	device_wakeup_disable(dev);
	KUNIT_EXPECT_NULL(test, dev->power.wakeup);
	KUNIT_EXPECT_FALSE(test, device_may_wakeup(dev));
	KUNIT_EXPECT_TRUE(test, device_can_wakeup(dev));
	KUNIT_EXPECT_EQ(test, ws_walk_count(NULL, name), 0U);
	pm_wakeup_event(dev, WS_SHORT_MS);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&count, false));

	/* Enabling again makes a new source with fresh statistics. */
	KUNIT_EXPECT_EQ(test, device_set_wakeup_enable(dev, true), 0);
	ws = dev->power.wakeup;
	KUNIT_EXPECT_NOT_NULL(test, ws);
	if (ws) {
		KUNIT_EXPECT_EQ(test, ws->event_count, 0UL);
		KUNIT_EXPECT_EQ(test, ws->active_count, 0UL);
		KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	}

	device_init_wakeup(dev, false);
	KUNIT_EXPECT_NULL(test, dev->power.wakeup);
	KUNIT_EXPECT_FALSE(test, device_can_wakeup(dev));
	KUNIT_EXPECT_EQ(test, ws_walk_count(NULL, name), 0U);
	device_wakeup_disable(dev);
	KUNIT_EXPECT_NULL(test, dev->power.wakeup);
out:
	device_init_wakeup(dev, false);
	root_device_unregister(dev);
}

/*
 * pm_wakep_autosleep_enabled() is declared in <linux/suspend.h> for every
 * CONFIG_PM_SLEEP kernel but defined only with CONFIG_PM_AUTOSLEEP
 * (wakeup.c), hence #ifdef rather than IS_ENABLED().  The case toggles
 * autosleep accounting for every source, as kernel/power/autosleep.c does
 * (without its lock, which is private: nothing else toggles it while
 * KUnit runs at boot), and turns it off again before any assertion can
 * abort.
 */
static void autosleep_prevent_time(struct kunit *test)
{
#ifdef CONFIG_PM_AUTOSLEEP
	struct wakeup_source *off = ws_new(test, "kunit-ws-as-off");
	struct wakeup_source *on = wakeup_source_register(NULL,
							  "kunit-ws-as-on");
	struct wakeup_source *across =
		wakeup_source_register(NULL, "kunit-ws-as-across");
	struct wakeup_source *late;

	if (!on || !across) {
		wakeup_source_unregister(across);
		wakeup_source_unregister(on);
		wakeup_source_unregister(off);
		KUNIT_FAIL(test, "wakeup_source_register() failed");
		return;
	}

	__pm_stay_awake(off);
	msleep(WS_HOLD_MS);
	__pm_relax(off);

	__pm_stay_awake(across);
	msleep(WS_HOLD_MS);

	pm_wakep_autosleep_enabled(true);
	late = wakeup_source_register(NULL, "kunit-ws-as-late");
	__pm_stay_awake(on);
	__pm_stay_awake(late);
	msleep(WS_HOLD_MS);
	__pm_relax(on);
	__pm_relax(late);
	pm_wakep_autosleep_enabled(false);

	msleep(WS_HOLD_MS);
	__pm_relax(across);

	KUNIT_EXPECT_EQ_MSG(test, ktime_to_ns(off->prevent_sleep_time), 0LL,
			    "active only while autosleep was off");
	KUNIT_EXPECT_GT(test, ktime_to_ns(off->total_time), 0LL);

	/* Activation and relax both inside: the same interval exactly. */
	KUNIT_EXPECT_GE(test, on->prevent_sleep_time,
			ws_at_least(WS_HOLD_MS));
	KUNIT_EXPECT_EQ(test, on->prevent_sleep_time, on->total_time);

	/* Active across both switches: only the middle part counts. */
	KUNIT_EXPECT_GE(test, across->prevent_sleep_time,
			ws_at_least(WS_HOLD_MS));
	KUNIT_EXPECT_GE(test,
			ktime_sub(across->total_time,
				  across->prevent_sleep_time),
			ktime_sub(ms_to_ktime(2 * WS_HOLD_MS),
				  ns_to_ktime(2 * TICK_NSEC)));

	/*
	 * A 6.1 quirk: wakeup_source_add() leaves autosleep_enabled false,
	 * so a source registered while autosleep is on accounts nothing.
	 */
	KUNIT_EXPECT_NOT_NULL(test, late);
	if (late) {
		KUNIT_EXPECT_GT(test, ktime_to_ns(late->total_time), 0LL);
		KUNIT_EXPECT_EQ(test, ktime_to_ns(late->prevent_sleep_time),
				0LL);
	}

	wakeup_source_unregister(late);
	wakeup_source_unregister(across);
	wakeup_source_unregister(on);
	wakeup_source_unregister(off);
#else
	kunit_skip(test, "CONFIG_PM_AUTOSLEEP is not set");
#endif
}

/*
 * Calls racing on one source: WS_RACE_THREADS kthreads and a hard-IRQ
 * hrtimer call __pm_stay_awake(), __pm_relax() and pm_wakeup_ws_event()
 * without a timeout on the same source, each counting its own calls.  Once
 * all have returned, every count is exact: event_count is the number of
 * events reported, every activation was relaxed once (active_count ==
 * relax_count, the source inactive, nothing in progress), exactly one
 * event was registered per deactivation, and nothing expired.  Times are
 * bounded by the run (total_time within it, max_time at most total_time,
 * last_time inside it), and a pair timed afterwards adds exactly its
 * interval to total_time, so the racing updates left the sums consistent.
 * 6.1 serialises the calls with the source's lock; a kernel that does not
 * must get the same numbers.  On SMP the threads race each other too.
 * Registered events are compared in 16 bits, as ws_count_delta() does.
 */
#define WS_RACE_THREADS	2
#define WS_RACE_CALLS	20000	/* at least, per thread */
#define WS_RACE_IRQ_NS	(50 * NSEC_PER_USEC)
/* Timer calls to wait for: without high-resolution timers, one a tick. */
#define WS_RACE_IRQ_CALLS	30

enum { WS_RACE_STAY, WS_RACE_RELAX, WS_RACE_EVENT, WS_RACE_OPS };

struct ws_race {
	struct wakeup_source *ws;
	struct hrtimer timer;
	bool stop;
	unsigned long irq_calls[WS_RACE_OPS];	/* the timer's own */
};

struct ws_race_thread {
	struct ws_race *race;
	struct completion done;
	u32 seed;
	unsigned long calls[WS_RACE_OPS];
};

static void ws_race_call(struct wakeup_source *ws, unsigned int op)
{
	if (op == WS_RACE_STAY)
		__pm_stay_awake(ws);
	else if (op == WS_RACE_RELAX)
		__pm_relax(ws);
	else
		pm_wakeup_ws_event(ws, 0, false);
}

static unsigned long ws_race_irq_calls(struct ws_race *r)
{
	return READ_ONCE(r->irq_calls[0]) + READ_ONCE(r->irq_calls[1]) +
	       READ_ONCE(r->irq_calls[2]);
}

static enum hrtimer_restart ws_race_irq(struct hrtimer *t)
{
	struct ws_race *r = container_of(t, struct ws_race, timer);
	unsigned long n = ws_race_irq_calls(r);

	ws_race_call(r->ws, n % WS_RACE_OPS);
	r->irq_calls[n % WS_RACE_OPS]++;
	if (READ_ONCE(r->stop))
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime(WS_RACE_IRQ_NS));
	return HRTIMER_RESTART;
}

/* WS_RACE_CALLS calls and until the timer made its calls, or WS_WAIT_MS. */
static int ws_race_fn(void *arg)
{
	unsigned long end = jiffies + msecs_to_jiffies(WS_WAIT_MS);
	struct ws_race_thread *t = arg;
	unsigned int i, op;

	for (i = 0; i < WS_RACE_CALLS ||
	     (ws_race_irq_calls(t->race) < WS_RACE_IRQ_CALLS &&
	      time_before(jiffies, end)); i++) {
		t->seed = t->seed * 1664525 + 1013904223;	/* an LCG */
		op = (t->seed >> 16) % WS_RACE_OPS;
		ws_race_call(t->race->ws, op);
		t->calls[op]++;
		if (!(i % 64))
			cond_resched();
	}
	complete(&t->done);
	return 0;
}

static void calls_race_counts_exact(struct kunit *test)
{
	struct ws_race_thread th[WS_RACE_THREADS] = {};
	struct ws_race *race = kunit_kzalloc(test, sizeof(*race), GFP_KERNEL);
	struct wakeup_source *ws = ws_new(test, "kunit-ws-race");
	unsigned long events, relaxes, i, n;
	unsigned int before, after;
	struct task_struct *task;
	ktime_t t0, t1, total, start, held;

	if (!race) {
		wakeup_source_unregister(ws);
		KUNIT_FAIL(test, "out of memory");
		return;
	}
	race->ws = ws;
	KUNIT_ASSERT_TRUE(test, pm_get_wakeup_count(&before, false));
	hrtimer_init(&race->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	race->timer.function = ws_race_irq;
	t0 = ktime_get();
	hrtimer_start(&race->timer, ns_to_ktime(WS_RACE_IRQ_NS),
		      HRTIMER_MODE_REL_HARD);
	for (n = 0; n < WS_RACE_THREADS; n++) {
		th[n].race = race;
		th[n].seed = n + 1;
		init_completion(&th[n].done);
		task = kthread_run(ws_race_fn, &th[n], "kunit-ws-race/%lu", n);
		if (IS_ERR(task))
			break;
	}
	for (i = 0; i < n; i++)
		wait_for_completion(&th[i].done);
	WRITE_ONCE(race->stop, true);
	hrtimer_cancel(&race->timer);
	__pm_relax(ws);
	t1 = ktime_get();
	KUNIT_ASSERT_EQ_MSG(test, n, (unsigned long)WS_RACE_THREADS,
			    "kthread_run() failed");

	events = race->irq_calls[WS_RACE_STAY] +
		 race->irq_calls[WS_RACE_EVENT];
	relaxes = race->irq_calls[WS_RACE_RELAX];
	for (i = 0; i < n; i++) {
		events += th[i].calls[WS_RACE_STAY] +
			  th[i].calls[WS_RACE_EVENT];
		relaxes += th[i].calls[WS_RACE_RELAX];
	}
	n = ws_race_irq_calls(race);
	kunit_info(test, "%lu events, %lu relaxes (%lu calls from the timer), %lu activations\n",
		   events, relaxes, n, ws->active_count);

	KUNIT_EXPECT_GE(test, n, (unsigned long)WS_RACE_IRQ_CALLS);
	KUNIT_EXPECT_EQ(test, ws->event_count, events);
	KUNIT_EXPECT_GT(test, ws->active_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->relax_count, ws->active_count);
	KUNIT_EXPECT_FALSE(test, ws->active);
	KUNIT_EXPECT_EQ(test, ws->expire_count, 0UL);
	KUNIT_EXPECT_EQ(test, ws->wakeup_count, 0UL);
	KUNIT_EXPECT_TRUE(test, pm_get_wakeup_count(&after, false));
	KUNIT_EXPECT_EQ_MSG(test, ws_count_delta(before, after),
			    (unsigned int)(ws->active_count & 0xffff),
			    "one event registered per deactivation");
	KUNIT_EXPECT_GT(test, ktime_to_ns(ws->total_time), 0LL);
	KUNIT_EXPECT_LE(test, ws->total_time, ktime_sub(t1, t0));
	KUNIT_EXPECT_LE(test, ws->max_time, ws->total_time);
	KUNIT_EXPECT_GE(test, ws->last_time, t0);
	KUNIT_EXPECT_LE(test, ws->last_time, t1);

	/* After the race, one pair adds exactly its own interval. */
	total = ws->total_time;
	__pm_stay_awake(ws);
	start = ws->last_time;
	msleep(WS_HOLD_MS);
	__pm_relax(ws);
	held = ktime_sub(ws->last_time, start);
	KUNIT_EXPECT_GE(test, held, ws_at_least(WS_HOLD_MS));
	KUNIT_EXPECT_EQ(test, ws->total_time, ktime_add(total, held));
	KUNIT_EXPECT_GE(test, ws->max_time, held);
	wakeup_source_unregister(ws);
}

/*
 * Shared cache lines written by one call: the kernel image's writable
 * data (.data and .bss, where every global lives) is copied before the
 * call and compared line by line after it, with interrupts off and lockdep
 * off (its own bookkeeping is global), on a uniprocessor kernel where
 * nothing else can run meanwhile.  A line counts once however often the
 * call wrote it; a write that leaves a line as it was is not seen (a lock
 * taken and released, for one), so the count is a lower bound that every
 * counter the call increments reaches.
 *
 * UML's host signal handler still writes its interrupt stack while
 * interrupts are off, and copying megabytes takes long enough for a tick
 * to land in most tries on a busy host.  So the whole image is compared
 * once, to find the candidate lines (the call's and any such noise), and
 * then WS_LINE_TRIES calls are measured on the candidates alone, a window
 * of microseconds: the count is the least of those.
 */
#define WS_LINE_TRIES	5
#define WS_LINES	64

struct ws_image {
	char *start[2];
	size_t len[2];
	char *copy;
	unsigned int ncand;		/* candidate lines, found by a full scan */
	char *cand[WS_LINES];
	char cand_copy[WS_LINES][L1_CACHE_BYTES];
	char *seen[WS_LINES];		/* lines the last measured call wrote */
};

static bool ws_image_init(struct ws_image *im)
{
	im->start[0] = _sdata;
	im->len[0] = _edata - _sdata;
	im->start[1] = __bss_start;
	im->len[1] = __bss_stop - __bss_start;
	im->copy = vmalloc(im->len[0] + im->len[1]);
	return im->copy;
}

/* A line of the image, clipped to its region's end. */
static size_t ws_line_len(struct ws_image *im, unsigned int r, size_t off)
{
	return min_t(size_t, L1_CACHE_BYTES, im->len[r] - off);
}

/* Every line; the changed ones become the candidates.  Return: how many. */
static unsigned int ws_scan_full(struct ws_image *im, void (*fn)(void *arg),
				 void *arg)
{
	const char *copy;
	unsigned int n = 0, r;
	size_t off, len;

	memcpy(im->copy, im->start[0], im->len[0]);
	memcpy(im->copy + im->len[0], im->start[1], im->len[1]);
	fn(arg);
	for (r = 0, copy = im->copy; r < 2; copy += im->len[r], r++) {
		for (off = 0; off < im->len[r]; off += L1_CACHE_BYTES) {
			len = ws_line_len(im, r, off);
			if (!memcmp(copy + off, im->start[r] + off, len))
				continue;
			if (n < WS_LINES)
				im->cand[n] = im->start[r] + off;
			n++;
		}
	}
	im->ncand = min_t(unsigned int, n, WS_LINES);
	return n;
}

/* The candidates only: the ones changed go to seen[].  Return: how many. */
static unsigned int ws_scan_candidates(struct ws_image *im,
				       void (*fn)(void *arg), void *arg)
{
	unsigned int i, n = 0;

	for (i = 0; i < im->ncand; i++)
		memcpy(im->cand_copy[i], im->cand[i], L1_CACHE_BYTES);
	fn(arg);
	for (i = 0; i < im->ncand; i++)
		if (memcmp(im->cand_copy[i], im->cand[i], L1_CACHE_BYTES))
			im->seen[n++] = im->cand[i];
	return n;
}

/*
 * Shared lines @fn(@arg) changes: with @full, over the whole image (and
 * the changed lines become the candidates), else over the candidates.
 * Nothing is printed inside: printing writes the log's buffer.
 */
static unsigned int ws_shared_lines(struct ws_image *im, void (*fn)(void *arg),
				    void *arg, bool full)
{
	unsigned long flags;
	unsigned int n;

	lockdep_off();
	local_irq_save(flags);
	n = full ? ws_scan_full(im, fn, arg) : ws_scan_candidates(im, fn, arg);
	local_irq_restore(flags);
	lockdep_on();
	return n;
}

static void ws_print_lines(struct kunit *test, struct ws_image *im,
			   unsigned int n, const char *what)
{
	unsigned int i;

	kunit_info(test, "%s: %u shared lines\n", what, n);
	for (i = 0; i < n; i++)
		kunit_info(test, "  the line at %pS\n", im->seen[i]);
}

static void ws_stay_awake(void *ws)
{
	__pm_stay_awake(ws);
}

static void ws_relax(void *ws)
{
	__pm_relax(ws);
}

/*
 * The shared lines @fn(@arg) writes, least of WS_LINE_TRIES calls measured
 * on the candidates that a first call, scanned in full, found; @undo(@arg)
 * after each call puts the state back untimed.  Printed by name.
 */
static unsigned int ws_call_lines(struct kunit *test, struct ws_image *im,
				  void (*fn)(void *arg), void (*undo)(void *arg),
				  void *arg, const char *what)
{
	unsigned int i, n, least;

	ws_shared_lines(im, fn, arg, true);
	undo(arg);
	least = UINT_MAX;
	for (i = 0; i < WS_LINE_TRIES; i++) {
		n = ws_shared_lines(im, fn, arg, false);
		undo(arg);
		if (n < least) {
			least = n;
			ws_print_lines(test, im, n, what);
		}
	}
	return least;
}

/* The least shared lines @on(@arg) and then @off(@arg) each write. */
static noinline_for_stack void
ws_pair_lines(struct kunit *test, struct ws_image *im,
	      void (*on)(void *arg), void (*off)(void *arg),
	      void *arg, const char *what, unsigned int *up,
	      unsigned int *down)
{
	char name[80];

	snprintf(name, sizeof(name), "%s: on", what);
	*up = ws_call_lines(test, im, on, off, arg, name);
	/* Measure the "off" call from the state "on" leaves. */
	on(arg);
	snprintf(name, sizeof(name), "%s: off", what);
	*down = ws_call_lines(test, im, off, on, arg, name);
	off(arg);
}

/*
 * A wakeup source's call writes one shared line, the combined event
 * counter, on 6.1 and on this project's kernel alike.
 */
#define WS_LINES_MAX	1U

#if IS_ENABLED(CONFIG_PM_QOS_SUSPEND_BLOCK)
/*
 * Where wakeup sources run on the suspend-block class (this project's
 * kernel), the class's own pair is measured beside them: its count of
 * active requests shares a line with the combined event counter, which
 * the transitions that cross 0 move too, so each call writes one line.
 */
/* The power-level pair: see shared_lines_power_level_pair(). */
#define WS_PL_LINES	2U

static void ws_sb_on(void *req)
{
	suspend_block_activate(req);
}

static void ws_sb_off(void *req)
{
	suspend_block_deactivate(req);
}

static noinline_for_stack void
shared_lines_class_pair(struct kunit *test, struct ws_image *im)
{
	struct suspend_block_request *req, *other;
	unsigned int up, down, up_busy, down_busy;

	req = kunit_kzalloc(test, sizeof(*req), GFP_KERNEL);
	other = kunit_kzalloc(test, sizeof(*other), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	KUNIT_ASSERT_NOT_NULL(test, other);
	suspend_block_add_request(req, "kunit-sb-lines");
	suspend_block_add_request(other, "kunit-sb-lines-other");
	suspend_block_activate(req);
	suspend_block_deactivate(req);
	msleep(20);
	ws_pair_lines(test, im, ws_sb_on, ws_sb_off, req,
		      "suspend_block_activate/deactivate", &up, &down);
	suspend_block_activate(other);
	ws_pair_lines(test, im, ws_sb_on, ws_sb_off, req,
		      "suspend_block_activate/deactivate, another active",
		      &up_busy, &down_busy);
	suspend_block_deactivate(other);
	kunit_info(test, "class pair: shared lines written: on %u, off %u; another request active: %u, %u\n",
		   up, down, up_busy, down_busy);
	KUNIT_EXPECT_EQ(test, up, 1U);
	KUNIT_EXPECT_EQ(test, down, 1U);
	KUNIT_EXPECT_EQ(test, up_busy, 1U);
	KUNIT_EXPECT_EQ(test, down_busy, 1U);
	suspend_block_remove_request(other);
	suspend_block_remove_request(req);
}

static void ws_pl_on(void *req)
{
	power_level_update_request(req, 1);
}

static void ws_pl_off(void *req)
{
	power_level_update_request(req, POWER_LEVEL_ANY);
}

/*
 * The power-level pair (level 1, then none): each update changes the
 * level's count and the published word of levels in use.
 */
static noinline_for_stack void
shared_lines_power_level_pair(struct kunit *test, struct ws_image *im)
{
	struct power_level_request *req;
	unsigned int up, down;

	req = kunit_kzalloc(test, sizeof(*req), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, req);
	power_level_add_request(req, "kunit-pl-lines", POWER_LEVEL_ANY);
	ws_pl_on(req);
	ws_pl_off(req);
	msleep(20);
	ws_pair_lines(test, im, ws_pl_on, ws_pl_off, req,
		      "power_level_update_request 1/none", &up, &down);
	kunit_info(test, "power-level pair: shared lines written: %u, %u\n",
		   up, down);
	KUNIT_EXPECT_EQ(test, up, WS_PL_LINES);
	KUNIT_EXPECT_EQ(test, down, WS_PL_LINES);
	power_level_remove_request(req);
}
#else

static noinline_for_stack void
shared_lines_class_pair(struct kunit *test, struct ws_image *im)
{
}

static noinline_for_stack void
shared_lines_power_level_pair(struct kunit *test, struct ws_image *im)
{
}
#endif

static void ws_freq_on(void *req)
{
	freq_qos_update_request(req, 1000);
}

static void ws_freq_off(void *req)
{
	freq_qos_update_request(req, FREQ_QOS_MIN_DEFAULT_VALUE);
}

/*
 * pm_qos's own machinery, the anchor of the power-level class.  Its
 * constraints are the case's, not globals, and each update takes and
 * releases pm_qos's global spinlock, which leaves the lock's line as it
 * was: no line is seen changed.  The lock is a write to a shared line on
 * SMP all the same, counted from the code (pm-qos-benchmarks.rst).
 */
static noinline_for_stack void
shared_lines_freq_qos_pair(struct kunit *test, struct ws_image *im)
{
	struct freq_constraints *fc;
	struct freq_qos_request *fq;
	unsigned int up, down;

	fc = kunit_kzalloc(test, sizeof(*fc), GFP_KERNEL);
	fq = kunit_kzalloc(test, sizeof(*fq), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fc);
	KUNIT_ASSERT_NOT_NULL(test, fq);
	freq_constraints_init(fc);
	KUNIT_ASSERT_GE(test, freq_qos_add_request(fc, fq, FREQ_QOS_MIN,
						   FREQ_QOS_MIN_DEFAULT_VALUE), 0);
	ws_pair_lines(test, im, ws_freq_on, ws_freq_off, fq,
		      "freq_qos_update_request 1000/default", &up, &down);
	kunit_info(test, "freq_qos pair: shared lines written: %u, %u\n", up,
		   down);
	KUNIT_EXPECT_EQ(test, up, 0U);
	KUNIT_EXPECT_EQ(test, down, 0U);
	freq_qos_remove_request(fq);
}

/*
 * The global writes of the pair every driver calls, __pm_stay_awake() and
 * __pm_relax(), with no other event in progress and with one: 6.1 writes
 * one global line in each call (the combined event counter); a
 * reimplementation must not write more.
 */
static void shared_lines_per_pair(struct kunit *test)
{
	struct wakeup_source *ws = ws_new(test, "kunit-ws-lines");
	struct wakeup_source *other = ws_new(test, "kunit-ws-lines-other");
	unsigned int up, down, up_busy, down_busy;
	struct ws_image *im = kunit_kzalloc(test, sizeof(*im), GFP_KERNEL);

	if (num_online_cpus() > 1 || !im || !ws_image_init(im)) {
		wakeup_source_unregister(other);
		wakeup_source_unregister(ws);
		kunit_skip(test, "needs one CPU and memory for a copy of the image's data");
	}
	/* Once untimed: first-use work (the class's entries) is not counted. */
	__pm_stay_awake(ws);
	__pm_relax(ws);
	msleep(20);

	ws_pair_lines(test, im, ws_stay_awake, ws_relax, ws,
		      "__pm_stay_awake/__pm_relax", &up, &down);
	__pm_stay_awake(other);
	ws_pair_lines(test, im, ws_stay_awake, ws_relax, ws,
		      "__pm_stay_awake/__pm_relax, another active", &up_busy,
		      &down_busy);
	__pm_relax(other);
	kunit_info(test, "shared lines written: stay_awake %u, relax %u; another source active: %u, %u\n",
		   up, down, up_busy, down_busy);
	KUNIT_EXPECT_LE(test, up, WS_LINES_MAX);
	KUNIT_EXPECT_LE(test, down, WS_LINES_MAX);
	KUNIT_EXPECT_LE(test, up_busy, WS_LINES_MAX);
	KUNIT_EXPECT_LE(test, down_busy, WS_LINES_MAX);
	shared_lines_class_pair(test, im);
	shared_lines_power_level_pair(test, im);
	shared_lines_freq_qos_pair(test, im);
	vfree(im->copy);
	wakeup_source_unregister(other);
	wakeup_source_unregister(ws);
}

static struct kunit_case wakeup_source_cases[] = {
	KUNIT_CASE(register_lists_source),
	KUNIT_CASE(create_add_remove_destroy),
	KUNIT_CASE(stay_awake_relax_counts),
	KUNIT_CASE(relax_inactive_is_noop),
	KUNIT_CASE(null_arguments_are_noops),
	KUNIT_CASE(ws_event_timeout_expires),
	KUNIT_CASE(ws_event_timeout_only_extends),
	KUNIT_CASE(ws_event_zero_msec),
	KUNIT_CASE(stay_awake_cancels_timeout),
	KUNIT_CASE(ws_event_ends_stay_awake_hold),
	KUNIT_CASE(wakeup_count_during_suspend),
	KUNIT_CASE(hard_event_aborts_suspend),
	KUNIT_CASE(in_progress_blocks_wakeup_count),
	KUNIT_CASE(unregister_active_source),
	KUNIT_CASE(relax_during_remove),
	KUNIT_CASE(class_attributes),
	KUNIT_CASE(device_wakeup_api),
	KUNIT_CASE(autosleep_prevent_time),
	KUNIT_CASE(calls_race_counts_exact),
	KUNIT_CASE(shared_lines_per_pair),
	{}
};

static struct kunit_suite wakeup_source_suite = {
	.name = "wakeup_source",
	.init = ws_test_init,
	.exit = ws_test_exit,
	.test_cases = wakeup_source_cases,
};

kunit_test_suite(wakeup_source_suite);
