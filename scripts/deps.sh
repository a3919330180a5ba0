#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh [--check]: make sure everything the harness uses is on the machine.
#
# As root, install the Debian packages that are missing; otherwise name them
# and stop, so the user never meets a compiler error caused by a missing
# tool.  Then check what package names cannot show: every pkg-config module
# the host tools build against resolves (a .pc file may require a module
# whose -dev package Debian only recommends, and apt here installs no
# recommendations), and every host command the scripts call is on PATH.  A
# failed check names the package that provides what is missing.
#
# --check: install nothing, only check.

set -e

packages="linux-source-6.1 linux-source-6.12 make gcc libc6-dev flex bison
	  bc libelf-dev libssl-dev cpio gzip xz-utils tar patch git rsync kmod python3
	  qemu-system-x86 busybox-static trace-cmd ccache sparse perl
	  libtracecmd-dev libtracefs-dev libtraceevent-dev pkg-config
	  librsvg2-bin gnuplot-nox linux-perf coreutils findutils sed mawk
	  diffutils python3-sphinx python3-sphinx-rtd-theme python3-ply
	  python3-git clang lld llvm coccinelle gcc-aarch64-linux-gnu
	  libc6-dev-arm64-cross gcc-arm-linux-gnueabihf qemu-system-arm"

# pkg-config modules of the host tools (tools/pm-blame/Makefile's PKGS and
# what their .pc files require), each with the package that ships it.
pc_modules="libtracecmd:libtracecmd-dev libtracefs:libtracefs-dev
	    libtraceevent:libtraceevent-dev"

# Host commands the scripts call, each with the package that provides it.
commands="make:make gcc:gcc flex:flex bison:bison bc:bc cpio:cpio gzip:gzip
	  xz:xz-utils tar:tar patch:patch git:git rsync:rsync python3:python3
	  perl:perl qemu-system-x86_64:qemu-system-x86 busybox:busybox-static
	  trace-cmd:trace-cmd ccache:ccache sparse:sparse pkg-config:pkg-config
	  rsvg-convert:librsvg2-bin gnuplot:gnuplot-nox perf:linux-perf
	  timeout:coreutils sha1sum:coreutils base64:coreutils
	  mktemp:coreutils nproc:coreutils find:findutils xargs:findutils
	  sed:sed awk:mawk diff:diffutils ldd:libc-bin dpkg-query:dpkg
	  sphinx-build:python3-sphinx clang:clang ld.lld:lld llvm-ar:llvm
	  spatch:coccinelle aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu
	  arm-linux-gnueabihf-gcc:gcc-arm-linux-gnueabihf
	  qemu-system-aarch64:qemu-system-arm qemu-system-arm:qemu-system-arm"

# The arm64 guest's busybox (busybox-static:arm64) is downloaded, not
# installed (it would replace the host's /bin/busybox): its architecture
# must be known to apt.
foreign_archs="arm64"

check_only=
[ "$1" = --check ] && check_only=1

add_foreign_archs() {
	local a missing=

	for a in $foreign_archs; do
		dpkg --print-foreign-architectures | grep -qx "$a" ||
			missing="$missing $a"
	done
	[ -z "$missing" ] && return 0
	if [ -n "$check_only" ] || [ "$(id -u)" != 0 ]; then
		echo "deps: dpkg does not know the architectures$missing" >&2
		echo "deps: run as root, or: dpkg --add-architecture ARCH" \
		     "&& apt-get update" >&2
		return 1
	fi
	for a in $missing; do
		dpkg --add-architecture "$a"
	done
	apt-get update -qq
}

install_missing() {
	local p missing=

	for p in $packages; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
			grep -q "ok installed" || missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	if [ -n "$check_only" ] || [ "$(id -u)" != 0 ]; then
		echo "deps: missing Debian packages:$missing" >&2
		echo "deps: run as root, or: apt-get install$missing" >&2
		[ -n "$check_only" ] && return 1
		exit 1
	fi
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

# The package that provides pkg-config module $1, from $pc_modules.
pc_package() {
	local m

	for m in $pc_modules; do
		[ "${m%%:*}" = "$1" ] && { echo "${m#*:}"; return; }
	done
	echo "the -dev package that ships $1.pc"
}

verify() {
	local m c err mod bad=0

	for c in $commands; do
		command -v "${c%%:*}" >/dev/null && continue
		echo "deps: command ${c%%:*} not on PATH: install ${c#*:}" >&2
		bad=1
	done
	command -v pkg-config >/dev/null || return 1
	for m in $pc_modules; do
		err=$(pkg-config --print-errors --exists "${m%%:*}" 2>&1) &&
			continue
		# The module that is really missing may be one it requires.
		mod=$(echo "$err" |
		      sed -n "s/^Package '\([^']*\)'.*not found.*/\1/p" |
		      head -n1)
		mod=${mod:-${m%%:*}}
		echo "deps: pkg-config module $mod not found (needed by" \
		     "${m%%:*}): install $(pc_package "$mod")" >&2
		bad=1
	done
	return $bad
}

status=0
add_foreign_archs || status=1
install_missing || status=1
verify || status=1
exit $status
