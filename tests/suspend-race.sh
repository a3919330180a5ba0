# SPDX-License-Identifier: GPL-2.0
#
# Suspend races, in both suspend modes (S3, mem_sleep deep, then
# suspend-to-idle, s2idle): autosleep on, user space taking and dropping
# wake locks and /dev/suspend_block requests at random, the torture test's
# kernel traffic on every CPU, and the host waking the guest (from S3
# through the QEMU monitor, from s2idle by a byte on the wake-up port;
# scripts/qemu-waker.py).  The sleep checker (qos_suspend_sleep_check.c)
# looks at the PM core's last check for wakeups before the sleep: a sleep
# entered under autosleep's handshake while any request was active is a
# violation.  The torture's own "unwoken" check covers the s2idle loop
# after that check.
# race_attempts=N on the kernel command line: suspend attempts to wait for
# in each mode (default 12, which keeps make test within its time; make
# torture asks for 200).

C=/sys/kernel/debug/pm_qos/suspend_sleep_check
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

	# Kernel traffic: torture runs (torture_type=mix) of 1-3 s with pauses
	# of up to 4 s between them, and pauses in the threads: suspends start
	# during runs (the module's threads are not frozen, and the run goes
	# on through them) and in the quiet gaps between (where sleeps are
	# entered).  Each run must end in SUCCESS.
	rm -f /tmp/race-runs /tmp/race-failed /tmp/race-stop
	(
		i=0
		while [ ! -e /tmp/race-stop ]; do
			i=$((i + 1))
			torture_load torture_type=mix think_us=2000 \
				irq_period_us=50000 || break
			sleep $((1 + i % 3))
			torture_unload
			echo "$i" >> /tmp/race-runs
			echo "$report" | grep -q -- '-torture:--- End of test: SUCCESS' ||
				echo "$report" >> /tmp/race-failed
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
	# The torture loop stops by itself, after its run in progress.
	touch /tmp/race-stop
	wait $torture_pid 2>/dev/null
	wait $wl_pid $fd_pid 2>/dev/null
	for i in 0 1 2 3 4 5 6; do
		echo "race$i" > /sys/power/wake_unlock 2>/dev/null
	done

	attempts=$(attempts)
	aborts=$(($(stat fail) - fail0))
	entries=$(($(checker entries) - entries0))
	violations=$(($(checker violations) - viol0))
	echo "suspend-race ($mode): attempts=$attempts aborts=$aborts entries=$entries violations=$violations"
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
	t_check "$mode: the torture module unloaded" test ! -d /sys/module/qos_torture
	[ "$mode" = s2idle ] && s2idle_mode off
}

race deep
race s2idle
