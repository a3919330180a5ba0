#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make-patches.sh: the project as a git format-patch series against the
# pristine 6.1 tree, in build/patches, that `git am` applies to a clean tree:
# first one commit per project directory (new files at their kernel paths),
# then patches/series (the edits to upstream files).
#
# The series is made in a scratch repository that holds only the pristine
# versions of the files the patches touch, which is all git am needs.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
pristine=$top/build/pristine
work=$top/build/patches-repo
out=$top/build/patches
rm -rf "$work" "$out"
mkdir -p "$work"

series=$(grep -v '^#' "$top/patches/series")
cd "$work"
git init -q
git config user.name "PM kernel team"
git config user.email "kernel-team@example.invalid"
for p in $series; do
	grep '^+++ b/' "$top/patches/$p" | sed 's|^+++ b/||'
done | sort -u | while read -r f; do
	if [ -f "$pristine/$f" ]; then
		mkdir -p "$(dirname "$f")"
		cp "$pristine/$f" "$f"
	fi
done
git add -A
git commit -q --allow-empty -m "base: pristine linux-source-6.1 $(cat "$top/build/pristine.version")"
base=$(git rev-parse HEAD)

grep -v '^#' "$top/scripts/overlay.map" | while read -r src dst; do
	[ -n "$src" ] && [ -d "$top/$src" ] || continue
	mkdir -p "$dst"
	rsync -r --exclude='*.orig' "$top/$src/" "$dst/"
	git add -A
	git diff --cached --quiet && continue
	git commit -q -m "PM: QoS: Add the project's files under $dst/" -m \
"Files of the suspend-block project that live in $src/ of its repository." \
		-m "Signed-off-by: PM kernel team <kernel-team@example.invalid>"
done

for p in $series; do
	git am -q "$top/patches/$p"
done
git format-patch -q -o "$out" "$base"..HEAD
echo "patches: $(ls "$out" | wc -l) patches in build/patches"
ls "$out"
