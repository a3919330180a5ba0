// SPDX-License-Identifier: GPL-2.0
/*
 * /dev/suspend_block: user-space suspend-block requests owned by files.
 *
 * /sys/power/wake_lock names a lock by a string that every write parses
 * and looks up, and a lock whose owner forgets it, or dies holding it,
 * blocks suspend until its timeout (or forever).  Here the handle is the
 * open file: acquire and release are ioctls on it that go straight to the
 * request (O(1), no lookup, no lock but the class's own), and closing the
 * file, which the kernel does for a dying process, removes the request.
 *
 * Each user may hold at most suspend_block_dev.max_per_user files open (64
 * by default, 0 for no limit; CAP_SYS_RESOURCE overrides it, as it does
 * rlimits): every file is a request in the registry and kernel memory,
 * and CAP_BLOCK_SUSPEND alone should not let a daemon pile them up.
 *
 * A file's request is added on its first SET_NAME or ACQUIRE, so that a
 * name can be given before anybody sees the request; the per-file mutex
 * only orders that first step, and later calls find the request added
 * with one acquire-load.
 */

#include <linux/capability.h>
#include <linux/ctype.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/hashtable.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/miscdevice.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/pm_qos_suspend_block.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <uapi/linux/suspend_block.h>

#include "qos_suspend_block.h"

struct sb_file {
	struct suspend_block_request req;
	struct suspend_block_owner owner;	/* the opener */
	struct mutex add_lock;	/* orders the request's addition */
	bool added;		/* set once, with smp_store_release() */
	char name[SUSPEND_BLOCK_NAME_LEN];
};

/*
 * "fd:<comm>".  A task names itself (prctl(PR_SET_NAME)) with any bytes, and
 * the read-outs separate names by spaces and rows by newlines, and
 * /proc/wakelocks quotes them: whatever isgraph() rejects, and quotes and
 * backslashes, become '_', so no holder can split or forge a row.
 */
static void sb_dev_default_name(char *name, size_t size)
{
	char comm[TASK_COMM_LEN];
	size_t i;

	get_task_comm(comm, current);
	for (i = 0; comm[i]; i++)
		if (!isgraph(comm[i]) || comm[i] == '"' || comm[i] == '\\')
			comm[i] = '_';
	snprintf(name, size, "fd:%s", comm[0] ? comm : "_");
}

static unsigned int sb_dev_max_per_user = 64;
module_param_named(max_per_user, sb_dev_max_per_user, uint, 0644);
MODULE_PARM_DESC(max_per_user,
		 "Open /dev/suspend_block files per user (0: no limit)");

/* Open files per uid, for the limit; only users with files are here. */
struct sb_user {
	struct hlist_node node;
	kuid_t uid;
	unsigned int files;
};

static DEFINE_MUTEX(sb_users_lock);
static DEFINE_HASHTABLE(sb_users, 6);

static struct sb_user *sb_user_find(kuid_t uid)
{
	struct sb_user *u;

	hash_for_each_possible(sb_users, u, node, __kuid_val(uid))
		if (uid_eq(u->uid, uid))
			return u;
	return NULL;
}

/* Count one more file for @uid: -EMFILE past the limit, -ENOMEM. */
static int sb_user_get(kuid_t uid)
{
	unsigned int max = READ_ONCE(sb_dev_max_per_user);
	struct sb_user *u;
	int ret = 0;

	mutex_lock(&sb_users_lock);
	u = sb_user_find(uid);
	if (!u) {
		u = kzalloc(sizeof(*u), GFP_KERNEL_ACCOUNT);
		if (!u) {
			ret = -ENOMEM;
			goto out;
		}
		u->uid = uid;
		hash_add(sb_users, &u->node, __kuid_val(uid));
	}
	/* u->files >= max >= 1: never a user just added. */
	if (max && u->files >= max && !capable(CAP_SYS_RESOURCE))
		ret = -EMFILE;
	else
		u->files++;
out:
	mutex_unlock(&sb_users_lock);
	return ret;
}

static void sb_user_put(kuid_t uid)
{
	struct sb_user *u;

	mutex_lock(&sb_users_lock);
	u = sb_user_find(uid);
	if (!WARN_ON_ONCE(!u) && --u->files == 0) {
		hash_del(&u->node);
		kfree(u);
	}
	mutex_unlock(&sb_users_lock);
}

