# SPDX-License-Identifier: GPL-2.0
# User-space benchmark (run by scripts/bench.sh, not by make test): lock +
# unlock round trips per second through /sys/power/wake_lock with 0, 100
# and 1,000 other user locks present; two writes of a trivial sysfs file
# and two trivial system calls (the floors of any such round trip); and
# acquire + release ioctls on /dev/suspend_block where it exists, against
# a null ioctl on the same file and the in-kernel pair.  Each number but
# the last comparison's is the median of three runs.  The same script runs on our kernel
# and on the unpatched base with CONFIG_PM_WAKELOCKS.

# med3 ARGS...: median of three runs of wlbench ARGS (round trips/s).
med3() {
	local i

	for i in 1 2 3; do
		/bin/wlbench "$@" | cut -d' ' -f4
	done | sort -n | sed -n 2p
}

made=0
for others in 0 100 1000; do
	/bin/wlbench sysfs 1 "$made" "$others" > /dev/null
	made=$others
	echo "userbench,sysfs,$others,$(med3 sysfs 20000 "$made" "$made")" |
		tee "$T_RESULTS"
done
echo "userbench,floor,0,$(med3 floor 20000)" | tee "$T_RESULTS"
echo "userbench,syscall,0,$(med3 syscall 20000)" | tee "$T_RESULTS"
if [ -e /dev/suspend_block ]; then
	r=$(med3 fd 20000)
else
	r=n/a
fi
echo "userbench,fd,0,$r" | tee "$T_RESULTS"

# The fd round trip against the class's own cost: five alternating runs
# of the fd pair and of a null ioctl pair on the same file (what the
# system call and the file's dispatch cost), and the in-kernel
# suspend-block pair timed in this same boot (pm_qos_bench.only= on the
# command line keeps that run to a few rows).
bench=/sys/kernel/debug/pm_qos/bench
if [ -e /dev/suspend_block ] && [ -e "$bench" ]; then
	for i in 1 2 3 4 5; do
		fd=$(/bin/wlbench fd 20000 | cut -d' ' -f4)
		null=$(/bin/wlbench nullioctl 20000 | cut -d' ' -f4)
		echo "userbench,fdnull,$i,$fd,$null" | tee "$T_RESULTS"
	done
	echo 1 > "$bench"
	sb=$(sed -n 's/^ours: suspend-block activate + deactivate *\([0-9.]*\) .*/\1/p' \
		"$bench")
	echo "userbench,inkernel_sb,0,${sb:-n/a}" | tee "$T_RESULTS"
fi
