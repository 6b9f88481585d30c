#!/usr/bin/env bash
# Every install channel, from artifacts built in this run (docs/install.md, docs/release.md):
#   version  `rtk --version` names the commit and target; build.rs says `unknown` without .git;
#   archive  the static release binary packed as the release packs it (dist/archive.sh);
#   shell    dist/install.sh (under dash) against a local HTTP server on 127.0.0.1: fresh install,
#            upgrade from upstream rtk 1.1.0 keeping history and config, a second install, a
#            wrong checksum refused, a folder it may not write refused;
#   npm      dist/npm/pack.sh's tarballs from a local static registry into fresh prefixes, with
#            and without install scripts (native binary / Node launcher: exit code, signal);
#   wheel    maturin's `bin` wheel into a fresh venv;
#   checks   the PowerShell installer (pwsh when present, else its names) and the Homebrew
#            formula (ruby -c, and each platform's URL and sha256), all against dist/platforms.tsv;
#   remove   `rtk init --uninstall` for every agent, then the binary: what is left.
#   RTK_BIN   an rtk already built by scripts/build-static.sh (default: build it)
# Each installed rtk runs `rtk --version`, `rtk rewrite git status` (stdout `rtk git status`,
# exit 3) and `rtk init --agent claude --show`. Prints the artifact sizes and install times.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
# The steps below run under throwaway HOMEs; the Rust toolchain (the wheel's maturin runs
# cargo) stays the one this machine has.
export RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" CARGO_HOME="${CARGO_HOME:-$HOME/.cargo}"

deps="$(./scripts/setup-install-deps.sh)"
MATURIN="$(sed -n 's/^maturin=//p' <<<"$deps")"
UPSTREAM="$(./scripts/setup-test-deps.sh | sed -n 's/^upstream_rtk=//p')"

passed=0
failed=0
check() { # <description> <command…>
    local what="$1"
    shift
    if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what" >&2; fi
}
now() { date +%s.%N; }
since() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$(now)"; }
size() { du -h "$1" | cut -f1; }

