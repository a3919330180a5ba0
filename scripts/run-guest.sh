#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-guest.sh [--demo] TEST...: boot the guest kernel under QEMU (TCG, 2
# CPUs) and run the named tests/ scripts in it.
#
# The console goes to build/results/guest-console.log (to the terminal with
# --demo); test results leave the guest on their own serial port (ttyS1), so
# console noise never decides a result.  A run fails on any not-ok line, on a
# missing end marker (crash or timeout), and on any kernel report in the
# console (WARN, lockdep, KASAN, UBSAN, kmemleak, BUG, panic).  Writes
# "PASSED FAILED" to build/results/guest.count.
#
# A third serial port (ttyS2) carries files out of the guest, base64
# encoded between "#file NAME" and "#end" lines: build/results/NAME on the
# host (the trace.dat of tests/trace.sh); the lines "#waker on", "#waker
# off" and "#waker in N" there start, stop and schedule wake-ups
# (scripts/qemu-waker.py): from S3 through the QEMU monitor, and from
# suspend-to-idle by a byte the host writes to a fourth port (ttyS3), whose
# interrupt the guest arms for wake-up (s2idle_mode in tests/lib.sh).
# SCENARIO=NAME picks the
# tests/scenarios/ script that tests/trace.sh records.
#
# The kernel and the initramfs (build/initramfs.cpio.gz) are make's: the
# make targets that boot the guest build both first.  Run by hand, this
# has make bring the initramfs up to date, and boots the kernel as it is.

top=$(cd "$(dirname "$0")/.." && pwd)
# The base's kernel (scripts/base.sh): build/guest for 6.12, results
# guest-*; build/6.1/guest for 6.1, results guest-6.1-*.
. "$top/scripts/base.sh"
res=$top/build/results
# GUEST=kcsan boots the KCSAN variant (kcsan); results go to
# build/results/kcsan-*.  GUEST_ARGS adds to the kernel command line (the
# tests' knobs: torture_secs=, race_attempts=, fuzz_count=, fuzz_seed=).
# GUEST=android-arm64 boots the Android-shaped arm64 kernel on QEMU's virt
# machine (qemu-system-aarch64, multi-threaded TCG) with the arm64
# initramfs; its one UART is the console, the results leave through a
# virtio console port (/dev/hvc0), and it has neither the files port nor
# the wake-up port (its suspend-to-idle wakes on the PL031 RTC's alarm).
variant=${GUEST:-guest}
name=$variant$bsfx
arch=x86_64
kernel=$bdir/$variant/arch/x86/boot/bzImage
initramfs=$top/build/initramfs.cpio.gz
initramfs_target=build/initramfs.cpio.gz
case $variant in
*-arm64)
	arch=arm64
	kernel=$bdir/$variant/arch/arm64/boot/Image
	initramfs=$top/build/initramfs-arm64.cpio.gz
	initramfs_target=build/initramfs-arm64.cpio.gz
	;;
esac
mkdir -p "$res"

demo=0
if [ "$1" = --demo ]; then
	demo=1
	shift
fi
tests=$(echo "$*" | tr ' ' ',')
timeout=${GUEST_TIMEOUT:-1500}

if [ -z "$MAKELEVEL" ]; then
	make -s -C "$top" --no-print-directory "$initramfs_target" || exit 1
fi
# The kernel's modules (build-guest.sh), appended as a second archive:
# the kernel unpacks both.
if [ -f "$bdir/$variant/modules.cpio.gz" ]; then
	cat "$initramfs" "$bdir/$variant/modules.cpio.gz" \
		> "$res/$name-initrd.cpio.gz"
	initramfs=$res/$name-initrd.cpio.gz
fi
console=$res/$name-console.log
results=$res/$name-results.log
files=$res/$name-files.log
monitor=$res/$name-monitor.sock
wake=$res/$name-wake.sock
rm -f "$console" "$results" "$files" "$monitor" "$wake"
# The guest may ask to be woken from S3 through the monitor (see
# scripts/qemu-waker.py); the waker ends with QEMU.
: > "$files"
"$top/scripts/qemu-waker.py" "$files" "$monitor" "$results" "$wake" &
waker=$!

