/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the wake_lock compatibility layer shared by its files and
 * its KUnit suite.
 */
#ifndef _KERNEL_POWER_WAKELOCK_COMPAT_H
#define _KERNEL_POWER_WAKELOCK_COMPAT_H

#include <linux/types.h>
#include <asm/page.h>

struct seq_file;

/*
 * Longest name of a user wake lock, in bytes: as in mainline, whatever one
 * write to sysfs can carry (kernfs hands a store at most a page).  Memory
 * stays bounded by CONFIG_PM_WAKELOCKS_LIMIT locks.
 */
#define WAKELOCK_USER_NAME_MAX	PAGE_SIZE

int wakelocks_proc_show(struct seq_file *m, void *v);

unsigned int wakelock_user_gc(u64 min_idle_ns);
unsigned int wakelock_user_count(void);

#endif /* _KERNEL_POWER_WAKELOCK_COMPAT_H */