scratch="$(mktemp -d)"
server_pid=""
cleanup() {
    [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
    chmod -R u+w "$scratch" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
unset RTK_DB_PATH RTK_NO_TRACKING XDG_CONFIG_HOME XDG_DATA_HOME RTK_INSTALL_DIR RTK_VERSION RTK_TARGET

# --- the binary and its version ------------------------------------------------------------------
echo "== install: static release build"
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n1)"
target="$(uname -m)-unknown-linux-gnu"
bin="${RTK_BIN:-$(./scripts/build-static.sh)}"
commit="$(git rev-parse --short=9 HEAD 2>/dev/null || echo unknown)"
want_version="rtk $version ($commit $target)"
check "rtk --version is '$want_version' ($("$bin" --version))" test "$("$bin" --version)" = "$want_version"
check "the binary is static (no program interpreter)" \
    sh -c "! LC_ALL=C readelf -l '$bin' | grep -q 'program interpreter'"

# build.rs on its own: a source tree without .git, RTK_GIT_COMMIT, this checkout.
rustc --edition 2021 -O -o "$scratch/build-script" build.rs 2>/dev/null
mkdir "$scratch/tarball"
git archive HEAD Cargo.toml build.rs | tar -x -C "$scratch/tarball"
stamp() { # <manifest dir> [env…]: the commit build.rs stamps
    env "${@:2}" CARGO_MANIFEST_DIR="$1" TARGET=x86_64-unknown-linux-musl "$scratch/build-script" |
        sed -n 's/^cargo:rustc-env=RTK_GIT_COMMIT=//p'
}
check "build.rs: a tarball without .git builds as 'unknown'" test "$(stamp "$scratch/tarball")" = unknown
check "build.rs: RTK_GIT_COMMIT wins" test "$(stamp "$scratch/tarball" RTK_GIT_COMMIT=abc1234)" = abc1234
check "build.rs: this checkout stamps HEAD" test "$(stamp "$repo")" = "$commit"
check "build.rs: the target is cargo's TARGET" \
    grep -qx 'cargo:rustc-env=RTK_BUILD_TARGET=x86_64-unknown-linux-musl' \
    <(CARGO_MANIFEST_DIR="$scratch/tarball" TARGET=x86_64-unknown-linux-musl "$scratch/build-script")

check "dist-workspace.toml builds exactly dist/platforms.tsv's targets" test \
    "$(python3 -c 'import tomllib; print(*sorted(tomllib.load(open("dist-workspace.toml", "rb"))["dist"]["targets"]))')" \
    = "$(awk '!/^#/ { print $1 }' dist/platforms.tsv | sort | tr '\n' ' ' | sed 's/ $//')"

# --- archives ---------------------------------------------------------------------------------
echo "== install: release archives"
dist="$repo/target/dist"
rm -rf "$dist"
mkdir -p "$dist"
www="$scratch/www"
mkdir -p "$www/v$version" "$www/v1.1.0" "$www/bad"
archive="$(dist/archive.sh "$bin" "$target" "$www/v$version")"
cp "$archive" "$archive.sha256" "$dist/"
check "archive checksum file verifies" sh -c "cd '$www/v$version' && sha256sum -c --quiet '$(basename "$archive").sha256'"
check "archive holds rtk-$target/rtk and README.md" \
    test "$(tar -tzf "$archive" | sort | tr '\n' ' ')" = "rtk-$target/ rtk-$target/README.md rtk-$target/rtk "
# The older version a user may have: upstream rtk 1.1.0 (the real binary), packed the same way.
dist/archive.sh "$UPSTREAM" "$target" "$www/v1.1.0" >/dev/null
# A tampered release: the archive of this version, the checksum of another.
cp "$archive" "$www/bad/"
cut -d' ' -f1 "$www/v1.1.0/rtk-$target.tar.gz.sha256" | sed "s/\$/  rtk-$target.tar.gz/" >"$www/bad/rtk-$target.tar.gz.sha256"

# --- the local HTTP server (127.0.0.1 only) ------------------------------------------------------
python3 -u -m http.server 0 --bind 127.0.0.1 --directory "$www" >"$scratch/server.log" 2>&1 &
server_pid=$!
port=""
for _ in $(seq 50); do
    port="$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$scratch/server.log" | head -n1)"
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "test-install: the HTTP server did not start" >&2; cat "$scratch/server.log" >&2; exit 1; }
url="http://127.0.0.1:$port"

runs_three() { # <label> <rtk>: the three commands every channel must answer
    local label="$1" rtk="$2" out code
    check "$label: rtk --version" test "$("$rtk" --version)" = "$want_version"
    out="$(cd "$scratch" && "$rtk" rewrite git status)" && code=0 || code=$?
    check "$label: rtk rewrite git status prints 'rtk git status' ($out)" test "$out" = "rtk git status"
    check "$label: rtk rewrite git status exits 3 ($code)" test "$code" = 3
    out="$(cd "$scratch" && "$rtk" init --agent claude --show)"
    check "$label: rtk init --agent claude --show names the hook" grep -q 'rtk hook claude' <<<"$out"
}

# --- shell installer ---------------------------------------------------------------------------
echo "== install: shell installer (dash, $url)"
export HOME="$scratch/home"
mkdir -p "$HOME"
installer() { env "$@" dash "$repo/dist/install.sh" 2>&1; }
check "installer detects $target here" test "$(dash dist/install.sh --print-target)" = "$target"
local_bin="$HOME/.local/bin"

# An upstream 1.1.0 user, with history and a config file.
installer RTK_DOWNLOAD_URL="$url/v1.1.0" >"$scratch/log" || { cat "$scratch/log" >&2; exit 1; }
check "upstream 1.1.0 installed into ~/.local/bin" test "$("$local_bin/rtk" --version)" = "rtk 1.1.0"
mkdir -p "$scratch/proj"
(
    cd "$scratch/proj" && git init -q . && printf 'hello\n' >a.txt
    "$local_bin/rtk" config --create >/dev/null
    for c in "git status" "ls -la" "wc a.txt"; do
        # shellcheck disable=SC2086
        "$local_bin/rtk" $c >/dev/null 2>&1 || true
    done
)
# SQLite's -wal/-shm files come and go with connections; every other file must stay.
data_files() { (cd "$HOME" && find .local/share .config -type f ! -name '*-wal' ! -name '*-shm' 2>/dev/null | sort); }
before_files="$(data_files)"
config="$HOME/.config/rtk/config.toml"
config_sum="$(sha256sum "$config" | cut -d' ' -f1)"
check "upstream wrote its history database" grep -q 'history.db' <<<"$before_files"

