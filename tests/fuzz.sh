# SPDX-License-Identifier: GPL-2.0
# Seeded fuzzing (tool tests/tools/fuzz.c) of /sys/power/request_state,
# wake_lock, wake_unlock and /dev/suspend_block, as root and as uid 1000
# without CAP_BLOCK_SUSPEND: every answer must be the documented one, a
# rejected input must change nothing, and nothing may be left held.
#
# Kernel command line: fuzz_count=N inputs sent per interface (10000),
# fuzz_user_count=N for the run as uid 1000 (a quarter of fuzz_count: its
# inputs mostly meet the permission checks, and each rejected input costs
# a full read of the state), fuzz_seed=S (20261203), fuzz_fill=1 to let
# the wake lock table fill up to its limit (ENOSPC); that is also done
# when fuzz is the last test run, as user wake locks cannot be deleted and
# later tests need free slots.

F=/bin/fuzz
LOG=/tmp/fuzz.log
count=$(sed -n 's/.*fuzz_count=\([0-9]*\).*/\1/p' /proc/cmdline)
seed=$(sed -n 's/.*fuzz_seed=\([0-9]*\).*/\1/p' /proc/cmdline)
ucount=$(sed -n 's/.*fuzz_user_count=\([0-9]*\).*/\1/p' /proc/cmdline)
count=${count:-10000}
ucount=${ucount:-$(( (count + 3) / 4 ))}
seed=${seed:-20261203}
fill=
last=$(sed -n 's/.*ptests=\([^ ]*\).*/\1/p' /proc/cmdline | tr ',' '\n' |
	tail -n 1)
if grep -q 'fuzz_fill=1' /proc/cmdline || [ "$last" = fuzz ]; then
	fill=--fill
fi

# run_fuzz DESCRIPTION COUNT ARGS...: one run; its summary, errno
# histogram and cost lines (and the first mismatches) go to the console.
run_fuzz() {
	local desc=$1 n=$2 rc first

	shift 2
	"$F" "$seed" "$n" $fill "$@" > "$LOG" 2>&1
	rc=$?
	grep -v -e 'MISMATCH' -e '^fuzz:   ' "$LOG"
	grep -A 5 'MISMATCH' "$LOG" | head -n 60
	# The first problem goes into the result line, which the summary of
	# a failed run repeats.
	first=$(grep -m 1 -A 2 -e 'MISMATCH' -e 'cleanup' -e 'gave up' \
		-e 'request_state is' "$LOG" | tr '\n' ' ')
	t_eq "$desc: exit status (fuzz $seed $n $fill $*)${first:+ [$first]}" \
		"$rc" 0
}

t_check "the fuzzer is there" test -x "$F"
t_eq "no wake lock is held before" "$(cat /sys/power/wake_lock)" ""
t_eq "nothing blocks suspend before" "$(cat /sys/power/suspend_blockers)" ""
t_eq "request_state is on before" "$(cat /sys/power/request_state)" on
autosleep=$(cat /sys/power/autosleep)

run_fuzz "as root" "$count"
run_fuzz "as uid 1000 without CAP_BLOCK_SUSPEND" "$ucount" --user

t_eq "no wake lock is left held" "$(cat /sys/power/wake_lock)" ""
t_eq "nothing is left blocking suspend" \
	"$(cat /sys/power/suspend_blockers)" ""
t_eq "request_state is still on" "$(cat /sys/power/request_state)" on
t_eq "autosleep is as it was" "$(cat /sys/power/autosleep)" "$autosleep"
rm -f "$LOG"
