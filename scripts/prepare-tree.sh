#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the working kernel tree of the base (scripts/base.sh: BASE=6.12,
# the default, in build/; BASE=6.1 in build/6.1/):
#   pristine  Debian's linux-source-$BASE, unpacked once per package
#             version and never modified (make patches diffs against it)
#   linux     a copy of it with the project's files laid over it
#             (scripts/overlay.map) and patches/series applied, each patch
#             in its version for the base (pfile)
#
# Only files whose content changed are copied, so their mtimes, and hence
# the incremental kernel builds, are left alone otherwise.

set -e

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
build=$bdir
tarball=/usr/src/linux-source-$BASE.tar.xz
pristine=$build/pristine
tree=$build/linux

version=$(dpkg-query -W -f='${Version}' "linux-source-$BASE")
mkdir -p "$build"

if [ "$(cat "$build/pristine.version" 2>/dev/null)" != "$version" ]; then
	echo "tree: unpacking linux-source-$BASE $version"
	rm -rf "$pristine" "$tree" "$build/pristine.version"
	mkdir -p "$pristine.tmp"
	tar -C "$pristine.tmp" --strip-components=1 -xf "$tarball"
	mv "$pristine.tmp" "$pristine"
	echo "$version" > "$build/pristine.version"
fi

if [ ! -f "$tree/.project-tree" ]; then
	echo "tree: copying the pristine tree to ${tree#"$top"/}"
	rm -rf "$tree"
	cp -a "$pristine" "$tree.tmp"
	touch "$tree.tmp/.project-tree"
	mv "$tree.tmp" "$tree"
fi

# Lay the project's files over the tree, and list them (tree paths) in
# .project-overlay.  A file the previous overlay laid and this one does
# not (one renamed or removed in the project) goes back to what the
# pristine tree has there, usually nothing, so no stale copy is built.
overlay=$tree/.project-overlay
grep -v '^#' "$top/scripts/overlay.map" | while read -r src dst; do
	[ -n "$src" ] && [ -d "$top/$src" ] || continue
	mkdir -p "$tree/$dst"
	rsync -rc --exclude='*.orig' "$top/$src/" "$tree/$dst/"
	(cd "$top/$src" && find . -type f ! -name '*.orig' -printf "$dst/%P\\n")
done | sed 's|^\./||; s|//*|/|g' | sort -u > "$overlay.new"
if [ -f "$overlay" ]; then
	comm -23 "$overlay" "$overlay.new" | while read -r f; do
		if [ -f "$pristine/$f" ]; then
			cp -p "$pristine/$f" "$tree/$f"
		else
			echo "tree: removing $f (no longer in the project)"
			rm -f "$tree/$f"
		fi
	done
fi
mv "$overlay.new" "$overlay"

# (Re)apply the patch series when it changed: files touched by the
# previous series are restored from the pristine tree first.  A file that
# comes out as it was keeps its old mtime, so that a change to one patch
# does not rebuild everything that includes the headers of the others.
series=$top/patches/series
applied=$tree/.project-patches
patch_files=()
for p in $(grep -v '^#' "$series"); do
	patch_files+=("$(pfile "$p")")
done
sum=$(cat "$series" "${patch_files[@]}" 2>/dev/null | sha1sum | cut -d' ' -f1)
if [ "$(head -n1 "$applied" 2>/dev/null)" != "$sum" ]; then
	{
		[ -f "$applied" ] && tail -n +2 "$applied"
		for p in "${patch_files[@]}"; do
			grep '^+++ b/' "$p" | sed 's|^+++ b/||'
		done
	} | sort -u > "$tree/.project-touched"
	prev=$tree/.project-prev
	rm -rf "$prev"
	while read -r f; do
		if [ -f "$tree/$f" ]; then
			mkdir -p "$prev/$(dirname "$f")"
			cp -p "$tree/$f" "$prev/$f"
		fi
		if [ -f "$pristine/$f" ]; then
			cp "$pristine/$f" "$tree/$f"
		else
			rm -f "$tree/$f"
		fi
		rm -f "$tree/$f.rej"
	done < "$tree/.project-touched"
	echo "$sum" > "$applied.new"
	for p in "${patch_files[@]}"; do
		echo "tree: applying ${p#"$top"/}"
		grep '^+++ b/' "$p" | sed 's|^+++ b/||' >> "$applied.new"
		patch -d "$tree" -p1 -s -N -F 0 --no-backup-if-mismatch < "$p"
	done
	while read -r f; do
		if [ -f "$prev/$f" ] && cmp -s "$prev/$f" "$tree/$f"; then
			touch -r "$prev/$f" "$tree/$f"
		fi
	done < "$tree/.project-touched"
	rm -rf "$prev" "$tree/.project-touched"
	mv "$applied.new" "$applied"
fi
