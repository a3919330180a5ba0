/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Delay points of the pm_qos torture test (qos_torture.c) in the classes'
 * race windows.  Without CONFIG_PM_QOS_TORTURE_TEST they compile to
 * nothing; with it, to a patched-out jump while no torture module runs.
 */
#ifndef _KERNEL_POWER_QOS_TORTURE_H
#define _KERNEL_POWER_QOS_TORTURE_H

#include <linux/compiler.h>
#include <linux/jump_label.h>
#include <linux/types.h>

#ifdef CONFIG_PM_QOS_TORTURE_HOOKS

DECLARE_STATIC_KEY_FALSE(pm_qos_torture_windows);
void pm_qos_torture_delay(void);

/* A race window: while a torture run goes on, sometimes wait here. */
static __always_inline void pm_qos_torture_window(void)
{
	if (static_branch_unlikely(&pm_qos_torture_windows))
		pm_qos_torture_delay();
}

void pm_qos_torture_preempt_delay(void);

/*
 * A gap inside a lock-free transition, between the change of the aggregate
 * and the exchange of the request's state, which the class runs with
 * preemption off: a race window as above, and the one the torture type
 * suspend_block_preempt_busted opens to preemption, to show that the
 * stale-event check finds a task preempted there.
 */
static __always_inline void pm_qos_torture_preempt_window(void)
{
	if (static_branch_unlikely(&pm_qos_torture_windows))
		pm_qos_torture_preempt_delay();
}

/* For the torture module: qos_torture_hooks.c. */
void pm_qos_torture_open_windows(unsigned int max_us, unsigned int ratio,
				 bool preemptible);
void pm_qos_torture_close_windows(void);
bool pm_qos_torture_event_in_progress(void);
bool pm_qos_torture_s2idle_asleep(void);
unsigned int pm_qos_torture_active_requests(unsigned int *aggregate);
s32 pm_qos_torture_least_level(s32 *limit);
unsigned int pm_qos_torture_aggregate(void);
void pm_qos_torture_event_begin(void);
void pm_qos_torture_event_end(void);
struct suspend_block_request;
int pm_qos_torture_source_start(struct suspend_block_request *req, u64 *since);
int pm_qos_torture_source_stop(struct suspend_block_request *req, u64 *since,
			       u64 *end);

#else

static __always_inline void pm_qos_torture_window(void) {}
static __always_inline void pm_qos_torture_preempt_window(void) {}

#endif /* CONFIG_PM_QOS_TORTURE_HOOKS */

#endif /* _KERNEL_POWER_QOS_TORTURE_H */