static int sb_dev_open(struct inode *inode, struct file *file)
{
	struct sb_file *f;
	int ret;

	if (!capable(CAP_BLOCK_SUSPEND))
		return -EPERM;
	ret = sb_user_get(current_uid());
	if (ret)
		return ret;
	f = kzalloc(sizeof(*f), GFP_KERNEL_ACCOUNT);	/* the opener pays */
	if (!f) {
		sb_user_put(current_uid());
		return -ENOMEM;
	}
	mutex_init(&f->add_lock);
	suspend_block_owner_init(&f->owner, "fd");
	sb_dev_default_name(f->name, sizeof(f->name));
	file->private_data = f;
	return 0;
}

static int sb_dev_release(struct inode *inode, struct file *file)
{
	struct sb_file *f = file->private_data;

	if (f->added)
		suspend_block_remove_request(&f->req);
	sb_user_put(f->owner.uid);	/* the uid counted at open */
	suspend_block_owner_release(&f->owner);
	mutex_destroy(&f->add_lock);
	kfree(f);
	return 0;
}

/* Add the request under the name it has now, if not done yet. */
static void sb_dev_add(struct sb_file *f)
{
	mutex_lock(&f->add_lock);
	if (!f->added) {
		suspend_block_add_owned_request(&f->req, f->name, &f->owner);
		suspend_block_entry_make(&f->req);
		/* Pairs with sb_dev_req(): the request before the flag. */
		smp_store_release(&f->added, true);
	}
	mutex_unlock(&f->add_lock);
}

static struct suspend_block_request *sb_dev_req(struct sb_file *f)
{
	/* Pairs with the release in sb_dev_add() and sb_dev_set_name(). */
	if (unlikely(!smp_load_acquire(&f->added)))
		sb_dev_add(f);
	return &f->req;
}

/*
 * Printable, without spaces (/sys/power/suspend_blockers separates names
 * by spaces), quotes or backslashes (/proc/wakelocks quotes names): the
 * same bytes the default name keeps.
 */
static bool sb_dev_name_valid(const char *name, size_t size)
{
	size_t len = strnlen(name, size), i;

	if (!len || len == size)
		return false;
	for (i = 0; i < len; i++)
		if (!isgraph(name[i]) || name[i] == '"' || name[i] == '\\')
			return false;
	return true;
}

static long sb_dev_set_name(struct sb_file *f, void __user *arg)
{
	struct suspend_block_name n;
	long ret = 0;

	if (copy_from_user(&n, arg, sizeof(n)))
		return -EFAULT;
	if (!sb_dev_name_valid(n.name, sizeof(n.name)))
		return -EINVAL;
	mutex_lock(&f->add_lock);
	if (f->added) {
		ret = -EBUSY;	/* named already, or acquired unnamed */
	} else {
		strscpy(f->name, n.name, sizeof(f->name));
		suspend_block_add_owned_request(&f->req, f->name, &f->owner);
		suspend_block_entry_make(&f->req);
		/* Pairs with sb_dev_req(): the request before the flag. */
		smp_store_release(&f->added, true);
	}
	mutex_unlock(&f->add_lock);
	return ret;
}

static long sb_dev_acquire_timeout(struct sb_file *f, void __user *arg)
{
	unsigned long timeout;
	u64 ns;

	if (copy_from_user(&ns, arg, sizeof(ns)))
		return -EFAULT;
	if (!ns)
		return -EINVAL;
	timeout = qos_ns_to_jiffies(ns);
	suspend_block_activate_timeout(sb_dev_req(f), timeout);
	return 0;
}

static long sb_dev_ioctl(struct file *file, unsigned int cmd,
			 unsigned long arg)
{
	struct sb_file *f = file->private_data;

	switch (cmd) {
	case SUSPEND_BLOCK_IOC_ACQUIRE:
		suspend_block_activate(sb_dev_req(f));
		return 0;
	case SUSPEND_BLOCK_IOC_RELEASE:
		/* Pairs with the release that published the request. */
		if (smp_load_acquire(&f->added))
			suspend_block_deactivate(&f->req);
		return 0;
	case SUSPEND_BLOCK_IOC_ACQUIRE_TIMEOUT:
		return sb_dev_acquire_timeout(f, (void __user *)arg);
	case SUSPEND_BLOCK_IOC_SET_NAME:
		return sb_dev_set_name(f, (void __user *)arg);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations sb_dev_fops = {
	.owner = THIS_MODULE,
	.open = sb_dev_open,
	.release = sb_dev_release,
	.unlocked_ioctl = sb_dev_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

/* Anybody may open it; opening checks CAP_BLOCK_SUSPEND. */
static struct miscdevice sb_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "suspend_block",
	.fops = &sb_dev_fops,
	.mode = 0666,
};

static int __init sb_dev_init(void)
{
	return misc_register(&sb_dev);
}
device_initcall(sb_dev_init);
