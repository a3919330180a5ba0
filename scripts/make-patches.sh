#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make-patches.sh: the project as a series against the pristine base
# (scripts/base.sh: BASE=6.12, the default, or 6.1), split as patches/plan
# says (one logical change per patch), in build/patches$bsfx, with a cover
# letter (0000) made from patches/cover-letter.  git am applies it to a
# clean tree of that base; `make patches-check` does and builds every step.
#
# The series is made in a scratch repository that holds only the pristine
# versions of the upstream files the patches touch, which is all git am
# needs; scripts/make-series.py makes one commit per stanza of the plan and
# checks that the series ends in the base's prepared tree ($bdir/linux).

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
pristine=$bdir/pristine
work=$bdir/patches-repo
out=$top/build/patches$bsfx
rm -rf "$work" "$out"
mkdir -p "$work"

series=$(grep -v '^#' "$top/patches/series")
cd "$work"
git init -q
git config user.name "PM kernel team"
git config user.email "kernel-team@example.invalid"
for p in $series; do
	grep '^+++ b/' "$(pfile "$p")" | sed 's|^+++ b/||'
done | sort -u | while read -r f; do
	if [ -f "$pristine/$f" ]; then
		mkdir -p "$(dirname "$f")"
		cp "$pristine/$f" "$f"
	fi
done
git add -A
git commit -q --allow-empty -m "base: pristine linux-source-$BASE $(cat "$bdir/pristine.version")"
base=$(git rev-parse HEAD)

python3 "$top/scripts/make-series.py" "$top" "$bdir"

git format-patch -q --cover-letter --thread=shallow -o "$out" "$base"..HEAD
# The cover letter: patches/cover-letter's first line is the subject, the
# rest the text, which names the base; format-patch's shortlog and
# diffstat stay below it.
cover=$(ls "$out"/0000-*.patch)
python3 - "$cover" "$top/patches/cover-letter" "$BASE" <<'PY'
import sys
cover, src, base = sys.argv[1], sys.argv[2], sys.argv[3]
subject, _, blurb = open(src).read().partition('\n')
blurb = blurb.replace('@BASE@', base)
text = open(cover).read()
text = text.replace('*** SUBJECT HERE ***', subject.strip())
text = text.replace('*** BLURB HERE ***', blurb.strip('\n'))
open(cover, 'w').write(text)
PY
echo "patches: $(ls "$out" | wc -l) files in ${out#"$top"/} (cover letter and $(($(ls "$out" | wc -l) - 1)) patches against $BASE)"
ls "$out"
