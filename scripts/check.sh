#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh: checkpatch.pl --strict on every project source and patch,
# sparse (make C=2) on the project's objects in the guest build, kernel-doc
# on every project source and header with all its warnings (6.1's
# kernel-doc spells -Wall as -v), the power management documentation built
# with Sphinx (make htmldocs SPHINXDIRS=power, which runs the kernel-doc
# directives of our pages), and our Documentation/ABI entries through
# get_abi.pl validate.  Zero warnings from our files or it fails.

top=$(cd "$(dirname "$0")/.." && pwd)
# ccache: paths relative to the checkout, so a clone elsewhere (CI) hits.
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
src=$top/build/linux
bad=0

echo "check: checkpatch --strict"
# checkpatch must run from the kernel tree to read patches right.
cd "$src" || exit 1
for f in $("$top/scripts/project-files.sh"); do
	# TRACE_EVENT()'s layout (the kernel's convention for trace headers)
	# reads to checkpatch as open-ended lines and misaligned arguments.
	ignore=
	case $f in
	tracepoints/*) ignore=--ignore=OPEN_ENDED_LINE,PARENTHESIS_ALIGNMENT ;;
	esac
	out=$("$src/scripts/checkpatch.pl" --strict --no-tree --terse \
		--show-types $ignore -q -f "$top/$f" 2>&1) || { echo "$out"; bad=1; }
done
for p in $(grep -v '^#' "$top/patches/series"); do
	out=$("$src/scripts/checkpatch.pl" --strict --no-tree --terse -q \
		"$top/patches/$p" 2>&1) || { echo "$out"; bad=1; }
done

echo "check: kernel-doc -v (every warning)"
for f in $("$top/scripts/project-files.sh"); do
	out=$("$src/scripts/kernel-doc" -v -none "$top/$f" 2>&1 |
	      grep -v ': info: ')
	[ -z "$out" ] || { echo "$out"; bad=1; }
done

echo "check: documentation"
"$top/scripts/check-docs.sh" || bad=1

echo "check: sparse"
dirs=$("$top/scripts/project-files.sh" --tree | grep '\.c$' | xargs -n1 dirname | sort -u)
names=$("$top/scripts/project-files.sh" --tree | tr '\n' '|')
for d in $dirs; do
	make -s -C "$src" O="$top/build/guest" ARCH=x86_64 CC="ccache gcc" \
		C=2 -j"$(nproc)" "$d/" 2>&1 | grep -E "/(${names%|}):[0-9]" |
		grep -E 'warning|error' > "$top/build/sparse.out"
	if [ -s "$top/build/sparse.out" ]; then
		cat "$top/build/sparse.out"
		bad=1
	fi
done

if [ $bad = 0 ]; then
	echo "check: clean"
else
	echo "check: FAILED"
fi
exit $bad
