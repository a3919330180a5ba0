#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# patches-check.sh: check the series of make-patches.sh as a maintainer
# would, on the base BASE (scripts/base.sh: 6.12, the default, or 6.1;
# make patches-check BASE=6.1).  On 6.12, whose versions of the patches
# (patches/6.12/) port-patches.sh makes, port-patches.sh --check first
# makes sure none is stale.
# A git copy of the pristine base ($bdir/series-tree) takes the series
# with git am, one patch at a time; after each patch a UML kernel with the
# KUnit configuration (kunit/.kunitconfig, Kconfig.fragment and
# configs/uml.config) and the test options of configs/guest-test.config
# (test hooks, torture test, benchmark, sample; options not yet in the
# tree, or not for UML, dropped) must build with
# no warning from a file the series touches, and checkpatch --strict must
# find nothing in the patch (FILE_PATH_CHANGES, the MAINTAINERS reminder
# for new files, excepted; see below for trace headers).  At the end the KUnit suites run on the last
# kernel.  One "ok"/"not ok" line per check, then "N passed, N failed";
# the logs in build/results/patches-check$bsfx.

set -o pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
# Debian's python3, whose modules deps.sh installs (checkpatch's SPDX check
# needs python3-ply and python3-git), ahead of any other on the PATH.
export PATH=/usr/bin:$PATH
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
tree=$bdir/series-tree
out=$bdir/series-um
log=$top/build/results/patches-check$bsfx
series=$top/build/patches$bsfx
mkdir -p "$log"
passed=0 failed=0

check() {	# check NAME STATUS
	if [ "$2" = 0 ]; then
		echo "ok - $1"
		passed=$((passed + 1))
	else
		echo "not ok - $1"
		failed=$((failed + 1))
	fi
}

"$top/scripts/prepare-tree.sh" > /dev/null || exit 1
if [ "$BASE" != 6.1 ]; then
	"$top/scripts/port-patches.sh" --check > "$log/port.log" 2>&1
	status=$?
	check "patches/$BASE: every generated version up to date" "$status"
	[ "$status" = 0 ] || cat "$log/port.log"
fi
"$top/scripts/make-patches.sh" > "$log/make-patches.log" || {
	cat "$log/make-patches.log"
	exit 1
}

# A fresh git tree of the pristine base (a copy: git am rewrites files).
rm -rf "$tree" "$out"
cp -a "$bdir/pristine" "$tree"
cd "$tree" || exit 1
git init -q
git config user.name "PM kernel team"
git config user.email "kernel-team@example.invalid"
git add -A -f > /dev/null	# Debian's .gitignore ignores the top level
git commit -q -m "linux-source-$BASE $(cat "$bdir/pristine.version")"
mkdir -p "$out"

n=0
for p in "$series"/0*.patch; do
	case $p in */0000-cover-letter.patch) continue ;; esac
	n=$((n + 1))
	name=$(basename "$p" .patch)
	if ! git am -q "$p" > "$log/$name.am" 2>&1; then
		check "$name: git am" 1
		cat "$log/$name.am"
		git am --abort 2> /dev/null
		break
	fi
	# TRACE_EVENT()'s layout, the convention of every trace header,
	# reads to checkpatch as open-ended lines and misaligned arguments
	# (make check runs it on each C file of such a patch without this).
	# User-visible strings stay whole, as coding style asks (make check
	# ignores LONG_LINE_STRING too).
	ignore=FILE_PATH_CHANGES,LONG_LINE_STRING
	grep -q '^+++ b/include/trace/events/' "$p" &&
		ignore=$ignore,OPEN_ENDED_LINE,PARENTHESIS_ALIGNMENT
	perl scripts/checkpatch.pl --strict --ignore "$ignore" -q \
		"$p" > "$log/$name.checkpatch" 2>&1
	check "$name: checkpatch --strict" "$?"
	[ -s "$log/$name.checkpatch" ] && head -n 20 "$log/$name.checkpatch"

	cat "$top/kunit/.kunitconfig" "$top/Kconfig.fragment" \
	    "$top/configs/guest-test.config" "$top/configs/uml.config" \
	    > "$out/.config"
	make ARCH=um O="$out" olddefconfig > "$log/$name.build" 2>&1 &&
	make ARCH=um O="$out" -j"$(nproc)" CC="ccache gcc" \
		>> "$log/$name.build" 2>&1
	status=$?
	# Warnings in the files this series touches fail the step too.
	touched=$(git diff --name-only HEAD~"$n" | sed 's/\./\\./g' |
		  paste -sd'|')
	if [ "$status" = 0 ] &&
	   grep -E "(^|/)($touched):[0-9]+:[0-9]+: warning" \
		"$log/$name.build"; then
		status=1
	fi
	check "$name: UML KUnit kernel builds" "$status"
	[ "$status" = 0 ] || tail -n 20 "$log/$name.build"
done

# The KUnit suites on the kernel of the whole series (exec: the kernel is
# built, with options kunit.py run would refuse as not all honoured).
python3 tools/testing/kunit/kunit.py exec --build_dir="$out" \
	--timeout=300 > "$log/kunit.out" 2>&1
status=$?
summary=$(grep 'Testing complete' "$log/kunit.out" | tail -n1)
echo "# $summary"
# kunit.py names only the counts that are not zero, besides "passed".
echo "$summary" | grep -Eq '(failed|crashed|errors): [1-9]' && status=1
echo "$summary" | grep -Eq 'passed: [1-9]' || status=1
check "KUnit suites on the whole series" "$status"

echo "patches-check: $n patches on $BASE; $passed passed, $failed failed"
[ "$failed" = 0 ]
