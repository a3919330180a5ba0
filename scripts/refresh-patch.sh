#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# refresh-patch.sh PATCH FILE...: rewrite the diff of patches/PATCH from
# the edits made to FILE... in 6.1's tree (build/6.1/linux), against its
# pristine tree.  The patch's mail header (everything up to its "---"
# line) is kept.
#
# patches/ is written for 6.1, so this works on 6.1 whatever BASE says.
# Workflow for a change to an upstream file: make tree BASE=6.1, edit the
# file in build/6.1/linux, run this, then scripts/port-patches.sh to carry
# the change to 6.12 (patches/6.12/), and check the results into patches/
# (new patches also listed in patches/series).

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
BASE=6.1
. "$top/scripts/base.sh"
patch=$top/patches/$1
shift
[ -f "$patch" ] || { echo "refresh-patch: no $patch" >&2; exit 1; }
hdr=$(mktemp)
trap 'rm -f "$hdr"' EXIT
sed '/^---$/q' "$patch" > "$hdr"
{
	cat "$hdr"
	for f in "$@"; do
		(cd "$bdir" && diff -Nu --label "a/$f" --label "b/$f" \
			"pristine/$f" "linux/$f") || true
	done
} > "$patch.new"
mv "$patch.new" "$patch"
