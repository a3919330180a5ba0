#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [perf]: build the benchmark kernels, run them, print the tables
# and write build/bench/{*.log,bench.csv,scaling.png,summary.txt}.
#
#   UML, tracepoints compiled in     build/bench-um        (native, 1 CPU)
#   x86_64, no debug options         build/bench-x86       (QEMU TCG, 2 CPUs)
#   x86_64 unpatched 6.1             build/bench-mainline  (PM_WAKELOCKS)
#
# The x86_64 kernels are -O2 with jump labels (configs/bench-x86.config).
# The in-kernel benchmark runs at the end of boot (pm_qos_bench.autorun=1)
# and powers off; it measures the cost of disabled tracepoints within one
# kernel (the hot path is also built without them).  The user-space
# benchmark (tests/bench-user.sh) boots the two x86_64 kernels, same base
# config, with the guest's initramfs.  Nothing else should run meanwhile.
# "perf": the UML kernel under perf record -e cpu-clock, once running only
# our pair and once only mainline's wakeup-source pair, with a perf report
# of the top symbols of each.
# "user": only the user-space runs, on the kernels of the last full run.
# "report": only rebuild the tables, CSV and plot from the last run's logs.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
src=$top/build/linux
pristine=$top/build/pristine
out=$top/build/bench
kunit=$src/tools/testing/kunit/kunit.py
mkdir -p "$out"

build_um() {
	local dir=$1

	shift
	echo "bench: building UML kernel $(basename "$dir")"
	python3 "$kunit" build --build_dir="$dir" --jobs="$(nproc)" \
		--kunitconfig="$top/kunit/.kunitconfig" \
		--kunitconfig="$top/Kconfig.fragment" \
		--kunitconfig="$top/configs/uml.config" \
		--kunitconfig="$top/configs/bench.config" "$@" \
		--make_options="CC=ccache gcc" > "$dir.build.log" 2>&1 ||
		{ tail -20 "$dir.build.log"; exit 1; }
}

# build_x86 TREE DIR FRAGMENT...: tinyconfig plus fragments.
build_x86() {
	local tree=$1 dir=$2

	shift 2
	echo "bench: building x86_64 kernel $(basename "$dir")"
	mkdir -p "$dir"
	local args=(-C "$tree" O="$dir" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)")
	make "${args[@]}" -s tinyconfig
	(cd "$tree" && scripts/kconfig/merge_config.sh -m -O "$dir" \
		"$dir/.config" "$@" > /dev/null)
	make "${args[@]}" -s olddefconfig
	make "${args[@]}" -s bzImage > "$dir.build.log" 2>&1 ||
		{ tail -20 "$dir.build.log"; exit 1; }
}

run_um() {
	local dir=$1 log=$2

	shift 2
	timeout 1200 "$@" "$dir/linux" mem=1536M kunit.enable=0 \
		pm_qos_bench.autorun=1 < /dev/null > "$log" 2>&1 || true
}

run_x86() {
	local dir=$1 log=$2 append=$3 initrd=()

	[ -n "$4" ] && initrd=(-initrd "$4")
	timeout 1800 qemu-system-x86_64 -machine pc,accel=tcg -cpu max -smp 2 \
		-m 1536 -nodefaults -display none -no-reboot \
		-kernel "$dir/arch/x86/boot/bzImage" "${initrd[@]}" \
		-append "console=ttyS0 panic=-1 $append" \
		-serial "file:$log" -serial "file:$log.results" < /dev/null || true
}

# The table lines of a benchmark log.
table() { sed -n 's/.*bench: //p' "$1"; }

# perf: profile the UML kernel (a host process, so host perf sees its
# symbols; this machine has software events only) running one row at a
# time for a hundred times longer (pm_qos_bench.only=ROW): our pair, then
# mainline's wakeup-source pair, each with its own perf report.
if [ "$1" = perf ]; then
	"$top/scripts/prepare-tree.sh" > /dev/null
	build_um "$top/build/bench-um" \
		--kunitconfig="$top/configs/bench-trace.config"
	for row in "ours: suspend-block activate + deactivate" \
		   "mainline: __pm_stay_awake + __pm_relax"; do
		tag=$(echo "$row" | cut -d: -f1)
		timeout 1200 perf record -q -e cpu-clock \
			-o "$out/perf-$tag.data" "$top/build/bench-um/linux" \
			mem=1536M kunit.enable=0 pm_qos_bench.autorun=1 \
			"pm_qos_bench.only=\"$row\"" < /dev/null \
			> "$out/um-perf-$tag.log" 2>&1 || true
		table "$out/um-perf-$tag.log" | grep -F "$row"
		echo "== perf report: top symbols while UML runs \"$row\""
		perf report -i "$out/perf-$tag.data" --stdio --sort symbol \
			2> /dev/null | grep -v '^#' | grep -v '^$' | head -16 |
			tee "$out/perf-$tag.txt"
	done
	exit 0
fi

# user: only the user-space runs (the kernels of the last full run).
if [ "$1" = user ]; then
	"$top/scripts/mkinitramfs.sh" "$out/initramfs.cpio.gz"
	run_x86 "$top/build/bench-x86" "$out/user-ours.log" "ptests=bench-user" \
		"$out/initramfs.cpio.gz"
	run_x86 "$top/build/bench-mainline" "$out/user-mainline.log" \
		"ptests=bench-user" "$out/initramfs.cpio.gz"
fi

if [ "$1" != report ] && [ "$1" != user ]; then
"$top/scripts/prepare-tree.sh" > /dev/null
build_um "$top/build/bench-um" --kunitconfig="$top/configs/bench-trace.config"
build_x86 "$src" "$top/build/bench-x86" "$top/configs/guest.config" \
	"$top/Kconfig.fragment" "$top/configs/bench.config" \
	"$top/configs/bench-x86.config"
