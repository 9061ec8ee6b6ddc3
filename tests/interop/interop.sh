#!/usr/bin/env bash
# kurv interop test: the kurv tool against the openssl command, both directions, for one curve.
#
# usage: interop.sh KURV_CURVE [OPENSSL_CURVE [DEFAULT_HASH]]
#        (environment: KURV_TOOL = the built kurv; DEFAULT_HASH: the registry's default digest
#        of the curve, sha256 / sha384 / sha512, which `kurv sign` must use without -H; when
#        absent, the rule by field size)
# Exit: 0 all checks passed, 1 a check failed, 77 (skip) when openssl is missing or does not
# know the curve.
set -u

curve=${1:?usage: interop.sh KURV_CURVE [OPENSSL_CURVE [DEFAULT_HASH]]}
ocurve=${2:-$1}
defhash=${3:-}

if ! command -v openssl >/dev/null 2>&1; then
    echo "SKIP: openssl is not on PATH; the interop tests need it"
    exit 77
fi
if ! command -v python3 >/dev/null 2>&1; then
    echo "SKIP: python3 is not on PATH (Meson needs it, so this should not happen)"
    exit 77
fi

. "$(dirname "$0")/lib.sh"

echo "kurv interop: $curve (OpenSSL name $ocurve) with $KURV and $(openssl version)"

if ! openssl ecparam -name "$ocurve" -noout >/dev/null 2>&1; then
    echo "SKIP: this openssl does not know $ocurve"
    exit 77
fi

# The tool's default digest: the registry's (argument 3), else by the curve size (kurv curves
# prints the field bits).
bits=$("$KURV" curves | awk -v c="$curve" '$1 == c { print $2 }')
if [ -z "$bits" ]; then
    echo "FAIL: kurv curves does not list $curve"
    exit 1
fi
if [ -n "$defhash" ]; then :
elif [ "$bits" -le 256 ]; then defhash=sha256; elif [ "$bits" -le 384 ]; then defhash=sha384; else defhash=sha512; fi
echo "curve $curve: $bits bits, default digest $defhash"

# Messages: random bytes, an empty file, text.
head -c 100000 /dev/urandom >msg.bin
: >msg.empty
printf 'The quick brown fox jumps over the lazy dog\n' >msg.txt
cp msg.bin msg.bin2
printf 'x' >>msg.bin2

# ---------------------------------------------------------------------------------------
section "keys made by openssl, used by kurv"
# `openssl ecparam -genkey` writes an "EC PARAMETERS" block before the key; `openssl ec` drops it
openssl ecparam -name "$ocurve" -genkey -out o.params.pem 2>/dev/null
openssl ec -in o.params.pem -out o.pem 2>/dev/null
openssl ec -in o.pem -outform DER -out o.der 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in o.pem -out o.p8.pem 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in o.pem -outform DER -out o.p8.der 2>/dev/null
openssl pkey -in o.pem -pubout -out o.pub.pem 2>/dev/null
openssl pkey -in o.pem -pubout -outform DER -out o.pub.der 2>/dev/null
openssl ec -in o.pem -pubout -conv_form compressed -out o.cpub.pem 2>/dev/null
openssl ec -in o.pem -pubout -conv_form compressed -outform DER -out o.cpub.der 2>/dev/null
for f in o.params.pem o.pem o.der o.p8.pem o.p8.der o.pub.pem o.pub.der o.cpub.pem o.cpub.der; do
    [ -s "$f" ] || { echo "FAIL: openssl could not make $f"; exit 1; }
done

for f in o.params.pem o.pem o.der o.p8.pem o.p8.der; do
    expect_ok "kurv pubkey reads openssl's private key $f" "$KURV" pubkey -k "$f" --format der -o "k-from-$f.der"
    same "  and its public key equals openssl's (SPKI DER, byte for byte)" o.pub.der "k-from-$f.der"
done
for f in o.pub.pem o.pub.der; do
    expect_ok "kurv pubkey reads openssl's public key $f" "$KURV" pubkey -k "$f" --format der -o "k-from-$f.der"
    same "  and re-encodes it byte for byte" o.pub.der "k-from-$f.der"
