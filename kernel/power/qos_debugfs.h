/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _KERNEL_POWER_QOS_DEBUGFS_H
#define _KERNEL_POWER_QOS_DEBUGFS_H

struct dentry;

struct dentry *pm_qos_debugfs_dir(void);

#endif /* _KERNEL_POWER_QOS_DEBUGFS_H */