build_x86 "$pristine" "$top/build/bench-mainline" "$top/configs/guest.config" \
	"$top/configs/bench-mainline.config" "$top/configs/bench-x86.config"

echo "bench: UML runs"
run_um "$top/build/bench-um" "$out/um.log"
echo "bench: x86_64 in-kernel run (QEMU TCG, 2 vCPUs)"
run_x86 "$top/build/bench-x86" "$out/x86.log" "pm_qos_bench.autorun=1"

echo "bench: user-space runs"
"$top/scripts/mkinitramfs.sh" "$out/initramfs.cpio.gz"
run_x86 "$top/build/bench-x86" "$out/user-ours.log" "ptests=bench-user" \
	"$out/initramfs.cpio.gz"
run_x86 "$top/build/bench-mainline" "$out/user-mainline.log" \
	"ptests=bench-user" "$out/initramfs.cpio.gz"
fi

{
	echo "== UML (native, 1 CPU): tracepoints compiled in"
	table "$out/um.log" | grep -v '^csv,'
	echo
	echo "== x86_64 under QEMU TCG (2 vCPUs, emulated: ratios matter)"
	table "$out/x86.log" | grep -v '^csv,'
	echo
	echo "== user space: lock+unlock round trips/s (x86_64 TCG)"
	res() {
		sed -n "s/^userbench,$1,$2,//p" "$out/user-$3.log.results" |
			tr -d '\r'
	}
	# Each boot of a TCG guest runs at its own speed (+-40% seen), so
	# every number is also given in units of the same boot's syscall
	# floor (two getppid()): cost = floor rate / rate.
	so=$(res syscall 0 ours) sm=$(res syscall 0 mainline)
	printf "%-22s %10s %10s %8s   %s\n" "" ours mainline ratio \
		"cost in syscall-floor units (ours / mainline, ratio)"
	row() {	# LABEL OURS MAINLINE
		awk -v l="$1" -v o="${2:-0}" -v m="${3:-0}" -v so="${so:-0}" \
			-v sm="${sm:-0}" 'BEGIN {
			r = (o > 0 && m > 0) ? sprintf("%.2fx", o / m) : "n/a"
			if (o > 0 && m > 0 && so > 0 && sm > 0)
				u = sprintf("%.2f / %.2f, %.2fx", so / o, sm / m,
					    (sm / m) / (so / o))
			else if (o > 0 && so > 0)
				u = sprintf("%.2f / n/a", so / o)
			os = (o > 0) ? o : "n/a"
			ms = (m > 0) ? m : "n/a"
			printf "%-22s %10s %10s %8s   %s\n", l, os, ms, r, u }'
	}
	for n in 0 100 1000; do
		row "sysfs, $n other locks" "$(res sysfs $n ours)" \
			"$(res sysfs $n mainline)"
	done
	row "sysfs floor" "$(res floor 0 ours)" "$(res floor 0 mainline)"
	row "syscall floor" "$so" "$sm"
	row "/dev/suspend_block fd" "$(res fd 0 ours)" ""
	echo "(sysfs floor: two writes of /sys/power/pm_async, a store that does"
	echo " next to nothing; syscall floor: two getppid())"
	# Goals against the measured floors (in syscall-floor units of each
	# boot): an fd round trip costs at most 2 units, and what a sysfs
	# round trip costs above the sysfs floor is at most half of what it
	# costs mainline above the same floor.
	awk -v o="$(res sysfs 1000 ours)" -v m="$(res sysfs 1000 mainline)" \
		-v fo="$(res floor 0 ours)" -v fm="$(res floor 0 mainline)" \
		-v fd="$(res fd 0 ours)" -v so="${so:-0}" -v sm="${sm:-0}" '
	function goal(what, got, max, unit) {
		printf "goal: %-52s %.2f%s (<= %.1f%s) %s\n", what, got, unit,
			max, unit, (got <= max) ? "PASS" : "FAIL"
	}
	BEGIN {
		if (fd > 0 && so > 0)
			goal("fd round trip (syscall-floor units)", so / fd, 2.0,
			     "")
		else
			print "goal: fd round trip: n/a (missing numbers)"
		if (o > 0 && m > 0 && fo > 0 && fm > 0 && so > 0 && sm > 0 &&
		    sm / m > sm / fm)
			goal("sysfs, 1,000 locks, above the sysfs floor / mainline",
			     (so / o - so / fo) / (sm / m - sm / fm), 0.5, "x")
		else
			print "goal: sysfs above its floor: n/a (missing numbers)"
	}'
} | tee "$out/summary.txt"

# CSV and plot (cost against registered requests, log scale).
table "$out/um.log" | grep '^csv,' | sed 's/^csv,//' > "$out/bench.csv"
for s in ours-1-active ours-100-active ours-10000-active 2009-model mainline-ws; do
	awk -F, -v s="$s" '$1 == "scaling" && $3 == s { print $2, $4 / 1000 }' \
		"$out/bench.csv" > "$out/$s.dat"
done
gnuplot <<GP
set terminal pngcairo size 900,560 noenhanced
set output "$out/scaling.png"
set logscale xy
set xlabel "registered requests"
set ylabel "ns per update pair (UML)"
set key top left
set grid
plot "$out/ours-1-active.dat" w lp t "ours, 1 active", \
     "$out/ours-100-active.dat" w lp t "ours, 100 active", \
     "$out/ours-10000-active.dat" w lp t "ours, 10,000 active", \
     "$out/2009-model.dat" w lp t "2009 pm_qos model", \
     "$out/mainline-ws.dat" w l t "mainline wakeup source (one)"
GP
echo "bench: $out/summary.txt, $out/bench.csv, $out/scaling.png"