done
for f in o.cpub.pem o.cpub.der; do
    expect_ok "kurv pubkey reads openssl's compressed public key $f" "$KURV" pubkey -k "$f" --compressed --format der -o "k-from-$f.der"
    same "  and writes the same compressed SPKI" o.cpub.der "k-from-$f.der"
    expect_ok "kurv pubkey decompresses $f" "$KURV" pubkey -k "$f" --format der -o "k-unc-$f.der"
    same "  to openssl's uncompressed SPKI" o.pub.der "k-unc-$f.der"
done

# ---------------------------------------------------------------------------------------
section "signatures: kurv signs with openssl's key, openssl verifies (every hash)"
for h in sha224 sha256 sha384 sha512; do
    expect_ok "kurv sign -H $h with o.pem" "$KURV" sign -k o.pem -H "$h" -o "k.$h.sig" msg.bin
    expect_ok "openssl dgst -$h -verify accepts kurv's $h signature" \
        openssl dgst "-$h" -verify o.pub.pem -signature "k.$h.sig" msg.bin
    if grep -q '^Verified OK' out.txt; then pass "  openssl printed 'Verified OK'"; else fail "  openssl printed 'Verified OK'" "no"; fi
    expect "openssl dgst -$h -verify rejects kurv's signature on another message" 1 \
        openssl dgst "-$h" -verify o.pub.pem -signature "k.$h.sig" msg.bin2
done
expect_ok "kurv sign without -H uses $defhash" "$KURV" sign -k o.pem -o k.default.sig msg.bin
same "  (the deterministic signature equals the -H $defhash one)" "k.$defhash.sig" k.default.sig
expect_ok "openssl verifies kurv's default-hash signature with -$defhash" \
    openssl dgst "-$defhash" -verify o.pub.pem -signature k.default.sig msg.bin
for f in o.der o.p8.pem o.p8.der o.params.pem; do
    expect_ok "kurv sign with the same key read from $f" "$KURV" sign -k "$f" -o "k.$f.sig" msg.bin
    same "  gives the same (RFC 6979) signature" k.default.sig "k.$f.sig"
done
expect_ok "kurv sign of an empty file" "$KURV" sign -k o.pem -o k.empty.sig msg.empty
expect_ok "  openssl verifies it" openssl dgst "-$defhash" -verify o.pub.pem -signature k.empty.sig msg.empty
# shellcheck disable=SC2016
expect_ok "kurv sign reading the message from stdin (-)" \
    bash -c '"$1" sign -k o.pem -o k.stdin.sig - <msg.bin' _ "$KURV"
same "  gives the same signature as from the file" k.default.sig k.stdin.sig

section "signatures: openssl signs, kurv verifies (every hash)"
for h in sha224 sha256 sha384 sha512; do
    openssl dgst "-$h" -sign o.pem -out "o.$h.sig" msg.bin 2>/dev/null
    expect_ok "kurv verify -H $h accepts openssl's $h signature" \
        "$KURV" verify -p o.pub.pem -s "o.$h.sig" -H "$h" msg.bin
    if [ "$(cat out.txt)" = "Verified OK" ]; then pass "  kurv printed 'Verified OK'"; else fail "  kurv printed 'Verified OK'" "stdout: $(cat out.txt)"; fi
    expect_err "kurv verify -H $h rejects it on another message (status 1)" 1 \
        "$KURV" verify -p o.pub.pem -s "o.$h.sig" -H "$h" msg.bin2
    if [ "$(cat err.txt)" = "kurv: signature does not verify" ]; then pass "  with 'kurv: signature does not verify'"; else fail "  with 'kurv: signature does not verify'" "got: $(cat err.txt)"; fi
done
other=sha512; [ "$defhash" = sha512 ] && other=sha256
expect_err "kurv verify rejects a $defhash signature checked as -H $other" 1 \
    "$KURV" verify -p o.pub.pem -s "o.$defhash.sig" -H "$other" msg.bin
for f in o.pub.der o.cpub.pem o.cpub.der o.pem o.p8.der; do
    expect_ok "kurv verify accepts openssl's signature with -p $f" \
        "$KURV" verify -p "$f" -s "o.$defhash.sig" msg.bin
done
openssl dgst "-$defhash" -sign o.pem -out o.stdin.sig msg.txt 2>/dev/null
# shellcheck disable=SC2016
expect_ok "kurv verify reads the message from stdin (-)" \
    bash -c '"$1" verify -p o.pub.pem -s o.stdin.sig - <msg.txt' _ "$KURV"

