// SPDX-License-Identifier: GPL-2.0
/*
 * Read-outs of the suspend-block class:
 *
 *   /sys/kernel/debug/pm_qos/suspend_block  every registered request, its
 *	state and statistics, one tab-separated line each, and a "deleted"
 *	line summing up removed requests;
 *   /sys/power/suspend_blockers  the names of the requests blocking suspend
 *	right now, separated by spaces.
 *
 * Both walk the registry, which is fine for read-outs and is the reason the
 * hot paths never do; in batches (qos_registry_walk.h), since any user may
 * read them.
 */

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kobject.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/sysfs.h>

#include "qos_debugfs.h"
#include "qos_suspend_block.h"

static void sb_show_one(struct seq_file *m, const char *name, bool active,
			const struct suspend_block_stats *st, u64 open,
			u64 open_prevent, unsigned long expires_in)
{
	u64 total = st->total_time + open;

	seq_printf(m, "%s\t%d\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n",
		   name, active, st->active_count, st->expire_count,
		   st->wakeup_count, open, total, max(st->max_time, open),
		   st->prevent_time + open_prevent, st->last_change,
		   jiffies64_to_msecs(expires_in));
}

/*
 * Times are ns.  active_since is the length of the open active interval;
 * total_time, max_time and prevent_time include it, as mainline's
 * wakeup_sources does.
 * expires_in is ms to a pending timeout, 0 without one.
 */
static int sb_debugfs_show(struct seq_file *m, void *unused)
{
	struct suspend_block_request *req;
	struct suspend_block_snapshot snap;
	struct suspend_block_walk sw;
	struct suspend_block_stats st;
	u64 now = local_clock();

	seq_puts(m, "name\tactive\tactive_count\texpire_count\twakeup_count\tactive_since\ttotal_time\tmax_time\tprevent_time\tlast_change\texpires_in_ms\n");
	suspend_block_walk_start(&sw);
	while ((req = suspend_block_walk_next(&sw))) {
		suspend_block_snapshot(req, now, &snap);
		sb_show_one(m, req->name, snap.active, &snap.stats, snap.open,
			    snap.open_prevent, snap.expires_in);
	}
	st = suspend_block_deleted;
	suspend_block_walk_end(&sw);
	sb_show_one(m, "deleted", false, &st, 0, 0, 0);
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

static int __init suspend_block_show_init(void)
{
	debugfs_create_file("suspend_block", 0444, pm_qos_debugfs_dir(), NULL,
			    &sb_debugfs_fops);
	return sysfs_create_file(power_kobj, &suspend_blockers_attr.attr);
}
late_initcall(suspend_block_show_init);
