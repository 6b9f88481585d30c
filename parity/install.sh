#!/usr/bin/env bash
# Installs the real agent hosts the parity harness drives, at pinned versions, under
# .cache/hosts/ (gitignored), idempotently: a host whose `.installed` stamp names its pinned
# version is not touched, so a warm run returns at once. The stamp is written only after the
# install, its local post-install step and a `--version` run passed. npm packages are installed
# with the machine's npm and run by the Node 24 that scripts/setup-test-deps.sh puts in
# .cache/node24 (that script also installs OpenClaw, which the harness reuses); Hermes (PyPI)
# goes into a venv.
#   parity/install.sh               every host
#   parity/install.sh claude codex  only those
#   PARITY_LATEST=1 parity/install.sh   the newest release of each host on its registry (npm view /
#                                   pip index versions) instead of the pin, into .cache/hosts-latest/
#                                   (the pinned installs stay); a host that fails to install or start
#                                   is reported as `failed:<name>=<why>` and the others go on
#                                   (parity/run.py --latest)
#   PARITY_VERSIONS="codex=0.153.3 gemini=0.58.0" parity/install.sh codex gemini
#                                   those releases instead of the pins, each into its own
#                                   .cache/hosts-<name>-<version>/ (parity/run.py --version,
#                                   parity/install-version.sh); failures reported as with PARITY_LATEST
# Prints one `name=path` line per host (and `version:<name>=<version>`); exits non-zero if a
# requested host could not be installed (not with PARITY_LATEST).
set -euo pipefail
cd "$(dirname "$0")/.."

CACHE="$PWD/.cache"
LATEST="${PARITY_LATEST:-}"
VERSIONS="${PARITY_VERSIONS:-}"
if [ -n "$LATEST" ]; then
    HOSTS="${PARITY_HOSTS_DIR:-$CACHE/hosts-latest}"
else
    HOSTS="${PARITY_HOSTS_DIR:-$CACHE/hosts}"  # another folder: to time a cold install
fi
# name | npm package (or pypi:<package>) | pinned version | binary inside the install
PINS=(
    "claude|@anthropic-ai/claude-code|2.1.332|node_modules/.bin/claude"
    "codex|@openai/codex|0.171.0|node_modules/.bin/codex"
    "gemini|@google/gemini-cli|0.61.0|node_modules/.bin/gemini"
    "opencode|opencode-ai|1.18.33|node_modules/.bin/opencode"
    "pi|@mariozechner/pi-coding-agent|0.73.1|node_modules/.bin/pi"
    "hermes|pypi:hermes-agent|0.19.0|venv/bin/hermes"
    "copilot|@github/copilot|1.0.102|node_modules/.bin/copilot"
    # @factory/cli 0.225.1 names platform packages 0.225.1 that the registry does not have;
    # the platform package itself (0.225.2) holds the whole CLI. Linux x64 only here.
    "droid|@factory/cli-linux-x64|0.225.2|node_modules/@factory/cli-linux-x64/bin/droid"
    # 3.0.3 pins a certifi release PyPI does not serve; 3.0.2 installs.
    "vibe|pypi:mistral-vibe|3.0.2|venv/bin/vibe"
    # Instruction-file hosts (no hook rtk can answer through): driven to compare the line the
    # model types with and without rtk's instructions.
    "qwen|@qwen-code/qwen-code|0.24.4|node_modules/.bin/qwen"
    # The maintained Kimi Code CLI (PyPI `kimi-cli` is the archived Python one).
    "kimi|@moonshot-ai/kimi-code|2.1.0|node_modules/.bin/kimi"
    # Oh-My-Pi runs on Bun; 18.3.4 (and 18.2.9) name companion packages the registry does not
    # have; 18.2.3 installs. `omp` is a wrapper that puts Bun on PATH (see npm_extra).
    "omp|@oh-my-pi/pi-coding-agent|18.2.3|omp"
    # The platform package holds the compiled CLI (bin/cline is a Node wrapper that finds it).
    "cline|cline|3.0.65|node_modules/@cline/cli-linux-x64/bin/cline"
    # @kilocode/cli 7.8.1 (the latest) names platform packages 7.8.1 that the registry does not
    # have for linux-x64; the newest linux-x64 platform package (7.7.9) holds the whole CLI.
    "kilocode|@kilocode/cli-linux-x64|7.7.9|node_modules/@kilocode/cli-linux-x64/bin/kilo"
)
# Bun for Oh-My-Pi (its `omp` starts with `#!/usr/bin/env bun`; it needs Bun >= 1.3.14).
OMP_BUN="@oven/bun-linux-x64@1.4.5"

