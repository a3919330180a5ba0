#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# project-files.sh [--tree]: the project's C sources and headers, as paths
# in the project (or, with --tree, in the kernel tree), one a line.

top=$(cd "$(dirname "$0")/.." && pwd)
grep -v '^#' "$top/scripts/overlay.map" | while read -r src dst; do
	[ -n "$src" ] && [ -d "$top/$src" ] || continue
	(cd "$top/$src" && find . -name '*.[ch]' | sed 's|^\./||' | sort) |
	while read -r f; do
		if [ "$1" = --tree ]; then
			echo "$dst/$f"
		else
			echo "$src/$f"
		fi
	done
done
