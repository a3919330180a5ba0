// SPDX-License-Identifier: GPL-2.0
/*
 * Whole suspend attempts, as the suspend-block class's users see them:
 * when one starts (and with how many requests active), whether it entered
 * the sleep state and how long it slept, and, when a suspend under the
 * wakeup_count handshake aborts, which requests made it abort.  Tracepoints
 * suspend_start, suspend_end and suspend_aborted.
 *
 * It records each attempt for /sys/kernel/wakeup_reasons
 * (wakeup_reasons.c): its times, the interrupt that woke the system, and
 * the requests that made it abort.
 *
 * It also tells the class when an attempt is in progress (the SUSPENDING
 * bit of its rare-conditions word), so that activations then count as
 * wakeups in the requests' statistics.
 */

#include <linux/atomic.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/notifier.h>
#include <linux/pid.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <linux/timekeeping.h>
#include <linux/workqueue.h>
#include <trace/events/power.h>
#include <trace/events/suspend_qos.h>

#include "earlysuspend_internal.h"
#include "qos_suspend_block.h"
#include "wakeup_reasons.h"

/*
 * The current suspend attempt, for its tracepoints: the boottime offset
 * when it began (time asleep shows as its growth), whether every PREPARE
 * notifier passed, and whether it reached the step that enters the sleep
 * state.  Written only by the suspending task.
 */
static ktime_t sa_offset;
static bool sa_prepared;
static bool sa_entered;

/*
 * The abort report.  The PM core looks for pending wakeups in any context,
 * s2idle_enter() under its s2idle_lock with interrupts off included.  A
 * walk of the registry there would nest the registry lock (and so, through
 * the read-outs, every request's timer_lock) inside s2idle_lock, which
 * activations take through pm_system_wakeup(): a cycle.  It would also
 * keep interrupts off for as long as the registry is long.  So the check
 * only records the abort, and a work item names the requests, walking the
 * registry in batches in process context.  It names those active when the
 * suspend aborted or since (their last change is later): a request that
 * made the suspend abort and was released at once is still named.
 */
static atomic_t sa_abort_active;	/* requests active at the abort, + 1 */
static u64 sa_abort_at;			/* qos_mono_ns() of the abort */
static u64 sa_abort_hi;			/* ... without the tick of skew */
static void sa_report_fn(struct work_struct *work);
static DECLARE_WORK(sa_report_work, sa_report_fn);

static void sa_report_fn(struct work_struct *work)
{
	struct suspend_block_stats st;
	struct suspend_block_walk w;
	struct suspend_block_request *req;
	char names[128], owners[64], reason[256], last[64];
	size_t len = 0, olen = 0, rlen = 0;
	/* Fully ordered: pairs with the release in the report, times last. */
	unsigned int active = atomic_xchg(&sa_abort_active, 0);
	u64 at = READ_ONCE(sa_abort_at), hi = READ_ONCE(sa_abort_hi);
	u64 last_at = 0;

	if (!active--)
		return;
	names[0] = '\0';
	owners[0] = '\0';
	reason[0] = '\0';
	last[0] = '\0';
	suspend_block_walk_start(&w);
	while ((req = suspend_block_walk_next(&w))) {
		suspend_block_get_stats(req, &st);
		/*
		 * Nothing active at the abort: the one that ended last
		 * before it (a later change is not what made it abort).
		 */
		if (!active) {
			if (st.last_change <= hi && st.last_change >= last_at &&
			    !suspend_block_request_active(req)) {
				last_at = st.last_change;
				strscpy(last, req->name, sizeof(last));
			}
			continue;
		}
		if (!suspend_block_request_active(req) && st.last_change < at)
			continue;
		/* wakeup_reasons: as many whole names as fit, ACK's way. */
		if (!rlen)
			rlen = scnprintf(reason, sizeof(reason),
					 "Pending Wakeup Sources: ");
		if (rlen + strlen(req->name) + 1 < sizeof(reason))
			rlen += scnprintf(reason + rlen, sizeof(reason) - rlen,
					  "%s ", req->name);
		if (len >= sizeof(names) - 1)
			continue;	/* trace list full, reason not yet */
		if (len + strlen(req->name) + 4 >= sizeof(names) ||
		    olen + 12 >= sizeof(owners)) {
			strscpy(names + len, len ? ",..." : "...",
				sizeof(names) - len);
			len = sizeof(names) - 1;
			continue;
		}
		len += scnprintf(names + len, sizeof(names) - len, "%s%s",
				 len ? "," : "", req->name);
		/* The owner's pid (initial namespace), 0 for the kernel. */
		olen += scnprintf(owners + olen, sizeof(owners) - olen, "%s%d",
				  olen ? "," : "",
				  req->owner ? pid_nr(req->owner->pid) : 0);
	}
	suspend_block_walk_end(&w);
	if (!active) {
		/*
		 * An event registered since the handshake (a request that
		 * ended just before the check, a timeout expiring meanwhile):
		 * ACK's "last active" wakeup source.
		 */
		if (last[0]) {
			snprintf(reason, sizeof(reason),
				 "Last active Wakeup Source: %s", last);
			wakeup_reasons_abort_text(reason);
		}
		trace_suspend_aborted(0, last, "");
		pm_pr_dbg("suspend aborted, last active request: %s\n", last);
		return;
	}
	wakeup_reasons_abort_text(reason);
	trace_suspend_aborted(active, names, owners);
	pm_pr_dbg("suspend blocked by %u request(s): %s\n", active, names);
}