# Python for a PyPI host's venv: Mistral Vibe needs >= 3.12.
python_for() { # <name> -> a python3 command
    local p
    if [ "$1" = vibe ]; then
        for p in python3.13 python3.12 "$HOME"/.pyenv/versions/3.13*/bin/python3 \
            "$HOME"/.pyenv/versions/3.12*/bin/python3; do
            if "$p" -c 'import sys; assert sys.version_info >= (3, 12)' >/dev/null 2>&1; then
                echo "$p"
                return
            fi
        done
        echo "parity/install: Mistral Vibe needs Python >= 3.12 and none was found" >&2
        return 1
    fi
    echo python3
}

# strace lets the harness check that no host connects beyond 127.0.0.1; tree and rg are read-only
# programs the differential run (differential.py) has the hosts run (Debian packages).
apt_want=""
command -v strace >/dev/null 2>&1 || apt_want="$apt_want strace"
command -v tree >/dev/null 2>&1 || apt_want="$apt_want tree"
command -v rg >/dev/null 2>&1 || apt_want="$apt_want ripgrep"
if [ -n "$apt_want" ] && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "parity/install: installing$apt_want (apt)" >&2
    apt-get install -y -qq $apt_want >/dev/null 2>&1 \
        || { apt-get update -qq >/dev/null && apt-get install -y -qq $apt_want >/dev/null; } \
        || echo "parity/install: not installed:$apt_want (no connect trace without strace)" >&2
fi

NODE24="$(./scripts/setup-test-deps.sh | sed -n 's/^node24=//p')"
export PATH="$(dirname "$NODE24"):$PATH"

# What a host's npm install needs besides its package: Oh-My-Pi's optional dependencies (local
# ML runtimes, ~800 MB) are left out, but not its native addon and Bun. Linux x64 only.
npm_extra() { # <name> <version>
    case "$1" in
        omp) echo "--omit=optional @oh-my-pi/pi-natives-linux-x64@$2 $OMP_BUN" ;;
    esac
}

# The local part of the install scripts npm was told to skip (nothing is downloaded):
# Claude Code and OpenCode copy their platform's native binary over a placeholder.
postinstall() { # <name> <install dir>
    case "$1" in
        omp)
            # shellcheck disable=SC2016
            printf '#!/bin/sh\nd="$(cd "$(dirname "$0")" && pwd)"\nPATH="$d/node_modules/@oven/bun-linux-x64/bin:$PATH" exec "$d/node_modules/.bin/omp" "$@"\n' >"$2/omp"
            chmod +x "$2/omp"
            ;;
        claude) (cd "$2/node_modules/@anthropic-ai/claude-code" && node install.cjs >&2) ;;
        opencode)
            if [ -f "$2/node_modules/opencode-ai/postinstall.mjs" ]; then
                (cd "$2/node_modules/opencode-ai" && node postinstall.mjs >&2)
            fi
            ;;
    esac
}

wanted=("$@")
want() {
    [ ${#wanted[@]} -eq 0 ] && return 0
    local w
    for w in "${wanted[@]}"; do [ "$w" = "$1" ] && return 0; done
    return 1
}

# The newest version of a package on its registry.
newest() { # <name> <npm package or pypi:<package>>
    case "$2" in
        pypi:*)
            # The venv's Python: pip lists only releases that Python can install.
            "$(python_for "$1")" -m pip index versions --disable-pip-version-check "${2#pypi:}" 2>/dev/null |
                sed -n 's/^[^ ]* (\([^)]*\))$/\1/p' | head -n1
            ;;
        *) npm view "$2" version 2>/dev/null ;;
    esac
}

