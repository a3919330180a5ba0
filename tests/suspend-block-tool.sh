# SPDX-License-Identifier: GPL-2.0
# The suspend-block command-line tool (tools/suspend-block) in a booted
# kernel: run holds a named blocker while its command runs and passes on
# its status and signals; hold ends at a signal or its timeout; a killed
# holder leaves nothing behind; list and why show the blockers and their
# owners (from /proc/suspend_blockers); usage
# errors and a user without CAP_BLOCK_SUSPEND get the documented statuses.
# Commands that must stay up for a check wait for a file (or a signal),
# not for a time, since the debug guest is slow.

SB=/bin/suspend-block
STOP=/tmp/suspend-block-tool.stop
blockers() { cat /sys/power/suspend_blockers; }
blocking() { tr ' ' '\n' < /sys/power/suspend_blockers | grep -qx "$1"; }
not_blocking() { ! blocking "$1"; }
# has_line TEXT REGEX, lacks TEXT REGEX
has_line() { echo "$1" | grep -q "$2"; }
lacks() { ! has_line "$1" "$2"; }
why_quiet() { "$SB" why > /dev/null; }
# A command for run that lasts until $STOP exists.
until_stop="while [ ! -e $STOP ]; do usleep 100000; done"
# reap PID: wait for a background command and return its status; kill it
# after 30 s, should it hang (a signal not passed on, a timeout missed).
reap() {
	local dog rc

	(sleep 30; kill -9 "$1" 2> /dev/null) &
	dog=$!
	wait "$1"
	rc=$?
	kill "$dog" 2> /dev/null
	wait "$dog" 2> /dev/null
	return $rc
}

if [ ! -x "$SB" ]; then
	t_fail "$SB is installed"
	exit 0
fi
rm -f "$STOP" "$STOP.trap"

# run: the status of COMMAND.
t_check "run -- true exits 0" "$SB" run -- true
"$SB" run -- sh -c 'exit 7'
t_eq "run exits with COMMAND's status" "$?" 7
"$SB" run -- sh -c 'kill -TERM $$'
t_eq "run exits 128+15 when SIGTERM kills COMMAND" "$?" 143
"$SB" run -- /nonexistent/command 2> /dev/null
t_eq "run exits 127 when COMMAND is not found" "$?" 127
"$SB" run -- /proc/version 2> /dev/null
t_eq "run exits 126 when COMMAND cannot be run" "$?" 126
t_eq "... and nothing is left blocking" "$(blockers)" ""

# The blocker while COMMAND runs, seen by COMMAND itself.
t_eq "run blocks suspend while COMMAND runs, named run:COMMAND" \
	"$("$SB" run -- cat /sys/power/suspend_blockers)" run:cat
t_eq "--name names it" \
	"$("$SB" run --name inside -- cat /sys/power/suspend_blockers)" inside
fds=$("$SB" run -- sh -c 'ls -l /proc/$$/fd 2> /dev/null')
case "$fds" in
*suspend_block*) t_fail "COMMAND does not inherit /dev/suspend_block" ;;
*) t_pass "COMMAND does not inherit /dev/suspend_block" ;;
esac

# A run in the background, seen by list and why.  The job is the tool
# itself, which opens /dev/suspend_block: $! is the owner's pid.
"$SB" run --name tooltest -- sh -c "$until_stop" &
pid=$!
wait_until blocking tooltest
t_check "suspend_blockers names the running blocker" blocking tooltest
json=$("$SB" list --json)
t_eq "list --json exits 0" "$?" 0
case "$json" in
'['*']') t_pass "list --json prints a JSON array" ;;
*) t_fail "list --json prints a JSON array (got '$json')" ;;
esac
msg="list --json shows it active, kind fd, with its statistics"
case "$json" in
*'{"kind": "fd", "name": "tooltest", "active": true, "active_ns": '[0-9]*)
	t_pass "$msg" ;;
*) t_fail "$msg (got '$json')" ;;
esac
msg="list --json names its owner: pid $pid, uid 0, comm suspend-block"
case "$json" in
*'"name": "tooltest", '*'"pid": '$pid', "uid": 0, "comm": "suspend-block"}'*)
	t_pass "$msg" ;;
