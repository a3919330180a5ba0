#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# port-patches.sh: carry patches/series over to the base BASE names
# (scripts/base.sh; BASE=6.12 scripts/port-patches.sh).
#
# The patches are applied in order to a scratch copy of the base's
# pristine tree.  A patch that applies without fuzz (offsets are fine)
# needs no version of its own.  One that needs fuzz is written again from
# the scratch tree's files before and after it, with its mail header, as
# patches/BASE/NAME, which prepare-tree.sh then applies exactly (it never
# allows fuzz).  One with a rejected hunk stops the port: port it by hand
# into patches/BASE/NAME (taken as it is from then on) and run this again.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
pristine=$bdir/pristine
scratch=$bdir/port-scratch
before=$bdir/port-before

[ -d "$pristine" ] || { echo "port: no $pristine (make tree BASE=$BASE)" >&2; exit 1; }
rm -rf "$scratch" "$before"
cp -al "$pristine" "$scratch"
mkdir -p "$top/patches/$BASE"

for name in $(grep -v '^#' "$top/patches/series"); do
	p=$(pfile "$name")
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
		if [ "$p" != "$top/patches/$BASE/$name" ]; then
			rm -f "$top/patches/$BASE/$name"
		fi
		continue
	fi
	if [ "$p" = "$top/patches/$BASE/$name" ]; then
		echo "port: patches/$BASE/$name does not apply to $BASE" >&2
		exit 1
	fi
	if ! patch -d "$scratch" -p1 -s -N --no-backup-if-mismatch < "$p"; then
		echo "port: $name has rejected hunks on $BASE: port it by hand" \
		     "into patches/$BASE/$name" >&2
		exit 1
	fi
	echo "port: $name applies to $BASE with fuzz: patches/$BASE/$name"
	{
		sed '/^---$/q' "$p"
		for f in $files; do
			(cd "$bdir" && diff -Nu --label "a/$f" --label "b/$f" \
				"${before#"$bdir"/}/$f" "${scratch#"$bdir"/}/$f") || true
		done
	} > "$top/patches/$BASE/$name"
done
rmdir "$top/patches/$BASE" 2>/dev/null || true
rm -rf "$scratch" "$before"
echo "port: the series applies to $BASE"
