// SPDX-License-Identifier: GPL-2.0
/*
 * Torture test of the pm_qos classes, on kernel/torture.c as locktorture
 * is.  Kernel threads, a timer per CPU (softirq) and a hard-IRQ hrtimer
 * per CPU run random operations from the weighted table of the target that
 * torture_type names, while the classes' race windows are widened by
 * random delays (qos_torture.h) and, with onoff_interval, CPUs go offline
 * and online.  Checked as it runs and at rmmod:
 *
 *  - "invisible": once an activation of a request (or __pm_stay_awake() of
 *    a source) that only this context ends has returned, the PM core counts
 *    an event in progress, so no wakeup_count handshake can start;
 *  - "unwoken": after such an activation no suspend under the handshake
 *    sits in the suspend-to-idle loop (the activation woke it);
 *  - "level_limit": the power-level limit is at most a request's level
 *    from the return of the update that set it until its next update;
 *  - "stats", "source_stats": each request's and source's statistics
 *    equal the calls the test made on it, once all have stopped;
 *  - "aggregate": then the class's count is the number of active
 *    requests, and the power-level limit the least active level;
 *  - "stale" (visible_ms): with every CPU stopped, the aggregate is the
 *    number of active requests and the PM core counts an event in
 *    progress exactly while it is non-zero (qt_visible_fn()).
 *
 * The *_busted targets run the same contexts and checks on broken copies
 * of the classes' algorithms kept here, as locktorture keeps
 * lock_busted_ops: each must end in FAILURE, which shows that the test
 * finds the window the class closes.
 *
 * modprobe qos_torture torture_type=mix onoff_interval=200; rmmod prints
 * the counts and "End of test: SUCCESS" or "FAILURE".
 */

#include <linux/atomic.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/pm_qos_power_level.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/stop_machine.h>
#include <linux/torture.h>
#include <linux/wakelock.h>

#include "qos_torture.h"

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Torture test of the pm_qos suspend-block and power-level classes");
MODULE_IMPORT_NS(PM_QOS_TORTURE);

torture_param(int, nthreads, -1, "Kernel threads (-1: two per online CPU)");
torture_param(int, nshared, 4, "Requests shared by every context (1-64)");
torture_param(int, window_us, 20, "Longest delay in a race window, us");
torture_param(int, window_ratio, 4, "Delay one passage of a window in this many");
torture_param(int, irq_period_us, 100, "Period of each CPU's hrtimer and timer, us");
torture_param(int, think_us, 0, "Sleep this long (to twice) between operations");
torture_param(int, onoff_holdoff, 0, "Seconds before CPU hotplug starts");
torture_param(int, onoff_interval, 0, "ms between CPU hotplug operations (0: none)");
torture_param(int, shuffle_interval, 0, "s between shuffles of the threads (0: none)");
torture_param(int, stutter, 0, "Seconds of run, then as many of pause for the threads (0: none)");
torture_param(int, shutdown_secs, 0, "Power off after this many seconds (0: never)");
torture_param(int, stat_interval, 0, "Seconds between statistics printouts (0: at the end only)");
torture_param(int, visible_ms, 20, "ms between stale-event checks under stop_machine (0: none)");
torture_param(bool, verbose, false, "Log the framework's steps");

static char *torture_type = "mix";
module_param(torture_type, charp, 0444);
MODULE_PARM_DESC(torture_type, "mix, suspend_block, power_level, wake_lock, wakeup_source, *_busted (an unknown one lists them)");

/* Where an operation may run. */
#define QT_TASK		BIT(0)
#define QT_SOFTIRQ	BIT(1)
#define QT_HARDIRQ	BIT(2)
#define QT_ANY		(QT_TASK | QT_SOFTIRQ | QT_HARDIRQ)

enum qt_err {
	QT_INVISIBLE, QT_UNWOKEN, QT_LIMIT, QT_STATS, QT_REMOVED,
	QT_AGGREGATE, QT_STALE, QT_SOURCE, QT_NR_ERRS
};

static const char * const qt_err_names[QT_NR_ERRS] = {
	"invisible", "unwoken", "level_limit", "stats", "active_removed",
	"aggregate", "stale", "source_stats",
};

/* A request and the calls on it that returned true. */
struct qt_req {
	struct suspend_block_request req;
	atomic_long_t activations;
	atomic_long_t deactivations;
	char name[32];
};

/* A wakeup source and the events reported on it. */
struct qt_source {
	struct wakeup_source *ws;
	atomic_long_t events;
	atomic_long_t timed;		/* of those, with a timeout */
	char name[32];
};

/* What one context (a thread, a CPU's timer, a CPU's hrtimer) owns. */
struct qt_ctx {
	unsigned int where;		/* QT_TASK, QT_SOFTIRQ or QT_HARDIRQ */
	struct torture_random_state rand;
	struct task_struct *task;
	struct qt_req mine;		/* untimed: the visibility checks */
	struct qt_req timed;		/* timed, left to expire */
	struct suspend_block_request churn;	/* removed and added again */
	bool churn_added;
	struct power_level_request level;
	s32 busted_level;		/* on the broken copy */
	struct wake_lock wl;
	struct wake_lock wl_idle;
	struct qt_source src;
	char names[4][32];
};

