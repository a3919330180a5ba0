// SPDX-License-Identifier: GPL-2.0
/*
 * Android's meaning of /sys/power/state, for the user space of the
 * early-suspend era (Android up to 4.1), opt-in.
 *
 * libhardware_legacy turned the screen off by writing "mem" to
 * /sys/power/state and on by writing "on".  On Android kernels "mem"
 * returned at once: it ran the early-suspend pass and let the system sleep
 * whenever no wake lock was held; "on" ran the late-resume pass.  Mainline
 * user space expects the opposite: "mem" suspends now, whatever is held,
 * and returns after resume; "on" is invalid.  Both cannot hold at once, so
 * Android's meaning is off by default and turned on with
 * earlysuspend.legacy_state=1 (boot or /sys/module/earlysuspend/parameters).
 * It then behaves as a write to /sys/power/request_state for "on" and for
 * every suspend state, and Android's "main" wake lock is held while "on"
 * (see earlysuspend.c).  "disk" and anything else keep mainline's meaning.
 *
 * 2009's system_server and rild wrote /sys/power/wake_lock without
 * CAP_BLOCK_SUSPEND: init.rc gave the file to their group instead.  With
 * earlysuspend.legacy_wake_lock_group=1 as well, a process the file's
 * mode lets open it for writing needs no capability: the file's owner and
 * group, set by init, are the access rule, as on Android.
 */

#include <linux/earlysuspend.h>
#include <linux/init.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/suspend.h>

#include "earlysuspend_internal.h"

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "earlysuspend."

static DEFINE_MUTEX(legacy_mutex);
static bool legacy_state;
static bool legacy_group;
/* Boot parameters are parsed before early suspend can hold "main". */
static bool legacy_ready;

static int legacy_state_set(const char *val, const struct kernel_param *kp)
{
	bool on = true;		/* a bare "earlysuspend.legacy_state" */
	int ret = val ? kstrtobool(val, &on) : 0;

	if (ret)
		return ret;
	mutex_lock(&legacy_mutex);
	if (legacy_ready && on != legacy_state)
		early_suspend_use_main_lock(on);
	WRITE_ONCE(legacy_state, on);
	mutex_unlock(&legacy_mutex);
	return 0;
}

static const struct kernel_param_ops legacy_state_ops = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = legacy_state_set,
	.get = param_get_bool,
};
module_param_cb(legacy_state, &legacy_state_ops, &legacy_state, 0644);
MODULE_PARM_DESC(legacy_state,
		 "Android's /sys/power/state: \"mem\" and \"on\" do not block");
module_param_named(legacy_wake_lock_group, legacy_group, bool, 0644);
MODULE_PARM_DESC(legacy_wake_lock_group,
		 "With legacy_state: /sys/power/wake_lock's mode, not CAP_BLOCK_SUSPEND, decides");

/**
 * early_suspend_legacy_state_store - Android's meaning of a state write.
 * @buf: What was written to /sys/power/state.
 * @n: Its length.
 *
 * Context: Process context.
 * Return: @n once "on" or a suspend state is requested, -EINVAL for a state
 * request_suspend_state() refuses, or -ENOIOCTLCMD when Android's meaning
 * is off or @buf is something else ("disk", junk): mainline's meaning then
 * applies.
 */
ssize_t early_suspend_legacy_state_store(const char *buf, size_t n)
{
	suspend_state_t state;

	if (!READ_ONCE(legacy_state) ||
	    early_suspend_parse_state(buf, false, &state))
		return -ENOIOCTLCMD;
	return request_suspend_state(state) ?: n;
}

/**
 * early_suspend_legacy_group_access - Whether the wake_lock file's mode
 *	alone grants access.
 *
 * Context: Any context.
 * Return: true with both earlysuspend.legacy_state and
 * earlysuspend.legacy_wake_lock_group on.
 */
bool early_suspend_legacy_group_access(void)
{
	return READ_ONCE(legacy_state) && READ_ONCE(legacy_group);
}

/* After early suspend's core_initcall: "main" can be held from now on. */
static int __init early_suspend_legacy_init(void)
{
	mutex_lock(&legacy_mutex);
	legacy_ready = true;
	if (legacy_state)
		early_suspend_use_main_lock(true);
	mutex_unlock(&legacy_mutex);
	return 0;
}
postcore_initcall(early_suspend_legacy_init);
