# SPDX-License-Identifier: GPL-2.0
# The wake_lock compatibility layer in a booted kernel: /sys/power/wake_lock
# and wake_unlock used the way Android's libhardware_legacy and
# PowerManagerService use them, /proc/wakelocks, autosleep, bad input,
# capabilities, the user-lock limit, and the 2009-style sample driver.

WL=/sys/power/wake_lock
WU=/sys/power/wake_unlock
P=/proc/wakelocks
H=/sys/kernel/debug/pm_qos/suspend_block_test
S=/sys/kernel/debug/wakelock_legacy
# column N of wake lock NAME in /proc/wakelocks
pcol() { awk -F '\t' -v n="\"$1\"" -v c="$2" '$1 == n { print $c }' "$P"; }
no_lock_held() { [ -z "$(cat "$WL")" ]; }

t_check "/proc/wakelocks is readable" test -r "$P"
t_eq "/proc/wakelocks has Android's header" "$(head -n1 "$P")" \
	"$(printf 'name\tcount\texpire_count\twake_count\tactive_since\ttotal_time\tsleep_time\tmax_time\tlast_change')"
t_eq "the deleted_wake_locks row comes first" "$(sed -n 2p "$P" | cut -f1)" \
	'"deleted_wake_locks"'
t_eq "no user lock is held" "$(cat "$WL")" ""

# acquire_wake_lock(PARTIAL_WAKE_LOCK, "PowerManagerService") and release.
write "$WL" PowerManagerService
t_eq "wake_lock lists the held lock" "$(cat "$WL")" "PowerManagerService "
t_eq "suspend_blockers names it" "$(cat /sys/power/suspend_blockers)" \
	PowerManagerService
t_check "reading wakeup_count blocks while it is held" \
	sh -c '! timeout 2 cat /sys/power/wakeup_count'
t_eq "/proc/wakelocks counts it" "$(pcol PowerManagerService 2)" 1
t_check "/proc/wakelocks shows it active" \
	test "$(pcol PowerManagerService 5)" -gt 0
write "$WU" PowerManagerService
t_check "wake_unlock lists the released lock" \
	sh -c "tr ' ' '\n' < $WU | grep -qx PowerManagerService"
t_eq "wake_lock lists nothing" "$(cat "$WL")" ""
t_eq "the release is in /proc/wakelocks" "$(pcol PowerManagerService 5)" 0
t_check "its held time is in /proc/wakelocks" \
	test "$(pcol PowerManagerService 6)" -ge 1000000000

# A timeout (ns) releases the lock by itself.  3 s, not 0.5: under TCG
# the cat below may not run that soon.  The release is waited for
# (wait_until's 20 s), not slept for.
write "$WL" "timed 3000000000"
t_eq "a timed lock is held" "$(cat "$WL")" "timed "
wait_until no_lock_held
t_eq "the timed lock released itself" "$(cat "$WL")" ""
t_eq "its expiry is counted" "$(pcol timed 3)" 1

# Bad input: the errno, and no change.
snap=$(cat "$WL" "$WU"; cut -f1-3 "$P")
nl='
'
t_errno "empty name: EINVAL" EINVAL write "$WL" "$nl"
t_errno "control character in the name: EINVAL" EINVAL \
	write "$WL" "$(printf 'bad\001name')"
t_errno "timeout not a number: EINVAL" EINVAL write "$WL" "bad 12ab"
t_errno "negative timeout: EINVAL" EINVAL write "$WL" "bad -5"
t_errno "overflowing timeout: ERANGE" ERANGE \
	write "$WL" "bad 99999999999999999999"
t_errno "trailing junk: EINVAL" EINVAL write "$WL" "bad 5 junk"
t_errno "unlock of an unknown name: EINVAL" EINVAL write "$WU" nosuch
t_errno "unlock with an extra word: EINVAL" EINVAL write "$WU" "timed x"
t_eq "bad input changed nothing" "$(cat "$WL" "$WU"; cut -f1-3 "$P")" "$snap"

# Names of any length one write carries, as in mainline (Android 10's
# SystemSuspend forwards native wake lock names unchecked): 2009's limit
# was 128 bytes.
long=L$(printf '%0999d' 0)
t_check "a name of 1000 bytes locks" write "$WL" "$long"
t_eq "... it is held" "$(cat "$WL")" "$long "
t_check "... and unlocks" write "$WU" "$long"
t_eq "... and is released" "$(cat "$WL")" ""

