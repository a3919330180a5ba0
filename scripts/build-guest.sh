#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-guest.sh [kcsan|i386]: the x86_64 debug kernel.  tinyconfig +
# configs/guest.config + Kconfig.fragment + the test options +
# kunit/.kunitconfig + configs/debug.config, merged with merge_config.sh and
# checked option by option.  It is both the integration guest and the
# x86_64 KUnit kernel.  "kcsan": the same with configs/kcsan.config instead
# of debug.config, in build/kcsan (make test-kcsan).  "i386": a 32-bit
# kernel with the KUnit suites only (configs/i386.config), in
# build/kunit-i386.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
# ccache: paths relative to the checkout, so a clone elsewhere (CI) hits.
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1
variant=${1:-guest}
out=$top/build/$variant
src=$top/build/linux
arch=x86_64
debug=$top/configs/debug.config
[ "$variant" = kcsan ] && debug=$top/configs/kcsan.config
frags=("$top/configs/guest.config" "$top/Kconfig.fragment"
       "$top/configs/guest-test.config" "$top/kunit/.kunitconfig"
       "$top/configs/kunit-in-guest.config" "$debug")
if [ "$variant" = i386 ]; then
	# The KUnit suites on a 32-bit kernel: no guest tests, no debug.
	out=$top/build/kunit-i386
	arch=i386
	frags=("$top/configs/i386.config" "$top/Kconfig.fragment"
	       "$top/kunit/.kunitconfig" "$top/configs/kunit-in-guest.config")
fi
mkdir -p "$out"
make_args=(-C "$src" O="$out" ARCH=$arch CC="ccache gcc" -j"$(nproc)")

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
