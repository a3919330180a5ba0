// SPDX-License-Identifier: GPL-2.0
/*
 * Early suspend on notifier chains, and the non-blocking sleep-state
 * request that drives it.
 *
 * The passes.  Each handler has one notifier block in a suspend chain,
 * priority -level (so ascending level; the chain keeps registration order
 * among equal priorities), and one in a resume chain whose priority encodes
 * the level and a registration number (es_resume_priority(): descending
 * level, and the latest registered first among equal levels).  A handler's
 * "suspended" flag makes the pairs balance: the resume hook runs only
 * after the suspend hook did, and the suspend hook never twice in a row.
 *
 * The request.  request_suspend_state() (and /sys/power/request_state)
 * only records the wanted state and queues one work item on an ordered
 * workqueue, so it never blocks and requests coalesce: the work item
 * compares what is wanted with what was done and runs at most the passes
 * needed, re-reading the wish after each pass, so a request made during a
 * pass is neither lost nor run twice.  A sleep state runs the suspend pass
 * and then hands the state to autosleep, which suspends whenever no
 * suspend-block request is active; "on" turns autosleep off (waiting for a
 * suspend in progress to finish) and runs the resume pass.  Each pass holds
 * a suspend-block request of its own, so the system does not suspend under
 * a half-done pass.
 *
 * User space's suspend loop.  Android since 10 runs the loop itself
 * (SystemSuspend writes "mem" to /sys/power/state; no autosleep), and
 * nothing requests a sleep state: a suspend that finds the early-suspend
 * pass not in effect runs it before the suspend is in progress, and the
 * late-resume pass after the suspend ends (early_suspend_before_suspend(),
 * early_suspend_after_suspend(), from the suspend's first and last PM
 * notifiers).  A sleep state requested meanwhile keeps the pass in effect
 * after the suspend; the work item leaves a pass the suspend runs to it.
 *
 * Android's "main" lock.  With Android's meaning of /sys/power/state
 * turned on (earlysuspend_legacy.c), a suspend-block request named "main"
 * is active from a request of "on" until the work item finds a sleep state
 * wanted with the early-suspend pass in effect (after running the pass, or
 * when the pass was in effect already), as Android's main wake lock was:
 * it shows in /proc/wakelocks, and has_wake_lock(WAKE_LOCK_SUSPEND) returns
 * -1 while the system is "on".  It is activated by the request itself and
 * released by the work item, both under es_request_lock, which re-checks
 * the wish: a release never undoes a newer "on".
 *
 * Locking.  es_lock (a mutex) serialises passes, registration and the
 * debugfs read-out; handlers are called with it held, so they must not
 * register or unregister.  A suspend's own passes run in the suspending
 * task, inside system_transition_mutex and the PM notifier chain (and
 * autosleep's lock under autosleep): hooks must not take those either
 * (lock_system_sleep(), register_pm_notifier()).  es_requested has its own raw spinlock so that a
 * request never waits for a pass and may come from any context (hard IRQ
 * on PREEMPT_RT included).
 */

#define pr_fmt(fmt) "early suspend: " fmt

#include <linux/debugfs.h>
#include <linux/earlysuspend.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/ktime.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>
#include <linux/workqueue.h>
#include <trace/events/suspend_qos.h>

#include "earlysuspend_internal.h"
#include "qos_debugfs.h"
#include "power.h"

/* The KUnit suite lowers it to test the report (earlysuspend_internal.h). */
#if IS_ENABLED(CONFIG_PM_EARLYSUSPEND_KUNIT_TEST)
unsigned int early_suspend_slow_ms = 100;
#else
static unsigned int early_suspend_slow_ms = 100;
#endif
module_param_named(slow_handler_ms, early_suspend_slow_ms, uint, 0644);
MODULE_PARM_DESC(slow_handler_ms,
		 "Warn (once per handler) when a hook takes longer (ms)");

static DEFINE_MUTEX(es_lock);
static BLOCKING_NOTIFIER_HEAD(es_suspend_chain);
static BLOCKING_NOTIFIER_HEAD(es_resume_chain);
/* The next registration number of the resume chain: es_resume_seq(). */
static unsigned int es_seq;
/*
 * The suspend pass is in effect.  Written by es_pass(), under es_lock,
 * from the work item and from a suspend; the work item reads it without
 * the lock to pick a step, and es_pass() checks it again under the lock.
 */
static bool es_suspended;
/* The pass in effect was run by a suspend, whose end resumes; es_lock. */
static bool es_by_suspend;

