#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh [perf]: build the benchmark kernels, run them, print the tables
# and write build/bench/{*.log,bench.csv,scaling.png,summary.txt}.
#
#   UML, tracepoints compiled in     build/bench-um        (native, 1 CPU)
#   UML, no tracepoints              build/bench-um-notrace
#   x86_64, no debug options         build/bench-x86       (QEMU TCG, 2 CPUs)
#   x86_64 unpatched 6.1             build/bench-mainline  (PM_WAKELOCKS)
#
# The in-kernel benchmark runs at the end of boot (pm_qos_bench.autorun=1)
# and powers off.  The user-space benchmark (tests/bench-user.sh) boots the
# two x86_64 kernels, same base config, with the guest's initramfs.
# "perf": only the UML run (tracepoints compiled in), under perf record -e
# cpu-clock, then perf report of its top symbols.
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

# perf: profile the UML run only (UML's kernel is a host process, so host
# perf sees its symbols; this machine has software events only).
if [ "$1" = perf ]; then
	"$top/scripts/prepare-tree.sh" > /dev/null
	build_um "$top/build/bench-um" \
		--kunitconfig="$top/configs/bench-trace.config"
	run_um "$top/build/bench-um" "$out/um-perf.log" \
		perf record -q -e cpu-clock -o "$out/perf.data"
	table "$out/um-perf.log" | grep -E '^(ours|mainline): ' | head -8
	echo "== perf report: top symbols of the whole UML benchmark run"
	perf report -i "$out/perf.data" --stdio --sort symbol 2>/dev/null |
		grep -v '^#' | grep -v '^$' | head -40 | tee "$out/perf.txt"
	exit 0
fi

if [ "$1" != report ]; then
"$top/scripts/prepare-tree.sh" > /dev/null
build_um "$top/build/bench-um" --kunitconfig="$top/configs/bench-trace.config"
build_um "$top/build/bench-um-notrace"
build_x86 "$src" "$top/build/bench-x86" "$top/configs/guest.config" \
	"$top/Kconfig.fragment" "$top/configs/bench.config"
build_x86 "$pristine" "$top/build/bench-mainline" "$top/configs/guest.config" \
	"$top/configs/bench-mainline.config"

echo "bench: UML runs"
run_um "$top/build/bench-um" "$out/um.log"
run_um "$top/build/bench-um-notrace" "$out/um-notrace.log"
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
	sb=$(table "$out/um.log" | sed -n 's/^csv,pair,sb,//p')
	sbn=$(table "$out/um-notrace.log" | sed -n 's/^csv,pair,sb,//p')
	if [ -n "$sb" ] && [ -n "$sbn" ]; then
		awk -v a="$sb" -v b="$sbn" 'BEGIN {
			r = a / b; ok = (r <= 1.02) ? "PASS" : "FAIL"
			printf "goal: %-52s %.3fx (<= 1.020x) %s\n",
			"tracepoints compiled in, disabled / none (UML)", r, ok }'
	fi
	echo
	echo "== user space: lock+unlock round trips/s through /sys/power/wake_lock"
	printf "%-14s %12s %12s %8s\n" "other locks" ours mainline ratio
	for n in 0 100 1000; do
		o=$(sed -n "s/^userbench,sysfs,$n,//p" "$out/user-ours.log.results")
		m=$(sed -n "s/^userbench,sysfs,$n,//p" "$out/user-mainline.log.results")
		awk -v n="$n" -v o="${o:-0}" -v m="${m:-0}" 'BEGIN {
			r = (m > 0) ? o / m : 0
			printf "%-14s %12d %12d %7.2fx\n", n, o, m, r }'
		[ "$n" = 1000 ] && awk -v o="${o:-0}" -v m="${m:-0}" 'BEGIN {
			r = (m > 0) ? o / m : 0; ok = (r >= 2) ? "PASS" : "FAIL"
			printf "goal: %-52s %.2fx (>= 2x) %s\n",
			"sysfs round trips with 1,000 locks / mainline", r, ok }'
	done
	echo "goal: fd interface round trips / mainline (>= 5x): n/a (no fd interface)"
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

