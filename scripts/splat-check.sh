#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# splat-check.sh LOG: print the kernel reports in a console log that fail a
# run (WARN, BUG, oops, panic, lockdep, KASAN, UBSAN, kmemleak), exit 1 if
# there is any.  The patterns are the first lines those reports print.
# Reports a test provokes on purpose are bracketed by marker lines (below)
# and do not count; KASAN, lockdep and the like inside them still would
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

if awk -v b="$begin" -v e="$end" '
	index($0, b) { skip = 1; next }
	index($0, e) { skip = 0; next }
	!skip' "$log" | grep -E -m5 "$patterns"; then
	exit 1
fi
exit 0
