#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh: checkpatch.pl --strict on every project source and patch,
# sparse (make C=2) on the project's objects in the guest build, kernel-doc
# on every project source and header with all its warnings (6.1's
# kernel-doc spells -Wall as -v), the power management documentation built
# with Sphinx (make htmldocs SPHINXDIRS=power, which runs the kernel-doc
# directives of our pages), and our Documentation/ABI entries through
# get_abi.pl validate; the project's objects built with W=1 by gcc and by
# clang (LLVM=1), and the kernel's Coccinelle scripts on our files
# (scripts/cocci.sh).  Zero warnings from our files or it fails.

top=$(cd "$(dirname "$0")/.." && pwd)
# ccache: paths relative to the checkout, so a clone elsewhere (CI) hits.
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
. "$top/scripts/base.sh"
src=$bdir/linux
bad=0

echo "check: checkpatch --strict"
# checkpatch must run from the kernel tree to read patches right.
cd "$src" || exit 1
for f in $("$top/scripts/project-files.sh"); do
	# TRACE_EVENT()'s layout (the kernel's convention for trace headers)
	# reads to checkpatch as open-ended lines and misaligned arguments.
	# A user-visible string stays on one line however long (coding
	# style: grep finds it); the benchmark's table lines are such.
	ignore=--ignore=LONG_LINE_STRING
	case $f in
	tracepoints/*) ignore=$ignore,OPEN_ENDED_LINE,PARENTHESIS_ALIGNMENT ;;
	esac
	# The files that must differ between the kernel bases test
	# LINUX_VERSION_CODE (suspend-block-testing.rst, "Kernel bases"); the
	# series of each base carries its own code only (make-series.py).
	case $f in
	drivers/cpuidle/cpuidle-power-level-test.c | bench/bench_idle.c)
		ignore=$ignore,LINUX_VERSION_CODE,CONSTANT_COMPARISON ;;
	esac
	out=$("$src/scripts/checkpatch.pl" --strict --no-tree --terse \
		--show-types $ignore -q -f "$top/$f" 2>&1) || { echo "$out"; bad=1; }
done
# Each patch as written and, where the base has one, in its version.
for p in $(grep -v '^#' "$top/patches/series"); do
	for f in $(printf '%s\n' "$top/patches/$p" "$(pfile "$p")" | sort -u); do
		out=$("$src/scripts/checkpatch.pl" --strict --no-tree --terse \
			-q "$f" 2>&1) || { echo "$out"; bad=1; }
	done
done

# Every warning: 6.1's kernel-doc spells it -v, later ones -Wall (where -v
# is only verbose).
kdoc_all=-Wall
[ "$BASE" = 6.1 ] && kdoc_all=-v
echo "check: kernel-doc $kdoc_all (every warning)"
for f in $("$top/scripts/project-files.sh"); do
	out=$("$src/scripts/kernel-doc" $kdoc_all -none "$top/$f" 2>&1 |
	      grep -v ': info: ')
	[ -z "$out" ] || { echo "$out"; bad=1; }
done

echo "check: documentation"
"$top/scripts/check-docs.sh" || bad=1

echo "check: sparse"
dirs=$("$top/scripts/project-files.sh" --tree | grep '\.c$' | xargs -n1 dirname | sort -u)
names=$("$top/scripts/project-files.sh" --tree | tr '\n' '|')
for d in $dirs; do
	make -s -C "$src" O="$bdir/guest" ARCH=x86_64 CC="ccache gcc" \
		C=2 -j"$(nproc)" "$d/" 2>&1 | grep -E "/(${names%|}):[0-9]" |
		grep -E 'warning|error' > "$bdir/sparse.out"
	if [ -s "$bdir/sparse.out" ]; then
		cat "$bdir/sparse.out"
		bad=1
	fi
done

# The project's objects again with W=1, with gcc and with clang (LLVM=1),
# each in a build directory of its own configured like the guest kernel,
# so that the guest's objects keep their flags.
objects() { # name, extra make arguments
	local dir=$bdir/check-$1 name=$1
	shift
	mkdir -p "$dir"
	cp "$bdir/guest/.config" "$dir/.config"
	make -s -C "$src" O="$dir" ARCH=x86_64 "$@" olddefconfig prepare \
		-j"$(nproc)" > "$dir.log" 2>&1 || { cat "$dir.log"; bad=1; return; }
	for d in $dirs; do
		make -s -C "$src" O="$dir" ARCH=x86_64 W=1 "$@" -j"$(nproc)" \
			"$d/" 2>&1 | grep -E "/(${names%|}):[0-9]" |
			grep -E 'warning|error'
	done > "$dir.out"
	if [ -s "$dir.out" ]; then
		echo "check: $name:"
		cat "$dir.out"
		bad=1
	fi
}
echo "check: W=1 (gcc)"
objects w1 CC="ccache gcc"
echo "check: W=1 (clang, LLVM=1)"
objects clang LLVM=1 CC="ccache clang"

echo "check: coccinelle (the kernel's scripts on our files)"
"$top/scripts/cocci.sh" || bad=1

if [ $bad = 0 ]; then
	echo "check: clean"
else
	echo "check: FAILED"
fi
exit $bad