/* Duration of the last pass of each direction, and how many ran. */
static u64 es_pass_ns[2];
static unsigned long es_passes[2];

static DEFINE_RAW_SPINLOCK(es_request_lock);
static suspend_state_t es_requested = PM_SUSPEND_ON;

static struct workqueue_struct *es_wq;
static void es_work_fn(struct work_struct *work);
static DECLARE_WORK(es_work, es_work_fn);

static struct suspend_block_request es_block;
/* Android's main wake lock; es_main_used under es_request_lock. */
static struct suspend_block_request es_main;
static bool es_main_added, es_main_used;

static const char *es_state_name(suspend_state_t state);

/* Hand @state to autosleep; without autosleep, user space suspends. */
static int es_autosleep_set_state(suspend_state_t state)
{
#ifdef CONFIG_PM_AUTOSLEEP
	return pm_autosleep_set_state(state);
#else
	return 0;
#endif
}

#if IS_ENABLED(CONFIG_PM_EARLYSUSPEND_KUNIT_TEST)
/* What only the KUnit suite uses (earlysuspend_internal.h). */
int (*early_suspend_autosleep_fn)(suspend_state_t state) =
	es_autosleep_set_state;
suspend_state_t (*early_suspend_autosleep_state_fn)(void) =
	pm_autosleep_state;

/*
 * early_suspend_flush - Wait until the last request has been applied.
 *
 * Context: Process context; not from a hook.
 */
void early_suspend_flush(void)
{
	flush_workqueue(es_wq);
}

/*
 * early_suspend_in_effect - Whether the early-suspend pass is in effect.
 *
 * Context: Process context.
 * Return: true between an early-suspend pass and the next late-resume one.
 */
bool early_suspend_in_effect(void)
{
	bool ret;

	mutex_lock(&es_lock);
	ret = es_suspended;
	mutex_unlock(&es_lock);
	return ret;
}
#endif

/* Call one hook, timing it; with es_lock held. */
static void es_call(struct early_suspend *h, bool suspend)
{
	void (*hook)(struct early_suspend *h) = suspend ? h->suspend :
							  h->resume;
	u64 start, took = 0;

	if (hook) {
		start = ktime_get_ns();
		hook(h);
		took = ktime_get_ns() - start;
		trace_early_suspend_handler(h->level, (void *)hook, suspend, took);
	}
	if (suspend)
		h->last_suspend_ns = took;
	else
		h->last_resume_ns = took;
	if (took > (u64)READ_ONCE(early_suspend_slow_ms) * NSEC_PER_MSEC &&
	    !h->warned) {
		h->warned = true;
		pr_warn("%ps (level %d) took %llu ms\n", hook, h->level,
			div_u64(took, NSEC_PER_MSEC));
	}
}

static int es_suspend_one(struct notifier_block *nb, unsigned long action,
			  void *data)
{
	struct early_suspend *h = container_of(nb, struct early_suspend,
					       suspend_nb);

	if (!h->suspended) {
		es_call(h, true);
		h->suspended = true;
	}
	return NOTIFY_DONE;
}

static int es_resume_one(struct notifier_block *nb, unsigned long action,
			 void *data)
{
	struct early_suspend *h = container_of(nb, struct early_suspend,
					       resume_nb);

	if (h->suspended) {
		h->suspended = false;
		es_call(h, false);
	}
	return NOTIFY_DONE;
}

/* One pass over the handlers, with es_lock held, unless it is in effect. */
static void es_pass(bool suspend)
{
	u64 start;

	lockdep_assert_held(&es_lock);
	if (es_suspended == suspend)
		return;
	start = ktime_get_ns();
	trace_early_suspend_pass_start(suspend);
	blocking_notifier_call_chain(suspend ? &es_suspend_chain :
				     &es_resume_chain, suspend, NULL);
	es_pass_ns[suspend] = ktime_get_ns() - start;
	trace_early_suspend_pass_end(suspend, es_pass_ns[suspend]);
	es_passes[suspend]++;
	WRITE_ONCE(es_suspended, suspend);
}

/*
 * What autosleep is given for a wish: "mem" means the mem_sleep variant
 * chosen in /sys/power/mem_sleep, as for writes to /sys/power/state and
 * /sys/power/autosleep (an s2idle-only platform has no real PM_SUSPEND_MEM).
 */
static suspend_state_t es_autosleep_target(suspend_state_t want)
{
	return want == PM_SUSPEND_MEM ? mem_sleep_current : want;
}

