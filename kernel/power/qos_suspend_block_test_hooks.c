// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only debugfs hooks that let a shell drive suspend-block requests:
 *
 *   echo "add NAME"                > /sys/kernel/debug/pm_qos/suspend_block_test
 *   echo "activate NAME [MS]"      > ...   (MS: timeout in milliseconds)
 *   echo "deactivate NAME"         > ...
 *   echo "remove NAME"             > ...
 *   echo "activate-at STAGE NAME"  > ...   activate NAME once, during the
 *	next suspend, at STAGE: prepare (PM notifier), suspend (a device's
 *	->suspend), suspend_noirq (its ->suspend_noirq) or resume (PM
 *	notifier after resume, to keep an autosleeping guest awake) or
 *	s2idle (each entry of the s2idle loop traces machine_suspend just
 *	before the PM core's last check for wakeups, under its s2idle_lock:
 *	that check then finds the activation; fired from the trace probe)
 *   echo "activate-at s2idle NAME MS" > ...   at the next s2idle entry,
 *	start a hard-IRQ hrtimer that activates NAME MS milliseconds later,
 *	while the system sleeps in the s2idle loop, which it must wake
 *   echo "veto"                    > ...   the next suspend's PREPARE
 *	notifier fails it with -EBUSY (the PM core then sends POST only to
 *	the notifiers before this one)
 *
 * Reading lists the hook's requests ("NAME active|inactive") and the armed
 * stage.  Errors: -EINVAL (unknown command, missing or extra words, bad
 * stage or number), -ENOENT (unknown name), -EEXIST (name taken),
 * -ENAMETOOLONG, -ENOSPC (all slots used), -ERANGE (timeout too large).
 * A failed command changes nothing.
 */

#include <linux/debugfs.h>
#include <linux/hrtimer.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/suspend.h>
#include <trace/events/power.h>

#include "qos_debugfs.h"
#include "qos_suspend_block.h"
#include "qos_test_hooks.h"

struct sb_hook {
	struct qos_hook_slot slot;	/* first: see qos_hook_table */
	struct suspend_block_request req;
};

enum sb_stage {
	SB_NONE, SB_PREPARE, SB_SUSPEND, SB_SUSPEND_NOIRQ, SB_RESUME, SB_S2IDLE
};

static const char * const sb_stage_names[] = {
	[SB_NONE] = "none",
	[SB_PREPARE] = "prepare",
	[SB_SUSPEND] = "suspend",
	[SB_SUSPEND_NOIRQ] = "suspend_noirq",
	[SB_RESUME] = "resume",
	[SB_S2IDLE] = "s2idle",
};

static DEFINE_MUTEX(sb_hook_lock);
static struct sb_hook sb_hooks[16];
static int sb_hook_cmd(char *line);
static struct qos_hook_table sb_hook_table = {
	.entries = sb_hooks,
	.size = sizeof(sb_hooks[0]),
	.count = ARRAY_SIZE(sb_hooks),
	.lock = &sb_hook_lock,
	.cmd = sb_hook_cmd,
};

static enum sb_stage sb_armed_stage;
static struct sb_hook *sb_armed;
static bool sb_veto_next;
/*
 * The hooks that fire where no mutex may be taken (a trace probe, a hard
 * IRQ): set under sb_hook_lock, taken with xchg() by the one that fires.
 */
static struct sb_hook *sb_s2idle_armed;
static unsigned int sb_s2idle_ms;	/* its delay: 0 for none */
static struct sb_hook *sb_timer_armed;
static struct hrtimer sb_timer;

static struct sb_hook *sb_hook_find(const char *name)
{
	struct qos_hook_slot *slot = qos_hook_find(&sb_hook_table, name);

	return slot ? container_of(slot, struct sb_hook, slot) : NULL;
}

/* Called at each stage of a suspend: fire the armed activation once. */
static void sb_hook_stage(enum sb_stage stage)
{
	mutex_lock(&sb_hook_lock);
	if (sb_armed_stage == stage && sb_armed) {
		pr_info("suspend_block_test: activating %s at %s\n",
			sb_armed->slot.name, sb_stage_names[stage]);
		suspend_block_activate(&sb_armed->req);
		sb_armed_stage = SB_NONE;
		sb_armed = NULL;
	}
	mutex_unlock(&sb_hook_lock);
}

