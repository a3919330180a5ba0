#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# summary.sh STEP...: add up build/results/STEP.count ("PASSED FAILED") into
# the final "N passed, N failed" line; a step without a count failed before
# it could run its tests and counts as one failure.

res=$(cd "$(dirname "$0")/.." && pwd)/build/results
passed=0
failed=0
for step in "$@"; do
	if read -r p f < "$res/$step.count" 2>/dev/null; then
		echo "summary: $step: $p passed, $f failed"
	else
		echo "summary: $step: did not run (build or boot failed)"
		p=0
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
done
# The failures again, so that the last lines of a long log name them.
for step in "$@"; do
	[ -s "$res/$step.failures" ] || continue
	echo "failures in $step:"
	sed 's/^/  /' "$res/$step.failures"
done
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
