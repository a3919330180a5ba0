// SPDX-License-Identifier: GPL-2.0
/*
 * Read-outs of the suspend-block class (who reads each: the table in
 * Documentation/power/suspend-block.rst):
 *
 *   /sys/kernel/debug/pm_qos/suspend_block  every registered request but
 *	those behind mainline wakeup sources (whose statistics are the
 *	sources', in debugfs wakeup_sources), its state and the class's
 *	statistics, one tab-separated line each, and a "deleted" line summing
 *	up removed requests;
 *   /sys/power/suspend_blockers  the names of the requests blocking suspend
 *	right now (wakeup sources included), separated by spaces;
 *   debugfs wakeup_sources  mainline's file: after the wakeup sources, a
 *	row per other request, in its format
 *	(suspend_block_show_wakeup_source_rows());
 *   /proc/suspend_blockers  every request with who made it (a wakeup
 *	source's with the source's own statistics): kind (kernel, fd, sysfs,
 *	wakeup_source), name, state, statistics, and for user-space
 *	requests the owner's pid (as the
 *	reader's pid namespace sees it; "-" once the process is gone, since
 *	its number may be reused, or if the reader cannot see it), uid (in
 *	the reader's user namespace) and comm, one tab-separated line each.
 *
 * All walk the registry, which is fine for read-outs and is the reason the
 * hot paths never do; in batches (qos_registry_walk.h), since any user may
 * read them.
 */

#include <linux/cred.h>
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/pid.h>
#include <linux/pid_namespace.h>
#include <linux/device.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/sysfs.h>

#include "qos_debugfs.h"
#include "qos_suspend_block.h"

/*
 * The owner columns, "\tpid\tuid\tcomm": the pid as @ns sees it while the
 * process lives (its number may be reused after), the uid in the reader's
 * user namespace, "-" for what is not known.  An owner without a process
 * (the wakeup-source code's) has none of the three.
 */
static void sb_show_owner(struct seq_file *m,
			  const struct suspend_block_owner *owner,
			  struct pid_namespace *ns)
{
	pid_t nr = 0;

	if (owner && !owner->pid)
		owner = NULL;

	if (owner && pid_has_task(owner->pid, PIDTYPE_TGID))
		nr = pid_nr_ns(owner->pid, ns);
	if (nr)
		seq_printf(m, "\t%d", nr);
	else
		seq_puts(m, "\t-");
	if (owner) {
		uid_t uid = from_kuid_munged(seq_user_ns(m), owner->uid);

		seq_printf(m, "\t%u\t", uid);
		seq_escape(m, owner->comm, " \t\n\\");
	} else {
		seq_puts(m, "\t-\t-");
	}
}

static void sb_show_one(struct seq_file *m, const char *name, bool active,
			const struct suspend_block_stats *st, u64 open,
			u64 open_prevent, unsigned long expires_in,
			const struct suspend_block_owner *owner)
{
	u64 total = st->total_time + open;

	seq_printf(m, "%s\t%d\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%s",
		   name, active, st->active_count, st->expire_count,
		   st->wakeup_count, open, total, max(st->max_time, open),
		   st->prevent_time + open_prevent, st->last_change,
		   jiffies64_to_msecs(expires_in), owner ? owner->kind : "kernel");
	sb_show_owner(m, owner, task_active_pid_ns(current));
	seq_putc(m, '\n');
}

/*
 * Times are ns.  active_since is the length of the open active interval;
 * total_time, max_time and prevent_time include it, as mainline's
 * wakeup_sources does.
 * expires_in is ms to a pending timeout, 0 without one.  kind, pid, uid
 * and comm as in /proc/suspend_blockers (the pid as the reader's pid
 * namespace sees it).
 */
static int sb_debugfs_show(struct seq_file *m, void *unused)
{
	struct suspend_block_request *req;
	struct suspend_block_snapshot snap;
	struct suspend_block_walk sw;
	struct suspend_block_stats st;
	u64 now = qos_mono_ns();

	seq_puts(m, "name\tactive\tactive_count\texpire_count\twakeup_count\tactive_since\ttotal_time\tmax_time\tprevent_time\tlast_change\texpires_in_ms\tkind\tpid\tuid\tcomm\n");
	suspend_block_walk_start(&sw);
	while ((req = suspend_block_walk_next(&sw))) {
		if (suspend_block_backs_wakeup_source(req))
			continue;
		suspend_block_snapshot(req, now, &snap);
		sb_show_one(m, req->name, snap.active, &snap.stats, snap.open,
			    snap.open_prevent, snap.expires_in, req->owner);
	}
	suspend_block_walk_end(&sw);
	suspend_block_deleted_stats(&st);
	sb_show_one(m, "deleted", false, &st, 0, 0, 0, NULL);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sb_debugfs);

static ssize_t suspend_blockers_show(struct kobject *kobj,
				     struct kobj_attribute *attr, char *buf)
{
	struct suspend_block_request *req;
	struct suspend_block_walk sw;
	int len = 0;

	suspend_block_walk_start(&sw);
	while ((req = suspend_block_walk_next(&sw))) {
		if (suspend_block_request_active(req))
			len += sysfs_emit_at(buf, len, "%s ", req->name);
	}
	suspend_block_walk_end(&sw);
	if (len)
		len--;	/* the last separator */
	len += sysfs_emit_at(buf, len, "\n");
	return len;
}

