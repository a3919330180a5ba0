#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# refresh-patch.sh PATCH FILE...: rewrite the diff of patches/PATCH from
# the edits made to FILE... in build/linux, against build/pristine.  The
# patch's mail header (everything up to its "---" line) is kept.
#
# Workflow for a change to an upstream file: edit it in build/linux, run
# this, check the result into patches/ (and list new patches in
# patches/series).

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
patch=$top/patches/$1
shift
hdr=$(mktemp)
trap 'rm -f "$hdr"' EXIT
sed '/^---$/q' "$patch" > "$hdr"
{
	cat "$hdr"
	for f in "$@"; do
		(cd "$top/build" && diff -Nu --label "a/$f" --label "b/$f" \
			"pristine/$f" "linux/$f") || true
	done
} > "$patch.new"
mv "$patch.new" "$patch"
