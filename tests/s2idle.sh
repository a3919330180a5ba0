# SPDX-License-Identifier: GPL-2.0
#
# Suspend-to-idle (mem_sleep s2idle), the suspend mode of most laptops and
# many phones sold today: the guest enters it and is woken by the host
# through its wake-up port (ttyS3, a byte from scripts/qemu-waker.py); an
# activation during the s2idle loop wakes it (pm_system_wakeup()); an
# activation just before the loop's last check aborts that sleep and is
# reported by name.  The same boot also has a timed activation under the
# armed handshake and a read-out that takes the requests' timer locks
# inside the registry lock: every edge of the lock cycle the class once
# had (s2idle_lock -> registry -> timer_lock -> s2idle_lock), which
# lockdep reports as soon as it has seen them all (scripts/splat-check.sh
# fails the run).

H=/sys/kernel/debug/pm_qos/suspend_block_test
L=/sys/kernel/debug/pm_qos/suspend_block
TR=/sys/kernel/tracing
WR=/sys/kernel/wakeup_reasons/last_resume_reason
hook() { write "$H" "$*"; }
col() { awk -F '\t' -v n="$1" -v c="$2" '$1 == n { print $c }' "$L"; }
fails() { cat /sys/power/suspend_stats/fail; }
wake_irq() { cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none; }
# s2idle_entries: how many times the s2idle loop went to sleep (its
# machine_suspend events) since the trace was last cleared.
s2idle_entries() { grep -c 'machine_suspend\[1\] begin' "$TR/trace"; }
# arm_handshake: the wakeup_count handshake, as autosleep makes it.
arm_handshake() {
	write /sys/power/wakeup_count "$(cat /sys/power/wakeup_count)"
}

port_irq=$(cat /sys/class/tty/ttyS3/irq 2>/dev/null)
t_check "mem_sleep offers s2idle" grep -q 's2idle' /sys/power/mem_sleep
s2idle_mode on
t_eq "the wake-up port's interrupt is armed for wake-up" \
	"$(cat /sys/class/tty/ttyS3/power/wakeup 2>/dev/null)" enabled
t_check "mem_sleep is s2idle" grep -q '\[s2idle\]' /sys/power/mem_sleep
echo 1 > "$TR/events/power/suspend_resume/enable"
echo 1 > "$TR/events/suspend_qos/suspend_aborted/enable"
echo > "$TR/trace"

# s2idle_by_port: a forced s2idle, woken by the host's byte on the wake-up
# port.  The waker writes one every 0.5 s: one that arrives after the
# devices' interrupts are suspended but before the loop sleeps aborts the
# attempt instead, so up to three tries.  Sets $ok to the success count
# before the last try.
s2idle_by_port() {
	disarm_handshake
	echo "#waker on" > /dev/ttyS2
	for try in 1 2 3; do
		ok=$(suspend_count)
		echo > "$TR/trace"
		write /sys/power/state mem > /dev/null
		[ "$(suspend_count)" != "$ok" ] && [ "$(s2idle_entries)" -gt 0 ] &&
			[ "$(wake_irq)" = "$port_irq" ] && break
	done
	echo "#waker off" > /dev/ttyS2
}

# Sum of the usage counters of idle states 2 and deeper over all CPUs.
deeper_usage() {
	local sum=0 f

	for f in /sys/devices/system/cpu/cpu*/cpuidle/state[2-9]/usage; do
		[ -e "$f" ] && sum=$((sum + $(cat "$f")))
	done
	echo "$sum"
}

# 1. Enter s2idle, woken by the host's byte on the wake-up port.
s2idle_by_port
t_eq "s2idle: suspend counted as a success" "$(suspend_count)" $((ok + 1))
t_check "s2idle: the loop went to sleep ($(s2idle_entries) entries)" \
	test "$(s2idle_entries)" -gt 0
t_eq "s2idle: woken by the wake-up port's interrupt" "$(wake_irq)" "$port_irq"
t_check "s2idle: last_resume_reason names it ($(head -n 1 "$WR"))" \
	grep -qE "^$port_irq [^ ]+\$" "$WR"

# Bad input to the s2idle stage: an exact errno, nothing armed.
hook add s2-bad
t_errno "s2idle delay not a number: EINVAL" EINVAL \
	hook activate-at s2idle s2-bad 1x
t_errno "a delay for another stage: EINVAL" EINVAL \
	hook activate-at suspend s2-bad 5
t_errno "s2idle delay over an hour: ERANGE" ERANGE \
	hook activate-at s2idle s2-bad 3600001
t_check "bad input armed nothing" \
	grep -q '^armed s2idle: -$' "$H"
hook remove s2-bad

# 2. An activation while the loop sleeps wakes it.  The hook starts a
# 1 s hard-IRQ timer when the loop enters; the host's byte 60 s later
# only ends a sleep that nothing else ended (a failed check).
hook add s2-wake
hook activate-at s2idle s2-wake 1000
echo "#waker in 60" > /dev/ttyS2
ok=$(suspend_count)
echo > "$TR/trace"
start=$(date +%s)
arm_handshake
write /sys/power/state mem > /dev/null
took=$(($(date +%s) - start))
t_eq "activation in s2idle: the request is active" "$(col s2-wake 2)" 1
t_check "activation in s2idle: the loop had gone to sleep" \
	test "$(s2idle_entries)" -gt 0