static enum hrtimer_restart sb_hook_timer_fn(struct hrtimer *t)
{
	struct sb_hook *h = xchg(&sb_timer_armed, NULL);

	if (h)
		suspend_block_activate(&h->req);
	return HRTIMER_NORESTART;
}

/* The s2idle loop is about to look for wakeups one last time, and sleep. */
static void sb_hook_probe_suspend_resume(void *data, const char *action,
					 int val, bool start)
{
	struct sb_hook *h;

	if (!start || val != (__force int)PM_SUSPEND_TO_IDLE ||
	    strcmp(action, "machine_suspend"))
		return;
	h = xchg(&sb_s2idle_armed, NULL);
	if (!h)
		return;
	if (!READ_ONCE(sb_s2idle_ms)) {
		suspend_block_activate(&h->req);
		return;
	}
	WRITE_ONCE(sb_timer_armed, h);
	hrtimer_start(&sb_timer, ms_to_ktime(READ_ONCE(sb_s2idle_ms)),
		      HRTIMER_MODE_REL_HARD);
}

/* Disarm the lock-free hooks of @h, and wait for one that is firing. */
static void sb_hook_disarm(struct sb_hook *h)
{
	cmpxchg(&sb_s2idle_armed, h, NULL);
	synchronize_rcu();	/* trace probes run with preemption off */
	/* Disarmed now, or maybe firing for @h: either way, wait for it. */
	if (cmpxchg(&sb_timer_armed, h, NULL) == h || !READ_ONCE(sb_timer_armed))
		hrtimer_cancel(&sb_timer);
}

static int sb_hook_stage_parse(const char *word)
{
	int i;

	for (i = SB_PREPARE; i < ARRAY_SIZE(sb_stage_names); i++)
		if (!strcmp(word, sb_stage_names[i]))
			return i;
	return -EINVAL;
}

/* A timeout or a delay in milliseconds: an hour at most. */
static int sb_hook_parse_ms(const char *word, unsigned int *ms)
{
	int ret = kstrtouint(word, 10, ms);

	if (ret)
		return ret;
	return *ms > 3600 * MSEC_PER_SEC ? -ERANGE : 0;
}

static int sb_hook_add(const char *name)
{
	struct qos_hook_slot *slot = qos_hook_claim(&sb_hook_table, name);
	struct sb_hook *h;

	if (IS_ERR(slot))
		return PTR_ERR(slot);
	h = container_of(slot, struct sb_hook, slot);
	suspend_block_add_request(&h->req, h->slot.name);
	return 0;
}

static int sb_hook_cmd(char *line)
{
	char *words[4], *cmd, *name;
	unsigned int ms = 0;
	struct sb_hook *h;
	int n, stage = SB_NONE, ret;

	n = qos_hook_split(line, words, ARRAY_SIZE(words));
	if (n == 1 && !strcmp(words[0], "veto")) {
		sb_veto_next = true;
		return 0;
	}
	if (n < 2)
		return -EINVAL;
	cmd = words[0];
	name = words[1];
	if (!strcmp(cmd, "activate-at")) {
		if (n < 3)
			return -EINVAL;
		stage = sb_hook_stage_parse(words[1]);
		if (stage < 0)
			return stage;
		if (n == 4 && stage == SB_S2IDLE) {
			ret = sb_hook_parse_ms(words[3], &ms);
			if (ret)
				return ret;
		} else if (n != 3) {
			return -EINVAL;
		}
		name = words[2];
	} else if (!strcmp(cmd, "activate") && n == 3) {
		ret = sb_hook_parse_ms(words[2], &ms);
		if (ret)
			return ret;
	} else if (n != 2) {
		return -EINVAL;
	}
	if (strlen(name) > QOS_HOOK_NAME)
		return -ENAMETOOLONG;

	if (!strcmp(cmd, "add"))
		return sb_hook_add(name);
	if (strcmp(cmd, "activate-at") && strcmp(cmd, "activate") &&
	    strcmp(cmd, "deactivate") && strcmp(cmd, "remove"))
		return -EINVAL;
	h = sb_hook_find(name);
	if (!h)
		return -ENOENT;

	if (stage == SB_S2IDLE) {
		WRITE_ONCE(sb_s2idle_ms, ms);
		/* After the delay: the probe's xchg() reads it after @h. */
		smp_store_release(&sb_s2idle_armed, h);
	} else if (stage != SB_NONE) {
		sb_armed_stage = stage;
		sb_armed = h;
	} else if (!strcmp(cmd, "activate") && n == 3) {
		suspend_block_activate_timeout(&h->req, msecs_to_jiffies(ms));
	} else if (!strcmp(cmd, "activate")) {
		suspend_block_activate(&h->req);
	} else if (!strcmp(cmd, "deactivate")) {
		suspend_block_deactivate(&h->req);
	} else {
		if (sb_armed == h) {
			sb_armed = NULL;
			sb_armed_stage = SB_NONE;
		}
		sb_hook_disarm(h);
		suspend_block_remove_request(&h->req);
		h->slot.used = false;
	}
	return 0;
}

