// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the wake_lock compatibility layer: Android's rules for
 * wake_lock(), wake_lock_timeout(), wake_unlock() and has_wake_lock(),
 * WAKE_LOCK_IDLE locks on the power-level class, /proc/wakelocks after a
 * scripted sequence, and the user-space files' parsing, limit and garbage
 * collection (called directly: KUnit's thread has CAP_BLOCK_SUSPEND).
 *
 * The cases assume no other suspend-block or level-0 power-level request
 * is active, and no user wake lock exists, when they start.
 */

#include <kunit/test.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/device.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/jiffies.h>
#include <linux/kstrtox.h>
#include <linux/mount.h>
#include <linux/uio.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/wakelock.h>

#include "../power.h"
#include "../qos_suspend_block.h"
#include "../wakelock_compat.h"

/*
 * A timeout that must not run out before the next line checks the request
 * is active: a TCG vCPU can stall for several jiffies between two lines.
 */
#define SHORT	((unsigned long)HZ / 4)

static struct suspend_block_stats sb_deleted(void)
{
	struct suspend_block_stats st;

	suspend_block_deleted_stats(&st);
	return st;
}

/* Whether @l was set up and not destroyed since (a zeroed lock: never). */
static bool wl_test_live(struct wake_lock *l)
{
	struct power_level_snapshot snap;
	struct suspend_block_request *p;
	unsigned long flags;
	bool live = false;

	if (l->type == WAKE_LOCK_IDLE) {
		if (!l->idle.node.next)
			return false;
		power_level_snapshot(&l->idle, 0, &snap);
		return !snap.removed;
	}
	raw_spin_lock_irqsave(&suspend_block_registry_lock, flags);
	list_for_each_entry(p, &suspend_block_registry, node)
		live |= p == &l->suspend;
	raw_spin_unlock_irqrestore(&suspend_block_registry_lock, flags);
	return live;
}

/* An idle lock's power-level statistics, read now. */
static struct power_level_stats pl_idle_stats(struct power_level_request *r)
{
	struct power_level_snapshot snap;

	power_level_snapshot(r, 0, &snap);
	return snap.stats;
}

/*
 * Cleanup of a lock when its case ends, whether it passed, failed or an
 * assertion stopped it: not destroyed yet, it is destroyed before KUnit
 * frees its memory (resources are released last in, first out).
 */
static void wl_test_untrack(struct kunit_resource *res)
{
	if (wl_test_live(res->data))
		wake_lock_destroy(res->data);
}

static struct wake_lock *wl_new(struct kunit *test, int type,
				const char *name)
{
	struct wake_lock *l;

	KUNIT_ASSERT_EQ(test, has_wake_lock(type), 0L);
	l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, l);
	l->type = type;
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 wl_test_untrack,
							 GFP_KERNEL, l));
	wake_lock_init(l, type, name);
	return l;
}

/* Wait until @l is released, at most @max_ticks; the ticks waited. */
static unsigned long wl_wait_released(struct wake_lock *l,
				      unsigned long max_ticks)
{
	unsigned long waited = 0;

	while (wake_lock_active(l) && waited < max_ticks) {
		schedule_timeout_uninterruptible(1);
		waited++;
	}
	return waited;
}

static void lock_unlock(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test");

	KUNIT_EXPECT_STREQ(test, l->name, "wl-test");
	KUNIT_EXPECT_FALSE(test, wake_lock_active(l));
	wake_lock(l);
	KUNIT_EXPECT_TRUE(test, wake_lock_active(l));
	KUNIT_EXPECT_TRUE(test, suspend_block_active());
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), -1L);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_IDLE), 0L);
	/* Locks do not nest: one unlock releases two locks. */
	wake_lock(l);
	wake_unlock(l);
	KUNIT_EXPECT_FALSE(test, wake_lock_active(l));
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), 0L);
	wake_lock_destroy(l);
}

static void unlock_not_held_is_harmless(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test");
	struct wake_lock *i = wl_new(test, WAKE_LOCK_IDLE, "wl-test-idle");
	struct suspend_block_stats st;

	wake_unlock(l);
	wake_unlock(i);
	wake_lock(l);
	wake_unlock(l);
	wake_unlock(l);
	suspend_block_get_stats(&l->suspend, &st);
	KUNIT_EXPECT_EQ(test, st.active_count, 1ULL);
	KUNIT_EXPECT_EQ(test, suspend_block_active_count(), 0U);
	KUNIT_EXPECT_EQ(test, pl_idle_stats(&i->idle).active_count, 0ULL);
	KUNIT_EXPECT_EQ(test, power_level_limit(), POWER_LEVEL_ANY);
	wake_lock_destroy(l);
	wake_lock_destroy(i);
}

