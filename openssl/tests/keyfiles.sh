#!/bin/sh
# openssl/tests/keyfiles.sh NAME OSSLNAME HASH KEYLOAD [default]: keys read from files are
# kurv's (its decoders, openssl/decoder.c). OpenSSL alone writes an EC key on OSSLNAME as SEC1
# PEM and DER, PKCS#8 PEM and DER, plain and encrypted (pkcs8 -topk8 -v2 aes-256-cbc), its
# SubjectPublicKeyInfo PEM and DER, a self-signed certificate and a PKCS#12 file; then, with
# default and kurv loaded, kurv last (OpenSSL 3.0 tries the decoders of the provider loaded
# last first) and preferred, the README's order (common.sh's KURVDEF):
#   - KEYLOAD (kp-keyload, keyload.c) names the provider of each key (EVP_PKEY_get0_provider,
#     X509_get0_pubkey, PKCS12_parse): kurv, and the trace has one "decode NAME" per file;
#   - `openssl pkey -check` ("check NAME"), key/certificate matching by X509_check_private_key
#     and `openssl pkcs12 -export` ("match NAME"), `openssl cms -sign/-verify` and CMS ECDH
#     encryption (the originator's ephemeral key: "keygen NAME") and decryption run in kurv.
#   - the load order matters, as the README says: `openssl pkey -check` reads the key with
#     kurv's decoder ("decode NAME", "check NAME") with -provider default -provider kurv and
#     with an openssl.cnf activating default_sect then kurv_sect, and with OpenSSL's default
#     decoders (neither line; the default provider checks the key) with -provider kurv
#     -provider default and a cnf in that order; and a provider loaded after those two (null)
#     gives kurv's decoders again (OpenSSL sorts its provider list by name when it loads one).
# With "default" (a curve kurv lacks, e.g. secp224r1): every key loads, is the default
# provider's, the trace says "decode OSSLNAME (default)" and has no line without "(default)".
. "$(dirname "$0")/common.sh"
name=$1 ossl=$2 hash=$3 L=$4 mode=${5:-kurv}
P=$KURVDEF
if [ "$mode" = default ]; then
    want=default line="decode $ossl (default)"
else
    want=kurv line="decode $name"
fi
pw=kurv-test-pass

# OpenSSL alone: the files
openssl ecparam -name "$ossl" -genkey -noout -out "$T/sec1.pem"
openssl ec -in "$T/sec1.pem" -outform DER -out "$T/sec1.der" 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in "$T/sec1.pem" -out "$T/p8.pem"
openssl pkcs8 -topk8 -nocrypt -in "$T/sec1.pem" -outform DER -out "$T/p8.der"
openssl pkcs8 -topk8 -v2 aes-256-cbc -passout pass:$pw -in "$T/sec1.pem" -out "$T/p8e.pem"
openssl pkcs8 -topk8 -v2 aes-256-cbc -passout pass:$pw -in "$T/sec1.pem" -outform DER \
    -out "$T/p8e.der"
openssl ec -in "$T/sec1.pem" -pubout -out "$T/spki.pem" 2>/dev/null
openssl ec -in "$T/sec1.pem" -pubout -outform DER -out "$T/spki.der" 2>/dev/null
openssl req -x509 -new -key "$T/sec1.pem" -subj "/CN=kurv keyfiles $name" -days 30 \
    -"$hash" -out "$T/cert.pem"
openssl pkcs12 -export -inkey "$T/p8.pem" -in "$T/cert.pem" -passout pass:$pw -out "$T/k.p12"
openssl ecparam -name "$ossl" -genkey -noout -out "$T/other.pem"
[ ! -f "$LOG" ] || fail "OpenSSL alone used kurv"

# check_load WANT ARGS...: kp-keyload ARGS prints WANT, and the trace has one decode line
check_load() {
    w=$1; shift
    reset_log
    out=$("$L" "$@") || fail "kp-keyload $*: failed"
    [ "$out" = "$w" ] || fail "kp-keyload $*: '$out', expected '$w'"
}
for f in sec1.pem sec1.der p8.pem p8.der; do
    check_load "$want" key "$T/$f"; expect_count 1 "$line"
done
for f in p8e.pem p8e.der; do
    check_load "$want" key "$T/$f" "$pw"; expect_count 1 "$line"
done
for f in spki.pem spki.der; do
    check_load "$want" pub "$T/$f"; expect_count 1 "$line"
done
check_load "$want" cert "$T/cert.pem"; expect_count 1 "$line"
check_load "$want $want match" p12 "$T/k.p12" "$pw"
expect_count 2 "$line"   # the key and the certificate's key

