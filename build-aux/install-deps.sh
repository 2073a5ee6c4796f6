#!/bin/sh
# SPDX-License-Identifier: MIT
# install-deps.sh - installs what hunted needs to build, test and benchmark
# on Debian or Ubuntu.  As root it installs directly; otherwise it asks
# sudo.
set -eu
if [ "$(id -u)" != 0 ]; then
	if command -v sudo >/dev/null 2>&1; then
		exec sudo "$0" "$@"
	fi
	echo "install-deps.sh: run me as root" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# libtcod-dev is only for the side-by-side benchmark; clang and its runtime
# only for the fuzz targets; python3 (its json module) checks the exported
# asciicast and JSON files in the tests; autopoint and gettext bring the
# translations' build (po/) and msgfmt's checks of them; locales makes the
# zh_CN.UTF-8 locale the Chinese end-to-end test uses.
apt-get install -y -qq --no-install-recommends \
	build-essential autoconf automake pkg-config \
	libncurses-dev libcmocka-dev libtcod-dev tmux time python3 \
	autopoint gettext locales \
	clang libclang-rt-14-dev >/dev/null || \
apt-get install -y -qq --no-install-recommends \
	build-essential autoconf automake pkg-config \
	libncurses-dev libcmocka-dev libtcod-dev tmux time python3 \
	autopoint gettext locales >/dev/null
# The Chinese locale, when the system can make it (a container may lack
# the locale sources): the tests use C.UTF-8 with LANGUAGE=zh_CN without it.
if command -v locale-gen >/dev/null 2>&1 && [ -f /etc/locale.gen ] &&
	! locale -a 2>/dev/null | grep -qi '^zh_CN\.utf-\?8$'; then
	sed -i 's/^# *\(zh_CN.UTF-8 UTF-8\)/\1/' /etc/locale.gen
	locale-gen >/dev/null || true
fi
echo "install-deps.sh: build dependencies installed"
