# SPDX-License-Identifier: GPL-2.0
# The demo `make run` shows: the boot, /sys/power, a suspend-block request
# holding the system awake, the power-level limit, Android's user-space
# wake locks and /proc/wakelocks, and a real S3 suspend woken by the RTC
# alarm.

H=/sys/kernel/debug/pm_qos/suspend_block_test

echo "== kernel: $(uname -r), $(grep -c ^processor /proc/cpuinfo) CPUs"
echo "== /sys/power:"
ls /sys/power
echo "state: $(cat /sys/power/state)   mem_sleep: $(cat /sys/power/mem_sleep)"

if [ -e "$H" ]; then
	echo "== a driver-style request blocks suspend"
	write "$H" "add demo-driver"
	write "$H" "activate demo-driver"
	echo "suspend_blockers: $(cat /sys/power/suspend_blockers)"
	echo "wakeup_count read with the request active (2 s timeout):"
	timeout 2 cat /sys/power/wakeup_count || echo "  blocked, as the handshake must be"
	write "$H" "deactivate demo-driver"
	echo "suspend_blockers after deactivation: '$(cat /sys/power/suspend_blockers)'"
	echo "wakeup_count now: $(cat /sys/power/wakeup_count)"
	echo "== /sys/kernel/debug/pm_qos/suspend_block:"
	cat /sys/kernel/debug/pm_qos/suspend_block
	t_check "a request blocks and unblocks" true
fi

P=/sys/kernel/debug/pm_qos/power_level_test
if [ -e "$P" ]; then
	echo "== a driver limits idle to level 0 (cpuidle driver: $(cat /sys/devices/system/cpu/cpuidle/current_driver))"
	write "$P" "add demo-irq 0"
	cat /sys/kernel/debug/pm_qos/power_level
	before=$(cat /sys/devices/system/cpu/cpu0/cpuidle/state3/usage)
	sleep 2
	echo "deepest state entered on cpu0 while limited: $before -> $(cat /sys/devices/system/cpu/cpu0/cpuidle/state3/usage) times"
	write "$P" "remove demo-irq"
	before=$(cat /sys/devices/system/cpu/cpu0/cpuidle/state3/usage)
	sleep 2
	echo "after removal: $before -> $(cat /sys/devices/system/cpu/cpu0/cpuidle/state3/usage) times"
fi

if [ -e /proc/wakelocks ]; then
	echo "== Android user space: acquire_wake_lock(PARTIAL_WAKE_LOCK, \"PowerManagerService\")"
	write /sys/power/wake_lock PowerManagerService
	write /sys/power/wake_lock "demo-timed 1500000000"
	echo "wake_lock: $(cat /sys/power/wake_lock)  suspend_blockers: $(cat /sys/power/suspend_blockers)"
	sleep 2
	write /sys/power/wake_unlock PowerManagerService
	echo "after 2 s and release_wake_lock: wake_lock '$(cat /sys/power/wake_lock)', wake_unlock '$(cat /sys/power/wake_unlock)'"
	echo "== /proc/wakelocks (Android's format, from the suspend-block statistics):"
	cat /proc/wakelocks
	t_eq "user locks released (one by hand, one by its timeout)" \
		"$(cat /sys/power/wake_lock)" ""
fi

if [ -x /bin/suspend-block ]; then
	echo "== suspend-block run -- sleep 3: autosleep is held off while the command runs"
	before=$(suspend_count)
	/bin/suspend-block run --name demo-make -- sleep 3 &
	pid=$!
	wait_until grep -qw demo-make /sys/power/suspend_blockers
	write /sys/power/autosleep mem
	echo "\$ suspend-block list"
	/bin/suspend-block list
	echo "\$ suspend-block why"
	/bin/suspend-block why
	t_eq "no suspend while suspend-block run holds the blocker" \
		"$(suspend_count)" "$before"
	# Off before the command ends: nothing would wake an autosleep now.
	write /sys/power/autosleep off
	wait $pid
	echo "command done (status $?)"
fi

echo "== suspend to RAM (S3), RTC alarm in 5 s"
before=$(suspend_count)
arm_rtc 5
date
write /sys/power/state mem
date
t_eq "suspended and woke up (suspend_stats/success)" "$(suspend_count)" $((before + 1))
