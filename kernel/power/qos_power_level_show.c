// SPDX-License-Identifier: GPL-2.0
/*
 * Read-out of the power-level class: /sys/kernel/debug/pm_qos/power_level,
 * the limit, then one tab-separated line per registered request, in the
 * suspend-block listing's style (level "any" when inactive; times in ns;
 * active_since is the length of the open interval, which total_time and
 * max_time include).  The registry is walked in batches
 * (qos_registry_walk.h).
 */

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/minmax.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>

#include "qos_debugfs.h"
#include "qos_power_level.h"

static int pl_debugfs_show(struct seq_file *m, void *unused)
{
	struct power_level_request *req;
	struct power_level_snapshot snap;
	struct power_level_walk pw;
	u64 now = local_clock();
	s32 limit = power_level_limit();

	if (limit == POWER_LEVEL_ANY)
		seq_puts(m, "limit: any\n");
	else
		seq_printf(m, "limit: %d\n", limit);
	seq_puts(m, "name\tlevel\tactive_count\texpire_count\tactive_since\ttotal_time\tmax_time\tlast_change\n");
	power_level_walk_start(&pw);
	while ((req = power_level_walk_next(&pw))) {
		power_level_snapshot(req, now, &snap);
		seq_printf(m, "%s\t", req->name);
		if (snap.level != POWER_LEVEL_ANY)
			seq_printf(m, "%d", snap.level);
		else
			seq_puts(m, "any");
		seq_printf(m, "\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n",
			   snap.stats.active_count, snap.stats.expire_count,
			   snap.open, snap.stats.total_time + snap.open,
			   max(snap.stats.max_time, snap.open),
			   snap.stats.last_change);
	}
	power_level_walk_end(&pw);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pl_debugfs);

static int __init power_level_debugfs_init(void)
{
	debugfs_create_file("power_level", 0444, pm_qos_debugfs_dir(), NULL,
			    &pl_debugfs_fops);
	return 0;
}
late_initcall(power_level_debugfs_init);
