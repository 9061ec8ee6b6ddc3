#!/bin/sh
# openssl/tests/p25519.sh KEYLOAD: kurv.so's X25519 and Ed25519 (issue 34) against OpenSSL's default
# provider alone, with the openssl command; registered only when the kurv-25519 family is
# built (openssl/tests/meson.build), suites provider and 25519. KURV_25519_DIR (meson) is the
# folder of libkurv-25519.so.0, which kurv-provider.so dlopen()s at load.
#   1. key files: `openssl genpkey -algorithm ed25519|x25519` of the default provider read by
#      kurv (trace "decode ALG"; through libcrypto, kp-keyload KEYLOAD: EVP_PKEY_get0_provider
#      is kurv for PKCS#8, encrypted PKCS#8, SPKI and a certificate's key) and written again byte for byte, PKCS#8 and
#      SubjectPublicKeyInfo, PEM and DER (trace "encode ALG ..."); keys made by kurv (trace
#      "keygen ALG") read by the default provider alone and written by it byte for byte;
#      encrypted PKCS#8 (AES-256-CBC) both ways, another cipher refused by kurv;
#   2. Ed25519 signatures (`pkeyutl -sign -rawin`: EVP_DigestSign) of several messages equal
#      to the default provider's (deterministic), each verified by the other side; altered
#      signatures and messages refused by kurv;
#   3. X25519 derive equal to the default provider's, both roles; a peer key of small order
#      (u = 0: an all-zero secret) refused;
#   4. X.509: a self-signed Ed25519 certificate made through kurv verified by the default
#      provider alone, and the default provider's verified through kurv; CMS SignedData with
#      Ed25519, which OpenSSL 3.0 cannot make with its default provider, refused by both;
#   5. TLS 1.3 with an Ed25519 certificate and -groups x25519, kurv preferred at both ends:
#      the traces show keygen and derive X25519 on both sides, sign ED25519 on the server,
#      verify ED25519 on the client.
. "$(dirname "$0")/common.sh"
export LD_LIBRARY_PATH="${KURV_25519_DIR:?set by meson}:$LD_LIBRARY_PATH"
L=${1:?usage: p25519.sh KEYLOAD}   # kp-keyload (keyload.c): the provider of a key read by libcrypto
# loaded WANT ARGS...: kp-keyload ARGS names the provider WANT (keys of type $alg)
loaded() {
    w=$1; shift
    out=$(KP_KEYLOAD_TYPE=$alg "$L" "$@") || fail "kp-keyload $*: failed"
    [ "$out" = "$w" ] || fail "kp-keyload $*: '$out', expected '$w'"
}
D="-provider default"
P=$KURVDEF

openssl list -providers -verbose $KURV >"$T/list" 2>&1 || { cat "$T/list" >&2; fail "kurv did not load"; }
if grep -q '25519 not loaded' "$T/list"; then cat "$T/list" >&2; fail "libkurv-25519 not loaded"; fi

