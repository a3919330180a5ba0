# SPDX-License-Identifier: GPL-2.0
# Tracepoints under trace-cmd: record a scenario (tests/scenarios/, named
# by "scenario=" on the kernel command line, "blame" by default) with the
# suspend_qos events and mainline's power events, send trace.dat to the
# host (build/results/trace.dat, checked by scripts/check-trace.sh), and
# check the events' fields and order in `trace-cmd report`.

S=$(sed -n 's/.*scenario=\([^ ]*\).*/\1/p' /proc/cmdline)
S=${S:-blame}
R=/tmp/report.txt

t_check "trace-cmd runs in the guest" sh -c 'trace-cmd list -e suspend_qos | grep -q suspend_qos:suspend_block_activate'
cd /tmp || exit
trace-cmd record -q -o /tmp/trace.dat -e suspend_qos \
	-e power:suspend_resume -e power:wakeup_source_activate \
	-e power:wakeup_source_deactivate sh "/tests/scenarios/$S.sh" \
	> /tmp/record.log 2>&1
t_check "trace-cmd recorded the $S scenario" test -s /tmp/trace.dat
t_check "trace.dat sent to the host" send_file /tmp/trace.dat trace.dat
trace-cmd report -i /tmp/trace.dat > "$R" 2> /tmp/report.err
t_check "trace-cmd report reads it" test -s "$R"
[ "$S" = blame ] || return 0

# first LINE number of the report line matching the ERE, 0 if none
at() { grep -n -E "$1" "$R" | head -n1 | cut -d: -f1 | grep . || echo 0; }
last() { grep -n -E "$1" "$R" | tail -n1 | cut -d: -f1 | grep . || echo 0; }
# field NAME of the first line matching the ERE
field() { grep -E "$1" "$R" | head -n1 | sed -n "s/.* $2=\([^ ]*\).*/\1/p"; }
# in_order N...: every line number found (> 0) and strictly increasing
in_order() {
	local prev=0 n

	for n in "$@"; do
		[ "$n" -gt "$prev" ] || return 1
		prev=$n
	done
}

add=$(at 'suspend_block_request_add: +name=scen_user ')
act=$(at 'suspend_block_activate: +name=scen_user timeout_ms=0 start')
deact=$(at 'suspend_block_deactivate: +name=scen_user ')
t_check "user lock: add, activate, deactivate in order" \
	in_order "$add" "$act" "$deact"
t_check "user lock: the owner pid is recorded" \
	test "$(field 'suspend_block_request_add: +name=scen_user ' pid)" -gt 0
t_eq "user lock: its activation names the same owner" \
	"$(field 'suspend_block_activate: +name=scen_user ' owner)" \
	"$(field 'suspend_block_request_add: +name=scen_user ' pid)"
t_eq "a driver's lock has no owner in its activation" \
	"$(field 'suspend_block_activate: +name=wl_sample_report ' owner)" 0
t_check "user lock: held_ns covers the 2 s hold" \
	test "$(field 'suspend_block_deactivate: +name=scen_user ' held_ns)" -ge 2000000000
t_check "aggregate: blocked after the user lock's activation" \
	in_order "$act" "$(grep -n -E 'suspend_block_aggregate: +active=[1-9][0-9]* blocked' "$R" | cut -d: -f1 | awk -v a="$act" '$1 > a' | head -n1 | grep . || echo 0)"
t_check "aggregate: unblocked events recorded" \
	test "$(at 'suspend_block_aggregate: +active=0 unblocked')" -gt 0

t_check "driver: the report lock timed (3000 ms)" \
	test "$(at 'suspend_block_activate: +name=wl_sample_report timeout_ms=3000 start')" -gt 0
t_check "driver: the report lock expired" \
	test "$(at 'suspend_block_expire: +name=wl_sample_report ')" -gt 0
t_check "driver: the idle lock raised the power-level limit to 0" \
	test "$(at 'power_level_update: +name=wl_sample_idle old=any new=0')" -gt 0
t_check "power level: limit changes recorded" \
	test "$(at 'power_level_limit: +old=any new=0')" -gt 0

start=$(at 'suspend_start:')
abort_act=$(at 'suspend_block_activate: +name=scen_abort timeout_ms=0 start')
aborted=$(at 'suspend_aborted: .*blockers=.*scen_abort')
ended=$(at 'suspend_end: +aborted')
t_check "abort: suspend_start, activation, suspend_aborted naming it, end" \
	in_order "$start" "$abort_act" "$aborted" "$ended"
t_eq "abort: one blocker counted" \
	"$(field 'suspend_aborted:' active)" 1
t_eq "abort: the blocker's owner is the kernel (a test hook's request)" \
	"$(field 'suspend_aborted:' owners)" 0

# Two passes each way: the aborted suspend of user space's loop (3.) runs
# its own, then the request of "mem" (4.) runs the other.
t_eq "early suspend: two suspend passes, two resume passes" \
	"$(grep -c -E 'early_suspend_pass_start: +suspend' "$R") $(grep -c -E 'early_suspend_pass_start: +resume' "$R")" \
	"2 2"
# every handler inside a pass of its own direction, no pass nested
t_check "early suspend: each pass brackets its handlers" \
	awk '/early_suspend_pass_start: +suspend/ { if (p) exit 1; p = "suspend"; next }
	     /early_suspend_pass_start: +resume/ { if (p) exit 1; p = "resume"; next }
	     /early_suspend_pass_end:/ { if (!p) exit 1; p = ""; next }
	     /early_suspend_handler:/ { if (!p || $0 !~ ("handler: +" p)) exit 1; n++ }
	     END { exit p != "" || n == 0 }' "$R"
# The test hooks' levels, and the sample driver's hook at 51.
t_eq "early suspend: suspend hooks in level order" \
	"$(grep -E 'early_suspend_handler: +suspend' "$R" | grep -v 'fn=fbes_' | sed -n 's/.* level=\([-0-9]*\).*/\1/p' | tr '\n' ' ')" \
	"40 51 100 100 150 40 51 100 100 150 "
t_eq "early suspend: resume hooks in reverse level order" \
	"$(grep -E 'early_suspend_handler: +resume' "$R" | grep -v 'fn=fbes_' | sed -n 's/.* level=\([-0-9]*\).*/\1/p' | tr '\n' ' ')" \
	"100 100 51 50 40 100 100 51 50 40 "
t_check "early suspend: hooks named through %ps" \
	test "$(at 'early_suspend_handler: .*fn=est_suspend')" -gt 0
t_eq "two suspends completed" "$(grep -c -E 'suspend_end: +completed asleep_ns=' "$R")" 2
t_check "mainline's power:suspend_resume events are there too" \
	test "$(at 'suspend_resume:')" -gt 0
