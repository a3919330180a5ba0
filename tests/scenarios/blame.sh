# SPDX-License-Identifier: GPL-2.0
# The "blame" scenario, recorded by tests/trace.sh and checked by
# scripts/check-trace.sh: a driver's kernel locks, a user lock held 2 s, a
# suspend of user space's loop (with its own early-suspend passes) aborted
# by a request activated during it (held 1 s), then a request of "mem": an
# early-suspend pass and two autosleep cycles woken by the RTC.

. /tests/lib.sh
H=/sys/kernel/debug/pm_qos/suspend_block_test
autosleep_off() { [ "$(cat /sys/power/autosleep)" = off ]; }

# 1. The sample driver: one interrupt (event, idle and 3 s report locks).
write /sys/kernel/debug/wakelock_legacy/raise 1

# 2. A user lock held for 2 s, alone once the report lock has expired.
sleep 4
write /sys/power/wake_lock scen_user
sleep 2
write /sys/power/wake_unlock scen_user

# 3. A suspend under the wakeup_count handshake, aborted by scen_abort,
#    which its hook activates during the device suspend; held 1 s more.
write "$H" "add scen_abort"
write "$H" "activate-at suspend scen_abort"
arm_rtc 5
write /sys/power/wakeup_count "$(cat /sys/power/wakeup_count)"
write /sys/power/state mem
echo 0 > /sys/class/rtc/rtc0/wakealarm
sleep 1
write "$H" "deactivate scen_abort"

# 4. Early suspend and autosleep, two suspends woken by the RTC; "keep",
#    activated by the hooks at each resume, holds the guest awake after.
write "$H" "add keep"
write "$H" "activate-at resume keep"
before=$(suspend_count)
arm_rtc 6
write /sys/power/request_state mem
wait_suspend "$before"
sleep 1
write "$H" "activate-at resume keep"
before=$(suspend_count)
arm_rtc 6
write "$H" "deactivate keep"
wait_suspend "$before"
sleep 1
write /sys/power/request_state on
# "on" is applied by a work item, which turns autosleep off: until then
# releasing keep would let autosleep (still mem) start a third suspend.
wait_until autosleep_off
write "$H" "deactivate keep"
write "$H" "remove keep"
write "$H" "remove scen_abort"