static void lock_cancels_timeout(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test");

	wake_lock_timeout(l, SHORT);
	wake_lock(l);
	/* Past the deadline: a timer left for it would have fired. */
	schedule_timeout_uninterruptible(SHORT + 5);
	KUNIT_EXPECT_TRUE(test, wake_lock_active(l));
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), -1L);
	wake_unlock(l);
	wake_lock_destroy(l);
}

static void timeout_replaces_deadline(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test");
	struct suspend_block_stats st;
	long left;

	/* Sooner than the old deadline. */
	wake_lock_timeout(l, 100 * HZ);
	wake_lock_timeout(l, 2);
	KUNIT_EXPECT_LE(test, has_wake_lock(WAKE_LOCK_SUSPEND), 2L);
	KUNIT_EXPECT_LT(test, wl_wait_released(l, 10 * HZ), 10UL * HZ);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());

	/* Later than the old deadline. */
	wake_lock_timeout(l, SHORT);
	wake_lock_timeout(l, 100 * HZ);
	/* Past the old deadline: a timer left for it would have fired. */
	schedule_timeout_uninterruptible(SHORT + 5);
	left = has_wake_lock(WAKE_LOCK_SUSPEND);
	KUNIT_EXPECT_TRUE(test, wake_lock_active(l));
	KUNIT_EXPECT_GT(test, left, 90L * HZ);
	KUNIT_EXPECT_LE(test, left, 100L * HZ);

	suspend_block_get_stats(&l->suspend, &st);
	KUNIT_EXPECT_EQ(test, st.expire_count, 1ULL);
	KUNIT_EXPECT_EQ(test, st.active_count, 2ULL);
	wake_unlock(l);
	wake_lock_destroy(l);
}

static void timeout_makes_untimed_lock_timed(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test");
	struct suspend_block_stats st;

	wake_lock(l);
	wake_lock_timeout(l, 2);
	KUNIT_EXPECT_GE(test, has_wake_lock(WAKE_LOCK_SUSPEND), 0L);
	KUNIT_EXPECT_LT(test, wl_wait_released(l, 10 * HZ), 10UL * HZ);
	suspend_block_get_stats(&l->suspend, &st);
	KUNIT_EXPECT_EQ(test, st.expire_count, 1ULL);
	KUNIT_EXPECT_EQ(test, st.active_count, 1ULL);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), 0L);
	wake_lock_destroy(l);
}

static void has_wake_lock_values(struct kunit *test)
{
	struct wake_lock *a = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test-a");
	struct wake_lock *b = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test-b");
	struct wake_lock *c = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test-c");
	long left;

	wake_lock_timeout(a, 10 * HZ);
	wake_lock_timeout(b, 20 * HZ);
	left = has_wake_lock(WAKE_LOCK_SUSPEND);
	KUNIT_EXPECT_GT(test, left, 10L * HZ);
	KUNIT_EXPECT_LE(test, left, 20L * HZ);
	wake_lock(c);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), -1L);
	wake_unlock(c);
	wake_unlock(b);
	left = has_wake_lock(WAKE_LOCK_SUSPEND);
	KUNIT_EXPECT_GT(test, left, 0L);
	KUNIT_EXPECT_LE(test, left, 10L * HZ);
	wake_unlock(a);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), 0L);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_TYPE_COUNT), 0L);
	KUNIT_EXPECT_EQ(test, has_wake_lock(-1), 0L);
	wake_lock_destroy(a);
	wake_lock_destroy(b);
	wake_lock_destroy(c);
}

static void idle_lock_sets_power_level(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_IDLE, "wl-test-idle");

	KUNIT_EXPECT_EQ(test, power_level_limit(), POWER_LEVEL_ANY);
	wake_lock(l);
	KUNIT_EXPECT_TRUE(test, wake_lock_active(l));
	KUNIT_EXPECT_EQ(test, power_level_limit(), WAKE_LOCK_IDLE_LEVEL);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_IDLE), -1L);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	wake_unlock(l);
	KUNIT_EXPECT_EQ(test, power_level_limit(), POWER_LEVEL_ANY);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_IDLE), 0L);

	wake_lock_timeout(l, SHORT);
	KUNIT_EXPECT_EQ(test, power_level_limit(), WAKE_LOCK_IDLE_LEVEL);
	KUNIT_EXPECT_GT(test, has_wake_lock(WAKE_LOCK_IDLE), 0L);
	KUNIT_EXPECT_LT(test, wl_wait_released(l, 10 * HZ), 10UL * HZ);
	KUNIT_EXPECT_EQ(test, power_level_limit(), POWER_LEVEL_ANY);
	KUNIT_EXPECT_EQ(test, pl_idle_stats(&l->idle).expire_count, 1ULL);
	KUNIT_EXPECT_EQ(test, pl_idle_stats(&l->idle).active_count, 2ULL);

	/* Held when destroyed: the limit is lifted. */
	wake_lock(l);
	wake_lock_destroy(l);
	KUNIT_EXPECT_EQ(test, power_level_limit(), POWER_LEVEL_ANY);
}

