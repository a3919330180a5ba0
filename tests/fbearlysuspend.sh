# SPDX-License-Identifier: GPL-2.0
# The fbearlysuspend handshake (CONFIG_PM_FB_EARLYSUSPEND) as SurfaceFlinger
# up to Android 4.1 used it: read /sys/power/wait_for_fb_sleep (blocks while
# drawing is allowed), stop drawing, read /sys/power/wait_for_fb_wake (the
# acknowledgment the early-suspend hook waits for; blocks until late
# resume).  Without a compositor the pass does not wait; with one that
# never acknowledges, it goes on after fb_earlysuspend.stop_timeout_ms and
# the timeout is counted.  A
# user wake lock is held throughout, so requesting mem never suspends.

FS=/sys/power/wait_for_fb_sleep
FW=/sys/power/wait_for_fb_wake
P=/sys/module/fb_earlysuspend/parameters
R=/sys/power/request_state
D=/sys/kernel/debug/pm_qos/earlysuspend

[ -e "$FS" ] || { t_fail "wait_for_fb_sleep exists"; return; }

# Reading $D waits for a pass in progress (it takes early suspend's lock).
passes() { es_passes "$1"; }
last_ns() { sed -n "s/^$1 passes: [0-9]*, last \([0-9]*\) ns$/\1/p" "$D"; }
passes_above() { [ "$(passes "$1")" -gt "$2" ]; }
# alive PID: the process exists and is no zombie (kill -0 would say yes
# to a child the shell has not reaped yet).
alive() { grep -q '^State:[[:space:]]*[^Z]' "/proc/$1/status" 2>/dev/null; }
gone() { ! alive "$1"; }
timeouts() { cat "$P/stop_timeouts"; }
# readers: pids of the cats reading either file (the compositor's cat
# outlives a killed subshell, so look for it by its command line; busybox
# timeout's watchdog, which names the file too, lingers and is no reader).
readers() {
	local d

	for d in /proc/[0-9]*; do
		case "$(tr '\0' ' ' < "$d/cmdline" 2>/dev/null)" in
		cat\ */wait_for_fb_*) echo "${d#/proc/}" ;;
		esac
	done
}
no_readers() { [ -z "$(readers)" ]; }
# in_fb_sleep PID: PID is asleep in a read of wait_for_fb_sleep, so the
# suspend hook counts it as a compositor (the reader is counted before it
# waits).  A "sleep 1" after starting the reader proves nothing under TCG.
# /proc/PID/wchan (CONFIG_KALLSYMS, set in configs/guest.config) names the
# function a blocked task sleeps in, the first one outside the scheduler:
# wait_for_fb_sleep_show, which wait_event_interruptible() is expanded
# into; it reads 0 while the task runs.
in_fb_sleep() {
	[ "$(cat "/proc/$1/wchan" 2> /dev/null)" = wait_for_fb_sleep_show ]
}
# fb_sleeper: some reader is asleep in wait_for_fb_sleep.
fb_sleeper() {
	local p

	for p in $(readers); do
		in_fb_sleep "$p" && return 0
	done
	return 1
}
not_suspended() { [ "$(sed -n 's/^suspended: //p' "$D")" = 0 ]; }

t_check "wait_for_fb_wake exists" test -e "$FW"
t_eq "both are read-only" "$(stat -c %a "$FS" "$FW" | tr '\n' ' ')" \
	"444 444 "
t_eq "stop_timeout_ms defaults to 1000" "$(cat "$P/stop_timeout_ms")" 1000
t_eq "the state is on" "$(cat "$R")" on
t_eq "drawing is allowed: wait_for_fb_wake returns at once" \
	"$(timeout 5 cat "$FW")" awake

write /sys/power/wake_lock fbtest
pids=
t_check "no reader runs yet" no_readers

# A blocked reader dies of a signal (the wait is interruptible).
cat "$FS" > /tmp/fbk &
pid=$!
pids="$pids $pid"
sleep 1
t_check "wait_for_fb_sleep blocks while drawing is allowed" alive $pid
kill $pid
wait_until gone $pid
t_check "a signal ends the blocked read" gone $pid
t_eq "... with no output" "$(cat /tmp/fbk)" ""

