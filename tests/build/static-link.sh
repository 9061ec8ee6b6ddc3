#!/bin/sh
# static-link.sh NM SIZE ONE_PROGRAM ALL_PROGRAM NAME:ACCESSOR:PREFIX...
#
# The static-link test. Both programs are built from static_link.c against the static
# libraries (libkurv.a and the family archives): ONE_PROGRAM names only the first curve
# given, ALL_PROGRAM names every curve given (the built curves of the registry in
# curves/meson.build, which tests/build/meson.build passes). Each curve lives in its own
# object file whose file-local tables carry the curve's prefix (p256_base_table, p384_k,
# bpp512r1_sc, k1_ops, ...), so nm shows which curves a program carries.
#
# Checks: both programs run and pass their known-answer checks; the one-curve program
# holds its curve's symbols and none of the other curves'; the all-curves program holds
# the symbols of every curve (so the pattern below is known to match real symbols).
# Then both sizes are printed (file, text/data/bss, and stripped). In a cross build the
# programs run through KURV_HOST_RUN (tests/meson.build: qemu-user).
set -eu

if [ $# -lt 6 ]; then
    echo "usage: $0 NM SIZE ONE_PROGRAM ALL_PROGRAM NAME:ACCESSOR:PREFIX NAME:ACCESSOR:PREFIX..." >&2
    exit 2
fi
NM=$1 SIZE=$2 one=$3 all=$4
shift 4
fail=0
die() { echo "static-link: FAIL: $*" >&2; fail=1; }

# a curve's symbol pattern: its descriptor accessor or a table carrying its prefix
pattern() {
    echo "(^|[ _])($1|$2_(base_table|g_odd|k|sc|ops|fp_rr))\$"
}
onename=${1%%:*}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/kurv-static.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "== run $one"
${KURV_HOST_RUN:+"$KURV_HOST_RUN"} "$one" || die "the $onename program failed its checks"
echo "== run $all"
${KURV_HOST_RUN:+"$KURV_HOST_RUN"} "$all" || die "the all-curves program failed its checks"

"$NM" "$one" | awk '{print $NF}' | sort -u > "$tmp/one.syms"
"$NM" "$all" | awk '{print $NF}' | sort -u > "$tmp/all.syms"
[ -s "$tmp/one.syms" ] || die "nm found no symbols in $one (stripped?)"

echo "== nm: curve symbols in each program"
for spec in "$@"; do
    c=${spec%%:*}
    rest=${spec#*:}
    acc=${rest%%:*}
    prefix=${rest#*:}
    pat=$(pattern "$acc" "$prefix")
    n_one=$(grep -E -c "$pat" "$tmp/one.syms" || true)
    n_all=$(grep -E -c "$pat" "$tmp/all.syms" || true)
    printf '  %-16s %s program: %2d   all-curves program: %2d\n' "$c" "$onename" "$n_one" "$n_all"
    [ "$n_all" -gt 0 ] || die "no $c symbol in the all-curves program: the pattern is stale"
    if [ "$c" = "$onename" ]; then
        [ "$n_one" -gt 0 ] || die "no $c symbol in the $c program"
    elif [ "$n_one" -ne 0 ]; then
        die "the $onename program carries $c: $(grep -E "$pat" "$tmp/one.syms" | tr '\n' ' ')"
    fi
done

echo "== sizes (bytes)"
strip -o "$tmp/one.stripped" "$one"
strip -o "$tmp/all.stripped" "$all"
"$SIZE" "$one" "$all"
printf '  %-28s %10s %10s\n' program file stripped
printf '  %-28s %10d %10d\n' "$onename only" "$(wc -c < "$one")" "$(wc -c < "$tmp/one.stripped")"
printf '  %-28s %10d %10d\n' "all $# curves" "$(wc -c < "$all")" "$(wc -c < "$tmp/all.stripped")"

[ $fail -eq 0 ] || exit 1
echo "static-link: PASS (the $onename program carries no other curve)"
