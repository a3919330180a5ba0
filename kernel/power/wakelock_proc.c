// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/wakelocks: Android's statistics file, in Android's format, made
 * from the statistics the pm_qos classes keep.
 *
 * Every suspend-block request is listed as a WAKE_LOCK_SUSPEND lock and
 * every power-level request as a WAKE_LOCK_IDLE lock, whoever made it (a
 * driver through wakelock.h, user space through /sys/power/wake_lock, or
 * the classes' own API), so the file answers "what kept the system awake"
 * as it did on Android.  Mainline's wakeup sources (pm_stay_awake() in
 * in-tree drivers, EPOLLWAKEUP holders) follow as suspend locks, from
 * their own statistics.  One "deleted_wake_locks" row sums up removed
 * requests of both classes.
 *
 * Columns, all from the classes' statistics (times in ns):
 *   count         activations (Android counted releases, plus one while
 *                 held: the same number)
 *   expire_count  releases by a timeout, plus one while held past the
 *                 deadline
 *   wake_count    activations while a system suspend was in progress
 *   active_since  length of the current hold, 0 when released or overdue
 *   total_time    time held, the current hold included
 *   sleep_time    time held while autosleep was on (suspend locks only)
 *   max_time      longest hold, the current one included
 *   last_change   ns since boot of the last lock or unlock: CLOCK_MONOTONIC
 *                 (idle locks: local_clock())
 */

#include <linux/device.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/proc_fs.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>

#include "qos_power_level.h"
#include "qos_request.h"
#include "qos_suspend_block.h"
#include "qos_time.h"
#include "wakelock_compat.h"

struct wl_row {
	u64 count;
	u64 expire_count;
	u64 wake_count;
	u64 active_since;
	u64 total_time;
	u64 sleep_time;
	u64 max_time;
	u64 last_change;
};

/*
 * Android printed the name between double quotes as it was.  Names of
 * kernel requests and of /sys/power/wake_lock locks may hold quotes and
 * backslashes (never tabs or newlines from user space), which would end the
 * quoted field early: they are printed as octal escapes, as /proc/mounts
 * prints spaces.
 */
static void wl_print_row(struct seq_file *m, const char *name,
			 const struct wl_row *r)
{
	seq_putc(m, '"');
	seq_escape(m, name, "\"\\");
	seq_printf(m, "\"\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n",
		   r->count, r->expire_count, r->wake_count,
		   r->active_since, r->total_time, r->sleep_time, r->max_time,
		   r->last_change);
}

/*
 * Fold the current hold (@open ns so far, @overdue if past its timeout)
 * into @r, the way Android showed a held lock.
 */
static void wl_add_open(struct wl_row *r, u64 open, bool overdue)
{
	r->total_time += open;
	r->max_time = max(r->max_time, open);
	if (overdue)
		r->expire_count++;
	else
		r->active_since = open;
}

/*
 * The columns of a row from the statistics both classes keep
 * (qos_request.h); the suspend-block class's own fill the other two.
 */
#define wl_row_of(st) ({					\
	typeof(st) __st = (st);					\
								\
	(struct wl_row) {					\
		.count = __st->active_count,			\
		.expire_count = __st->expire_count,		\
		.total_time = __st->total_time,			\
		.max_time = __st->max_time,			\
		.last_change = __st->last_change,		\
	};							\
})

/* Called in a walk of the suspend-block registry, its lock held. */
static void wl_suspend_row(struct suspend_block_request *req,
			   struct wl_row *r, u64 now)
{
	struct suspend_block_snapshot snap;

	suspend_block_snapshot(req, now, &snap);
	*r = wl_row_of(&snap.stats);
	r->wake_count = snap.stats.wakeup_count;
	r->sleep_time = snap.stats.prevent_time + snap.open_prevent;
	if (snap.active)
		wl_add_open(r, snap.open, snap.overdue);
}

/* Called in a walk of the power-level registry, its lock held. */
static void wl_idle_row(struct power_level_request *req, struct wl_row *r,
			u64 now)
{
	struct power_level_snapshot snap;

	power_level_snapshot(req, now, &snap);
	*r = wl_row_of(&snap.stats);
	if (snap.level != POWER_LEVEL_ANY)
		wl_add_open(r, snap.open, snap.overdue);
}

