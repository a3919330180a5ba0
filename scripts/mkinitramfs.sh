#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh OUT [BINARY...]: the guest's initramfs, a gzipped newc
# cpio with a static busybox, tests/init as /init, the test scripts under
# /tests (and their scenarios under /tests/scenarios), each BINARY in /bin
# under its own name, and Debian's trace-cmd with the shared libraries it
# needs.  The binaries are the static helpers make builds (tests/tools/*.c
# in build/guest-bin, tools/suspend-block as build/suspend-block): `make
# build/initramfs.cpio.gz` builds them and calls this.
#
# BUSYBOX=PATH takes another busybox (the arm64 guest's, from Debian's
# busybox-static:arm64); TRACE_CMD= (empty) leaves trace-cmd out (it is
# the host's, x86_64 only).

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ]; then
	echo "usage: $0 OUT [BINARY...]" >&2
	exit 2
fi
out=$1
shift
stage=$(mktemp -d)
# mktemp makes it 0700: the guest's root must let other users (tests run
# as uid 1000) walk it.
chmod 755 "$stage"
trap 'rm -rf "$stage" "$out.tmp"' EXIT

mkdir -p "$stage"/{bin,sbin,dev,proc,sys,tmp,tests,root,etc}
cp "${BUSYBOX:-/bin/busybox}" "$stage/bin/busybox"
for bin in "$@"; do
	cp "$bin" "$stage/bin/$(basename "$bin")"
done
cp "$top/tests/init" "$stage/init"
cp "$top"/tests/*.sh "$stage/tests/"
mkdir -p "$stage/tests/scenarios"
cp "$top"/tests/scenarios/*.sh "$stage/tests/scenarios/"

# trace-cmd is dynamically linked: bring its loader and libraries.
trace_cmd=${TRACE_CMD-/usr/bin/trace-cmd}
if [ -n "$trace_cmd" ]; then
	cp "$trace_cmd" "$stage/bin/trace-cmd"
	ldd "$trace_cmd" | grep -o '/[^ ]*' | while read -r lib; do
		mkdir -p "$stage$(dirname "$lib")"
		cp -L "$lib" "$stage$lib"
	done
fi
chmod +x "$stage/init"
echo 'root:x:0:0:root:/root:/bin/sh' > "$stage/etc/passwd"
echo 'nobody:x:65534:65534:nobody:/tmp:/bin/sh' >> "$stage/etc/passwd"
echo 'root:x:0:' > "$stage/etc/group"
echo 'nogroup:x:65534:' >> "$stage/etc/group"
# Written aside and renamed: no half-written initramfs under the name.
set -o pipefail
(cd "$stage" && find . | cpio -o -H newc --quiet -R 0:0 | gzip -1) > "$out.tmp"
mv "$out.tmp" "$out"
