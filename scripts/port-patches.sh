#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# port-patches.sh [--check]: carry patches/series over to the base BASE
# names (scripts/base.sh; BASE=6.12 scripts/port-patches.sh).
#
# The patches are applied in order to a scratch copy of the base's
# pristine tree.  A patch that applies without fuzz (offsets are fine)
# needs no version of its own.  One that needs fuzz is written again from
# the scratch tree's files before and after it, with its mail header, as
# patches/BASE/NAME, which prepare-tree.sh then applies exactly (it never
# allows fuzz).  One with a rejected hunk stops the port: port it by hand
# into patches/BASE/NAME and add NAME to patches/BASE/MANUAL.
#
# Every version not listed in MANUAL is made again from patches/NAME on
# each run, so none goes stale when patches/NAME changes; a hand port is
# taken as it is and must apply exactly.
#
# --check: write nothing; fail if patches/BASE differs from what a run
# would leave there (a stale, missing or superfluous generated version),
# or a hand port's mail header from patches/NAME's.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
check=
case $1 in
--check)
	check=1
	;;
"")
	;;
*)
	echo "usage: $0 [--check]" >&2
	exit 2
	;;
esac
pristine=$bdir/pristine
scratch=$bdir/port-scratch
before=$bdir/port-before
dest=$top/patches/$BASE
manual=$dest/MANUAL
out=$bdir/port-out

[ -d "$pristine" ] || { echo "port: no $pristine (make tree BASE=$BASE)" >&2; exit 1; }
rm -rf "$scratch" "$before" "$out"
trap 'rm -rf "$scratch" "$before"' EXIT
[ -n "$check" ] && trap 'rm -rf "$scratch" "$before" "$out"' EXIT
cp -al "$pristine" "$scratch"
mkdir -p "$out"

is_manual() {
	[ -f "$manual" ] && grep -qxF "$1" "$manual"
}

for name in $(grep -v '^#' "$top/patches/series"); do
	if is_manual "$name"; then
		p=$dest/$name
		[ -f "$p" ] || { echo "port: MANUAL lists $name, no $p" >&2; exit 1; }
		# The mail header (subject, message: patches/plan takes
		# bodies from it) must be patches/NAME's.
		if ! cmp -s <(sed '/^---$/q' "$p") \
			    <(sed '/^---$/q' "$top/patches/$name"); then
			echo "port: patches/$BASE/$name: its header is not" \
			     "patches/$name's" >&2
			exit 1
		fi
		cp "$p" "$out/$name"
	else
		p=$top/patches/$name
	fi
	files=$(grep '^+++ b/' "$p" | sed 's|^+++ b/||')
	rm -rf "$before"
	for f in $files; do
		mkdir -p "$before/$(dirname "$f")"
		if [ -f "$scratch/$f" ]; then
			# Real copies: the hard links are the pristine tree's.
			cp "$scratch/$f" "$before/$f"
			cp --remove-destination "$before/$f" "$scratch/$f"
		fi
	done
	if patch -d "$scratch" -p1 -s -N -F 0 --dry-run < "$p" > /dev/null; then
		patch -d "$scratch" -p1 -s -N -F 0 < "$p"
		continue
	fi
	if is_manual "$name"; then
		echo "port: patches/$BASE/$name (MANUAL) does not apply to $BASE" >&2
		exit 1
	fi
	if ! patch -d "$scratch" -p1 -s -N --no-backup-if-mismatch \
		-r - < "$p" > /dev/null; then
		echo "port: $name has rejected hunks on $BASE: port it by hand" \
		     "into patches/$BASE/$name and list it in" \
		     "patches/$BASE/MANUAL" >&2
		exit 1
	fi
	echo "port: $name applies to $BASE with fuzz: patches/$BASE/$name"
	{
		sed '/^---$/q' "$p"
		for f in $files; do
			(cd "$bdir" && diff -Nu --label "a/$f" --label "b/$f" \
				"${before#"$bdir"/}/$f" "${scratch#"$bdir"/}/$f") || true
		done
	} > "$out/$name"
done
if [ -f "$manual" ]; then
	cp "$manual" "$out/MANUAL"
fi

if [ -n "$check" ]; then
	if ! diff -r "$out" "$dest" > /dev/null 2>&1 &&
	   ! { [ ! -d "$dest" ] && [ -z "$(ls -A "$out")" ]; }; then
		echo "port: patches/$BASE is not what port-patches.sh makes:" >&2
		diff -r "$dest" "$out" | head -n 40 >&2
		exit 1
	fi
	echo "port: patches/$BASE is up to date"
	exit 0
fi
rm -rf "$dest"
if [ -n "$(ls -A "$out")" ]; then
	mv "$out" "$dest"
else
	rm -rf "$out"
fi
echo "port: the series applies to $BASE"
