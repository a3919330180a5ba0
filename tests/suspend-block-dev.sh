# SPDX-License-Identifier: GPL-2.0
# /dev/suspend_block in a booted kernel: one suspend-block request per open
# file, acquired and released by ioctls, released when its holder exits or
# is killed; timeouts, bad input and CAP_BLOCK_SUSPEND.  Holders sleep far
# longer than the checks take (the debug guest is slow) and are ended by
# the script.

D=/dev/suspend_block
Q=/sys/kernel/debug/pm_qos/suspend_block
blockers() { cat /sys/power/suspend_blockers; }
# column N of request NAME in the debugfs listing
qcol() { awk -F '\t' -v n="$1" -v c="$2" '$1 == n { print $c }' "$Q"; }
# wait_for COMMAND: up to 10 s for the shell command to succeed.
wait_for() {
	local i=0

	while ! eval "$1" && [ $i -lt 100 ]; do
		usleep 100000
		i=$((i + 1))
	done
}
# end PID: terminate a holder and reap it.
end() {
	kill "$1"
	wait "$1" 2> /dev/null
}

t_check "the device exists" test -c "$D"
t_eq "nothing blocks suspend" "$(blockers)" ""

/bin/sbfd name app acquire sleep 600 &
pid=$!
wait_for '[ "$(blockers)" = app ]'
t_eq "an acquired request blocks suspend" "$(blockers)" app
t_check "reading wakeup_count blocks meanwhile" \
	sh -c '! timeout 1 cat /sys/power/wakeup_count'
t_check "/proc/wakelocks lists it" grep -q '^"app"' /proc/wakelocks
# /proc/suspend_blockers: kind, name, active, ..., pid, uid, comm
row=$(awk -F '\t' '$2 == "app"' /proc/suspend_blockers)
t_eq "/proc/suspend_blockers names its owner: kind, pid, uid, comm" \
	"$(echo "$row" | cut -f1,3,8-10)" "$(printf 'fd\t1\t%s\t0\tsbfd' $pid)"
t_eq "the debugfs listing names its owner too: kind, pid, uid, comm" \
	"$(qcol app 12) $(qcol app 13) $(qcol app 14) $(qcol app 15)" \
	"fd $pid 0 sbfd"
t_check "/proc/suspend_blockers has its header" \
	grep -q '^kind	name	active	active_ns	count	total_ns	max_ns	pid	uid	comm$' \
	/proc/suspend_blockers
t_check "... and lists kernel requests without an owner" \
	sh -c "awk -F '\t' '\$1 == \"kernel\" && \$8 == \"-\" && \$9 == \"-\"' /proc/suspend_blockers | grep -q ."
end $pid

# A user wake lock records its creator too; once the writer has exited its
# pid is not shown (the number may be reused).
write /sys/power/wake_lock ownertest
t_eq "a user wake lock's owner: kind, pid gone, uid, comm" \
	"$(awk -F '\t' '$2 == "ownertest" { print $1, $8, $9, $10 }' /proc/suspend_blockers)" \
	"sysfs - 0 wr"
write /sys/power/wake_unlock ownertest
t_eq "its holder's end released it" "$(blockers)" ""
t_eq "... and removed the request" "$(qcol app 1)" ""

t_check "a holder that exits without releasing" /bin/sbfd name quick acquire
t_eq "... leaves nothing blocking" "$(blockers)" ""

/bin/sbfd name killed acquire sleep 600 &
pid=$!
wait_for '[ "$(blockers)" = killed ]'
kill -9 $pid
wait $pid 2> /dev/null
t_eq "killing the holder releases its request" "$(blockers)" ""

/bin/sbfd name cycle acquire release sleep 600 &
pid=$!
wait_for '[ "$(qcol cycle 3)" = 1 ]'
t_eq "release stops blocking while the file stays open" "$(blockers)" ""
t_eq "the request stays registered, counted once" "$(qcol cycle 3)" 1
end $pid

/bin/sbfd acquire sleep 600 &
pid=$!
wait_for '[ "$(blockers)" = fd:sbfd ]'
t_eq "an unnamed request is named after its opener" "$(blockers)" fd:sbfd
end $pid

