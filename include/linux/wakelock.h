/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Android's wake_lock API, kept for drivers written against it.
 *
 * A wake lock is a thin wrapper around a pm_qos request: a WAKE_LOCK_SUSPEND
 * lock is a suspend-block request, a WAKE_LOCK_IDLE lock a power-level
 * request at level 0 (no idle state deeper than the shallowest).  State,
 * timeouts and statistics live in those classes; this header only maps the
 * old names onto them, so every call costs what the class's call costs:
 * O(1), from any context.
 *
 * Android's rules hold: wake_lock() cancels a pending timeout;
 * wake_lock_timeout() replaces the deadline, sooner or later, and turns an
 * untimed hold into a timed one; wake_unlock() on a lock not held does
 * nothing; locks do not nest.  One difference, on purpose: destroying a
 * held lock releases it (Android's left suspend blocked by nothing).
 *
 * New code should use the pm_qos classes directly.
 */
#ifndef _LINUX_WAKELOCK_H
#define _LINUX_WAKELOCK_H

#include <linux/pm_qos_power_level.h>
#include <linux/pm_qos_suspend_block.h>

enum {
	WAKE_LOCK_SUSPEND,	/* keeps the system out of suspend */
	WAKE_LOCK_IDLE,		/* keeps the CPUs out of deep idle states */
	WAKE_LOCK_TYPE_COUNT
};

/* The power level a held WAKE_LOCK_IDLE lock requests: the shallowest. */
#define WAKE_LOCK_IDLE_LEVEL	0

#ifdef CONFIG_PM_WAKELOCK_COMPAT

/*
 * A legacy Android wake lock: the suspend-block request of a
 * WAKE_LOCK_SUSPEND lock or the power-level request of a WAKE_LOCK_IDLE
 * one, the name given to wake_lock_init() (shown in /proc/wakelocks) and
 * the type.  A plain comment, not kernel-doc: the struct shares its name
 * with wake_lock(), and the documentation's C domain keeps one of the two.
 */
struct wake_lock {
	union {
		struct suspend_block_request suspend;
		struct power_level_request idle;
	};
	const char *name;
	int type;
};

void wake_lock_init(struct wake_lock *lock, int type, const char *name);
void wake_lock_destroy(struct wake_lock *lock);
long has_wake_lock(int type);

/**
 * wake_lock - Hold a wake lock until wake_unlock().
 * @lock: Lock set up by wake_lock_init().
 *
 * Cancels a pending timeout.  Does not nest: one wake_unlock() releases
 * the lock however many times it was taken.
 *
 * Context: Any context, hard IRQ included.
 */
static inline void wake_lock(struct wake_lock *lock)
{
	if (lock->type == WAKE_LOCK_IDLE)
		power_level_update_request(&lock->idle, WAKE_LOCK_IDLE_LEVEL);
	else
		suspend_block_activate(&lock->suspend);
}

/**
 * wake_lock_timeout - Hold a wake lock for a while.
 * @lock: Lock set up by wake_lock_init().
 * @timeout: Jiffies until the lock releases itself (0 counts as 1).
 *
 * Replaces any earlier deadline, even a later one, and makes an untimed
 * hold timed.
 *
 * Context: Any context, hard IRQ included.
 */
static inline void wake_lock_timeout(struct wake_lock *lock, long timeout)
{
	unsigned long t = timeout > 0 ? timeout : 1;

	if (lock->type == WAKE_LOCK_IDLE)
		power_level_update_request_timeout(&lock->idle,
						   WAKE_LOCK_IDLE_LEVEL, t);
	else
		suspend_block_activate_timeout(&lock->suspend, t);
}

/**
 * wake_unlock - Release a wake lock.
 * @lock: Lock set up by wake_lock_init().
 *
 * Harmless on a lock that is not held.
 *
 * Context: Any context, hard IRQ included.
 */
static inline void wake_unlock(struct wake_lock *lock)
{
	if (lock->type == WAKE_LOCK_IDLE)
		power_level_update_request(&lock->idle, POWER_LEVEL_ANY);
	else
		suspend_block_deactivate(&lock->suspend);
}

/**
 * wake_lock_active - Whether a wake lock is held.
 * @lock: Lock set up by wake_lock_init().
 *
 * Context: Any context.
 * Return: non-zero while the lock is held (a timed hold ends when its
 * timeout has run).
 */
static inline int wake_lock_active(struct wake_lock *lock)
{
	if (lock->type == WAKE_LOCK_IDLE)
		return power_level_request_active(&lock->idle);
	return suspend_block_request_active(&lock->suspend);
}

#else /* !CONFIG_PM_WAKELOCK_COMPAT */

/* As Android's header did without wake locks: nothing holds anything. */
struct wake_lock {
	const char *name;
};

static inline void wake_lock_init(struct wake_lock *lock, int type,
				  const char *name)
{
	if (name)
		lock->name = name;
}

static inline void wake_lock_destroy(struct wake_lock *lock) {}
static inline void wake_lock(struct wake_lock *lock) {}
static inline void wake_lock_timeout(struct wake_lock *lock, long timeout) {}
static inline void wake_unlock(struct wake_lock *lock) {}
static inline int wake_lock_active(struct wake_lock *lock) { return 0; }
static inline long has_wake_lock(int type) { return 0; }

#endif /* CONFIG_PM_WAKELOCK_COMPAT */

#endif /* _LINUX_WAKELOCK_H */
