# SPDX-License-Identifier: GPL-2.0
# Early suspend in a booted kernel: /sys/power/request_state runs the
# early-suspend pass in level order, autosleep then suspends to S3 (woken
# by the RTC), "on" runs the late-resume pass in reverse; bad input gets
# EINVAL and changes nothing; a plain suspend with nothing requested runs
# both passes around itself.  The handlers are the test hooks'
# (CONFIG_PM_EARLYSUSPEND_TEST_HOOKS): fb 150 (no resume hook), draw1 and draw2
# 100, blank 50 (no suspend hook), input 40, registered in that order.

R=/sys/power/request_state
LOG=/sys/kernel/debug/pm_qos/earlysuspend_test
H=/sys/kernel/debug/pm_qos/suspend_block_test
D=/sys/kernel/debug/pm_qos/earlysuspend
log() { tr '\n' ' ' < "$LOG"; }
suspended_since() { [ "$(suspend_count)" != "$1" ]; }
passes() { es_passes "$1"; }
# For wait_until, which re-runs its command: "$(...)" in its arguments
# would be read once, before the first try.
resume_passes_are() { [ "$(passes resume)" = "$1" ]; }
in_effect_is() { [ "$(sed -n 's/^suspended: //p' "$D")" = "$1" ]; }

t_check "request_state exists" test -w "$R"
t_eq "it reads on" "$(cat "$R")" on
t_eq "the test handlers are registered in level order" \
	"$(awk -F '\t' 'NR > 6 && $5 != "fbes_suspend" { print $1 }' "$D" | grep -E '^(40|50|100|150)$' | tr '\n' ' ')" \
	"40 50 100 100 150 "

sp0=$(passes suspend)
t_errno "unknown state: EINVAL" EINVAL write "$R" bogus
nl='
'
t_errno "empty: EINVAL" EINVAL write "$R" "$nl"
t_errno "trailing junk: EINVAL" EINVAL write "$R" "mem x"
t_errno "hibernation not built: EINVAL" EINVAL write "$R" disk
t_eq "bad input changed nothing" "$(cat "$R")" on
t_eq "no pass ran" "$(passes suspend)" "$sp0"

# The sample driver (samples/wakelock) registers its hook under
# #ifdef CONFIG_HAS_EARLYSUSPEND, as Android drivers did.
S=/sys/kernel/debug/wakelock_legacy
t_check "the sample driver's #ifdef CONFIG_HAS_EARLYSUSPEND hook is built" \
	test -r "$S/early_suspends"
sample_es0=$(cat "$S/early_suspends" 2>/dev/null)
sample_lr0=$(cat "$S/late_resumes" 2>/dev/null)

# Sleep: the suspend pass runs at once (the write does not wait for it),
# then autosleep suspends.  The hooks keep the guest awake after resume.
echo > "$LOG"
write "$H" "add keep"
write "$H" "activate-at resume keep"
before=$(suspend_count)
arm_rtc 8
t_check "writing mem returns at once" write "$R" mem
t_eq "request_state reads mem" "$(cat "$R")" mem
wait_until suspended_since "$before"
t_eq "the guest suspended (S3) and woke on the RTC" \
	"$(suspend_count)" $((before + 1))
t_eq "suspend hooks ran once each, ascending level, ties in order" \
	"$(log)" "suspend input suspend draw1 suspend draw2 suspend fb "
t_eq "autosleep was handed mem" "$(cat /sys/power/autosleep)" mem

# On: autosleep stops, resume hooks run in reverse.
echo > "$LOG"
write "$R" on
wait_until resume_passes_are 1
t_eq "resume hooks ran once each, descending level, ties reversed" \
	"$(log)" "resume draw2 resume draw1 resume blank resume input "
t_eq "autosleep is off" "$(cat /sys/power/autosleep)" off
t_eq "the sample driver's hook ran once each way" \
	"$(cat "$S/early_suspends" 2>/dev/null) $(cat "$S/late_resumes" 2>/dev/null)" \
	"$((sample_es0 + 1)) $((sample_lr0 + 1))"
write "$H" "deactivate keep"
write "$H" "remove keep"
t_eq "no request is left blocking suspend" \
	"$(cat /sys/power/suspend_blockers)" ""

# Quick succession: mem, on, mem ends asleep with balanced pairs.  Nothing
# may suspend here (no RTC alarm): a request keeps the guest awake.
write "$H" "add hold"
write "$H" "activate hold"
echo > "$LOG"
write "$R" mem
write "$R" on
write "$R" mem
wait_until in_effect_is 1
sleep 1
t_eq "mem, on, mem ends with the early-suspend pass in effect" \
	"$(sed -n 's/^suspended: //p' "$D")" 1
n_s=$(grep -c '^suspend' "$LOG")
n_r=$(grep -c '^resume' "$LOG")
t_check "hooks balanced: $n_s suspends, $n_r resumes (4 and 0, or 8 and 4)" \
	test "$n_s/$n_r" = 4/0 -o "$n_s/$n_r" = 8/4
write "$R" on
wait_until in_effect_is 0
t_eq "on again: autosleep off" "$(cat /sys/power/autosleep)" off
write "$H" "remove hold"

# User space's own suspend loop (Android 10 on: no autosleep, nothing
# requested): a write of mem to /sys/power/state runs the suspend pass
# before the suspend and the resume pass after it, in their orders.
disarm_handshake
echo > "$LOG"
sp0=$(passes suspend)
rp0=$(passes resume)
before=$(suspend_count)
arm_rtc 6
t_check "a plain suspend with nothing requested returns after the RTC alarm" \
	write /sys/power/state mem
t_eq "it suspended (S3)" "$(suspend_count)" $((before + 1))
t_eq "the suspend ran both passes, suspend hooks first" "$(log)" \
	"suspend input suspend draw1 suspend draw2 suspend fb resume draw2 resume draw1 resume blank resume input "
t_eq "one pass each way" "$(passes suspend) $(passes resume)" \
	"$((sp0 + 1)) $((rp0 + 1))"
t_eq "request_state still reads on, the pass not in effect" \
	"$(cat "$R") $(sed -n 's/^suspended: //p' "$D")" "on 0"