# A process names itself with any bytes: spaces, newlines and quotes must
# not split the read-outs' names or forge a /proc/wakelocks row.
odd=$(printf 'a b\n"c')
/bin/sbfd -c "$odd" acquire sleep 600 &
pid=$!
wait_for '[ -n "$(blockers)" ]'
t_eq "an opener's odd name is made safe" "$(blockers)" 'fd:a_b__c'
t_eq "... and is one /proc/wakelocks row" \
	"$(grep -c '^"fd:a_b__c"' /proc/wakelocks)" 1
end $pid

/bin/sbfd name timed timeout 3000000000 sleep 600 &
pid=$!
wait_for '[ "$(qcol timed 1)" = timed ]'
t_eq "a timed acquisition blocks suspend" "$(blockers)" timed
wait_for '[ -z "$(blockers)" ]'
t_eq "... until its timeout, file still open" "$(blockers)" ""
t_eq "the expiry is counted" "$(qcol timed 4)" 1
end $pid

t_errno "an empty name: EINVAL" EINVAL /bin/sbfd name ""
t_errno "a name with a space: EINVAL" EINVAL /bin/sbfd name "a b"
t_errno "a name with a quote (/proc/wakelocks quotes names): EINVAL" EINVAL \
	/bin/sbfd name 'a"b'
t_errno "a name with a backslash: EINVAL" EINVAL /bin/sbfd name 'a\b'
t_errno "a 64-byte name (no room for its NUL): EINVAL" EINVAL \
	/bin/sbfd name "$(printf '%064d' 0)"
t_check "a 63-byte name is fine" /bin/sbfd name "$(printf '%063d' 0)"
t_errno "naming twice: EBUSY" EBUSY /bin/sbfd name a name b
t_errno "naming after the first acquisition: EBUSY" EBUSY \
	/bin/sbfd acquire name late
t_errno "a zero timeout: EINVAL" EINVAL /bin/sbfd timeout 0
t_errno "an unknown ioctl: ENOTTY" ENOTTY /bin/sbfd bad
t_check "releasing a request never acquired is harmless" /bin/sbfd release
t_eq "bad input left nothing blocking" "$(blockers)" ""

t_errno "opening without CAP_BLOCK_SUSPEND: EPERM" EPERM \
	/bin/sbfd -u 1000 name unpriv
t_check "an unprivileged user with CAP_BLOCK_SUSPEND may use it" \
	/bin/sbfd -u 1000 -k name radio acquire release
/bin/sbfd -u 1000 -k name radio2 acquire sleep 600 &
pid=$!
wait_for '[ "$(blockers)" = radio2 ]'
t_eq "... and is named as its owner, uid 1000" \
	"$(awk -F '\t' '$2 == "radio2" { print $1, $8, $9, $10 }' /proc/suspend_blockers)" \
	"fd $pid 1000 sbfd"
end $pid

# The per-user limit on open files (suspend_block_dev.max_per_user).
M=/sys/module/suspend_block_dev/parameters/max_per_user
t_eq "64 files per user by default" "$(cat $M)" 64
write $M 2
t_check "at the limit: two files for one user" \
	/bin/sbfd -u 1000 -k -n 2 acquire
t_errno "a third for the same user: EMFILE" EMFILE \
	/bin/sbfd -u 1000 -k -n 3 acquire
t_check "CAP_SYS_RESOURCE (root) is not limited" /bin/sbfd -n 3 acquire
t_check "closed files are not counted: two again" \
	/bin/sbfd -u 1000 -k -n 2 acquire
write $M 64
t_eq "nothing left blocking" "$(blockers)" ""

# The request lives as long as the file: a copy inherited over fork() or
# passed with SCM_RIGHTS keeps it after the opener has exited.
child=$(/bin/sbfd name forked acquire fork 600)
t_eq "a forked copy keeps the request after the opener exits" \
	"$(blockers)" forked
kill "$child"
wait_for '[ -z "$(blockers)" ]'
t_eq "... until the last copy is closed" "$(blockers)" ""
child=$(/bin/sbfd name passed acquire pass 600)
wait_for '[ "$(blockers)" = passed ]'
t_eq "a copy passed with SCM_RIGHTS keeps it too" "$(blockers)" passed
kill "$child"
wait_for '[ -z "$(blockers)" ]'
t_eq "... until that copy is closed" "$(blockers)" ""