/* A CPU's timer and hrtimer, and their contexts. */
struct qt_cpu {
	struct qt_ctx soft;
	struct qt_ctx hard;
	struct timer_list timer;
	struct hrtimer hrtimer;
	bool started;
};

/* An operation of a target's table: chosen in proportion to @weight. */
struct qt_op {
	const char *name;
	void (*fn)(struct qt_ctx *c, unsigned long rnd);
	unsigned int weight;
	unsigned int where;
};

#define QT_MAX_OPS	10

struct qt_type {
	const char *name;
	bool busted_source;		/* the shared source is the broken copy's */
	const struct qt_op ops[QT_MAX_OPS];
	bool preemptible;		/* the class's preempt-off gaps open */
};

static struct {
	const struct qt_type *type;
	bool ready;			/* every request and source was made */
	unsigned int total[3];		/* weight per context, by ffs(where) - 1 */
	bool running;			/* the timers re-arm */
	atomic_long_t ops[QT_MAX_OPS];
	atomic_long_t contexts[3];
	atomic_long_t errs[QT_NR_ERRS];
	long expired;
	struct qt_req *shared;
	int nshared;
	struct qt_ctx *threads;
	int nthreads;
	struct qt_cpu *cpus;
	struct qt_source shared_src;
	struct task_struct *stats_task;
	/* The stale-event check: see qt_visible_fn(). */
	struct task_struct *visible_task;
	unsigned long visible_checks;
	unsigned long stale_seen;
	struct qt_stale {
		unsigned int aggregate;
		unsigned int active;
		bool in_progress;
	} stale_first;
} qt;

static void qt_err(enum qt_err e)
{
	if (atomic_long_inc_return(&qt.errs[e]) == 1)
		pr_alert("%s-torture: first %s error\n", torture_type,
			 qt_err_names[e]);
}

/* The promise: once an activation returned, the PM core sees an event. */
static void qt_check_visible(struct suspend_block_request *req)
{
	if (!pm_qos_torture_event_in_progress())
		qt_err(QT_INVISIBLE);
	if (req && !suspend_block_request_active(req))
		qt_err(QT_INVISIBLE);
}

/*
 * After an untimed activation that only this context ends: either it woke
 * the suspend-to-idle loop, or the loop's last check came after the event
 * began, failed and disarmed the handshake.
 */
static void qt_check_woken(void)
{
	if (pm_qos_torture_s2idle_asleep())
		qt_err(QT_UNWOKEN);
}

static void qt_activate(struct qt_req *r)
{
	if (suspend_block_activate(&r->req))
		atomic_long_inc(&r->activations);
}

static void qt_activate_timeout(struct qt_req *r, unsigned long timeout)
{
	if (suspend_block_activate_timeout(&r->req, timeout))
		atomic_long_inc(&r->activations);
}

static void qt_deactivate(struct qt_req *r)
{
	if (suspend_block_deactivate(&r->req))
		atomic_long_inc(&r->deactivations);
}

/* Activate the context's own request, check it is seen, deactivate it. */
static void qt_own_cycle(struct qt_ctx *c, unsigned long rnd)
{
	qt_activate(&c->mine);
	qt_check_woken();
	qt_check_visible(&c->mine.req);
	pm_qos_torture_delay();
	qt_check_visible(&c->mine.req);
	qt_deactivate(&c->mine);
}

/* A random call on a shared request; timeouts of 1-3 jiffies expire. */
static void qt_shared(struct qt_ctx *c, unsigned long rnd)
{
	struct qt_req *r = &qt.shared[(rnd >> 8) % qt.nshared];

	switch (rnd % 3) {
	case 0:
		qt_activate(r);
		break;
	case 1:
		qt_activate_timeout(r, 1 + (rnd >> 4) % 3);
		break;
	default:
		qt_deactivate(r);
		break;
	}
}

/*
 * A one-jiffy timeout on a request no one else touches: shared timeouts
 * are mostly cut short by another context, this one expires.  Not with
 * think_us, whose gaps it would fill.
 */
static void qt_timed_own(struct qt_ctx *c, unsigned long rnd)
{
	if (!READ_ONCE(think_us) && !suspend_block_request_active(&c->timed.req))
		qt_activate_timeout(&c->timed, 1);
}

/* Remove the churn request (maybe active, maybe timed), add it again. */
static void qt_churn(struct qt_ctx *c, unsigned long rnd)
{
	if (c->churn_added) {
		if (rnd & 1)
			suspend_block_activate(&c->churn);
		else if (rnd & 2)
			suspend_block_activate_timeout(&c->churn, 1);
		suspend_block_remove_request(&c->churn);
		if (suspend_block_request_active(&c->churn))
			qt_err(QT_REMOVED);
	}
	suspend_block_add_request(&c->churn, c->names[0]);
	c->churn_added = true;
}