static void es_set_autosleep(suspend_state_t state)
{
	int ret = early_suspend_set_autosleep(es_autosleep_target(state));

	if (ret)
		pr_err("autosleep refused %s: %d\n", es_state_name(state), ret);
}

/*
 * Bring what was done in line with what is wanted.  Each step re-reads the
 * wish: requests made meanwhile are seen at once, and a wish that comes
 * back to where things stand costs nothing.
 *
 * es_lock covers the passes only, not the calls into autosleep: turning
 * autosleep off waits for a suspend in progress, whose device callbacks
 * may (un)register early-suspend handlers, which takes es_lock.
 */
/*
 * From the work item: release "main" once a sleep state is wanted and its
 * early-suspend pass is in effect, unless an "on" came since (that request
 * activated it again, and a later pass releases it).
 */
static void es_main_release(void)
{
	raw_spin_lock_irq(&es_request_lock);
	if (es_main_used && READ_ONCE(es_suspended) &&
	    es_requested != PM_SUSPEND_ON)
		suspend_block_deactivate(&es_main);
	raw_spin_unlock_irq(&es_request_lock);
}

/**
 * early_suspend_use_main_lock - Hold Android's "main" lock while "on".
 * @use: true to hold it from now on whenever "on" is the state requested
 *	(or its early-suspend pass has not run yet), false to release it.
 *
 * The request is added on first use and stays registered (its row in
 * /proc/wakelocks keeps its statistics).
 *
 * Context: Process context.
 */
void early_suspend_use_main_lock(bool use)
{
	if (use && !es_main_added) {
		suspend_block_add_request(&es_main, "main");
		es_main_added = true;
	}
	if (!es_main_added)
		return;
	mutex_lock(&es_lock);		/* es_suspended stays put */
	raw_spin_lock_irq(&es_request_lock);
	es_main_used = use;
	if (use && (es_requested == PM_SUSPEND_ON || !es_suspended))
		suspend_block_activate(&es_main);
	else
		suspend_block_deactivate(&es_main);
	raw_spin_unlock_irq(&es_request_lock);
	mutex_unlock(&es_lock);
}

/* The state last requested. */
static suspend_state_t es_wish(void)
{
	suspend_state_t want;

	raw_spin_lock_irq(&es_request_lock);
	want = es_requested;
	raw_spin_unlock_irq(&es_request_lock);
	return want;
}

static void es_work_fn(struct work_struct *work)
{
	suspend_state_t want;

	for (;;) {
		want = es_wish();
		if (want != PM_SUSPEND_ON && !READ_ONCE(es_suspended)) {
			suspend_block_activate(&es_block);
			mutex_lock(&es_lock);
			es_pass(true);
			mutex_unlock(&es_lock);
			/*
			 * An "on" that came during the pass: do not start a
			 * suspend only to stop it; the next round resumes.
			 */
			want = es_wish();
			if (want != PM_SUSPEND_ON)
				es_set_autosleep(want);
			es_main_release();
			suspend_block_deactivate(&es_block);
		} else if (want == PM_SUSPEND_ON && READ_ONCE(es_suspended) &&
			   !READ_ONCE(es_by_suspend)) {
			suspend_block_activate(&es_block);
			es_set_autosleep(PM_SUSPEND_ON);
			mutex_lock(&es_lock);
			/* The end of a suspend that ran the pass resumes. */
			if (!es_by_suspend)
				es_pass(false);
			mutex_unlock(&es_lock);
			suspend_block_deactivate(&es_block);
		} else if (es_autosleep_target(want) !=
			   early_suspend_autosleep_state()) {
			/*
			 * Asleep already and another sleep state wanted, or
			 * autosleep changed behind our back (a write to
			 * /sys/power/autosleep): autosleep's own state, not
			 * what was handed to it last, says what to do.
			 */
			es_set_autosleep(want);
			if (early_suspend_autosleep_state() !=
			    es_autosleep_target(want))
				break;
		} else {
			break;
		}
	}
	/*
	 * A sleep wish whose pass had run already ("on" then a sleep state
	 * again before this work saw the "on") runs no pass: release "main"
	 * here too.
	 */
	es_main_release();
}

/**
 * early_suspend_before_suspend - Run the early-suspend pass for a suspend.
 *
 * Called by the suspend's first PM notifier, before the suspend is in
 * progress (activations by the hooks are not wakeups of it).  Runs the pass
 * if it is not in effect; the suspend's end then runs the late-resume pass.
 *
 * Context: Process context, the task that suspends.
 */
