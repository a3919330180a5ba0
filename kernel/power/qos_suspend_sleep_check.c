// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only check of the suspend-block class's promise at the PM core's
 * last look for wakeups: a sleep entered by a suspend under the
 * wakeup_count handshake (autosleep's) must have had no request active
 * there.  /sys/kernel/debug/pm_qos/suspend_sleep_check reads
 * "entries=N violations=N" since boot, for the project's suspend-race
 * test.  The PM core's machine_suspend event says where that look is:
 *
 *  - S3: its start comes after the last look, with interrupts off and one
 *    CPU left, so nothing can change: no request may be active there.
 *  - s2idle: its start comes before the loop's last look (under
 *    s2idle_lock), with every CPU running, and its end after the loop woke.
 *    A request active at the start began its event before, so the look
 *    must fail, which disarms the handshake (pm_wakeup_pending() clears
 *    events_check_enabled).  A handshake armed at the start and still
 *    armed at the end means the look passed and the loop slept: an entry,
 *    and a violation if the start saw a request active.  What happens
 *    after the look is the torture test's "unwoken" check.
 */

#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <trace/events/power.h>

#include "qos_debugfs.h"
#include "qos_suspend_block.h"

static atomic_long_t sleep_entries, sleep_violations;
/* At the s2idle loop's machine_suspend start; only the suspending task. */
static bool s2idle_armed;
static unsigned int s2idle_active;

static void sleep_violation(unsigned int active)
{
	atomic_long_inc(&sleep_violations);
	pr_err("suspend_sleep_check: sleep entered with %u request(s) active\n",
	       active);
}

static void sleep_check_probe(void *data, const char *action, int val,
			      bool start)
{
	if (strcmp(action, "machine_suspend"))
		return;
	if (val != (__force int)PM_SUSPEND_TO_IDLE) {
		if (!start)
			return;
		atomic_long_inc(&sleep_entries);
		if (READ_ONCE(events_check_enabled) && suspend_block_active())
			sleep_violation(suspend_block_active_count());
		return;
	}
	if (start) {
		s2idle_armed = READ_ONCE(events_check_enabled);
		s2idle_active = suspend_block_active_count();
		/* Both read before the loop's look reads the counters. */
		smp_mb();
		return;
	}
	if (!s2idle_armed || !READ_ONCE(events_check_enabled))
		return;
	atomic_long_inc(&sleep_entries);
	if (s2idle_active)
		sleep_violation(s2idle_active);
}

static int sleep_check_show(struct seq_file *m, void *v)
{
	seq_printf(m, "entries=%ld violations=%ld\n",
		   atomic_long_read(&sleep_entries),
		   atomic_long_read(&sleep_violations));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sleep_check);

static int __init sleep_check_init(void)
{
	debugfs_create_file("suspend_sleep_check", 0400, pm_qos_debugfs_dir(),
			    NULL, &sleep_check_fops);
	return register_trace_suspend_resume(sleep_check_probe, NULL);
}
late_initcall(sleep_check_init);
