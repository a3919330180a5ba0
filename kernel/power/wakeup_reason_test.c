// SPDX-License-Identifier: GPL-2.0
/*
 * A test module written the way a vendor module of an Android kernel uses
 * <linux/wakeup_reason.h>: it links against the four functions the Android
 * Common Kernel exports to modules (it does not load without them), and
 * its device gives the guest tests each case of last_resume_reason that
 * only a driver makes happen.
 *
 * The device "wakeup_reason_test" (a platform device), by module parameter:
 * - fail_late=1: its suspend_late callback fails with -EBUSY, so the
 *   suspend aborts with the PM core's "Abort: wakeup_reason_test device
 *   failed to power down";
 * - wake=abnormal: its resume callback logs an abnormal wake-up, shown as
 *   "-1 wakeup_reason_test: abnormal wake";
 * - wake=chained: its resume callback logs its own interrupt (a software
 *   one, with a handler name longer than 31 bytes) as the leaf that
 *   parent_irq, a wake-up interrupt, demultiplexed, as the handler of a
 *   chained interrupt controller does;
 * and its attribute active_wakeup_sources reads what
 * pm_get_active_wakeup_sources() writes, irq the leaf's number.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pm.h>
#include <linux/sysfs.h>
#include <linux/wakeup_reason.h>

#define WRT_NAME	"wakeup_reason_test"
/* A handler name longer than the 31 bytes an older reader kept. */
#define WRT_IRQ_NAME	"wakeup_reason_test-demultiplexed-leaf-interrupt"

static bool fail_late;
module_param(fail_late, bool, 0644);
MODULE_PARM_DESC(fail_late, "fail the device's suspend_late with -EBUSY");

static char wake[16];
module_param_string(wake, wake, sizeof(wake), 0644);
MODULE_PARM_DESC(wake, "what the device's resume logs: abnormal, chained or nothing");

static int parent_irq;
module_param(parent_irq, int, 0444);
MODULE_PARM_DESC(parent_irq, "the wake-up interrupt the leaf is chained to");

static struct platform_device *wrt_pdev;
static int wrt_irq = -1;

static irqreturn_t wrt_handler(int irq, void *data)
{
	return IRQ_HANDLED;
}

static int wrt_suspend_late(struct device *dev)
{
	return READ_ONCE(fail_late) ? -EBUSY : 0;
}

static int wrt_resume(struct device *dev)
{
	if (sysfs_streq(wake, "abnormal"))
		log_abnormal_wakeup_reason("%s: abnormal wake", WRT_NAME);
	else if (sysfs_streq(wake, "chained") && wrt_irq > 0)
		log_threaded_irq_wakeup_reason(wrt_irq, parent_irq);
	return 0;
}

static const struct dev_pm_ops wrt_pm_ops = {
	.resume = wrt_resume,
	.suspend_late = wrt_suspend_late,
};

static ssize_t active_wakeup_sources_show(struct device *dev,
					  struct device_attribute *attr,
					  char *buf)
{
	char text[MAX_SUSPEND_ABORT_LEN];

	pm_get_active_wakeup_sources(text, sizeof(text));
	return sysfs_emit(buf, "%s\n", text);
}
static DEVICE_ATTR_RO(active_wakeup_sources);

static ssize_t irq_show(struct device *dev, struct device_attribute *attr,
			char *buf)
{
	return sysfs_emit(buf, "%d\n", wrt_irq);
}
static DEVICE_ATTR_RO(irq);

static struct attribute *wrt_attrs[] = {
	&dev_attr_active_wakeup_sources.attr,
	&dev_attr_irq.attr,
	NULL,
};
ATTRIBUTE_GROUPS(wrt);

static struct platform_driver wrt_driver = {
	.driver = {
		.name = WRT_NAME,
		.pm = &wrt_pm_ops,
		.dev_groups = wrt_groups,
	},
};

/* The leaf: a software interrupt with a handler of that long name. */
static int wrt_irq_init(void)
{
	/*
	 * Owned by no module: request_irq() takes a reference on the
	 * descriptor's owner, which would keep this module from unloading.
	 * From 1: 0 is no interrupt, and free where no legacy interrupts
	 * take it (arm64).
	 */
	int irq = __irq_alloc_descs(-1, 1, 1, NUMA_NO_NODE, NULL, NULL);
	int ret;

	if (irq < 0)
		return irq;
	irq_set_chip_and_handler(irq, &dummy_irq_chip, handle_simple_irq);
	ret = request_irq(irq, wrt_handler, 0, WRT_IRQ_NAME, &wrt_driver);
	if (ret) {
		irq_free_desc(irq);
		return ret;
	}
	wrt_irq = irq;
	return 0;
}

static void wrt_irq_exit(void)
{
	if (wrt_irq < 0)
		return;
	free_irq(wrt_irq, &wrt_driver);
	irq_free_desc(wrt_irq);
	wrt_irq = -1;
}

static int __init wrt_init(void)
{
	int ret = wrt_irq_init();

	if (ret)
		return ret;
	ret = platform_driver_register(&wrt_driver);
	if (ret)
		goto err_irq;
	wrt_pdev = platform_device_register_simple(WRT_NAME, -1, NULL, 0);
	if (IS_ERR(wrt_pdev)) {
		ret = PTR_ERR(wrt_pdev);
		goto err_driver;
	}
	return 0;

err_driver:
	platform_driver_unregister(&wrt_driver);
err_irq:
	wrt_irq_exit();
	return ret;
}

static void __exit wrt_exit(void)
{
	platform_device_unregister(wrt_pdev);
	platform_driver_unregister(&wrt_driver);
	wrt_irq_exit();
}

module_init(wrt_init);
module_exit(wrt_exit);
MODULE_DESCRIPTION("Test of the Android Common Kernel's wakeup_reason API");
MODULE_LICENSE("GPL");