/*
 * A mainline wakeup source, read under its lock like its debugfs file
 * does.  Active and overdue: its timeout is due, the timer about to run.
 */
static void wl_wakeup_source_row(struct wakeup_source *ws, struct wl_row *r)
{
	ktime_t now, open, prevent;
	unsigned long flags;
	bool overdue, active;

	spin_lock_irqsave(&ws->lock, flags);
	/*
	 * The clock under the lock, and intervals never negative (a
	 * negative one is 2^64 ns in a u64), from the request's state.
	 */
	now = ktime_get();
	prevent = ws->prevent_sleep_time;
	*r = (struct wl_row) {
		.count = ws->active_count,
		.expire_count = ws->expire_count,
		.wake_count = ws->wakeup_count,
		.total_time = ktime_to_ns(ws->total_time),
		.max_time = ktime_to_ns(ws->max_time),
		.last_change = ktime_to_ns(ws->last_time),
	};
	/* After the statistics, so that the open interval is not in them. */
	active = suspend_block_source_open(ws, now, &open);
	if (active && ws->autosleep_enabled)
		prevent += max_t(ktime_t, 0,
				 ktime_sub(now, ws->start_prevent_time));
	r->sleep_time = ktime_to_ns(prevent);
	overdue = active && ws->timer_expires &&
		  time_after_eq(jiffies, ws->timer_expires);
	if (active)
		wl_add_open(r, ktime_to_ns(open), overdue);
	spin_unlock_irqrestore(&ws->lock, flags);
}

/* Removed requests of both classes, summed in one row. */
static void wl_deleted_row(struct wl_row *r)
{
	struct suspend_block_stats s;
	struct power_level_stats p;

	suspend_block_deleted_stats(&s);
	power_level_deleted_stats(&p);
	qos_req_fold_stats(&s, &p);
	*r = wl_row_of(&s);
	r->wake_count = s.wakeup_count;
	r->sleep_time = s.prevent_time;
}

/**
 * wakelocks_proc_show - Print /proc/wakelocks.
 * @m: seq_file to print to.
 * @v: unused.
 *
 * Rows are printed with the class's lock held (seq_file buffers them), so
 * each row is a consistent snapshot of its request; the registries are
 * walked in batches (qos_registry_walk.h), since any user may read this.
 *
 * Context: Process context.
 * Return: 0.
 */
int wakelocks_proc_show(struct seq_file *m, void *v)
{
	struct suspend_block_request *sreq;
	struct power_level_request *preq;
	struct suspend_block_walk sw;
	struct power_level_walk pw;
	struct wakeup_source *ws;
	struct wl_row r;
	u64 now = qos_mono_ns(), idle_now = local_clock();
	int srcuidx;

	seq_puts(m, "name\tcount\texpire_count\twake_count\tactive_since\ttotal_time\tsleep_time\tmax_time\tlast_change\n");
	wl_deleted_row(&r);
	wl_print_row(m, "deleted_wake_locks", &r);

	suspend_block_walk_start(&sw);
	while ((sreq = suspend_block_walk_next(&sw))) {
		/* Those get their own rows below, with their statistics. */
		if (suspend_block_backs_wakeup_source(sreq))
			continue;
		wl_suspend_row(sreq, &r, now);
		wl_print_row(m, sreq->name, &r);
	}
	suspend_block_walk_end(&sw);

	power_level_walk_start(&pw);
	while ((preq = power_level_walk_next(&pw))) {
		wl_idle_row(preq, &r, idle_now);
		wl_print_row(m, preq->name, &r);
	}
	power_level_walk_end(&pw);

	srcuidx = wakeup_sources_read_lock();
	for_each_wakeup_source(ws) {
		wl_wakeup_source_row(ws, &r);
		wl_print_row(m, ws->name, &r);
	}
	wakeup_sources_read_unlock(srcuidx);
	return 0;
}

static int __init wakelocks_proc_init(void)
{
	return proc_create_single("wakelocks", 0444, NULL,
				  wakelocks_proc_show) ? 0 : -ENOMEM;
}
late_initcall(wakelocks_proc_init);
