/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * /dev/suspend_block: suspend-block requests owned by file descriptors.
 *
 * Each open file is one request of the pm_qos suspend-block class.  While
 * it is acquired, the system does not suspend (autosleep waits, and a
 * suspend started through /sys/power/wakeup_count aborts).  Closing the
 * file, or the death of the process holding it, releases the request:
 * user space cannot leak it.  Opening needs CAP_BLOCK_SUSPEND.
 */
#ifndef _UAPI_LINUX_SUSPEND_BLOCK_H
#define _UAPI_LINUX_SUSPEND_BLOCK_H

#include <linux/ioctl.h>
#include <linux/types.h>

/* Longest name, with its terminating NUL. */
#define SUSPEND_BLOCK_NAME_LEN	64

struct suspend_block_name {
	char name[SUSPEND_BLOCK_NAME_LEN];
};

#define SUSPEND_BLOCK_IOC_MAGIC	0xB9

/*
 * Name the request (statistics, traces), once, before its first
 * acquisition: 1 to 63 printable bytes other than space, double quote and
 * backslash (EINVAL otherwise; EBUSY if named or acquired already).
 * Without it the name is "fd:" and the opener's command, with bytes other
 * than printable non-space ones, and quotes and backslashes, replaced by
 * '_'.
 */
#define SUSPEND_BLOCK_IOC_SET_NAME \
	_IOW(SUSPEND_BLOCK_IOC_MAGIC, 0, struct suspend_block_name)
/* Block suspend until released (cancels a pending timeout). */
#define SUSPEND_BLOCK_IOC_ACQUIRE	_IO(SUSPEND_BLOCK_IOC_MAGIC, 1)
/* Block suspend for the given number of nanoseconds (> 0). */
#define SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT \
	_IOW(SUSPEND_BLOCK_IOC_MAGIC, 2, __u64)
/* Stop blocking suspend; releasing a released request does nothing. */
#define SUSPEND_BLOCK_IOC_RELEASE	_IO(SUSPEND_BLOCK_IOC_MAGIC, 3)

#endif /* _UAPI_LINUX_SUSPEND_BLOCK_H */
