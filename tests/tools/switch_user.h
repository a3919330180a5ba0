/* SPDX-License-Identifier: GPL-2.0 */
/*
 * switch_user(): become another user, optionally keeping
 * CAP_BLOCK_SUSPEND, for the guest tools that test permissions.
 */
#ifndef SWITCH_USER_H
#define SWITCH_USER_H

#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Become @uid; with @keep, keep CAP_BLOCK_SUSPEND in the new identity. */
static inline int switch_user(uid_t uid, int keep)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2] = { 0 };
	int i = CAP_TO_INDEX(CAP_BLOCK_SUSPEND);

	if (keep && prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0))
		return -1;
	if (setresgid(uid, uid, uid) || setresuid(uid, uid, uid))
		return -1;
	if (!keep)
		return 0;
	data[i].permitted = CAP_TO_MASK(CAP_BLOCK_SUSPEND);
	data[i].effective = data[i].permitted;
	return syscall(SYS_capset, &hdr, data);
}

#endif /* SWITCH_USER_H */
