# SPDX-License-Identifier: GPL-2.0
# The suspend path end to end: S3 through /sys/power/state, woken by the
# RTC alarm, counted by suspend_stats.

# A forced suspend: no handshake left armed by an earlier test.
disarm_handshake
t_check "rtc0 wakealarm is writable" arm_rtc 5
t_check "mem_sleep offers deep" grep -q '\[deep\]' /sys/power/mem_sleep
before=$(suspend_count)
t_check "suspend to mem returns after the RTC alarm" write /sys/power/state mem
t_eq "suspend_stats/success went up by one" "$(suspend_count)" $((before + 1))

# /sys/kernel/wakeup_reasons/last_suspend_time after that cycle: the time
# spent suspending and resuming, then the time asleep, each S.NNNNNNNNN.
# Together they make up the whole write (boottime, from /proc/uptime);
# asleep is about the 5 s the RTC was armed for, less the time it took to
# get to sleep.
T=/sys/kernel/wakeup_reasons/last_suspend_time
disarm_handshake
arm_rtc 5
u0=$(cut -d' ' -f1 /proc/uptime)
write /sys/power/state mem
u1=$(cut -d' ' -f1 /proc/uptime)
t=$(cat "$T")
t_check "last_suspend_time has two times with nine decimals ('$t')" \
	echo "$t" | grep -qE '^[0-9]+\.[0-9]{9} [0-9]+\.[0-9]{9}$'
t_check "asleep about 5 s, 2 to 6 s ('$t')" \
	awk -v t="$t" 'BEGIN { split(t, a, " "); exit !(a[2] >= 2 && a[2] <= 6) }'
t_check "the two add up to the write's $u0 .. $u1 within 0.5 s ('$t')" \
	awk -v t="$t" -v d="$(awk -v a="$u0" -v b="$u1" 'BEGIN { print b - a }')" \
	'BEGIN { split(t, a, " "); s = a[1] + a[2]; exit !(s <= d + 0.05 && s >= d - 0.5) }'
