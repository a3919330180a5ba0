# SPDX-License-Identifier: GPL-2.0
#
# Suspend races, in both suspend modes (S3, mem_sleep deep, then
# suspend-to-idle, s2idle): autosleep on, user space taking and dropping
# wake locks and /dev/suspend_block requests at random, the torture test's
# kernel traffic on every CPU, and the host waking the guest (from S3
# through the QEMU monitor, from s2idle by a byte on the wake-up port;
# scripts/qemu-waker.py).  The torture module's sleep checker looks at the
# PM core's last check for wakeups before the sleep: a sleep entered under
# autosleep's handshake while any request was active is a violation.  The
# torture's own "unwoken" check covers the s2idle loop after that check.
# race_attempts=N on the kernel command line: suspend attempts to wait for
# in each mode (default 12, which keeps make test within its time; make
# torture asks for 200).

T=/sys/kernel/debug/pm_qos/suspend_block_torture
C=/sys/kernel/debug/pm_qos/suspend_block_torture_sleep
want=$(sed -n 's/.*race_attempts=\([0-9]*\).*/\1/p' /proc/cmdline)
want=${want:-12}

stat() { cat "/sys/power/suspend_stats/$1"; }
checker() { sed -n "s/.*$1=\([0-9]*\).*/\1/p" "$C"; }
attempts() { echo $(($(stat success) + $(stat fail) - ok0 - fail0)); }

t_check "sleep checker present" test -r "$C"

race() {
	local mode=$1

	[ "$mode" = s2idle ] && s2idle_mode on
	ok0=$(stat success)
	fail0=$(stat fail)
	entries0=$(checker entries)
	viol0=$(checker violations)

	# User-space traffic: sysfs wake locks with and without timeouts, and
	# /dev/suspend_block requests held for a moment.
	(
		i=0
		while :; do
			i=$((i + 1))
			echo "race$((i % 7)) $(((i % 5) * 20000000))" > /sys/power/wake_lock
			usleep $(((i * 7919) % 40000))
			echo "race$((i % 7))" > /sys/power/wake_unlock
			usleep $(((i * 104729) % 60000))
		done
	) 2>/dev/null &
	wl_pid=$!
	(
		i=0
		while :; do
			i=$((i + 1))
			sbfd name "racefd$((i % 3))" acquire >/dev/null
			sbfd timeout $(((i % 4) * 30000000 + 1)) >/dev/null
			usleep $(((i * 6007) % 80000))
		done
	) 2>/dev/null &
	fd_pid=$!

	# Kernel traffic: background torture runs of 1-3 s with pauses of up to
	# 4 s between them, and pauses in the threads: suspends start during runs
	# (the runs go on through them: they end from a work item, not from a
	# frozen writer) and in the quiet gaps between (where sleeps are entered).
	# Each run's report must end in SUCCESS.
	P=/sys/module/suspend_block_torture/parameters
	echo 2000 > $P/think_us
	echo 50000 > $P/irq_period_us
	rm -f /tmp/race-runs /tmp/race-failed /tmp/race-stop
	(
		i=0
		while [ ! -e /tmp/race-stop ]; do
			i=$((i + 1))
			echo "bg $((1 + i % 3))" > "$T" || break
			while grep -q '^running' "$T"; do usleep 200000; done
			echo "$i" >> /tmp/race-runs
			grep -q 'End of test: SUCCESS' "$T" || cat "$T" >> /tmp/race-failed
			usleep $(((i * 7919) % 4000000))
		done
	) &
	torture_pid=$!

	echo "#waker on" > /dev/ttyS2
	echo mem > /sys/power/autosleep
	start=$(date +%s)
	while [ "$(attempts)" -lt "$want" ] && [ $(($(date +%s) - start)) -lt 900 ]; do
		sleep 1
	done
	echo off > /sys/power/autosleep
	echo "#waker off" > /dev/ttyS2
	# Autosleep's last handshake stays armed: later tests force suspends.
	disarm_handshake

	kill $wl_pid $fd_pid
	# The loop stops by itself: a signal that killed it inside its "bg"
	# write would make that run's kthread_create() fail (a setup error,
	# FAILURE).  A run going on is ended early.
	touch /tmp/race-stop
	echo stop > "$T" 2>/dev/null
	wait $torture_pid 2>/dev/null
	echo stop > "$T" 2>/dev/null
	while grep -q '^running' "$T"; do usleep 200000; done
	echo 0 > $P/think_us
	echo 100 > $P/irq_period_us
	wait $wl_pid $fd_pid 2>/dev/null
	for i in 0 1 2 3 4 5 6; do
		echo "race$i" > /sys/power/wake_unlock 2>/dev/null
	done

	attempts=$(attempts)
	aborts=$(($(stat fail) - fail0))
	entries=$(($(checker entries) - entries0))
	violations=$(($(checker violations) - viol0))
	echo "suspend-race ($mode): attempts=$attempts aborts=$aborts entries=$entries violations=$violations"
	cat "$T"
	runs=$(wc -l < /tmp/race-runs 2>/dev/null)
	t_check "$mode: at least $want suspend attempts ($attempts, $aborts aborted)" \
		test "$attempts" -ge "$want"
	t_check "$mode: sleeps entered ($entries)" test "$entries" -gt 0
	t_eq "$mode: no sleep entered while a request was active" "$violations" 0
	t_check "$mode: torture runs went on through the race (${runs:-0})" \
		test "${runs:-0}" -gt 0
	t_check "$mode: every torture run under suspend ended in SUCCESS" \
		test ! -s /tmp/race-failed
	[ -s /tmp/race-failed ] && cat /tmp/race-failed
	t_check "$mode: the last (stopped) run ended in SUCCESS" \
		grep -q 'End of test: SUCCESS' "$T"
	[ "$mode" = s2idle ] && s2idle_mode off
}

race deep
race s2idle
