// SPDX-License-Identifier: GPL-2.0
/*
 * Torture test of the pm_qos suspend-block class, with the power-level
 * class, the wake_lock layer and mainline's wakeup sources built on them, in the shape of
 * kernel/locking/locktorture.c: for a set time, kthreads on every CPU, a
 * timer per CPU (softirq) and a hard-IRQ hrtimer per CPU hammer requests
 * of their own and requests they share, while the class's race windows
 * are widened by random delays (qos_suspend_block_torture.h).  Checked as
 * it runs and at the end:
 *
 *  - the promise of a suspend blocker: after an activation returns, and
 *    until its deactivation, the PM core sees a wakeup event in progress
 *    (pm_get_wakeup_count() would not let a handshake start), and after
 *    __pm_stay_awake() returns, until __pm_relax(), the same;
 *  - the power-level limit is at most a request's level from the moment
 *    the update that set it returns until the next update of the request
 *    (each thread checks its own request after updating it and again at
 *    random times);
 *  - per request: activations (calls that returned true) equal the
 *    request's active_count statistic, and deactivations + expiries + 1 if
 *    still active; a removed request is never active;
 *  - once everything has stopped: the aggregate equals the number of
 *    active requests, and the power-level limit the minimum active level;
 *  - per wakeup source (each thread's own, and one that every thread and
 *    every CPU's hrtimer share): once all have stopped and it is relaxed,
 *    event_count is exactly the events the torture reported on it, every
 *    activation was relaxed once (active_count == relax_count), it is
 *    inactive, and it expired at most as often as it was given a timeout;
 *  - after an activation that is not a wakeup source's soft event returns,
 *    no suspend under the wakeup_count handshake sits in the s2idle loop
 *    (the activation must have woken it: "unwoken");
 *  - with stale_hog_ms: the PM core never sees an event in progress while
 *    nothing is active for longer than stale_bound_ms ("stale"; see
 *    sbt_stale_fn()).
 *
 * /sys/kernel/debug/pm_qos/suspend_block_torture: write a number of
 * seconds to run (the write returns when the run is over), or "bg N" to
 * start an N-second run in the background and "stop" to end it early;
 * read "running" or the last run's report, which ends in SUCCESS or
 * FAILURE as locktorture's does.
 * suspend_block_torture_sleep: the sleep checker's counts (see below),
 * for the suspend-race test that runs the torture under autosleep.
 * Parameters (suspend_block_torture.* on the command line, or
 * /sys/module/suspend_block_torture/parameters/): threads_per_cpu,
 * shared, window_us, window_ratio, irq_period_us, own_only (every context
 * only cycles its own request, so the aggregate crosses zero often: the
 * 0 -> 1 window opens many times a second), think_us (a pause between a
 * thread's operations, which leaves autosleep gaps to suspend in), and
 * busted_order, busted_levels and busted_source, which run the own-request
 * cycles, the threads' power levels and the shared wakeup source on broken
 * copies of the algorithms kept in this file, to show that this test finds
 * their windows.
 */

#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pm_qos_power_level.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/uaccess.h>
#include <linux/wakelock.h>
#include <trace/events/power.h>

#include "qos_debugfs.h"
#include "qos_power_level.h"
#include "qos_suspend_block.h"
#include "qos_suspend_block_torture.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "suspend_block_torture."

static int threads_per_cpu = 2;
module_param(threads_per_cpu, int, 0644);
MODULE_PARM_DESC(threads_per_cpu, "kthreads per online CPU (1-8)");
static int shared = 4;
module_param(shared, int, 0644);
MODULE_PARM_DESC(shared, "requests shared by every thread and IRQ (1-64)");
static int window_us = 20;
module_param(window_us, int, 0644);
MODULE_PARM_DESC(window_us, "longest delay injected into a race window, us");
static int window_ratio = 4;
module_param(window_ratio, int, 0644);
MODULE_PARM_DESC(window_ratio, "delay one window passage in this many");
static int irq_period_us = 100;
module_param(irq_period_us, int, 0644);
MODULE_PARM_DESC(irq_period_us, "period of each CPU's hrtimer (and at least a jiffy: timer)");
static bool own_only;
module_param(own_only, bool, 0644);
MODULE_PARM_DESC(own_only, "only activate-check-deactivate own requests: the aggregate crosses zero often");
static int stale_hog_ms;
module_param(stale_hog_ms, int, 0644);
MODULE_PARM_DESC(stale_hog_ms, "threads_per_cpu threads on one CPU only, preempted there by a SCHED_FIFO thread busy this long at a time, and a look for stale events from another CPU (0: off)");
static int stale_bound_ms = 100;
module_param(stale_bound_ms, int, 0644);
MODULE_PARM_DESC(stale_bound_ms, "longest an event may stay in progress with nothing active");
static int think_us;
module_param(think_us, int, 0644);
MODULE_PARM_DESC(think_us, "sleep this long (to twice) between a thread's operations");
static bool busted_order;
module_param(busted_order, bool, 0644);
MODULE_PARM_DESC(busted_order,
		 "own-request cycles on a broken copy of the aggregate: count, then begin the event (must FAIL)");
static bool levels_only;
module_param(levels_only, bool, 0644);
MODULE_PARM_DESC(levels_only, "threads only set their power level to 0 or none and check it: level 0's count crosses zero often");
static bool busted_levels;
module_param(busted_levels, bool, 0644);
MODULE_PARM_DESC(busted_levels,
		 "threads' power levels on a broken copy of the publication: no new version when the bit is set (must FAIL)");

static bool busted_source;
module_param(busted_source, bool, 0644);
MODULE_PARM_DESC(busted_source,
		 "the shared wakeup source on a broken copy: lock-free, but plain read-modify-writes of its statistics (must FAIL)");

DEFINE_STATIC_KEY_FALSE(suspend_block_torture_running);

enum sbt_op {
	SBT_ACTIVATE, SBT_TIMED, SBT_DEACTIVATE, SBT_CHURN, SBT_LEVEL,
	SBT_WAKELOCK, SBT_EXPIRED, SBT_TASK, SBT_SOFTIRQ, SBT_HARDIRQ,
	SBT_WAKEUP_SOURCE, SBT_NR_OPS
};

static const char * const sbt_op_names[SBT_NR_OPS] = {
	"activate", "timed", "deactivate", "add_remove", "level",
	"wake_lock", "expired", "task", "softirq", "hardirq",
	"wakeup_source",
};

enum sbt_err {
	SBT_INVISIBLE, SBT_NOT_ACTIVE, SBT_LIMIT, SBT_STATS, SBT_REMOVED,
	SBT_AGGREGATE, SBT_UNWOKEN, SBT_STALE, SBT_SOURCE, SBT_NR_ERRS
};