/* Time that may pass between a lock and a query on a slow debug guest. */
#define WL_SLACK	(HZ / 2)

/*
 * has_wake_lock(WAKE_LOCK_IDLE) from the power-level class's per-level
 * counts: a held untimed lock gives -1 whatever the timed ones; without
 * it, the timed lock's time left; a lock alone that changes kind is exact.
 */
static void idle_has_wake_lock_by_kind(struct kunit *test)
{
	struct wake_lock *u = wl_new(test, WAKE_LOCK_IDLE, "wl-test-idle-u");
	struct wake_lock *t = wl_new(test, WAKE_LOCK_IDLE, "wl-test-idle-t");
	long left;

	wake_lock(u);
	wake_lock_timeout(t, 5 * HZ);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_IDLE), -1L);
	wake_unlock(u);
	left = has_wake_lock(WAKE_LOCK_IDLE);
	KUNIT_EXPECT_GT(test, left, 5L * HZ - WL_SLACK);
	KUNIT_EXPECT_LE(test, left, 5L * HZ);

	/* t alone: untimed, then timed with a sooner deadline. */
	wake_lock(t);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_IDLE), -1L);
	wake_lock_timeout(t, 2 * HZ);
	left = has_wake_lock(WAKE_LOCK_IDLE);
	KUNIT_EXPECT_GT(test, left, 2L * HZ - WL_SLACK);
	KUNIT_EXPECT_LE(test, left, 2L * HZ);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	wake_unlock(t);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_IDLE), 0L);
	wake_lock_destroy(u);
	wake_lock_destroy(t);
}

static void destroy_releases_held_lock(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test");
	struct suspend_block_stats before = sb_deleted();

	wake_lock(l);
	wake_lock_destroy(l);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), 0L);
	KUNIT_EXPECT_EQ(test, sb_deleted().active_count,
			before.active_count + 1);
}

static void init_keeps_name_when_null(struct kunit *test)
{
	struct wake_lock *l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, l);
	l->name = "wl-test-preset";
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 wl_test_untrack,
							 GFP_KERNEL, l));
	wake_lock_init(l, WAKE_LOCK_SUSPEND, NULL);
	KUNIT_EXPECT_STREQ(test, l->name, "wl-test-preset");
	KUNIT_EXPECT_STREQ(test, l->suspend.name, "wl-test-preset");
	KUNIT_EXPECT_EQ(test, l->type, WAKE_LOCK_SUSPEND);
	wake_lock_destroy(l);
}

/* Render /proc/wakelocks into a buffer of the test. */
static char *wl_render_proc(struct kunit *test)
{
	struct seq_file *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, m);
	m->size = 64 * 1024;
	m->buf = kunit_kzalloc(test, m->size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m->buf);
	KUNIT_ASSERT_EQ(test, wakelocks_proc_show(m, NULL), 0);
	KUNIT_ASSERT_LT(test, m->count, m->size);
	m->buf[m->count] = '\0';
	return m->buf;
}

#define WL_PROC_HEADER \
	"name\tcount\texpire_count\twake_count\tactive_since\t" \
	"total_time\tsleep_time\tmax_time\tlast_change\n" \
	"\"deleted_wake_locks\"\t"

struct wl_proc_row {
	u64 count, expire_count, wake_count, active_since;
	u64 total_time, sleep_time, max_time, last_change;
};

/* Find the row of @name in @text and parse it; false if it is missing. */
static bool wl_proc_row(const char *text, const char *name,
			struct wl_proc_row *r)
{
	char key[64];
	const char *p;

	snprintf(key, sizeof(key), "\n\"%s\"\t", name);
	p = strstr(text, key);
	if (!p)
		return false;
	return sscanf(p + strlen(key),
		      "%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu",
		      &r->count, &r->expire_count, &r->wake_count,
		      &r->active_since, &r->total_time, &r->sleep_time,
		      &r->max_time, &r->last_change) == 8;
}

/* A name with quotes or backslashes cannot end its quoted field early. */
static void proc_wakelocks_escapes_quotes(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_SUSPEND, "wl-\"q\\b\"");
	struct wl_proc_row r;
	char *text;

	text = wl_render_proc(test);
	KUNIT_EXPECT_TRUE(test, wl_proc_row(text, "wl-\\042q\\134b\\042", &r));
	KUNIT_EXPECT_NULL(test, strstr(text, "\"wl-\"q"));
	wake_lock_destroy(l);
}