void early_suspend_before_suspend(void)
{
	mutex_lock(&es_lock);
	if (!es_suspended) {
		es_pass(true);
		WRITE_ONCE(es_by_suspend, true);
	}
	mutex_unlock(&es_lock);
}

/**
 * early_suspend_after_suspend - Run the late-resume pass after a suspend.
 *
 * Called once the suspend has ended (resumed, aborted or vetoed; after
 * its last PM notifier, or after its first on a veto): runs the
 * late-resume pass if early_suspend_before_suspend() ran the early-suspend
 * one and "on" is still the state requested; a sleep state requested
 * meanwhile keeps the pass in effect, as if that request had run it.
 *
 * Context: Process context, the task that suspended.
 */
void early_suspend_after_suspend(void)
{
	bool kept;

	mutex_lock(&es_lock);
	kept = es_by_suspend && get_suspend_state() != PM_SUSPEND_ON;
	if (es_by_suspend && !kept)
		es_pass(false);
	WRITE_ONCE(es_by_suspend, false);
	mutex_unlock(&es_lock);
	/*
	 * A kept pass is the requests' from now on.  The work item may have
	 * looked at it while the suspend still owned it (an "on" after the
	 * wish read above) and left it: let it decide again.
	 */
	if (kept)
		queue_work(es_wq, &es_work);
}

/* suspend_state_t is __bitwise: index pm_states[] through this. */
static inline int es_idx(suspend_state_t state)
{
	return (__force int)state;
}

/* A state request_suspend_state() takes: "on" or one /sys/power/state takes. */
static bool es_state_valid(suspend_state_t state)
{
	int i = es_idx(state);

	if (state == PM_SUSPEND_ON)
		return true;
	if (i >= es_idx(PM_SUSPEND_MIN) && i < es_idx(PM_SUSPEND_MAX))
		return pm_states[i];
	return IS_ENABLED(CONFIG_HIBERNATION) && state == PM_SUSPEND_MAX &&
	       hibernation_available();
}

/**
 * request_suspend_state - Ask for a sleep state, or for "on".
 * @state: PM_SUSPEND_ON, a suspend state /sys/power/state offers, or
 *	PM_SUSPEND_MAX for hibernation where it is available.
 *
 * Does not wait.  A sleep state runs the early-suspend pass (if it has not
 * run) and then lets autosleep enter @state whenever no suspend-block
 * request is active; PM_SUSPEND_ON stops autosleep and runs the
 * late-resume pass.  Requests made while a pass runs are applied after it,
 * coalesced: only the last one counts.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL (and nothing changes) for a state not available.
 */
int request_suspend_state(suspend_state_t state)
{
	unsigned long flags;

	if (!es_state_valid(state))
		return -EINVAL;
	raw_spin_lock_irqsave(&es_request_lock, flags);
	es_requested = state;
	if (state == PM_SUSPEND_ON && es_main_used)
		suspend_block_activate(&es_main);
	raw_spin_unlock_irqrestore(&es_request_lock, flags);
	queue_work(es_wq, &es_work);
	return 0;
}
EXPORT_SYMBOL_GPL(request_suspend_state);

/**
 * get_suspend_state - The state last requested.
 *
 * Context: Any context.
 * Return: the state given to the last successful request_suspend_state()
 * (PM_SUSPEND_ON at boot), whether or not its passes have run yet.
 */
suspend_state_t get_suspend_state(void)
{
	unsigned long flags;
	suspend_state_t state;

	raw_spin_lock_irqsave(&es_request_lock, flags);
	state = es_requested;
	raw_spin_unlock_irqrestore(&es_request_lock, flags);
	return state;
}
EXPORT_SYMBOL_GPL(get_suspend_state);

/*
 * Resume-chain priorities.  A notifier chain runs higher priorities first
 * and equal ones in registration order, so a handler's resume block gets
 * level * ES_SEQ_LIMIT plus a 16-bit registration number: descending
 * levels, the latest registered first within one.  Levels are clamped to
 * 16 bits too, so the priority fits an int.
 */
#define ES_SEQ_LIMIT	65536

static_assert((s64)EARLY_SUSPEND_LEVEL_MIN * ES_SEQ_LIMIT >= INT_MIN);
static_assert((s64)EARLY_SUSPEND_LEVEL_MAX * ES_SEQ_LIMIT +
	      ES_SEQ_LIMIT - 1 <= INT_MAX);

/* The block a chain's head or a block's next points to, under es_lock. */
static struct notifier_block *es_chain_next(struct notifier_block __rcu **link)
{
	return rcu_dereference_protected(*link, lockdep_is_held(&es_lock));
}