static const char * const sbt_err_names[SBT_NR_ERRS] = {
	"invisible", "not_active", "level_limit", "stats", "active_removed",
	"aggregate", "unwoken", "stale", "source_stats",
};

/* A request and the torture's own count of the transitions it made. */
struct sbt_req {
	struct suspend_block_request req;
	atomic_long_t activations;	/* calls that returned true */
	atomic_long_t deactivations;	/* calls that returned true */
	char name[32];
};

/* A wakeup source and the torture's own count of what it reported on it. */
struct sbt_source {
	struct wakeup_source *ws;
	atomic_long_t events;		/* __pm_stay_awake(), pm_wakeup_ws_event() */
	atomic_long_t timed;		/* of those, with a timeout */
	char name[32];
};

/* What one kthread owns. */
struct sbt_thread {
	struct task_struct *task;
	struct sbt_req mine;		/* untimed only: visibility check */
	struct suspend_block_request churn;	/* added and removed */
	bool churn_added;
	struct power_level_request level;
	s32 busted_level;		/* on the broken copy: busted_levels */
	struct wake_lock wl;
	struct wake_lock wl_idle;
	struct sbt_source src;		/* mainline's API on the class */
	char name[4][32];
};

/* What each CPU's timer (softirq) and hrtimer (hard IRQ) own. */
struct sbt_cpu {
	struct sbt_req soft_mine;
	struct sbt_req soft_timed;	/* only this CPU's timer arms it */
	struct sbt_req hard_mine;
	struct timer_list timer;
	struct hrtimer hrtimer;
	struct power_level_request hard_level;
	char name[32];
	bool hrtimer_started;
};

static struct {
	atomic_long_t ops[SBT_NR_OPS];
	atomic_long_t errs[SBT_NR_ERRS];
	struct sbt_req *shared;
	int nshared;
	struct sbt_thread *threads;
	int nthreads;
	struct sbt_cpu *cpus;
	struct sbt_source shared_src;	/* every thread's and hrtimer's */
	bool running;
	/* The stale-event check (stale_hog_ms): see sbt_stale_fn(). */
	struct task_struct *hog;
	struct task_struct *sampler;
	int hog_cpu;
	unsigned long hog_spins;	/* the hog's progress, written by it */
	u64 stale_max_ns;		/* longest stale streak, by the sampler */
} sbt;

static DEFINE_MUTEX(sbt_lock);		/* the run state and report */
static char *sbt_report;		/* last run's report, under sbt_lock */
static bool sbt_running;		/* a run is on, under sbt_lock */

/**
 * suspend_block_torture_delay - Maybe wait a little in a race window.
 *
 * Called by the class at the points where a concurrent call could see a
 * half-made transition, while a torture run goes on: one passage in
 * window_ratio waits up to window_us microseconds, busy (any context).
 */
void suspend_block_torture_delay(void)
{
	u32 r = get_random_u32();
	int ratio = max(READ_ONCE(window_ratio), 1);

	if (r % ratio)
		return;
	udelay((r >> 16) % (max(READ_ONCE(window_us), 0) + 1));
}

static void sbt_err(enum sbt_err e)
{
	if (atomic_long_inc_return(&sbt.errs[e]) == 1)
		pr_err("suspend_block_torture: first %s error\n",
		       sbt_err_names[e]);
}

/*
 * Broken implementations for the must-fail runs.  As locktorture keeps
 * lock_busted_ops, the torture keeps them, not the classes: each is a copy
 * of one of the classes' algorithms with one step wrong, run by the same
 * contexts and judged by the same checks, so that a run that ends in
 * FAILURE on it shows the checks find that window.
 *
 * busted_order: an aggregate whose 0 -> 1 transition increments the count
 * before it begins the PM core's event.  In between, a second activation
 * finds the count non-zero and returns while the PM core sees no event in
 * progress: "invisible".  (The class begins the event first.)
 */
static atomic_t sbt_busted_active;

static void sbt_busted_activate(void)
{
	if (atomic_inc_return(&sbt_busted_active) == 1) {
		suspend_block_torture_delay();
		pm_wakeup_event_begin();
	}
	atomic_long_inc(&sbt.ops[SBT_ACTIVATE]);
}

static void sbt_busted_deactivate(void)
{
	preempt_disable();
	if (atomic_dec_and_test(&sbt_busted_active))
		pm_wakeup_event_end();
	preempt_enable();
	atomic_long_inc(&sbt.ops[SBT_DEACTIVATE]);
}

/*
 * busted_levels: the power-level class's publication of the levels in use
 * (a count per level, a word of level bits with a version above them)
 * without its confirming exchange: an update whose level's bit is set
 * leaves the word alone.  A count-down of that level that read a zero
 * count just before then clears the bit under the update, since the word
 * it expects has not changed: the limit is looser than an active level.
 */
#define SBT_BUSTED_LEVELS	4
#define SBT_BUSTED_VERSION	BIT_ULL(SBT_BUSTED_LEVELS)

static atomic_t sbt_busted_count[SBT_BUSTED_LEVELS];
static atomic64_t sbt_busted_pub;

static s32 sbt_busted_limit(void)
{
	u64 used = (u64)atomic64_read(&sbt_busted_pub) &
		   (SBT_BUSTED_VERSION - 1);

	return used ? (s32)__ffs((unsigned long)used) : PM_QOS_POWER_LEVEL_ANY;
}

static void sbt_busted_count_up(s32 level)
{
	s64 pub, new;

	atomic_inc(&sbt_busted_count[level]);
	suspend_block_torture_delay();
	pub = atomic64_read(&sbt_busted_pub);
	if (pub & BIT_ULL(level))
		return;				/* the step left out */
	do {
		new = (s64)(((u64)pub + SBT_BUSTED_VERSION) | BIT_ULL(level));
	} while (!atomic64_try_cmpxchg(&sbt_busted_pub, &pub, new));
}

static void sbt_busted_count_down(s32 level)
{
	s64 pub, new;

	if (!atomic_dec_and_test(&sbt_busted_count[level]))
		return;
	pub = atomic64_read(&sbt_busted_pub);
	do {
		/* As the class: the count after the word read above. */
		smp_rmb();
		if (atomic_read(&sbt_busted_count[level]))
			return;
		suspend_block_torture_delay();
		new = (s64)(((u64)pub + SBT_BUSTED_VERSION) & ~BIT_ULL(level));
	} while (!atomic64_try_cmpxchg(&sbt_busted_pub, &pub, new));
}

