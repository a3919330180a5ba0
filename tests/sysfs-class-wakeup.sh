# SPDX-License-Identifier: GPL-2.0
# What Android 11 and later read: every suspend blocker as an entry of
# /sys/class/wakeup, read as SystemSuspend reads it (tests/tools/
# wakeup_stats: every entry's name and nine counters, each parsed as an
# integer), active exactly while the blocker is, for each kind of blocker;
# and the abort line of /sys/kernel/wakeup_reasons/last_resume_reason.
# (suspend-rtc.sh checks last_suspend_time over an S3 cycle, s2idle.sh the
# wake-up interrupt's line.)  It runs after legacy-state.sh, which must
# find Android's legacy state (and so "main") never turned on, and before
# wakelock.sh fills the user wake lock table; it makes one user lock.

WS=/bin/wakeup_stats
WL=/sys/power/wake_lock
WU=/sys/power/wake_unlock
SB=/sys/power/suspend_blockers
H=/sys/kernel/debug/pm_qos/suspend_block_test
S=/sys/kernel/debug/wakelock_legacy
LS=/sys/module/earlysuspend/parameters/legacy_state
WR=/sys/kernel/wakeup_reasons
hook() { write "$H" "$*"; }

# The helpers read only the entries of the names they look for (a full
# read of a hundred entries takes seconds under TCG).
# active NAME: an entry named NAME is active (active_time_ms > 0).
active() { "$WS" -a "$1" | grep -qxF "$1"; }
# inactive NAME: an entry named NAME exists and none of that name is active.
inactive() {
	"$WS" "$1" | awk -F '\t' -v n="$1" '$1 == n { f = 1; if ($3 > 0) a = 1 }
		END { exit !(f && !a) }'
}
# gone NAME: no entry is named NAME.
gone() { ! "$WS" "$1" | cut -f1 | grep -qxF "$1"; }
# field NAME N: counter N (1 = active_count, ..., 9 = wakeup_count) of NAME.
field() {
	"$WS" "$1" | awk -F '\t' -v n="$1" -v c="$2" '$1 == n { print $(c + 1) }'
}

# every_blocker_active: each name suspend_blockers lists both before and
# after the entries are read is an active entry; prints those that are not.
every_blocker_active() {
	local before act after n bad=0

	before=$(tr ' ' '\n' < "$SB")
	act=$("$WS" -a $before) || return 1
	after=$(tr ' ' '\n' < "$SB")
	for n in $before; do
		echo "$after" | grep -qxF "$n" || continue
		echo "$act" | grep -qxF "$n" && continue
		echo "not an active entry: $n"
		bad=1
	done
	return $bad
}

echo "sysfs-class-wakeup: $(ls /sys/class/wakeup | wc -l) entries, $(wc -w < "$SB") blockers"
t_check "the reader is there" test -x "$WS"
t_check "every entry parses as SystemSuspend parses it" "$WS" > /dev/null
t_check "/sys/kernel/wakeup_reasons has both files" \
	test -r "$WR/last_resume_reason" -a -r "$WR/last_suspend_time"

# wait_for SECONDS COMMAND...: until COMMAND succeeds or SECONDS passed (a
# read of the entries takes seconds under TCG once there are hundreds).
wait_for() {
	local end=$(($(date +%s) + $1))

	shift
	while ! "$@" && [ "$(date +%s)" -lt "$end" ]; do
		usleep 200000
	done
	"$@"
}