/* The limit must be at most the context's level while it is active. */
static void qt_level_check(struct qt_ctx *c, unsigned long rnd)
{
	struct power_level_snapshot snap;

	power_level_snapshot(&c->level, 0, &snap);
	if (snap.level != POWER_LEVEL_ANY &&
	    power_level_limit() > snap.level)
		qt_err(QT_LIMIT);
}

static void qt_level(struct qt_ctx *c, unsigned long rnd)
{
	power_level_update_request(&c->level, rnd % 5 == 4 ?
				   POWER_LEVEL_ANY : rnd % 4);
	qt_level_check(c, rnd);
}

/*
 * Level 0 or none: level 0's count crosses zero all the time.  Checked
 * at once and again after a while, when a racing count-down has finished.
 */
static void qt_level_zero(struct qt_ctx *c, unsigned long rnd)
{
	power_level_update_request(&c->level,
				   rnd & 1 ? 0 : POWER_LEVEL_ANY);
	qt_level_check(c, rnd);
	pm_qos_torture_delay();
	qt_level_check(c, rnd);
}

static void qt_wake_lock(struct qt_ctx *c, unsigned long rnd)
{
	switch (rnd % 4) {
	case 0:
		wake_lock(&c->wl);
		qt_check_visible(NULL);
		break;
	case 1:
		wake_lock_timeout(&c->wl, 1 + (rnd >> 4) % 2);
		break;
	case 2:
		wake_unlock(&c->wl);
		break;
	default:
		if (wake_lock_active(&c->wl_idle))
			wake_unlock(&c->wl_idle);
		else
			wake_lock(&c->wl_idle);
		break;
	}
}

/*
 * Mainline's wakeup-source API on a source.  On the context's own, once
 * __pm_stay_awake() returns the event is in progress (only this context
 * relaxes it, and staying awake stops its timer).  Timeouts of 1-3 ms, in
 * task context only: many expire.
 */
static void qt_source_call(struct qt_ctx *c, struct qt_source *src,
			   unsigned long rnd)
{
	unsigned int ms = c->where == QT_TASK ? 1 + (rnd >> 4) % 3 : 0;

	switch (rnd % 3) {
	case 0:
		atomic_long_inc(&src->events);
		__pm_stay_awake(src->ws);
		if (src == &c->src)
			qt_check_visible(&src->ws->block);
		break;
	case 1:
		atomic_long_inc(&src->events);
		if (ms)
			atomic_long_inc(&src->timed);
		pm_wakeup_ws_event(src->ws, ms, false);
		break;
	default:
		__pm_relax(src->ws);
		break;
	}
}

static void qt_source_own(struct qt_ctx *c, unsigned long rnd)
{
	qt_source_call(c, &c->src, rnd);
}

static void qt_source_shared(struct qt_ctx *c, unsigned long rnd)
{
	qt_source_call(c, &qt.shared_src, rnd);
}

/*
 * An interrupt that stays a while: it widens whatever window of the
 * thread it interrupted it lands in.
 */
static void qt_irq_stall(struct qt_ctx *c, unsigned long rnd)
{
	pm_qos_torture_delay();
}

/*
 * suspend_block_busted: an aggregate whose 0 -> 1 transition counts before
 * it begins the PM core's event.  In between, a second activation finds
 * the count non-zero and returns while the PM core sees no event in
 * progress: "invisible".  (The class begins the event first.)
 */
static atomic_t qt_busted_active;

static void qt_own_cycle_busted(struct qt_ctx *c, unsigned long rnd)
{
	if (atomic_inc_return(&qt_busted_active) == 1) {
		pm_qos_torture_delay();
		pm_qos_torture_event_begin();
	}
	qt_check_visible(NULL);
	pm_qos_torture_delay();
	qt_check_visible(NULL);
	preempt_disable();
	if (atomic_dec_and_test(&qt_busted_active))
		pm_qos_torture_event_end();
	preempt_enable();
}

/*
 * power_level_busted: the power-level class's publication of the levels in
 * use (a count per level; a word of level bits with a version above them)
 * without its confirming exchange: an update whose level's bit is set
 * leaves the word alone.  A count-down of that level that read a zero
 * count just before then clears the bit under the update, since the word
 * it expects has not changed: the limit is looser than an active level.
 */
#define QT_BUSTED_LEVELS	4
#define QT_BUSTED_VERSION	BIT_ULL(QT_BUSTED_LEVELS)

static atomic_t qt_busted_count[QT_BUSTED_LEVELS];
static atomic64_t qt_busted_pub;

static s32 qt_busted_limit(void)
{
	u64 used = (u64)atomic64_read(&qt_busted_pub) &
		   (QT_BUSTED_VERSION - 1);

	return used ? (s32)__ffs((unsigned long)used) : POWER_LEVEL_ANY;
}

static void qt_busted_count_up(s32 level)
{
	s64 pub, new;

	atomic_inc(&qt_busted_count[level]);
	pm_qos_torture_delay();
	pub = atomic64_read(&qt_busted_pub);
	if (pub & BIT_ULL(level))
		return;				/* the step left out */
	do {
		new = (s64)(((u64)pub + QT_BUSTED_VERSION) | BIT_ULL(level));
	} while (!atomic64_try_cmpxchg(&qt_busted_pub, &pub, new));
}