static int es_level(const struct early_suspend *handler)
{
	return clamp(handler->level, EARLY_SUSPEND_LEVEL_MIN,
		     EARLY_SUSPEND_LEVEL_MAX);
}

static int es_resume_priority(int level, unsigned int seq)
{
	if (WARN_ON_ONCE(seq >= ES_SEQ_LIMIT))
		seq = ES_SEQ_LIMIT - 1;
	return level * ES_SEQ_LIMIT + (int)seq;
}

/* The level a resume priority encodes: its quotient, rounded down. */
static int es_priority_level(int priority)
{
	return (priority - (int)((unsigned int)priority % ES_SEQ_LIMIT)) /
	       ES_SEQ_LIMIT;
}

/*
 * The next registration number, with es_lock held.  When the numbers run
 * out, the handlers on the resume chain are renumbered from the end of
 * the chain (first in chain order gets the highest), each keeping the level
 * its priority encodes, which keeps their order, and numbering goes on
 * from their count.  Only more than
 * ES_SEQ_LIMIT handlers registered at once would tie a new one with an
 * older one (and warn).
 */
static unsigned int es_resume_seq(void)
{
	struct notifier_block *p, *head;
	unsigned int n = 0;

	lockdep_assert_held(&es_lock);
	if (es_seq < ES_SEQ_LIMIT)
		return es_seq++;
	head = es_chain_next(&es_resume_chain.head);
	for (p = head; p; p = es_chain_next(&p->next))
		n++;
	es_seq = n;
	/* Walkers of the chain (the passes) hold es_lock: none runs now. */
	for (p = head; p; p = es_chain_next(&p->next))
		p->priority = es_resume_priority(es_priority_level(p->priority),
						 --n);
	return es_seq++;
}

/* Whether @nb is on @chain: es_lock is held around every change to them. */
static bool es_on_chain(struct blocking_notifier_head *chain,
			struct notifier_block *nb)
{
	struct notifier_block *p;

	lockdep_assert_held(&es_lock);
	for (p = es_chain_next(&chain->head); p; p = es_chain_next(&p->next))
		if (p == nb)
			return true;
	return false;
}

/**
 * register_early_suspend - Add an early-suspend handler.
 * @handler: Handler with its level and hooks set; either hook may be NULL.
 *
 * Waits for a pass in progress.  If the early-suspend pass is in effect,
 * the handler's suspend hook runs at once, so the late-resume pass will
 * call its resume hook like the others'.  Registering a handler that is
 * registered already warns and changes nothing.
 *
 * Context: Process context; not from a hook.
 */
void register_early_suspend(struct early_suspend *handler)
{
	int level = es_level(handler);

	WARN(level != handler->level, "%ps: level %d out of range\n",
	     handler->suspend, handler->level);

	mutex_lock(&es_lock);
	/*
	 * Twice (a probe retry that registers again): re-initialising the
	 * notifier blocks in place would change the priority of a block
	 * already on a chain, and the chain's registration would then link
	 * it a second time, into a loop.
	 */
	if (WARN(es_on_chain(&es_suspend_chain, &handler->suspend_nb),
		 "%ps: early-suspend handler registered twice\n",
		 handler->suspend)) {
		mutex_unlock(&es_lock);
		return;
	}
	handler->suspended = false;
	handler->warned = false;
	handler->suspend_nb.notifier_call = es_suspend_one;
	handler->suspend_nb.priority = -level;
	handler->resume_nb.notifier_call = es_resume_one;
	handler->resume_nb.priority = es_resume_priority(level,
							 es_resume_seq());
	blocking_notifier_chain_register(&es_suspend_chain,
					 &handler->suspend_nb);
	blocking_notifier_chain_register(&es_resume_chain,
					 &handler->resume_nb);
	if (es_suspended)
		es_suspend_one(&handler->suspend_nb, true, NULL);
	mutex_unlock(&es_lock);
}
EXPORT_SYMBOL_GPL(register_early_suspend);

/**
 * unregister_early_suspend - Remove an early-suspend handler.
 * @handler: Handler added by register_early_suspend().
 *
 * Waits for a pass in progress; once it returns no hook of @handler runs
 * any more, and @handler may be freed.  A handler removed while suspended
 * is not resumed (as on Android).
 *
 * Context: Process context; not from a hook.
 */
