#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Make sure every Debian package the harness needs is installed.  As root,
# install what is missing; otherwise name the missing packages and stop,
# so the user never meets a compiler error caused by a missing tool.

set -e

packages="linux-source-6.1 make gcc flex bison bc libelf-dev libssl-dev cpio
	  rsync kmod python3 qemu-system-x86 busybox-static trace-cmd ccache
	  sparse perl libtracecmd-dev libtraceevent-dev pkg-config librsvg2-bin
	  gnuplot-nox linux-perf"

missing=
for p in $packages; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" != 0 ]; then
	echo "deps: missing Debian packages:$missing" >&2
	echo "deps: run as root, or: apt-get install$missing" >&2
	exit 1
fi

echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