# 1. key files, both ways
for alg in ED25519 X25519; do
    a=$T/$alg
    openssl genpkey $D -algorithm $alg -out "$a.d.pem"
    openssl pkey $D -in "$a.d.pem" -outform DER -out "$a.d.der"
    openssl pkey $D -in "$a.d.pem" -pubout -out "$a.d.pub"
    openssl pkey $D -in "$a.d.pem" -pubout -outform DER -out "$a.d.pub.der"
    [ ! -f "$LOG" ] || fail "the default provider alone used kurv"
    openssl pkey $KURV -in "$a.d.pem" -out "$a.k.pem"
    expect_count 1 "decode $alg"
    expect_count 1 "encode $alg PrivateKeyInfo"
    cmp -s "$a.d.pem" "$a.k.pem" || fail "$alg: PKCS#8 PEM written by kurv differs"
    reset_log
    openssl pkey $KURV -in "$a.d.der" -inform DER -outform DER -out "$a.k.der"
    cmp -s "$a.d.der" "$a.k.der" || fail "$alg: PKCS#8 DER written by kurv differs"
    openssl pkey $KURV -in "$a.d.pem" -pubout -out "$a.k.pub"
    cmp -s "$a.d.pub" "$a.k.pub" || fail "$alg: SPKI PEM written by kurv differs"
    openssl pkey $KURV -in "$a.d.pem" -pubout -outform DER -out "$a.k.pub.der"
    cmp -s "$a.d.pub.der" "$a.k.pub.der" || fail "$alg: SPKI DER written by kurv differs"
    openssl pkey $KURV -pubin -in "$a.d.pub" -pubout -out "$a.k.pub2"
    cmp -s "$a.d.pub" "$a.k.pub2" || fail "$alg: SPKI read and written by kurv differs"
    [ "$(count "decode $alg")" -ge 4 ] || { cat "$LOG" >&2; fail "$alg: files not decoded by kurv"; }
    # read through libcrypto (default provider, then kurv, preferred): kurv's keys
    loaded kurv key "$a.d.pem"
    loaded kurv key "$a.d.der"
    loaded kurv pub "$a.d.pub"
    loaded kurv pub "$a.d.pub.der"
    [ "$(count "encode $alg SubjectPublicKeyInfo")" -ge 3 ] || { cat "$LOG" >&2; fail "$alg: public keys not encoded by kurv"; }
    reset_log
    # a key made by kurv, read by the default provider alone
    openssl genpkey $KURV -algorithm $alg -out "$a.g.pem"
    expect_count 1 "keygen $alg"
    openssl pkey $KURV -in "$a.g.pem" -pubout -out "$a.g.k.pub"
    reset_log
    openssl pkey $D -in "$a.g.pem" -out "$a.g.d.pem"
    cmp -s "$a.g.pem" "$a.g.d.pem" || fail "$alg: kurv's key file rewritten by OpenSSL differs"
    openssl pkey $D -in "$a.g.pem" -pubout -out "$a.g.d.pub"
    cmp -s "$a.g.k.pub" "$a.g.d.pub" || fail "$alg: kurv's public key differs from OpenSSL's"
    [ ! -f "$LOG" ] || fail "the default provider alone used kurv"
    # encrypted PKCS#8 (AES-256-CBC): written by kurv, read by the default provider alone, and
    # the other way round; another cipher refused by kurv (never written in the clear)
    reset_log
    openssl pkey $P -in "$a.g.pem" -aes256 -passout pass:kurv-pw -out "$a.g.enc"
    expect_count 1 "encode $alg EncryptedPrivateKeyInfo"
    grep -q 'BEGIN ENCRYPTED PRIVATE KEY' "$a.g.enc" || fail "$alg: not encrypted"
    openssl pkey $D -in "$a.g.enc" -passin pass:kurv-pw -out "$a.g.dec"
    cmp -s "$a.g.pem" "$a.g.dec" || fail "$alg: kurv's encrypted key read by OpenSSL differs"
    must_fail "$alg: OpenSSL read kurv's encrypted key with a wrong password" \
        openssl pkey $D -in "$a.g.enc" -passin pass:wrong
    openssl pkey $D -in "$a.d.pem" -aes256 -passout pass:pw2 -out "$a.d.enc"
    reset_log
    openssl pkey $P -in "$a.d.enc" -passin pass:pw2 -out "$a.d.dec"
    expect_count 1 "decode $alg"
    loaded kurv key "$a.d.enc" pw2
    cmp -s "$a.d.pem" "$a.d.dec" || fail "$alg: OpenSSL's encrypted key read by kurv differs"
    must_fail "$alg: kurv wrote with another cipher" \
        openssl pkey $P -in "$a.g.pem" -aria128 -passout pass:x -out "$a.g.aria"
    ! grep -q 'BEGIN PRIVATE KEY' "$a.g.aria" 2>/dev/null || fail "$alg: written in the clear"
    reset_log
    openssl pkey $KURV -in "$a.g.pem" -check -noout >/dev/null 2>&1 || fail "$alg: kurv check"
    expect_count 1 "check $alg"
    reset_log
    echo "ok: $alg key files, both ways"
done

