# SPDX-License-Identifier: GPL-2.0
#
# Helpers for the guest test scripts.  Each result goes to the console and,
# as one "ok - ..." / "not ok - ..." line, to the results port.

# The results port: the second serial port of the x86 guest, or the first
# virtio console port of the arm64 guest (QEMU's virt machine has one UART).
T_RESULTS=/dev/ttyS1
[ -c /dev/hvc0 ] && T_RESULTS=/dev/hvc0
[ -c "$T_RESULTS" ] || T_RESULTS=/dev/null

t_pass() {
	echo "ok - $T_SCRIPT: $*" | tee "$T_RESULTS"
}

t_fail() {
	echo "not ok - $T_SCRIPT: $*" | tee "$T_RESULTS"
}

# t_check DESCRIPTION COMMAND...: pass when the command succeeds.
t_check() {
	local desc=$1

	shift
	if "$@"; then t_pass "$desc"; else t_fail "$desc"; fi
}

# t_eq DESCRIPTION GOT WANT
t_eq() {
	if [ "$2" = "$3" ]; then
		t_pass "$1"
	else
		t_fail "$1 (got '$2', want '$3')"
	fi
}

# t_errno DESCRIPTION ERRNO COMMAND...: the command must fail and print the
# errno's name (as write below does), e.g. t_errno "..." EINVAL write F V.
t_errno() {
	local desc=$1 want=$2 out

	shift 2
	if out=$("$@" 2>&1); then
		t_fail "$desc (succeeded, want '$want')"
	elif [ "$out" = "$want" ]; then
		t_pass "$desc"
	else
		t_fail "$desc (got '$out', want '$want')"
	fi
}

# write FILE VALUE: one write(2) of VALUE to FILE; on failure prints the
# errno's name (EINVAL, ...) and fails.
write() {
	/bin/wr "$1" "$2"
}

# disarm_handshake: mainline keeps a successful wakeup_count handshake
# (autosleep's, or a test's) armed until a suspend aborts, so a later plain
# write to /sys/power/state would still be checked against it; writing a
# stale count disarms it (the write itself fails, as it should).
disarm_handshake() {
	write /sys/power/wakeup_count 0 > /dev/null
}

# s2idle_mode on|off: make "mem" in /sys/power/state suspend-to-idle,
# woken by the wake-up port (ttyS3: scripts/qemu-waker.py writes a byte to
# it), or S3 again.  The port's interrupt is requested while the port is
# open and armed for wake-up through the tty's power/wakeup.  The port is
# opened afresh each time: QEMU resets the UART when it wakes the guest
# from S3, and a port kept up across a suspend for wake-up is not set up
# again at resume, so one armed through an S3 cycle would never interrupt
# again.  Off, the port is disarmed, so S3 suspends and resumes it fully.
s2idle_mode() {
	local pidf=/tmp/wake-port.pid

	[ -s $pidf ] && kill "$(cat $pidf)" 2>/dev/null
	rm -f $pidf
	if [ "$1" = on ]; then
		stty -F /dev/ttyS3 raw -echo 2>/dev/null
		cat /dev/ttyS3 > /dev/null 2>&1 &
		echo $! > $pidf
		echo enabled > /sys/class/tty/ttyS3/power/wakeup
		echo s2idle > /sys/power/mem_sleep
	else
		echo disabled > /sys/class/tty/ttyS3/power/wakeup
		echo deep > /sys/power/mem_sleep
	fi
}

suspend_count() {
	cat /sys/power/suspend_stats/success
}

# wait_suspend COUNT: wait up to 30 s for the success count to pass COUNT.
wait_suspend() {
	local i=0

	while [ "$(suspend_count)" = "$1" ] && [ $i -lt 30 ]; do
		sleep 1
		i=$((i + 1))
	done
}

# arm_rtc SECONDS: wake the guest from S3 that many seconds from now.  Keep
# it at 5 or more: a debug guest under TCG can take over 2 s to get into S3,
# and an alarm that fires before it gets there never wakes it.
arm_rtc() {
	echo 0 > /sys/class/rtc/rtc0/wakealarm
	echo "+$1" > /sys/class/rtc/rtc0/wakealarm
}

# send_file PATH NAME: copy PATH out of the guest, to build/results/NAME on
# the host (through ttyS2, base64 encoded).
send_file() {
	[ -c /dev/ttyS2 ] || return 1
	{
		echo "#file $2"
		base64 < "$1"
		echo "#end"
	} > /dev/ttyS2
}

# wait_until COMMAND...: poll (every 0.2 s, up to 20 s) until the command
# succeeds; returns its last status.
wait_until() {
	local i=0

	while ! "$@" && [ $i -lt 100 ]; do
		usleep 200000
		i=$((i + 1))
	done
	"$@"
}

# es_passes suspend|resume: how many early-suspend passes of that
# direction ran (/sys/kernel/debug/pm_qos/earlysuspend; waits for one running).
es_passes() {
	sed -n "s/^$1 passes: \([0-9]*\).*/\1/p" /sys/kernel/debug/pm_qos/earlysuspend
}

# The torture test's module (kernel/power/qos_torture.c) and the framework
# it is built on; both come in the kernel's own initramfs part.
TORTURE_KO=/lib/modules/qos_torture.ko

# torture_load PARAM=VALUE...: start a run (loads torture.ko first).
torture_load() {
	[ -d /sys/module/torture ] || insmod /lib/modules/torture.ko || return
	insmod "$TORTURE_KO" "$@"
}

# torture_unload: end the run; its report, from the kernel log since the
# run's "Start of test", in $report.
torture_unload() {
	rmmod qos_torture && rmmod torture
	report=$(dmesg | sed -n '/-torture:--- Start of test/h; /-torture:--- Start of test/!H; ${x;p;}')
}
