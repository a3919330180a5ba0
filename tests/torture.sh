# SPDX-License-Identifier: GPL-2.0
#
# The pm_qos torture test (kernel/power/qos_torture.c, a module on
# kernel/torture.c) in the booted debug kernel: threads, timers and
# hard-IRQ hrtimers on both CPUs, delays injected in the classes' race
# windows, and in the first two runs CPU 1 going offline and online every
# 200 ms (onoff_interval).  One run per target:
#  1. mix (requests own and shared, timeouts, add/remove, power levels,
#     wake locks, wakeup sources): SUCCESS, every operation ran, some
#     timeouts expired, CPU hotplug happened.
#  2. suspend_block (own requests only: the aggregate crosses zero all the
#     time): SUCCESS; suspend_block_busted, the test's broken copy of the
#     aggregate whose 0 -> 1 transition counts before it begins the PM
#     core's event: FAILURE with "invisible" errors.
#  3. power_level (levels 0 and none: level 0's count crosses zero all the
#     time): SUCCESS; power_level_busted, the broken copy whose update does
#     not publish a new version of the word when its bit is set: FAILURE
#     with "level_limit" errors.
#  4. wake_lock (wake locks, suspend and idle, timed or not, taken and
#     released in task, softirq and hard-IRQ context): SUCCESS.
#  5. wakeup_source (mainline's API on own and shared sources, from every
#     context): SUCCESS, statistics matching the calls;
#     wakeup_source_busted, the shared source on a broken copy whose
#     statistics are plain read-modify-writes: FAILURE, "source_stats".
#  6. Stale events, in every run: every visible_ms (20) the module stops
#     every CPU (stop_machine) and compares the aggregate with the active
#     requests and the PM core's event in progress: none may differ
#     ("stale").  suspend_block_preempt_busted, the class itself with the
#     gaps of its transitions open to preemption: FAILURE, "stale".
# torture_secs=N on the kernel command line sets each run's length.

secs=$(sed -n 's/.*torture_secs=\([0-9]*\).*/\1/p' /proc/cmdline)
secs=${secs:-5}

# torture_run PARAM=VALUE...: one run of $secs seconds; report in $report.
torture_run() {
	report=
	torture_load "$@" || return
	sleep "$secs"
	torture_unload
	echo "$report"
}

# torture_until_failure PARAM=VALUE...: a run on a broken copy must end in
# FAILURE.  How often one run hits the window depends on how the host
# schedules the two vCPUs, so up to three runs; $tries says how many.
torture_until_failure() {
	for tries in 1 2 3; do
		torture_run "$@"
		ends_in FAILURE && return
	done
}

# field NAME: NAME's count in the report.
field() {
	echo "$report" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1
}

ends_in() {
	echo "$report" | grep -q -- "-torture:--- End of test: $1"
}

# offlined: CPU offline operations that succeeded ("onoff: a/b:c/d").
offlined() {
	echo "$report" | sed -n 's/.*onoff: [0-9]*\/[0-9]*:\([0-9]*\)\/.*/\1/p'
}

t_check "torture module present" test -f "$TORTURE_KO"
# torture.ko first, so that the refusal is the type's, not a missing symbol's.
[ -d /sys/module/torture ] || insmod /lib/modules/torture.ko
t_check "unknown torture_type refused" \
	sh -c "! insmod $TORTURE_KO torture_type=nonesuch 2>/dev/null"
t_check "unknown torture_type: the valid ones listed" \
	sh -c "dmesg | grep -q 'nonesuch-torture: unknown torture_type; valid: mix .*suspend_block_preempt_busted'"

torture_run torture_type=mix onoff_interval=200
t_check "mix: ${secs}s run with CPU hotplug ends in SUCCESS" ends_in SUCCESS
for op in task softirq hardirq own_cycle shared timed_own churn level \
	  level_check wake_lock source_own source_shared expired; do
	t_check "mix: $op ran ($(field $op))" test "$(field $op)" -gt 0
done
t_check "mix: CPU 1 went offline and back ($(offlined) times)" \
	test "$(offlined)" -gt 0