/**
 * suspend_block_report_abort - Say which requests made a suspend abort.
 *
 * Context: Any context, hard IRQ and the PM core's s2idle_lock included:
 * this call is O(1) and takes only wakeup_reasons' leaf raw spinlock
 * (which marks the abort the attempt's reason at once, so that the
 * reasons the PM core logs after it, the freezer's or a device's, do not
 * take its place).  Called by the PM core when a
 * suspend (or the freezing of tasks) under the wakeup_count handshake
 * finds a wakeup event pending and aborts.  The suspend-block requests
 * active then are named in /sys/kernel/wakeup_reasons/last_resume_reason,
 * and their number and the first names go to the suspend_aborted
 * tracepoint and, with pm_debug_messages, to the kernel log; if none is
 * (the event that made the suspend abort ended before the check), the
 * request whose interval ended last is named instead.  A work item
 * reports them, and the end of the suspend attempt waits for it, so the
 * report comes before the suspend_end event.
 *
 * Return: true if suspend-block requests are active.
 */
bool suspend_block_report_abort(void)
{
	/*
	 * The time first, less a tick for the skew between CPUs' clocks: a
	 * request active when the count is read ends no earlier, so the
	 * work names it even if it ends before the work runs.
	 */
	u64 hi = qos_mono_ns(), at = max_t(u64, hi, TICK_NSEC) - TICK_NSEC;
	unsigned int active = suspend_block_active_count();

	wakeup_reasons_abort_event();
	WRITE_ONCE(sa_abort_at, at);
	WRITE_ONCE(sa_abort_hi, hi);
	/*
	 * The time before the count: a work already running that takes
	 * this count (its atomic_xchg() is a full barrier) reads this time.
	 */
	atomic_set_release(&sa_abort_active, active + 1);
	/*
	 * Both stores before the work's reads, even when it is pending
	 * already: queue_work() documents its ordering only when it
	 * queues the work.
	 */
	smp_mb();
	queue_work(system_highpri_wq, &sa_report_work);
	return active;
}

/*
 * A suspend is "in progress" from the first PM notifier called before it to
 * the last one called after it, so activations made by other notifiers on
 * either side count as wakeups: one notifier block first in the chain sets
 * the flag, another last in the chain clears it.  When a PREPARE notifier
 * vetoes, the PM core sends POST only to the notifiers before it, so the
 * last block never hears of the attempt: then the first one ends it.
 */
