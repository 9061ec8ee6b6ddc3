#!/bin/sh
# cmake-consumer.sh MESON CMAKE PREFIX FAMILY ACCESSOR NAME BUILT MISSING
#
# The CMake package files against a staged install (issue 16): install the configured
# build into a temporary tree (DESTDIR), then, with CMAKE_PREFIX_PATH pointing into it:
#  - build and run tests/cmake/consumer (find_package(kurv 0.1 REQUIRED COMPONENTS FAMILY),
#    kurv::FAMILY) with the shared libraries, then with KURV_USE_STATIC_LIBS=ON, and check
#    what each binary loads;
#  - probe find_package: every built component (BUILT, comma-separated) is found with its
#    imported target; every component of the family list that was not built (MISSING,
#    comma-separated, may be empty) and an unknown one fail as REQUIRED components with a
#    message that names them, and are merely not found as optional ones; version 0.1 is
#    accepted, 0.2 and 1.0 are not.
# PREFIX is the build's prefix option; ACCESSOR/NAME the first curve of FAMILY.
# Environment (set by tests/meson.build): KURV_BUILD_ROOT, KURV_SOURCE_ROOT; in a cross build
# KURV_HOST_RUN, which runs the programs (qemu-user), and CC, the cross compiler.
set -eu

if [ $# -ne 8 ]; then
    echo "usage: $0 MESON CMAKE PREFIX FAMILY ACCESSOR NAME BUILT MISSING" >&2
    exit 2
fi
MESON=$1 CMAKE=$2 prefix=$3 family=$4 accessor=$5 curve=$6 built=$7 missing=$8
all=$(echo "$built,$missing" | tr ',' ';')
build=${KURV_BUILD_ROOT:?KURV_BUILD_ROOT is not set}
src=${KURV_SOURCE_ROOT:?KURV_SOURCE_ROOT is not set}

npass=0
step() { echo "== $*"; }
ok() { npass=$((npass + 1)); echo "ok   $*"; }
die() { echo "cmake-consumer: FAIL: $*" >&2; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/kurv-cmake.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
root=$tmp/root

step "$MESON compile -C $build"
"$MESON" compile -C "$build" > "$tmp/compile.log" 2>&1 || { cat "$tmp/compile.log" >&2; die "meson compile"; }
step "DESTDIR=$root $MESON install -C $build --no-rebuild --quiet"
DESTDIR=$root "$MESON" install -C "$build" --no-rebuild --quiet || die "meson install"

cfg=$(find "$root" -name kurvConfig.cmake | head -n 1)
[ -n "$cfg" ] || die "kurvConfig.cmake was not installed"
cfgdir=$(dirname "$cfg")
[ -f "$cfgdir/kurvConfigVersion.cmake" ] || die "kurvConfigVersion.cmake is not beside kurvConfig.cmake"
case "$cfgdir" in */cmake/kurv) ok "config and version files in ${cfgdir#$root}" ;; *) die "config in $cfgdir" ;; esac
[ -f "$cfgdir/../../pkgconfig/kurv.pc" ] || die "kurvConfig.cmake is not beside the pkg-config folder"
ok "beside the pkg-config files"
stage_prefix=$root$prefix
libdir=$(cd "$cfgdir/../.." && pwd)

# configure DIR BUILD-DIR ARGS...: cmake configure with the staged prefix only; output in
# $tmp/cfg.log, status in $rc
configure() {
    d=$1 b=$2
    shift 2
    rc=0
    # the probe looks for the target of every component, built or not
    [ "$d" = probe ] && set -- "$@" "-DKURV_PROBE_COMPONENTS=$all"
    "$CMAKE" -S "$src/tests/cmake/$d" -B "$b" -G Ninja -DCMAKE_PREFIX_PATH="$stage_prefix" \
        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DCMAKE_FIND_USE_SYSTEM_PACKAGE_REGISTRY=OFF \
        "$@" > "$tmp/cfg.log" 2>&1 || rc=$?
}