static void qt_busted_count_down(s32 level)
{
	s64 pub, new;

	if (!atomic_dec_and_test(&qt_busted_count[level]))
		return;
	pub = atomic64_read(&qt_busted_pub);
	do {
		/* As the class: the count after the word read above. */
		smp_rmb();
		if (atomic_read(&qt_busted_count[level]))
			return;
		pm_qos_torture_delay();
		new = (s64)(((u64)pub + QT_BUSTED_VERSION) & ~BIT_ULL(level));
	} while (!atomic64_try_cmpxchg(&qt_busted_pub, &pub, new));
}

static void qt_level_check_busted(struct qt_ctx *c, unsigned long rnd)
{
	if (c->busted_level != POWER_LEVEL_ANY &&
	    qt_busted_limit() > c->busted_level)
		qt_err(QT_LIMIT);
}

/* As qt_level_zero() on the copy: the new level counts, then the old goes. */
static void qt_level_zero_busted(struct qt_ctx *c, unsigned long rnd)
{
	s32 old = c->busted_level, level = rnd & 1 ? 0 : POWER_LEVEL_ANY;

	if (level != POWER_LEVEL_ANY)
		qt_busted_count_up(level);
	c->busted_level = level;
	if (old != POWER_LEVEL_ANY)
		qt_busted_count_down(old);
	qt_level_check_busted(c, rnd);
	pm_qos_torture_delay();
	qt_level_check_busted(c, rnd);
}

/*
 * wakeup_source_busted: the shared source on a copy of the lock-free
 * source whose statistics are plain read-modify-writes, as they were under
 * the source's lock: racing calls lose increments, and the final check
 * finds event_count or relax_count short of the test's counts.  (The
 * source's code updates them with atomic operations.)
 */
static void qt_busted_relax(struct wakeup_source *ws)
{
	unsigned long n;
	u64 since, end;

	if (pm_qos_torture_source_stop(&ws->block, &since, &end) <= 0)
		return;
	n = READ_ONCE(ws->relax_count);
	pm_qos_torture_delay();
	WRITE_ONCE(ws->relax_count, n + 1);
	WRITE_ONCE(ws->active, false);
}

static void qt_source_shared_busted(struct qt_ctx *c, unsigned long rnd)
{
	struct wakeup_source *ws = qt.shared_src.ws;
	unsigned long n;
	u64 since;

	if (rnd % 2) {
		qt_busted_relax(ws);
		return;
	}
	atomic_long_inc(&qt.shared_src.events);
	n = READ_ONCE(ws->event_count);
	pm_qos_torture_delay();
	WRITE_ONCE(ws->event_count, n + 1);
	if (pm_qos_torture_source_start(&ws->block, &since) > 0) {
		WRITE_ONCE(ws->active_count, ws->active_count + 1);
		WRITE_ONCE(ws->active, true);
	}
}

#define QT_OP(fn, weight, where)	{ #fn, qt_##fn, weight, where }

static const struct qt_type qt_types[] = {
	{ "mix", false, {
		QT_OP(own_cycle, 3, QT_ANY),
		QT_OP(shared, 2, QT_ANY),
		QT_OP(timed_own, 1, QT_SOFTIRQ),
		QT_OP(churn, 1, QT_TASK),
		QT_OP(level, 1, QT_TASK | QT_HARDIRQ),
		QT_OP(level_check, 1, QT_TASK),
		QT_OP(wake_lock, 1, QT_TASK),
		QT_OP(source_own, 1, QT_TASK),
		QT_OP(source_shared, 1, QT_TASK | QT_HARDIRQ),
	} },
	/* Own requests: the aggregate crosses zero all the time. */
	{ "suspend_block", false, {
		QT_OP(own_cycle, 8, QT_ANY),
		QT_OP(churn, 1, QT_TASK),
	} },
	{ "suspend_block_busted", false, {
		QT_OP(own_cycle_busted, 1, QT_ANY),
	} },
	/*
	 * The class itself, with the gap of each transition between its
	 * aggregate and its state word open to preemption (in task context):
	 * the stale-event check must find a task preempted there.
	 */
	{ "suspend_block_preempt_busted", false, {
		QT_OP(own_cycle, 1, QT_TASK),
	}, .preemptible = true },
	/*
	 * Levels 0 and none from the threads alone, so that level 0's count
	 * reaches zero often; interrupts stall them anywhere.
	 */
	{ "power_level", false, {
		QT_OP(level_zero, 1, QT_TASK),
		QT_OP(level_check, 1, QT_TASK),
		QT_OP(irq_stall, 1, QT_SOFTIRQ | QT_HARDIRQ),
	} },
	{ "power_level_busted", false, {
		QT_OP(level_zero_busted, 1, QT_TASK),
		QT_OP(level_check_busted, 1, QT_TASK),
		QT_OP(irq_stall, 1, QT_SOFTIRQ | QT_HARDIRQ),
	} },
	{ "wake_lock", false, {
		QT_OP(wake_lock, 1, QT_ANY),
	} },
	{ "wakeup_source", false, {
		QT_OP(source_own, 1, QT_ANY),
		QT_OP(source_shared, 1, QT_ANY),
	} },
	{ "wakeup_source_busted", true, {
		QT_OP(source_own, 1, QT_ANY),
		QT_OP(source_shared_busted, 2, QT_ANY),
	} },
};