/*
 * A wakeup source of the case, unregistered when the case ends unless
 * wl_ws_unregister() did it before: wl_render_proc() asserts while the
 * source is active, and one left registered would block suspend for every
 * later case.  wakeup_source_unregister() relaxes it first.
 */
static void wl_ws_release(struct kunit_resource *res)
{
	wakeup_source_unregister(res->data);
}

static bool wl_ws_match(struct kunit *test, struct kunit_resource *res,
			void *ws)
{
	return res->free == wl_ws_release && res->data == ws;
}

static struct wakeup_source *wl_ws_register(struct kunit *test,
					    const char *name)
{
	struct wakeup_source *ws = wakeup_source_register(NULL, name);
	struct kunit_resource *res;

	KUNIT_ASSERT_NOT_NULL(test, ws);
	res = kunit_alloc_resource(test, NULL, wl_ws_release, GFP_KERNEL, ws);
	if (!res)
		wakeup_source_unregister(ws);
	KUNIT_ASSERT_NOT_NULL(test, res);
	return ws;
}

/* Unregister @ws now, as a step of the case: its release runs once. */
static void wl_ws_unregister(struct kunit *test, struct wakeup_source *ws)
{
	KUNIT_EXPECT_EQ(test, kunit_destroy_resource(test, wl_ws_match, ws), 0);
}

/* Mainline wakeup sources are listed too, from their own statistics. */
static void proc_wakelocks_lists_wakeup_sources(struct kunit *test)
{
	struct wakeup_source *ws = wl_ws_register(test, "wl-test-ws");
	struct wl_proc_row r;
	char *text;

	__pm_stay_awake(ws);
	schedule_timeout_uninterruptible(2);
	text = wl_render_proc(test);
	KUNIT_EXPECT_TRUE(test, wl_proc_row(text, "wl-test-ws", &r));
	KUNIT_EXPECT_EQ(test, r.count, 1ULL);
	KUNIT_EXPECT_GT(test, r.active_since, 0ULL);
	KUNIT_EXPECT_GE(test, r.total_time, r.active_since);

	__pm_relax(ws);
	text = wl_render_proc(test);
	KUNIT_EXPECT_TRUE(test, wl_proc_row(text, "wl-test-ws", &r));
	KUNIT_EXPECT_EQ(test, r.count, 1ULL);
	KUNIT_EXPECT_EQ(test, r.active_since, 0ULL);
	KUNIT_EXPECT_GT(test, r.total_time, 0ULL);
	KUNIT_EXPECT_EQ(test, r.max_time, r.total_time);

	wl_ws_unregister(test, ws);
	text = wl_render_proc(test);
	KUNIT_EXPECT_FALSE(test, wl_proc_row(text, "wl-test-ws", &r));
}

/*
 * A lock-free activation of a source makes its request active, then
 * mirrors ws->active, then moves ws->last_time to the interval's start: a
 * reader in between sees the source active with the end of its previous
 * interval as last_time.  The row's open interval comes from the request,
 * so the idle gap before it does not count.  (The case makes that state:
 * an activation after a gap, with last_time put back where it was.)
 */
static void proc_wakelocks_open_interval_without_gap(struct kunit *test)
{
	struct wakeup_source *ws = wl_ws_register(test, "wl-test-ws-gap");
	struct wl_proc_row r;
	ktime_t prev;
	char *text;

	__pm_stay_awake(ws);
	__pm_relax(ws);
	prev = ws->last_time;
	msleep(300);
	__pm_stay_awake(ws);
	ws->last_time = prev;
	text = wl_render_proc(test);
	KUNIT_EXPECT_TRUE(test, wl_proc_row(text, "wl-test-ws-gap", &r));
	KUNIT_EXPECT_LT(test, r.active_since, 150ULL * NSEC_PER_MSEC);
	KUNIT_EXPECT_LT(test, r.max_time, 150ULL * NSEC_PER_MSEC);
	__pm_relax(ws);
	wl_ws_unregister(test, ws);
}

/*
 * Read debugfs file @name, a seq_file, into a buffer of the test, through
 * a mount of the kernel's own (the cases run before user space mounts
 * anything).
 */
