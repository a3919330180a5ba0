// SPDX-License-Identifier: GPL-2.0
/*
 * The debugfs directory shared by the read-outs of the pm_qos classes
 * (suspend-block, power-level): /sys/kernel/debug/pm_qos.
 */

#include <linux/debugfs.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "qos_debugfs.h"

/**
 * pm_qos_debugfs_dir - The pm_qos directory in debugfs, created on first use.
 *
 * Context: Process context, from initcalls (which are serialised).
 * Return: the directory's dentry (an error pointer if debugfs is absent,
 * which debugfs_create_file() accepts and ignores).
 */
struct dentry *pm_qos_debugfs_dir(void)
{
	static struct dentry *dir;

	if (!dir)
		dir = debugfs_create_dir("pm_qos", NULL);
	return dir;
}

/**
 * pm_qos_debugfs_split - Split a command line into words.
 * @line: The line; modified in place.
 * @words: Where to store the words.
 * @max: Size of @words.
 *
 * Words are separated by spaces, tabs and newlines; empty ones are skipped.
 *
 * Context: Any context.
 * Return: the number of words, or -EINVAL if there are more than @max.
 */
int pm_qos_debugfs_split(char *line, char **words, int max)
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
 * pm_qos_debugfs_write_cmd - Run a command written to a debugfs file.
 * @ubuf: What user space wrote.
 * @count: Its length; at most 128 bytes.
 * @lock: Mutex held while @cmd runs.
 * @cmd: Parses and carries out the command; returns 0 or a negative errno.
 *
 * Context: Process context (a debugfs write handler).
 * Return: @count, or the negative errno of the copy or of @cmd (-EINVAL if
 * the write is too long).
 */
ssize_t pm_qos_debugfs_write_cmd(const char __user *ubuf, size_t count,
				 struct mutex *lock, int (*cmd)(char *line))
{
	char *buf;
	int ret;

	if (count > 128)
		return -EINVAL;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(lock);
	ret = cmd(buf);
	mutex_unlock(lock);
	kfree(buf);
	return ret ? ret : count;
}