/* One operation of the target's table, in proportion to the weights. */
static void qt_run_op(struct qt_ctx *c)
{
	const struct qt_op *op = qt.type->ops;
	unsigned long rnd = torture_random(&c->rand);
	unsigned int pick, i = ffs(c->where) - 1;

	atomic_long_inc(&qt.contexts[i]);
	if (!qt.total[i])
		return;
	pick = (rnd >> 24) % qt.total[i];
	for (i = 0; i < QT_MAX_OPS && op->fn; i++, op++) {
		if (!(op->where & c->where))
			continue;
		if (pick < op->weight) {
			op->fn(c, rnd);
			atomic_long_inc(&qt.ops[i]);
			return;
		}
		pick -= op->weight;
	}
}

static int qt_thread(void *arg)
{
	struct qt_ctx *c = arg;
	unsigned long n = 0;

	VERBOSE_TOROUT_STRING("thread started");
	do {
		qt_run_op(c);
		if (think_us > 0)
			usleep_range(think_us, 2 * think_us);
		else if (!(++n % 32))
			cond_resched();
		stutter_wait("qt_thread");
	} while (!torture_must_stop());
	torture_kthread_stopping("qt_thread");
	return 0;
}

static void qt_timer_fn(struct timer_list *tl)
{
	struct qt_cpu *cpu = from_timer(cpu, tl, timer);

	qt_run_op(&cpu->soft);
	if (READ_ONCE(qt.running))
		mod_timer(tl, jiffies + max(usecs_to_jiffies(irq_period_us), 1UL));
}

static enum hrtimer_restart qt_hrtimer_fn(struct hrtimer *h)
{
	struct qt_cpu *cpu = container_of(h, struct qt_cpu, hrtimer);
	u64 extra;

	qt_run_op(&cpu->hard);
	if (!READ_ONCE(qt.running))
		return HRTIMER_NORESTART;
	/* The period, and up to 400 us more at random. */
	extra = torture_random(&cpu->hard.rand) % (400 * NSEC_PER_USEC);
	hrtimer_forward_now(h, ns_to_ktime(max(irq_period_us, 10) * NSEC_PER_USEC +
					   extra));
	return HRTIMER_RESTART;
}

/*
 * The stale-event check, every visible_ms: with every CPU stopped
 * (stop_machine()), no transition is under way, since the class runs each
 * one with preemption off and an interrupt handler runs to its end before
 * the stopper runs on its CPU.  Then the aggregate must equal the number of
 * active requests, at any count, and the PM core must count an event in
 * progress exactly while it is non-zero.  A task preempted inside a
 * transition (the window suspend_block_preempt_busted opens) shows here:
 * a count that no active request explains, or an event with nothing
 * active, or the reverse.  (One legitimate exception, which the test's
 * runs never make: a wakeup source removed while active keeps an event
 * of its own until it is relaxed; a device unplugged during a run would
 * show as a stale event.)
 */
static int qt_visible_fn(void *arg)
{
	unsigned int aggregate, active;
	bool inpr;

	active = pm_qos_torture_active_requests(&aggregate);
	inpr = pm_qos_torture_event_in_progress();
	qt.visible_checks++;
	if (active != aggregate || inpr != !!aggregate) {
		if (!qt.stale_seen)
			qt.stale_first = (struct qt_stale) { aggregate, active, inpr };
		qt.stale_seen++;
	}
	return 0;
}

static int qt_visible_thread(void *arg)
{
	unsigned long seen = 0;

	do {
		schedule_timeout_interruptible(max(msecs_to_jiffies(visible_ms), 1UL));
		stop_machine(qt_visible_fn, NULL, NULL);
		if (qt.stale_seen != seen) {
			if (!seen)
				pr_alert("%s-torture: aggregate %u with %u requests active, event in progress %d\n",
					 torture_type, qt.stale_first.aggregate,
					 qt.stale_first.active,
					 qt.stale_first.in_progress);
			while (seen < qt.stale_seen) {
				qt_err(QT_STALE);
				seen++;
			}
		}
	} while (!torture_must_stop());
	torture_kthread_stopping("qt_visible_thread");
	return 0;
}

static void qt_req_add(struct qt_req *r, const char *fmt, int i)
{
	snprintf(r->name, sizeof(r->name), fmt, i);
	suspend_block_add_request(&r->req, r->name);
}