*) t_fail "$msg (got '$json')" ;;
esac
text=$("$SB" list)
t_eq "list prints a header" "$(echo "$text" | head -n 1 | tr -s ' ')" \
	"KIND NAME ACTIVE ACTIVE-FOR COUNT TOTAL MAX PID UID COMM"
t_check "list shows it active" has_line "$text" '^fd  *tooltest  *yes '
# KIND NAME ACTIVE ACTIVE-FOR COUNT TOTAL MAX PID UID COMM
t_eq "list shows its kind and owner: fd, pid, uid 0, suspend-block" \
	"$(echo "$text" | awk '$2 == "tooltest" { print $1, $8, $9, $10 }')" \
	"fd $pid 0 suspend-block"
# The other kinds: a sysfs lock (its writer, wr, has exited: no pid) and
# the kernel's own requests (no owner).
write /sys/power/wake_lock tooluser
text=$("$SB" list)
t_eq "list shows a sysfs lock's kind and owner: no pid once gone, uid, comm" \
	"$(echo "$text" | awk '$2 == "tooluser" { print $1, $8, $9, $10 }')" \
	"sysfs - 0 wr"
write /sys/power/wake_unlock tooluser
t_check "list --all shows kernel requests without an owner" \
	has_line "$("$SB" list --all)" '^kernel  *early_suspend .* -  *-  *-$'
out=$("$SB" why)
t_eq "why exits 1 while something blocks suspend" "$?" 1
t_check "why names the blocker and its owner" has_line "$out" \
	"^tooltest (fd, pid $pid suspend-block, uid 0): active for "
touch "$STOP"
reap "$pid"
t_eq "run exits 0 when COMMAND does" "$?" 0
t_check "its blocker is gone" not_blocking tooltest
t_check "list --json no longer lists it" \
	lacks "$("$SB" list --json)" '"tooltest"'
rm -f "$STOP" "$STOP.trap"

# Signals sent to run reach COMMAND.
"$SB" run --name fwd -- \
	sh -c "trap 'exit 5' USR1; touch $STOP.trap; $until_stop" &
pid=$!
wait_until test -e "$STOP.trap"
kill -USR1 "$pid"
reap "$pid"
t_eq "run passes SIGUSR1 on to COMMAND (which exits 5)" "$?" 5
"$SB" run --name fwdterm -- sleep 600 &
pid=$!
wait_until blocking fwdterm
kill -TERM "$pid"
reap "$pid"
t_eq "run passes SIGTERM on to COMMAND and exits 143" "$?" 143
t_check "... releasing its blocker" not_blocking fwdterm

# hold.
"$SB" hold --name killed &
pid=$!
wait_until blocking killed
t_check "hold blocks suspend" blocking killed
kill -9 "$pid"
wait "$pid" 2> /dev/null
t_check "SIGKILL of hold releases its blocker" wait_until not_blocking killed

# End to end under autosleep: run holds it off; SIGKILL of run releases
# the blocker and autosleep then suspends (woken by the RTC; the test
# hooks' "keep", activated at resume, holds the guest awake after).  A
# kernel built as Android builds it has neither autosleep nor debugfs:
# there run holds off SystemSuspend's blocking read of wakeup_count.
H=/sys/kernel/debug/pm_qos/suspend_block_test
if [ ! -e /sys/power/autosleep ] || [ ! -e "$H" ]; then
	"$SB" run --name loop-run -- sleep 600 &
	pid=$!
	wait_until blocking loop-run
	t_check "the wakeup_count read blocks while run holds its blocker" \
		sh -c '! timeout 2 cat /sys/power/wakeup_count > /dev/null'
	kill -9 "$pid"
	wait "$pid" 2> /dev/null
	t_check "SIGKILL of run releases it: the wakeup_count read returns" \
		timeout 10 cat /sys/power/wakeup_count
	pkill -f 'sleep 600' 2> /dev/null
