#!/bin/sh
# rtk's shell installer (POSIX sh; Linux and macOS):
#   curl -LsSf https://github.com/rtk-proxy/rtk/releases/latest/download/rtk-installer.sh | sh
# Picks the release archive for this machine (dist/platforms.tsv), downloads it and its .sha256,
# refuses it unless the checksum matches, and puts `rtk` into $RTK_INSTALL_DIR (default
# ~/.local/bin), replacing an older rtk in one rename. It never touches rtk's history database
# or config (XDG data/config folders), so an upgrade keeps both.
# Environment: RTK_VERSION (a tag such as v1.2.0; default the latest release), RTK_INSTALL_DIR,
# RTK_DOWNLOAD_URL (the folder holding the archives, instead of the GitHub release),
# RTK_TARGET (instead of detecting it). `sh rtk-installer.sh --print-target` only prints the target.
set -eu

REPO_URL="https://github.com/rtk-proxy/rtk"

say() { printf 'rtk-installer: %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

detect_target() {
    os="$(uname -s)"
    arch="$(uname -m)"
    case "$arch" in
    x86_64 | amd64) arch=x86_64 ;;
    aarch64 | arm64) arch=aarch64 ;;
    *) die "no prebuilt rtk for the $arch processor; build it from source: cargo install --locked --git $REPO_URL" ;;
    esac
    case "$os" in
    Linux) echo "$arch-unknown-linux-gnu" ;;
    Darwin)
        # A shell under Rosetta reports x86_64 on Apple silicon; the native binary is better.
        if [ "$arch" = x86_64 ] && [ "$(sysctl -n hw.optional.arm64 2>/dev/null || true)" = 1 ]; then
            arch=aarch64
        fi
        echo "$arch-apple-darwin"
        ;;
    MINGW* | MSYS* | CYGWIN* | Windows_NT)
        die "on Windows use the PowerShell installer: powershell -ExecutionPolicy Bypass -c \"irm $REPO_URL/releases/latest/download/rtk-installer.ps1 | iex\"" ;;
    *) die "no prebuilt rtk for $os; build it from source: cargo install --locked --git $REPO_URL" ;;
    esac
}

download() { # <url> <file>
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL "$1" -o "$2"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O "$2" "$1"
    else
        die "neither curl nor wget is installed"
    fi
}

sha256_of() { # <file>
    if command -v sha256sum >/dev/null 2>&1; then
        sha256sum "$1" | cut -d' ' -f1
    elif command -v shasum >/dev/null 2>&1; then
        shasum -a 256 "$1" | cut -d' ' -f1
    elif command -v openssl >/dev/null 2>&1; then
        openssl dgst -sha256 "$1" | sed 's/.*= *//'
    else
        die "no sha256sum, shasum or openssl to check the download with"
    fi
}

target="${RTK_TARGET:-$(detect_target)}"
if [ "${1:-}" = --print-target ]; then
    echo "$target"
    exit 0
fi

archive="rtk-$target.tar.gz"
if [ -n "${RTK_DOWNLOAD_URL:-}" ]; then
    base="${RTK_DOWNLOAD_URL%/}"
elif [ -n "${RTK_VERSION:-}" ]; then
    base="$REPO_URL/releases/download/$RTK_VERSION"
else
    base="$REPO_URL/releases/latest/download"
fi
dir="${RTK_INSTALL_DIR:-${HOME:?HOME is not set}/.local/bin}"

# Check the folder before downloading anything.
if ! mkdir -p "$dir" 2>/dev/null || [ ! -w "$dir" ]; then
    die "cannot write to $dir; choose a folder you own with RTK_INSTALL_DIR=<folder>, or run the installer as a user who may write there"
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT INT TERM
say "downloading $base/$archive"
download "$base/$archive" "$tmp/$archive" || die "could not download $base/$archive"
download "$base/$archive.sha256" "$tmp/$archive.sha256" || die "could not download $base/$archive.sha256"
want="$(cut -d' ' -f1 <"$tmp/$archive.sha256" | tr -d '\r\n')"
got="$(sha256_of "$tmp/$archive")"
[ -n "$want" ] && [ "$want" = "$got" ] ||
    die "checksum mismatch for $archive (expected ${want:-nothing}, got $got); nothing was installed"

tar -xzf "$tmp/$archive" -C "$tmp" || die "could not unpack $archive"
new="$tmp/rtk-$target/rtk"
[ -f "$new" ] || die "$archive holds no rtk-$target/rtk"
old=""
if [ -x "$dir/rtk" ]; then old="$("$dir/rtk" --version 2>/dev/null || true)"; fi
# Copy next to the target, then rename over it: a running rtk keeps its file, and a
# half-copied binary is never on PATH.
cp "$new" "$dir/.rtk.$$.tmp" && chmod 755 "$dir/.rtk.$$.tmp" && mv -f "$dir/.rtk.$$.tmp" "$dir/rtk" ||
    { rm -f "$dir/.rtk.$$.tmp"; die "could not write $dir/rtk"; }
version="$("$dir/rtk" --version)" || die "$dir/rtk does not run on this machine"
if [ -n "$old" ]; then
    say "replaced $old with $version in $dir"
else
    say "installed $version in $dir"
fi
case ":$PATH:" in
*":$dir:"*) ;;
*) say "$dir is not on your PATH; add it, e.g. echo 'export PATH=\"$dir:\$PATH\"' >> ~/.profile" ;;
esac
say "next: rtk init --agent <agent> (see rtk init --help); history and config stay in your XDG data/config folders"
