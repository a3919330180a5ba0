// SPDX-License-Identifier: GPL-2.0
/*
 * A test module written the way a 2009 Android driver used early suspend:
 * three handlers at the levels of <linux/earlysuspend.h> (blank screen,
 * stop drawing, disable fb), registered out of level order, each writing
 * what ran into a log.  It uses nothing a release kernel lacks (no
 * debugfs): the log is the module parameter "log", one token per call,
 * "s50" for the suspend handler of level 50, "r50" for its resume, in the
 * order they ran; writing anything to it empties it.  The guest tests of
 * release kernels read it after each suspend of user space's loop.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/earlysuspend.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/string.h>

/* Room for a few hundred tokens: more tests than one guest run holds. */
#define ESOT_LOG_SIZE	2048

static DEFINE_MUTEX(esot_lock);
static char esot_log[ESOT_LOG_SIZE];
static size_t esot_len;
static bool esot_overflow;

static void esot_record(char dir, int level)
{
	char tok[16];
	int n;

	n = scnprintf(tok, sizeof(tok), "%s%c%d", esot_len ? " " : "", dir,
		      level);
	mutex_lock(&esot_lock);
	/* A full log says so rather than silently dropping a call. */
	if (esot_len + n >= ESOT_LOG_SIZE) {
		esot_overflow = true;
	} else {
		memcpy(esot_log + esot_len, tok, n + 1);
		esot_len += n;
	}
	mutex_unlock(&esot_lock);
}

static void esot_suspend(struct early_suspend *h)
{
	esot_record('s', h->level);
}

static void esot_resume(struct early_suspend *h)
{
	esot_record('r', h->level);
}

/* Registered in this order, which is not the level order. */
static struct early_suspend esot_handlers[] = {
	{ .level = EARLY_SUSPEND_LEVEL_DISABLE_FB,
	  .suspend = esot_suspend, .resume = esot_resume },
	{ .level = EARLY_SUSPEND_LEVEL_BLANK_SCREEN,
	  .suspend = esot_suspend, .resume = esot_resume },
	{ .level = EARLY_SUSPEND_LEVEL_STOP_DRAWING,
	  .suspend = esot_suspend, .resume = esot_resume },
};

static int esot_log_get(char *buf, const struct kernel_param *kp)
{
	int n;

	mutex_lock(&esot_lock);
	n = sysfs_emit(buf, "%s%s\n", esot_log,
		       esot_overflow ? " overflow" : "");
	mutex_unlock(&esot_lock);
	return n;
}

static int esot_log_set(const char *val, const struct kernel_param *kp)
{
	mutex_lock(&esot_lock);
	esot_log[0] = '\0';
	esot_len = 0;
	esot_overflow = false;
	mutex_unlock(&esot_lock);
	return 0;
}

static const struct kernel_param_ops esot_log_ops = {
	.get = esot_log_get,
	.set = esot_log_set,
};
module_param_cb(log, &esot_log_ops, NULL, 0644);
MODULE_PARM_DESC(log, "the handlers' calls in order (s: suspend, r: resume); a write empties it");

static int __init esot_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(esot_handlers); i++)
		register_early_suspend(&esot_handlers[i]);
	return 0;
}
module_init(esot_init);

static void __exit esot_exit(void)
{
	int i;

	for (i = ARRAY_SIZE(esot_handlers) - 1; i >= 0; i--)
		unregister_early_suspend(&esot_handlers[i]);
}
module_exit(esot_exit);

MODULE_DESCRIPTION("Test module of early suspend's level order");
MODULE_LICENSE("GPL");
