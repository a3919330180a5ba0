#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# pristine-tree.sh kunit|bench: make a copy of the unpatched base
# (scripts/base.sh: 6.12 in build/, 6.1 in build/6.1/) carrying only what
# one comparison needs, and print its path.
#
# kunit: pristine-kunit, the wakeup-source KUnit suite (its patch and
#   drivers/base/power/wakeup-test.c); the suite runs on both kernels
#   unchanged, this is the unpatched side (run-kunit.sh um-pristine).
# bench: pristine-bench, the benchmark's harness and its rows of
#   mainline's API, built in (bench_unpatched.c runs them); the same rows
#   run on this kernel (make bench).
#
# A tree is hard links to the base's pristine tree, made in a second; the
# files it changes are real copies, so that the pristine tree stays so.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
pristine=$bdir/pristine
kind=$1

case $kind in
kunit)
	patch=$(pfile 0012-PM-sleep-add-KUnit-tests-of-wakeup-sources.patch)
	changed=$(grep '^+++ b/' "$patch" | sed 's|^+++ b/||')
	files=(drivers/base/power/wakeup-test.c)
	dest=drivers/base/power
	;;
bench)
	patch=
	changed=kernel/power/Makefile
	files=(bench/bench.h bench/bench_harness.c bench/bench_idle.c
	       bench/bench_mainline.c bench/bench_unpatched.c)
	dest=kernel/power/bench
	;;
*)
	echo "usage: $0 kunit|bench" >&2
	exit 2
	;;
esac
tree=$bdir/pristine-$kind

stamp=$(cat "$bdir/pristine.version" ${patch:+"$patch"} "$0" |
	sha1sum | cut -d' ' -f1)
if [ "$(cat "$tree/.stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$tree" "$tree.tmp"
	cp -al "$pristine" "$tree.tmp"
	for f in $changed; do
		cp --remove-destination "$pristine/$f" "$tree.tmp/$f"
	done
	if [ -n "$patch" ]; then
		patch -d "$tree.tmp" -p1 -s -N --no-backup-if-mismatch < "$patch"
	fi
	if [ "$kind" = bench ]; then
		echo 'obj-y += bench/' >> "$tree.tmp/kernel/power/Makefile"
		mkdir -p "$tree.tmp/$dest"
		# One object, so that its parameters are pm_qos_bench.*.
		printf '%s\n' 'obj-y += pm_qos_bench.o' \
			'pm_qos_bench-y := bench_harness.o bench_idle.o bench_mainline.o bench_unpatched.o' \
			> "$tree.tmp/$dest/Kbuild"
	fi
	echo "$stamp" > "$tree.tmp/.stamp"
	mv "$tree.tmp" "$tree"
fi
for f in "${files[@]}"; do
	cmp -s "$top/$f" "$tree/$dest/$(basename "$f")" ||
		cp --remove-destination "$top/$f" "$tree/$dest/$(basename "$f")"
done
echo "$tree"
