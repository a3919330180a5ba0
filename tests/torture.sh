# SPDX-License-Identifier: GPL-2.0
#
# The suspend-block torture test (kernel/power/qos_suspend_block_torture.c)
# in the booted debug kernel: threads, timers and hard-IRQ hrtimers on
# both CPUs with delays injected in the class's race windows.
#  1. The full mix (shared requests, timeouts, add/remove, power levels,
#     wake locks): SUCCESS.
#     Every wakeup source's statistics match the calls made on it; on the
#     torture's broken copy of the lock-free source, whose statistics are
#     plain read-modify-writes (busted_source), the shared source's do
#     not: FAILURE with "source_stats" errors.
#  2. Only own requests, so the aggregate crosses zero all the time: the
#     class must end in SUCCESS, and the torture's broken copy of the
#     aggregate, whose 0 -> 1 transition counts before it begins the
#     event (busted_order), in FAILURE with "invisible" errors, which
#     shows that the test finds that window.
#  3. Only power levels 0 and none, so level 0's count crosses zero all
#     the time: SUCCESS as the class is, and FAILURE with "level_limit"
#     errors on the torture's broken copy of the publication, whose update
#     does not publish a new version of the word when its bit is already
#     set (busted_levels): an active request's level cleared under it,
#     which shows that the test finds that window.
#  4. Stale events: one thread cycling its own request on one CPU,
#     preempted there at random by a SCHED_FIFO thread busy 200 ms at a
#     time, and a sampler on the other CPU: the PM core must never see an
#     event in progress with nothing active for over 100 ms
#     (stale_bound_ms).
# torture_secs=N on the kernel command line sets each run's length.

T=/sys/kernel/debug/pm_qos/suspend_block_torture
P=/sys/module/suspend_block_torture/parameters
secs=$(sed -n 's/.*torture_secs=\([0-9]*\).*/\1/p' /proc/cmdline)
secs=${secs:-5}

# torture_run [PARAM=VALUE...]: one run with those parameters set (and
# put back as they were after); its report in $report.
torture_run() {
	local p saved=

	for p in "$@"; do
		saved="$saved ${p%%=*}=$(cat "$P/${p%%=*}")"
		echo "${p#*=}" > "$P/${p%%=*}"
	done
	echo "$secs" > $T
	report=$(cat $T)
	echo "$report"
	for p in $saved; do
		echo "${p#*=}" > "$P/${p%%=*}"
	done
}

# torture_until_failure [PARAM=VALUE...]: a run with a broken order must
# end in FAILURE.  How often one run hits the window depends on how the
# host schedules the two vCPUs, so up to three runs; $tries says how many.
torture_until_failure() {
	for tries in 1 2 3; do
		torture_run "$@"
		ends_in FAILURE && return
	done
}

# field NAME: NAME's count in the report.
field() {
	echo "$report" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

ends_in() {
	echo "$report" | grep -q "End of test: $1"
}

t_check "torture interface present" test -w $T -a -w $P/busted_order

torture_run
t_check "full mix: ${secs}s run ends in SUCCESS" ends_in SUCCESS
for ctx in task softirq hardirq activate timed add_remove level wake_lock \
	   wakeup_source expired; do
	t_check "full mix: $ctx operations ran ($(field $ctx))" \
		test "$(field $ctx)" -gt 0
done
t_eq "full mix: no request invisible to the PM core" "$(field invisible)" 0
t_eq "full mix: every wakeup source's statistics match its calls" \
	"$(field source_stats)" 0

torture_until_failure busted_source=1
t_check "full mix, shared wakeup source on a broken copy (plain increments): ends in FAILURE (run $tries)" ends_in FAILURE
t_check "full mix, shared wakeup source on a broken copy: its statistics short of its calls ($(field source_stats) errors)" \
	test "$(field source_stats)" -gt 0

torture_run own_only=1
t_check "own requests, fixed order: ends in SUCCESS" ends_in SUCCESS
t_eq "own requests, fixed order: none invisible ($(field activate) activations)" \
	"$(field invisible)" 0

torture_until_failure own_only=1 busted_order=1
t_check "own requests, broken copy (count, then begin): ends in FAILURE (run $tries)" ends_in FAILURE
t_check "own requests, broken copy (count, then begin): active requests invisible to the PM core ($(field invisible) of $(field activate))" \
	test "$(field invisible)" -gt 0

torture_run levels_only=1
t_check "power levels only, confirmed: ends in SUCCESS" ends_in SUCCESS
t_eq "power levels only, confirmed: limit never above an active level ($(field level) updates)" \
	"$(field level_limit)" 0

torture_until_failure levels_only=1 busted_levels=1
t_check "power levels only, broken copy (unconfirmed): ends in FAILURE (run $tries)" ends_in FAILURE
t_check "power levels only, broken copy (unconfirmed): limit above an active level ($(field level_limit) of $(field level))" \
	test "$(field level_limit)" -gt 0

torture_run own_only=1 threads_per_cpu=1 stale_hog_ms=200 window_us=200 \
	window_ratio=1
t_check "stale events: ends in SUCCESS" ends_in SUCCESS
t_eq "stale events: none over 100 ms (longest streak $(field stale_max_us) us)" \
	"$(field stale)" 0
t_check "stale events: the threads ran ($(field activate) activations)" \
	test "$(field activate)" -gt 0

# The failed run left nothing behind: no request blocks suspend.
t_eq "no request left active" "$(cat /sys/power/suspend_blockers)" ""
t_eq "power-level limit back to none" \
	"$(head -n 1 /sys/kernel/debug/pm_qos/power_level)" "limit: any"
