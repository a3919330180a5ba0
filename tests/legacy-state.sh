# SPDX-License-Identifier: GPL-2.0
# Android's meaning of /sys/power/state (CONFIG_PM_EARLYSUSPEND_LEGACY_STATE,
# earlysuspend.legacy_state): off, mainline's meaning holds; on, "mem" and
# "on" return at once as requests, a held wake lock keeps the guest awake,
# and Android's "main" lock is held while "on".  Then the group access to
# /sys/power/wake_lock (earlysuspend.legacy_wake_lock_group).

P=/sys/module/earlysuspend/parameters
R=/sys/power/request_state
WL=/sys/power/wake_lock
WU=/sys/power/wake_unlock
H=/sys/kernel/debug/pm_qos/suspend_block_test
D=/sys/kernel/debug/pm_qos/earlysuspend
# main_row: main's count column of /proc/wakelocks, "" if no row
main_row() { awk -F '\t' '$1 == "\"main\"" { print $2 }' /proc/wakelocks; }
# main_active: "main" is among the names blocking suspend
main_active() { tr ' ' '\n' < /sys/power/suspend_blockers | grep -qx main; }
main_idle() { ! main_active; }
passes() { es_passes "$1"; }
suspended_since() { [ "$(suspend_count)" != "$1" ]; }
passes_above() { [ "$(passes "$1")" -gt "$2" ]; }

t_eq "off at boot" "$(cat $P/legacy_state)" N
t_errno "off: \"on\" keeps mainline's EINVAL" EINVAL write /sys/power/state on
t_eq "off: no \"main\" lock in /proc/wakelocks" "$(main_row)" ""

write $P/legacy_state 1
t_eq "on: \"main\" is listed in /proc/wakelocks" "$(main_row)" 1
t_check "on: \"main\" blocks suspend while the state is on" main_active

# A held user lock; "mem" must return at once and the guest stay awake.
disarm_handshake
write "$WL" legacy_hold
before=$(suspend_count)
sp=$(passes suspend)
start=$(cut -d' ' -f1 /proc/uptime)
t_check "on: writing mem to /sys/power/state succeeds" \
	write /sys/power/state mem
end=$(cut -d' ' -f1 /proc/uptime)
t_check "... and returns at once (under 2 s)" \
	awk -v a="$start" -v b="$end" 'BEGIN { exit !(b - a < 2) }'
t_eq "... as a request: request_state reads mem" "$(cat "$R")" mem
wait_until passes_above suspend "$sp"
t_check "... the early-suspend pass ran" passes_above suspend "$sp"
wait_until main_idle
t_check "... and released \"main\"" main_idle
sleep 3
t_eq "a held wake lock keeps the guest awake" "$(suspend_count)" "$before"

# Released: autosleep enters S3 (the RTC wakes it; the test hooks hold the
# guest awake after resume so the script goes on).
write "$H" "add keep"
write "$H" "activate-at resume keep"
arm_rtc 6
write "$WU" legacy_hold
wait_until suspended_since "$before"
t_check "released: the guest suspends and wakes on the RTC" \
	suspended_since "$before"

rp=$(passes resume)
t_check "writing on succeeds at once" write /sys/power/state on
t_check "... \"main\" is held again" main_active
t_eq "... request_state reads on" "$(cat "$R")" on
wait_until passes_above resume "$rp"
t_check "... the late-resume pass ran" passes_above resume "$rp"
t_eq "autosleep is off again" "$(cat /sys/power/autosleep)" off
write "$H" "deactivate keep"
write "$H" "remove keep"

t_errno "on: junk still gets EINVAL" EINVAL write /sys/power/state bogus

write $P/legacy_state 0
t_check "off again: \"main\" released" main_idle
t_errno "off again: \"on\" is EINVAL" EINVAL write /sys/power/state on

# Group access: init.rc gave the files to a group; a member without
# CAP_BLOCK_SUSPEND may write them only with both parameters on.
chgrp 1001 "$WL" "$WU"
chmod 0664 "$WL" "$WU"
t_errno "group member, legacy mode off: EPERM" EPERM \
	/bin/wr -u 1001 "$WL" grouplock
write $P/legacy_state 1
t_errno "legacy mode on, group access off: EPERM" EPERM \
	/bin/wr -u 1001 "$WL" grouplock
write $P/legacy_wake_lock_group 1
t_check "both on: the group member may lock" /bin/wr -u 1001 "$WL" grouplock
t_check "... and unlock" /bin/wr -u 1001 "$WU" grouplock
t_errno "... a user outside the group still cannot open: EACCES" EACCES \
	/bin/wr -u 1002 "$WL" other
write $P/legacy_wake_lock_group 0
write $P/legacy_state 0
chgrp 0 "$WL" "$WU"
chmod 0644 "$WL" "$WU"