# ---------------------------------------------------------------------------------------
section "signature formats (der, raw, hex) and --low-s"
slen=$(( (bits + 7) / 8 ))
order=$(openssl ecparam -name "$ocurve" -param_enc explicit -text -noout 2>/dev/null | python3 -c '
import re, sys
t = sys.stdin.read()
m = re.search(r"Order:\s*\n((?:\s+[0-9a-f:]+\n)+)", t)
print(int(re.sub(r"[^0-9a-f]", "", m.group(1)), 16) if m else "")')
if [ -z "$order" ]; then
    fail "read the order n of $ocurve from openssl ecparam -text" "not found"
fi

# r and s (decimal) of a DER signature, as openssl asn1parse reads them
rs_of_der() {
    openssl asn1parse -inform DER -in "$1" 2>/dev/null | awk -F: '/INTEGER/ { print $NF }' |
        python3 -c 'import sys; print(" ".join(str(int(l.strip(), 16)) for l in sys.stdin if l.strip()))'
}
# r and s (decimal) of a raw r||s file
rs_of_raw() {
    python3 -c 'import sys; b = open(sys.argv[1], "rb").read(); h = len(b) // 2
print(int.from_bytes(b[:h], "big"), int.from_bytes(b[h:], "big"))' "$1"
}

expect_ok "kurv sign --format raw" "$KURV" sign -k o.pem --format raw -o k.raw msg.bin
if [ "$(wc -c <k.raw)" -eq $((2 * slen)) ]; then pass "  raw signature is 2 x $slen bytes"; else fail "  raw signature is 2 x $slen bytes" "$(wc -c <k.raw) bytes"; fi
der_rs=$(rs_of_der k.default.sig)
raw_rs=$(rs_of_raw k.raw)
if [ -n "$der_rs" ] && [ "$der_rs" = "$raw_rs" ]; then pass "  raw r||s equals the r, s openssl asn1parse reads from the DER form"; else fail "  raw r||s equals the DER form's r, s" "der: $der_rs raw: $raw_rs"; fi
expect_ok "kurv sign --format hex" "$KURV" sign -k o.pem --format hex -o k.hex msg.bin
if [ "$(tr -d '\n' <k.hex)" = "$(hexof k.raw)" ]; then pass "  hex signature is the hex of r||s"; else fail "  hex signature is the hex of r||s" "differs"; fi
expect_ok "kurv verify --format raw" "$KURV" verify -p o.pub.pem -s k.raw --format raw msg.bin
expect_ok "kurv verify --format hex" "$KURV" verify -p o.pub.pem -s k.hex --format hex msg.bin
expect_err "kurv verify --format raw rejects it on another message" 1 \
    "$KURV" verify -p o.pub.pem -s k.raw --format raw msg.bin2

# Find a message whose signature has a high s (s > n/2): half of them do.
high=""
for i in $(seq 1 64); do
    printf 'low-s probe %d\n' "$i" >"probe.$i"
    "$KURV" sign -k o.pem -o "probe.$i.sig" "probe.$i" 2>/dev/null || continue
    s=$(rs_of_der "probe.$i.sig" | awk '{ print $2 }')
    if [ -n "$order" ] && [ -n "$s" ] && python3 -c 'import sys; n, s = map(int, sys.argv[1:]); sys.exit(0 if s > n // 2 else 1)' "$order" "$s"; then
        high=$i
        break
    fi
done
if [ -z "$high" ]; then
    fail "find a signature with s > n/2 among 64 messages" "none (probability 2^-64)"
else
    pass "probe message $high has a signature with s > n/2"
    expect_ok "  openssl accepts the high-s signature" openssl dgst "-$defhash" -verify o.pub.pem -signature "probe.$high.sig" "probe.$high"
    expect_ok "  kurv verify accepts it without --low-s" "$KURV" verify -p o.pub.pem -s "probe.$high.sig" "probe.$high"
    expect_err "  kurv verify --low-s rejects it (status 1)" 1 "$KURV" verify --low-s -p o.pub.pem -s "probe.$high.sig" "probe.$high"
    expect_ok "  kurv sign --low-s" "$KURV" sign --low-s -k o.pem -o "probe.low.sig" "probe.$high"
    lo=$(rs_of_der probe.low.sig)
    hi=$(rs_of_der "probe.$high.sig")
    if python3 -c 'import sys
n = int(sys.argv[1]); r1, s1 = map(int, sys.argv[2].split()); r2, s2 = map(int, sys.argv[3].split())
sys.exit(0 if r1 == r2 and s2 == n - s1 and s2 <= n // 2 else 1)' "$order" "$hi" "$lo"; then
        pass "  the --low-s signature has the same r and s' = n - s <= n/2"
    else
        fail "  the --low-s signature has the same r and s' = n - s" "high: $hi low: $lo"
    fi
    expect_ok "  openssl accepts the low-s signature" openssl dgst "-$defhash" -verify o.pub.pem -signature probe.low.sig "probe.$high"
    expect_ok "  kurv verify --low-s accepts it" "$KURV" verify --low-s -p o.pub.pem -s probe.low.sig "probe.$high"
fi

# ---------------------------------------------------------------------------------------
section "keys made by kurv, read by openssl"
expect_ok "kurv keygen -c $curve (SEC1 PEM)" "$KURV" keygen -c "$curve" -o k.pem
if head -n 1 k.pem | grep -qx -- '-----BEGIN EC PRIVATE KEY-----'; then pass "  labelled EC PRIVATE KEY"; else fail "  labelled EC PRIVATE KEY" "$(head -n 1 k.pem)"; fi
if [ "$(stat -c %a k.pem)" = 600 ]; then pass "  file mode 0600"; else fail "  file mode 0600" "mode $(stat -c %a k.pem)"; fi
expect_ok "kurv keygen --format der" "$KURV" keygen -c "$curve" --format der -o k.der
expect_ok "kurv keygen --pkcs8" "$KURV" keygen -c "$curve" --pkcs8 -o k.p8.pem
if head -n 1 k.p8.pem | grep -qx -- '-----BEGIN PRIVATE KEY-----'; then pass "  labelled PRIVATE KEY"; else fail "  labelled PRIVATE KEY" "$(head -n 1 k.p8.pem)"; fi
expect_ok "kurv keygen --pkcs8 --format der" "$KURV" keygen -c "$curve" --pkcs8 --format der -o k.p8.der
expect_ok "kurv keygen to stdout" "$KURV" keygen -c "$curve"
if grep -q 'BEGIN EC PRIVATE KEY' out.txt; then pass "  writes a PEM key to stdout"; else fail "  writes a PEM key to stdout" "no PEM"; fi

for f in k.pem k.der k.p8.pem k.p8.der; do
    inform=PEM; case $f in *.der) inform=DER ;; esac
    expect_ok "openssl pkey reads kurv's $f" openssl pkey -in "$f" -inform "$inform" -noout
    expect_ok "openssl ec -check validates kurv's $f" openssl ec -in "$f" -inform "$inform" -check -noout
    if openssl ec -in "$f" -inform "$inform" -text -noout 2>/dev/null | grep -q "ASN1 OID: $ocurve"; then
        pass "  openssl sees the named curve $ocurve"
    else
        fail "  openssl sees the named curve $ocurve" "not in openssl ec -text"
    fi
    openssl pkey -in "$f" -inform "$inform" -pubout -outform DER -out "o-from-$f.pub.der" 2>/dev/null
    expect_ok "kurv pubkey -k $f --format der" "$KURV" pubkey -k "$f" --format der -o "$f.pub.der"
    same "  equals openssl's SPKI for the same key" "o-from-$f.pub.der" "$f.pub.der"
done
openssl ec -in k.pem -out o-rewrite.pem 2>/dev/null
same "openssl ec re-encodes kurv's SEC1 PEM to the same bytes" k.pem o-rewrite.pem
openssl ec -in k.der -inform DER -outform DER -out o-rewrite.der 2>/dev/null
same "openssl ec re-encodes kurv's SEC1 DER to the same bytes" k.der o-rewrite.der
openssl pkcs8 -topk8 -nocrypt -in k.p8.pem -out o-rewrite.p8.pem 2>/dev/null
openssl ec -in k.p8.pem -outform DER -out k.p8.sec1.der 2>/dev/null
openssl ec -in o-rewrite.p8.pem -outform DER -out o.p8.sec1.der 2>/dev/null
same "kurv's PKCS#8 PEM holds the same key as openssl's PKCS#8 of it" k.p8.sec1.der o.p8.sec1.der

expect_ok "kurv pubkey (SPKI PEM)" "$KURV" pubkey -k k.pem -o k.pub.pem
if head -n 1 k.pub.pem | grep -qx -- '-----BEGIN PUBLIC KEY-----'; then pass "  labelled PUBLIC KEY"; else fail "  labelled PUBLIC KEY" "$(head -n 1 k.pub.pem)"; fi
expect_ok "openssl pkey -pubin reads it" openssl pkey -pubin -in k.pub.pem -noout
openssl pkey -in k.pem -pubout -out o-from-k.pub.pem 2>/dev/null
same "  kurv's SPKI PEM equals openssl pkey -pubout" o-from-k.pub.pem k.pub.pem
expect_ok "kurv pubkey --format der" "$KURV" pubkey -k k.pem --format der -o k.pub.der
expect_ok "openssl pkey -pubin -inform DER reads it" openssl pkey -pubin -inform DER -in k.pub.der -noout
expect_ok "kurv pubkey --compressed" "$KURV" pubkey -k k.pem --compressed -o k.cpub.pem
expect_ok "kurv pubkey --compressed --format der" "$KURV" pubkey -k k.pem --compressed --format der -o k.cpub.der
openssl ec -in k.pem -pubout -conv_form compressed -outform DER -out o-from-k.cpub.der 2>/dev/null
same "  equals openssl's compressed SPKI" o-from-k.cpub.der k.cpub.der
openssl ec -pubin -in k.cpub.pem -pubout -conv_form uncompressed -outform DER -out o-unc.der 2>/dev/null
same "  openssl decompresses kurv's compressed PEM to the same point" k.pub.der o-unc.der

expect_ok "kurv sign with kurv's key" "$KURV" sign -k k.p8.der -o kk.sig msg.txt
openssl pkey -in k.p8.der -inform DER -pubout -out k.p8.pub.pem 2>/dev/null
expect_ok "  openssl verifies it with the public key openssl derives" \
    openssl dgst "-$defhash" -verify k.p8.pub.pem -signature kk.sig msg.txt
openssl dgst "-$defhash" -sign k.pem -out ok.sig msg.txt 2>/dev/null
expect_ok "openssl signs with kurv's key, kurv verifies with kurv's SPKI" \
    "$KURV" verify -p k.pub.pem -s ok.sig msg.txt

# ---------------------------------------------------------------------------------------
section "ECDH: kurv ecdh equals openssl pkeyutl -derive in both roles"
openssl pkey -in k.der -inform DER -pubout -out kd.pub.pem 2>/dev/null
expect_ok "kurv ecdh -k kurv-key -p openssl-pub" "$KURV" ecdh -k k.der -p o.pub.pem -o s1.bin
expect_ok "openssl pkeyutl -derive -inkey openssl-key -peerkey kurv-pub" \
    openssl pkeyutl -derive -inkey o.pem -peerkey kd.pub.pem -out s2.bin
same "  the two secrets are equal" s1.bin s2.bin
flen=$(( (bits + 7) / 8 ))
if [ "$(wc -c <s1.bin)" -eq "$flen" ]; then pass "  the secret is $flen bytes (field length)"; else fail "  the secret is $flen bytes" "$(wc -c <s1.bin) bytes"; fi
expect_ok "kurv ecdh -k openssl-key -p kurv-pub" "$KURV" ecdh -k o.p8.pem -p kd.pub.pem -o s3.bin
expect_ok "openssl pkeyutl -derive -inkey kurv-key -peerkey openssl-pub" \
    openssl pkeyutl -derive -inkey k.der -keyform DER -peerkey o.pub.pem -out s4.bin
same "  the two secrets are equal" s3.bin s4.bin
same "  and equal to the first pair's (same key pair)" s1.bin s3.bin
expect_ok "kurv ecdh with a compressed peer key" "$KURV" ecdh -k k.der -p o.cpub.der -o s5.bin
same "  gives the same secret" s1.bin s5.bin
expect_ok "kurv ecdh with the peer's private key file as -p" "$KURV" ecdh -k k.der -p o.pem -o s6.bin
same "  gives the same secret" s1.bin s6.bin
expect_ok "kurv ecdh --hex" "$KURV" ecdh -k k.der -p o.pub.pem --hex
if [ "$(cat out.txt)" = "$(hexof s1.bin)" ]; then pass "  prints the secret in hex"; else fail "  prints the secret in hex" "differs"; fi
if [ "$(stat -c %a s1.bin)" = 600 ]; then pass "  the secret file has mode 0600"; else fail "  the secret file has mode 0600" "mode $(stat -c %a s1.bin)"; fi

finish