# The release PARITY_VERSIONS names for a host, if any.
chosen() { # <name>
    local v
    for v in $VERSIONS; do [ "${v%%=*}" = "$1" ] && echo "${v#*=}"; done
    return 0
}

# Where a host is installed: a release PARITY_VERSIONS names has its own folder.
host_dir() { # <name>
    local v
    v="$(chosen "$1")"
    if [ -n "$v" ]; then echo "$CACHE/hosts-$1-$v"; else echo "$HOSTS/$1"; fi
}

install_one() { # <name> <package> <version> <binary> -> installs, or fails (each step checked:
    # it runs as an `if` condition, where `set -e` does not apply)
    local name="$1" pkg="$2" version="$3" bin="$4" dir
    dir="$(host_dir "$1")"
    [ "$(cat "$dir/.installed" 2>/dev/null)" = "$version" ] && return 0
    rm -f "$dir/.installed"
    case "$pkg" in
        pypi:*)
            echo "parity/install: installing ${pkg#pypi:}==$version into $dir" >&2
            "$(python_for "$name")" -m venv "$dir/venv" || return 1
            "$dir/venv/bin/python" -m pip install --quiet --disable-pip-version-check \
                "${pkg#pypi:}==$version" >&2 || return 1
            ;;
        *)
            echo "parity/install: installing $pkg@$version into $dir" >&2
            # Install scripts are skipped (some would download); the native binaries come
            # as optional dependencies and `postinstall` does the local part.
            # shellcheck disable=SC2046
            npm install --prefix "$dir" --ignore-scripts --no-audit --no-fund \
                --loglevel=error "$pkg@$version" $(npm_extra "$name" "$version") >&2 || return 1
            ;;
    esac
    postinstall "$name" "$dir" || return 1
    "$dir/$bin" --version >/dev/null || return 1
    echo "$version" >"$dir/.installed"
}

mkdir -p "$HOSTS"
for pin in "${PINS[@]}"; do
    IFS='|' read -r name pkg version bin <<<"$pin"
    want "$name" || continue
    if [ -n "$LATEST" ] || [ -n "$(chosen "$name")" ]; then
        if [ -n "$(chosen "$name")" ]; then
            version="$(chosen "$name")"
        else
            version="$(newest "$name" "$pkg" || true)"
        fi
        if [ -z "$version" ]; then
            echo "failed:$name=the registry named no version of ${pkg#pypi:}"
            continue
        fi
        log="$CACHE/install-$name-$version.log"
        if ! (install_one "$name" "$pkg" "$version" "$bin") 2>"$log"; then
            echo "failed:$name=$version: $(grep -v '^parity/install: installing' "$log" | tail -n3 | tr '\n' ' ' | cut -c1-300)"
            continue
        fi
    else
        install_one "$name" "$pkg" "$version" "$bin" || exit 1
    fi
    echo "version:$name=$version"
    echo "$name=$(host_dir "$name")/$bin"
done
# OpenCode installs its plugin SDK into its config folder when it starts; the harness gives
# each run this copy so that nothing is fetched at run time.
if want opencode && [ -f "$(host_dir opencode)/.installed" ]; then
    deps="$(host_dir opencode)/plugin-deps"
    version="$(cat "$(host_dir opencode)/.installed")"
    if [ "$(cat "$deps/.installed" 2>/dev/null)" != "$version" ]; then
        echo "parity/install: installing @opencode-ai/plugin@$version into $deps" >&2
        mkdir -p "$deps"
        printf '{\n  "dependencies": {\n    "@opencode-ai/plugin": "%s"\n  }\n}\n' "$version" >"$deps/package.json"
        npm install --prefix "$deps" --ignore-scripts --no-audit --no-fund --loglevel=error >&2
        echo "$version" >"$deps/.installed"
    fi
    echo "opencode-plugin-deps=$deps"
fi
if want openclaw; then
    echo "openclaw=$CACHE/openclaw/node_modules/.bin/openclaw"
fi
echo "node24=$NODE24"
