# SPDX-License-Identifier: GPL-2.0
# The suspend path end to end: S3 through /sys/power/state, woken by the
# RTC alarm, counted by suspend_stats; the cycle's times in
# /sys/kernel/wakeup_reasons/last_suspend_time.

T=/sys/kernel/wakeup_reasons/last_suspend_time

# A forced suspend: no handshake left armed by an earlier test.
disarm_handshake
t_check "rtc0 wakealarm is writable" arm_rtc 5
t_check "mem_sleep offers deep" grep -q '\[deep\]' /sys/power/mem_sleep
before=$(suspend_count)
u0=$(cut -d' ' -f1 /proc/uptime)
t_check "suspend to mem returns after the RTC alarm" write /sys/power/state mem
u1=$(cut -d' ' -f1 /proc/uptime)
t_eq "suspend_stats/success went up by one" "$(suspend_count)" $((before + 1))

# last_suspend_time: the time spent suspending and resuming, then the time
# asleep, each S.NNNNNNNNN.  Together they make up the whole write
# (boottime, from /proc/uptime); asleep is about the 5 s the RTC was armed
# for, less the time it took to get to sleep, plus the firmware's resume
# path up to the kernel's read of the RTC, itself to the second.  Under
# TCG on a loaded host that path has taken more than a second (6.7 s
# asleep seen, with 20 s suspending and resuming): 10 s is the bound.
t=$(cat "$T")
t_check "last_suspend_time has two times with nine decimals ('$t')" \
	echo "$t" | grep -qE '^[0-9]+\.[0-9]{9} [0-9]+\.[0-9]{9}$'
t_check "asleep about 5 s, 2 to 10 s ('$t')" \
	awk -v t="$t" 'BEGIN { split(t, a, " "); exit !(a[2] >= 2 && a[2] <= 10) }'
d=$(awk -v a="$u0" -v b="$u1" 'BEGIN { print b - a }')
t_check "the two add up to the write's $d s, less at most 1 s ('$t')" \
	awk -v t="$t" -v d="$d" \
	'BEGIN { split(t, a, " "); s = a[1] + a[2]; exit !(s <= d + 0.05 && s >= d - 1) }'
