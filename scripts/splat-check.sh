#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# splat-check.sh LOG: print the kernel reports in a console log that fail a
# run (WARN, BUG, oops, panic, lockdep, KASAN, UBSAN, kmemleak), exit 1 if
# there is any.  The patterns are the first lines those reports print.

log=$1
patterns='WARNING: CPU: [0-9]|BUG: |Oops|Kernel panic|general protection fault|'
patterns+='possible recursive locking|possible circular locking|'
patterns+='inconsistent lock state|possible irq lock inversion|'
patterns+='suspicious RCU usage|INFO: trying to register non-static key|'
patterns+='sleeping function called from invalid context|Invalid wait context|'
patterns+='UBSAN:|KASAN:|unreferenced object 0x|'
patterns+='ODEBUG:|RCU detected stall|hung_task|soft lockup'

if grep -E -m5 "$patterns" "$log"; then
	exit 1
fi
exit 0