for kind in shared static; do
    step "consumer, $kind libraries"
    b=$tmp/consumer-$kind
    static=OFF
    [ "$kind" = static ] && static=ON
    configure consumer "$b" -DKURV_FAMILY="$family" -DKURV_ACCESSOR="$accessor" \
        -DKURV_CURVE_NAME="$curve" -DKURV_CONSUMER_SOURCE="$src/tests/build/consumer.c" \
        -DKURV_USE_STATIC_LIBS=$static
    [ "$rc" -eq 0 ] || { cat "$tmp/cfg.log" >&2; die "configure ($kind)"; }
    "$CMAKE" --build "$b" > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; die "build ($kind)"; }
    ok "find_package(kurv 0.1 REQUIRED COMPONENTS $family) and kurv::$family build ($kind)"
    if [ "$kind" = shared ]; then
        LD_LIBRARY_PATH=$libdir "$src/tests/build/ldd.sh" "$b/consumer" > "$tmp/ldd.txt" || die "ldd"
        for l in libkurv.so "libkurv-$family.so"; do
            line=$(grep "$l" "$tmp/ldd.txt") || die "the shared consumer does not load $l"
            case "$line" in *"$root"*) ;; *) die "it loads $l from outside the staging tree: $line" ;; esac
        done
        ok "  loads libkurv and libkurv-$family from the staged install"
        LD_LIBRARY_PATH=$libdir ${KURV_HOST_RUN:+"$KURV_HOST_RUN"} "$b/consumer" > "$tmp/run.log" 2>&1 || { cat "$tmp/run.log" >&2; die "the shared consumer failed"; }
    else
        if readelf -d "$b/consumer" | grep NEEDED | grep -q libkurv; then
            die "the static consumer still needs a kurv shared library"
        fi
        ok "  needs no kurv shared library"
        env -u LD_LIBRARY_PATH ${KURV_HOST_RUN:+"$KURV_HOST_RUN"} "$b/consumer" > "$tmp/run.log" 2>&1 || { cat "$tmp/run.log" >&2; die "the static consumer failed"; }
    fi
    ok "  runs: $(tail -n 1 "$tmp/run.log")"
done

step "find_package: components"
n=0
for c in kurv $(echo "$built" | tr ',' ' '); do
    n=$((n + 1))
    configure probe "$tmp/probe-$n" -DKURV_PROBE_VERSION=0.1 "-DKURV_PROBE_ARGS=REQUIRED;COMPONENTS;$c"
    [ "$rc" -eq 0 ] || { cat "$tmp/cfg.log" >&2; die "REQUIRED COMPONENTS $c (built) was not found"; }
    grep -q "kurv-probe: target kurv::$c\$" "$tmp/cfg.log" || { cat "$tmp/cfg.log" >&2; die "no target kurv::$c"; }
    ok "component $c: found, target kurv::$c"
done
# the targets are exactly the built libraries
grep 'kurv-probe: target' "$tmp/cfg.log" | sed 's/.*kurv:://' | sort > "$tmp/targets.txt"
printf '%s\n' kurv $(echo "$built" | tr ',' ' ') | sort > "$tmp/want.txt"
cmp -s "$tmp/targets.txt" "$tmp/want.txt" || die "targets $(tr '\n' ' ' < "$tmp/targets.txt")!= built $(tr '\n' ' ' < "$tmp/want.txt")"
ok "imported targets: $(tr '\n' ' ' < "$tmp/targets.txt")"
for c in $(echo "$missing" | tr ',' ' ') ed25519; do
    n=$((n + 1))
    configure probe "$tmp/probe-$n" -DKURV_PROBE_VERSION=0.1 "-DKURV_PROBE_ARGS=REQUIRED;COMPONENTS;$c"
    [ "$rc" -ne 0 ] || die "REQUIRED COMPONENTS $c (not built) was accepted"
    grep -q "component(s) not in this install: $c " "$tmp/cfg.log" || { cat "$tmp/cfg.log" >&2; die "the error does not name $c"; }
    ok "component $c (not built): REQUIRED fails: $(grep "not in this install" "$tmp/cfg.log" | sed 's/^ *//')"
done
configure probe "$tmp/probe-opt" -DKURV_PROBE_VERSION=0.1 "-DKURV_PROBE_ARGS=REQUIRED;COMPONENTS;kurv;OPTIONAL_COMPONENTS;ed25519"
[ "$rc" -eq 0 ] || { cat "$tmp/cfg.log" >&2; die "an optional unknown component failed find_package"; }
grep -q 'kurv-probe: found=1 .* ed25519=FALSE' "$tmp/cfg.log" || { cat "$tmp/cfg.log" >&2; die "kurv_ed25519_FOUND is not FALSE"; }
ok "an optional component that was not built: kurv found, kurv_ed25519_FOUND FALSE"

step "find_package: versions"
for v in 0.1 0.1.0; do
    configure probe "$tmp/probe-v$v" -DKURV_PROBE_VERSION=$v "-DKURV_PROBE_ARGS=REQUIRED"
    [ "$rc" -eq 0 ] || { cat "$tmp/cfg.log" >&2; die "version $v was refused"; }
    ok "version $v accepted ($(grep -o 'version=[^ ]*' "$tmp/cfg.log"))"
done
for v in 0.2 1.0; do
    configure probe "$tmp/probe-v$v" -DKURV_PROBE_VERSION=$v "-DKURV_PROBE_ARGS=REQUIRED"
    [ "$rc" -ne 0 ] || die "version $v was accepted"
    ok "version $v refused"
done

echo "cmake-consumer: $npass checks pass"