start="$(now)"
installer RTK_DOWNLOAD_URL="$url/v$version" >"$scratch/log" || { cat "$scratch/log" >&2; exit 1; }
shell_seconds="$(since "$start")"
check "upgrade says what it replaced" grep -q "replaced rtk 1.1.0 with $want_version" "$scratch/log"
runs_three "shell installer" "$local_bin/rtk"
check "upgrade kept the config byte for byte" test "$(sha256sum "$config" | cut -d' ' -f1)" = "$config_sum"
check "upgrade kept every data file" test -z "$(comm -23 <(echo "$before_files") <(data_files))"
gain_field() { "$local_bin/rtk" gain -f json | python3 -c "import json,sys; print(json.load(sys.stdin)['summary'].get('$1', -1))"; }
check "rtk gain shows the 3 commands recorded before the upgrade" test "$(gain_field imported_runs)" = 3
(cd "$scratch/proj" && "$local_bin/rtk" git status >/dev/null)
runs_before="$(gain_field runs)"

installer RTK_DOWNLOAD_URL="$url/v$version" >"$scratch/log" || { cat "$scratch/log" >&2; exit 1; }
check "a second install succeeds and says so" grep -q "replaced $want_version with $want_version" "$scratch/log"
check "a second install keeps the history ($runs_before runs)" test "$(gain_field runs)" = "$runs_before"
check "the installed binary is the archive's" cmp -s "$bin" "$local_bin/rtk"

cp "$local_bin/rtk" "$scratch/rtk-before"
code=0
installer RTK_DOWNLOAD_URL="$url/bad" >"$scratch/log" || code=$?
check "a wrong checksum is refused (exit $code)" test "$code" != 0
check "a wrong checksum says so" grep -q "checksum mismatch for rtk-$target.tar.gz" "$scratch/log"
check "a wrong checksum installs nothing" cmp -s "$scratch/rtk-before" "$local_bin/rtk"
check "no temporary file is left in ~/.local/bin" test "$(ls -A "$local_bin")" = rtk

# A folder the user may not write: run as `nobody` (root may write anywhere).
mkdir -p "$scratch/readonly" "$scratch/nobody-home"
chmod 755 "$scratch" "$scratch/readonly"
chown nobody "$scratch/nobody-home"
code=0
setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$scratch/nobody-home" \
    RTK_DOWNLOAD_URL="$url/v$version" RTK_INSTALL_DIR="$scratch/readonly" \
    dash "$repo/dist/install.sh" >"$scratch/log" 2>&1 || code=$?
check "a folder without write access is refused (exit $code)" test "$code" != 0
check "... with a message naming it and RTK_INSTALL_DIR" \
    grep -q "cannot write to $scratch/readonly; choose a folder you own with RTK_INSTALL_DIR" "$scratch/log"
check "... before downloading anything" sh -c "! grep -q downloading '$scratch/log'"
code=0
setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$scratch/nobody-home" \
    RTK_DOWNLOAD_URL="$url/v$version" dash "$repo/dist/install.sh" >"$scratch/log" 2>&1 || code=$?
check "as nobody, the default ~/.local/bin works (exit $code)" test "$code" = 0
check "... and warns that ~/.local/bin is not on PATH" grep -q 'is not on your PATH' "$scratch/log"

# --- PowerShell installer and Homebrew formula ---------------------------------------------------
echo "== install: PowerShell installer and Homebrew formula"
win_target="$(awk '!/^#/ && $2 == "zip" { print $1 }' dist/platforms.tsv)"
ps1="dist/install.ps1"
if command -v pwsh >/dev/null 2>&1; then
    check "install.ps1 parses (pwsh)" pwsh -NoProfile -Command \
        "\$e=\$null; [void][System.Management.Automation.Language.Parser]::ParseFile('$repo/$ps1',[ref]\$null,[ref]\$e); if (\$e) { \$e; exit 1 }"
else
    echo "   (pwsh is not installed: structural checks only)"
