#!/usr/bin/env bash
# kurv tool test: `kurv encrypt` / `kurv decrypt` against Botan 2 on one curve, through the
# botan-ecies-oracle program (botan_oracle.cpp): the botan-aes128-cbc and botan-aes256-cbc
# presets both ways (lengths 0 to 4096), the same configuration spelt out with the
# component options, a password-encrypted PKCS#8 key that kurv wrote and Botan reads; then
# the component options on their own (kurv to kurv) and their refusals (exit 2, one line).
#
# The checks that do not depend on the curve (every length with Botan, the component
# options other than --compressed, the refusals) run in mode "all"; mode "curve" keeps
# lengths 0, 17 and 4096 with Botan both ways, the spelt-out configuration, the encrypted
# key, and --compressed. meson.build gives "all" to the first built curve and "curve" to
# the others.
#
# usage: ecies-botan-tool.sh KURV_CURVE [all|curve]   (environment: KURV_TOOL, KURV_BOTAN_ORACLE)
set -u

curve=${1:?usage: ecies-botan-tool.sh KURV_CURVE [all|curve]}
run_mode=${2:-all}
case $run_mode in
    all) sizes="m0 m1 m15 m16 m17 m4096" ;;
    curve) sizes="m0 m17 m4096" ;;
    *) echo "ecies-botan-tool.sh: mode must be all or curve, not '$run_mode'" >&2; exit 2 ;;
esac

. "$(dirname "$0")/../interop/lib.sh"

oracle=${KURV_BOTAN_ORACLE:-}
echo "kurv ecies/Botan tool test: $curve (mode $run_mode) with $KURV and ${oracle:-no Botan oracle}"

"$KURV" keygen -c "$curve" --pkcs8 -o key.pem
"$KURV" pubkey -k key.pem -o pub.pem
: >m0
printf 'a' >m1
head -c 15 /dev/urandom >m15
head -c 16 /dev/urandom >m16
head -c 17 /dev/urandom >m17
head -c 4096 /dev/urandom >m4096

if [ -n "$oracle" ] && [ -x "$oracle" ]; then
    section "kurv and Botan, both presets"
    for preset in botan-aes128-cbc botan-aes256-cbc; do
        for m in $sizes; do
            expect_ok "kurv encrypt --preset $preset $m" "$KURV" encrypt -p pub.pem --preset "$preset" -o "$m.k.ct" "$m"
            expect_ok "  Botan decrypts it" "$oracle" dec "$preset" key.pem "$m.k.ct" "$m.k.pt"
            if cmp -s "$m" "$m.k.pt"; then pass "  the plaintext"; else fail "  the plaintext" "differs"; fi
            expect_ok "Botan encrypts $m ($preset)" "$oracle" enc "$preset" pub.pem "$m" "$m.b.ct"
            expect_ok "  kurv decrypt --preset $preset" "$KURV" decrypt -k key.pem --preset "$preset" -o "$m.b.pt" "$m.b.ct"
            if cmp -s "$m" "$m.b.pt"; then pass "  the plaintext"; else fail "  the plaintext" "differs"; fi
        done
    done
    section "the Botan configuration spelt out with the options"
    expect_ok "kurv encrypt --kdf kdf2 --kdf-hash sha256 --cipher aes-256-cbc --mac-hash sha256 --mac-key-len 32 --no-length-tag" \
        "$KURV" encrypt -p pub.pem --kdf kdf2 --kdf-hash sha256 --cipher aes-256-cbc --mac-hash sha256 \
        --mac-key-len 32 --no-length-tag -o o.ct m17
    expect_ok "  Botan decrypts it as botan-aes256-cbc" "$oracle" dec botan-aes256-cbc key.pem o.ct o.pt
    if cmp -s m17 o.pt; then pass "  the plaintext"; else fail "  the plaintext" "differs"; fi
    expect_ok "--preset bc-aes128-cbc --mac-key-len 32 --no-length-tag" "$KURV" encrypt -p pub.pem \
        --preset bc-aes128-cbc --mac-key-len 32 --no-length-tag -o o2.ct m16
    expect_ok "  Botan decrypts it as botan-aes128-cbc" "$oracle" dec botan-aes128-cbc key.pem o2.ct o2.pt
    if cmp -s m16 o2.pt; then pass "  the plaintext"; else fail "  the plaintext" "differs"; fi
    "$oracle" enc botan-aes128-cbc pub.pem m16 b.ct
    expect_err "Botan's ciphertext under the BouncyCastle preset" 2 "$KURV" decrypt -k key.pem -o x.pt b.ct
    if [ ! -e x.pt ]; then pass "  no output file"; else fail "  no output file" "x.pt exists"; fi

    section "an encrypted key: kurv writes it, Botan reads it"
    expect_ok "kurv keygen --pass" "$KURV" keygen -c "$curve" --pass pass:botan --iter 4096 -o ek.pem
    "$KURV" pubkey -k ek.pem --pass pass:botan -o epub.pem
    expect_ok "kurv encrypt to it" "$KURV" encrypt -p epub.pem --preset botan-aes256-cbc -o e.ct m4096
    expect_ok "  Botan decrypts with the key it read (password botan)" "$oracle" dec botan-aes256-cbc ek.pem e.ct e.pt botan
    if cmp -s m4096 e.pt; then pass "  the plaintext"; else fail "  the plaintext" "differs"; fi
else
    echo "SKIP (kurv and Botan): KURV_BOTAN_ORACLE is not set (Botan 2 or a C++ compiler missing at setup)"
fi