static char *wl_read_debugfs(struct kunit *test, const char *name)
{
	struct file_system_type *type = get_fs_type("debugfs");
	size_t size = 64 * 1024, len = 0;
	struct vfsmount *mnt;
	struct path path;
	struct file *f;
	loff_t pos = 0;
	ssize_t n;
	char *buf;

	if (!type)
		kunit_skip(test, "no debugfs");
	mnt = kern_mount(type);
	put_filesystem(type);
	KUNIT_ASSERT_FALSE(test, IS_ERR(mnt));
	/* debugfs has one superblock: its dentries are this mount's too. */
	path.mnt = mnt;
	path.dentry = debugfs_lookup(name, NULL);
	if (!path.dentry)
		kern_unmount(mnt);
	KUNIT_ASSERT_NOT_NULL_MSG(test, path.dentry, "debugfs %s", name);
	f = dentry_open(&path, O_RDONLY, current_cred());
	dput(path.dentry);
	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	/* debugfs offers no read_iter(): the seq_file's, with a kernel buffer. */
	if (!IS_ERR(f) && buf) {
		do {
			struct kvec kv = { buf + len, size - 1 - len };
			struct iov_iter it;
			struct kiocb kiocb;

			init_sync_kiocb(&kiocb, f);
			kiocb.ki_pos = pos;
			iov_iter_kvec(&it, READ, &kv, 1, kv.iov_len);
			n = seq_read_iter(&kiocb, &it);
			pos = kiocb.ki_pos;
			if (n > 0)
				len += n;
		} while (n > 0 && len < size - 1);
		fput(f);
	}
	kern_unmount(mnt);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f));
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_LT(test, len, size - 1);
	buf[len] = '\0';
	return buf;
}

/*
 * The same state as above in debugfs wakeup_sources, mainline's own
 * read-out: its active_since and max_time (ms) come from the request too.
 */
static void debugfs_wakeup_sources_open_interval_without_gap(struct kunit *test)
{
	struct wakeup_source *ws = wl_ws_register(test, "wl-test-ws-dbg");
	long long active_ms, total_ms, max_ms;
	unsigned long c[4];
	const char *row;
	ktime_t prev;
	int n;
	char *text;

	__pm_stay_awake(ws);
	__pm_relax(ws);
	prev = ws->last_time;
	msleep(300);
	__pm_stay_awake(ws);
	ws->last_time = prev;
	text = wl_read_debugfs(test, "wakeup_sources");
	row = strstr(text, "\nwl-test-ws-dbg");
	KUNIT_ASSERT_NOT_NULL(test, row);
	n = sscanf(row + 1, "%*s %lu %lu %lu %lu %lld %lld %lld", &c[0], &c[1],
		   &c[2], &c[3], &active_ms, &total_ms, &max_ms);
	KUNIT_ASSERT_EQ(test, n, 7);
	KUNIT_EXPECT_EQ(test, c[0], 2UL);
	KUNIT_EXPECT_LT(test, active_ms, 150LL);
	KUNIT_EXPECT_LT(test, max_ms, 150LL);
	__pm_relax(ws);
	wl_ws_unregister(test, ws);
}

/*
 * Attribute @name of @ws's /sys/class/wakeup entry, read as sysfs reads it
 * (->show() into a page), as a number.
 */
static long long wl_class_attr(struct kunit *test, struct wakeup_source *ws,
			       const char *name)
{
	const struct attribute_group *const *g;
	struct device_attribute *da = NULL;
	struct attribute *const *a;
	unsigned long page;
	long long v = -1;
	ssize_t len;

	KUNIT_ASSERT_NOT_NULL_MSG(test, ws->dev, "%s has no class entry",
				  ws->name);
	for (g = ws->dev->groups; g && *g && !da; g++)
		for (a = (*g)->attrs; a && *a && !da; a++)
			if (!strcmp((*a)->name, name))
				da = container_of(*a, struct device_attribute,
						  attr);
	KUNIT_ASSERT_NOT_NULL_MSG(test, da, "no attribute %s", name);
	page = get_zeroed_page(GFP_KERNEL);
	KUNIT_ASSERT_NE(test, page, 0UL);
	len = da->show(ws->dev, da, (char *)page);
	if (len <= 0 || len >= PAGE_SIZE || kstrtoll((char *)page, 10, &v))
		v = LLONG_MIN;
	free_page(page);
	KUNIT_ASSERT_NE_MSG(test, v, LLONG_MIN, "%s unreadable", name);
	return v;
}

/*
 * The same state in /sys/class/wakeup, which Android's SystemSuspend reads
 * on every poll: the open interval, and the total and maximum that include
 * it, without the gap.
 */
