#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-kunit.sh um|um-pristine|i386|x86_64|kcsan: run the KUnit suites with
# kunit.py.
#
# um: kunit.py builds and runs the fast native UML kernel.
# um-pristine: the same for the wakeup-source suite alone on unpatched 6.1.
# i386: kunit.py exec boots the 32-bit kernel of build-guest.sh i386
# under QEMU (2 CPUs).
# x86_64: kunit.py exec boots the x86_64 debug kernel that
# scripts/build-guest.sh built (it carries the suites; one build serves the
# guest and KUnit) under QEMU (TCG, 2 CPUs); kcsan: the same for the KCSAN
# variant (build-guest.sh kcsan).  Any lockdep, KASAN, UBSAN,
# debugobjects or WARN report fails the run even when every case passed.
# Writes "PASSED FAILED" to build/results/kunit-ARCH.count for the summary.

set -o pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# ccache: paths relative to the checkout, so a clone elsewhere (CI) hits.
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
arch=$1
res=$top/build/results
mkdir -p "$res"

case $arch in
um)
	out=$top/build/kunit-um
	args=(run --build_dir="$out" --jobs="$(nproc)"
	      --kunitconfig="$top/kunit/.kunitconfig"
	      --kunitconfig="$top/Kconfig.fragment"
	      --kunitconfig="$top/configs/uml.config"
	      --make_options="CC=ccache gcc" --timeout=300)
	;;
i386)
	# 32-bit: the kernel build-guest.sh i386 built (tinyconfig based,
	# much smaller than what kunit.py would configure), two CPUs.
	out=$top/build/kunit-i386
	args=(exec --build_dir="$out" --arch=i386
	      --kunitconfig="$top/kunit/.kunitconfig"
	      --qemu_args="-smp 2" --timeout=900)
	;;
um-pristine)
	# The wakeup-source suite on unpatched 6.1, the other side of its
	# differential run: a tree of hard links to build/pristine with only
	# the suite's patch and file (scripts/pristine-tree.sh kunit).
	tree=$("$top/scripts/pristine-tree.sh" kunit) || exit 1
	out=$top/build/kunit-um-pristine
	args=(run --build_dir="$out" --jobs="$(nproc)"
	      --kunitconfig="$top/configs/wakeup-kunit.config"
	      --kunitconfig="$top/configs/uml.config"
	      --make_options="CC=ccache gcc" --timeout=300)
	;;
x86_64|kcsan)
	out=$top/build/guest
	[ "$arch" = kcsan ] && out=$top/build/kcsan
	args=(exec --build_dir="$out" --arch=x86_64
	      --kunitconfig="$top/kunit/.kunitconfig"
	      --qemu_args="-smp 2" --timeout=900)
	;;
*)
	echo "usage: $0 um|um-pristine|i386|x86_64|kcsan" >&2
	exit 2
	;;
esac

mkdir -p "$out"
rm -f "$out/test.log"
cd "${tree:-$top/build/linux}" || exit 1
python3 tools/testing/kunit/kunit.py "${args[@]}" 2>&1 | tee "$res/kunit-$arch.out"
status=$?

summary=$(grep 'Testing complete' "$res/kunit-$arch.out" | tail -n1)
passed=$(echo "$summary" | grep -o 'passed: [0-9]*' | grep -o '[0-9]*')
failed=0
for k in failed crashed errors; do
	n=$(echo "$summary" | grep -o "$k: [0-9]*" | grep -o '[0-9]*')
	failed=$((failed + ${n:-0}))
done
passed=${passed:-0}
if [ -z "$summary" ] || [ "$status" != 0 ] && [ "$failed" = 0 ]; then
	echo "kunit-$arch: kunit.py failed (status $status)"
	failed=$((failed + 1))
fi
scripts_out=
if ! scripts_out=$("$top/scripts/splat-check.sh" "$out/test.log"); then
	echo "kunit-$arch: kernel reports in the log:"
	echo "$scripts_out"
	failed=$((failed + 1))
fi
# What failed, for the summary at the end of make test (CI shows its tail).
{
	grep -E '\[(FAILED|CRASHED|TIMED OUT)\]|Expected |ASSERTION|EXPECTATION' \
		"$res/kunit-$arch.out" | head -n 30
	[ "$failed" != 0 ] && [ -n "$scripts_out" ] && echo "$scripts_out" | head -n 10
	[ -z "$summary" ] || [ "$status" != 0 ] && echo "kunit.py status $status"
} > "$res/kunit-$arch.failures"
echo "$passed $failed" > "$res/kunit-$arch.count"
echo "kunit-$arch: $passed passed, $failed failed"
[ "$failed" = 0 ]
