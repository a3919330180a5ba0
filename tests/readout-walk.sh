# SPDX-License-Identifier: GPL-2.0
#
# Read-outs any user may open walk the registry in batches, with
# interrupts back on between them (kernel/power/qos_registry_walk.h).
# With N requests registered (one /dev/suspend_block file each), read
# every read-out under the irqsoff tracer and print the longest
# interrupts-off section seen during the read and where it started.  The
# numbers are a measurement (suspend-block-design.rst), not a pass
# criterion; the checks are that every request is listed and that a walk
# racing with removals ends with a consistent listing.
# readout_requests=N on the kernel command line: 20,000 by default, more
# than the 1,024 class entries; make torture opens 100,000.

N=$(sed -n 's/.*readout_requests=\([0-9]*\).*/\1/p' /proc/cmdline)
N=${N:-20000}
TR=/sys/kernel/tracing

rows() { grep -c '^"readout"' /proc/wakelocks; }

entries() { ls /sys/class/wakeup | wc -l; }
e0=$(entries)
/bin/sbfd -n "$N" name readout sleep 3600 &
pid=$!
start=$(date +%s)
while [ "$(rows)" -lt "$N" ] && [ $(($(date +%s) - start)) -lt 600 ] &&
	kill -0 $pid 2>/dev/null; do
	sleep 2
done
echo "readout-walk: $(($(date +%s) - start)) s to open, $(entries) entries in /sys/class/wakeup (before: $e0)"
# Class entries are capped (SUSPEND_BLOCK_MAX_ENTRIES): a hundred thousand
# devices would take a kworker many minutes to make under TCG.
t_check "at most 1,024 of them have a /sys/class/wakeup entry" \
	test "$(entries)" -le $((e0 + 1024))
t_eq "$N requests in /proc/wakelocks" "$(rows)" "$N"
t_eq "... and in the debugfs listing" \
	"$(grep -c '^readout	' /sys/kernel/debug/pm_qos/suspend_block)" "$N"

# irqsoff: the longest section with interrupts off while one file is read.
irqsoff() {
	local f=$1 us from to

	echo 0 > $TR/tracing_max_latency
	echo 1 > $TR/tracing_on
	cat "$f" > /dev/null
	echo 0 > $TR/tracing_on
	us=$(cat $TR/tracing_max_latency)
	from=$(sed -n 's/^# *=> started at: *//p' $TR/trace | head -1)
	to=$(sed -n 's/^# *=> ended at: *//p' $TR/trace | head -1)
	echo "readout-walk: $f: $N requests, longest irqs-off ${us} us (from ${from:-?} to ${to:-?})"
	# The section's stack (CONFIG_STACKTRACE), for the record.
	grep -A12 '^ *=> ' $TR/trace | head -16
}

if [ -e $TR/available_tracers ] && grep -qw irqsoff $TR/available_tracers; then
	echo 0 > $TR/tracing_on
	echo irqsoff > $TR/current_tracer
	for f in /proc/wakelocks /sys/power/suspend_blockers \
		 /sys/kernel/debug/pm_qos/suspend_block; do
		irqsoff "$f"
	done
	echo nop > $TR/current_tracer
	echo 1 > $TR/tracing_on
else
	echo "readout-walk: no irqsoff tracer in this kernel: not measured"
fi

# Removing requests while a reader walks: the reader's cursor holds its
# place, so every read ends and parses.
kill $pid
bad=0
for i in 1 2 3 4 5; do
	awk -F'\t' 'NR > 1 && NF != 9 { bad = 1 } END { exit bad }' \
		/proc/wakelocks || bad=1
done
wait $pid 2>/dev/null
t_eq "reads racing with $N removals all parse" "$bad" 0
t_eq "all removed" "$(rows)" 0
# The entries of the removed requests are unregistered, and those of the
# requests that waited for one are never made.
start=$(date +%s)
while [ "$(entries)" -gt "$e0" ] && [ $(($(date +%s) - start)) -lt 300 ]; do
	sleep 2
done
echo "readout-walk: /sys/class/wakeup back to $(entries) entries in $(($(date +%s) - start)) s"
t_check "their /sys/class/wakeup entries go" test "$(entries)" -le "$e0"
