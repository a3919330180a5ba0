# SPDX-License-Identifier: GPL-2.0
# The suspend-block class in a booted kernel: bad input, read-outs, the
# wakeup_count handshake, forced suspend, autosleep, and activations that
# arrive during a suspend (driven through the test-only debugfs hooks).

H=/sys/kernel/debug/pm_qos/suspend_block_test
L=/sys/kernel/debug/pm_qos/suspend_block
hook() { write "$H" "$*"; }
# column N of request NAME in the debugfs listing
col() { awk -F '\t' -v n="$1" -v c="$2" '$1 == n { print $c }' "$L"; }
# inactive NAME: the debugfs listing shows request NAME not active
inactive() { [ "$(col "$1" 2)" = 0 ]; }
fails() { cat /sys/power/suspend_stats/fail; }

t_check "debugfs control file exists" test -e "$H"
t_check "add a request" hook add t1
snap=$(cat "$H"; cut -f1-5 "$L")
t_errno "unknown command: EINVAL" EINVAL hook frob t1
t_errno "missing name: EINVAL" EINVAL hook activate
t_errno "extra word: EINVAL" EINVAL hook deactivate t1 x
t_errno "unknown name: ENOENT" ENOENT hook activate nosuch
t_errno "duplicate add: EEXIST" EEXIST hook add t1
t_errno "name over 32 characters: ENAMETOOLONG" ENAMETOOLONG \
	hook add abcdefghijklmnopqrstuvwxyz0123456789
t_errno "timeout not a number: EINVAL" EINVAL hook activate t1 12ab
t_errno "negative timeout: EINVAL" EINVAL hook activate t1 -5
t_errno "overflowing timeout: ERANGE" ERANGE hook activate t1 99999999999
t_errno "unknown stage: EINVAL" EINVAL hook activate-at never t1
t_errno "writing suspend_blockers: EACCES" EACCES \
	write /sys/power/suspend_blockers t1
t_errno "writing the debugfs listing: EINVAL" EINVAL write "$L" t1
t_eq "bad input changed nothing" "$(cat "$H"; cut -f1-5 "$L")" "$snap"
t_eq "nothing blocks suspend" "$(cat /sys/power/suspend_blockers)" ""

hook activate t1
t_eq "suspend_blockers names the active request" \
	"$(cat /sys/power/suspend_blockers)" "t1"
t_eq "debugfs shows it active" "$(col t1 2)" 1
t_check "reading wakeup_count blocks while a request is active" \
	sh -c '! timeout 2 cat /sys/power/wakeup_count'

# A plain write to /sys/power/state is a forced suspend: blockers ignored.
# Mainline keeps a successful wakeup_count handshake (an earlier test's
# autosleep) armed until a suspend aborts; a stale count disarms it.
write /sys/power/wakeup_count 0 > /dev/null
before=$(suspend_count)
arm_rtc 5
t_check "forced suspend goes through with a request active" \
	write /sys/power/state mem
t_eq "forced suspend counted as a success" "$(suspend_count)" $((before + 1))

# Autosleep: waits while t1 is active, suspends as soon as it is not.  The
# "keep" request, activated by the hooks right after resume, holds the guest
# awake so the script can turn autosleep off again.
hook add keep
hook activate-at resume keep
before=$(suspend_count)
write /sys/power/autosleep mem
sleep 3
t_eq "autosleep does not suspend while a request is active" \
	"$(suspend_count)" "$before"
prevent=$(col t1 9)
t_check "time under autosleep counts as preventing suspend (${prevent}ns)" \
	test "${prevent:-0}" -ge 2500000000
arm_rtc 5
hook deactivate t1
i=0
while [ "$(suspend_count)" = "$before" ] && [ $i -lt 20 ]; do
	sleep 1
	i=$((i + 1))
done
t_eq "deactivating the last request lets autosleep suspend" \
	"$(suspend_count)" $((before + 1))
t_eq "the request activated at resume keeps the guest awake" "$(col keep 2)" 1
write /sys/power/autosleep off
hook deactivate keep
t_eq "wakeup_count of a request activated in the resume path" "$(col keep 5)" 1

# Activations during a suspend started with the wakeup_count handshake
# abort it, at every stage.
for stage in prepare suspend suspend_noirq; do
	hook add "ab-$stage"
	hook activate-at "$stage" "ab-$stage"
	ok=$(suspend_count)
	failed=$(fails)
	arm_rtc 5
	write /sys/power/wakeup_count "$(cat /sys/power/wakeup_count)"
	t_errno "activation at $stage aborts the suspend with EBUSY" \
		EBUSY write /sys/power/state mem
	# Disarm at once, so no stale alarm is pending at the next suspend.
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	t_eq "abort at $stage: no success counted" "$(suspend_count)" "$ok"
	t_eq "abort at $stage: one failure counted" "$(fails)" $((failed + 1))
	t_eq "abort at $stage: the request is active" "$(col "ab-$stage" 2)" 1
	t_eq "abort at $stage: counted as a wakeup" "$(col "ab-$stage" 5)" 1
	hook remove "ab-$stage"
done

# A PREPARE notifier that vetoes: the PM core sends POST only to the
# notifiers before it, so the class must end the attempt from its first
# notifier: afterwards an activation is no wakeup of a suspend.
hook add vetoed
hook veto
failed=$(fails)
t_errno "a vetoing PREPARE notifier fails the suspend with EBUSY" \
	EBUSY write /sys/power/state mem
t_eq "the vetoed suspend counts as a failure" "$(fails)" $((failed + 1))
hook activate vetoed
t_eq "after a vetoed suspend an activation is no wakeup" "$(col vetoed 5)" 0
hook remove vetoed

# A timed activation ends by itself.  3 s, not 300 ms: under TCG starting
# the awk that reads the listing alone can take 100-200 ms.  The expiry is
# waited for (wait_until's 20 s), not slept for.
hook add t2
hook activate t2 3000
t_eq "timed activation is active" "$(col t2 2)" 1
wait_until inactive t2
t_eq "timed activation expired" "$(col t2 2)" 0
t_eq "the expiry is counted" "$(col t2 4)" 1
hook remove t2

# Removal of an active request unblocks and is summed up as deleted.
hook activate t1
deleted=$(col deleted 3)
count=$(col t1 3)
hook remove t1
hook remove keep
t_eq "removing an active request unblocks suspend" \
	"$(cat /sys/power/suspend_blockers)" ""
t_eq "removed requests' activations go to the deleted row" \
	"$(col deleted 3)" $((deleted + count + 1))
