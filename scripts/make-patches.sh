#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make-patches.sh: the project as a series against pristine 6.1, split as
# patches/plan says (one logical change per patch), in build/patches, with
# a cover letter (0000) made from patches/cover-letter.  git am applies it
# to a clean 6.1 tree; `make patches-check` does and builds every step.
#
# The series is made in a scratch repository that holds only the pristine
# versions of the upstream files the patches touch, which is all git am
# needs; scripts/make-series.py makes one commit per stanza of the plan and
# checks that the series ends in the prepared tree (build/linux).

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

python3 "$top/scripts/make-series.py" "$top"

git format-patch -q --cover-letter --thread=shallow -o "$out" "$base"..HEAD
# The cover letter: patches/cover-letter's first line is the subject, the
# rest the text; format-patch's shortlog and diffstat stay below it.
cover=$(ls "$out"/0000-*.patch)
python3 - "$cover" "$top/patches/cover-letter" <<'PY'
import sys
cover, src = sys.argv[1], sys.argv[2]
subject, _, blurb = open(src).read().partition('\n')
text = open(cover).read()
text = text.replace('*** SUBJECT HERE ***', subject.strip())
text = text.replace('*** BLURB HERE ***', blurb.strip('\n'))
open(cover, 'w').write(text)
PY
echo "patches: $(ls "$out" | wc -l) files in build/patches (cover letter and $(($(ls "$out" | wc -l) - 1)) patches)"
ls "$out"
