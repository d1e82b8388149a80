#!/bin/sh
# Builds a release of tally: the binary with the Swift runtime linked in statically, its
# download helper tally-fetch (the one program that links Foundation's networking; tally
# finds it in its own folder), its shell completions and manual pages (made by the binary from the flag declarations that
# `--help` shows), a tarball, a Debian package, and the SHA-256 checksums of both.
#
#   scripts/release.sh [--debug] [OUT]     (OUT: .build/dist by default)
#
# --debug packages the debug build `swift build` makes instead, linked to the toolchain's
# Swift runtime (what .ci/run installs, to keep CI short: the release build takes
# minutes); TALLY_BUILD_COMMIT names the commit when building outside a git clone.
set -eu
cd "$(dirname "$0")/.."

configuration=release
if [ "${1:-}" = "--debug" ]; then
    configuration=debug
    shift
fi
out=${1:-.build/dist}

if [ "$configuration" = release ]; then
    flags="-c release --static-swift-stdlib"
else
    flags=""  # the flags of a plain `swift build`, so nothing is built again
fi
echo "==> swift build $flags --product tally, tally-fetch"
# shellcheck disable=SC2086  # $flags is a list of words
swift build $flags --product tally
# shellcheck disable=SC2086
swift build $flags --product tally-fetch
# shellcheck disable=SC2086
binary=$(swift build $flags --show-bin-path)/tally

# `tally 0.1.0 (commit 2e038ec1a2b3)` → 0.1.0
version=$("$binary" --version | sed -n 's/^tally \([^ ]*\) .*/\1/p')
architecture=$(dpkg --print-architecture 2>/dev/null || uname -m)
name="tally-$version-linux-$architecture"
rm -rf "$out/$name" "$out/deb"
mkdir -p "$out"

# The installed tree, laid out as a Debian package installs it under /usr.
stage="$out/$name"
mkdir -p "$stage/bin" "$stage/share/man/man1" "$stage/share/bash-completion/completions" \
    "$stage/share/zsh/vendor-completions" "$stage/share/fish/vendor_completions.d" "$stage/share/doc/tally"
cp "$binary" "$stage/bin/tally"
cp "$(dirname "$binary")/tally-fetch" "$stage/bin/tally-fetch"
if [ "$configuration" = release ]; then strip "$stage/bin/tally" "$stage/bin/tally-fetch"; fi
"$stage/bin/tally" completions bash > "$stage/share/bash-completion/completions/tally"
"$stage/bin/tally" completions zsh > "$stage/share/zsh/vendor-completions/_tally"
"$stage/bin/tally" completions fish > "$stage/share/fish/vendor_completions.d/tally.fish"
"$stage/bin/tally" man > "$stage/share/man/man1/tally.1"
for command in $("$stage/bin/tally" --help | sed -n '/^COMMANDS$/,/^$/s/^  \([a-z]*\) .*/\1/p'); do
    [ "$command" = help ] && continue
    "$stage/bin/tally" man "$command" > "$stage/share/man/man1/tally-$command.1"
done
gzip -9nf "$stage"/share/man/man1/*.1
cp LICENSE "$stage/share/doc/tally/copyright"
cp README.md "$stage/share/doc/tally/README.md"
tar -C "$out" -czf "$out/$name.tar.gz" "$name"

# The Debian package: the same tree under /usr.
package="$out/deb/tally_${version}_$architecture"
mkdir -p "$package/DEBIAN" "$package/usr"
cp -R "$stage/bin" "$stage/share" "$package/usr/"
# What the binaries still need from the system (the Swift runtime is inside them): the
# Debian package of each library they name (libc6, libstdc++6, libgcc-s1; libcurl for
# tally-fetch).
depends=""
for library in $(objdump -p "$stage/bin/tally" "$stage/bin/tally-fetch" | awk '$1 == "NEEDED" { print $2 }' | sort -u); do
    path=$(ldd "$stage/bin/tally" "$stage/bin/tally-fetch" | awk -v l="$library" '$1 == l { print $3; exit }')
    [ -n "$path" ] || continue
    # dpkg knows a file by the path its package installed (`/lib/...` or `/usr/lib/...`,
    # the same file where /lib is a link to /usr/lib).
    real=$(readlink -f "$path")
    owner=""
    for candidate in "$path" "$real" "/usr$path" "${path#/usr}" "/usr$real" "${real#/usr}"; do
        owner=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1)
        [ -z "$owner" ] || break
    done
    [ -n "$owner" ] || continue  # a library of the toolchain (a debug build), not a package's
    case ", $depends, " in
        *", $owner, "*) ;;
        *) depends="${depends:+$depends, }$owner" ;;
    esac
done
cat > "$package/DEBIAN/control" <<CONTROL
Package: tally
Version: $version
Architecture: $architecture
Maintainer: Tally developers <tally@invalid>
${depends:+Depends: $depends
}Section: utils
Priority: optional
Description: plain-text budget: wallets, envelopes, goals, recurring entries
 tally checks, formats and reports on a budget kept in a plain-text file,
 and serves it to editors as a language server.
CONTROL
dpkg-deb --build --root-owner-group -Zgzip "$package" "$out/tally_${version}_$architecture.deb" > /dev/null

(cd "$out" && sha256sum "$name.tar.gz" "tally_${version}_$architecture.deb" > SHA256SUMS)
echo "==> $out: $name.tar.gz, tally_${version}_$architecture.deb, SHA256SUMS"
cat "$out/SHA256SUMS"
