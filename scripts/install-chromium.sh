#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests and the screenshots, when /usr/bin/chromium is
# missing. Playwright drives it through playwright-core; Playwright's own browser download is not
# used. Idempotent: returns at once when chromium is installed.
#
#   scripts/install-chromium.sh       # as root (CI), or with sudo available
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
	"$CHROMIUM" --version 2>/dev/null || echo "chromium at $CHROMIUM"
	exit 0
fi

as_root=()
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || { echo "install-chromium: not root and no sudo: install Debian's chromium package" >&2; exit 1; }
	as_root=(sudo)
fi

export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -q
# fonts-liberation: metric-compatible fonts so text and screenshots render the same everywhere.
"${as_root[@]}" apt-get install -y -q --no-install-recommends chromium fonts-liberation
"$CHROMIUM" --version
