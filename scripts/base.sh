# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the scripts, with $top set: the kernel base they work on.
#
#   BASE   Debian's linux-source-$BASE: 6.12 (the default) or 6.1; make
#          passes it on (make kunit-um BASE=6.1)
#   bdir   that base's trees and kernels: build/ for 6.12, build/6.1/ for
#          6.1 (its own pristine tree, build/6.1/linux, kernels)
#   bsfx   "" for 6.12, "-6.1" for 6.1: both bases' results share
#          build/results, the second's named with it
#
# patches/NAME are written against 6.1, where the series began; a patch
# whose context moved has its 6.12 version in patches/6.12/NAME
# (scripts/port-patches.sh).
# pfile NAME: the patch NAME of patches/series for this base: the version
# under patches/$BASE/ where the base needs its own, else patches/NAME.

BASE=${BASE:-6.12}
case $BASE in
6.12)
	bdir=$top/build
	bsfx=
	;;
6.1)
	bdir=$top/build/$BASE
	bsfx=-$BASE
	;;
*)
	echo "BASE=$BASE: the supported bases are 6.12 and 6.1" >&2
	exit 2
	;;
esac
export BASE

# A build/ of the time when 6.1 was the default holds 6.1 where 6.12 now
# goes: make would take its trees and kernels as up to date.
if [ -f "$bdir/pristine.version" ] &&
   [ "${BASE}." != "$(cut -d. -f1,2 "$bdir/pristine.version")." ]; then
	echo "${bdir#"$top"/}/ holds linux-source-$(cat "$bdir/pristine.version")," \
	     "not $BASE: move build/ aside or make distclean" >&2
	exit 2
fi

pfile() {
	if [ -f "$top/patches/$BASE/$1" ]; then
		echo "$top/patches/$BASE/$1"
	else
		echo "$top/patches/$1"
	fi
}
