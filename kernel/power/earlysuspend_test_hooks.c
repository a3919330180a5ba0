// SPDX-License-Identifier: GPL-2.0
/*
 * Early-suspend handlers for the guest tests
 * (CONFIG_PM_EARLYSUSPEND_TEST_HOOKS).
 *
 * Five handlers, registered out of level order, log each hook call as
 * "suspend NAME" or "resume NAME", one per line, to
 * /sys/kernel/debug/pm_qos/earlysuspend_test; any write to the file clears the
 * log.  "blank" has no suspend hook, only a resume hook, and "fb" has no
 * resume hook.
 */

#include <linux/debugfs.h>
#include <linux/earlysuspend.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "qos_debugfs.h"

#define EST_LOG_SIZE	2048

static DEFINE_MUTEX(est_lock);
static char est_log[EST_LOG_SIZE];
static size_t est_len;

struct est_handler {
	struct early_suspend es;
	const char *name;
};

static void est_note(struct early_suspend *h, const char *what)
{
	struct est_handler *t = container_of(h, struct est_handler, es);

	mutex_lock(&est_lock);
	est_len += scnprintf(est_log + est_len, EST_LOG_SIZE - est_len,
			     "%s %s\n", what, t->name);
	mutex_unlock(&est_lock);
}

static void est_suspend(struct early_suspend *h)
{
	est_note(h, "suspend");
}

static void est_resume(struct early_suspend *h)
{
	est_note(h, "resume");
}

#define EST(lvl, nm, s, r) { .es = { .level = (lvl), .suspend = (s), \
				     .resume = (r) }, .name = (nm) }

/* Registration order; the passes must sort them by level. */
static struct est_handler est_handlers[] = {
	EST(EARLY_SUSPEND_LEVEL_DISABLE_FB, "fb", est_suspend, NULL),
	EST(EARLY_SUSPEND_LEVEL_STOP_DRAWING, "draw1", est_suspend, est_resume),
	EST(EARLY_SUSPEND_LEVEL_BLANK_SCREEN, "blank", NULL, est_resume),
	EST(EARLY_SUSPEND_LEVEL_STOP_DRAWING, "draw2", est_suspend, est_resume),
	EST(EARLY_SUSPEND_LEVEL_BLANK_SCREEN - 10, "input", est_suspend,
	    est_resume),
};

static int est_show(struct seq_file *m, void *unused)
{
	mutex_lock(&est_lock);
	seq_write(m, est_log, est_len);
	mutex_unlock(&est_lock);
	return 0;
}

static int est_open(struct inode *inode, struct file *file)
{
	return single_open(file, est_show, NULL);
}

static ssize_t est_write(struct file *file, const char __user *buf,
			 size_t count, loff_t *ppos)
{
	mutex_lock(&est_lock);
	est_len = 0;
	mutex_unlock(&est_lock);
	return count;
}

static const struct file_operations est_fops = {
	.open = est_open,
	.read = seq_read,
	.write = est_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int __init early_suspend_test_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(est_handlers); i++)
		register_early_suspend(&est_handlers[i].es);
	debugfs_create_file("earlysuspend_test", 0600, pm_qos_debugfs_dir(),
			    NULL, &est_fops);
	return 0;
}
late_initcall(early_suspend_test_init);
