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
# asciicast and JSON files in the tests.
apt-get install -y -qq --no-install-recommends \
	build-essential autoconf automake pkg-config \
	libncurses-dev libcmocka-dev libtcod-dev tmux time python3 \
	clang libclang-rt-14-dev >/dev/null || \
apt-get install -y -qq --no-install-recommends \
	build-essential autoconf automake pkg-config \
	libncurses-dev libcmocka-dev libtcod-dev tmux time python3 >/dev/null
echo "install-deps.sh: build dependencies installed"