if [ "$mode" = default ]; then
    # the default provider decodes and serves; nothing is kurv's
    openssl pkey $P -check -noout -in "$T/p8.pem" | grep -q 'Key is valid' || fail "pkey -check"
    check_load match match "$T/cert.pem" "$T/sec1.pem"
    [ -z "$(grep -v ' (default)$' "$LOG")" ] || { cat "$LOG" >&2; fail "a line not (default)"; }
    echo "ok: $ossl key files load in the default provider, traced as (default)"
    exit 0
fi

# the load order (README "OpenSSL provider"): flags, then an openssl.cnf as the README's
# cnf_order FIRST SECOND: $T/FIRST-SECOND.cnf activating the two in that order, kurv by path
cnf_order() {
    cat >"$T/$1-$2.cnf" <<CNF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
alg_section = evp_properties
[provider_sect]
$1 = $1_sect
$2 = $2_sect
[kurv_sect]
module = $KURV_PROVIDER_SO
activate = 1
[default_sect]
activate = 1
[evp_properties]
default_properties = ?provider=kurv
CNF
}
cnf_order default kurv
cnf_order kurv default
# order_check WANT CONF ARGS...: openssl pkey ARGS -check on the PKCS#8 file, OPENSSL_CONF
# at CONF; WANT kurv: decoded and checked by kurv; WANT default: neither (OpenSSL's
# decoders, the default provider's check)
order_check() {
    w=$1 conf=$2; shift 2
    reset_log
    ( export OPENSSL_CONF="$conf"; openssl pkey "$@" -check -noout -in "$T/p8.pem" ) \
        | grep -q 'Key is valid' || fail "pkey -check $* ($conf)"
    n=0; [ "$w" = default ] || n=1
    expect_count $n "decode $name"
    expect_count $n "check $name"
}
order_check kurv /dev/null $KURVDEF
order_check kurv "$T/default-kurv.cnf"
order_check default /dev/null $KURVFIRST
order_check default "$T/kurv-default.cnf"
order_check kurv /dev/null $KURVFIRST -provider null
# the other order still signs in kurv (the default provider's key imported into kurv's)
reset_log
openssl dgst -"$hash" -binary "$T/p8.pem" >"$T/dg"
openssl pkeyutl $KURVFIRST -sign -inkey "$T/p8.pem" -in "$T/dg" -out "$T/sig"
expect_count 0 "decode $name"
expect_count 1 "sign $name"
openssl pkeyutl -verify -pubin -inkey "$T/spki.pem" -in "$T/dg" -sigfile "$T/sig" \
    | grep -q 'Signature Verified Successfully' || fail "OpenSSL: the signature (kurv first)"

# openssl pkey -check
reset_log
openssl pkey $P -check -noout -in "$T/p8.pem" | grep -q 'Key is valid' || fail "pkey -check"
expect_count 1 "$line"
[ "$(count "check $name")" -ge 1 ] || { cat "$LOG" >&2; fail "pkey -check not in kurv"; }
reset_log
openssl pkey $P -check -noout -in "$T/p8e.pem" -passin pass:$pw | grep -q 'Key is valid' \
    || fail "pkey -check (encrypted)"
[ "$(count "check $name")" -ge 1 ] || fail "pkey -check (encrypted) not in kurv"

# key and certificate matching: X509_check_private_key, openssl pkcs12 -export
check_load match match "$T/cert.pem" "$T/sec1.pem"
[ "$(count "match $name")" -ge 1 ] || { cat "$LOG" >&2; fail "match not in kurv"; }
check_load mismatch match "$T/cert.pem" "$T/other.pem"
[ "$(count "match $name")" -ge 1 ] || fail "mismatch not in kurv"
reset_log
openssl pkcs12 $P -export -inkey "$T/p8.pem" -in "$T/cert.pem" -passout pass:$pw \
    -out "$T/k2.p12"
[ "$(count "match $name")" -ge 1 ] || { cat "$LOG" >&2; fail "pkcs12 -export: match not in kurv"; }
must_fail "pkcs12 -export with another key" openssl pkcs12 $P -export -inkey "$T/other.pem" \
    -in "$T/cert.pem" -passout pass:$pw -out "$T/bad.p12"

