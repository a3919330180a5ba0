#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mkinitramfs.sh OUT: the guest's initramfs, a gzipped newc cpio with a
# static busybox, tests/init as /init, the test scripts under /tests (and
# their scenarios under /tests/scenarios), and Debian's trace-cmd with the
# shared libraries it needs.

set -e
top=$(cd "$(dirname "$0")/.." && pwd)
out=$1
stage=$(mktemp -d)
# mktemp makes it 0700: the guest's root must let other users (tests run
# as uid 1000) walk it.
chmod 755 "$stage"
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage"/{bin,sbin,dev,proc,sys,tmp,tests,root,etc}
cp /bin/busybox "$stage/bin/busybox"
gcc -static -O2 -Wall -o "$stage/bin/wr" "$top/tests/tools/wr.c"
gcc -static -O2 -Wall -I "$top/include/uapi" -o "$stage/bin/wlbench" \
	"$top/tests/tools/wlbench.c"
gcc -static -O2 -Wall -I "$top/include/uapi" -o "$stage/bin/sbfd" \
	"$top/tests/tools/sbfd.c"
gcc -static -O2 -Wall -I "$top/include/uapi" -o "$stage/bin/suspend-block" \
	"$top/tools/suspend-block/suspend-block.c" \
	"$top/tools/suspend-block/blockers.c"
gcc -static -O2 -Wall -I "$top/include/uapi" -o "$stage/bin/fuzz" \
	"$top/tests/tools/fuzz.c"
cp "$top/tests/init" "$stage/init"
cp "$top"/tests/*.sh "$stage/tests/"
mkdir -p "$stage/tests/scenarios"
cp "$top"/tests/scenarios/*.sh "$stage/tests/scenarios/"

# trace-cmd is dynamically linked: bring its loader and libraries.
cp /usr/bin/trace-cmd "$stage/bin/trace-cmd"
ldd /usr/bin/trace-cmd | grep -o '/[^ ]*' | while read -r lib; do
	mkdir -p "$stage$(dirname "$lib")"
	cp -L "$lib" "$stage$lib"
done
chmod +x "$stage/init"
echo 'root:x:0:0:root:/root:/bin/sh' > "$stage/etc/passwd"
echo 'nobody:x:65534:65534:nobody:/tmp:/bin/sh' >> "$stage/etc/passwd"
echo 'root:x:0:' > "$stage/etc/group"
echo 'nogroup:x:65534:' >> "$stage/etc/group"
(cd "$stage" && find . | cpio -o -H newc --quiet -R 0:0 | gzip -1) > "$out"
