#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [perf]: build the benchmark kernels, run them, print the tables
# and write build/bench/{*.log,bench.csv,scaling.png,summary.txt}.
#
#   UML, tracepoints compiled in     build/bench-um        (native, 1 CPU)
#   UML, no tracepoints              build/bench-um-notrace
#   UML unpatched 6.1                build/bench-um-mainline
#   x86_64, no debug options         build/bench-x86       (QEMU TCG, 2 CPUs)
#   x86_64 unpatched 6.1             build/bench-mainline  (PM_WAKELOCKS)
#
# The unpatched kernels are built from build/pristine-bench
# (scripts/pristine-tree.sh bench): 6.1 with the benchmark's harness and
# its rows of mainline's API built in, the same code that times those rows
# on this kernel, so that mainline's API is compared across the two kernels
# in one run (x86_64 rows in units of each boot's atomic_long_cmpxchg
# floor, since each TCG boot runs at its own speed).
#
# The x86_64 kernels are -O2 with jump labels (configs/bench-x86.config).
# They are make's (build/bench-x86/arch/x86/boot/bzImage and
# build/bench-mainline/...: scripts/build-guest.sh, the one configure and
# build path of every x86 kernel here, with scripts/check-config.sh), as is
# the guest's initramfs (build/initramfs.cpio.gz): make bench builds them
# before it runs this; run by hand, this asks make for them.
# The in-kernel benchmark runs at the end of boot (pm_qos_bench.autorun=1)
# and powers off; it measures the cost of disabled tracepoints within one
# kernel (the hot path is also built without them).  The user-space
# benchmark (tests/bench-user.sh) boots the two x86_64 kernels, same base
# config, with the guest's initramfs.  Nothing else should run meanwhile.
# "perf": the UML kernels under perf record -e cpu-clock, each running one
# row only: our pair, mainline's wakeup-source pair on this kernel and on
# unpatched 6.1, and the power-level pair, with a perf report of the top
# symbols of each.
# "user": only the user-space runs, on the kernels of the last full run.
# "report": only rebuild the tables, CSV and plot from the last run's logs.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
src=$top/build/linux
out=$top/build/bench
mkdir -p "$out"

# build_um TREE DIR KUNITCONFIG...: a UML kernel with kunit.py.
build_um() {
	local tree=$1 dir=$2

	shift 2
	echo "bench: building UML kernel $(basename "$dir")"
	python3 "$tree/tools/testing/kunit/kunit.py" build --build_dir="$dir" \
		--jobs="$(nproc)" --kunitconfig="$top/configs/uml.config" \
		"${@/#/--kunitconfig=}" --make_options="CC=ccache gcc" \
		> "$dir.build.log" 2>&1 ||
		{ tail -20 "$dir.build.log"; exit 1; }
}

# Ours: the suites (kunit.enable=0 keeps them from running), the classes,
# the benchmark and tracepoints.
build_um_ours() {
	build_um "$src" "$top/build/bench-um" "$top/kunit/.kunitconfig" \
		"$top/Kconfig.fragment" "$top/configs/bench.config" \
		"$top/configs/bench-trace.config"
}

# Ours without CONFIG_TRACEPOINTS: the same code with every trace_*() call
# an empty inline, for what compiled-in but disabled events cost.
build_um_notrace() {
	build_um "$src" "$top/build/bench-um-notrace" "$top/kunit/.kunitconfig" \
		"$top/Kconfig.fragment" "$top/configs/bench.config"
	if grep -q '^CONFIG_TRACEPOINTS=y' "$top/build/bench-um-notrace/.config"
	then
		echo "bench: bench-um-notrace has tracepoints" >&2
		exit 1
	fi
}

# Unpatched 6.1 (TREE: build/pristine-bench) with the same options where
# they exist there.
build_um_mainline() {
	build_um "$1" "$top/build/bench-um-mainline" \
		"$top/configs/bench-mainline-um.config" \
		"$top/configs/bench-mainline.config" \
		"$top/configs/bench-trace.config"
}

# need FILE...: make's files, brought up to date through make when this
# runs by hand (make bench has done it when it runs this).
initramfs=build/initramfs.cpio.gz
need() {
	[ -n "$MAKELEVEL" ] || make -s -C "$top" --no-print-directory "$@"
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

# median LOG ROW: the median (ns) of a row of a benchmark log, by name.
median() {
	table "$1" | tr -d '\r' | awk -v n="$2" 'index($0, n) == 1 {
		split(substr($0, length(n) + 1), f, " "); v = f[1] } END { print v }'
}

# across ARCH TITLE RAW: mainline's API on this kernel against unpatched
# 6.1 (the same rows, bench_mainline.c, in both), with the goal of issue
# "one mechanism": <= 0.3x.  RAW=1 compares ns (UML runs natively at one
# speed); RAW=0 compares costs in units of each boot's cmpxchg floor.
across() {
	local a=$1 title=$2 raw=$3 row o m fo fm
	local lo=$out/$a.log lm=$out/$a-mainline.log

	echo "== mainline's API, this kernel / unpatched 6.1: $title"
	fo=$(median "$lo" "floor: two atomic_long_cmpxchg")
	fm=$(median "$lm" "floor: two atomic_long_cmpxchg")
	for row in "mainline: __pm_stay_awake + __pm_relax" \
		   "mainline: __pm_wakeup_event(1 s) + __pm_relax" \
		   "mainline: cpu_latency_qos pair (10 us)" \
		   "mainline: pm_wake_lock + pm_wake_unlock"; do
		o=$(median "$lo" "$row") m=$(median "$lm" "$row")
		awk -v k="${row#mainline: }" -v o="${o:-0}" -v m="${m:-0}" \
		    -v fo="${fo:-0}" -v fm="${fm:-0}" -v raw="$raw" 'BEGIN {
			if (o <= 0 || m <= 0 || fo <= 0 || fm <= 0) {
				printf "%-36s n/a\n", k
				exit
			}
			r = raw ? o / m : (o / fo) / (m / fm)
			printf "%-36s %9.2f ns %9.2f ns  %6.3fx", k, o, m, r
			if (k ~ /cpu_latency|pm_wake_lock/)
				printf "\n"
			else
				printf "  goal <= 0.3x %s\n",
					r <= 0.3 ? "PASS" : "FAIL"
		}'
	done
}