else
	write "$H" "add keep"
	write "$H" "activate-at resume keep"
	"$SB" run --name autosleep-run -- sleep 600 &
	pid=$!
	wait_until blocking autosleep-run
	before=$(suspend_count)
	write /sys/power/autosleep mem
	sleep 3
	t_eq "autosleep does not suspend while run holds its blocker" \
		"$(suspend_count)" "$before"
	arm_rtc 6
	kill -9 "$pid"
	wait "$pid" 2> /dev/null
	wait_suspend "$before"
	t_eq "SIGKILL of run releases it and autosleep suspends" \
		"$(suspend_count)" $((before + 1))
	write /sys/power/autosleep off
	pkill -f 'sleep 600' 2> /dev/null
	write "$H" "deactivate keep"
	write "$H" "remove keep"
fi

"$SB" hold --name whytest &
pid=$!
wait_until blocking whytest
out=$("$SB" why)
t_eq "why exits 1 while a hold runs" "$?" 1
t_check "why names the hold" has_line "$out" \
	"^whytest (fd, pid $pid suspend-block, uid 0): active for "
kill -TERM "$pid"
reap "$pid"
t_eq "SIGTERM ends hold with status 0" "$?" 0
t_check "... and releases it" not_blocking whytest

"$SB" hold --name intr &
pid=$!
wait_until blocking intr
kill -INT "$pid"
reap "$pid"
t_eq "SIGINT ends hold with status 0" "$?" 0

# 5 s, not 1: under TCG starting the tool and polling for its blocker can
# take most of a second, and a blocker that has already timed out cannot
# be seen.  The bound on the end stays well short of reap's 30 s, so a
# timeout that never fires still fails both checks below.
start=$(date +%s)
"$SB" hold --timeout 5s --name brief &
pid=$!
t_check "hold --timeout 5s blocks suspend" wait_until blocking brief
reap "$pid"
t_eq "hold --timeout 5s ends by itself with status 0" "$?" 0
t_check "... within a few seconds" test $(($(date +%s) - start)) -le 20
t_check "... and releases its blocker" not_blocking brief

t_check "why exits 0 when nothing blocks suspend" wait_until why_quiet
t_check "... and says so" has_line "$("$SB" why)" '^nothing blocks suspend$'

# Usage errors: status 2, a message and the hint on stderr.
"$SB" bogus 2> /dev/null
t_eq "an unknown command is a usage error" "$?" 2
"$SB" run 2> /dev/null
t_eq "run without COMMAND is a usage error" "$?" 2
"$SB" hold --timeout 5x 2> /dev/null
t_eq "a bad duration is a usage error" "$?" 2
"$SB" hold --timeout 0 2> /dev/null
t_eq "a zero duration is a usage error" "$?" 2
"$SB" run --name 'a b' -- true 2> /dev/null
t_eq "a name the kernel refuses is a usage error" "$?" 2
err=$("$SB" bogus 2>&1 > /dev/null)
t_eq "a usage error says what and where to look" "$err" \
	"suspend-block: unknown command 'bogus'
Try 'suspend-block --help'."
out=$("$SB" --help)
t_eq "--help exits 0" "$?" 0
t_check "... and prints the usage" has_line "$out" '^Usage: suspend-block run'
t_eq "the usage errors left nothing blocking" "$(blockers)" ""

# Without CAP_BLOCK_SUSPEND, through busybox su (root needs no password).
if [ "$(su -s /bin/sh nobody -c 'id -u' 2> /dev/null)" = 65534 ]; then
	# A timeout, should the hold succeed after all.
	err=$(su -s /bin/sh nobody -c "$SB hold -t 1s --name unpriv" 2>&1)
	t_eq "a user without CAP_BLOCK_SUSPEND gets status 1" "$?" 1
	msg="... and a message naming CAP_BLOCK_SUSPEND"
	case "$err" in
	*CAP_BLOCK_SUSPEND*) t_pass "$msg" ;;
	*) t_fail "$msg (got '$err')" ;;
	esac
	t_check "list needs no privilege" \
		su -s /bin/sh nobody -c "$SB list > /dev/null"
else
	t_pass "unprivileged checks # SKIP su cannot switch to nobody"
fi
t_eq "nothing is left blocking" "$(blockers)" ""
rm -f "$STOP" "$STOP.trap"