# One blocker of each kind at once: a sysfs wake lock, a /dev/suspend_block
# file (released after 90 s, then kept open), a request of the class's API
# (the test hooks), early suspend's "main" (Android's meaning of
# /sys/power/state), and the 2009-style sample driver's wake_lock_init()
# lock: its report lock lasts 3 s after an event, so a loop raises one
# every half second while the checks run.
t_check "a sysfs wake lock can be taken" write "$WL" a11_sysfs
/bin/sbfd name a11_fd acquire sleep 90 release sleep 3600 &
fd_pid=$!
hook add a11_req
hook activate a11_req
write "$LS" 1
rm -f /tmp/a11-stop
(
	while [ ! -e /tmp/a11-stop ]; do
		echo 1 > "$S/raise"
		usleep 500000
	done
) &
raiser=$!
# all_active NAME...: one read of the entries finds each NAME active; the
# new requests' entries appear once the work item has run, which takes a
# while when many requests came and went before.
all_active() {
	local n

	act=$("$WS" -a "$@")
	for n in "$@"; do
		echo "$act" | grep -qxF "$n" || return 1
	done
}
wait_for 120 all_active a11_sysfs a11_fd a11_req main wl_sample_report
is_in() { echo "$act" | grep -qxF "$1"; }
t_check "a sysfs wake lock is an active entry" is_in a11_sysfs
t_check "a /dev/suspend_block file is an active entry" is_in a11_fd
t_check "a class request is an active entry" is_in a11_req
t_check "early suspend's \"main\" is an active entry" is_in main
t_check "a wake_lock_init() lock is an active entry" is_in wl_sample_report
t_check "every name in suspend_blockers is an active entry ($(cat "$SB"))" \
	every_blocker_active
touch /tmp/a11-stop
wait "$raiser"

# Released, each entry is inactive again.
write "$WU" a11_sysfs
hook deactivate a11_req
write "$LS" 0
t_check "the released sysfs wake lock is an inactive entry" \
	wait_for 60 inactive a11_sysfs
t_check "the deactivated class request is an inactive entry" \
	inactive a11_req
t_check "\"main\" is no longer active" wait_for 60 eval '! active main'
t_check "the expired wake_lock_init() lock is an inactive entry" \
	wait_for 60 inactive wl_sample_report
t_check "the released /dev/suspend_block request is an inactive entry" \
	wait_for 150 inactive a11_fd
t_eq "the wake lock's entry counted one activation" \
	"$(field a11_sysfs 1)" 1
t_check "... and its time (total_time_ms > 0)" \
	test "$(field a11_sysfs 8)" -gt 0
t_check "... and when it changed (last_change_ms > 0)" \
	test "$(field a11_sysfs 5)" -gt 0

# Removed, the entry goes: the class request at once, the file's when it
# is closed.
hook remove a11_req
t_check "a removed request's entry goes" wait_for 60 gone a11_req
kill "$fd_pid" 2>/dev/null
wait "$fd_pid" 2>/dev/null
t_check "a closed /dev/suspend_block file's entry goes" \
	wait_for 60 gone a11_fd
t_check "nothing blocks suspend" wait_until test -z "$(cat "$SB")"

# An entry exists when the call that made its blocker returns, from user
# space's paths: a /dev/suspend_block request when it is named, a sysfs
# wake lock when it is first written.
t_check "a named /dev/suspend_block file has its entry when the ioctl returns" \
	/bin/sbfd name a11_fd_now listed a11_fd_now
write "$WL" a11_wl_now
t_check "a new sysfs wake lock has its entry when the write returns" \
	eval '! gone a11_wl_now'
write /sys/power/wake_unlock a11_wl_now

# Early suspend's other request, held by its passes: "mem" then "on" in
# request_state run a suspend pass and a resume pass (a held wake lock
# keeps autosleep from suspending in between).
write "$WL" a11_sysfs
a0=$(field early_suspend 1)
s0=$(es_passes suspend)
r0=$(es_passes resume)
write /sys/power/request_state mem
wait_until test "$(es_passes suspend)" -gt "$s0"
write /sys/power/request_state on
wait_until test "$(es_passes resume)" -gt "$r0"
t_check "early suspend's pass request counted both passes (from $a0)" \
	test "$(field early_suspend 1)" -ge $((a0 + 2))
t_check "... and is inactive after them" inactive early_suspend
write "$WU" a11_sysfs

# A suspend under the wakeup_count handshake that a wake lock makes abort:
# last_resume_reason names the lock.
wait_until test -z "$(cat "$SB")"
write /sys/power/wakeup_count "$(cat /sys/power/wakeup_count)"
write "$WL" a11_sysfs
t_errno "a suspend under the handshake aborts" EBUSY write /sys/power/state mem
write "$WU" a11_sysfs
disarm_handshake
t_check "last_resume_reason names the blocker in its abort line" \
	grep -qE '^Abort: Pending Wakeup Sources: (.* )?a11_sysfs( |$)' \
	"$WR/last_resume_reason"
