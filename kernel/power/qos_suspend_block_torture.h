/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Hooks of the suspend-block torture test inside the class's race windows.
 * Without CONFIG_PM_QOS_SUSPEND_BLOCK_TORTURE they compile to nothing; with
 * it, to one patched-out jump while no torture run is going on.
 */
#ifndef _KERNEL_POWER_QOS_SUSPEND_BLOCK_TORTURE_H
#define _KERNEL_POWER_QOS_SUSPEND_BLOCK_TORTURE_H

#include <linux/compiler.h>
#include <linux/jump_label.h>
#include <linux/types.h>

#ifdef CONFIG_PM_QOS_SUSPEND_BLOCK_TORTURE

/* On while a torture run goes on. */
DECLARE_STATIC_KEY_FALSE(suspend_block_torture_running);

void suspend_block_torture_delay(void);

/* Sometimes wait a little here, to widen a race window. */
static __always_inline void sb_torture_window(void)
{
	if (static_branch_unlikely(&suspend_block_torture_running))
		suspend_block_torture_delay();
}

#else

static __always_inline void sb_torture_window(void) {}

#endif /* CONFIG_PM_QOS_SUSPEND_BLOCK_TORTURE */

#endif /* _KERNEL_POWER_QOS_SUSPEND_BLOCK_TORTURE_H */