/* A thread's own request on the copy: the new level counts, then the old goes. */
static void sbt_busted_update(struct sbt_thread *t, s32 level)
{
	s32 old = t->busted_level;

	if (level != PM_QOS_POWER_LEVEL_ANY)
		sbt_busted_count_up(level);
	t->busted_level = level;
	if (old != PM_QOS_POWER_LEVEL_ANY)
		sbt_busted_count_down(old);
}

static void sbt_busted_reset(void)
{
	int i;

	for (i = 0; i < SBT_BUSTED_LEVELS; i++)
		atomic_set(&sbt_busted_count[i], 0);
	atomic64_set(&sbt_busted_pub, 0);
	atomic_set(&sbt_busted_active, 0);
}

/* The promise: an active request is an event in progress for the PM core. */
static void sbt_check_visible(struct sbt_req *r)
{
	unsigned int count;

	/* false: an event is in progress, no handshake could start now. */
	if (pm_get_wakeup_count(&count, false))
		sbt_err(SBT_INVISIBLE);
	if (!suspend_is_blocked() || !suspend_block_request_active(&r->req))
		sbt_err(SBT_NOT_ACTIVE);
}

/*
 * After an untimed activation of a request only this context deactivates
 * (not a soft event) returned, and while the request stays active: no
 * suspend under the handshake sleeps in the s2idle loop.  Either the
 * activation woke the loop, which sets the WAKE state, or the loop's last
 * check came after the event began, and failed, disarming the handshake.
 * No later check can pass while the event is in progress, so the loop
 * cannot be back in ENTER with the handshake armed.
 */
static void sbt_check_woken(void)
{
	if (READ_ONCE(events_check_enabled) && idle_should_enter_s2idle())
		sbt_err(SBT_UNWOKEN);
}

static void sbt_activate(struct sbt_req *r)
{
	if (suspend_block_activate(&r->req))
		atomic_long_inc(&r->activations);
	atomic_long_inc(&sbt.ops[SBT_ACTIVATE]);
}

static void sbt_deactivate(struct sbt_req *r)
{
	if (suspend_block_deactivate(&r->req))
		atomic_long_inc(&r->deactivations);
	atomic_long_inc(&sbt.ops[SBT_DEACTIVATE]);
}

/* The same promise on the broken copy of the aggregate. */
static void sbt_busted_check_visible(void)
{
	unsigned int count;

	if (pm_get_wakeup_count(&count, false))
		sbt_err(SBT_INVISIBLE);
	if (!atomic_read(&sbt_busted_active))
		sbt_err(SBT_NOT_ACTIVE);
}

/* Activate a request of one's own, check it is seen, deactivate it. */
static void sbt_own_cycle(struct sbt_req *r)
{
	if (READ_ONCE(busted_order)) {
		sbt_busted_activate();
		sbt_busted_check_visible();
		suspend_block_torture_delay();
		sbt_busted_check_visible();
		sbt_busted_deactivate();
		return;
	}
	sbt_activate(r);
	sbt_check_woken();
	sbt_check_visible(r);
	suspend_block_torture_delay();
	sbt_check_visible(r);
	sbt_deactivate(r);
}

/* One random operation on a shared request: any context. */
static void sbt_shared_op(u32 rnd)
{
	struct sbt_req *r = &sbt.shared[(rnd >> 8) % sbt.nshared];

	switch (rnd % 3) {
	case 0:
		sbt_activate(r);
		break;
	case 1:
		/* 1-3 jiffies: many expire while the run goes on. */
		if (suspend_block_activate_timeout(&r->req, 1 + (rnd >> 4) % 3))
			atomic_long_inc(&r->activations);
		atomic_long_inc(&sbt.ops[SBT_TIMED]);
		break;
	default:
		sbt_deactivate(r);
		break;
	}
}

/* The limit must be at most @req's level while it is active. */
static void sbt_check_level(struct power_level_request *req)
{
	struct power_level_snapshot snap;

	power_level_snapshot(req, 0, &snap);
	if (snap.level != PM_QOS_POWER_LEVEL_ANY &&
	    power_level_qos_limit() > snap.level)
		sbt_err(SBT_LIMIT);
}

/*
 * Set a power-level request only this context updates, and check the limit
 * is at most its level.  With levels_only, level 0 or none: the count of
 * level 0 goes to and from zero all the time, which is where a bit cleared
 * under a confirmed count would show.
 */
static void sbt_level_op(struct power_level_request *req, u32 rnd)
{
	s32 level = rnd % 5 == 4 ? PM_QOS_POWER_LEVEL_ANY : rnd % 4;

	if (READ_ONCE(levels_only))
		level = rnd & 1 ? 0 : PM_QOS_POWER_LEVEL_ANY;
	power_level_update_request(req, level);
	sbt_check_level(req);
	atomic_long_inc(&sbt.ops[SBT_LEVEL]);
}

/* A thread's level check, on the class or on the broken copy. */
static void sbt_thread_check_level(struct sbt_thread *t)
{
	if (!READ_ONCE(busted_levels)) {
		sbt_check_level(&t->level);
		return;
	}
	if (t->busted_level != PM_QOS_POWER_LEVEL_ANY &&
	    sbt_busted_limit() > t->busted_level)
		sbt_err(SBT_LIMIT);
}

/* A thread's level update, as sbt_level_op() does on the class. */
static void sbt_thread_level_op(struct sbt_thread *t, u32 rnd)
{
	s32 level = rnd % 5 == 4 ? PM_QOS_POWER_LEVEL_ANY : rnd % 4;

	if (!READ_ONCE(busted_levels)) {
		sbt_level_op(&t->level, rnd);
		return;
	}
	if (READ_ONCE(levels_only))
		level = rnd & 1 ? 0 : PM_QOS_POWER_LEVEL_ANY;
	sbt_busted_update(t, level);
	sbt_thread_check_level(t);
	atomic_long_inc(&sbt.ops[SBT_LEVEL]);
}

/*
 * Quiescent: the copy of the aggregate is back at 0, and the copy's limit
 * is the least level counted there.
 */
static void sbt_busted_check_final(void)
{
	s32 min = PM_QOS_POWER_LEVEL_ANY;
	int i;

	/* Every cycle on the copy of the aggregate ended. */
	if (atomic_read(&sbt_busted_active))
		sbt_err(SBT_AGGREGATE);
	if (!READ_ONCE(busted_levels))
		return;
	for (i = 0; i < sbt.nthreads; i++)
		min = min(min, sbt.threads[i].busted_level);
	if (min != sbt_busted_limit())
		sbt_err(SBT_LIMIT);
}

/*
 * Once every update has returned, the limit is exactly the minimum active
 * level: the registry is walked under its lock.
 */
