/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals of the wake_lock compatibility layer shared by its files and
 * its KUnit suite.
 */
#ifndef _KERNEL_POWER_WAKELOCK_COMPAT_H
#define _KERNEL_POWER_WAKELOCK_COMPAT_H

#include <linux/types.h>

struct seq_file;

/* Longest name of a user wake lock, in bytes (documented ABI). */
#define WAKELOCK_USER_NAME_MAX	128

int wakelocks_proc_show(struct seq_file *m, void *v);

unsigned int wakelock_user_gc(u64 min_idle_ns);
unsigned int wakelock_user_count(void);

#endif /* _KERNEL_POWER_WAKELOCK_COMPAT_H */