static void class_wakeup_open_interval_without_gap(struct kunit *test)
{
	struct wakeup_source *ws = wl_ws_register(test, "wl-test-ws-class");
	long long active_ms, total_ms, max_ms;
	ktime_t prev;

	__pm_stay_awake(ws);
	__pm_relax(ws);
	prev = ws->last_time;
	msleep(300);
	__pm_stay_awake(ws);
	ws->last_time = prev;
	active_ms = wl_class_attr(test, ws, "active_time_ms");
	total_ms = wl_class_attr(test, ws, "total_time_ms");
	max_ms = wl_class_attr(test, ws, "max_time_ms");
	KUNIT_EXPECT_GE(test, active_ms, 0LL);
	KUNIT_EXPECT_LT(test, active_ms, 150LL);
	KUNIT_EXPECT_LT(test, total_ms, 150LL);
	KUNIT_EXPECT_LT(test, max_ms, 150LL);
	__pm_relax(ws);
	wl_ws_unregister(test, ws);
}

static void proc_wakelocks_after_sequence(struct kunit *test)
{
	struct wake_lock *l = wl_new(test, WAKE_LOCK_SUSPEND, "wl-test-proc");
	struct wake_lock *i = wl_new(test, WAKE_LOCK_IDLE, "wl-test-proc-idle");
	const u64 tick = TICK_NSEC;
	struct wl_proc_row r, d0, d1;
	char *text;

	text = wl_render_proc(test);
	KUNIT_EXPECT_TRUE(test, str_has_prefix(text, WL_PROC_HEADER));
	KUNIT_ASSERT_TRUE(test, wl_proc_row(text, "wl-test-proc", &r));
	KUNIT_EXPECT_EQ(test, r.count, 0ULL);
	KUNIT_EXPECT_EQ(test, r.total_time, 0ULL);
	KUNIT_ASSERT_TRUE(test, wl_proc_row(text, "deleted_wake_locks", &d0));

	/* Held 4 ticks; then a timed hold that expires; then held. */
	wake_lock(l);
	schedule_timeout_uninterruptible(4);
	wake_unlock(l);
	wake_lock_timeout(l, 2);
	wl_wait_released(l, 10 * HZ);
	wake_lock(l);
	wake_lock_timeout(i, 2);
	wl_wait_released(i, 10 * HZ);
	schedule_timeout_uninterruptible(2);

	text = wl_render_proc(test);
	KUNIT_ASSERT_TRUE(test, wl_proc_row(text, "wl-test-proc", &r));
	KUNIT_EXPECT_EQ(test, r.count, 3ULL);
	KUNIT_EXPECT_EQ(test, r.expire_count, 1ULL);
	KUNIT_EXPECT_EQ(test, r.wake_count, 0ULL);
	KUNIT_EXPECT_GE(test, r.active_since, tick);
	KUNIT_EXPECT_GE(test, r.total_time, 3 * tick + r.active_since);
	KUNIT_EXPECT_GE(test, r.max_time, 2 * tick);
	KUNIT_EXPECT_LE(test, r.max_time, r.total_time);
	KUNIT_EXPECT_EQ(test, r.sleep_time, 0ULL);	/* autosleep is off */
	KUNIT_EXPECT_GT(test, r.last_change, 0ULL);

	KUNIT_ASSERT_TRUE(test, wl_proc_row(text, "wl-test-proc-idle", &r));
	KUNIT_EXPECT_EQ(test, r.count, 1ULL);
	KUNIT_EXPECT_EQ(test, r.expire_count, 1ULL);
	KUNIT_EXPECT_EQ(test, r.active_since, 0ULL);
	KUNIT_EXPECT_GE(test, r.total_time, tick);

	/* Destroyed: the rows go, their counts move to deleted_wake_locks. */
	wake_lock_destroy(l);
	wake_lock_destroy(i);
	text = wl_render_proc(test);
	KUNIT_EXPECT_FALSE(test, wl_proc_row(text, "wl-test-proc", &r));
	KUNIT_EXPECT_FALSE(test, wl_proc_row(text, "wl-test-proc-idle", &r));
	KUNIT_ASSERT_TRUE(test, wl_proc_row(text, "deleted_wake_locks", &d1));
	KUNIT_EXPECT_EQ(test, d1.count, d0.count + 4);
	KUNIT_EXPECT_EQ(test, d1.expire_count, d0.expire_count + 2);
	KUNIT_EXPECT_GE(test, d1.total_time, d0.total_time + 4 * tick);
}

/* Whether @name is in @list, as pm_show_wakelocks() writes one. */
static bool wl_user_listed(const char *list, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = list; (p = strstr(p, name)); p += len)
		if ((p == list || p[-1] == ' ') && p[len] == ' ')
			return true;
	return false;
}