# 2. Ed25519 signatures: equal to OpenSSL's, verified both ways
ed=$T/ED25519
printf 'abc' >"$T/m0"   # (openssl pkeyutl 3.0 refuses an empty -rawin input)
printf 'a' >"$T/m1"
head -c 1000 /dev/urandom >"$T/m2"
openssl genpkey $D -algorithm ED25519 -out "$T/ed2.pem"
openssl pkey $D -in "$T/ed2.pem" -pubout -out "$T/ed2.pub"
for key in "$ed.d.pem" "$ed.g.pem" "$T/ed2.pem"; do
    openssl pkey $D -in "$key" -pubout -out "$T/key.pub"
    for m in m0 m1 m2; do
        openssl pkeyutl $D -sign -rawin -inkey "$key" -in "$T/$m" -out "$T/$m.d.sig"
        [ ! -f "$LOG" ] || fail "the default provider alone used kurv"
        openssl pkeyutl $KURV -sign -rawin -inkey "$key" -in "$T/$m" -out "$T/$m.k.sig"
        expect_count 1 "sign ED25519"
        [ "$(wc -c <"$T/$m.k.sig")" = 64 ] || fail "Ed25519 signature of $m: not 64 bytes"
        cmp -s "$T/$m.d.sig" "$T/$m.k.sig" || fail "Ed25519 signature of $m differs from OpenSSL's"
        openssl pkeyutl $KURV -verify -rawin -pubin -inkey "$T/key.pub" -in "$T/$m" \
            -sigfile "$T/$m.d.sig" >/dev/null || fail "kurv: OpenSSL's signature of $m"
        expect_count 1 "verify ED25519"
        reset_log
        openssl pkeyutl $D -verify -rawin -pubin -inkey "$T/key.pub" -in "$T/$m" \
            -sigfile "$T/$m.k.sig" >/dev/null || fail "OpenSSL: kurv's signature of $m"
        # under another key's public key
        other=$T/ed2.pub
        [ "$key" != "$T/ed2.pem" ] || other=$ed.d.pub
        must_fail "kurv: a signature under another key" openssl pkeyutl $KURV -verify -rawin \
            -pubin -inkey "$other" -in "$T/$m" -sigfile "$T/$m.k.sig"
        reset_log
    done
done
# altered signature (each half) and message
for off in 0 40; do
    cp "$T/m2.k.sig" "$T/bad.sig"
    b=$(od -An -tu1 -j $off -N1 "$T/m2.k.sig" | tr -d ' ')
    printf "$(printf '\\%03o' $((b ^ 4)))" | dd of="$T/bad.sig" bs=1 seek=$off conv=notrunc 2>/dev/null
    must_fail "kurv: altered signature (byte $off)" openssl pkeyutl $KURV -verify -rawin -pubin \
        -inkey "$T/ed2.pub" -in "$T/m2" -sigfile "$T/bad.sig"
done
printf 'b' >"$T/m1x"
must_fail "kurv: altered message" openssl pkeyutl $KURV -verify -rawin -pubin \
    -inkey "$T/ed2.pub" -in "$T/m1x" -sigfile "$T/m1.k.sig"
reset_log
echo "ok: Ed25519 signatures equal to OpenSSL's, verified both ways"

# 3. X25519
x=$T/X25519
openssl genpkey $D -algorithm X25519 -out "$T/x2.pem"
openssl pkey $D -in "$T/x2.pem" -pubout -out "$T/x2.pub"
for pair in "$x.d.pem $T/x2.pub" "$T/x2.pem $x.d.pub" "$x.g.pem $T/x2.pub" "$T/x2.pem $x.g.k.pub"; do
    set -- $pair
    openssl pkeyutl $D -derive -inkey "$1" -peerkey "$2" -out "$T/z.d"
    openssl pkeyutl $KURV -derive -inkey "$1" -peerkey "$2" -out "$T/z.k"
    expect_count 1 "derive X25519"
    reset_log
    [ "$(wc -c <"$T/z.k")" = 32 ] || fail "X25519: secret not 32 bytes"
    cmp -s "$T/z.d" "$T/z.k" || fail "X25519 secret differs from OpenSSL's ($1, $2)"
done
cmp -s "$T/z.k" "$T/z.d" && ! cmp -s "$T/z.k" /dev/null || fail "X25519: empty secret"
# u = 0, a point of small order: the secret would be all zero
printf '302a300506032b656e032100%064d' 0 | xxd -r -p >"$T/zero.der"
must_fail "OpenSSL: an all-zero X25519 secret" openssl pkeyutl $D -derive -inkey "$T/x2.pem" \
    -peerkey "$T/zero.der" -peerform DER
must_fail "kurv: an all-zero X25519 secret" openssl pkeyutl $KURV -derive -inkey "$T/x2.pem" \
    -peerkey "$T/zero.der" -peerform DER
expect_count 0 "derive X25519"
reset_log
echo "ok: X25519 secrets equal to OpenSSL's; an all-zero secret refused"

