# SPDX-License-Identifier: GPL-2.0
# Android as it ships: a release kernel built with Android's configuration
# of power management (configs/android-base.config and
# android-release.config: no autosleep, no debugfs), driven the way
# Android's user space drives it.  SystemSuspend's loop (a blocking read
# of /sys/power/wakeup_count, the count written back, "mem" written to
# /sys/power/state) suspends to idle, woken by the RTC's alarm; init's
# wake lock goes through /sys/power/wake_lock; a 2009 driver's early
# suspend handlers (earlysuspend_order_test.ko) run in level order around
# each suspend of that loop; /sys/kernel/wakeup_reasons reads as the
# Android Common Kernel prints it, for a vendor module too
# (wakeup_reason_test.ko).  Only what a release kernel has: sysfs, procfs,
# /dev/suspend_block, module parameters.

WR=/sys/kernel/wakeup_reasons/last_resume_reason
ESO=/sys/module/earlysuspend_order_test/parameters/log
WRT=/sys/devices/platform/wakeup_reason_test
WRP=/sys/module/wakeup_reason_test/parameters

# The interrupt the RTC's alarm comes in on, and its action's name, as
# /proc/interrupts shows them (rtc-pl031 on the virt machine).
rtc_irq=$(awk '/rtc-pl031|rtc0/ { sub(":", "", $1); print $1; exit }' /proc/interrupts)
rtc_name=$(awk -v i="$rtc_irq:" '$1 == i { print $NF; exit }' /proc/interrupts)

# ss_suspend SECONDS: one turn of SystemSuspend's loop with the RTC armed
# to wake it that many seconds later: the count read (it blocks while a
# wakeup event is in progress) and written back, then "mem" written;
# prints the errno's name and fails when a write fails.
ss_suspend() {
	local count

	count=$(cat /sys/power/wakeup_count) || return
	write /sys/power/wakeup_count "$count" || return
	arm_rtc "$1"
	write /sys/power/state mem
}

# 1. The configuration as Android builds it.
t_check "no /sys/power/autosleep (CONFIG_PM_AUTOSLEEP unset)" \
	test ! -e /sys/power/autosleep
t_check "no debugfs (a release build)" \
	sh -c '! grep -qw debugfs /proc/filesystems'
t_check "/sys/power/wake_lock and wake_unlock are there" \
	test -w /sys/power/wake_lock -a -w /sys/power/wake_unlock
t_check "/dev/suspend_block is there" test -c /dev/suspend_block
t_check "mem_sleep offers s2idle ($(cat /sys/power/mem_sleep))" \
	grep -q s2idle /sys/power/mem_sleep
t_check "the RTC's alarm interrupt is listed ($rtc_irq $rtc_name)" \
	test -n "$rtc_irq" -a -n "$rtc_name"
echo s2idle > /sys/power/mem_sleep

# 2. init's wake lock through /sys/power/wake_lock: listed there, in
# /proc/wakelocks and in /sys/class/wakeup; while it is held the count
# read blocks, as SystemSuspend's read does.
write /sys/power/wake_lock zygote_kwl
t_check "wake_lock lists zygote_kwl" \
	sh -c 'tr " " "\n" < /sys/power/wake_lock | grep -qx zygote_kwl'
t_check "/proc/wakelocks has a line for it" \
	grep -q '^"zygote_kwl"' /proc/wakelocks
t_check "/sys/class/wakeup has an entry named zygote_kwl" \
	sh -c 'wakeup_stats zygote_kwl | cut -f1 | grep -qx zygote_kwl'
t_check "its entry reads as active (active_time_ms > 0)" \
	sh -c 'wakeup_stats -a zygote_kwl | grep -qx zygote_kwl'
t_check "every entry of /sys/class/wakeup reads (wakeup_stats)" \
	sh -c 'wakeup_stats > /dev/null'
t_check "a named /dev/suspend_block file has its entry when the ioctl returns" \
	sbfd name an_fd_now listed an_fd_now
t_check "the wakeup_count read blocks while it is held" \
	sh -c '! timeout 2 cat /sys/power/wakeup_count > /dev/null'
