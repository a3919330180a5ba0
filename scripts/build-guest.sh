#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-guest.sh [kcsan]: the x86_64 debug kernel.  tinyconfig +
# configs/guest.config + Kconfig.fragment + the test options +
# kunit/.kunitconfig + configs/debug.config, merged with merge_config.sh and
# checked option by option.  It is both the integration guest and the
# x86_64 KUnit kernel.  "kcsan": the same with configs/kcsan.config instead
# of debug.config, in build/kcsan (make test-kcsan).

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
# ccache: paths relative to the checkout, so a clone elsewhere (CI) hits.
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
variant=${1:-guest}
out=$top/build/$variant
src=$top/build/linux
debug=$top/configs/debug.config
[ "$variant" = kcsan ] && debug=$top/configs/kcsan.config
frags=("$top/configs/guest.config" "$top/Kconfig.fragment"
       "$top/configs/guest-test.config" "$top/kunit/.kunitconfig"
       "$top/configs/kunit-in-guest.config" "$debug")
mkdir -p "$out"
make_args=(-C "$src" O="$out" ARCH=x86_64 CC="ccache gcc" -j"$(nproc)")

# Regenerate the config only when a fragment changed.
sum=$(cat "${frags[@]}" | sha1sum | cut -d' ' -f1)
if [ "$(cat "$out/.fragments" 2>/dev/null)" != "$sum" ] || [ ! -f "$out/.config" ]; then
	echo "$variant: configuring"
	make "${make_args[@]}" -s tinyconfig
	(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$out" \
		"$out/.config" "${frags[@]}" >/dev/null)
	make "${make_args[@]}" -s olddefconfig
	"$top/scripts/check-config.sh" "$out/.config" "${frags[@]}"
	echo "$sum" > "$out/.fragments"
fi
echo "$variant: building bzImage"
make "${make_args[@]}" -s bzImage
