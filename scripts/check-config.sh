#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-config.sh .config FRAGMENT...: every option a fragment asks for must
# be set that way in the merged .config.  Kconfig silently drops options whose
# dependencies are not met; stop here and name them instead.

config=$1
shift
bad=0
for frag in "$@"; do
	while read -r line; do
		case $line in
		CONFIG_*=*)
			opt=${line%%=*}
			if ! grep -qx -- "$line" "$config"; then
				got=$(grep -E "^$opt=|^# $opt is not set" "$config")
				echo "config: $frag asks $line, got: ${got:-nothing}" >&2
				bad=1
			fi
			;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			if grep -q "^$opt=" "$config"; then
				echo "config: $frag asks $opt off, got: $(grep "^$opt=" "$config")" >&2
				bad=1
			fi
			;;
		esac
	done < "$frag"
done
exit $bad