static void sbt_check_limit_final(void)
{
	struct power_level_snapshot snap;
	struct power_level_request *req;
	s32 min = PM_QOS_POWER_LEVEL_ANY;
	unsigned long flags;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	for (req = power_level_first(); req; req = power_level_next(req)) {
		power_level_snapshot(req, 0, &snap);
		min = min(min, snap.level);
	}
	if (min != power_level_qos_limit())
		sbt_err(SBT_LIMIT);
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
}

static void sbt_wake_lock_op(struct sbt_thread *t, u32 rnd)
{
	unsigned int count;

	switch (rnd % 4) {
	case 0:
		wake_lock(&t->wl);
		/* The compat layer keeps the promise too. */
		if (pm_get_wakeup_count(&count, false))
			sbt_err(SBT_INVISIBLE);
		break;
	case 1:
		wake_lock_timeout(&t->wl, 1 + rnd % 2);
		break;
	case 2:
		wake_unlock(&t->wl);
		break;
	default:
		if (wake_lock_active(&t->wl_idle))
			wake_unlock(&t->wl_idle);
		else
			wake_lock(&t->wl_idle);
		break;
	}
	atomic_long_inc(&sbt.ops[SBT_WAKELOCK]);
}

/*
 * busted_source: the shared wakeup source on a copy of the lock-free
 * source whose statistics are plain read-modify-writes, as they were under
 * the source's lock: calls that race lose increments, and the final check
 * finds event_count or relax_count short of the torture's counts.  (The
 * source's code updates them with atomic exchanges.)  Timed events go
 * untimed on it.
 */
static void sbt_busted_event(struct wakeup_source *ws)
{
	unsigned long n = READ_ONCE(ws->event_count);
	u64 since;

	suspend_block_torture_delay();
	WRITE_ONCE(ws->event_count, n + 1);
	if (suspend_block_source_start(&ws->block, 0, 0, &since) > 0) {
		WRITE_ONCE(ws->active_count, ws->active_count + 1);
		WRITE_ONCE(ws->active, true);
	}
}

static void sbt_busted_relax(struct wakeup_source *ws)
{
	unsigned long n;
	u64 since, end;

	if (suspend_block_source_stop(&ws->block, 0, &since, &end) <= 0)
		return;
	n = READ_ONCE(ws->relax_count);
	suspend_block_torture_delay();
	WRITE_ONCE(ws->relax_count, n + 1);
	WRITE_ONCE(ws->active, false);
}

/*
 * Mainline's wakeup-source API, which the class backs.  On a thread's own
 * source: once __pm_stay_awake() returns, the source's event is in
 * progress too (only this thread relaxes it, and staying awake stops its
 * timer).  On the shared one, which other threads and the hrtimers relax,
 * only the counts are checked, at the end.  @timeout_ms: the longest
 * timeout to give, 0 for none.
 */
static void sbt_source_op(struct sbt_source *src, u32 rnd,
			  unsigned int timeout_ms)
{
	struct wakeup_source *ws = src->ws;
	bool busted = src == &sbt.shared_src && READ_ONCE(busted_source);
	unsigned int count, ms = timeout_ms ? 1 + (rnd >> 4) % timeout_ms : 0;

	switch (rnd % 3) {
	case 0:
		atomic_long_inc(&src->events);
		if (busted) {
			sbt_busted_event(ws);
			break;
		}
		__pm_stay_awake(ws);
		if (src != &sbt.shared_src &&
		    (pm_get_wakeup_count(&count, false) ||
		     !suspend_block_request_active(&ws->block)))
			sbt_err(SBT_INVISIBLE);
		break;
	case 1:
		atomic_long_inc(&src->events);
		if (busted) {
			sbt_busted_event(ws);
			sbt_busted_relax(ws);
			break;
		}
		if (ms)
			atomic_long_inc(&src->timed);
		/* 1-3 ms on a thread's: many expire while the run goes on. */
		pm_wakeup_ws_event(ws, ms, false);
		break;
	default:
		if (busted)
			sbt_busted_relax(ws);
		else
			__pm_relax(ws);
		break;
	}
	atomic_long_inc(&sbt.ops[SBT_WAKEUP_SOURCE]);
}

static void sbt_source_add(struct sbt_source *src, const char *fmt, int i)
{
	snprintf(src->name, sizeof(src->name), fmt, i);
	atomic_long_set(&src->events, 0);
	atomic_long_set(&src->timed, 0);
	src->ws = wakeup_source_create(src->name);
	if (src->ws)
		wakeup_source_add(src->ws);
}

/*
 * Once nothing else calls on it: relax it, check its statistics against
 * the torture's counts, remove it.
 */
static void sbt_source_finish(struct sbt_source *src)
{
	struct wakeup_source *ws = src->ws;
	long events = atomic_long_read(&src->events);

	if (!ws)
		return;
	if (src == &sbt.shared_src && READ_ONCE(busted_source))
		sbt_busted_relax(ws);
	else
		__pm_relax(ws);
	/* An expiry that ended it meanwhile may still be counting. */
	del_timer_sync(&ws->timer);
	if (ws->event_count != events || ws->active_count != ws->relax_count ||
	    ws->active || suspend_block_request_active(&ws->block) ||
	    ws->expire_count > atomic_long_read(&src->timed)) {
		pr_err("suspend_block_torture: %s: events %ld, event_count %lu, active_count %lu, relax_count %lu, expire_count %lu of %ld timed, active %d\n",
		       src->name, events, ws->event_count, ws->active_count,
		       ws->relax_count, ws->expire_count,
		       atomic_long_read(&src->timed), ws->active);
		sbt_err(SBT_SOURCE);
	}
	wakeup_source_remove(ws);
	wakeup_source_destroy(ws);
	src->ws = NULL;
}

/* Remove the churn request (maybe active) and add it again. */
static void sbt_churn_op(struct sbt_thread *t, u32 rnd)
{
	if (t->churn_added) {
		if (rnd & 1)
			suspend_block_activate(&t->churn);
		else if (rnd & 2)
			suspend_block_activate_timeout(&t->churn, 1);
		suspend_block_remove_request(&t->churn);
		if (suspend_block_request_active(&t->churn))
			sbt_err(SBT_REMOVED);
	}
	suspend_block_add_request(&t->churn, t->name[1]);
	t->churn_added = true;
	atomic_long_inc(&sbt.ops[SBT_CHURN]);
}

