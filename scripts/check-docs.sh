#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-docs.sh: build the power management documentation with Sphinx
# (make htmldocs SPHINXDIRS=power: our pages and the kernel-doc their
# directives pull in) and validate our Documentation/ABI entries with
# get_abi.pl.  One check per page of ours and one for the ABI: a page
# fails on any Sphinx or kernel-doc warning that names it or a source of
# ours.  Writes build/results/docs.count ("PASSED FAILED") and
# docs.failures for the summary; the HTML lands in
# build/docs/Documentation/output/power/.

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
src=$bdir/linux
res=$top/build/results
log=$top/build/docs.log
mkdir -p "$res"
passed=0
failed=0
: > "$res/docs.failures"

fail() {
	echo "docs: FAIL: $1"
	echo "$1" >> "$res/docs.failures"
	failed=$((failed + 1))
}

echo "docs: make htmldocs SPHINXDIRS=power"
if ! make -s -C "$src" O="$bdir/docs" SPHINXDIRS=power htmldocs \
	> "$log" 2>&1; then
	tail -20 "$log"
	fail "make htmldocs SPHINXDIRS=power failed (build/docs.log)"
fi
# Warnings about our sources' kernel-doc name the source; they count
# against every page, since which page pulled it in is not printed.
srcs=$("$top/scripts/project-files.sh" --tree | sed 's/[.]/[.]/g' | paste -sd'|')
src_warn=$(grep -iE 'warning|error|severe' "$log" | grep -E "($srcs)")
for page in "$top"/Documentation/power/*.rst; do
	name=Documentation/power/$(basename "$page")
	warn=$(grep -iE 'warning|error|severe' "$log" | grep -F "$name")
	if [ -z "$warn$src_warn" ] &&
	   [ -f "$bdir/docs/Documentation/output/power/$(basename "$page" .rst).html" ]; then
		echo "docs: ok: $name"
		passed=$((passed + 1))
	else
		echo "$warn$src_warn"
		fail "$name: built with warnings, or not built"
	fi
done

abi=$(mktemp -d)
cp -r "$top/Documentation/ABI/." "$abi/"
out=$(perl "$src/scripts/get_abi.pl" --dir "$abi" validate 2>&1)
rm -rf "$abi"
if [ -z "$out" ]; then
	echo "docs: ok: get_abi.pl validate"
	passed=$((passed + 1))
else
	echo "$out"
	fail "get_abi.pl validate reported problems in our ABI entries"
fi

echo "$passed $failed" > "$res/docs.count"
echo "docs: $passed passed, $failed failed"
[ "$failed" = 0 ]
