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
#   - writing is kurv's (its encoders, openssl/encoder.c): a key kurv generates, written by
#     pkey, pkcs8 -topk8 -nocrypt, ec and libcrypto's i2d_*/PEM_write_* (KEYLOAD write) as
#     every structure and format the default provider offers, equals byte for byte what
#     the default provider alone writes, the trace has "encode NAME STRUCTURE" and no
#     "export" line; encrypted writes (pkey -aes-128-cbc/-aes-256-cbc/-camellia-256-cbc,
#     pkcs8 -topk8 -v2 with those, genpkey -aes256, i2d_PKCS8PrivateKey_bio) read back with
#     the default provider alone to the same key, a wrong password fails; what kurv declines
#     (compressed point-format in private structures, ec -aes256) is traced "(default)".
#   - text is kurv's (openssl/encoder_text.c): pkey -text/-text_pub (key pair, SPKI PEM and
#     DER, compressed), ec -text, ecparam -text (parameters), genpkey -text and every selection through OSSL_ENCODER
#     "TEXT" (KEYLOAD text, text-pub: output and result) equal the default provider's, traced
#     "encode NAME text", no export; pkey -traditional is the one write that still exports
#     (OpenSSL 3.0 downgrades the key), equal to the default provider's and to ec's SEC1 PEM.
#   - a public key asked for private structures (KEYLOAD privwrite; pkcs8 -topk8, pkey, ec of
#     an SPKI file) is refused as the default provider refuses it, nothing written;
#   - a file kurv declines on purpose (explicit parameters) is traced "(default)" only.
# With "default" (a curve kurv lacks, e.g. secp224r1): every key loads, is the default
# provider's, the trace says "decode OSSLNAME (default)" and has no line without "(default)";
# a key kurv's keymgmt generates there is written by the default provider's encoders through
# kurv ("encode OSSLNAME PrivateKeyInfo (default)", "encode OSSLNAME text (default)"), as
# OpenSSL alone writes it.
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
    # a key kurv's keymgmt generates through the default provider is written by the default
    # provider's encoders, reached from inside kurv: the same bytes as OpenSSL alone writes
    openssl genpkey $P -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -out "$T/g.pem"
    expect_count 1 "encode $ossl PrivateKeyInfo (default)"
    openssl pkey -provider default -in "$T/g.pem" -out "$T/g0.pem"
    cmp -s "$T/g.pem" "$T/g0.pem" || fail "genpkey -out (default) differs from OpenSSL's"
    openssl pkey $P -in "$T/g.pem" -pubout -out "$T/gp.pem"
    openssl pkey -provider default -in "$T/g.pem" -pubout -out "$T/gp0.pem"
    cmp -s "$T/gp.pem" "$T/gp0.pem" || fail "pkey -pubout (default) differs from OpenSSL's"
    openssl genpkey $P -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -aes256 \
        -pass pass:$pw -out "$T/ge.pem"
    expect_count 1 "encode $ossl EncryptedPrivateKeyInfo (default)"
    openssl pkey -provider default -in "$T/ge.pem" -passin pass:$pw -noout \
        || fail "genpkey -aes256 (default): the default provider cannot read it"
    # text (genpkey -text: the PEM, then EVP_PKEY_print_private) of such a key: the default
    # provider's text encoder, reached from inside kurv, as `pkey -text` of OpenSSL alone
    openssl genpkey $P -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -text -out "$T/gt.pem"
    expect_count 1 "encode $ossl text (default)"
    openssl pkey -provider default -in "$T/gt.pem" -text -out "$T/gt0.pem"
    cmp -s "$T/gt.pem" "$T/gt0.pem" || fail "genpkey -text (default) differs from OpenSSL's"
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

# writing a kurv key: kurv's encoders (openssl/encoder.c) write it ("encode NAME STRUCTURE"),
# never an export to the default provider's; each file equals, byte for byte, what the
# default provider alone writes of the same key with the same command
for f in sec1.pem sec1.der p8.pem p8.der p8e.pem; do
    case $f in *.der) form=DER ;; *) form=PEM ;; esac
    reset_log
    openssl pkey $P -in "$T/$f" -inform $form -passin pass:$pw -out "$T/w.pem"
    cmp -s "$T/w.pem" "$T/p8.pem" || fail "pkey -out from $f is not the PKCS#8 file"
    expect_count 1 "$line"
    expect_count 1 "encode $name PrivateKeyInfo"
    openssl pkey $P -in "$T/$f" -inform $form -passin pass:$pw -pubout -out "$T/wp.pem"
    cmp -s "$T/wp.pem" "$T/spki.pem" || fail "pkey -pubout from $f differs"
