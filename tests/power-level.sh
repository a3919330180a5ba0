# SPDX-License-Identifier: GPL-2.0
# The power-level class in a booted kernel: under each cpuidle governor,
# a level-0 request stops the CPUs from entering deeper idle states (their
# usage counters stop advancing while the guest idles), and they advance
# again once it is removed.  Uses the test cpuidle driver (poll + three
# halt states) and the debugfs hooks.

H=/sys/kernel/debug/pm_qos/power_level_test
CPUIDLE=/sys/devices/system/cpu/cpuidle
hook() { write "$H" "$*"; }
limit() { sed -n 's/^limit: //p' /sys/kernel/debug/pm_qos/power_level; }

# Sum of the usage counters of states 1 and deeper over all CPUs.
deep_usage() {
	local sum=0 f

	for f in /sys/devices/system/cpu/cpu*/cpuidle/state[1-9]/usage; do
		sum=$((sum + $(cat "$f")))
	done
	echo "$sum"
}

# deep_delta: how often deeper states were entered during 2 s of idling,
# after 1 s for a new governor or limit to settle.
deep_delta() {
	local a

	sleep 1
	a=$(deep_usage)
	sleep 2
	echo $(($(deep_usage) - a))
}

t_eq "the test cpuidle driver is in use" "$(cat $CPUIDLE/current_driver)" \
	pl_test_idle
t_eq "no request, no limit" "$(limit)" any

snap=$(cat /sys/kernel/debug/pm_qos/power_level | cut -f1-3)
t_errno "level out of range: EINVAL" EINVAL hook add bad 10
t_errno "negative level: EINVAL" EINVAL hook add bad -1
t_errno "level not a number: EINVAL" EINVAL hook add bad x1
t_errno "missing level: EINVAL" EINVAL hook add bad
t_errno "unknown command: EINVAL" EINVAL hook frob bad 1
t_errno "unknown name: ENOENT" ENOENT hook update nosuch 1
t_errno "writing the debugfs listing: EINVAL" EINVAL \
	write /sys/kernel/debug/pm_qos/power_level any
t_eq "bad input changed nothing" \
	"$(cat /sys/kernel/debug/pm_qos/power_level | cut -f1-3)" "$snap"

for gov in menu teo ladder; do
	if ! write $CPUIDLE/current_governor $gov >/dev/null; then
		t_fail "$gov: governor selectable"
		continue
	fi
	d=$(deep_delta)
	t_check "$gov: deeper states are used without a request ($d entries)" \
		test "$d" -gt 0

	hook add lvl0 0
	t_eq "$gov: the limit is 0" "$(limit)" 0
	t_eq "$gov: with a level-0 request no CPU enters a deeper state" \
		"$(deep_delta)" 0

	hook update lvl0 2
	t_eq "$gov: update to level 2 relaxes the limit" "$(limit)" 2
	hook remove lvl0
	t_eq "$gov: removing the request lifts the limit" "$(limit)" any
	d=$(deep_delta)
	t_check "$gov: deeper states are used again ($d entries)" \
		test "$d" -gt 0
done