static int sb_hook_show(struct seq_file *m, void *unused)
{
	struct sb_hook *h;
	int i;

	mutex_lock(&sb_hook_lock);
	for (i = 0; i < ARRAY_SIZE(sb_hooks); i++)
		if (sb_hooks[i].slot.used)
			seq_printf(m, "%s %s\n", sb_hooks[i].slot.name,
				   suspend_block_request_active(&sb_hooks[i].req) ?
				   "active" : "inactive");
	seq_printf(m, "armed: %s %s%s\n", sb_stage_names[sb_armed_stage],
		   sb_armed ? sb_armed->slot.name : "-",
		   sb_veto_next ? " veto" : "");
	h = READ_ONCE(sb_s2idle_armed);
	seq_printf(m, "armed s2idle: %s\n", h ? h->slot.name : "-");
	h = READ_ONCE(sb_timer_armed);
	seq_printf(m, "armed timer: %s\n", h ? h->slot.name : "-");
	mutex_unlock(&sb_hook_lock);
	return 0;
}

static int sb_hook_open(struct inode *inode, struct file *file)
{
	return single_open(file, sb_hook_show, NULL);
}

static const struct file_operations sb_hook_fops = {
	.owner = THIS_MODULE,
	.open = sb_hook_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = qos_hook_write,
};

static int sb_hook_pm_notify(struct notifier_block *nb, unsigned long action,
			     void *data)
{
	if (action == PM_SUSPEND_PREPARE) {
		sb_hook_stage(SB_PREPARE);
		mutex_lock(&sb_hook_lock);
		if (sb_veto_next) {
			sb_veto_next = false;
			mutex_unlock(&sb_hook_lock);
			pr_info("suspend_block_test: vetoing this suspend\n");
			return notifier_from_errno(-EBUSY);
		}
		mutex_unlock(&sb_hook_lock);
	} else if (action == PM_POST_SUSPEND) {
		sb_hook_stage(SB_RESUME);
	}
	return NOTIFY_DONE;
}

static struct notifier_block sb_hook_pm_nb = {
	.notifier_call = sb_hook_pm_notify,
};

static int sb_hook_dev_suspend(struct device *dev)
{
	sb_hook_stage(SB_SUSPEND);
	return 0;
}

static int sb_hook_dev_suspend_noirq(struct device *dev)
{
	sb_hook_stage(SB_SUSPEND_NOIRQ);
	return 0;
}

static const struct dev_pm_ops sb_hook_pm_ops = {
	.suspend = sb_hook_dev_suspend,
	.suspend_noirq = sb_hook_dev_suspend_noirq,
};

static struct platform_driver sb_hook_driver = {
	.driver = {
		.name = "suspend_block_test",
		.pm = &sb_hook_pm_ops,
	},
};

static int __init sb_hook_init(void)
{
	struct platform_device *pdev;
	int ret;

	ret = platform_driver_register(&sb_hook_driver);
	if (ret)
		return ret;
	pdev = platform_device_register_simple("suspend_block_test", -1,
					       NULL, 0);
	if (IS_ERR(pdev)) {
		platform_driver_unregister(&sb_hook_driver);
		return PTR_ERR(pdev);
	}
	register_pm_notifier(&sb_hook_pm_nb);
	hrtimer_init(&sb_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	sb_timer.function = sb_hook_timer_fn;
	if (IS_ENABLED(CONFIG_TRACEPOINTS))
		WARN_ON(register_trace_suspend_resume(sb_hook_probe_suspend_resume,
						      NULL));
	debugfs_create_file("suspend_block_test", 0600, pm_qos_debugfs_dir(),
			    &sb_hook_table, &sb_hook_fops);
	return 0;
}
late_initcall(sb_hook_init);