done
# no_export: the trace has no "export" line (kurv handed no key to another provider)
no_export() {
    if grep -q '^export ' "$LOG" 2>/dev/null; then cat "$LOG" >&2; fail "$1: exported"; fi
}
no_export "pkey -out"
# a key kurv generates, written as every structure and format the default provider offers
reset_log
openssl genpkey $P -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -out "$T/g.pem"
expect_count 1 "keygen $name"
expect_count 1 "encode $name PrivateKeyInfo"
no_export "genpkey -out"
openssl pkey -provider default -in "$T/g.pem" -out "$T/g0.pem"
cmp -s "$T/g.pem" "$T/g0.pem" || fail "genpkey -out differs from OpenSSL's"
# same_write STRUCTURE CMD ARGS...: `openssl CMD $P ARGS -out X` and `openssl CMD -provider
# default ARGS -out Y` write the same bytes; the first's trace has "encode NAME STRUCTURE"
# (twice where OpenSSL's i2d_*_bio asks for the length first: pkey -outform DER writes
# i2d_PrivateKey's SEC1) and no other encode line, and no export
same_write() {
    st=$1 cmd=$2; shift 2
    reset_log
    openssl "$cmd" $P "$@" -out "$T/sk" 2>"$T/sk.err" || { cat "$T/sk.err" >&2; fail "kurv: $cmd $*"; }
    [ "$(count "encode $name $st")" -ge 1 ] && [ -z "$(grep '^encode ' "$LOG" \
        | grep -vxF "encode $name $st")" ] || { cat "$LOG" >&2; fail "$cmd $*: not '$st'"; }
    no_export "$cmd $*"
    openssl "$cmd" -provider default "$@" -out "$T/sd" 2>/dev/null
    cmp -s "$T/sk" "$T/sd" || fail "$cmd $*: kurv's file differs from the default provider's"
}
g="$T/g.pem"
same_write PrivateKeyInfo pkey -in "$g"
same_write type-specific pkey -in "$g" -outform DER
same_write SubjectPublicKeyInfo pkey -in "$g" -pubout
same_write SubjectPublicKeyInfo pkey -in "$g" -pubout -outform DER
same_write PrivateKeyInfo pkcs8 -topk8 -nocrypt -in "$g"
same_write PrivateKeyInfo pkcs8 -topk8 -nocrypt -in "$g" -outform DER
same_write type-specific ec -in "$g"
same_write type-specific ec -in "$g" -outform DER
same_write SubjectPublicKeyInfo ec -in "$g" -pubout
same_write SubjectPublicKeyInfo ec -in "$g" -pubout -outform DER
same_write type-specific ec -in "$g" -param_out -no_public
same_write type-specific ec -in "$g" -param_out -no_public -outform DER
same_write SubjectPublicKeyInfo ec -in "$g" -pubout -conv_form compressed
same_write SubjectPublicKeyInfo pkey -pubin -in "$T/spki.der" -inform DER -outform DER
# a compressed point-format: kurv writes the private key's public point uncompressed, so it
# hands private structures to the default provider's encoder
same_write "type-specific (default)" ec -in "$g" -conv_form compressed
same_write "type-specific (default)" ec -in "$g" -conv_form compressed -outform DER
# libcrypto's calls: i2d_PrivateKey, i2d_PUBKEY, i2d_PublicKey (the point: blob),
# i2d_KeyParams, PEM_write_bio_PrivateKey, _PUBKEY, _Parameters
rm -rf "$T/kw"; mkdir "$T/kw"
reset_log
out=$("$L" write "$g" "$T/kw") || fail "kp-keyload write"
[ "$out" = kurv ] || fail "kp-keyload write: the key is $out's"
for f in priv.der pubkey.der point.bin param.der priv.pem pub.pem param.pem; do
    cmp -s "$T/kw/$f.k" "$T/kw/$f.d" || fail "kp-keyload write: $f differs from the default provider's"
