/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the test-only debugfs command files of the pm_qos classes share
 * (qos_test_hooks.c): parsing a written command, and a table of named
 * slots for the requests a shell adds.  Built only with one of the
 * classes' *_TEST_HOOKS options.
 */
#ifndef _KERNEL_POWER_QOS_TEST_HOOKS_H
#define _KERNEL_POWER_QOS_TEST_HOOKS_H

#include <linux/compiler_types.h>
#include <linux/kernel.h>
#include <linux/types.h>

struct file;
struct mutex;

int qos_hook_split(char *line, char **words, int max);

#define QOS_HOOK_NAME	32

/* The first member of each entry of a hook file's table. */
struct qos_hook_slot {
	char name[QOS_HOOK_NAME + 1];
	bool used;
};

/*
 * A hook file: its table, an array of @count entries of @size bytes, each
 * starting with a slot; @lock, held while @cmd runs a written command
 * (returning 0 or a negative errno).  The file's debugfs data.
 */
struct qos_hook_table {
	void *entries;
	size_t size;
	unsigned int count;
	struct mutex *lock;	/* serialises the commands */
	int (*cmd)(char *line);
};

ssize_t qos_hook_write(struct file *file, const char __user *ubuf,
		       size_t count, loff_t *ppos);

struct qos_hook_slot *qos_hook_find(const struct qos_hook_table *t,
				    const char *name);
struct qos_hook_slot *qos_hook_claim(const struct qos_hook_table *t,
				     const char *name);

#endif /* _KERNEL_POWER_QOS_TEST_HOOKS_H */
