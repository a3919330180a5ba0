#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# pristine-kunit-tree.sh: make build/pristine-kunit, unpatched 6.1 plus only
# the wakeup-source KUnit suite (its patch and drivers/base/power/
# wakeup-test.c), and print its path.  The suite runs on both kernels
# unchanged: this is the unpatched side (run-kunit.sh um-pristine).
#
# The tree is hard links to build/pristine, made in a second; the files the
# patch changes are real copies, so that build/pristine stays pristine.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
pristine=$top/build/pristine
tree=$top/build/pristine-kunit
patch=$top/patches/0011-PM-sleep-add-KUnit-tests-of-wakeup-sources.patch
suite=drivers/base/power/wakeup-test.c

stamp=$(cat "$top/build/pristine.version" "$patch" | sha1sum | cut -d' ' -f1)
if [ "$(cat "$tree/.stamp" 2>/dev/null)" != "$stamp" ]; then
	rm -rf "$tree" "$tree.tmp"
	cp -al "$pristine" "$tree.tmp"
	grep '^+++ b/' "$patch" | sed 's|^+++ b/||' | while read -r f; do
		cp --remove-destination "$pristine/$f" "$tree.tmp/$f"
	done
	patch -d "$tree.tmp" -p1 -s -N --no-backup-if-mismatch < "$patch"
	echo "$stamp" > "$tree.tmp/.stamp"
	mv "$tree.tmp" "$tree"
fi
cmp -s "$top/$suite" "$tree/$suite" ||
	cp --remove-destination "$top/$suite" "$tree/$suite"
echo "$tree"