done
# i2d_PrivateKey, i2d_KeyParams, PEM_write_bio_Parameters; i2d_PUBKEY, PEM_write_bio_PUBKEY
expect_count 3 "encode $name type-specific"
expect_count 2 "encode $name SubjectPublicKeyInfo"
expect_count 1 "encode $name blob"
expect_count 1 "encode $name PrivateKeyInfo"
no_export "kp-keyload write"
# encrypted: kurv's EncryptedPrivateKeyInfo (OpenSSL's PBES2 with the cipher named), read
# back by the default provider alone to the same key; a wrong password fails
# enc_check FILE DESC [DER]: FILE decrypts with the default provider to the key of g.pem
enc_check() {
    form=PEM; [ "${3:-}" != DER ] || form=DER
    openssl pkey -provider default -in "$1" -inform $form -passin pass:$pw -out "$T/ed.pem" \
        || fail "$2: the default provider cannot read it"
    cmp -s "$T/ed.pem" "$T/g0.pem" || fail "$2: not the key"
    must_fail "$2 with a wrong password" openssl pkey -provider default -in "$1" -inform $form \
        -passin pass:wrong-$pw -out "$T/ew.pem"
}
for c in aes-128-cbc aes-256-cbc camellia-256-cbc; do
    reset_log
    openssl pkey $P -in "$g" -$c -passout pass:$pw -out "$T/e-$c.pem"
    expect_count 1 "encode $name EncryptedPrivateKeyInfo"
    no_export "pkey -$c"
    grep -q 'BEGIN ENCRYPTED PRIVATE KEY' "$T/e-$c.pem" || fail "pkey -$c: not encrypted PKCS#8"
    enc_check "$T/e-$c.pem" "pkey -$c"
    # pkcs8 -topk8 -v2: OpenSSL's pkcs8 encrypts the PrivateKeyInfo kurv writes
    reset_log
    openssl pkcs8 $P -topk8 -v2 $c -passout pass:$pw -in "$g" -outform DER -out "$T/e-$c.der"
    expect_count 1 "encode $name PrivateKeyInfo"
    no_export "pkcs8 -topk8 -v2 $c"
    enc_check "$T/e-$c.der" "pkcs8 -topk8 -v2 $c" DER
done
reset_log
out=$("$L" encrypt "$g" "$T/e.der" $pw) || fail "kp-keyload encrypt"
[ "$out" = kurv ] || fail "kp-keyload encrypt: the key is $out's"
[ "$(count "encode $name EncryptedPrivateKeyInfo")" -ge 1 ] || { cat "$LOG" >&2; fail "i2d_PKCS8PrivateKey_bio: not kurv's"; }
no_export "i2d_PKCS8PrivateKey_bio"
enc_check "$T/e.der" "i2d_PKCS8PrivateKey_bio" DER
reset_log
openssl genpkey $P -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -aes256 -pass pass:$pw \
    -out "$T/ge.pem"
expect_count 1 "keygen $name"
expect_count 1 "encode $name EncryptedPrivateKeyInfo"
no_export "genpkey -aes256"
openssl pkey -provider default -in "$T/ge.pem" -passin pass:$pw -noout \
    || fail "genpkey -aes256: the default provider cannot read it"
must_fail "genpkey -aes256: a wrong password" openssl pkey -provider default -in "$T/ge.pem" \
    -passin pass:wrong-$pw -noout
# SEC1 PEM with a cipher (traditional PEM encryption): the default provider's encoder
reset_log
openssl ec $P -in "$g" -aes256 -passout pass:$pw -out "$T/ee.pem" 2>/dev/null
expect_count 1 "encode $name type-specific (default)"
no_export "ec -aes256"
grep -q 'Proc-Type: 4,ENCRYPTED' "$T/ee.pem" || fail "ec -aes256: not traditional PEM encryption"
enc_check "$T/ee.pem" "ec -aes256"
# text: kurv's text encoder (openssl/encoder_text.c) prints its keys as the default provider
# alone prints them, with no export: private, public-only and parameters selections
same_write text pkey -in "$g" -text -noout
same_write text pkey -in "$g" -text_pub -noout
same_write text pkey -pubin -in "$T/spki.pem" -text -noout
same_write text pkey -pubin -in "$T/spki.der" -inform DER -text -noout
same_write text ec -in "$g" -text -noout
same_write text ec -in "$T/sec1.pem" -text -noout
same_write text ec -in "$g" -text -noout -conv_form compressed
same_write text ec -pubin -in "$T/spki.pem" -text -noout
same_write text pkey -in "$g" -text_pub -noout -ec_conv_form compressed
same_write text ecparam -name "$ossl" -text -noout
# genpkey -text: the PEM, then the text of a key kurv generated, as `pkey -text` of the default
# provider prints the same file
reset_log
openssl genpkey $P -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -text -out "$T/gt.pem"
expect_count 1 "keygen $name"
expect_count 1 "encode $name text"
no_export "genpkey -text"
openssl pkey -provider default -in "$T/gt.pem" -text -out "$T/gt0.pem"
cmp -s "$T/gt.pem" "$T/gt0.pem" || fail "genpkey -text differs from the default provider's"
grep -q '^Private-Key: (' "$T/gt.pem" && grep -q '^priv:$' "$T/gt.pem" \
    && grep -q '^ASN1 OID: ' "$T/gt.pem" || fail "genpkey -text: no text"
