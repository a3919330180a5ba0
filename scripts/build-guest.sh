#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-guest.sh: configure and build the project's QEMU kernels, one path
# for all of them: the x86_64 debug kernel (build/guest: the integration
# guest and the x86_64 KUnit kernel), its KCSAN variant (build/kcsan), the
# 32-bit KUnit kernel (build/kunit-i386), make bench's x86_64 kernels,
# ours (build/bench-x86) and unpatched 6.1 (build/bench-mainline), and the
# Android-shaped arm64 kernel (build/android-arm64, cross-compiled).  The
# Makefile (X86_KERNELS, ARM64_KERNELS) says which fragments, architecture
# and source tree each takes, and when to configure or build it.
#
# build-guest.sh config OUT ARCH SRC FRAGMENT...: OUT/.config: tinyconfig
#   in SRC with the fragments merged over it (merge_config.sh), then
#   olddefconfig, then scripts/check-config.sh: every option a fragment
#   asks for must be set that way, or this fails and names it.
# build-guest.sh bzImage OUT ARCH SRC: the boot image (x86:
#   OUT/arch/x86/boot/bzImage; arm64: OUT/arch/arm64/boot/Image), and with
#   CONFIG_MODULES its modules in OUT/modules.cpio.gz; kbuild decides what
#   to recompile.
# build-guest.sh [VARIANT]: `make` that variant's bzImage (guest, the
#   default; kcsan; i386; bench-x86; bench-mainline), configured first
#   when make finds its .config out of date.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
# ccache: paths relative to the checkout, so a clone elsewhere (CI) hits.
export CCACHE_BASEDIR=$top CCACHE_NOHASHDIR=1

step=${1:-guest}
case $step in
config|bzImage)
	;;
*)
	[ "$step" = i386 ] && step=kunit-i386
	. "$top/scripts/base.sh"
	exec make -C "$top" --no-print-directory \
		"${bdir#"$top"/}/$step/arch/x86/boot/bzImage"
	;;
esac

if [ $# -lt 4 ] || { [ "$step" = config ] && [ $# -lt 5 ]; }; then
	echo "usage: $0 config OUT ARCH SRC FRAGMENT... | bzImage OUT ARCH SRC | [VARIANT]" >&2
	exit 2
fi
# Paths relative to the directory make runs in (the checkout).
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
out=$(abs "$2")
arch=$3
src=$4
shift 4
frags=()
for f in "$@"; do
	frags+=("$(abs "$f")")
done
if [ ! -f "$src/Makefile" ]; then
	echo "build-guest.sh: no kernel tree at '$src'" >&2
	exit 1
fi

mkdir -p "$out"
# arm64 with Debian's cross compiler; x86 with the host's.
cross=
image=bzImage
if [ "$arch" = arm64 ]; then
	cross=aarch64-linux-gnu-
	image=Image
fi
make_args=(-C "$src" O="$out" ARCH="$arch" CROSS_COMPILE="$cross"
	   CC="ccache ${cross}gcc" -j"$(nproc)")
if [ "$step" = config ]; then
	make "${make_args[@]}" -s tinyconfig
	(cd "$src" && scripts/kconfig/merge_config.sh -m -O "$out" \
		"$out/.config" "${frags[@]}" >/dev/null)
	make "${make_args[@]}" -s olddefconfig
	"$top/scripts/check-config.sh" "$out/.config" "${frags[@]}"
else
	make "${make_args[@]}" -s "$image"
	# A kernel with modules (the guest's torture test is one): they go in
	# an initramfs part of their own, OUT/modules.cpio.gz, flat under
	# /lib/modules, which run-guest.sh appends to the guest's initramfs.
	if grep -q '^CONFIG_MODULES=y' "$out/.config"; then
		make "${make_args[@]}" -s modules
		stage=$(mktemp -d)
		trap 'rm -rf "$stage"' EXIT
		mkdir -p "$stage/lib/modules"
		# Only lib/ goes in: an entry for "." (0700, from mktemp) would
		# replace the modes of the guest's root when the kernel unpacks it.
		sed 's/\.o$/.ko/' "$out/modules.order" | while read -r ko; do
			cp "$out/$ko" "$stage/lib/modules/"
		done
		chmod 755 "$stage/lib" "$stage/lib/modules"
		(cd "$stage" && find lib | cpio -o -H newc --quiet -R 0:0 | gzip -1) \
			> "$out/modules.cpio.gz.tmp"
		mv "$out/modules.cpio.gz.tmp" "$out/modules.cpio.gz"
	fi
fi
