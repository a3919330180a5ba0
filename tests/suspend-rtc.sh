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