# perf: profile the UML kernel (a host process, so host perf sees its
# symbols; this machine has software events only) running one row at a
# time for a hundred times longer (pm_qos_bench.only=ROW): our pair, then
# mainline's wakeup-source pair, each with its own perf report.
if [ "$1" = perf ]; then
	"$top/scripts/prepare-tree.sh" > /dev/null
	ptree=$("$top/scripts/pristine-tree.sh" bench)
	build_um_ours
	build_um_mainline "$ptree"
	for run in "ours|ours: suspend-block activate + deactivate" \
		   "ours-ws|mainline: __pm_stay_awake + __pm_relax" \
		   "unpatched-ws|mainline: __pm_stay_awake + __pm_relax" \
		   "ours-pl|ours: power-level update pair (level 1)" \
		   "ours-uwl|mainline: pm_wake_lock + pm_wake_unlock" \
		   "unpatched-uwl|mainline: pm_wake_lock + pm_wake_unlock"; do
		tag=${run%%|*} row=${run#*|}
		kernel=$top/build/bench-um/linux
		[ "${tag#unpatched-}" != "$tag" ] &&
			kernel=$top/build/bench-um-mainline/linux
		timeout 1200 perf record -q -e cpu-clock \
			-o "$out/perf-$tag.data" "$kernel" \
			mem=1536M kunit.enable=0 pm_qos_bench.autorun=1 \
			"pm_qos_bench.only=\"$row\"" < /dev/null \
			> "$out/um-perf-$tag.log" 2>&1 || true
		table "$out/um-perf-$tag.log" | grep -F "$row"
		echo "== perf report ($tag): top symbols while UML runs \"$row\""
		perf report -i "$out/perf-$tag.data" --stdio --sort symbol \
			2> /dev/null | grep -v '^#' | grep -v '^$' | head -16 |
			tee "$out/perf-$tag.txt"
	done
	exit 0
fi

# user: only the user-space runs (the kernels of the last full run).
if [ "$1" = user ]; then
	need "$initramfs"
	run_x86 "$top/build/bench-x86" "$out/user-ours.log" "ptests=bench-user" \
		"$top/$initramfs"
	run_x86 "$top/build/bench-mainline" "$out/user-mainline.log" \
		"ptests=bench-user" "$top/$initramfs"
fi

if [ "$1" != report ] && [ "$1" != user ]; then
"$top/scripts/prepare-tree.sh" > /dev/null
ptree=$("$top/scripts/pristine-tree.sh" bench)
build_um_ours
build_um_notrace
build_um_mainline "$ptree"
need build/bench-x86/arch/x86/boot/bzImage \
	build/bench-mainline/arch/x86/boot/bzImage "$initramfs"

echo "bench: UML runs"
run_um "$top/build/bench-um" "$out/um.log"
run_um "$top/build/bench-um-notrace" "$out/um-notrace.log"
run_um "$top/build/bench-um-mainline" "$out/um-mainline.log"
echo "bench: x86_64 in-kernel runs (QEMU TCG, 2 vCPUs)"
run_x86 "$top/build/bench-x86" "$out/x86.log" "pm_qos_bench.autorun=1"
run_x86 "$top/build/bench-mainline" "$out/x86-mainline.log" \
	"pm_qos_bench.autorun=1"

echo "bench: user-space runs"
run_x86 "$top/build/bench-x86" "$out/user-ours.log" "ptests=bench-user" \
	"$top/$initramfs"
run_x86 "$top/build/bench-mainline" "$out/user-mainline.log" \
	"ptests=bench-user" "$top/$initramfs"
fi

{
	echo "== UML (native, 1 CPU): tracepoints compiled in"
	table "$out/um.log" | grep -v '^csv,'
	echo
	echo "== x86_64 under QEMU TCG (2 vCPUs, emulated: ratios matter)"
	table "$out/x86.log" | grep -v '^csv,'
	echo
	across um "UML (native)" 1
	across x86 "x86_64 TCG, in cmpxchg-floor units of each boot" 0
	echo
	# Disabled tracepoints: the same row on two builds of the same tree
	# (UML only, where both run natively at one speed).
	row="ours: suspend-block activate + deactivate"
	awk -v t="$(median "$out/um.log" "$row")" \
	    -v n="$(median "$out/um-notrace.log" "$row")" 'BEGIN {
		if (t <= 0 || n <= 0) {
			print "goal: tracepoints compiled in, disabled / none: n/a"
			exit
		}
		printf "== the suspend-block pair with tracepoints compiled in, disabled: %.2f ns; without CONFIG_TRACEPOINTS: %.2f ns (UML)\n", t, n
		printf "goal: %-52s %.3fx (<= 1.020x) %s\n",
			"tracepoints compiled in, disabled / none (UML)", t / n,
			t / n <= 1.02 ? "PASS" : "FAIL"
	}'
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