fi
check "install.ps1 names the Windows target of platforms.tsv" grep -qx "\$Target = '$win_target'" "$ps1"
check "install.ps1 downloads rtk-<target>.zip and its .sha256" \
    sh -c "grep -q '\$Archive = \"rtk-\$Target.zip\"' $ps1 && grep -q 'OutFile (Join-Path \$Tmp \"\$Archive.sha256\")' $ps1"
check "install.ps1 compares SHA256 and stops on a mismatch" \
    sh -c "grep -q 'Get-FileHash -Algorithm SHA256' $ps1 && grep -q 'if (\$Want -ne \$Got)' $ps1"
check "install.ps1 and install.sh share the release URL" \
    test "$(sed -n "s/^\$RepoUrl = '\(.*\)'/\1/p" "$ps1")" = "$(sed -n 's/^REPO_URL="\(.*\)"/\1/p' dist/install.sh)"

sums="$scratch/sums"
mkdir -p "$sums"
cp "$archive.sha256" "$sums/"
# Platforms not built here get stand-in checksums (clearly not a real archive's), so the
# formula renders; the real one is checked below.
awk '!/^#/ && $2 == "tar.gz" { print $1 }' dist/platforms.tsv | while read -r t; do
    [ -f "$sums/rtk-$t.tar.gz.sha256" ] ||
        printf 'stand-in for %s\n' "$t" | sha256sum | sed "s/-\$/rtk-$t.tar.gz/" >"$sums/rtk-$t.tar.gz.sha256"
done
dist/homebrew/render.sh "$version" "$sums" >"$dist/rtk.rb"
check "rtk.rb is valid Ruby (ruby -c)" sh -c "ruby -c '$dist/rtk.rb' >/dev/null"
# Evaluate the formula against a stand-in Formula class: the URL and sha256 per OS and CPU.
ruby "$repo/dist/homebrew/urls.rb" "$dist/rtk.rb" >"$scratch/urls"
while read -r os cpu t; do
    line="$(grep "^$os $cpu " "$scratch/urls" || true)"
    check "formula: $os/$cpu gets rtk-$t.tar.gz of v$version" \
        grep -q " https://github.com/rtk-proxy/rtk/releases/download/v$version/rtk-$t.tar.gz " <<<"$line"
    check "formula: $os/$cpu sha256 is rtk-$t.tar.gz.sha256's" \
        test "${line##* }" = "$(cut -d' ' -f1 "$sums/rtk-$t.tar.gz.sha256")"
done <<EOF
macos arm aarch64-apple-darwin
macos intel x86_64-apple-darwin
linux arm aarch64-unknown-linux-gnu
linux intel x86_64-unknown-linux-gnu
EOF
check "formula: the linux/intel sha256 is the archive built here" \
    grep -q "^linux intel .* $(cut -d' ' -f1 "$archive.sha256")\$" "$scratch/urls"

# --- npm ---------------------------------------------------------------------------------------
echo "== install: npm packages from a local registry"
mapfile -t tarballs < <(dist/npm/pack.sh "$version" "$dist/npm" "$target=$bin")
python3 dist/npm/local-registry.py "$www/npm" "$url/npm" "${tarballs[@]}"
npm_install() { # <prefix> [npm flags…]
    npm install --global --prefix "$1" --registry "$url/npm/" --cache "$scratch/npm-cache" \
        --no-audit --no-fund --loglevel=error "${@:2}" "rtk-proxy@$version" >/dev/null
}
start="$(now)"
npm_install "$scratch/npm"
npm_seconds="$(since "$start")"
runs_three "npm" "$scratch/npm/bin/rtk"
check "npm: postinstall put the native binary on PATH (no Node start)" \
    sh -c "head -c4 '$scratch/npm/bin/rtk' | grep -q ELF"
check "npm: only this platform's package was installed" test \
    "$(ls "$scratch/npm/lib/node_modules/rtk-proxy/node_modules")" = "$(awk -v t="$target" '$1 == t { print $5 }' dist/platforms.tsv)"

npm_install "$scratch/npm-noscripts" --ignore-scripts
launcher="$scratch/npm-noscripts/bin/rtk"
runs_three "npm --ignore-scripts (Node launcher)" "$launcher"
check "npm --ignore-scripts: rtk is the Node launcher" grep -q 'spawn(bin, process.argv.slice(2)' "$launcher"
check "launcher: stdin and stdout pass through" \
    test "$(printf 'one\ntwo\n' | "$launcher" cat)" = "$(printf 'one\ntwo\n' | "$bin" cat)"