t_eq "activation in s2idle: no interrupt woke the guest" "$(wake_irq)" none
t_check "activation in s2idle: woken in ${took}s, not by the host at 60 s" \
	test "$took" -lt 45
t_eq "activation in s2idle: counted as a wakeup" "$(col s2-wake 5)" 1
hook remove s2-wake
# The safety wake-up, if it is still due, must not hit the next test.
echo "#waker in 100000" > /dev/ttyS2

# 3. An activation just before the loop's last check: that check (under
# the PM core's s2idle_lock) finds it, the loop never sleeps, and the
# report names the request.
hook add s2-check
hook activate-at s2idle s2-check
echo > "$TR/trace"
arm_handshake
write /sys/power/state mem > /dev/null
t_eq "activation at the last check: the request is active" \
	"$(col s2-check 2)" 1
t_check "activation at the last check: reported as the blocker" \
	grep -q 'suspend_aborted: .*blockers=s2-check' "$TR/trace"
t_check "activation at the last check: named in last_resume_reason" \
	grep -qE '^Abort: Pending Wakeup Sources: (.* )?s2-check( |$)' "$WR"
hook remove s2-check

# 4. The other two edges in the same boot: a timed activation that makes
# the aggregate's 0 -> 1 under the armed handshake (it wakes a suspend in
# progress), and a read-out that takes each request's timer_lock inside
# the registry lock.
hook add s2-timed
wait_until test -z "$(cat /sys/power/suspend_blockers)"
arm_handshake
hook activate s2-timed 3000
t_eq "timed activation under the handshake: active" "$(col s2-timed 2)" 1
t_check "read-out of the timed request: its deadline" \
	grep -q "s2-timed" /proc/wakelocks
hook remove s2-timed
disarm_handshake

# 5. The power-level limit holds through an s2idle cycle: in this guest
# (the test cpuidle driver has no s2idle state) the loop's CPUs pick the
# deepest state the limit allows, and go through cpuidle_enter(), which
# clamps again.  Level 1 keeps them out of states 2 and 3, which the same
# cycle without a request uses.
PL=/sys/kernel/debug/pm_qos/power_level_test
before=$(deeper_usage)
s2idle_by_port
t_check "no limit: an s2idle cycle uses states 2 and deeper ($((
	$(deeper_usage) - before)) entries)" test "$(deeper_usage)" -gt "$before"
write $PL "add s2-level 1"
before=$(deeper_usage)
s2idle_by_port
t_check "power level 1: the s2idle loop slept ($(s2idle_entries) entries)" \
	test "$(s2idle_entries)" -gt 0
t_eq "power level 1: no state deeper than 1 entered through s2idle" \
	"$(deeper_usage)" "$before"
write $PL "remove s2-level"

# 6. ACK's <linux/wakeup_reason.h> from a module written as a vendor's
# (kernel/power/wakeup_reason_test.c): it loads, so the exports are there;
# its chained interrupt, its abnormal wake-up and its failing suspend each
# read in last_resume_reason as ACK prints them.
WRT=/sys/devices/platform/wakeup_reason_test
WRP=/sys/module/wakeup_reason_test/parameters
t_check "a module calling ACK's wakeup_reason exports loads" \
	insmod /lib/modules/wakeup_reason_test.ko parent_irq="$port_irq"
write /sys/power/wake_lock wrt_hold
t_check "pm_get_active_wakeup_sources() names an active lock ($(cat $WRT/active_wakeup_sources))" \
	grep -qE '^Pending Wakeup Sources: (.* )?wrt_hold ' $WRT/active_wakeup_sources
write /sys/power/wake_unlock wrt_hold
echo chained > $WRP/wake
s2idle_by_port
t_eq "chained wake-up: the leaf instead of the port, by its whole name" \
	"$(cat "$WR")" \
	"$(cat $WRT/irq) wakeup_reason_test-demultiplexed-leaf-interrupt"
echo > $WRP/wake

echo 0 > "$TR/events/power/suspend_resume/enable"
echo 0 > "$TR/events/suspend_qos/suspend_aborted/enable"
s2idle_mode off

# S3, where the firmware wakes the system and no interrupt is recorded:
# the module's abnormal wake-up is the reason; then its failing
# suspend_late aborts the attempt, named by the PM core.
echo abnormal > $WRP/wake
before=$(suspend_count)
arm_rtc 6
write /sys/power/state mem
t_eq "S3 with an abnormal wake-up: resumed" "$(suspend_count)" $((before + 1))
t_eq "abnormal wake-up: one line '-1 REASON'" "$(cat "$WR")" \
	"-1 wakeup_reason_test: abnormal wake"
echo > $WRP/wake
echo 1 > $WRP/fail_late
arm_rtc 5
t_errno "a device's failing suspend_late aborts the suspend: EBUSY" EBUSY \
	write /sys/power/state mem
echo 0 > /sys/class/rtc/rtc0/wakealarm
echo 0 > $WRP/fail_late
t_eq "the abort names the device, in one line" "$(cat "$WR")" \
	"Abort: wakeup_reason_test device failed to power down"
t_eq "one line, without a newline, as ACK prints it" "$(wc -l < "$WR")" 0
t_check "the module unloads" rmmod wakeup_reason_test
