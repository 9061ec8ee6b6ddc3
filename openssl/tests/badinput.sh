#!/bin/sh
# openssl/tests/badinput.sh NAME OSSLNAME HASH: bad input to the provider gets an OpenSSL
# error, never a crash (must_fail: non-zero status below 128). With kurv and base only, so
# kurv's keymgmt, signature and exchange code is what sees the input:
# malformed key files, a public point off the curve, private scalars 0 and >= n, explicit
# curve parameters, a signature truncated, lengthened, in BER (long-form length) or with
# r = 0, a digest of the wrong length, unknown groups, point formats and parameters.
. "$(dirname "$0")/common.sh"
name=$1 ossl=$2 hash=$3

openssl genpkey $KURV -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -out "$T/k.pem"
openssl pkey $KURV -in "$T/k.pem" -pubout -outform DER -out "$T/k.der"
openssl pkey $KURV -in "$T/k.pem" -pubout -out "$T/k.pub"
openssl dgst -"$hash" -binary /dev/null >"$T/dg"
openssl pkeyutl $KURV -sign -inkey "$T/k.pem" -in "$T/dg" -out "$T/sig"
verify() {  # verify PUBFILE(DER) SIGFILE [DIGESTFILE]
    openssl pkeyutl $KURV -verify -pubin -keyform DER -inkey "$1" -in "${3:-$T/dg}" -sigfile "$2"
}
verify "$T/k.der" "$T/sig" >/dev/null || fail "the unaltered signature does not verify"
# byte helpers: put BYTE(decimal) at OFFSET of FILE
putb() { printf "$(printf '\\%03o' "$3")" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null; }
getb() { od -An -tu1 -j "$2" -N1 "$1" | tr -d ' '; }
len=$(wc -c <"$T/k.der")

# malformed key files
head -c 40 "$T/k.pem" >"$T/trunc.pem"
must_fail "truncated PEM" openssl pkey $KURV -in "$T/trunc.pem" -noout
head -c $((len - 7)) "$T/k.der" >"$T/trunc.der"
must_fail "truncated public key" openssl pkey $KURV -pubin -inform DER -in "$T/trunc.der" -noout
# the point off the curve: y's last bit flipped
cp "$T/k.der" "$T/off.der"
putb "$T/off.der" $((len - 1)) $(( $(getb "$T/k.der" $((len - 1))) ^ 1 ))
must_fail "a point off the curve" verify "$T/off.der" "$T/sig"
must_fail "ECDH with a peer off the curve" \
    openssl pkeyutl $KURV -derive -inkey "$T/k.pem" -peerform DER -peerkey "$T/off.der"
# a compressed-point prefix on an uncompressed point's bytes
cp "$T/k.der" "$T/pfx.der"
# the point starts after "03 <len> 00": find the 04 byte at len - point_len
case $name in
P-256|secp256k1|brainpoolP256r1) pl=65 ;;
P-384|brainpoolP384r1) pl=97 ;;
P-521) pl=133 ;;
brainpoolP512r1) pl=129 ;;
esac
[ "$(getb "$T/k.der" $((len - pl)))" = 4 ] || fail "point not found in the SPKI"
putb "$T/pfx.der" $((len - pl)) 2
must_fail "04 point with an 02 prefix" verify "$T/pfx.der" "$T/sig"
putb "$T/pfx.der" $((len - pl)) 0
must_fail "a point with prefix 00" verify "$T/pfx.der" "$T/sig"
# private scalars 0 and all-ones (>= n on every curve), as SEC1 ECPrivateKey
slen=$(( (pl - 1) / 2 ))
for d in 00 ff; do
    hex=$(printf "%0$((slen * 2))d" 0 | sed "s/0/$(printf %.1s $d)/g")
    printf 'asn1=SEQUENCE:ec\n[ec]\nv=INTEGER:1\nd=FORMAT:HEX,OCTETSTRING:%s\np=EXPLICIT:0,OID:%s\n' \
        "$hex" "$ossl" >"$T/d.cnf"
    openssl asn1parse -genconf "$T/d.cnf" -out "$T/d.der" >/dev/null
    must_fail "private key $d..." openssl pkey $KURV -inform DER -in "$T/d.der" -noout
done
# explicit curve parameters
openssl ecparam -name "$ossl" -genkey -param_enc explicit -noout -out "$T/ex.pem" 2>/dev/null
must_fail "explicit parameters" openssl pkeyutl $KURV -sign -inkey "$T/ex.pem" -in "$T/dg"

# signatures: truncated, lengthened, BER, r = 0
slen_sig=$(wc -c <"$T/sig")
head -c $((slen_sig - 1)) "$T/sig" >"$T/s.short"
must_fail "truncated signature" verify "$T/k.der" "$T/s.short"
{ cat "$T/sig"; printf '\0'; } >"$T/s.long"
must_fail "signature with a trailing byte" verify "$T/k.der" "$T/s.long"
if [ "$(getb "$T/sig" 1)" -lt 128 ]; then
    # BER: the SEQUENCE length in long form (30 81 LL instead of 30 LL)
    { printf '\060\201'; tail -c $((slen_sig - 1)) "$T/sig"; } >"$T/s.ber"
    must_fail "BER signature" verify "$T/k.der" "$T/s.ber"
fi
printf '\060\006\002\001\000\002\001\001' >"$T/s.r0"
must_fail "r = 0" verify "$T/k.der" "$T/s.r0"
head -c 0 /dev/null >"$T/s.empty"
must_fail "empty signature" verify "$T/k.der" "$T/s.empty"
# a digest of the wrong length for the named digest, and of 65 bytes
head -c 20 /dev/urandom >"$T/dg20"
must_fail "20-byte digest as $hash" \
    openssl pkeyutl $KURV -sign -inkey "$T/k.pem" -in "$T/dg20" -pkeyopt digest:"$hash"
head -c 65 /dev/urandom >"$T/dg65"
must_fail "65-byte digest" openssl pkeyutl $KURV -sign -inkey "$T/k.pem" -in "$T/dg65"
must_fail "ECDSA with MD5" \
    openssl pkeyutl $KURV -sign -inkey "$T/k.pem" -in "$T/dg" -pkeyopt digest:md5

# unknown groups, point formats and parameters
must_fail "unknown group" openssl genpkey $KURV -algorithm EC -pkeyopt ec_paramgen_curve:P-999
grep -q 'not a curve kurv offers here' "$T/mf.out" || fail "unknown group: $(cat "$T/mf.out")"
must_fail "point format hybrid" openssl genpkey $KURV -algorithm EC \
    -pkeyopt ec_paramgen_curve:"$ossl" -pkeyopt point-format:hybrid
must_fail "explicit encoding" openssl genpkey $KURV -algorithm EC \
    -pkeyopt ec_paramgen_curve:"$ossl" -pkeyopt ec_param_enc:explicit
must_fail "unknown parameter" openssl genpkey $KURV -algorithm EC \
    -pkeyopt ec_paramgen_curve:"$ossl" -pkeyopt no-such-param:1
# ECDH with a peer on another curve
other=prime256v1; [ "$ossl" = prime256v1 ] && other=secp384r1
if openssl genpkey $KURV -algorithm EC -pkeyopt ec_paramgen_curve:$other -out "$T/o.pem" 2>/dev/null; then
    openssl pkey $KURV -in "$T/o.pem" -pubout -out "$T/o.pub"
    must_fail "ECDH across curves" \
        openssl pkeyutl $KURV -derive -inkey "$T/k.pem" -peerkey "$T/o.pub"
fi
echo "ok: $name bad input refused without a crash"