# KVM does not work on these machines (the guest hangs); TCG it is.
# RCU's stall timeout goes from 21 s to 120 s: under TCG an S3 resume now
# and then stalls the whole guest for 10 to 70 s of host time (the CMOS
# RTC, which follows the host clock, advanced 23 to 72 s over such a cycle
# against 5 to 6 s normally, in about 1 cycle of 10 with no test code
# involved), and up to about 60 s of that shows up as monotonic time in
# which CPU0 ran nothing: a stall report of QEMU's, not of the kernel's.
qemu=(qemu-system-x86_64 -machine pc,accel=tcg -cpu max -smp 2 -m 1536
      -nodefaults -display none -no-reboot
      -monitor "unix:$monitor,server=on,wait=off"
      -kernel "$kernel" -initrd "$initramfs"
      -append "console=ttyS0 no_console_suspend panic=-1 oops=panic rcupdate.rcu_cpu_stall_timeout=120 ptests=$tests scenario=${SCENARIO:-blame} ${GUEST_ARGS:-}")
if [ $arch = arm64 ]; then
	qemu=(qemu-system-aarch64 -machine virt -accel tcg,thread=multi
	      -cpu cortex-a72 -smp 2 -m 1024 -nodefaults -display none -no-reboot
	      -monitor "unix:$monitor,server=on,wait=off"
	      -kernel "$kernel" -initrd "$initramfs"
	      -device virtio-serial-device
	      -append "console=ttyAMA0 no_console_suspend panic=-1 oops=panic ptests=$tests ${GUEST_ARGS:-}")
	timeout "$timeout" "${qemu[@]}" -serial "file:$console" \
		-chardev "file,id=results,path=$results" \
		-device virtconsole,chardev=results < /dev/null
	status=$?
elif [ $demo = 1 ]; then
	# The console on the terminal (and in the log); results still apart.
	timeout "$timeout" "${qemu[@]}" -serial stdio -serial "file:$results" \
		-serial "file:$files" -serial "unix:$wake,server=on,wait=off" \
		< /dev/null | tee "$console"
	status=${PIPESTATUS[0]}
else
	timeout "$timeout" "${qemu[@]}" -serial "file:$console" \
		-serial "file:$results" -serial "file:$files" \
		-serial "unix:$wake,server=on,wait=off" < /dev/null
	status=$?
fi

wait "$waker" 2>/dev/null
rm -f "$monitor" "$wake"

# Files sent out of the guest.
if [ -s "$files" ]; then
	# The serial line ends lines with \r\n.
	awk -v dir="$res" '
		{ sub(/\r$/, "") }
		/^#file / { name = dir "/" $2 ".b64"; printf "" > name; next }
		/^#end/ { close(name); name = ""; next }
		name != "" { print >> name }' "$files"
	for b in "$res"/*.b64; do
		[ -e "$b" ] || continue
		base64 -d < "$b" > "${b%.b64}" && rm -f "$b"
	done
fi

passed=$(grep -c '^ok ' "$results" 2>/dev/null)
failed=$(grep -c '^not ok ' "$results" 2>/dev/null)
passed=${passed:-0}
failed=${failed:-0}
why=
if ! grep -q '^# done' "$results" 2>/dev/null; then
	why="the guest did not finish (status $status: crash or timeout)"
	failed=$((failed + 1))
fi
# A KCSAN kernel's races are sorted into the project's and upstream's.
kcsan_build=
[ "$variant" = kcsan ] && kcsan_build=$bdir/$variant
if reports=$("$top/scripts/splat-check.sh" "$console" $kcsan_build); then
	:
else
	why="$why${why:+; }kernel reports in the console:
$reports"
	failed=$((failed + 1))
fi
grep '^not ok' "$results" 2>/dev/null
if [ "$failed" != 0 ]; then
	[ -n "$why" ] && echo "guest: $why"
	# What each of the first failing checks printed just before it.
	grep '^not ok' "$results" 2>/dev/null | head -n 3 |
	while IFS= read -r line; do
		echo "guest: console before '$line':"
		grep -a -F -x -B 30 -m 1 -e "$line" "$console" | head -n 30
	done
	echo "guest: last 60 console lines:"
	tail -n 60 "$console"
fi
{
	grep '^not ok' "$results" 2>/dev/null | head -n 30
	[ -n "$why" ] && echo "$why" | head -n 12
} > "$res/$name.failures"
echo "$passed $failed" > "$res/$name.count"
echo "$name: $passed passed, $failed failed"
[ "$failed" = 0 ]