write /sys/power/wake_unlock zygote_kwl
t_check "wake_unlock: not listed any more" \
	sh -c '! tr " " "\n" < /sys/power/wake_lock | grep -qx zygote_kwl'
t_check "the wakeup_count read returns once it is released" \
	timeout 10 cat /sys/power/wakeup_count

# 3. A suspend of SystemSuspend's loop, woken by the RTC: the 2009
# driver's handlers run in level order before it and in reverse after it,
# and the wake-up interrupt is the reason, by its action's whole name.
t_check "a 2009-style driver with early-suspend handlers loads" \
	insmod /lib/modules/earlysuspend_order_test.ko
echo > $ESO
before=$(suspend_count)
t_check "SystemSuspend's loop: suspend to idle, woken by the RTC" ss_suspend 5
t_eq "the suspend succeeded" "$(suspend_count)" $((before + 1))
t_eq "early suspend in ascending level, late resume in descending" \
	"$(cat $ESO)" "s50 s100 s150 r150 r100 r50"
t_eq "last_resume_reason: the RTC's interrupt by name" "$(cat "$WR")" \
	"$rtc_irq $rtc_name"
echo > $ESO
t_check "a second turn of the loop" ss_suspend 5
t_eq "the handlers ran again, once each, in the same order" \
	"$(cat $ESO)" "s50 s100 s150 r150 r100 r50"

# 4. Aborts, each one line "Abort: ...": a lock taken after the handshake
# and still held; one taken and released after it (named as the last
# active source); a device whose suspend fails.
count=$(cat /sys/power/wakeup_count)
write /sys/power/wakeup_count "$count"
write /sys/power/wake_lock ab_held
t_errno "a lock taken after the handshake aborts the suspend: EBUSY" EBUSY \
	write /sys/power/state mem
t_eq "the abort names the pending source" "$(cat "$WR")" \
	"Abort: Pending Wakeup Sources: ab_held "
write /sys/power/wake_unlock ab_held
count=$(cat /sys/power/wakeup_count)
write /sys/power/wakeup_count "$count"
write /sys/power/wake_lock ab_blip
write /sys/power/wake_unlock ab_blip
t_errno "a lock taken and released after the handshake aborts it: EBUSY" \
	EBUSY write /sys/power/state mem
t_eq "the abort names the last active source" "$(cat "$WR")" \
	"Abort: Last active Wakeup Source: ab_blip"
echo > $ESO
t_check "a vendor module calling ACK's wakeup_reason exports loads" \
	insmod /lib/modules/wakeup_reason_test.ko parent_irq="$rtc_irq"
echo 1 > $WRP/fail_late
t_errno "a device's failing suspend_late aborts the suspend: EBUSY" EBUSY \
	ss_suspend 5
echo 0 > /sys/class/rtc/rtc0/wakealarm
echo 0 > $WRP/fail_late
t_eq "the abort names the device, in one line" "$(cat "$WR")" \
	"Abort: wakeup_reason_test device failed to power down"
t_eq "after the aborted suspend, late resume ran too" "$(cat $ESO)" \
	"s50 s100 s150 r150 r100 r50"

# 5. Wake-ups a vendor module logs: a chained interrupt's leaf replaces
# the RTC's, by its whole name (longer than 31 bytes); an abnormal wake
# logged after the RTC's interrupt leaves the interrupt the reason, as ACK
# shows "-1 REASON" only for a wake-up no interrupt explains (the x86
# guest's S3, tests/s2idle.sh).
echo chained > $WRP/wake
t_check "suspend to idle, the module logging a chained wake-up" ss_suspend 5
t_eq "chained wake-up: the leaf instead of the RTC, by its whole name" \
	"$(cat "$WR")" \
	"$(cat $WRT/irq) wakeup_reason_test-demultiplexed-leaf-interrupt"
echo abnormal > $WRP/wake
t_check "suspend to idle, the module logging an abnormal wake-up" ss_suspend 5
t_eq "an abnormal wake-up after the RTC's interrupt: the interrupt is the reason" \
	"$(cat "$WR")" "$rtc_irq $rtc_name"
echo > $WRP/wake
t_check "the vendor module unloads" rmmod wakeup_reason_test
t_check "the 2009-style driver unloads" rmmod earlysuspend_order_test
