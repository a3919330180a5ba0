// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the test-only debugfs command files of the pm_qos classes
 * (qos_suspend_block_test_hooks.c, qos_power_level_test_hooks.c): a shell
 * writes one command per write(), and names the requests it adds.
 */

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "qos_test_hooks.h"

/**
 * qos_hook_split - Split a command line into words.
 * @line: The line; modified in place.
 * @words: Where to store the words.
 * @max: Size of @words.
 *
 * Words are separated by spaces, tabs and newlines; empty ones are skipped.
 *
 * Context: Any context.
 * Return: the number of words, or -EINVAL if there are more than @max.
 */
int qos_hook_split(char *line, char **words, int max)
{
	char *w;
	int n = 0;

	while ((w = strsep(&line, " \t\n"))) {
		if (!*w)
			continue;
		if (n == max)
			return -EINVAL;
		words[n++] = w;
	}
	return n;
}

/**
 * qos_hook_write - Run a command written to a hook file.
 * @file: The debugfs file; its data is its struct qos_hook_table.
 * @ubuf: What user space wrote.
 * @count: Its length; at most 128 bytes.
 * @ppos: Unused: each write is one command.
 *
 * Context: Process context (the file's write handler).
 * Return: @count, or the negative errno of the copy or of the table's
 * command (-EINVAL if the write is too long).
 */
ssize_t qos_hook_write(struct file *file, const char __user *ubuf,
		       size_t count, loff_t *ppos)
{
	const struct qos_hook_table *t = file_inode(file)->i_private;
	char *buf;
	int ret;

	if (count > 128)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(t->lock);
	ret = t->cmd(buf);
	mutex_unlock(t->lock);
	kfree(buf);
	return ret ? ret : count;
}

static struct qos_hook_slot *qos_hook_at(const struct qos_hook_table *t,
					 unsigned int i)
{
	return t->entries + i * t->size;
}

/**
 * qos_hook_find - The used slot of a name.
 * @t: The hook file's table; its lock held.
 * @name: The name.
 *
 * Context: Process context, under the hook file's lock.
 * Return: the slot, or NULL if no used slot has @name.
 */
struct qos_hook_slot *qos_hook_find(const struct qos_hook_table *t,
				    const char *name)
{
	unsigned int i;

	for (i = 0; i < t->count; i++)
		if (qos_hook_at(t, i)->used &&
		    !strcmp(qos_hook_at(t, i)->name, name))
			return qos_hook_at(t, i);
	return NULL;
}

/**
 * qos_hook_claim - Take a free slot for a new name.
 * @t: The hook file's table; its lock held.
 * @name: The name.
 *
 * The slot is marked used and named; its entry's request is the caller's
 * to add.  The caller clears ->used when it removes the request.
 *
 * Context: Process context, under the hook file's lock.
 * Return: the slot, or ERR_PTR(-ENAMETOOLONG) if @name is longer than
 * QOS_HOOK_NAME, -EEXIST if a used slot has it, -ENOSPC if none is free.
 */
struct qos_hook_slot *qos_hook_claim(const struct qos_hook_table *t,
				     const char *name)
{
	struct qos_hook_slot *slot;
	unsigned int i;

	if (strlen(name) > QOS_HOOK_NAME)
		return ERR_PTR(-ENAMETOOLONG);
	if (qos_hook_find(t, name))
		return ERR_PTR(-EEXIST);
	for (i = 0; i < t->count; i++) {
		slot = qos_hook_at(t, i);
		if (!slot->used) {
			strscpy(slot->name, name, sizeof(slot->name));
			slot->used = true;
			return slot;
		}
	}
	return ERR_PTR(-ENOSPC);
}