# writing a kurv key: kurv has no encoder, so OpenSSL exports the key ("export NAME") to the
# default provider's encoders; the files equal what OpenSSL alone writes, byte for byte
for f in sec1.pem sec1.der p8.pem p8.der p8e.pem; do
    case $f in *.der) form=DER ;; *) form=PEM ;; esac
    reset_log
    openssl pkey $P -in "$T/$f" -inform $form -passin pass:$pw -out "$T/w.pem"
    openssl pkey -in "$T/$f" -inform $form -passin pass:$pw -out "$T/wo.pem"
    cmp -s "$T/w.pem" "$T/wo.pem" || fail "pkey -out from $f differs from OpenSSL's"
    cmp -s "$T/w.pem" "$T/p8.pem" || fail "pkey -out from $f is not the PKCS#8 file"
    expect_count 1 "$line"
    [ "$(count "export $name")" -ge 1 ] || { cat "$LOG" >&2; fail "$f: export not traced"; }
    openssl pkey $P -in "$T/$f" -inform $form -passin pass:$pw -pubout -out "$T/wp.pem"
    cmp -s "$T/wp.pem" "$T/spki.pem" || fail "pkey -pubout from $f differs"
done
openssl ec $P -in "$T/sec1.pem" -out "$T/ws.pem" 2>/dev/null
cmp -s "$T/ws.pem" "$T/sec1.pem" || fail "ec -out differs"
openssl ec $P -in "$T/sec1.der" -inform DER -outform DER -out "$T/ws.der" 2>/dev/null
cmp -s "$T/ws.der" "$T/sec1.der" || fail "ec -outform DER differs"
openssl ec $P -in "$T/sec1.pem" -text -noout >"$T/t1" 2>/dev/null
openssl ec -in "$T/sec1.pem" -text -noout >"$T/t2" 2>/dev/null
cmp -s "$T/t1" "$T/t2" || fail "ec -text differs"
openssl pkey $P -in "$T/spki.der" -inform DER -pubin -outform DER -out "$T/wp.der"
cmp -s "$T/wp.der" "$T/spki.der" || fail "pkey -pubin -outform DER differs"
openssl pkey $P -in "$T/p8.pem" -aes256 -passout pass:$pw -out "$T/we.pem"
openssl pkey -in "$T/we.pem" -passin pass:$pw -out "$T/wd.pem"
cmp -s "$T/wd.pem" "$T/p8.pem" || fail "pkey -aes256: not the key"

# CMS signed data with the OpenSSL-made files, and ECDH encryption to the certificate
{ echo "kurv-keyfiles-cms"; head -c 2000 /dev/urandom | base64; } >"$T/msg"
reset_log
openssl cms $P -sign -md "$hash" -nodetach -binary -in "$T/msg" -signer "$T/cert.pem" \
    -inkey "$T/p8e.der" -keyform DER -passin pass:$pw -outform DER -out "$T/s.cms"
expect_count 1 "sign $name"
reset_log
openssl cms $P -verify -binary -inform DER -in "$T/s.cms" -CAfile "$T/cert.pem" \
    -out "$T/s.out" 2>/dev/null || fail "kurv: cms -verify"
cmp -s "$T/msg" "$T/s.out" || fail "cms -verify: content"
[ "$(count "verify $name")" -ge 1 ] || { cat "$LOG" >&2; fail "cms -verify not in kurv"; }
openssl cms -verify -binary -inform DER -in "$T/s.cms" -CAfile "$T/cert.pem" \
    -out /dev/null 2>/dev/null || fail "OpenSSL: kurv's CMS signature"
reset_log
openssl cms $P -encrypt -binary -aes-128-cbc -in "$T/msg" -recip "$T/cert.pem" -outform DER \
    -out "$T/e.cms"
# the originator's ephemeral key is made from the certificate's key, now kurv's
expect_count 1 "keygen $name"
expect_count 1 "derive $name"
reset_log
openssl cms $P -decrypt -binary -inform DER -in "$T/e.cms" -recip "$T/cert.pem" \
    -inkey "$T/sec1.der" -keyform DER -out "$T/e.out"
cmp -s "$T/msg" "$T/e.out" || fail "kurv: CMS decryption"
expect_count 1 "derive $name"
openssl cms -decrypt -binary -inform DER -in "$T/e.cms" -recip "$T/cert.pem" \
    -inkey "$T/sec1.pem" -out "$T/e2.out"
cmp -s "$T/msg" "$T/e2.out" || fail "OpenSSL: CMS decryption of kurv's"
[ -z "$(grep ' (default)$' "$LOG" 2>/dev/null)" ] || { cat "$LOG" >&2; fail "default used"; }
echo "ok: $name key files (SEC1, PKCS#8 plain and encrypted, SPKI, certificate, PKCS#12) are kurv's; check, match, CMS in kurv"
