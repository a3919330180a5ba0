// SPDX-License-Identifier: GPL-2.0
/*
 * Android wake_lock compatibility: the calls of include/linux/wakelock.h
 * that are not static inlines.  A lock is a pm_qos request; nothing here
 * keeps state of its own.
 */

#include <linux/bug.h>
#include <linux/export.h>
#include <linux/sched.h>
#include <linux/wakelock.h>

/**
 * wake_lock_init - Set up a wake lock.
 * @lock: Lock to set up (embedded or allocated by the caller).
 * @type: WAKE_LOCK_SUSPEND or WAKE_LOCK_IDLE.
 * @name: Name for /proc/wakelocks and traces; must outlive the lock.  NULL
 *	keeps the name already in @lock->name.
 *
 * The lock starts released, with zeroed statistics.  Android stopped the
 * kernel (BUG) for a missing name or a bad type; this warns and goes on
 * with "unnamed" or WAKE_LOCK_SUSPEND.
 *
 * Context: Any context.
 */
void wake_lock_init(struct wake_lock *lock, int type, const char *name)
{
	if (name)
		lock->name = name;
	if (WARN(!lock->name, "%s: no name\n", __func__))
		lock->name = "unnamed";
	if (WARN(type < 0 || type >= WAKE_LOCK_TYPE_COUNT,
		 "wake lock %s: bad type %d\n", lock->name, type))
		type = WAKE_LOCK_SUSPEND;
	lock->type = type;

	if (type == WAKE_LOCK_IDLE)
		power_level_add_request(&lock->idle, lock->name,
					POWER_LEVEL_ANY);
	else
		suspend_block_add_request(&lock->suspend, lock->name);
}
EXPORT_SYMBOL_GPL(wake_lock_init);

/**
 * wake_lock_destroy - Tear down a wake lock.
 * @lock: Lock set up by wake_lock_init().
 *
 * A held lock is released first (Android's version stopped counting it but
 * never re-checked suspend).  Its statistics go to the "deleted_wake_locks"
 * row of /proc/wakelocks.  @lock may be set up again afterwards.
 *
 * Context: Any context; not with a lock its timeout callback takes.
 */
void wake_lock_destroy(struct wake_lock *lock)
{
	if (lock->type == WAKE_LOCK_IDLE)
		power_level_remove_request(&lock->idle);
	else
		suspend_block_remove_request(&lock->suspend);
}
EXPORT_SYMBOL_GPL(wake_lock_destroy);

/**
 * has_wake_lock - Whether wake locks of a type are held, and for how long.
 * @type: WAKE_LOCK_SUSPEND or WAKE_LOCK_IDLE.
 *
 * Every request of the type's class counts, not only those made through
 * this header: a suspend-block request is a WAKE_LOCK_SUSPEND lock and a
 * power-level request at level 0 a WAKE_LOCK_IDLE lock.
 *
 * WAKE_LOCK_SUSPEND: O(1) when none is held; a walk of the class's
 * requests otherwise.  WAKE_LOCK_IDLE: O(1) always, from the power-level
 * class's per-level counts (power_level_longest_remaining()), so it may be
 * called on every idle entry as Android's idle code did.  -1 (an untimed
 * lock held) and 0 with none held are exact; a time left may be an upper
 * bound, never below the true one, after a timed IDLE lock was released or
 * given a sooner timeout while another timed one stayed held.
 *
 * Context: Any context.
 * Return: -1 if a lock of @type is held without a timeout, else the longest
 * time left, in jiffies, until a held lock's timeout (for WAKE_LOCK_IDLE
 * possibly more, see above), else 0 (also for a bad @type).
 */
long has_wake_lock(int type)
{
	unsigned long left;

	switch (type) {
	case WAKE_LOCK_SUSPEND:
		left = suspend_block_longest_remaining();
		break;
	case WAKE_LOCK_IDLE:
		left = power_level_longest_remaining(WAKE_LOCK_IDLE_LEVEL);
		break;
	default:
		return 0;
	}
	return left == MAX_SCHEDULE_TIMEOUT ? -1 : (long)left;
}
EXPORT_SYMBOL_GPL(has_wake_lock);
