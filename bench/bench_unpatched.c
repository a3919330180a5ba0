// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmark's run on unpatched 6.1: the floors and mainline's rows
 * only, the reference that scripts compare this kernel's rows against
 * (scripts/pristine-tree.sh lays this file, the harness and the mainline
 * rows into a copy of the unpatched tree).
 */

#define pr_fmt(fmt) "bench: " fmt

#include <linux/debugfs.h>

#include "bench.h"

/* Unpatched 6.1 has no pm_qos directory in debugfs: make one. */
struct dentry *bench_debugfs_dir(void)
{
	return debugfs_create_dir("pm_qos", NULL);
}

void bench_run(void)
{
	struct bench_mainline m;

	bench_header("unpatched 6.1");
	bench_floors();
	bench_mainline_rows(&m);
	bench_out("done\n");
}
