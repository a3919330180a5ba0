// SPDX-License-Identifier: GPL-2.0
/*
 * The built-in side of the pm_qos torture test (qos_torture.c, usually a
 * module): the delay the classes' race windows call while a run goes on,
 * and the few internals the test checks its runs against, exported to the
 * PM_QOS_TORTURE namespace only.  Built only with the torture test.
 */

#include <linux/delay.h>
#include <linux/device.h>
#include <linux/export.h>
#include <linux/jump_label.h>
#include <linux/minmax.h>
#include <linux/percpu.h>
#include <linux/prandom.h>
#include <linux/pm_qos_power_level.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/random.h>
#include <linux/suspend.h>

#include "qos_power_level.h"
#include "qos_suspend_block.h"
#include "qos_torture.h"

DEFINE_STATIC_KEY_FALSE(pm_qos_torture_windows);

static unsigned int window_max_us;
static unsigned int window_ratio = 1;
static bool window_preemptible;
/*
 * Per CPU, each draw with interrupts off: the classes call the delay in
 * task context, under raw spinlocks and in hard IRQs, and an interrupt
 * drawing on its CPU's state in the middle of a task's draw would race
 * with it.
 */
static DEFINE_PER_CPU(struct rnd_state, window_rnd);

/**
 * pm_qos_torture_delay - Maybe wait a little in a race window.
 *
 * Context: Any context.  One passage in the ratio given to
 * pm_qos_torture_open_windows() waits up to its number of microseconds,
 * busy, so that a concurrent call may run into the half-made transition.
 */
void pm_qos_torture_delay(void)
{
	unsigned long flags;
	u32 r;

	local_irq_save(flags);
	r = prandom_u32_state(this_cpu_ptr(&window_rnd));
	local_irq_restore(flags);
	if (r % READ_ONCE(window_ratio))
		return;
	udelay((r >> 16) % (READ_ONCE(window_max_us) + 1));
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_delay, PM_QOS_TORTURE);

/**
 * pm_qos_torture_preempt_delay - A delay in a transition's preempt-off gap.
 *
 * Context: Any context.  As pm_qos_torture_delay(); when the windows were
 * opened preemptible, and the class's own preempt_disable() is the only
 * thing that keeps the calling task on its CPU, with preemption enabled
 * around the delay and a chance to be scheduled out: the class as it would
 * be without that preempt_disable().
 */
void pm_qos_torture_preempt_delay(void)
{
	if (!READ_ONCE(window_preemptible) || preempt_count() != 1 ||
	    irqs_disabled()) {
		pm_qos_torture_delay();
		return;
	}
	preempt_enable();
	pm_qos_torture_delay();
	cond_resched();
	preempt_disable();
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_preempt_delay, PM_QOS_TORTURE);

/**
 * pm_qos_torture_open_windows - Turn the classes' delay points on.
 * @max_us: longest delay, in microseconds (at most 1000).
 * @ratio: delay one passage of a window in this many (at least 1).
 * @preemptible: open the preempt-off gaps of the transitions to preemption
 *	(pm_qos_torture_preempt_delay()): for a busted torture type only.
 *
 * Context: Process context; sleeps.
 */
void pm_qos_torture_open_windows(unsigned int max_us, unsigned int ratio,
				 bool preemptible)
{
	int cpu;

	for_each_possible_cpu(cpu)
		prandom_seed_state(per_cpu_ptr(&window_rnd, cpu), get_random_u64());
	WRITE_ONCE(window_max_us, min(max_us, 1000U));
	WRITE_ONCE(window_ratio, max(ratio, 1U));
	WRITE_ONCE(window_preemptible, preemptible);
	static_branch_enable(&pm_qos_torture_windows);
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_open_windows, PM_QOS_TORTURE);

/**
 * pm_qos_torture_close_windows - Turn the classes' delay points off.
 *
 * Context: Process context; sleeps.
 */
void pm_qos_torture_close_windows(void)
{
	static_branch_disable(&pm_qos_torture_windows);
	WRITE_ONCE(window_preemptible, false);
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_close_windows, PM_QOS_TORTURE);

/**
 * pm_qos_torture_event_in_progress - Whether the PM core counts an event in
 * progress.
 *
 * Context: Any context.
 * Return: true if a wakeup_count handshake could not start now.
 */
