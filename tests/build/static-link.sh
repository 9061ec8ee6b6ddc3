#!/bin/sh
# static-link.sh NM SIZE P256_PROGRAM ALL_PROGRAM
#
# Issue 3's static-link test. Both programs are built from static_link.c against the
# static libraries (libkurv.a and the family archives): P256_PROGRAM names only
# kurv_p256(), ALL_PROGRAM names all seven curves. Each curve lives in its own object
# file whose file-local tables carry the curve's prefix (p256_base_table, p384_k,
# bpp512r1_sc, k1_ops, ...), so nm shows which curves a program carries.
#
# Checks: both programs run and pass their known-answer checks; the P-256 program
# holds P-256 symbols and none of the six other curves; the all-curves program holds
# the symbols of all seven (so the pattern below is known to match real symbols).
# Then both sizes are printed (file, text/data/bss, and stripped).
set -eu

if [ $# -ne 4 ]; then
    echo "usage: $0 NM SIZE P256_PROGRAM ALL_PROGRAM" >&2
    exit 2
fi
NM=$1 SIZE=$2 one=$3 all=$4
fail=0
die() { echo "static-link: FAIL: $*" >&2; fail=1; }

# curve -> symbol pattern (a descriptor accessor or a curve-prefixed table)
pattern() {
    case $1 in
        secp256k1) echo '(^|[ _])(kurv_secp256k1|k1_(base_table|g_odd|k|sc|ops))$' ;;
        P-256) echo '(^|[ _])(kurv_p256|p256_(base_table|g_odd|k|sc|ops))$' ;;
        P-384) echo '(^|[ _])(kurv_p384|p384_(base_table|k|sc|ops|fp_rr))$' ;;
        P-521) echo '(^|[ _])(kurv_p521|p521_(base_table|k|sc|ops))$' ;;
        brainpoolP256r1) echo '(^|[ _])(kurv_brainpoolp256r1|bpp256r1_(base_table|k|sc|ops|fp_rr))$' ;;
        brainpoolP384r1) echo '(^|[ _])(kurv_brainpoolp384r1|bpp384r1_(base_table|k|sc|ops|fp_rr))$' ;;
        brainpoolP512r1) echo '(^|[ _])(kurv_brainpoolp512r1|bpp512r1_(base_table|k|sc|ops|fp_rr))$' ;;
    esac
}
curves="secp256k1 P-256 P-384 P-521 brainpoolP256r1 brainpoolP384r1 brainpoolP512r1"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/kurv-static.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "== run $one"
"$one" || die "the P-256 program failed its checks"
echo "== run $all"
"$all" || die "the all-curves program failed its checks"

"$NM" "$one" | awk '{print $NF}' | sort -u > "$tmp/one.syms"
"$NM" "$all" | awk '{print $NF}' | sort -u > "$tmp/all.syms"
[ -s "$tmp/one.syms" ] || die "nm found no symbols in $one (stripped?)"

echo "== nm: curve symbols in each program"
for c in $curves; do
    pat=$(pattern "$c")
    n_one=$(grep -E -c "$pat" "$tmp/one.syms" || true)
    n_all=$(grep -E -c "$pat" "$tmp/all.syms" || true)
    printf '  %-16s P-256 program: %2d   all-curves program: %2d\n' "$c" "$n_one" "$n_all"
    [ "$n_all" -gt 0 ] || die "no $c symbol in the all-curves program: the pattern is stale"
    if [ "$c" = P-256 ]; then
        [ "$n_one" -gt 0 ] || die "no P-256 symbol in the P-256 program"
    elif [ "$n_one" -ne 0 ]; then
        die "the P-256 program carries $c: $(grep -E "$pat" "$tmp/one.syms" | tr '\n' ' ')"
    fi
done

echo "== sizes (bytes)"
strip -o "$tmp/one.stripped" "$one"
strip -o "$tmp/all.stripped" "$all"
"$SIZE" "$one" "$all"
printf '  %-28s %10s %10s\n' program file stripped
printf '  %-28s %10d %10d\n' "P-256 only" "$(wc -c < "$one")" "$(wc -c < "$tmp/one.stripped")"
printf '  %-28s %10d %10d\n' "all seven curves" "$(wc -c < "$all")" "$(wc -c < "$tmp/all.stripped")"

[ $fail -eq 0 ] || exit 1
echo "static-link: PASS (the P-256 program carries no other curve)"