void unregister_early_suspend(struct early_suspend *handler)
{
	mutex_lock(&es_lock);
	blocking_notifier_chain_unregister(&es_suspend_chain,
					   &handler->suspend_nb);
	blocking_notifier_chain_unregister(&es_resume_chain,
					   &handler->resume_nb);
	mutex_unlock(&es_lock);
}
EXPORT_SYMBOL_GPL(unregister_early_suspend);

/* "on", or the name /sys/power/state uses for @state ("disk" for MAX). */
static const char *es_state_name(suspend_state_t state)
{
	int i = es_idx(state);

	if (state == PM_SUSPEND_ON)
		return "on";
	if (i >= es_idx(PM_SUSPEND_MIN) && i < es_idx(PM_SUSPEND_MAX) &&
	    pm_states[i])
		return pm_states[i];
	return "disk";
}

static ssize_t request_state_show(struct kobject *kobj,
				  struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", es_state_name(get_suspend_state()));
}

/**
 * early_suspend_parse_state - Parse a state name as request_state takes it.
 * @buf: "on", or a name /sys/power/state lists; trailing newline ignored.
 * @with_disk: Whether "disk" (hibernation, PM_SUSPEND_MAX) counts.
 * @state: Where the state goes.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL (and @state untouched) for any other text.
 */
int early_suspend_parse_state(const char *buf, bool with_disk,
			      suspend_state_t *state)
{
	int i;

	if (sysfs_streq(buf, "on")) {
		*state = PM_SUSPEND_ON;
		return 0;
	}
	if (with_disk && sysfs_streq(buf, "disk")) {
		*state = PM_SUSPEND_MAX;
		return 0;
	}
	for (i = es_idx(PM_SUSPEND_MIN); i < es_idx(PM_SUSPEND_MAX); i++) {
		if (pm_states[i] && sysfs_streq(buf, pm_states[i])) {
			*state = (__force suspend_state_t)i;
			return 0;
		}
	}
	return -EINVAL;
}

static ssize_t request_state_store(struct kobject *kobj,
				   struct kobj_attribute *attr,
				   const char *buf, size_t n)
{
	suspend_state_t state;

	return early_suspend_parse_state(buf, true, &state) ?:
	       request_suspend_state(state) ?: n;
}

static struct kobj_attribute request_state_attr = __ATTR_RW(request_state);

/*
 * /sys/kernel/debug/pm_qos/earlysuspend: the state, the last passes, and each
 * handler in suspend order with its hooks and their last durations (ns).
 */
static int es_debugfs_show(struct seq_file *m, void *unused)
{
	struct notifier_block *nb;
	struct early_suspend *h;

	mutex_lock(&es_lock);
	seq_printf(m, "requested: %s\n", es_state_name(get_suspend_state()));
	seq_printf(m, "suspended: %d\n", es_suspended);
	seq_printf(m, "autosleep: %s\n",
		   es_state_name(early_suspend_autosleep_state()));
	seq_printf(m, "suspend passes: %lu, last %llu ns\n", es_passes[1],
		   es_pass_ns[1]);
	seq_printf(m, "resume passes: %lu, last %llu ns\n", es_passes[0],
		   es_pass_ns[0]);
	seq_puts(m, "level\tsuspended\tlast_suspend_ns\tlast_resume_ns\tsuspend\tresume\n");
	for (nb = rcu_dereference_protected(es_suspend_chain.head,
					    lockdep_is_held(&es_lock));
	     nb; nb = rcu_dereference_protected(nb->next,
						lockdep_is_held(&es_lock))) {
		h = container_of(nb, struct early_suspend, suspend_nb);
		seq_printf(m, "%d\t%d\t%llu\t%llu\t%ps\t%ps\n", h->level,
			   h->suspended, h->last_suspend_ns, h->last_resume_ns,
			   h->suspend, h->resume);
	}
	mutex_unlock(&es_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(es_debugfs);

/* Early, so drivers may register and request from their initcalls. */
static int __init early_suspend_init(void)
{
	es_wq = alloc_ordered_workqueue("early_suspend", 0);
	if (!es_wq)
		return -ENOMEM;
	suspend_block_add_request(&es_block, "early_suspend");
	return 0;
}
core_initcall(early_suspend_init);

/* After power_kobj and debugfs exist. */
static int __init early_suspend_files_init(void)
{
	debugfs_create_file("earlysuspend", 0444, pm_qos_debugfs_dir(), NULL,
			    &es_debugfs_fops);
	return sysfs_create_file(power_kobj, &request_state_attr.attr);
}
late_initcall(early_suspend_files_init);