static int sbt_thread_fn(void *arg)
{
	struct sbt_thread *t = arg;
	unsigned long n = 0;
	u32 rnd;

	while (!kthread_should_stop()) {
		rnd = get_random_u32();
		if (READ_ONCE(own_only))
			rnd &= ~(0xffU << 24);	/* always case 0 */
		if (READ_ONCE(levels_only))
			rnd = (rnd & ~(0xffU << 24)) | ((6U + ((rnd >> 1) & 1)) << 24);
		switch ((rnd >> 24) % 10) {
		case 0: case 1: case 2:
			sbt_own_cycle(&t->mine);
			break;
		case 3: case 4:
			sbt_shared_op(rnd);
			break;
		case 5:
			sbt_churn_op(t, rnd);
			break;
		case 6:
			sbt_thread_level_op(t, rnd);
			break;
		case 7:
			sbt_thread_check_level(t);
			break;
		case 8:
			sbt_wake_lock_op(t, rnd);
			break;
		default:
			if (rnd & BIT(8) && sbt.shared_src.ws)
				sbt_source_op(&sbt.shared_src, rnd, 3);
			else if (t->src.ws)
				sbt_source_op(&t->src, rnd, 3);
			break;
		}
		atomic_long_inc(&sbt.ops[SBT_TASK]);
		if (READ_ONCE(think_us) > 0)
			usleep_range(think_us, 2 * think_us);
		else if (!(++n % 32))
			cond_resched();
	}
	return 0;
}

/*
 * The stale-event check.  A deactivation that takes the aggregate to 0 must
 * end the PM core's event before anything else runs on its CPU: a task
 * preempted in between would leave an event in progress with nothing
 * active (wakeup_count readers and autosleep blocked, no blocker to name)
 * for as long as it is off the CPU.  With stale_hog_ms, every thread runs
 * on one CPU, where this SCHED_FIFO thread wakes at random and stays busy
 * for stale_hog_ms, preempting whichever thread runs there, wherever it
 * is.  It counts its progress, so that the sampler can tell its CPU ran.
 */
static int sbt_hog_fn(void *arg)
{
	unsigned int ms;
	u64 until;

	while (!kthread_should_stop()) {
		ms = max(READ_ONCE(stale_hog_ms), 2);
		schedule_timeout_interruptible(msecs_to_jiffies(ms / 2 +
					       get_random_u32() % (ms / 2)));
		until = local_clock() + (u64)ms * NSEC_PER_MSEC;
		while (local_clock() < until && !kthread_should_stop()) {
			WRITE_ONCE(sbt.hog_spins, sbt.hog_spins + 1);
			cpu_relax();
		}
	}
	return 0;
}

/*
 * On another CPU, every 100-200 us: the aggregate at 0 (before and after)
 * with an event in progress (pm_get_wakeup_count() refuses).  That state
 * is legitimate only while a transition runs with preemption off (a
 * speculative begin, a 1 -> 0 and its end, a widened window in either, a
 * hard IRQ that comes in between): a streak of such samples, with no other
 * sample between them, longer than stale_bound_ms and in which the hog
 * made progress (so its CPU ran, and was not stalled by the host) is an
 * error.  One thread alone makes the transitions, so a task preempted
 * inside one shows as nothing but such samples for as long as the hog
 * runs, while two legitimate windows nearly always have a sample of
 * another state between them (the bound absorbs the rest).  A gap of over
 * 10 ms between two samples (this CPU stalled by the host, or printing)
 * starts a new streak: the samples that would have ended the old one were
 * never taken.
 */
static int sbt_stale_fn(void *arg)
{
	unsigned long spins = 0;
	bool reported = false;
	unsigned int count;
	u64 since = 0, last = 0, now;

	while (!kthread_should_stop()) {
		usleep_range(100, 200);
		now = local_clock();
		/* This CPU stalled: samples in between were missed. */
		if (now - last > 10 * NSEC_PER_MSEC)
			since = 0;
		last = now;
		if (suspend_block_active_count() ||
		    pm_get_wakeup_count(&count, false) ||
		    suspend_block_active_count()) {
			since = 0;
			reported = false;
			continue;
		}
		if (!since) {
			since = now;
			spins = READ_ONCE(sbt.hog_spins);
			continue;
		}
		sbt.stale_max_ns = max(sbt.stale_max_ns, now - since);
		if (!reported && READ_ONCE(sbt.hog_spins) != spins &&
		    now - since > (u64)READ_ONCE(stale_bound_ms) * NSEC_PER_MSEC) {
			reported = true;
			pr_err("suspend_block_torture: an event in progress with nothing active for %llu us\n",
			       div_u64(now - since, NSEC_PER_USEC));
			sbt_err(SBT_STALE);
		}
	}
	return 0;
}

/* With stale_hog_ms: the hog and the sampler, on two CPUs. */
static int sbt_stale_setup(void)
{
	int sampler_cpu = cpumask_first(cpu_online_mask);

	sbt.hog = NULL;
	sbt.sampler = NULL;
	sbt.hog_spins = 0;
	sbt.stale_max_ns = 0;
	if (READ_ONCE(stale_hog_ms) <= 0)
		return 0;
	sbt.hog_cpu = cpumask_last(cpu_online_mask);
	if (sbt.hog_cpu == sampler_cpu)
		return -EINVAL;		/* needs two CPUs */
	sbt.hog = kthread_create(sbt_hog_fn, NULL, "sb_torture_hog");
	if (IS_ERR(sbt.hog))
		goto fail;
	kthread_bind(sbt.hog, sbt.hog_cpu);
	sched_set_fifo(sbt.hog);
	sbt.sampler = kthread_create(sbt_stale_fn, NULL, "sb_torture_stale");
	if (IS_ERR(sbt.sampler))
		goto fail;
	kthread_bind(sbt.sampler, sampler_cpu);
	return 0;
fail:
	if (!IS_ERR_OR_NULL(sbt.hog))
		kthread_stop(sbt.hog);
	sbt.hog = NULL;
	sbt.sampler = NULL;
	return -ENOMEM;
}

static void sbt_stale_stop(void)
{
	if (sbt.hog)
		kthread_stop(sbt.hog);
	if (sbt.sampler)
		kthread_stop(sbt.sampler);
	sbt.hog = NULL;
	sbt.sampler = NULL;
}

