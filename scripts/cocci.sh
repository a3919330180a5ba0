#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# cocci.sh: the kernel's own Coccinelle checks (scripts/coccinelle, in
# report mode, with each script's "// Options:") on the project's C files
# in the kernel tree, as make coccicheck runs them, but on our files only
# (coccicheck's M= takes whole directories, mostly upstream code).
# Scripts that need spatch's OCaml scripting are left out (Debian's
# coccinelle runs them only with an OCaml compiler installed); Python ones
# run.  Prints every report; fails if there is one.

top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/base.sh"
src=$bdir/linux
cd "$src" || exit 1
files=$("$top/scripts/project-files.sh" --tree | grep '\.c$')
incs="-I ./arch/x86/include -I ./arch/x86/include/uapi -I ./include
      -I ./include/uapi --include ./include/linux/kconfig.h"
bad=0 ran=0 skipped=0
for c in $(find scripts/coccinelle -name '*.cocci' | sort); do
	grep -q 'virtual[[:space:]]*report' "$c" || continue
	if grep -q '^@script:ocaml' "$c"; then
		skipped=$((skipped + 1))
		continue
	fi
	opts=$(sed -n 's|^// Options:||p' "$c" | head -1)
	# shellcheck disable=SC2086
	out=$(spatch -D report --no-show-diff --very-quiet $opts $incs \
		--cocci-file "$c" $files 2>&1 |
	      grep -v -e '^warning: ' -e 'files match$' -e '^$')
	ran=$((ran + 1))
	[ -z "$out" ] && continue
	echo "${c#scripts/coccinelle/}:"
	echo "$out"
	bad=1
done
echo "cocci: $ran scripts run on $(echo "$files" | wc -l) files," \
     "$skipped left out (OCaml)"
exit $bad