# CAP_BLOCK_SUSPEND.  The files belong to the user that may use them, as
# Android's init.rc chowns them to "radio".
chown 1000 "$WL" "$WU"
t_errno "lock without CAP_BLOCK_SUSPEND: EPERM" EPERM \
	/bin/wr -u 1000 "$WL" unpriv
t_errno "unlock without CAP_BLOCK_SUSPEND: EPERM" EPERM \
	/bin/wr -u 1000 "$WU" timed
t_eq "the refused lock was not created" "$(pcol unpriv 2)" ""
t_check "an unprivileged user with CAP_BLOCK_SUSPEND may lock" \
	/bin/wr -u 1000 -k "$WL" radio
t_check "... and unlock" /bin/wr -u 1000 -k "$WU" radio
t_errno "another user cannot open the files: EACCES" EACCES \
	/bin/wr -u 1001 -k "$WL" other
chown 0 "$WL" "$WU"

# Autosleep suspends only when no lock is held.  A suspend-block request
# activated by the test hooks right after resume keeps the guest awake so
# the script can go on.
write "$H" "add keep"
write "$H" "activate-at resume keep"
write "$WL" held
before=$(suspend_count)
write /sys/power/autosleep mem
sleep 3
t_eq "autosleep does not suspend while a user lock is held" \
	"$(suspend_count)" "$before"
t_check "sleep_time counts the time held under autosleep" \
	test "$(pcol held 7)" -ge 2500000000
arm_rtc 5
write "$WU" held
wait_suspend "$before"
t_eq "releasing the lock lets autosleep suspend (woken by the RTC)" \
	"$(suspend_count)" $((before + 1))
t_eq "the guest is held awake after resume" "$(cat /sys/power/suspend_blockers)" \
	keep

# Under autosleep, a timed lock holds the system until it expires.
write "$WL" "timed 3000000000"
write "$H" "deactivate keep"
write "$H" "activate-at resume keep"
before=$(suspend_count)
arm_rtc 8
sleep 1
t_eq "a timed lock holds autosleep off" "$(suspend_count)" "$before"
wait_suspend "$before"
t_eq "autosleep suspends when the timed lock expires" \
	"$(suspend_count)" $((before + 1))
t_eq "that expiry is counted too" "$(pcol timed 3)" 2
write /sys/power/autosleep off
write "$H" "remove keep"

# The 2009-style sample driver: IRQ handler, work item, timed report lock,
# all under #ifdef CONFIG_HAS_WAKELOCK as Android drivers wrote it: without
# that symbol it would build with no wake locks and these checks fail.
t_check "the sample driver is there" test -e "$S/raise"
t_check "its #ifdef CONFIG_HAS_WAKELOCK code is built (its locks exist)" \
	grep -q '^"wl_sample_event"' "$P"
# Counts so far (the trace scenario also raises an interrupt).
ev0=$(cat "$S/events")
evl0=$(pcol wl_sample_event 2)
idl0=$(pcol wl_sample_idle 2)
rep0=$(pcol wl_sample_report 3)
write "$S/raise" 1
t_eq "it handled the interrupt" "$(cat "$S/events")" $((ev0 + 1))
row=$(grep '^"wl_sample_report"' "$P")
t_check "the report lock is held after the event" \
	test "$(echo "$row" | cut -f5)" -gt 0
t_eq "its IRQ handler took the event lock" "$(pcol wl_sample_event 2)" \
	$((evl0 + 1))
t_eq "the work item released the event lock" "$(pcol wl_sample_event 5)" 0
t_eq "the work item held the idle lock once" "$(pcol wl_sample_idle 2)" \
	$((idl0 + 1))
sleep 4
t_eq "the report lock expired" "$(pcol wl_sample_report 3)" $((rep0 + 1))
write "$S/raise" 1
write "$S/raise" 1
t_eq "two more interrupts handled" "$(cat "$S/events")" $((ev0 + 3))
t_eq "the event lock was taken for each" "$(pcol wl_sample_event 2)" \
	$((evl0 + 3))

# The limit on user locks (CONFIG_PM_WAKELOCKS_LIMIT, 100 here).  New
# locks until the first refusal, not as many as the lists seemed to lack:
# two reads are not one snapshot, and a lock that changes state between
# them is counted twice or not at all.
i=0
last=
while [ $i -lt 200 ] && write "$WL" "lim$i" 2>/dev/null; do
	write "$WU" "lim$i"
	last=lim$i
	i=$((i + 1))
done
t_eq "100 user locks can exist" "$(cat "$WL" "$WU" | wc -w)" 100
t_errno "the 101st gets ENOSPC" ENOSPC write "$WL" over
t_check "an existing lock still works at the limit" write "$WL" "$last"
write "$WU" "$last"