t_eq "mix: no request invisible to the PM core" "$(field invisible)" 0
t_eq "mix: every wakeup source's statistics match its calls" \
	"$(field source_stats)" 0
t_eq "mix: aggregate always what is active ($(field visible_checks) stopped checks)" \
	"$(field stale)" 0
t_check "mix: the stopped checks ran" test "$(field visible_checks)" -gt 0

torture_run torture_type=suspend_block onoff_interval=200
t_check "suspend_block: ends in SUCCESS" ends_in SUCCESS
t_eq "suspend_block: none invisible ($(field own_cycle) cycles, $(offlined) offlines)" \
	"$(field invisible)" 0
t_eq "suspend_block: no stale count or event ($(field visible_checks) stopped checks)" \
	"$(field stale)" 0

torture_until_failure torture_type=suspend_block_preempt_busted window_ratio=1
t_check "suspend_block_preempt_busted (transitions preemptible): ends in FAILURE (run $tries)" \
	ends_in FAILURE
t_check "suspend_block_preempt_busted: stale counts seen ($(field stale) of $(field visible_checks) checks)" \
	test "$(field stale)" -gt 0

torture_until_failure torture_type=suspend_block_busted
t_check "suspend_block_busted (count, then begin): ends in FAILURE (run $tries)" \
	ends_in FAILURE
t_check "suspend_block_busted: activations invisible to the PM core ($(field invisible) of $(field own_cycle_busted))" \
	test "$(field invisible)" -gt 0

torture_run torture_type=power_level
t_check "power_level: ends in SUCCESS" ends_in SUCCESS
t_eq "power_level: limit never above an active level ($(field level_zero) updates)" \
	"$(field level_limit)" 0

torture_until_failure torture_type=power_level_busted
t_check "power_level_busted (unconfirmed): ends in FAILURE (run $tries)" \
	ends_in FAILURE
t_check "power_level_busted: limit above an active level ($(field level_limit) of $(field level_zero_busted))" \
	test "$(field level_limit)" -gt 0

# ran_everywhere: the run's operations ran in all three contexts.
ran_everywhere() {
	test "$(field task)" -gt 0 && test "$(field softirq)" -gt 0 &&
		test "$(field hardirq)" -gt 0
}

torture_run torture_type=wake_lock
t_check "wake_lock: ends in SUCCESS" ends_in SUCCESS
t_check "wake_lock: ran in task, softirq and hard IRQ ($(field task)/$(field softirq)/$(field hardirq))" \
	ran_everywhere
t_eq "wake_lock: no lock invisible to the PM core ($(field wake_lock) calls)" \
	"$(field invisible)" 0

torture_run torture_type=wakeup_source
t_check "wakeup_source: ends in SUCCESS" ends_in SUCCESS
t_check "wakeup_source: ran in task, softirq and hard IRQ ($(field task)/$(field softirq)/$(field hardirq))" \
	ran_everywhere
t_eq "wakeup_source: statistics match the calls ($(field source_shared) shared)" \
	"$(field source_stats)" 0

# Its plain increments are data races by design: on a KCSAN kernel they are
# reported, expected (scripts/splat-check.sh skips what the markers enclose).
echo "=== expected kernel reports begin: wakeup_source_busted" > /dev/kmsg
torture_until_failure torture_type=wakeup_source_busted
echo "=== expected kernel reports end: wakeup_source_busted" > /dev/kmsg
t_check "wakeup_source_busted (plain increments): ends in FAILURE (run $tries)" \
	ends_in FAILURE
t_check "wakeup_source_busted: statistics short of the calls ($(field source_stats) errors)" \
	test "$(field source_stats)" -gt 0

# The failed runs left nothing behind: no request blocks suspend.
t_eq "no request left active" "$(cat /sys/power/suspend_blockers)" ""
t_eq "power-level limit back to none" \
	"$(head -n 1 /sys/kernel/debug/pm_qos/power_level)" "limit: any"
t_check "module unloaded" test ! -d /sys/module/qos_torture
