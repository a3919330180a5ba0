/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pm_qos power-level class: limits on the deepest idle state.
 *
 * A request carries a power level, the deepest cpuidle state index that may
 * be entered while the request is active ("no state deeper than L while I
 * need my interrupt").  The class's limit is the minimum over active
 * requests, PM_QOS_POWER_LEVEL_ANY with none.  cpuidle honours it whatever
 * the governor, and so does suspend-to-idle, which mainline lets pick the
 * deepest state regardless of cpu_latency_qos.
 *
 * Add, update and remove are O(1) (per-level counts and a bitmap of the
 * levels in use); reading the limit is one lockless load.  All may be called
 * from any context, hard IRQ included.
 */
#ifndef _LINUX_PM_QOS_POWER_LEVEL_H
#define _LINUX_PM_QOS_POWER_LEVEL_H

#include <linux/compiler.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <linux/notifier.h>
#include <linux/percpu.h>
#include <linux/timer.h>
#include <linux/types.h>

/* No constraint: a request at this level is inactive. */
#define PM_QOS_POWER_LEVEL_ANY		S32_MAX
/* Levels 0 .. PM_QOS_POWER_LEVEL_COUNT - 1 (cpuidle's state indices). */
#define PM_QOS_POWER_LEVEL_COUNT	10

/**
 * struct power_level_stats - statistics of one power-level request
 * @active_count: activations (PM_QOS_POWER_LEVEL_ANY -> a level)
 * @expire_count: deactivations done by a timeout
 * @total_time: nanoseconds spent active, closed intervals
 * @max_time: longest closed active interval, ns
 * @last_change: local_clock() at the last change of level, ns
 */
struct power_level_stats {
	u64 active_count;
	u64 expire_count;
	u64 total_time;
	u64 max_time;
	u64 last_change;
};

/**
 * struct power_level_request - a limit on the deepest idle state
 * @level: deepest idle-state index allowed, PM_QOS_POWER_LEVEL_ANY when
 *	the request is inactive
 * @timed: active, and @expires holds the deadline at which the request
 *	goes back to PM_QOS_POWER_LEVEL_ANY
 * @expires: jiffies of that deadline
 * @removed: removed and not added again; updates are refused
 * @active_since: local_clock() at the activation, valid while active
 * @stats: statistics, see struct power_level_stats
 * @timer: ends timed activations
 * @node: entry in the registry of requests (read-outs only)
 * @name: for statistics and tracing; owned by the caller
 *
 * All fields are protected by the class's lock; the registry, walked only
 * by read-outs, by the same lock.
 */
struct power_level_request {
	s32 level;
	bool timed;
	bool removed;
	unsigned long expires;
	u64 active_since;
	struct power_level_stats stats;
	struct timer_list timer;
	struct list_head node;
	const char *name;
};

struct cpuidle_driver;
struct cpuidle_device;

#ifdef CONFIG_PM_QOS_POWER_LEVEL

extern s32 power_level_qos_limit_value;

void power_level_add_request(struct power_level_request *req,
			     const char *name, s32 level);
int power_level_update_request(struct power_level_request *req, s32 level);
int power_level_update_request_timeout(struct power_level_request *req,
				       s32 level, unsigned long timeout);
void power_level_remove_request(struct power_level_request *req);
unsigned long power_level_longest_remaining(s32 level);
int power_level_add_notifier(struct notifier_block *nb);
int power_level_remove_notifier(struct notifier_block *nb);
int power_level_deepest_allowed(struct cpuidle_driver *drv,
				struct cpuidle_device *dev, int index);
int power_level_select_allowed(struct cpuidle_driver *drv,
			       struct cpuidle_device *dev, int index,
			       bool *stop_tick);

/*
 * Off until the first request is added, then on for good: until then the
 * idle path runs mainline's instructions (a no-op jump in their place).
 */
DECLARE_STATIC_KEY_FALSE(power_level_qos_used);

/**
 * power_level_qos_limit - The deepest idle-state index allowed now.
 *
 * Context: Any context; one lockless load, for the idle path.
 * Return: the minimum level over active requests, or
 * PM_QOS_POWER_LEVEL_ANY when none is active.
 */
static inline s32 power_level_qos_limit(void)
{
	return READ_ONCE(power_level_qos_limit_value);
}

/**
 * power_level_clamp_state - Apply the power-level limit to an idle state.
 * @drv: cpuidle driver of the CPU.
 * @dev: cpuidle device of the CPU.
 * @index: state index chosen (by a governor, or as the deepest state).
 *
 * Context: The idle path (interrupts off); any context.
 * Return: @index if the limit allows it, else the deepest enabled state
 * not deeper than the limit (0 at worst).
 */
static inline int power_level_clamp_state(struct cpuidle_driver *drv,
					  struct cpuidle_device *dev, int index)
{
	if (!static_branch_unlikely(&power_level_qos_used) ||
	    likely(index <= power_level_qos_limit()))
		return index;
	return power_level_deepest_allowed(drv, dev, index);
}

/**
 * power_level_clamp_select - Apply the limit to a governor's choice.
 * @drv: cpuidle driver of the CPU.
 * @dev: cpuidle device of the CPU.
 * @index: state index the governor chose.
 * @stop_tick: the governor's decision to stop the tick, for @index.
 *
 * As power_level_clamp_state(); when the clamp lands on a state too
 * shallow for the tick to be stopped (see power_level_select_allowed()),
 * also keeps the tick, as the governors do for a shallow choice of their
 * own.
 *
 * Context: The idle path (interrupts off).
 * Return: the state to enter.
 */
static inline int power_level_clamp_select(struct cpuidle_driver *drv,
					   struct cpuidle_device *dev,
					   int index, bool *stop_tick)
{
	if (!static_branch_unlikely(&power_level_qos_used) ||
	    likely(index <= power_level_qos_limit()))
		return index;
	return power_level_select_allowed(drv, dev, index, stop_tick);
}

DECLARE_PER_CPU(int, power_level_idle_state);

/**
 * power_level_enter_state - Record the idle state a CPU is about to enter.
 * @drv: cpuidle driver of the CPU.
 * @dev: cpuidle device of the CPU.
 * @index: state index about to be entered.
 *
 * A stricter limit wakes only the idle CPUs whose recorded state is deeper
 * than it.  The barrier pairs with the one after publishing a new limit:
 * either this CPU sees the new limit here and clamps, or the updater sees
 * the recorded state and wakes this CPU.
 *
 * Context: The idle path, interrupts off.
 * Return: @index, clamped to the limit read after recording it.
 */
static inline int power_level_enter_state(struct cpuidle_driver *drv,
					  struct cpuidle_device *dev, int index)
{
	if (!static_branch_unlikely(&power_level_qos_used))
		return index;
	raw_cpu_write(power_level_idle_state, index);
	/* Pairs with the barrier in pl_wake_deeper(), see above. */
	smp_mb();
	return power_level_clamp_state(drv, dev, index);
}

#else /* !CONFIG_PM_QOS_POWER_LEVEL */

static inline void power_level_add_request(struct power_level_request *req,
					   const char *name, s32 level) {}

static inline int power_level_update_request(struct power_level_request *req,
					     s32 level)
{
	return 0;
}

static inline int
power_level_update_request_timeout(struct power_level_request *req,
				   s32 level, unsigned long timeout)
{
	return 0;
}

static inline void
power_level_remove_request(struct power_level_request *req) {}

static inline unsigned long power_level_longest_remaining(s32 level)
{
	return 0;
}

static inline int power_level_add_notifier(struct notifier_block *nb)
{
	return 0;
}

static inline int power_level_remove_notifier(struct notifier_block *nb)
{
	return 0;
}

static inline s32 power_level_qos_limit(void)
{
	return PM_QOS_POWER_LEVEL_ANY;
}

static inline int power_level_clamp_state(struct cpuidle_driver *drv,
					  struct cpuidle_device *dev, int index)
{
	return index;
}

static inline int power_level_clamp_select(struct cpuidle_driver *drv,
					   struct cpuidle_device *dev,
					   int index, bool *stop_tick)
{
	return index;
}

static inline int power_level_enter_state(struct cpuidle_driver *drv,
					  struct cpuidle_device *dev, int index)
{
	return index;
}

#endif /* CONFIG_PM_QOS_POWER_LEVEL */

#endif /* _LINUX_PM_QOS_POWER_LEVEL_H */
