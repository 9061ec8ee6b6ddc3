#!/bin/sh
# pc-check.sh FILE.pc VERSION
#
# Check a generated pkg-config file: pkg-config --validate accepts it, it
# resolves (its Requires found in the same folder) and it reports VERSION.
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 FILE.pc VERSION" >&2
    exit 2
fi
pc=$1
want=$2
[ -f "$pc" ] || { echo "pc-check: $pc: no such file" >&2; exit 1; }

pkg-config --validate "$pc" || { echo "pc-check: pkg-config --validate rejects $pc" >&2; exit 1; }

dir=$(dirname "$pc")
name=$(basename "$pc" .pc)
PKG_CONFIG_PATH=$dir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export PKG_CONFIG_PATH
pkg-config --print-errors --exists "$name" || { echo "pc-check: $name does not resolve" >&2; exit 1; }
got=$(pkg-config --modversion "$name")
if [ "$got" != "$want" ]; then
    echo "pc-check: $name has version '$got', expected '$want'" >&2
    exit 1
fi
libs=$(pkg-config --libs "$name")
case " $libs " in
    *" -l$name "*) ;;
    *) echo "pc-check: $name: --libs '$libs' lacks -l$name" >&2; exit 1 ;;
esac
echo "pc-check: $pc valid, version $got, libs: $libs"
