# SPDX-License-Identifier: GPL-2.0
# User-space benchmark (run by scripts/bench.sh, not by make test): lock +
# unlock round trips per second through /sys/power/wake_lock with 0, 100
# and 1,000 other user locks present.  The same script runs on our kernel
# and on unpatched 6.1 with CONFIG_PM_WAKELOCKS.

made=0
for others in 0 100 1000; do
	r=$(/bin/wlbench 20000 "$made" "$others" | cut -d' ' -f3)
	made=$others
	echo "userbench,sysfs,$others,$r" | tee "$T_RESULTS"
done
echo "userbench,fd,0,n/a" | tee "$T_RESULTS"
