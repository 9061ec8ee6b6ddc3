#!/bin/sh
# consumer.sh MESON FAMILY ACCESSOR NAME CC [CC-ARGS...]
#
# Out-of-tree consumer test: install the configured build into a temporary
# staging tree (DESTDIR), then build tests/build/consumer.c against the staged
# headers and libraries through pkg-config (kurv-FAMILY) only, for the curve
# ACCESSOR() named NAME (a curve of the build, from the registry in
# curves/meson.build), once linked dynamically and once statically, and run both.
# Every step must succeed.
#
# Environment (set by tests/meson.build): KURV_BUILD_ROOT, KURV_SOURCE_ROOT; in a cross build
# KURV_HOST_RUN, which runs the programs (qemu-user), and PKG_CONFIG_LIBDIR.
set -eu

if [ $# -lt 5 ]; then
    echo "usage: $0 MESON FAMILY ACCESSOR NAME CC [CC-ARGS...]" >&2
    exit 2
fi
MESON=$1 family=$2 accessor=$3 curve=$4
shift 4
# "$@" is now the C compiler command (e.g. "ccache cc").
build=${KURV_BUILD_ROOT:?KURV_BUILD_ROOT is not set}
src=${KURV_SOURCE_ROOT:?KURV_SOURCE_ROOT is not set}
pcname=kurv-$family
# the curve for consumer.c; secp256k1 also gets libsecp256k1's known answers
curve_args="-DKURV_CONSUMER_HEADER=<kurv/$family.h> -DKURV_CONSUMER_CURVE=$accessor -DKURV_CONSUMER_NAME=\"$curve\""
[ "$accessor" = kurv_secp256k1 ] && curve_args="$curve_args -DKURV_CONSUMER_SECP256K1_KA"

step() { echo "== $*"; }
die() { echo "consumer: FAIL: $*" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/kurv-consumer.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root

# meson test only builds what its tests need; make sure every installable
# target is there (normally a no-op: the test depends on the known ones).
step "$MESON compile -C $build"
"$MESON" compile -C "$build" > "$tmp/compile.log" 2>&1 || { cat "$tmp/compile.log" >&2; die "meson compile"; }

step "DESTDIR=$root $MESON install -C $build --no-rebuild --quiet"
DESTDIR=$root "$MESON" install -C "$build" --no-rebuild --quiet || die "meson install"

pcfile=$(find "$root" -name "$pcname.pc" | head -n 1)
[ -n "$pcfile" ] || die "$pcname.pc was not installed"
pcdir=$(dirname "$pcfile")
[ -f "$pcdir/kurv.pc" ] || die "kurv.pc was not installed next to $pcname.pc"

# The staged .pc files name the final prefix; the sysroot maps it into the tree.
PKG_CONFIG_PATH=$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

step "pkg-config $pcname"
pkg-config --print-errors --exists "$pcname" || die "pkg-config cannot resolve $pcname"
version=$(pkg-config --modversion "$pcname")
cflags=$(pkg-config --cflags "$pcname")
libs=$(pkg-config --libs "$pcname")
static_libs=$(pkg-config --static --libs "$pcname")
echo "version: $version"
echo "cflags:  $cflags"
echo "libs:    $libs"
echo "static:  $static_libs"

# Headers and libraries must come from the staging tree, not from the build tree.
case "$cflags" in *"$root"*) ;; *) die "--cflags does not point into the staging tree" ;; esac
libdir=
for f in $libs; do
    case "$f" in -L*) libdir=${f#-L} ;; esac
done
[ -n "$libdir" ] && [ -d "$libdir" ] || die "no -L directory in '$libs'"
case "$libdir" in "$root"/*) ;; *) die "-L$libdir is outside the staging tree" ;; esac

demo=$src/tests/build/consumer.c
[ -f "$demo" ] || die "$demo not found"
warn="-std=c11 -Wall -Wextra -Wpedantic -Werror"

step "dynamic link"
# shellcheck disable=SC2086
"$@" $warn -DKURV_EXPECT_VERSION="\"$version\"" $curve_args $cflags -o "$tmp/demo-shared" "$demo" $libs \
    || die "compiling/linking against the shared libraries"
LD_LIBRARY_PATH=$libdir "$src/tests/build/ldd.sh" "$tmp/demo-shared" > "$tmp/ldd.txt" || die "ldd"
for l in libkurv.so "lib$pcname.so"; do
    line=$(grep "$l" "$tmp/ldd.txt") || die "demo-shared does not load $l"
    case "$line" in *"$root"*) ;; *) die "demo-shared loads $l from outside the staging tree: $line" ;; esac
done
LD_LIBRARY_PATH=$libdir ${KURV_HOST_RUN:+"$KURV_HOST_RUN"} "$tmp/demo-shared" || die "demo-shared failed"

step "static link"
# Ask for the archives by file name, so the linker cannot pick the .so files
# that sit next to them; the rest (Nettle, from Requires.private) stays as given.
static_args=
for f in $static_libs; do
    case "$f" in
        -lkurv|-lkurv-*)
            a=$libdir/lib${f#-l}.a
            [ -f "$a" ] || die "$a was not installed"
            static_args="$static_args $a" ;;
        *) static_args="$static_args $f" ;;
    esac
done
# shellcheck disable=SC2086
"$@" $warn -DKURV_EXPECT_VERSION="\"$version\"" $curve_args $cflags -o "$tmp/demo-static" "$demo" $static_args \
    || die "compiling/linking against the static libraries"
if readelf -d "$tmp/demo-static" | grep NEEDED | grep -q libkurv; then
    die "demo-static still needs a kurv shared library"
fi
env -u LD_LIBRARY_PATH ${KURV_HOST_RUN:+"$KURV_HOST_RUN"} "$tmp/demo-static" || die "demo-static failed"

echo "consumer: dynamic and static builds against the installed kurv $version pass"
