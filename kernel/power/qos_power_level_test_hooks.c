// SPDX-License-Identifier: GPL-2.0
/*
 * Test-only debugfs hook of the power-level class:
 * /sys/kernel/debug/pm_qos/power_level_test takes "add NAME LEVEL",
 * "update NAME LEVEL" and "remove NAME" (LEVEL: a state index or "any") so
 * a shell can drive requests.  Errors: -EINVAL (unknown command, wrong
 * number of words, bad level), -ENOENT (unknown name), -EEXIST (name
 * taken), -ENAMETOOLONG, -ENOSPC (all slots used).  A failed command
 * changes nothing.  The idle states the requests limit in a QEMU guest
 * come from drivers/cpuidle/cpuidle-power-level-test.c.
 */

#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/mutex.h>
#include <linux/pm_qos_power_level.h>
#include <linux/seq_file.h>
#include <linux/string.h>

#include "qos_debugfs.h"
#include "qos_test_hooks.h"

struct pl_hook {
	struct qos_hook_slot slot;	/* first: see qos_hook_table */
	struct power_level_request req;
};

static DEFINE_MUTEX(pl_hook_lock);
static struct pl_hook pl_hooks[16];
static int pl_hook_cmd(char *line);
static struct qos_hook_table pl_hook_table = {
	.entries = pl_hooks,
	.size = sizeof(pl_hooks[0]),
	.count = ARRAY_SIZE(pl_hooks),
	.lock = &pl_hook_lock,
	.cmd = pl_hook_cmd,
};

static struct pl_hook *pl_hook_find(const char *name)
{
	struct qos_hook_slot *slot = qos_hook_find(&pl_hook_table, name);

	return slot ? container_of(slot, struct pl_hook, slot) : NULL;
}

static int pl_hook_level(const char *word, s32 *level)
{
	int ret;

	if (!strcmp(word, "any")) {
		*level = POWER_LEVEL_ANY;
		return 0;
	}
	ret = kstrtos32(word, 10, level);
	if (ret)
		return -EINVAL;
	if (*level < 0 || *level >= POWER_LEVEL_COUNT)
		return -EINVAL;
	return 0;
}

static int pl_hook_cmd(char *line)
{
	char *words[4];
	struct qos_hook_slot *slot;
	struct pl_hook *h;
	s32 level = POWER_LEVEL_ANY;
	int n, ret;

	n = qos_hook_split(line, words, ARRAY_SIZE(words));
	if (n < 2 || n != (strcmp(words[0], "remove") ? 3 : 2))
		return -EINVAL;
	if (n == 3) {
		ret = pl_hook_level(words[2], &level);
		if (ret)
			return ret;
	}
	if (strlen(words[1]) > QOS_HOOK_NAME)
		return -ENAMETOOLONG;
	h = pl_hook_find(words[1]);

	if (!strcmp(words[0], "add")) {
		slot = qos_hook_claim(&pl_hook_table, words[1]);
		if (IS_ERR(slot))
			return PTR_ERR(slot);
		h = container_of(slot, struct pl_hook, slot);
		power_level_add_request(&h->req, h->slot.name, level);
		return 0;
	}
	if (strcmp(words[0], "update") && strcmp(words[0], "remove"))
		return -EINVAL;
	if (!h)
		return -ENOENT;
	if (!strcmp(words[0], "update"))
		return power_level_update_request(&h->req, level);
	power_level_remove_request(&h->req);
	h->slot.used = false;
	return 0;
}

static const struct file_operations pl_hook_fops = {
	.owner = THIS_MODULE,
	.write = qos_hook_write,
};

static int __init pl_test_init(void)
{
	debugfs_create_file("power_level_test", 0200, pm_qos_debugfs_dir(),
			    &pl_hook_table, &pl_hook_fops);
	return 0;
}
late_initcall(pl_test_init);