# The compositor: the wake reader starts once the sleep reader returned.
# The ack must come from a second process in time; under TCG, allow 10 s.
write "$P/stop_timeout_ms" 10000
rm -f /tmp/fbs /tmp/fbw
(
	cat "$FS" > /tmp/fbs
	cat "$FW" > /tmp/fbw
) &
pid=$!
pids="$pids $pid"
# Its cat is a child of the subshell: found among the readers.
t_check "the compositor blocks in wait_for_fb_sleep" wait_until fb_sleeper
t_check "... having read nothing yet" \
	test -e /tmp/fbs -a ! -s /tmp/fbs -a ! -e /tmp/fbw
t_check "... and is alive" alive $pid
tmo=$(timeouts)
sp=$(passes suspend)
rp=$(passes resume)
write "$R" mem
wait_until test -s /tmp/fbs
t_eq "mem: the sleep reader returns" "$(cat /tmp/fbs)" sleeping
wait_until passes_above suspend "$sp"
t_eq "the suspend pass ran" "$(passes suspend)" $((sp + 1))
t_check "it ended on the acknowledgment, before the timeout" \
	test "$(last_ns suspend)" -lt 10000000000
t_eq "no timeout was counted" "$(timeouts)" "$tmo"
t_eq "a sleep reader now returns at once" "$(timeout 5 cat "$FS")" sleeping
t_check "the wake reader blocks while drawing is stopped" \
	test -e /tmp/fbw -a ! -s /tmp/fbw
t_check "... and is alive" alive $pid
write "$R" on
wait_until test -s /tmp/fbw
t_eq "on: the wake reader returns" "$(cat /tmp/fbw)" awake
wait_until gone $pid
t_check "the compositor is done" gone $pid
wait_until passes_above resume "$rp"
t_eq "the resume pass ran" "$(passes resume)" $((rp + 1))
write "$P/stop_timeout_ms" 1000

# No compositor (no reader blocked in wait_for_fb_sleep): nothing to stop,
# the pass does not wait.
write "$P/stop_timeout_ms" 5000
tmo=$(timeouts)
sp=$(passes suspend)
rp=$(passes resume)
write "$R" mem
wait_until passes_above suspend "$sp"
t_eq "no compositor: the suspend pass ran" "$(passes suspend)" $((sp + 1))
t_eq "... no timeout was counted" "$(timeouts)" "$tmo"
t_check "... it did not wait for the stop timeout (5 s)" \
	test "$(last_ns suspend)" -lt 5000000000
write "$R" on
wait_until passes_above resume "$rp"
t_eq "the resume pass ran" "$(passes resume)" $((rp + 1))
write "$P/stop_timeout_ms" 1000

# A compositor that never acknowledges: the pass waits stop_timeout_ms,
# then goes on.
rm -f /tmp/fbn
cat "$FS" > /tmp/fbn &
pid=$!
pids="$pids $pid"
t_check "a reader that will not acknowledge blocks in wait_for_fb_sleep" \
	wait_until in_fb_sleep $pid
tmo=$(timeouts)
sp=$(passes suspend)
rp=$(passes resume)
write "$R" mem
wait_until passes_above suspend "$sp"
t_eq "no acknowledgment: the suspend pass ran" "$(passes suspend)" $((sp + 1))
t_eq "... the reader was told" "$(cat /tmp/fbn)" sleeping
t_check "... it waited the stop timeout (1 s)" \
	test "$(last_ns suspend)" -ge 1000000000
t_eq "one timeout was counted" "$(timeouts)" $((tmo + 1))
write "$R" on
wait_until passes_above resume "$rp"
t_eq "the resume pass ran" "$(passes resume)" $((rp + 1))
t_eq "wait_for_fb_wake returns at once after it" \
	"$(timeout 5 cat "$FW")" awake

# Clean up even after a failure: no reader left, state on, lock released.
for p in $pids $(readers); do
	alive "$p" && kill "$p"
done
wait_until no_readers
t_eq "no reader is left" "$(readers)" ""
wait
write "$R" on
wait_until not_suspended
write "$P/stop_timeout_ms" 1000
write /sys/power/wake_unlock fbtest
t_eq "the state is on again" "$(cat "$R")" on
