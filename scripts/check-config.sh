#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-config.sh .config FRAGMENT...: every option a fragment asks for must
# be set that way in the merged .config.  Kconfig silently drops options whose
# dependencies are not met; stop here and name them instead.  As in
# merge_config.sh, a later fragment's setting of an option replaces an
# earlier one's.

config=$1
shift
declare -A want from
for frag in "$@"; do
	while read -r line; do
		case $line in
		CONFIG_*=*)
			opt=${line%%=*}
			;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			;;
		*)
			continue
			;;
		esac
		want[$opt]=$line
		from[$opt]=$frag
	done < "$frag"
done
bad=0
for opt in "${!want[@]}"; do
	line=${want[$opt]}
	case $line in
	CONFIG_*=*)
		if ! grep -qx -- "$line" "$config"; then
			got=$(grep -E "^$opt=|^# $opt is not set" "$config")
			echo "config: ${from[$opt]} asks $line, got: ${got:-nothing}" >&2
			bad=1
		fi
		;;
	*)
		if grep -q "^$opt=" "$config"; then
			echo "config: ${from[$opt]} asks $opt off, got: $(grep "^$opt=" "$config")" >&2
			bad=1
		fi
		;;
	esac
done
exit $bad
