#!/bin/sh
# Builds pick from this clone and installs it with its man page:
#   sh Docs/install.sh                  # into ~/.local
#   PREFIX=/usr/local sh Docs/install.sh
# The binary links the Swift runtime statically, so it runs without a toolchain.
set -eu
cd "$(dirname "$0")/.."
prefix="${PREFIX:-$HOME/.local}"
swift build -c release --static-swift-stdlib --product pick
bin="$(swift build -c release --static-swift-stdlib --show-bin-path)"
install -D -m 755 "$bin/pick" "$prefix/bin/pick"
install -D -m 644 Docs/pick.1 "$prefix/share/man/man1/pick.1"
echo "installed $prefix/bin/pick and $prefix/share/man/man1/pick.1"
case ":$PATH:" in
*":$prefix/bin:"*) ;;
*) echo "note: $prefix/bin is not in PATH" ;;
esac