# 4. X.509 and CMS, both ways
openssl req $P -x509 -new -key "$ed.g.pem" -subj "/CN=kurv Ed25519" -days 30 -out "$T/k.crt"
expect_count 1 "sign ED25519"
reset_log
openssl x509 -in "$T/k.crt" -noout -text | grep -q 'Signature Algorithm: ED25519' \
    || fail "kurv's certificate: not signed with Ed25519"
openssl verify $D -check_ss_sig -CAfile "$T/k.crt" "$T/k.crt" | grep -q ': OK' \
    || fail "OpenSSL: kurv's Ed25519 certificate"
[ ! -f "$LOG" ] || fail "the default provider alone used kurv"
openssl req $D -x509 -new -key "$ed.d.pem" -subj "/CN=OpenSSL Ed25519" -days 30 -out "$T/d.crt"
loaded kurv cert "$T/d.crt"
openssl verify $P -check_ss_sig -CAfile "$T/d.crt" "$T/d.crt" | grep -q ': OK' \
    || fail "kurv: OpenSSL's Ed25519 certificate"
[ "$(count "verify ED25519")" -ge 1 ] || { cat "$LOG" >&2; fail "kurv did not verify the certificate"; }
reset_log
# CMS SignedData with Ed25519: OpenSSL 3.0's CMS cannot make one, with its default provider
# alone either (CMS_add1_signer asks the key for a default digest, which pure Ed25519 has not:
# "no default digest"; with -md sha512 the digest is refused by the signature, and OpenSSL's
# pure EdDSA has no streaming sign for -noattr). kurv behaves the same: refused, not crashed.
echo "kurv-cms-content" >"$T/msg"
for who in "$D" "$P"; do
    for md in "" "-md sha512"; do
        must_fail "CMS Ed25519 SignedData ($who $md)" openssl cms $who -sign -binary \
            -in "$T/msg" -signer "$T/k.crt" -inkey "$ed.g.pem" $md -outform DER -out "$T/k.p7s"
    done
done
grep -q 'no default digest\|invalid digest' "$T/mf.out" || fail "CMS: $(cat "$T/mf.out")"
reset_log
echo "ok: X.509 with Ed25519, kurv and OpenSSL both ways; CMS refused by both"

# 5. TLS 1.3: an Ed25519 certificate, group x25519, kurv at both ends
openssl req $D -x509 -new -key "$T/ed2.pem" -subj "/CN=localhost" -days 30 -out "$T/srv.crt"
rm -f "$T/srv.log" "$T/cli.log"
KURV_PROVIDER_LOG="$T/srv.log" openssl_bg s_server $P -accept 127.0.0.1:0 -naccept 1 -www \
    -tls1_3 -groups x25519 -cert "$T/srv.crt" -key "$T/ed2.pem" </dev/null >"$T/srv.out" 2>&1 &
spid=$!
wait_port $spid "$T/srv.out"
set +e
printf 'GET / HTTP/1.0\r\n\r\n' | KURV_PROVIDER_LOG="$T/cli.log" openssl s_client $P -tls1_3 \
    -groups x25519 -connect 127.0.0.1:"$port" -servername localhost -CAfile "$T/srv.crt" \
    -verify_return_error -ign_eof >"$T/cli.out" 2>&1
st=$?
kill $spid 2>/dev/null
wait $spid 2>/dev/null
set -e
[ $st -eq 0 ] && grep -q 'HTTP/1.0 200 ok' "$T/cli.out" \
    || { cat "$T/cli.out" "$T/srv.out" >&2; fail "TLS 1.3 handshake"; }
grep -q 'Protocol  *: TLSv1.3' "$T/cli.out" || fail "TLS: not TLS 1.3"
grep -q 'Server Temp Key: X25519' "$T/cli.out" || fail "TLS: group not X25519"
grep -qi "Peer signature type: Ed25519" "$T/cli.out" || { cat "$T/cli.out" >&2; fail "TLS: signature not Ed25519"; }
for side in srv cli; do
    for op in "keygen X25519" "derive X25519" "decode ED25519"; do
        grep -qxF "$op" "$T/$side.log" || { cat "$T/$side.log" >&2; fail "TLS $side: no '$op' by kurv"; }
    done
done
grep -qxF "sign ED25519" "$T/srv.log" || { cat "$T/srv.log" >&2; fail "TLS server: no kurv sign"; }
grep -qxF "verify ED25519" "$T/cli.log" || { cat "$T/cli.log" >&2; fail "TLS client: no kurv verify"; }
echo "ok: TLS 1.3 with x25519 and an Ed25519 certificate, kurv at both ends"