static struct kobj_attribute suspend_blockers_attr = __ATTR_RO(suspend_blockers);

/* Names may hold spaces (kernel requests): escape what splits a row. */
static void sb_owner_row(struct seq_file *m, const char *kind,
			 const char *name, bool active, u64 open, u64 count,
			 u64 total, u64 max_time,
			 const struct suspend_block_owner *owner)
{
	seq_printf(m, "%s\t", kind);
	seq_escape(m, name, " \t\n\\");
	seq_printf(m, "\t%d\t%llu\t%llu\t%llu\t%llu", active, open, count,
		   total, max_time);
	sb_show_owner(m, owner, proc_pid_ns(file_inode(m->file)->i_sb));
	seq_putc(m, '\n');
}

/* A mainline wakeup source, under its lock as its debugfs file reads it. */
static void sb_wakeup_source_row(struct seq_file *m, struct wakeup_source *ws)
{
	ktime_t open, max_time, total;
	unsigned long flags;
	bool active;
	u64 count;

	spin_lock_irqsave(&ws->lock, flags);
	count = ws->active_count;
	total = ws->total_time;
	max_time = ws->max_time;
	/* After the statistics, so that the open interval is not in them. */
	active = suspend_block_source_open(ws, ktime_get(), &open);
	spin_unlock_irqrestore(&ws->lock, flags);
	sb_owner_row(m, "wakeup_source", ws->name, active, ktime_to_ns(open),
		     count, ktime_to_ns(ktime_add(total, open)),
		     ktime_to_ns(max(max_time, open)), NULL);
}

/*
 * Times are ns: active_ns the open interval, total_ns and max_ns including
 * it.  Rows are printed with the registry lock held, in batches.
 */
static int suspend_blockers_proc_show(struct seq_file *m, void *v)
{
	struct suspend_block_request *req;
	struct suspend_block_snapshot snap;
	struct suspend_block_walk sw;
	struct wakeup_source *ws;
	u64 now = qos_mono_ns();
	int srcuidx;

	seq_puts(m, "kind\tname\tactive\tactive_ns\tcount\ttotal_ns\tmax_ns\tpid\tuid\tcomm\n");
	suspend_block_walk_start(&sw);
	while ((req = suspend_block_walk_next(&sw))) {
		/* Those get their own rows below, with their statistics. */
		if (suspend_block_backs_wakeup_source(req))
			continue;
		suspend_block_snapshot(req, now, &snap);
		sb_owner_row(m, req->owner ? req->owner->kind : "kernel",
			     req->name, snap.active, snap.open,
			     snap.stats.active_count,
			     snap.stats.total_time + snap.open,
			     max(snap.stats.max_time, snap.open), req->owner);
	}
	suspend_block_walk_end(&sw);

	srcuidx = wakeup_sources_read_lock();
	for_each_wakeup_source(ws)
		sb_wakeup_source_row(m, ws);
	wakeup_sources_read_unlock(srcuidx);
	return 0;
}

/**
 * suspend_block_show_wakeup_source_rows - The class's rows of wakeup_sources.
 * @m: The seq_file of debugfs wakeup_sources.
 *
 * One row per request that backs no wakeup source, in that file's format
 * (name, active_count, event_count, wakeup_count, expire_count, then
 * active_since, total_time, max_time, last_change and
 * prevent_suspend_time in ms), so that it lists every blocker.  A
 * request's events are its activations.
 *
 * Context: Process context (the registry is walked in batches).
 */
void suspend_block_show_wakeup_source_rows(struct seq_file *m)
{
	struct suspend_block_request *req;
	struct suspend_block_snapshot snap;
	struct suspend_block_walk sw;
	u64 now = qos_mono_ns();

	suspend_block_walk_start(&sw);
	while ((req = suspend_block_walk_next(&sw))) {
		if (suspend_block_backs_wakeup_source(req))
			continue;
		suspend_block_snapshot(req, now, &snap);
		seq_printf(m, "%-12s\t%llu\t\t%llu\t\t%llu\t\t%llu\t\t%llu\t\t%llu\t\t%llu\t\t%llu\t\t%llu\n",
			   req->name, snap.stats.active_count,
			   snap.stats.active_count, snap.stats.wakeup_count,
			   snap.stats.expire_count,
			   div_u64(snap.open, NSEC_PER_MSEC),
			   div_u64(snap.stats.total_time + snap.open,
				   NSEC_PER_MSEC),
			   div_u64(max(snap.stats.max_time, snap.open),
				   NSEC_PER_MSEC),
			   div_u64(snap.stats.last_change, NSEC_PER_MSEC),
			   div_u64(snap.stats.prevent_time + snap.open_prevent,
				   NSEC_PER_MSEC));
	}
	suspend_block_walk_end(&sw);
}

static int __init suspend_block_show_init(void)
{
	debugfs_create_file("suspend_block", 0444, pm_qos_debugfs_dir(), NULL,
			    &sb_debugfs_fops);
	proc_create_single("suspend_blockers", 0444, NULL,
			   suspend_blockers_proc_show);
	return sysfs_create_file(power_kobj, &suspend_blockers_attr.attr);
}
late_initcall(suspend_block_show_init);