/*
 * User wake locks are the kernel's memory, not the case's, but one that a
 * case leaves held (an assertion between lock and unlock, or an unlock
 * that failed) would block suspend for every later case.  So when the case
 * ends, the locks held then and not at its start (@res->data, the list
 * then) are released, and released ones collected, as a passing case
 * does itself.
 */
static void wl_user_release(struct kunit_resource *res)
{
	/* A page, page-aligned as sysfs_emit_at() wants: kmalloc()'s size. */
	char *held = kmalloc(PAGE_SIZE, GFP_KERNEL), *p, *name;

	if (held) {
		pm_show_wakelocks(held, true);
		p = held;
		while ((name = strsep(&p, "\n ")))
			if (*name && !wl_user_listed(res->data, name))
				pm_wake_unlock(name);
		kfree(held);
	}
	wakelock_user_gc(0);
}

static void wl_user_track(struct kunit *test)
{
	char *before = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, before);
	pm_show_wakelocks(before, true);
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, NULL,
							 wl_user_release,
							 GFP_KERNEL, before));
}

static void user_lock_unlock_and_lists(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	unsigned int before = wakelock_user_count();

	KUNIT_ASSERT_NOT_NULL(test, buf);
	wl_user_track(test);
	KUNIT_EXPECT_EQ(test, pm_wake_lock("kunit_u1"), 0);
	KUNIT_EXPECT_EQ(test, pm_wake_lock("kunit_u2 1000000000000\n"), 0);
	KUNIT_EXPECT_EQ(test, wakelock_user_count(), before + 2);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), -1L);
	pm_show_wakelocks(buf, true);
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "kunit_u1 "));
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "kunit_u2 "));

	/* Again: no new lock; unlock of one leaves the other held. */
	KUNIT_EXPECT_EQ(test, pm_wake_lock("kunit_u1"), 0);
	KUNIT_EXPECT_EQ(test, wakelock_user_count(), before + 2);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock("kunit_u1\n"), 0);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock("kunit_u1"), 0);
	pm_show_wakelocks(buf, true);
	KUNIT_EXPECT_EQ(test, strlen(buf), strlen("kunit_u2") + 2);
	KUNIT_EXPECT_STREQ(test, strim(buf), "kunit_u2");
	pm_show_wakelocks(buf, false);
	KUNIT_EXPECT_EQ(test, strlen(buf), strlen("kunit_u1") + 2);
	KUNIT_EXPECT_STREQ(test, strim(buf), "kunit_u1");
	KUNIT_EXPECT_GT(test, has_wake_lock(WAKE_LOCK_SUSPEND), 900L * HZ);

	/* 1 ns rounds up to one tick: it expires on its own. */
	KUNIT_EXPECT_EQ(test, pm_wake_lock("kunit_u2 1"), 0);
	schedule_timeout_uninterruptible(5);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());
	pm_show_wakelocks(buf, true);
	KUNIT_EXPECT_STREQ(test, buf, "\n");

	/* A timeout of 0 means no timeout, as in mainline. */
	KUNIT_EXPECT_EQ(test, pm_wake_lock("kunit_u1 0"), 0);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), -1L);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock("kunit_u1"), 0);

	KUNIT_EXPECT_EQ(test, wakelock_user_gc(0), 2U);
	KUNIT_EXPECT_EQ(test, wakelock_user_count(), before);
}

static void user_bad_input_changes_nothing(struct kunit *test)
{
	static const struct {
		const char *in;
		int err;
	} bad_lock[] = {
		{ "", -EINVAL },
		{ "\n", -EINVAL },
		{ " name", -EINVAL },
		{ "na\x01me", -EINVAL },
		{ "na\x7fme", -EINVAL },
		{ "name abc", -EINVAL },
		{ "name -5", -EINVAL },
		{ "name 0x10", -EINVAL },
		{ "name 5 6", -EINVAL },
		{ "name 5junk", -EINVAL },
		{ "name 18446744073709551616", -ERANGE },
		{ "name 123456789012345678901234567890", -ERANGE },
	};
	char *name = kunit_kzalloc(test, WAKELOCK_USER_NAME_MAX + 2,
				   GFP_KERNEL);
	unsigned int before = wakelock_user_count();
	int k;

	KUNIT_ASSERT_NOT_NULL(test, name);
	wl_user_track(test);
	for (k = 0; k < ARRAY_SIZE(bad_lock); k++)
		KUNIT_EXPECT_EQ_MSG(test, pm_wake_lock(bad_lock[k].in),
				    bad_lock[k].err, "input \"%s\"",
				    bad_lock[k].in);
	memset(name, 'n', WAKELOCK_USER_NAME_MAX + 1);
	KUNIT_EXPECT_EQ(test, pm_wake_lock(name), -ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock(name), -ENAMETOOLONG);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock(""), -EINVAL);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock("kunit_never_made"), -EINVAL);
	KUNIT_EXPECT_EQ(test, wakelock_user_count(), before);
	KUNIT_EXPECT_FALSE(test, suspend_block_active());

	/*
	 * The longest valid name (a page: what sysfs passes), and an extra
	 * word on unlock.
	 */
	name[WAKELOCK_USER_NAME_MAX] = '\0';
	KUNIT_EXPECT_EQ(test, pm_wake_lock(name), 0);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock("nnn extra"), -EINVAL);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock(name), 0);
	KUNIT_EXPECT_EQ(test, wakelock_user_gc(0), 1U);
}

