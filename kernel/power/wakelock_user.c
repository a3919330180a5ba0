// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/power/wake_lock and /sys/power/wake_unlock on suspend-block
 * requests: the user-space side of the wake_lock compatibility layer.
 *
 * The ABI is mainline's (Documentation/ABI/testing/sysfs-power), itself a
 * superset of Android's: write "name" or "name timeout_ns" to wake_lock,
 * "name" to wake_unlock; reading wake_lock lists the held user locks,
 * reading wake_unlock the released ones.  Both writes need
 * CAP_BLOCK_SUSPEND (or, with Android's legacy mode and its group access
 * on, only the file's mode: see earlysuspend_legacy.c).  A name is created on first use, at most
 * CONFIG_PM_WAKELOCKS_LIMIT of them exist (0: no limit), and with
 * CONFIG_PM_WAKELOCKS_GC names unused for 5 minutes are freed.
 *
 * Android's PowerManagerService writes these files on every change of its
 * own locks, so the write path is kept short: a hash lookup of the name
 * (O(1) expected) and one suspend-block call, under one mutex.  Statistics
 * are the suspend-block class's, shown in /proc/wakelocks.
 */

#include <linux/capability.h>
#include <linux/err.h>
#include <linux/hashtable.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/slab.h>
#include <linux/stringhash.h>
#include <linux/sysfs.h>

#include "earlysuspend_internal.h"
#include "power.h"
#include "qos_suspend_block.h"
#include "wakelock_compat.h"

/* Unlocks between two garbage collections, and the idle time collected. */
#define UWL_GC_UNLOCKS		100
#define UWL_GC_IDLE_NS		(300ULL * NSEC_PER_SEC)

/**
 * struct user_wake_lock - a wake lock made by user space
 * @hash: entry in uwl_hash, keyed by the name
 * @lru: entry in uwl_lru: least recently written first
 * @used: jiffies at the last write naming the lock (coarse, and no clock
 *	read on the write path: the GC counts in minutes)
 * @req: the suspend-block request that does the work
 * @owner: the writer that created the lock (/proc/suspend_blockers)
 * @len: length of @name, compared first on lookup
 * @name: NUL-terminated name
 */
struct user_wake_lock {
	struct hlist_node hash;
	struct list_head lru;
	unsigned long used;
	unsigned int len;
	struct suspend_block_request req;
	struct suspend_block_owner owner;
	char name[];
};

/* uwl_mutex protects the table, the LRU list and the counters. */
static DEFINE_MUTEX(uwl_mutex);
static DEFINE_HASHTABLE(uwl_hash, 10);
static LIST_HEAD(uwl_lru);
static unsigned int uwl_count;
static unsigned int uwl_unlocks;

/* Separators end a name; other control characters make it invalid. */
static bool uwl_is_separator(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

/* Whether the writer may take or drop user wake locks. */
static bool uwl_permitted(void)
{
	return capable(CAP_BLOCK_SUSPEND) ||
	       early_suspend_legacy_group_access();
}

/*
 * Measure the name at the start of @buf.
 * Return: its length, or -EINVAL (empty, control character) or
 * -ENAMETOOLONG (over WAKELOCK_USER_NAME_MAX bytes, which no sysfs write
 * can carry: only a direct call can pass such a name).
 */
static int uwl_parse_name(const char *buf)
{
	const char *p;

	for (p = buf; *p && !uwl_is_separator(*p); p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return -EINVAL;
	if (p == buf)
		return -EINVAL;
	if (p - buf > WAKELOCK_USER_NAME_MAX)
		return -ENAMETOOLONG;
	return p - buf;
}

/* True if only separators are left in @s. */
static bool uwl_only_separators(const char *s)
{
	while (uwl_is_separator(*s))
		s++;
	return !*s;
}

/*
 * Parse the optional timeout after a name: one base-10 number of ns,
 * followed only by separators.
 * Return: 0 (with *@ns 0 when there is none), -EINVAL for anything but a
 * non-negative number, -ERANGE for one beyond 64 bits.
 */
static int uwl_parse_timeout(const char *s, u64 *ns)
{
	char num[24];
	size_t len, i;

	*ns = 0;
	while (uwl_is_separator(*s))
		s++;
	for (len = 0; s[len] && !uwl_is_separator(s[len]); len++)
		;
	if (!len)
		return 0;
	if (!uwl_only_separators(s + len))
		return -EINVAL;
	if (len >= sizeof(num)) {
		for (i = 0; i < len; i++)
			if (!isdigit(s[i]))
				return -EINVAL;
		return -ERANGE;
	}
	memcpy(num, s, len);
	num[len] = '\0';
	return kstrtou64(num, 10, ns);
}

static struct user_wake_lock *uwl_lookup(const char *name, int len, u32 key)
{
	struct user_wake_lock *wl;

	hash_for_each_possible(uwl_hash, wl, hash, key)
		if (wl->len == len && !memcmp(wl->name, name, len))
			return wl;
	return NULL;
}

static struct user_wake_lock *uwl_create(const char *name, int len, u32 key)
{
	struct user_wake_lock *wl;

	if (CONFIG_PM_WAKELOCKS_LIMIT &&
	    uwl_count >= CONFIG_PM_WAKELOCKS_LIMIT)
		return ERR_PTR(-ENOSPC);
	wl = kzalloc(struct_size(wl, name, len + 1), GFP_KERNEL_ACCOUNT);
	if (!wl)
		return ERR_PTR(-ENOMEM);
	memcpy(wl->name, name, len);
	wl->len = len;
	suspend_block_owner_init(&wl->owner, "sysfs");
	suspend_block_add_owned_request(&wl->req, wl->name, &wl->owner);
	suspend_block_entry_make(&wl->req);
	hash_add(uwl_hash, &wl->hash, key);
	list_add_tail(&wl->lru, &uwl_lru);
	uwl_count++;
	return wl;
}

static void uwl_touch(struct user_wake_lock *wl)
{
	wl->used = jiffies;
	list_move_tail(&wl->lru, &uwl_lru);
}

static void uwl_free(struct user_wake_lock *wl)
{
	hash_del(&wl->hash);
	list_del(&wl->lru);
	suspend_block_remove_request(&wl->req);
	suspend_block_owner_release(&wl->owner);
	kfree(wl);
	uwl_count--;
}

/**
 * wakelock_user_gc - Free user wake locks idle for a while.
 * @min_idle_ns: Free released locks whose last write and last change of
 *	state are at least this old.
 *
 * Walks the LRU list from its oldest entry and stops at the first one
 * written more recently than @min_idle_ns: its cost is the number of locks
 * freed, plus the held old ones.  Their statistics go to the
 * "deleted_wake_locks" row of /proc/wakelocks.
 *
 * Context: Process context; takes uwl_mutex.
 * Return: the number of locks freed.
 */
unsigned int wakelock_user_gc(u64 min_idle_ns)
{
	struct user_wake_lock *wl, *next;
	struct suspend_block_stats st;
	unsigned int freed = 0;
	unsigned long min_idle = qos_ns_to_jiffies(min_idle_ns);
	u64 now;

	mutex_lock(&uwl_mutex);
	now = qos_mono_ns();
	list_for_each_entry_safe(wl, next, &uwl_lru, lru) {
		if (time_before(jiffies, wl->used + min_idle))
			break;
		suspend_block_get_stats(&wl->req, &st);
		if (suspend_block_request_active(&wl->req) ||
		    now - st.last_change < min_idle_ns)
			continue;
		uwl_free(wl);
		freed++;
	}
	uwl_unlocks = 0;
	mutex_unlock(&uwl_mutex);
	return freed;
}

/**
 * wakelock_user_count - Number of user wake locks in existence.
 *
 * Context: Process context.
 * Return: the number, held and released.
 */
unsigned int wakelock_user_count(void)
{
	unsigned int n;

	mutex_lock(&uwl_mutex);
	n = uwl_count;
	mutex_unlock(&uwl_mutex);
	return n;
}

/**
 * pm_show_wakelocks - List user wake locks (reads of the sysfs files).
 * @buf: sysfs page to fill.
 * @show_active: true for the held locks, false for the released ones.
 *
 * Names end with a space each and the list with a newline, as mainline's
 * and Android's did; a list longer than the page is cut.
 *
 * Context: Process context.
 * Return: bytes written to @buf.
 */
ssize_t pm_show_wakelocks(char *buf, bool show_active)
{
	struct user_wake_lock *wl;
	int len = 0;

	mutex_lock(&uwl_mutex);
	list_for_each_entry(wl, &uwl_lru, lru)
		if (suspend_block_request_active(&wl->req) == show_active)
			len += sysfs_emit_at(buf, len, "%s ", wl->name);
	mutex_unlock(&uwl_mutex);
	if (len >= PAGE_SIZE - 1)
		len = PAGE_SIZE - 2;
	len += sysfs_emit_at(buf, len, "\n");
	return len;
}

/**
 * pm_wake_lock - Take a user wake lock (writes to /sys/power/wake_lock).
 * @buf: "name" or "name timeout_ns", NUL-terminated.
 *
 * Creates the lock on first use.  Without a timeout (or with 0) the lock is
 * held until written to wake_unlock; with one it releases itself that many
 * ns later (rounded up to a jiffy).  As with wake_lock_timeout(), a timeout
 * replaces the previous deadline and a plain lock cancels it.  Nothing
 * changes when an error is returned.
 *
 * Context: Process context.
 * Return: 0; -EPERM without CAP_BLOCK_SUSPEND (see uwl_permitted()); -EINVAL for an empty name,
 * a name with control characters, or a timeout that is not a non-negative
 * base-10 number followed only by whitespace; -ENAMETOOLONG for a name over
 * WAKELOCK_USER_NAME_MAX bytes; -ERANGE for a timeout over 64 bits;
 * -ENOSPC when a new lock would pass CONFIG_PM_WAKELOCKS_LIMIT; -ENOMEM.
 */
int pm_wake_lock(const char *buf)
{
	struct user_wake_lock *wl;
	unsigned long timeout;
	u64 timeout_ns;
	int len, ret;
	u32 key;

	if (!uwl_permitted())
		return -EPERM;
	len = uwl_parse_name(buf);
	if (len < 0)
		return len;
	ret = uwl_parse_timeout(buf + len, &timeout_ns);
	if (ret)
		return ret;
	key = full_name_hash(NULL, buf, len);

	mutex_lock(&uwl_mutex);
	wl = uwl_lookup(buf, len, key);
	if (!wl)
		wl = uwl_create(buf, len, key);
	if (IS_ERR(wl)) {
		ret = PTR_ERR(wl);
	} else if (timeout_ns) {
		timeout = qos_ns_to_jiffies(timeout_ns);
		suspend_block_activate_timeout(&wl->req, timeout);
		uwl_touch(wl);
	} else {
		suspend_block_activate(&wl->req);
		uwl_touch(wl);
	}
	mutex_unlock(&uwl_mutex);
	return ret;
}

/**
 * pm_wake_unlock - Release a user wake lock (writes to wake_unlock).
 * @buf: "name", NUL-terminated; trailing whitespace is ignored.
 *
 * Releasing a lock that is not held is harmless.  Every UWL_GC_UNLOCKS
 * unlocks, with CONFIG_PM_WAKELOCKS_GC, locks idle for 5 minutes are freed.
 *
 * Context: Process context.
 * Return: 0; -EPERM without CAP_BLOCK_SUSPEND (see uwl_permitted()); -EINVAL for an empty or
 * invalid name, more than one word, or a name no lock has (mainline's
 * errno); -ENAMETOOLONG for a name over WAKELOCK_USER_NAME_MAX bytes.
 */
int pm_wake_unlock(const char *buf)
{
	struct user_wake_lock *wl;
	bool collect = false;
	int len, ret = 0;

	if (!uwl_permitted())
		return -EPERM;
	len = uwl_parse_name(buf);
	if (len < 0)
		return len;
	if (!uwl_only_separators(buf + len))
		return -EINVAL;

	mutex_lock(&uwl_mutex);
	wl = uwl_lookup(buf, len, full_name_hash(NULL, buf, len));
	if (wl) {
		suspend_block_deactivate(&wl->req);
		uwl_touch(wl);
		collect = IS_ENABLED(CONFIG_PM_WAKELOCKS_GC) &&
			  ++uwl_unlocks >= UWL_GC_UNLOCKS;
	} else {
		ret = -EINVAL;
	}
	mutex_unlock(&uwl_mutex);

	if (collect)
		wakelock_user_gc(UWL_GC_IDLE_NS);
	return ret;
}