static void sbt_timer_fn(struct timer_list *tl)
{
	struct sbt_cpu *c = from_timer(c, tl, timer);
	u32 rnd = get_random_u32();

	sbt_own_cycle(&c->soft_mine);
	if (!READ_ONCE(own_only))
		sbt_shared_op(rnd);
	/*
	 * The shared requests' timeouts are mostly cut short by another
	 * context: a timeout no one else touches expires about every other
	 * run of this timer, so every full-mix run takes the expiry path.
	 * Not with think_us: it would fill the gaps left for autosleep.
	 */
	if (!READ_ONCE(own_only) && !READ_ONCE(levels_only) &&
	    !READ_ONCE(think_us) &&
	    !suspend_block_request_active(&c->soft_timed.req) &&
	    suspend_block_activate_timeout(&c->soft_timed.req, 1))
		atomic_long_inc(&c->soft_timed.activations);
	atomic_long_inc(&sbt.ops[SBT_SOFTIRQ]);
	if (READ_ONCE(sbt.running))
		mod_timer(&c->timer, jiffies +
			  max(usecs_to_jiffies(READ_ONCE(irq_period_us)), 1UL));
}

static enum hrtimer_restart sbt_hrtimer_fn(struct hrtimer *h)
{
	struct sbt_cpu *c = container_of(h, struct sbt_cpu, hrtimer);
	u32 rnd = get_random_u32();

	sbt_own_cycle(&c->hard_mine);
	if (!READ_ONCE(own_only) && !READ_ONCE(levels_only)) {
		sbt_shared_op(rnd);
		sbt_level_op(&c->hard_level, rnd >> 3);
		if (sbt.shared_src.ws)
			sbt_source_op(&sbt.shared_src, rnd >> 5, 0);
	}
	atomic_long_inc(&sbt.ops[SBT_HARDIRQ]);
	if (!READ_ONCE(sbt.running))
		return HRTIMER_NORESTART;
	/* The period, and up to 400 us more at random. */
	hrtimer_forward_now(h, ns_to_ktime(max(READ_ONCE(irq_period_us), 10) *
					   NSEC_PER_USEC + (rnd >> 20) * 100));
	return HRTIMER_RESTART;
}

static void sbt_req_add(struct sbt_req *r, const char *fmt, int a, int b)
{
	snprintf(r->name, sizeof(r->name), fmt, a, b);
	suspend_block_add_request(&r->req, r->name);
	atomic_long_set(&r->activations, 0);
	atomic_long_set(&r->deactivations, 0);
}

/* Per request: the torture's counts against the class's statistics. */
static void sbt_req_check(struct sbt_req *r)
{
	struct suspend_block_stats st;
	long act = atomic_long_read(&r->activations);
	long deact = atomic_long_read(&r->deactivations);
	bool active = suspend_block_request_active(&r->req);

	suspend_block_get_stats(&r->req, &st);
	atomic_long_add(st.expire_count, &sbt.ops[SBT_EXPIRED]);
	if (st.active_count != act ||
	    act != deact + (long)st.expire_count + active) {
		pr_err("suspend_block_torture: %s: activations %ld, active_count %llu, deactivations %ld, expiries %llu, active %d\n",
		       r->name, act, st.active_count, deact, st.expire_count,
		       active);
		sbt_err(SBT_STATS);
	}
}

/* Stop a request's use, check its counts, remove it. */
static void sbt_req_finish(struct sbt_req *r)
{
	/* A pending timeout may still expire: let it, or end it here. */
	if (suspend_block_deactivate(&r->req))
		atomic_long_inc(&r->deactivations);
	sbt_req_check(r);
	suspend_block_remove_request(&r->req);
	if (suspend_block_request_active(&r->req))
		sbt_err(SBT_REMOVED);
}

/* Quiescent: the aggregate is exactly the number of active requests. */
static void sbt_check_aggregate(void)
{
	struct suspend_block_request *req;
	unsigned int active = 0;
	unsigned long flags;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	for (req = suspend_block_first(); req; req = suspend_block_next(req))
		active += suspend_block_request_active(req);
	if (active != suspend_block_active_count()) {
		pr_err("suspend_block_torture: aggregate %u, active requests %u\n",
		       suspend_block_active_count(), active);
		sbt_err(SBT_AGGREGATE);
	}
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
}

