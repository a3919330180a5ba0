# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the scripts, with $top set: the kernel base they work on.
#
#   BASE   Debian's linux-source-$BASE: 6.1 (the default) or 6.12; make
#          passes it on (make kunit-um BASE=6.12)
#   bdir   that base's trees and kernels: build/ for 6.1, build/6.12/ for
#          6.12 (its own pristine tree, build/6.12/linux, kernels)
#   bsfx   "" for 6.1, "-6.12" for 6.12: both bases' results share
#          build/results, the second's named with it
#
# pfile NAME: the patch NAME of patches/series for this base: the version
# under patches/$BASE/ where the base needs its own, else patches/NAME.

BASE=${BASE:-6.1}
case $BASE in
6.1)
	bdir=$top/build
	bsfx=
	;;
6.12)
	bdir=$top/build/$BASE
	bsfx=-$BASE
	;;
*)
	echo "BASE=$BASE: the supported bases are 6.1 and 6.12" >&2
	exit 2
	;;
esac
export BASE

pfile() {
	if [ -f "$top/patches/$BASE/$1" ]; then
		echo "$top/patches/$BASE/$1"
	else
		echo "$top/patches/$1"
	fi
}
