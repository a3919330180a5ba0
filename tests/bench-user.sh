# SPDX-License-Identifier: GPL-2.0
# User-space benchmark (run by scripts/bench.sh, not by make test): lock +
# unlock round trips per second through /sys/power/wake_lock with 0, 100
# and 1,000 other user locks present; two writes of a trivial sysfs file
# (the floor of any sysfs round trip); and acquire + release ioctls on
# /dev/suspend_block where it exists.  The same script runs on our kernel
# and on unpatched 6.1 with CONFIG_PM_WAKELOCKS.

made=0
for others in 0 100 1000; do
	r=$(/bin/wlbench sysfs 20000 "$made" "$others" | cut -d' ' -f4)
	made=$others
	echo "userbench,sysfs,$others,$r" | tee "$T_RESULTS"
done
r=$(/bin/wlbench floor 20000 | cut -d' ' -f4)
echo "userbench,floor,0,$r" | tee "$T_RESULTS"
if [ -e /dev/suspend_block ]; then
	r=$(/bin/wlbench fd 20000 | cut -d' ' -f4)
else
	r=n/a
fi
echo "userbench,fd,0,$r" | tee "$T_RESULTS"