static void sbt_start_cpu(void *arg)
{
	struct sbt_cpu *c = arg;

	hrtimer_start(&c->hrtimer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static int sbt_alloc(void)
{
	sbt.nshared = clamp(shared, 1, 64);
	/* The stale-event check has threads_per_cpu on one CPU only. */
	sbt.nthreads = (READ_ONCE(stale_hog_ms) > 0 ? 1 : num_online_cpus()) *
		       clamp(threads_per_cpu, 1, 8);
	sbt.shared = kcalloc(sbt.nshared, sizeof(*sbt.shared), GFP_KERNEL);
	sbt.threads = kcalloc(sbt.nthreads, sizeof(*sbt.threads), GFP_KERNEL);
	sbt.cpus = kcalloc(nr_cpu_ids, sizeof(*sbt.cpus), GFP_KERNEL);
	return sbt.shared && sbt.threads && sbt.cpus ? 0 : -ENOMEM;
}

/* Add every request and create the threads; sbt_stop_and_check() undoes. */
static int sbt_setup(void)
{
	int cpu, i, ret;

	memset(sbt.ops, 0, sizeof(sbt.ops));
	memset(sbt.errs, 0, sizeof(sbt.errs));
	sbt_busted_reset();
	sbt_source_add(&sbt.shared_src, "torture:ws-shared%d", 0);

	for (i = 0; i < sbt.nshared; i++)
		sbt_req_add(&sbt.shared[i], "torture:shared%d", i, 0);
	for_each_possible_cpu(cpu) {
		struct sbt_cpu *c = &sbt.cpus[cpu];

		sbt_req_add(&c->soft_mine, "torture:softirq%d", cpu, 0);
		sbt_req_add(&c->soft_timed, "torture:timed%d", cpu, 0);
		sbt_req_add(&c->hard_mine, "torture:hardirq%d", cpu, 0);
		snprintf(c->name, sizeof(c->name), "torture:hardirq%d", cpu);
		power_level_add_request(&c->hard_level, c->name,
					PM_QOS_POWER_LEVEL_ANY);
		timer_setup(&c->timer, sbt_timer_fn, TIMER_PINNED);
		hrtimer_init(&c->hrtimer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		c->hrtimer.function = sbt_hrtimer_fn;
	}
	for (i = 0; i < sbt.nthreads; i++) {
		struct sbt_thread *t = &sbt.threads[i];

		sbt_req_add(&t->mine, "torture:task%d", i, 0);
		t->busted_level = PM_QOS_POWER_LEVEL_ANY;
		snprintf(t->name[1], sizeof(t->name[1]), "torture:churn%d", i);
		snprintf(t->name[2], sizeof(t->name[2]), "torture:level%d", i);
		snprintf(t->name[3], sizeof(t->name[3]), "torture:wl%d", i);
		snprintf(t->name[0], sizeof(t->name[0]), "torture:wlidle%d", i);
		power_level_add_request(&t->level, t->name[2],
					PM_QOS_POWER_LEVEL_ANY);
		wake_lock_init(&t->wl, WAKE_LOCK_SUSPEND, t->name[3]);
		wake_lock_init(&t->wl_idle, WAKE_LOCK_IDLE, t->name[0]);
		sbt_source_add(&t->src, "torture:ws%d", i);
		/*
		 * Not bound to a CPU: the scheduler spreads them, and a
		 * suspend may take CPUs offline while they run.
		 */
		t->task = kthread_create(sbt_thread_fn, t, "sb_torture/%d", i);
		if (IS_ERR(t->task)) {
			t->task = NULL;
			return -ENOMEM;
		}
	}
	ret = sbt_stale_setup();
	if (ret || !sbt.hog)
		return ret;
	/* All on the hog's CPU: no suspend is started during such a run. */
	for (i = 0; i < sbt.nthreads; i++)
		kthread_bind(sbt.threads[i].task, sbt.hog_cpu);
	return 0;
}

static void sbt_start(void)
{
	int cpu, i;

	WRITE_ONCE(sbt.running, true);
	static_branch_enable(&suspend_block_torture_running);
	/*
	 * The stale-event check watches task context alone: the timers' own
	 * requests would keep the aggregate above zero most of the time.
	 */
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct sbt_cpu *c = &sbt.cpus[cpu];

		if (sbt.hog)
			break;
		c->timer.expires = jiffies + 1;
		add_timer_on(&c->timer, cpu);
		smp_call_function_single(cpu, sbt_start_cpu, c, 1);
		c->hrtimer_started = true;
	}
	cpus_read_unlock();
	for (i = 0; i < sbt.nthreads; i++)
		wake_up_process(sbt.threads[i].task);
	if (sbt.hog) {
		wake_up_process(sbt.hog);
		wake_up_process(sbt.sampler);
	}
}

/* Stop every context, then check and free everything. */
static void sbt_stop_and_check(void)
{
	int cpu, i;

	WRITE_ONCE(sbt.running, false);
	sbt_stale_stop();
	for (i = 0; i < sbt.nthreads; i++)
		if (sbt.threads[i].task)
			kthread_stop(sbt.threads[i].task);
	for_each_possible_cpu(cpu) {
		struct sbt_cpu *c = &sbt.cpus[cpu];

		if (!c->hrtimer_started)
			continue;
		/* Both wait for a running callback, and delete its re-arm. */
		hrtimer_cancel(&c->hrtimer);
		del_timer_sync(&c->timer);
	}
	static_branch_disable(&suspend_block_torture_running);
	sbt_busted_check_final();

	for (i = 0; i < sbt.nthreads; i++) {
		struct sbt_thread *t = &sbt.threads[i];

		if (!t->mine.req.name)
			continue;
		sbt_req_finish(&t->mine);
		if (t->churn_added)
			suspend_block_remove_request(&t->churn);
		power_level_remove_request(&t->level);
		wake_lock_destroy(&t->wl);
		wake_lock_destroy(&t->wl_idle);
		sbt_source_finish(&t->src);
	}
	for_each_possible_cpu(cpu) {
		struct sbt_cpu *c = &sbt.cpus[cpu];

		if (!c->soft_mine.req.name)
			continue;
		sbt_req_finish(&c->soft_mine);
		sbt_req_finish(&c->soft_timed);
		sbt_req_finish(&c->hard_mine);
		power_level_remove_request(&c->hard_level);
	}
	for (i = 0; i < sbt.nshared; i++)
		if (sbt.shared[i].req.name)
			sbt_req_finish(&sbt.shared[i]);
	sbt_source_finish(&sbt.shared_src);
	sbt_check_aggregate();
	sbt_check_limit_final();
}

static void sbt_free(void)
{
	kfree(sbt.shared);
	kfree(sbt.threads);
	kfree(sbt.cpus);
	sbt.shared = NULL;
	sbt.threads = NULL;
	sbt.cpus = NULL;
}

/* The report, locktorture style: counts, errors, SUCCESS or FAILURE. */
static void sbt_make_report(unsigned int secs, int setup_err)
{
	size_t size = 1024, len = 0;
	long errs = 0;
	char *buf = kmalloc(size, GFP_KERNEL);
	int i;

	for (i = 0; i < SBT_NR_ERRS; i++)
		errs += atomic_long_read(&sbt.errs[i]);
	if (!buf)
		return;
	len += scnprintf(buf + len, size - len,
			 "duration=%u threads=%d shared=%d window_us=%d window_ratio=%d own_only=%d busted_order=%d levels_only=%d busted_levels=%d busted_source=%d stale_hog_ms=%d stale_max_us=%llu\nops:",
			 secs, sbt.nthreads, sbt.nshared, window_us,
			 window_ratio, own_only, busted_order,
			 levels_only, busted_levels, busted_source,
			 stale_hog_ms, div_u64(sbt.stale_max_ns, NSEC_PER_USEC));
	for (i = 0; i < SBT_NR_OPS; i++)
		len += scnprintf(buf + len, size - len, " %s=%ld",
				 sbt_op_names[i],
				 atomic_long_read(&sbt.ops[i]));
	len += scnprintf(buf + len, size - len, "\nerrors:");
	for (i = 0; i < SBT_NR_ERRS; i++)
		len += scnprintf(buf + len, size - len, " %s=%ld",
				 sbt_err_names[i],
				 atomic_long_read(&sbt.errs[i]));
	scnprintf(buf + len, size - len, "\n--- End of test: %s\n",
		  errs || setup_err ? "FAILURE" : "SUCCESS");
	pr_info("suspend_block_torture: %s", buf);
	kfree(sbt_report);
	sbt_report = buf;
}

/* The run's current length and setup result, under sbt_lock. */
static unsigned int sbt_secs;
static int sbt_alloc_err, sbt_setup_err;

/*
 * A background run ("bg N") ends from a work item, on the unfreezable
 * system workqueue: its writer has returned, so suspends during the run
 * (the suspend-race test starts them under autosleep) freeze nobody that
 * would end it, and nobody is frozen holding a lock.
 */
static bool sbt_background;	/* the run is a background one, under sbt_lock */

static int sbt_finish_locked(void);

/*
 * A background run's end.  If the run has ended meanwhile, or the one on
 * now is a foreground run, there is nothing to do.
 */
static void sbt_end_fn(struct work_struct *work)
{
	mutex_lock(&sbt_lock);
	if (sbt_running && sbt_background)
		sbt_finish_locked();
	mutex_unlock(&sbt_lock);
}

static DECLARE_DELAYED_WORK(sbt_end_work, sbt_end_fn);

/*
 * Start a run of @secs seconds, in the background (ended by sbt_end_work)
 * if @bg; -EBUSY while one goes on.
 */
static int sbt_begin(unsigned int secs, bool bg)
{
	mutex_lock(&sbt_lock);
	if (sbt_running) {
		mutex_unlock(&sbt_lock);
		return -EBUSY;
	}
	sbt_running = true;
	sbt_secs = secs;
	/*
	 * No cpus_read_lock(): a suspend (which takes the non-boot CPUs
	 * down) may run meanwhile; the timers of a CPU going down migrate.
	 * CPUs that come online during the run get no timers of their own.
	 */
	sbt_alloc_err = sbt_alloc();
	sbt_setup_err = sbt_alloc_err;
	if (!sbt_setup_err) {
		sbt_setup_err = sbt_setup();
		if (!sbt_setup_err)
			sbt_start();
	}
	sbt_background = bg;
	if (bg)
		schedule_delayed_work(&sbt_end_work, secs * HZ);
	mutex_unlock(&sbt_lock);
	return 0;
}

/* Stop the run, check, report; with sbt_lock held and a run on. */
static int sbt_finish_locked(void)
{
	lockdep_assert_held(&sbt_lock);
	if (!sbt_alloc_err)
		sbt_stop_and_check();
	sbt_make_report(sbt_secs, sbt_setup_err);
	sbt_free();
	sbt_running = false;
	return sbt_setup_err;
}

/*
 * "N": run for N seconds (1 to 3600); the write returns when the run is
 * over, or earlier at a signal (the freezer's too).  "bg N": start an
 * N-second run and return at once.  "stop": end a background run now.
 */
static ssize_t sbt_write(struct file *file, const char __user *ubuf,
			 size_t count, loff_t *ppos)
{
	unsigned int secs;
	char buf[24];
	bool bg;
	int ret;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (sysfs_streq(buf, "stop")) {
		mutex_lock(&sbt_lock);
		ret = sbt_running && sbt_background ? 0 : -ESRCH;
		/*
		 * Only a pending end is brought forward: one already running
		 * waits for sbt_lock and ends the run itself, and queueing it
		 * again would end the next run too.
		 */
		if (!ret && delayed_work_pending(&sbt_end_work))
			mod_delayed_work(system_wq, &sbt_end_work, 0);
		mutex_unlock(&sbt_lock);
		return ret ? ret : count;
	}
	bg = str_has_prefix(buf, "bg ");
	ret = kstrtouint(bg ? buf + 3 : buf, 0, &secs);
	if (ret)
		return ret;
	if (!secs || secs > 3600)
		return -EINVAL;
	ret = sbt_begin(secs, bg);
	if (ret || bg)
		return ret ? ret : count;
	schedule_timeout_interruptible(secs * HZ);
	mutex_lock(&sbt_lock);
	ret = sbt_finish_locked();	/* a foreground run only ends here */
	mutex_unlock(&sbt_lock);
	return ret ? ret : count;
}

/* While a run goes on, "running"; then its report. */
static int sbt_show(struct seq_file *m, void *v)
{
	mutex_lock(&sbt_lock);
	if (sbt_running)
		seq_printf(m, "running (%u s)\n", sbt_secs);
	else
		seq_puts(m, sbt_report ? sbt_report : "no run yet\n");
	mutex_unlock(&sbt_lock);
	return 0;
}

static int sbt_open(struct inode *inode, struct file *file)
{
	return single_open(file, sbt_show, NULL);
}

static const struct file_operations sbt_fops = {
	.open = sbt_open,
	.read = seq_read,
	.write = sbt_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/*
 * The sleep checker: a sleep entered by a suspend under the wakeup_count
 * handshake (autosleep's) must not have had any request active at the PM
 * core's last check for wakeups before it.  The PM core's machine_suspend
 * event says where that is:
 *
 *  - S3: its start comes after the last check, with interrupts off and one
 *    CPU left, so nothing can change: no request may be active there.
 *  - s2idle: its start comes before the loop's last check (under
 *    s2idle_lock), with every CPU running, and its end after the loop woke
 *    up.  A request active at the start began its event before, so the
 *    check must fail, which disarms the handshake (pm_wakeup_pending()
 *    sets events_check_enabled to false).  So a handshake armed at the
 *    start and still armed at the end means the check passed and the loop
 *    slept: an entry, and a violation if the start saw a request active.
 *    What happens after the check is the "unwoken" check's (an activation
 *    must wake the sleeping loop), run by every context.
 */
static atomic_long_t sbt_sleep_entries, sbt_sleep_violations;
/* At the s2idle loop's machine_suspend start; only the suspending task. */
static bool sbt_s2idle_armed;
static unsigned int sbt_s2idle_active;

static void sbt_sleep_violation(unsigned int active)
{
	atomic_long_inc(&sbt_sleep_violations);
	pr_err("suspend_block_torture: sleep entered with %u request(s) active\n",
	       active);
}

static void sbt_probe_suspend_resume(void *data, const char *action, int val,
				     bool start)
{
	if (strcmp(action, "machine_suspend"))
		return;
	if (val != (__force int)PM_SUSPEND_TO_IDLE) {
		if (!start)
			return;
		atomic_long_inc(&sbt_sleep_entries);
		if (READ_ONCE(events_check_enabled) && suspend_is_blocked())
			sbt_sleep_violation(suspend_block_active_count());
		return;
	}
	if (start) {
		sbt_s2idle_armed = READ_ONCE(events_check_enabled);
		sbt_s2idle_active = suspend_block_active_count();
		/* Both read before the loop's check reads the counters. */
		smp_mb();
		return;
	}
	if (!sbt_s2idle_armed || !READ_ONCE(events_check_enabled))
		return;
	atomic_long_inc(&sbt_sleep_entries);
	if (sbt_s2idle_active)
		sbt_sleep_violation(sbt_s2idle_active);
}

static int sbt_sleep_show(struct seq_file *m, void *v)
{
	seq_printf(m, "entries=%ld violations=%ld\n",
		   atomic_long_read(&sbt_sleep_entries),
		   atomic_long_read(&sbt_sleep_violations));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sbt_sleep);

static int __init sbt_init(void)
{
	debugfs_create_file("suspend_block_torture", 0600,
			    pm_qos_debugfs_dir(), NULL, &sbt_fops);
	debugfs_create_file("suspend_block_torture_sleep", 0400,
			    pm_qos_debugfs_dir(), NULL, &sbt_sleep_fops);
	return register_trace_suspend_resume(sbt_probe_suspend_resume, NULL);
}
late_initcall(sbt_init);
