#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-kunit.sh um|um-pristine|i386|x86_64|kcsan|arm64|arm: run the KUnit
# suites with kunit.py exec on a kernel make built (arm64 and arm: kunit.py
# run, which builds the kernel itself).
#
# um: the fast native UML kernel (build/kunit-um), with lockdep
# (configs/uml-debug.config).
# um-pristine: the same for the wakeup-source suite alone on the unpatched
# base (build/kunit-um-pristine).
# i386: boots the 32-bit kernel (build/kunit-i386, make kunit-i386) under
# QEMU (2 CPUs).
# x86_64: boots the x86_64 debug kernel (build/guest: it carries the
# suites; one build serves the guest and KUnit) under QEMU (TCG, 2 CPUs);
# kcsan: the same for the KCSAN variant (build/kcsan).
# arm64, arm: kunit.py's configuration for QEMU's virt machine (arm: the
# 32-bit, locked path of the wakeup sources) with the project's options,
# cross-compiled with Debian's gcc-aarch64-linux-gnu and
# gcc-arm-linux-gnueabihf, booted with two CPUs (multi-threaded TCG), in
# build/kunit-arm64 and build/kunit-arm.  Any lockdep, KASAN,
# UBSAN, debugobjects or WARN report fails the run even when every case
# passed.  Writes "PASSED FAILED" to build/results/kunit-ARCH.count for the
# summary.
#
# run-kunit.sh --build um|um-pristine: configure and build the UML kernel
# with kunit.py build (the Makefile's build/kunit-um/linux and
# build/kunit-um-pristine/linux).  Run by hand, run-kunit.sh um and
# um-pristine have make bring their kernel up to date first, as the make
# targets do; the x86 kernels are make's (scripts/build-guest.sh).

set -o pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# The base (scripts/base.sh): its kernels in $bdir, results as
# kunit-ARCH$bsfx.
. "$top/scripts/base.sh"
# ccache: paths relative to the checkout, so a clone elsewhere (CI) hits.
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
build=
if [ "$1" = --build ]; then
	build=1
	shift
fi
arch=$1
res=$top/build/results

uml=
case $arch in
um)
	uml=1
	out=$bdir/kunit-um
	config=(--kunitconfig="$top/kunit/.kunitconfig"
		--kunitconfig="$top/Kconfig.fragment"
		--kunitconfig="$top/configs/uml.config"
		--kunitconfig="$top/configs/uml-debug.config")
	args=(exec --build_dir="$out" "${config[@]}" --timeout=300)
	;;
i386)
	# 32-bit: the kernel build-guest.sh made (tinyconfig based, much
	# smaller than what kunit.py would configure), two CPUs.
	out=$bdir/kunit-i386
	args=(exec --build_dir="$out" --arch=i386
	      --kunitconfig="$top/kunit/.kunitconfig"
	      --qemu_args="-smp 2" --timeout=900)
	;;
um-pristine)
	# The wakeup-source suite on the unpatched base, the other side of its
	# differential run: a tree of hard links to build/pristine with only
	# the suite's patch and file (scripts/pristine-tree.sh kunit).
	uml=1
	out=$bdir/kunit-um-pristine
	config=(--kunitconfig="$top/configs/wakeup-kunit.config"
		--kunitconfig="$top/configs/uml.config")
	args=(exec --build_dir="$out" "${config[@]}" --timeout=300)
	;;
x86_64|kcsan)
	out=$bdir/guest
	[ "$arch" = kcsan ] && out=$bdir/kcsan
	args=(exec --build_dir="$out" --arch=x86_64
	      --kunitconfig="$top/kunit/.kunitconfig"
	      --qemu_args="-smp 2" --timeout=900)
	;;
arm64|arm)
	out=$bdir/kunit-$arch
	cross=aarch64-linux-gnu-
	extra=()
	if [ "$arch" = arm ]; then
		cross=arm-linux-gnueabihf-
		extra=(--kunitconfig="$top/configs/arm-smp.config")
	fi
	args=(run --build_dir="$out" --arch="$arch" --cross_compile="$cross"
	      --kunitconfig="$top/kunit/.kunitconfig"
	      --kunitconfig="$top/Kconfig.fragment" "${extra[@]}"
	      --jobs="$(nproc)" --make_options="CC=ccache ${cross}gcc"
	      --qemu_args="-smp 2" --timeout=900)
	;;
*)
	echo "usage: $0 [--build] um|um-pristine|i386|x86_64|kcsan|arm64|arm" >&2
	exit 2
	;;
esac

if [ -n "$build" ] && [ -z "$uml" ]; then
	echo "run-kunit.sh: --build is for um and um-pristine" >&2
	exit 2
fi
# Run by hand, the UML kernel first, through make (make kunit-um and
# kunit-pristine have done it).
if [ -z "$build" ] && [ -n "$uml" ] && [ -z "$MAKELEVEL" ]; then
	make -s -C "$top" --no-print-directory "${bdir#"$top"/}/kunit-$arch/linux" ||
		exit 1
fi

if [ "$arch" = um-pristine ]; then
	tree=$("$top/scripts/pristine-tree.sh" kunit) || exit 1
fi
mkdir -p "$out"
cd "${tree:-$bdir/linux}" || exit 1
if [ -n "$build" ]; then
	exec python3 tools/testing/kunit/kunit.py build --build_dir="$out" \
		--jobs="$(nproc)" "${config[@]}" --make_options="CC=ccache gcc"
fi

mkdir -p "$res"
rm -f "$out/test.log"
python3 tools/testing/kunit/kunit.py "${args[@]}" 2>&1 | tee "$res/kunit-$arch$bsfx.out"
status=$?

summary=$(grep 'Testing complete' "$res/kunit-$arch$bsfx.out" | tail -n1)
passed=$(echo "$summary" | grep -o 'passed: [0-9]*' | grep -o '[0-9]*')
failed=0
for k in failed crashed errors; do
	n=$(echo "$summary" | grep -o "$k: [0-9]*" | grep -o '[0-9]*')
	failed=$((failed + ${n:-0}))
done
passed=${passed:-0}
if [ -z "$summary" ] || [ "$status" != 0 ] && [ "$failed" = 0 ]; then
	echo "kunit-$arch$bsfx: kunit.py failed (status $status)"
	failed=$((failed + 1))
fi
scripts_out=
# A KCSAN kernel's races are sorted into the project's and upstream's.
kcsan_build=
[ "$arch" = kcsan ] && kcsan_build=$out
if ! scripts_out=$("$top/scripts/splat-check.sh" "$out/test.log" $kcsan_build); then
	echo "kunit-$arch$bsfx: kernel reports in the log:"
	echo "$scripts_out"
	failed=$((failed + 1))
fi
# What failed, for the summary at the end of make test (CI shows its tail).
{
	grep -E '\[(FAILED|CRASHED|TIMED OUT)\]|Expected |ASSERTION|EXPECTATION' \
		"$res/kunit-$arch$bsfx.out" | head -n 30
	[ "$failed" != 0 ] && [ -n "$scripts_out" ] && echo "$scripts_out" | head -n 10
	[ -z "$summary" ] || [ "$status" != 0 ] && echo "kunit.py status $status"
} > "$res/kunit-$arch$bsfx.failures"
echo "$passed $failed" > "$res/kunit-$arch$bsfx.count"
echo "kunit-$arch$bsfx: $passed passed, $failed failed"
[ "$failed" = 0 ]