section "the component options (kurv to kurv)"
combos=("--compressed --shared-info1 0102 --shared-info2 0304")
[ "$run_mode" = all ] && combos+=(
    "--kdf kdf1"
    "--kdf hkdf --kdf-hash sha512"
    "--kdf-hash sha384 --mac-hash sha384 --mac-key-len 48"
    "--cipher aes-192-cbc"
    "--cipher aes-128-ctr --tag-len 16"
    "--cipher aes-256-ctr --z-only --no-length-tag"
    "--cipher aes-128-gcm"
    "--cipher aes-256-gcm --iv 000102030405060708090a0b --shared-info2 aabb"
    "--iv 00112233445566778899aabbccddeeff"
    "--preset sec1-aes128-ctr --cipher aes-256-ctr"
    "--preset botan-aes128-cbc --tag-len 20 --mac-hash sha512"
)
for opts in "${combos[@]}"; do
    # shellcheck disable=SC2086
    expect_ok "encrypt $opts" "$KURV" encrypt -p pub.pem $opts -o c.ct m17
    # shellcheck disable=SC2086
    expect_ok "  decrypt $opts" "$KURV" decrypt -k key.pem $opts -o c.pt c.ct
    if cmp -s m17 c.pt; then pass "  the plaintext"; else fail "  the plaintext" "differs"; fi
    if [ "${opts#--iv}" != "$opts" ]; then
        # the IV is not MACed: under another IV, CBC decrypts to another first block
        expect_ok "  without the options: decrypts" "$KURV" decrypt -k key.pem -o c2.pt c.ct
        if cmp -s m17 c2.pt; then fail "  to another plaintext" "the same"; else pass "  to another plaintext"; fi
    else
        expect_err "  refused without the options" 2 "$KURV" decrypt -k key.pem -o c2.pt c.ct
    fi
done
"$KURV" encrypt -p pub.pem --compressed -o cc.ct m0
"$KURV" encrypt -p pub.pem -o cu.ct m0
fl=$(( ($(wc -c <cu.ct) - 48 - 1) / 2 ))
if [ "$(wc -c <cc.ct)" -eq $((1 + fl + 48)) ]; then pass "--compressed: V is 1 + field bytes"; else fail "--compressed" "$(wc -c <cc.ct) bytes"; fi
"$KURV" encrypt -p pub.pem --cipher aes-128-gcm -o g.ct m17
if [ "$(wc -c <g.ct)" -eq $((1 + 2 * fl + 17 + 16)) ]; then pass "--cipher aes-128-gcm: |C| = |M| + 16, no HMAC tag"; else fail "--cipher aes-128-gcm size" "$(wc -c <g.ct)"; fi

if [ "$run_mode" = all ]; then
section "option refusals: one line, exit 2"
expect_err "--kdf kdf3" 2 "$KURV" encrypt -p pub.pem --kdf kdf3 m1
expect_err "--kdf-hash md5" 2 "$KURV" encrypt -p pub.pem --kdf-hash md5 m1
expect_err "--kdf-hash sha224" 2 "$KURV" encrypt -p pub.pem --kdf-hash sha224 m1
expect_err "--cipher aes-128-ecb" 2 "$KURV" encrypt -p pub.pem --cipher aes-128-ecb m1
expect_err "--mac-key-len 8" 2 "$KURV" encrypt -p pub.pem --mac-key-len 8 m1
if grep -q "from 16 to 64" err.txt; then pass "--mac-key-len 8: the line gives the range 16..64"; else fail "--mac-key-len 8: range" "$(cat err.txt)"; fi
expect_err "--mac-key-len 65" 2 "$KURV" encrypt -p pub.pem --mac-key-len 65 m1
expect_err "--mac-key-len x" 2 "$KURV" encrypt -p pub.pem --mac-key-len x m1
expect_err "--tag-len 8" 2 "$KURV" encrypt -p pub.pem --tag-len 8 m1
expect_err "--tag-len 33 with sha256" 2 "$KURV" encrypt -p pub.pem --tag-len 33 m1
if grep -q "from 16 to 32" err.txt; then pass "--tag-len 33: the line gives SHA-256's range 16..32"; else fail "--tag-len 33: range" "$(cat err.txt)"; fi
expect_err "--tag-len 65 with sha512" 2 "$KURV" encrypt -p pub.pem --mac-hash sha512 --tag-len 65 m1
if grep -q "from 16 to 64" err.txt; then pass "--tag-len 65: the line gives SHA-512's range 16..64"; else fail "--tag-len 65: range" "$(cat err.txt)"; fi
expect_err "--iv of 15 bytes" 2 "$KURV" encrypt -p pub.pem --iv 000102030405060708090a0b0c0d0e m1
expect_err "--iv of 16 bytes with GCM" 2 "$KURV" encrypt -p pub.pem --cipher aes-128-gcm --iv 000102030405060708090a0b0c0d0e0f m1
expect_err "--iv not hex" 2 "$KURV" encrypt -p pub.pem --iv zz m1
expect_err "--shared-info1 odd hex" 2 "$KURV" encrypt -p pub.pem --shared-info1 abc m1
expect_err "GCM with --mac-hash" 2 "$KURV" encrypt -p pub.pem --cipher aes-256-gcm --mac-hash sha256 m1
expect_err "--z-only twice" 2 "$KURV" encrypt -p pub.pem --z-only --z-only m1
expect_err "--preset unknown" 2 "$KURV" decrypt -k key.pem --preset botan-aes512-cbc c.ct
else
    echo "(mode curve: the other lengths, component options and refusals are checked on the first built curve)"
fi

finish