# every selection through libcrypto (kp-keyload text: OSSL_ENCODER "TEXT"), output and result
# as the default provider's, for a key pair and for a public key
for kt in "text $g" "text-pub $T/spki.der"; do
    rm -rf "$T/kt"; mkdir "$T/kt"
    reset_log
    out=$("$L" ${kt%% *} "${kt#* }" "$T/kt") || fail "kp-keyload ${kt%% *}"
    [ "$out" = kurv ] || fail "kp-keyload ${kt%% *}: the key is $out's"
    for f in "$T"/kt/text-*.k; do
        cmp -s "$f" "${f%.k}.d" || { diff "$f" "${f%.k}.d" >&2; fail "kp-keyload ${kt%% *}: $(basename "$f") differs from the default provider's"; }
    done
    no_export "kp-keyload ${kt%% *}"
done
grep -qx 'rc=1' "$T/kt/text-public.k" && grep -qx 'rc=0' "$T/kt/text-keypair.k" \
    || fail "kp-keyload text-pub: a public key printed as a key pair"
grep -q '^EC-Parameters: (' "$T/kt/text-params.k" || fail "kp-keyload text: no parameters"
expect_count 3 "encode $name text"   # public, params, pub (the key pair and priv refused)
# -traditional (PEM "EC PRIVATE KEY" by PEM_write_bio_PrivateKey_traditional): OpenSSL 3.0
# copies a provider's key into a legacy EC_KEY ("there is no way to tell a provided pkey
# encoder to use traditional encoding", crypto/pem/pem_pkey.c), so kurv's keymgmt exports it:
# traced, and byte for byte the default provider's; `ec` writes the same SEC1 PEM by kurv's
# encoder
reset_log
openssl pkey $P -in "$g" -traditional -out "$T/tr.pem"
expect_count 1 "export $name"
openssl pkey -provider default -in "$g" -traditional -out "$T/tr0.pem"
cmp -s "$T/tr.pem" "$T/tr0.pem" || fail "pkey -traditional differs from the default provider's"
same_write type-specific ec -in "$g"
cmp -s "$T/sk" "$T/tr0.pem" || fail "ec's SEC1 PEM is not pkey -traditional's"

# a public key asked for private structures (i2d_PrivateKey, PEM_write_bio_PrivateKey,
# i2d_PKCS8PrivateKey_bio, PEM_write_bio_PrivateKey_traditional: kp-keyload privwrite):
# refused, nothing written, the same results as the default provider's; kurv encodes nothing
rm -rf "$T/pw"; mkdir "$T/pw"
reset_log
out=$("$L" privwrite "$T/spki.der" "$T/pw") || fail "kp-keyload privwrite"
[ "$out" = kurv ] || fail "kp-keyload privwrite: the key is $out's"
cmp -s "$T/pw/privwrite.k" "$T/pw/privwrite.d" \
    || { diff "$T/pw/privwrite.k" "$T/pw/privwrite.d" >&2; fail "privwrite: not the default provider's results"; }
# each line "<call>=<result> <bytes>": a result of 0 or less, no byte
awk '{ split($1, r, "="); if (r[2] + 0 > 0 || $2 != 0) bad = 1 } END { exit bad }' \
    "$T/pw/privwrite.k" || { cat "$T/pw/privwrite.k" >&2; fail "privwrite: a public key written as a private one"; }
expect_count 0 "encode $name PrivateKeyInfo"
expect_count 0 "encode $name type-specific"
# and by the openssl command (a private key wanted from an SPKI file): exit 1, nothing written,
# as with the default provider alone
for c in "pkcs8 -topk8 -nocrypt" "pkey" "ec"; do
    for pp in "$P" "-provider default"; do
        rm -f "$T/pw.out"
        must_fail "$c $pp of a public key" openssl $c $pp -in "$T/spki.pem" -out "$T/pw.out"
        [ ! -s "$T/pw.out" ] || fail "$c $pp of a public key: wrote $(wc -c <"$T/pw.out") bytes"
    done
done
# a key kurv declines on purpose (explicit parameters: its decoder leaves the file to OpenSSL's)
# is traced "(default)" only, and prints as the default provider alone prints it
openssl ecparam -name "$ossl" -genkey -param_enc explicit -noout -out "$T/ex.pem" 2>/dev/null
reset_log
openssl pkey $P -in "$T/ex.pem" -text -noout >"$T/ex.t1"
openssl pkey -provider default -in "$T/ex.pem" -text -noout >"$T/ex.t2"
cmp -s "$T/ex.t1" "$T/ex.t2" || fail "explicit parameters: pkey -text differs"
[ "$(count "decode explicit-parameters (default)")" -ge 1 ] \
    && [ -z "$(grep -v ' (default)$' "$LOG")" ] || { cat "$LOG" >&2; fail "explicit parameters: not traced (default)"; }

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
