// SPDX-License-Identifier: GPL-2.0
/*
 * The debugfs directory shared by the read-outs of the pm_qos classes
 * (suspend-block, power-level): /sys/kernel/debug/pm_qos.
 */

#include <linux/debugfs.h>

#include "qos_debugfs.h"

/**
 * pm_qos_debugfs_dir - The pm_qos directory in debugfs, created on first use.
 *
 * Context: Process context, from initcalls (which are serialised).
 * Return: the directory's dentry (an error pointer if debugfs is absent,
 * which debugfs_create_file() accepts and ignores).
 */
struct dentry *pm_qos_debugfs_dir(void)
{
	static struct dentry *dir;

	if (!dir)
		dir = debugfs_create_dir("pm_qos", NULL);
	return dir;
}
