#!/usr/bin/env bash
# Installs the real parts n8n's queue mode needs, PostgreSQL and Redis, from Debian's packages
# when they are missing (`postgresql`, `redis-server`). Needs root (CI and these machines run as
# root) and apt; quick and silent when both are installed.
#
#   dev/queue/install-parts.sh
#
# Last lines printed (machine-readable, one KEY=value a line):
#   PG_BIN_DIR=/usr/lib/postgresql/15/bin  REDIS_SERVER=/usr/bin/redis-server
#
# The packages start system services of their own on the default ports where an init system
# runs them; the project never uses those: dev/queue/parts.ts starts private instances on free
# ports with throwaway folders.
set -euo pipefail

say() { echo "[queue-parts] $*" >&2; }

pg_bin_dir() {
	# The newest PostgreSQL major version installed (Debian keeps each under its own folder).
	local dir
	dir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
	if [ -n "$dir" ] && [ -x "$dir/initdb" ] && [ -x "$dir/postgres" ] && [ -x "$dir/psql" ]; then
		echo "$dir"
	fi
}

redis_server() {
	command -v redis-server 2>/dev/null || { [ -x /usr/bin/redis-server ] && echo /usr/bin/redis-server; } || true
}

missing=()
[ -n "$(pg_bin_dir)" ] || missing+=(postgresql)
[ -n "$(redis_server)" ] || missing+=(redis-server)

if [ "${#missing[@]}" -gt 0 ]; then
	if [ "$(id -u)" -ne 0 ]; then
		say "missing: ${missing[*]}; run as root, or install them yourself: apt-get install ${missing[*]}"
		exit 1
	fi
	if ! command -v apt-get >/dev/null; then
		say "missing: ${missing[*]}, and there is no apt-get to install them with"
		exit 1
	fi
	start=$(date +%s)
	say "installing ${missing[*]} from the Debian packages (about a minute)"
	export DEBIAN_FRONTEND=noninteractive
	# Another apt run on the same machine holds the lock for a while: wait for it.
	apt-get -o DPkg::Lock::Timeout=900 update -qq
	apt-get -o DPkg::Lock::Timeout=900 install -y -qq "${missing[@]}" >&2
	say "installed in $(($(date +%s) - start)) s"
fi

dir="$(pg_bin_dir)"
redis="$(redis_server)"
if [ -z "$dir" ] || [ -z "$redis" ]; then
	say "PostgreSQL (${dir:-not found}) or Redis (${redis:-not found}) is still missing"
	exit 1
fi
echo "PG_BIN_DIR=$dir"
echo "REDIS_SERVER=$redis"