bool pm_qos_torture_event_in_progress(void)
{
	unsigned int count;

	return !pm_get_wakeup_count(&count, false);
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_event_in_progress, PM_QOS_TORTURE);

/**
 * pm_qos_torture_s2idle_asleep - Whether a suspend sleeps in the s2idle loop.
 *
 * Context: Any context.
 * Return: true if a suspend under the wakeup_count handshake sits in the
 * suspend-to-idle loop now.
 */
bool pm_qos_torture_s2idle_asleep(void)
{
	return READ_ONCE(events_check_enabled) && idle_should_enter_s2idle();
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_s2idle_asleep, PM_QOS_TORTURE);

/**
 * pm_qos_torture_active_requests - Count the active suspend-block requests.
 * @aggregate: set to the class's count of active requests, read under the
 *	same lock.
 *
 * Once no call on any request is under way, the two are equal.
 *
 * Context: Any context.
 * Return: the number of added requests that are active.
 */
unsigned int pm_qos_torture_active_requests(unsigned int *aggregate)
{
	struct suspend_block_request *req;
	unsigned int active = 0;
	unsigned long flags;

	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	for (req = suspend_block_first(); req; req = suspend_block_next(req))
		active += suspend_block_request_active(req);
	*aggregate = suspend_block_active_count();
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return active;
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_active_requests, PM_QOS_TORTURE);

/**
 * pm_qos_torture_least_level - The least level of the power-level requests.
 * @limit: set to the class's limit, read under the same lock.
 *
 * Once no update of any request is under way, the two are equal.
 *
 * Context: Any context.
 * Return: the least active level, POWER_LEVEL_ANY if none is.
 */
s32 pm_qos_torture_least_level(s32 *limit)
{
	struct power_level_snapshot snap;
	struct power_level_request *req;
	s32 least = POWER_LEVEL_ANY;
	unsigned long flags;

	raw_spin_lock_irqsave(&power_level_lock, flags);
	for (req = power_level_first(); req; req = power_level_next(req)) {
		power_level_snapshot(req, 0, &snap);
		least = min(least, snap.level);
	}
	*limit = power_level_limit();
	raw_spin_unlock_irqrestore(&power_level_lock, flags);
	return least;
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_least_level, PM_QOS_TORTURE);

/**
 * pm_qos_torture_aggregate - The suspend-block class's aggregate.
 *
 * Context: Any context.
 * Return: the class's count of active requests.
 */
unsigned int pm_qos_torture_aggregate(void)
{
	return suspend_block_active_count();
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_aggregate, PM_QOS_TORTURE);

/**
 * pm_qos_torture_event_begin - Begin a PM core event, as the class does.
 *
 * Context: Any context.  For the test's broken copy of the aggregate:
 * pm_wakeup_event_begin().
 */
void pm_qos_torture_event_begin(void)
{
	pm_wakeup_event_begin();
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_event_begin, PM_QOS_TORTURE);

/**
 * pm_qos_torture_event_end - End a PM core event, as the class does.
 *
 * Context: Any context, preemption disabled.  For the test's broken copy
 * of the aggregate: pm_wakeup_event_end().
 */
void pm_qos_torture_event_end(void)
{
	pm_wakeup_event_end();
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_event_end, PM_QOS_TORTURE);

/**
 * pm_qos_torture_source_start - suspend_block_source_start(), untimed.
 * @req: a wakeup source's request.
 * @since: set to the start of the active interval.
 *
 * For the test's broken copy of a wakeup source.
 *
 * Context: Any context.
 * Return: as suspend_block_source_start().
 */
int pm_qos_torture_source_start(struct suspend_block_request *req, u64 *since)
{
	return suspend_block_source_start(req, 0, 0, since);
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_source_start, PM_QOS_TORTURE);

/**
 * pm_qos_torture_source_stop - suspend_block_source_stop(), plain.
 * @req: a wakeup source's request.
 * @since: set to the start of the active interval.
 * @end: set to its end.
 *
 * For the test's broken copy of a wakeup source.
 *
 * Context: Any context.
 * Return: as suspend_block_source_stop().
 */
int pm_qos_torture_source_stop(struct suspend_block_request *req, u64 *since,
			       u64 *end)
{
	return suspend_block_source_stop(req, 0, since, end);
}
EXPORT_SYMBOL_NS_GPL(pm_qos_torture_source_stop, PM_QOS_TORTURE);