/* Check a request's statistics against the test's counts, remove it. */
static void qt_req_finish(struct qt_req *r)
{
	struct suspend_block_stats st;
	long act, deact;
	bool active;

	if (!r->req.name)
		return;
	qt_deactivate(r);		/* or a pending timeout ends it first */
	/* An expiry that ended it meanwhile may still be counting. */
	del_timer_sync(&r->req.timer);
	act = atomic_long_read(&r->activations);
	deact = atomic_long_read(&r->deactivations);
	active = suspend_block_request_active(&r->req);
	suspend_block_get_stats(&r->req, &st);
	qt.expired += st.expire_count;
	if (st.active_count != act ||
	    act != deact + (long)st.expire_count + active) {
		pr_alert("%s-torture: %s: activations %ld, active_count %llu, deactivations %ld, expiries %llu, active %d\n",
			 torture_type, r->name, act, st.active_count, deact,
			 st.expire_count, active);
		qt_err(QT_STATS);
	}
	suspend_block_remove_request(&r->req);
	if (suspend_block_request_active(&r->req))
		qt_err(QT_REMOVED);
}

/* Create and add a source under the name in @src. */
static int qt_source_add(struct qt_source *src)
{
	src->ws = wakeup_source_create(src->name);
	if (!src->ws)
		return -ENOMEM;
	wakeup_source_add(src->ws);
	return 0;
}

/* Relax a source, check its statistics against the test's counts, remove it. */
static void qt_source_finish(struct qt_source *src)
{
	struct wakeup_source *ws = src->ws;
	long events = atomic_long_read(&src->events);

	if (!ws)
		return;
	if (src == &qt.shared_src && qt.type->busted_source)
		qt_busted_relax(ws);
	else
		__pm_relax(ws);
	/* An expiry that ended it meanwhile may still be counting. */
	del_timer_sync(&ws->timer);
	if (ws->event_count != events || ws->active_count != ws->relax_count ||
	    ws->active || suspend_block_request_active(&ws->block) ||
	    ws->expire_count > atomic_long_read(&src->timed)) {
		pr_alert("%s-torture: %s: events %ld, event_count %lu, active_count %lu, relax_count %lu, expire_count %lu of %ld timed, active %d\n",
			 torture_type, src->name, events, ws->event_count,
			 ws->active_count, ws->relax_count, ws->expire_count,
			 atomic_long_read(&src->timed), ws->active);
		qt_err(QT_SOURCE);
	}
	wakeup_source_remove(ws);
	wakeup_source_destroy(ws);
	src->ws = NULL;
}

static int qt_ctx_init(struct qt_ctx *c, unsigned int where,
		       const char *kind, int i)
{
	c->where = where;
	torture_random_init(&c->rand);
	qt_req_add(&c->mine, kind, i);
	/* The other names: the first 24 bytes of mine and a suffix. */
	snprintf(c->timed.name, sizeof(c->timed.name), "%.24s:timed", c->mine.name);
	suspend_block_add_request(&c->timed.req, c->timed.name);
	snprintf(c->names[0], sizeof(c->names[0]), "%.24s:churn", c->mine.name);
	snprintf(c->names[1], sizeof(c->names[1]), "%.24s:level", c->mine.name);
	snprintf(c->names[2], sizeof(c->names[2]), "%.24s:wl", c->mine.name);
	snprintf(c->names[3], sizeof(c->names[3]), "%.24s:wlidle", c->mine.name);
	power_level_add_request(&c->level, c->names[1], POWER_LEVEL_ANY);
	c->busted_level = POWER_LEVEL_ANY;
	wake_lock_init(&c->wl, WAKE_LOCK_SUSPEND, c->names[2]);
	wake_lock_init(&c->wl_idle, WAKE_LOCK_IDLE, c->names[3]);
	snprintf(c->src.name, sizeof(c->src.name), "%.24s:ws", c->mine.name);
	return qt_source_add(&c->src);
}

static void qt_ctx_finish(struct qt_ctx *c)
{
	if (!c->mine.req.name)
		return;
	qt_req_finish(&c->mine);
	qt_req_finish(&c->timed);
	if (c->churn_added)
		suspend_block_remove_request(&c->churn);
	power_level_remove_request(&c->level);
	wake_lock_destroy(&c->wl);
	wake_lock_destroy(&c->wl_idle);
	qt_source_finish(&c->src);
}

