#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# splat-check.sh LOG [KCSAN_BUILD]: print the kernel reports in a console
# log that fail a run (WARN, BUG, oops, panic, lockdep, KASAN, UBSAN,
# kmemleak, KCSAN), exit 1 if there is any.  The patterns are the first
# lines those reports print.
#
# KCSAN_BUILD: the log is a KCSAN kernel's, built there.  A data race
# counts if one of the functions it names (its title: "data-race in A / B")
# is defined in the project's files or in an upstream file the series
# changes (the object files' symbols); the others, in untouched upstream
# code, are listed in LOG.kcsan-upstream and fail nothing.
# Reports a test provokes on purpose (data races included) are bracketed
# by marker lines (below) and do not count; KASAN, lockdep and the like inside them still would
# not be expected by any test, but the markers cover only short sections.

log=$1
patterns='WARNING: CPU: [0-9]|BUG: |Oops|Kernel panic|general protection fault|'
patterns+='possible recursive locking|possible circular locking|'
patterns+='inconsistent lock state|possible irq lock inversion|'
patterns+='suspicious RCU usage|INFO: trying to register non-static key|'
patterns+='sleeping function called from invalid context|Invalid wait context|'
patterns+='UBSAN:|KASAN:|unreferenced object 0x|'
patterns+='ODEBUG:|detected stalls on CPUs|self-detected stall|detected expedited stalls|'
patterns+='kthread starved for|hung_task|soft lockup'

# A test that provokes a report on purpose (misuse checks) brackets it
# with these lines; reports between them are expected, not failures.
begin='=== expected kernel reports begin'
end='=== expected kernel reports end'

kbuild=$2
top=$(cd "$(dirname "$0")/.." && pwd)

# The functions of the project's objects and of the upstream files the
# series changes, one per line.
project_functions() {
	local f o

	{
		(cd "$top" && find kernel drivers samples -name '*.c')
		(cd "$top" && find kunit -name '*.c') | sed 's|^|kernel/power/|'
		(cd "$top" && find bench -name '*.c') | sed 's|^bench|kernel/power/bench|'
		sed -n 's|^+++ b/\(.*\.c\)$|\1|p' "$top"/patches/*.patch
	} | sort -u | while read -r f; do
		o=$kbuild/${f%.c}.o
		[ -f "$o" ] && nm --defined-only "$o" | awk '$2 ~ /^[tTW]$/ { print $3 }'
	done | sed 's/\.\(cold\|isra\|constprop\|part\)\..*//' | sort -u
}

kcsan_split() {
	local ours=$log.kcsan-ours up=$log.kcsan-upstream funcs

	funcs=$(mktemp)
	project_functions > "$funcs"
	# Each title: "BUG: KCSAN: data-race in A / B", "... in A" (unknown
	# origin), "assert: race in A / B".
	awk -v b="$begin" -v e="$end" '
		index($0, b) { skip = 1; next }
		index($0, e) { skip = 0; next }
		!skip' "$log" | grep -a -o 'BUG: KCSAN: .*' | tr -d '\r' |
	awk -v funcs="$funcs" -v ours="$ours" -v up="$up" '
		BEGIN { while ((getline f < funcs) > 0) mine[f] = 1 }
		{
			t = $0; sub(/.* in /, "", t)
			n = split(t, fn, / \/ /); hit = 0
			for (i = 1; i <= n; i++) {
				sub(/ \[.*/, "", fn[i])	# " [module]"
				sub(/[+.].*/, "", fn[i])
				if (fn[i] in mine) hit = 1
			}
			print > (hit ? ours : up)
		}'
	touch "$ours" "$up"
	rm -f "$funcs"
	sort "$up" | uniq -c | sort -rn > "$up.tmp" && mv "$up.tmp" "$up"
	if [ -s "$ours" ]; then
		sort "$ours" | uniq -c | sort -rn | head -n 5
		return 1
	fi
	return 0
}

status=0
if [ -n "$kbuild" ]; then
	kcsan_split || status=1
	patterns=${patterns//BUG: /BUG: (?!KCSAN)}
fi
if awk -v b="$begin" -v e="$end" '
	index($0, b) { skip = 1; next }
	index($0, e) { skip = 0; next }
	!skip' "$log" | grep -a -P -m5 "$patterns"; then
	status=1
fi
exit $status
