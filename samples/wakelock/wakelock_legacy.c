// SPDX-License-Identifier: GPL-2.0
/*
 * A driver written the way Android drivers of 2009 were: it knows only
 * <linux/wakelock.h>, and builds unchanged on the compatibility layer.
 *
 * The "device" is a line of the kernel's interrupt simulator, raised by
 * writing a count to /sys/kernel/debug/wakelock_legacy/raise.  The pattern
 * is the classic one:
 *
 *   - the interrupt handler takes evt_lock (WAKE_LOCK_SUSPEND) and queues
 *     the bottom half, so the system cannot suspend between the interrupt
 *     and the moment the event is handled;
 *   - the bottom half holds idle_lock (WAKE_LOCK_IDLE) while it "talks to
 *     the device", consumes the events, takes report_lock with a timeout so
 *     that user space has time to read what happened, and only then drops
 *     evt_lock: the locks overlap, so there is no window for a suspend.
 *
 * /sys/kernel/debug/wakelock_legacy/events counts the handled events.
 *
 * As Android drivers did, the wake lock code is under #ifdef
 * CONFIG_HAS_WAKELOCK and the early-suspend hook (which would turn the
 * device off with the screen) under #ifdef CONFIG_HAS_EARLYSUSPEND: on a
 * kernel without those symbols such a driver builds with neither, silently.
 * early_suspends and late_resumes in the same directory count the hook's
 * calls.
 */

#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irq_sim.h>
#include <linux/irqdomain.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/workqueue.h>
#ifdef CONFIG_HAS_WAKELOCK
#include <linux/wakelock.h>
#endif
#ifdef CONFIG_HAS_EARLYSUSPEND
#include <linux/earlysuspend.h>
#endif

/* How long user space gets to read an event before suspend may resume. */
#define REPORT_TIMEOUT	(3 * HZ)

#ifdef CONFIG_HAS_WAKELOCK
static struct wake_lock evt_lock;
static struct wake_lock report_lock;
static struct wake_lock idle_lock;
#endif

static struct dentry *debug_dir;
static struct irq_domain *sim_domain;
static unsigned int sim_irq;

static atomic_t pending = ATOMIC_INIT(0);
static unsigned long handled;	/* only the work item writes it */

static void evt_work_fn(struct work_struct *work)
{
#ifdef CONFIG_HAS_WAKELOCK
	wake_lock(&idle_lock);
#endif
	handled += atomic_xchg(&pending, 0);
#ifdef CONFIG_HAS_WAKELOCK
	wake_unlock(&idle_lock);

	wake_lock_timeout(&report_lock, REPORT_TIMEOUT);
	wake_unlock(&evt_lock);
#endif
}

static DECLARE_WORK(evt_work, evt_work_fn);

static irqreturn_t evt_irq(int irq, void *dev_id)
{
#ifdef CONFIG_HAS_WAKELOCK
	wake_lock(&evt_lock);
#endif
	atomic_inc(&pending);
	schedule_work(&evt_work);
	return IRQ_HANDLED;
}

static ssize_t raise_write(struct file *file, const char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	unsigned int n, i;
	int ret;

	ret = kstrtouint_from_user(ubuf, count, 10, &n);
	if (ret)
		return ret;
	if (n > 1000)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		ret = irq_set_irqchip_state(sim_irq, IRQCHIP_STATE_PENDING,
					    true);
		if (ret)
			return ret;
	}
	return count;
}

static const struct file_operations raise_fops = {
	.write = raise_write,
	.llseek = noop_llseek,
};

static int events_get(void *data, u64 *val)
{
	flush_work(&evt_work);
	*val = handled;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(events_fops, events_get, NULL, "%llu\n");

#ifdef CONFIG_HAS_EARLYSUSPEND
static unsigned long early_suspends, late_resumes;

/* Screen off: a real driver would stop scanning here. */
static void sample_early_suspend(struct early_suspend *h)
{
	early_suspends++;
}

static void sample_late_resume(struct early_suspend *h)
{
	late_resumes++;
}

static struct early_suspend sample_es = {
	.level = EARLY_SUSPEND_LEVEL_BLANK_SCREEN + 1,
	.suspend = sample_early_suspend,
	.resume = sample_late_resume,
};
#endif

static int __init wakelock_legacy_init(void)
{
	int ret;

#ifdef CONFIG_HAS_WAKELOCK
	wake_lock_init(&evt_lock, WAKE_LOCK_SUSPEND, "wl_sample_event");
	wake_lock_init(&report_lock, WAKE_LOCK_SUSPEND, "wl_sample_report");
	wake_lock_init(&idle_lock, WAKE_LOCK_IDLE, "wl_sample_idle");
#endif

	sim_domain = irq_domain_create_sim(NULL, 1);
	if (IS_ERR(sim_domain)) {
		ret = PTR_ERR(sim_domain);
		goto err_locks;
	}
	sim_irq = irq_create_mapping(sim_domain, 0);
	if (!sim_irq) {
		ret = -ENXIO;
		goto err_domain;
	}
	ret = request_irq(sim_irq, evt_irq, 0, "wakelock_legacy", NULL);
	if (ret)
		goto err_mapping;

	debug_dir = debugfs_create_dir("wakelock_legacy", NULL);
	debugfs_create_file("raise", 0200, debug_dir, NULL, &raise_fops);
	debugfs_create_file_unsafe("events", 0444, debug_dir, NULL,
				   &events_fops);
#ifdef CONFIG_HAS_EARLYSUSPEND
	debugfs_create_ulong("early_suspends", 0444, debug_dir,
			     &early_suspends);
	debugfs_create_ulong("late_resumes", 0444, debug_dir, &late_resumes);
	register_early_suspend(&sample_es);
#endif
	return 0;

err_mapping:
	irq_dispose_mapping(sim_irq);
err_domain:
	irq_domain_remove_sim(sim_domain);
err_locks:
#ifdef CONFIG_HAS_WAKELOCK
	wake_lock_destroy(&idle_lock);
	wake_lock_destroy(&report_lock);
	wake_lock_destroy(&evt_lock);
#endif
	return ret;
}
module_init(wakelock_legacy_init);

static void __exit wakelock_legacy_exit(void)
{
#ifdef CONFIG_HAS_EARLYSUSPEND
	unregister_early_suspend(&sample_es);
#endif
	debugfs_remove(debug_dir);
	free_irq(sim_irq, NULL);
	flush_work(&evt_work);
	irq_dispose_mapping(sim_irq);
	irq_domain_remove_sim(sim_domain);
#ifdef CONFIG_HAS_WAKELOCK
	wake_lock_destroy(&idle_lock);
	wake_lock_destroy(&report_lock);
	wake_lock_destroy(&evt_lock);
#endif
}
module_exit(wakelock_legacy_exit);

MODULE_DESCRIPTION("A 2009-style driver on the wake_lock compatibility layer");
MODULE_LICENSE("GPL");