code=0
"$launcher" sh -c 'exit 7' >/dev/null 2>&1 || code=$?
check "launcher: the command's exit code passes through ($code)" test "$code" = 7
"$launcher" sleep 37.25 &
lpid=$!
sleep 1
kill -TERM "$lpid"
code=0
wait "$lpid" || code=$?
check "launcher: SIGTERM reaches the command and ends the launcher by it ($code)" test "$code" = 143
check "launcher: the command ended too (no sleep left behind)" sh -c "! pgrep -fx 'sleep 37.25' >/dev/null"
cost_ms() { # <rtk>: median wall time and mean CPU time (user+sys) of 20 `rtk rewrite git status`
    python3 - "$1" <<'PY'
import resource, statistics, subprocess, sys, time
wall = []
cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
for _ in range(20):
    s = time.perf_counter()
    subprocess.run([sys.argv[1], "rewrite", "git", "status"], stdout=subprocess.DEVNULL)
    wall.append(time.perf_counter() - s)
cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (cpu1.ru_utime - cpu0.ru_utime + cpu1.ru_stime - cpu0.ru_stime) / 20
print(f"{statistics.median(wall) * 1000:.1f} ms wall, {cpu * 1000:.1f} ms CPU")
PY
}
echo "   rtk rewrite git status, per call: native $(cost_ms "$scratch/npm/bin/rtk");" \
    "through the Node launcher $(cost_ms "$launcher")"

# --- Python wheel ------------------------------------------------------------------------------
echo "== install: Python wheel (maturin, bin bindings)"
start="$(now)"
rm -rf "$dist/wheels"
RTK_WHEEL_OUT="$dist/wheels" dist/python/wheel.sh >"$scratch/wheel.log" 2>&1 || { cat "$scratch/wheel.log" >&2; exit 1; }
wheel_build_seconds="$(since "$start")"
wheel="$(ls "$dist"/wheels/*.whl)"
python3 -m venv "$scratch/venv"
start="$(now)"
"$scratch/venv/bin/pip" install --quiet --no-index "$wheel"
wheel_seconds="$(since "$start")"
runs_three "wheel" "$scratch/venv/bin/rtk"
check "wheel: the installed rtk is the static binary built here" cmp -s "$bin" "$scratch/venv/bin/rtk"

# --- uninstall ---------------------------------------------------------------------------------
echo "== install: uninstall leaves only the data it names"
export HOME="$scratch/home-uninstall"
mkdir -p "$HOME"
installer RTK_DOWNLOAD_URL="$url/v$version" >/dev/null
rtk="$HOME/.local/bin/rtk"
agents="claude cursor gemini copilot codex droid vibe openclaw pi hermes opencode"
(cd "$scratch/proj" && "$rtk" git status >/dev/null)
for a in $agents; do "$rtk" init --agent "$a" --global </dev/null >/dev/null 2>&1 || echo "   (init --agent $a --global: not installed)"; done
for a in $agents; do "$rtk" init --agent "$a" --global --uninstall </dev/null >/dev/null 2>&1 || true; done
rm "$rtk"
left="$(cd "$HOME" && find . -type f | sort)"
echo "   left in HOME after uninstall:"
sed 's/^/     /' <<<"$left"
check "after uninstall no file outside rtk's data folder mentions rtk" \
    sh -c "cd '$HOME' && ! find . -type f ! -path './.local/share/rtk/*' ! -name '*.rtk-bak' -exec grep -l 'rtk' {} + 2>/dev/null | grep -q ."

# --- numbers -----------------------------------------------------------------------------------
echo "== install: sizes and times"
printf '   binary %s · archive %s · npm platform package %s · wheel %s\n' \
    "$(size "$bin")" "$(size "$archive")" "$(size "${tarballs[1]}")" "$(size "$wheel")"
printf '   install time: shell %ss · npm %ss · wheel %ss (wheel build %ss)\n' \
    "$shell_seconds" "$npm_seconds" "$wheel_seconds" "$wheel_build_seconds"
echo "install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