static void user_limit_gives_enospc(struct kunit *test)
{
	char name[32];
	unsigned int n, made = 0;

	if (!CONFIG_PM_WAKELOCKS_LIMIT)
		kunit_skip(test, "no limit configured");
	/* The assertions below stop the case between lock and unlock. */
	wl_user_track(test);
	for (n = wakelock_user_count(); n < CONFIG_PM_WAKELOCKS_LIMIT; n++) {
		snprintf(name, sizeof(name), "kunit_limit_%u", n);
		KUNIT_ASSERT_EQ(test, pm_wake_lock(name), 0);
		KUNIT_ASSERT_EQ(test, pm_wake_unlock(name), 0);
		made++;
	}
	KUNIT_EXPECT_EQ(test, pm_wake_lock("kunit_limit_over"), -ENOSPC);
	KUNIT_EXPECT_EQ(test, wakelock_user_count(),
			(unsigned int)CONFIG_PM_WAKELOCKS_LIMIT);
	/* An existing name still works at the limit. */
	KUNIT_EXPECT_EQ(test, pm_wake_lock(name), 0);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock(name), 0);
	KUNIT_EXPECT_EQ(test, wakelock_user_gc(0), made);
}

static void user_gc_spares_held_and_recent(struct kunit *test)
{
	unsigned int before = wakelock_user_count();

	wl_user_track(test);
	KUNIT_EXPECT_EQ(test, pm_wake_lock("kunit_gc_held"), 0);
	KUNIT_EXPECT_EQ(test, pm_wake_lock("kunit_gc_idle"), 0);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock("kunit_gc_idle"), 0);
	/* Neither is an hour old. */
	KUNIT_EXPECT_EQ(test, wakelock_user_gc(3600ULL * NSEC_PER_SEC), 0U);
	/* Any age: only the released one goes. */
	KUNIT_EXPECT_EQ(test, wakelock_user_gc(0), 1U);
	KUNIT_EXPECT_EQ(test, wakelock_user_count(), before + 1);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock("kunit_gc_idle"), -EINVAL);
	KUNIT_EXPECT_EQ(test, has_wake_lock(WAKE_LOCK_SUSPEND), -1L);
	KUNIT_EXPECT_EQ(test, pm_wake_unlock("kunit_gc_held"), 0);
	KUNIT_EXPECT_EQ(test, wakelock_user_gc(0), 1U);
}

static struct kunit_case wakelock_cases[] = {
	KUNIT_CASE(lock_unlock),
	KUNIT_CASE(unlock_not_held_is_harmless),
	KUNIT_CASE(lock_cancels_timeout),
	KUNIT_CASE(timeout_replaces_deadline),
	KUNIT_CASE(timeout_makes_untimed_lock_timed),
	KUNIT_CASE(has_wake_lock_values),
	KUNIT_CASE(idle_lock_sets_power_level),
	KUNIT_CASE(idle_has_wake_lock_by_kind),
	KUNIT_CASE(destroy_releases_held_lock),
	KUNIT_CASE(init_keeps_name_when_null),
	KUNIT_CASE(proc_wakelocks_after_sequence),
	KUNIT_CASE(proc_wakelocks_escapes_quotes),
	KUNIT_CASE(proc_wakelocks_lists_wakeup_sources),
	KUNIT_CASE(proc_wakelocks_open_interval_without_gap),
	KUNIT_CASE(debugfs_wakeup_sources_open_interval_without_gap),
	KUNIT_CASE(class_wakeup_open_interval_without_gap),
	KUNIT_CASE(user_lock_unlock_and_lists),
	KUNIT_CASE(user_bad_input_changes_nothing),
	KUNIT_CASE(user_limit_gives_enospc),
	KUNIT_CASE(user_gc_spares_held_and_recent),
	{}
};

static struct kunit_suite wakelock_suite = {
	.name = "wakelock_compat",
	.test_cases = wakelock_cases,
};

kunit_test_suite(wakelock_suite);
