/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pm_qos power-level class: limits on the deepest idle state.
 *
 * A request carries a power level, the deepest cpuidle state index that may
 * be entered while the request is active ("no state deeper than L while I
 * need my interrupt").  The class's limit is the minimum over active
 * requests, POWER_LEVEL_ANY with none.  cpuidle honours it whatever
 * the governor, and so does suspend-to-idle, which mainline lets pick the
 * deepest state regardless of cpu_latency_qos.
 *
 * Add, update and remove are O(1) (per-level counts and a bitmap of the
 * levels in use), and an untimed update takes no lock; reading the limit is
 * one lockless load.  All may be called from any context, hard IRQ
 * included.
 */
#ifndef _LINUX_PM_QOS_POWER_LEVEL_H
#define _LINUX_PM_QOS_POWER_LEVEL_H

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/compiler.h>
#include <linux/jump_label.h>
#include <linux/list.h>
#include <linux/notifier.h>
#include <linux/percpu.h>
#include <linux/timer.h>
#include <linux/types.h>

/* No constraint: a request at this level is inactive. */
#define POWER_LEVEL_ANY		S32_MAX
/* Levels 0 .. POWER_LEVEL_COUNT - 1 (cpuidle's state indices). */
#define POWER_LEVEL_COUNT	10

/*
 * The published word's low bits: one per level with an active request
 * (see power_level_limit()); the bits above count its versions.
 */
#define POWER_LEVEL_USED_MASK	GENMASK_ULL(POWER_LEVEL_COUNT - 1, 0)

/**
 * struct power_level_stats - statistics of one power-level request
 * @active_count: activations (POWER_LEVEL_ANY -> a level)
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
 * @state: level (or inactive, or removed), timed bit, and the start of the
 *	active interval or, when inactive, the end of the last one: changed
 *	only by compare-and-exchange (see qos_power_level.c)
 * @expires: jiffies of the deadline while the state is timed; written
 *	under the class's lock
 * @active_count: activations (POWER_LEVEL_ANY -> a level)
 * @expire_count: deactivations done by a timeout
 * @total_time: nanoseconds spent active, closed intervals
 * @max_time: longest closed active interval, ns
 * @moved_at: local_clock() at the last move between two levels, ns
 * @timer: ends timed activations
 * @node: entry in the registry of requests (read-outs only), under the
 *	class's lock
 * @name: for statistics and tracing; owned by the caller
 *
 * Read it with power_level_snapshot().
 */
struct power_level_request {
	atomic64_t state;
	unsigned long expires;
	atomic64_t active_count;
	atomic64_t expire_count;
	atomic64_t total_time;
	atomic64_t max_time;
	atomic64_t moved_at;
	struct timer_list timer;
	struct list_head node;
	const char *name;
};

/**
 * struct power_level_snapshot - a request as power_level_snapshot() read it
 * @level: deepest idle-state index allowed, POWER_LEVEL_ANY when
 *	inactive
 * @timed: active with a deadline, at @expires
 * @overdue: timed and the deadline has passed (the timer is about to run)
 * @removed: removed and not added again
 * @expires: jiffies of the deadline, valid when @timed
 * @open: ns the current active interval has lasted, 0 when inactive
 * @stats: statistics of the closed intervals
 */
struct power_level_snapshot {
	s32 level;
	bool timed;
	bool overdue;
	bool removed;
	unsigned long expires;
	u64 open;
	struct power_level_stats stats;
};

struct cpuidle_driver;
struct cpuidle_device;

#ifdef CONFIG_PM_QOS_POWER_LEVEL

extern atomic64_t power_level_published;

void power_level_add_request(struct power_level_request *req,
			     const char *name, s32 level);
int power_level_update_request(struct power_level_request *req, s32 level);
int power_level_update_request_timeout(struct power_level_request *req,
				       s32 level, unsigned long timeout);
void power_level_remove_request(struct power_level_request *req);
void power_level_snapshot(struct power_level_request *req, u64 now,
			  struct power_level_snapshot *snap);
bool power_level_request_active(struct power_level_request *req);
unsigned long power_level_longest_remaining(s32 level);
int power_level_deepest_allowed(struct cpuidle_driver *drv,
				struct cpuidle_device *dev, int index);
int power_level_select_allowed(struct cpuidle_driver *drv,
			       struct cpuidle_device *dev, int index,
			       bool *stop_tick);

/*
 * Off until the first request is added, then on for good: until then the
 * idle path runs mainline's instructions (a no-op jump in their place).
 */
DECLARE_STATIC_KEY_FALSE(power_level_used);

static_assert(POWER_LEVEL_COUNT <= 32);

/*
 * The level bits of the published word, read with one plain load.  They
 * are all in its low 32 bits, and the word only ever changes whole (one
 * 64-bit exchange), so on a 32-bit kernel a load of that half reads them
 * whole too: atomic64_read() there is a locked cmpxchg8b on x86, a write
 * of the shared line on every idle entry, or a hashed spinlock with
 * GENERIC_ATOMIC64.  The idle path orders the load itself (smp_mb() in
 * power_level_enter_state()).
 */
static __always_inline u32 power_level_used_levels(void)
{
#if BITS_PER_LONG == 64
	return (u64)atomic64_read(&power_level_published) &
	       POWER_LEVEL_USED_MASK;
#else
	const u32 *half = (const u32 *)&power_level_published.counter;

	return READ_ONCE(half[IS_ENABLED(CONFIG_CPU_BIG_ENDIAN)]) &
	       (u32)POWER_LEVEL_USED_MASK;
#endif
}

/* The limit that level bits @used stand for: their first, or none. */
static __always_inline s32 power_level_limit_of(u32 used)
{
	return used ? (s32)__ffs(used) : POWER_LEVEL_ANY;
}

/**
 * power_level_limit - The deepest idle-state index allowed now.
 *
 * Context: Any context; one lockless load, for the idle path.
 * Return: the minimum level over active requests (the first level with a
 * bit in the published word), or POWER_LEVEL_ANY when none is active.
 * From the return of an update that puts a request at a level
 * until the next update of that request, the limit is at most that level.
 */
static inline s32 power_level_limit(void)
{
	return power_level_limit_of(power_level_used_levels());
}

/**
 * power_level_idle_limit - The limit for a CPU choosing its idle state.
 * @s2idle: the CPU is in the suspend-to-idle loop (it saw s2idle_state
 *	at S2IDLE_STATE_ENTER).
 *
 * In the loop, the CPU records no state (power_level_enter_state() is not
 * on that path), so an update that tightens the limit wakes every idle CPU
 * if it sees the loop in progress: a full barrier here, between the CPU's
 * read of s2idle_state and its read of the limit, pairs with the fully
 * ordered exchange that publishes the limit before pl_wake_deeper() reads
 * s2idle_state.  Either this CPU sees the new limit or the update sees the
 * loop and wakes it.
 *
 * Context: The idle path, interrupts off.
 * Return: as power_level_limit().
 */
static inline s32 power_level_idle_limit(bool s2idle)
{
	if (s2idle && static_branch_unlikely(&power_level_used))
		smp_mb(); /* s2idle_state before the limit; see above */
	return power_level_limit();
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
	if (!static_branch_unlikely(&power_level_used) ||
	    likely(index <= power_level_limit()))
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
	if (!static_branch_unlikely(&power_level_used) ||
	    likely(index <= power_level_limit()))
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
 * than it.  The barrier pairs with the exchange that publishes a new limit:
 * either this CPU sees the new limit here and clamps, or the updater sees
 * the recorded state and wakes this CPU.
 *
 * Context: The idle path, interrupts off.
 * Return: @index, clamped to the limit read after recording it.
 */
static inline int power_level_enter_state(struct cpuidle_driver *drv,
					  struct cpuidle_device *dev, int index)
{
	if (!static_branch_unlikely(&power_level_used))
		return index;
	raw_cpu_write(power_level_idle_state, index);
	/* Pairs with the publishing exchange, see above. */
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

static inline void power_level_snapshot(struct power_level_request *req,
					u64 now,
					struct power_level_snapshot *snap)
{
	*snap = (struct power_level_snapshot) {
		.level = POWER_LEVEL_ANY,
	};
}

static inline bool
power_level_request_active(struct power_level_request *req)
{
	return false;
}

static inline unsigned long power_level_longest_remaining(s32 level)
{
	return 0;
}

static inline s32 power_level_limit(void)
{
	return POWER_LEVEL_ANY;
}

static inline s32 power_level_idle_limit(bool s2idle)
{
	return POWER_LEVEL_ANY;
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
