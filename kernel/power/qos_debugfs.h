/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_POWER_QOS_DEBUGFS_H
#define _KERNEL_POWER_QOS_DEBUGFS_H

#include <linux/compiler_types.h>
#include <linux/types.h>

struct dentry;
struct mutex;

struct dentry *pm_qos_debugfs_dir(void);

/* Helpers of the test-only command files. */
int pm_qos_debugfs_split(char *line, char **words, int max);
ssize_t pm_qos_debugfs_write_cmd(const char __user *ubuf, size_t count,
				 struct mutex *lock, int (*cmd)(char *line));

#endif /* _KERNEL_POWER_QOS_DEBUGFS_H */