static void qt_start_hrtimer(void *arg)
{
	struct qt_cpu *cpu = arg;

	hrtimer_start(&cpu->hrtimer, ns_to_ktime(100 * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

/* Every request, source and context; qt_cleanup() undoes what was done. */
static int qt_setup(void)
{
	int cpu, i, err;

	qt.nshared = clamp(nshared, 1, 64);
	qt.nthreads = nthreads >= 0 ? nthreads :
		      2 * num_online_cpus();
	qt.shared = kcalloc(qt.nshared, sizeof(*qt.shared), GFP_KERNEL);
	qt.threads = kcalloc(qt.nthreads, sizeof(*qt.threads), GFP_KERNEL);
	qt.cpus = kcalloc(nr_cpu_ids, sizeof(*qt.cpus), GFP_KERNEL);
	if (!qt.shared || (qt.nthreads && !qt.threads) || !qt.cpus)
		return -ENOMEM;

	snprintf(qt.shared_src.name, sizeof(qt.shared_src.name), "torture:ws-shared");
	err = qt_source_add(&qt.shared_src);
	for (i = 0; i < qt.nshared; i++)
		qt_req_add(&qt.shared[i], "torture:shared%d", i);
	for_each_possible_cpu(cpu) {
		struct qt_cpu *c = &qt.cpus[cpu];

		timer_setup(&c->timer, qt_timer_fn, TIMER_PINNED);
		hrtimer_init(&c->hrtimer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		c->hrtimer.function = qt_hrtimer_fn;
		err = err ?: qt_ctx_init(&c->soft, QT_SOFTIRQ, "torture:softirq%d", cpu);
		err = err ?: qt_ctx_init(&c->hard, QT_HARDIRQ, "torture:hardirq%d", cpu);
	}
	for (i = 0; i < qt.nthreads; i++)
		err = err ?: qt_ctx_init(&qt.threads[i], QT_TASK, "torture:task%d", i);
	qt.ready = !err;
	return err;
}

/*
 * Each CPU's timer and hrtimer.  A CPU that goes offline hands them to
 * another; one that comes online during the run gets none of its own.
 */
static void qt_start_timers(void)
{
	int cpu;

	WRITE_ONCE(qt.running, true);
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct qt_cpu *c = &qt.cpus[cpu];

		c->timer.expires = jiffies + 1;
		add_timer_on(&c->timer, cpu);
		smp_call_function_single(cpu, qt_start_hrtimer, c, 1);
		c->started = true;
	}
	cpus_read_unlock();
}

static void qt_stop_timers(void)
{
	int cpu;

	WRITE_ONCE(qt.running, false);
	for_each_possible_cpu(cpu) {
		struct qt_cpu *c = &qt.cpus[cpu];

		if (!c->started)
			continue;
		/* Both wait for a running callback, and undo its re-arm. */
		hrtimer_cancel(&c->hrtimer);
		del_timer_sync(&c->timer);
		c->started = false;
	}
}

static long qt_errors(void)
{
	long errs = 0;
	int i;

	for (i = 0; i < QT_NR_ERRS; i++)
		errs += atomic_long_read(&qt.errs[i]);
	return errs + torture_onoff_failures();
}

/* The counts so far, and the errors, as locktorture prints its own. */
static void qt_print_stats(void)
{
	const struct qt_op *op = qt.type->ops;
	char buf[512];
	int i, len;

	/* Continued by torture_onoff_stats(), ended by the next line. */
	pr_alert("%s-torture: ", torture_type);
	torture_onoff_stats();
	len = scnprintf(buf, sizeof(buf), "task=%ld softirq=%ld hardirq=%ld",
			atomic_long_read(&qt.contexts[0]),
			atomic_long_read(&qt.contexts[1]),
			atomic_long_read(&qt.contexts[2]));
	for (i = 0; i < QT_MAX_OPS && op[i].fn; i++)
		len += scnprintf(buf + len, sizeof(buf) - len, " %s=%ld",
				 op[i].name, atomic_long_read(&qt.ops[i]));
	pr_alert("%s-torture: ops: %s\n", torture_type, buf);
	len = 0;
	for (i = 0; i < QT_NR_ERRS; i++)
		len += scnprintf(buf + len, sizeof(buf) - len, " %s=%ld",
				 qt_err_names[i], atomic_long_read(&qt.errs[i]));
	pr_alert("%s-torture: errors:%s\n", torture_type, buf);
}

static int qt_stats_thread(void *arg)
{
	do {
		schedule_timeout_interruptible(stat_interval * HZ);
		qt_print_stats();
		torture_shutdown_absorb("qt_stats_thread");
	} while (!torture_must_stop());
	torture_kthread_stopping("qt_stats_thread");
	return 0;
}

static void qt_print_params(const char *tag)
{
	pr_alert("%s-torture:--- %s: nthreads=%d nshared=%d window_us=%d window_ratio=%d irq_period_us=%d think_us=%d onoff_interval=%d onoff_holdoff=%d shuffle_interval=%d stutter=%d visible_ms=%d\n",
		 torture_type, tag, qt.nthreads, qt.nshared, window_us,
		 window_ratio, irq_period_us, think_us, onoff_interval,
		 onoff_holdoff, shuffle_interval, stutter, visible_ms);
}

/* The broken copies, once every context has stopped: back at rest. */
static void qt_check_busted_final(void)
{
	s32 least = POWER_LEVEL_ANY;
	int cpu, i;

	if (atomic_read(&qt_busted_active))
		qt_err(QT_AGGREGATE);
	for (i = 0; i < qt.nthreads; i++)
		least = min(least, qt.threads[i].busted_level);
	for_each_possible_cpu(cpu)
		least = min3(least, qt.cpus[cpu].soft.busted_level,
			     qt.cpus[cpu].hard.busted_level);
	if (least != qt_busted_limit())
		qt_err(QT_LIMIT);
}

/*
 * Once the test's calls have all returned: the aggregate is the number of
 * active requests and the limit the least active level.  Other users'
 * requests (a device's wakeup source) may be mid-transition: a mismatch
 * counts only if it lasts.
 */
static void qt_check_aggregates_final(void)
{
	unsigned int active, aggregate;
	s32 least, limit;
	int tries;

	for (tries = 0; tries < 3; tries++) {
		if (tries)
			msleep(20);
		active = pm_qos_torture_active_requests(&aggregate);
		if (active == aggregate)
			break;
	}
	if (active != aggregate) {
		pr_alert("%s-torture: aggregate %u, active requests %u\n",
			 torture_type, aggregate, active);
		qt_err(QT_AGGREGATE);
	}
	for (tries = 0; tries < 3; tries++) {
		if (tries)
			msleep(20);
		least = pm_qos_torture_least_level(&limit);
		if (least == limit)
			break;
	}
	if (least != limit)
		qt_err(QT_LIMIT);
}

static void qt_cleanup(void)
{
	int cpu, i;

	if (torture_cleanup_begin())
		return;
	if (qt.threads)
		for (i = 0; i < qt.nthreads; i++)
			torture_stop_kthread(qt_thread, qt.threads[i].task);
	torture_stop_kthread(qt_visible_thread, qt.visible_task);
	torture_stop_kthread(qt_stats_thread, qt.stats_task);
	if (qt.cpus)
		qt_stop_timers();
	pm_qos_torture_close_windows();

	/* Quiescent: every count against the classes' own. */
	if (qt.ready)
		qt_check_busted_final();
	for (i = 0; qt.threads && i < qt.nthreads; i++)
		qt_ctx_finish(&qt.threads[i]);
	for_each_possible_cpu(cpu) {
		if (!qt.cpus)
			break;
		qt_ctx_finish(&qt.cpus[cpu].soft);
		qt_ctx_finish(&qt.cpus[cpu].hard);
	}
	for (i = 0; qt.shared && i < qt.nshared; i++)
		qt_req_finish(&qt.shared[i]);
	qt_source_finish(&qt.shared_src);
	/* A setup that failed has no verdict: the load failed. */
	if (qt.ready) {
		qt_check_aggregates_final();
		qt_print_stats();
		pr_alert("%s-torture: expired=%ld visible_checks=%lu\n",
			 torture_type, qt.expired, qt.visible_checks);
		qt_print_params(qt_errors() ? "End of test: FAILURE" :
				"End of test: SUCCESS");
	}
	kfree(qt.shared);
	kfree(qt.threads);
	kfree(qt.cpus);
	qt.shared = NULL;
	qt.threads = NULL;
	qt.cpus = NULL;
	qt.type = NULL;
	torture_cleanup_end();
}

static int __init qt_init(void)
{
	int i, err;

	if (!torture_init_begin(torture_type, verbose))
		return -EBUSY;
	memset(&qt, 0, sizeof(qt));
	atomic_set(&qt_busted_active, 0);
	atomic64_set(&qt_busted_pub, 0);
	for (i = 0; i < QT_BUSTED_LEVELS; i++)
		atomic_set(&qt_busted_count[i], 0);
	for (i = 0; i < ARRAY_SIZE(qt_types); i++)
		if (!strcmp(torture_type, qt_types[i].name))
			qt.type = &qt_types[i];
	if (!qt.type) {
		char valid[256];
		int len = 0;

		for (i = 0; i < ARRAY_SIZE(qt_types); i++)
			len += scnprintf(valid + len, sizeof(valid) - len, " %s",
					 qt_types[i].name);
		pr_alert("%s-torture: unknown torture_type; valid:%s\n",
			 torture_type, valid);
		err = -EINVAL;
		goto unwind;
	}
	for (i = 0; i < QT_MAX_OPS && qt.type->ops[i].fn; i++) {
		unsigned int where = qt.type->ops[i].where, ctx;

		for (ctx = 0; ctx < 3; ctx++)
			if (where & BIT(ctx))
				qt.total[ctx] += qt.type->ops[i].weight;
	}
	err = qt_setup();
	if (err)
		goto unwind;
	qt_print_params("Start of test");
	pm_qos_torture_open_windows(max(window_us, 0), max(window_ratio, 1),
				    qt.type->preemptible);
	if (visible_ms > 0) {
		err = torture_create_kthread(qt_visible_thread, NULL,
					     qt.visible_task);
		if (err)
			goto unwind;
	}
	qt_start_timers();
	for (i = 0; i < qt.nthreads; i++) {
		err = torture_create_kthread(qt_thread, &qt.threads[i],
					     qt.threads[i].task);
		if (err)
			goto unwind;
	}
	if (stat_interval > 0) {
		err = torture_create_kthread(qt_stats_thread, NULL, qt.stats_task);
		if (err)
			goto unwind;
	}
	err = torture_onoff_init(onoff_holdoff * HZ,
				 msecs_to_jiffies(max(onoff_interval, 0)), NULL);
	if (!err && shuffle_interval > 0)
		err = torture_shuffle_init(shuffle_interval * HZ);
	if (!err && stutter > 0)
		err = torture_stutter_init(stutter * HZ, stutter * HZ);
	if (!err)
		err = torture_shutdown_init(shutdown_secs, qt_cleanup);
	if (err)
		goto unwind;
	torture_init_end();
	return 0;

unwind:
	torture_init_end();
	qt_cleanup();
	return err;
}

module_init(qt_init);
module_exit(qt_cleanup);