static void sa_end(void)
{
	ktime_t asleep;

	/* An abort's report first (suspend_block_report_abort()). */
	flush_work(&sa_report_work);
	wakeup_reasons_end();
	clear_bit(SB_RARE_SUSPENDING, &suspend_block_rare);
	clear_bit(SB_RARE_HANDSHAKE, &suspend_block_rare);
	/* Time spent asleep shows as boottime running ahead. */
	asleep = ktime_sub(ktime_mono_to_any(0, TK_OFFS_BOOT),
			   sa_offset);
	trace_suspend_end(sa_entered,
			  max_t(s64, ktime_to_ns(asleep), 0));
	sa_prepared = false;
	/* Once the suspend is over: resume hooks' activations are not its. */
	early_suspend_after_suspend();
}

static int sa_pm_begin(struct notifier_block *nb, unsigned long action,
		       void *data)
{
	switch (action) {
	case PM_SUSPEND_PREPARE:
		/* Its hooks' activations are not wakeups of this suspend. */
		early_suspend_before_suspend();
		fallthrough;
	case PM_HIBERNATION_PREPARE:
		wakeup_reasons_begin();
		/*
		 * Whether user space (or autosleep) armed the wakeup_count
		 * handshake for this suspend, before it wrote the state: a
		 * check that finds an event pending disarms it, and on ACPI
		 * the s2idle loop may go on sleeping after such a check (an
		 * SCI that proved spurious), so activations must not read
		 * events_check_enabled to know whether to wake the loop.  Set
		 * before SUSPENDING, in the same word: a reader that sees
		 * SUSPENDING sees it too.
		 */
		if (READ_ONCE(events_check_enabled))
			set_bit(SB_RARE_HANDSHAKE, &suspend_block_rare);
		set_bit(SB_RARE_SUSPENDING, &suspend_block_rare);
		/*
		 * The bits before the suspend's later checks of the count of
		 * events: pairs with the fully ordered exchange of the
		 * aggregate in sb_count_up() before sb_wake_suspend() reads
		 * the word (store buffering: either the activation sees the
		 * suspend in progress and wakes it, or the suspend's check
		 * sees the event).  The two sides write different words; the
		 * event the check reads is the one the 0 -> 1 caller began
		 * (pm_wakeup_event_begin()) before its exchange, and any
		 * later activation's exchange is ordered after that one.
		 */
		smp_mb__after_atomic();
		sa_offset = ktime_mono_to_any(0, TK_OFFS_BOOT);
		sa_entered = false;
		sa_prepared = false;
		trace_suspend_start(suspend_block_active_count());
		break;
	case PM_POST_SUSPEND:
	case PM_POST_HIBERNATION:
		if (!sa_prepared)	/* vetoed in PREPARE */
			sa_end();
		break;
	}
	return NOTIFY_DONE;
}

static int sa_pm_end(struct notifier_block *nb, unsigned long action,
		     void *data)
{
	switch (action) {
	case PM_SUSPEND_PREPARE:
	case PM_HIBERNATION_PREPARE:
		sa_prepared = true;	/* nobody vetoed */
		break;
	case PM_POST_SUSPEND:
	case PM_POST_HIBERNATION:
		sa_end();
		break;
	}
	return NOTIFY_DONE;
}

static struct notifier_block sa_pm_begin_nb = {
	.notifier_call = sa_pm_begin,
	.priority = INT_MAX,
};

static struct notifier_block sa_pm_end_nb = {
	.notifier_call = sa_pm_end,
	.priority = INT_MIN,
};

/*
 * The PM core's own "machine_suspend" event marks the step that enters the
 * sleep state, for S3 (after the syscore step and the last wakeup check,
 * so an abort by pm_system_wakeup() there never gets this far) and for
 * each entry of the s2idle loop alike.
 */
static void sa_probe_suspend_resume(void *data, const char *action, int val,
				    bool start)
{
	if (start && !strcmp(action, "machine_suspend"))
		sa_entered = true;
}

static int __init suspend_attempt_init(void)
{
	int ret = register_pm_notifier(&sa_pm_begin_nb);

	if (IS_ENABLED(CONFIG_TRACEPOINTS))
		WARN_ON(register_trace_suspend_resume(sa_probe_suspend_resume,
						      NULL));
	return ret ? ret : register_pm_notifier(&sa_pm_end_nb);
}
core_initcall(suspend_attempt_init);
