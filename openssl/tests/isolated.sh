#!/bin/sh
# openssl/tests/isolated.sh NAME OSSLNAME HASH: kurv alone does the EC work.
# With `-provider base -provider kurv` (base has encoders and decoders but no EC code):
# genpkey makes a key on the curve that OpenSSL alone (its default provider) then reads and
# checks; pkeyutl -sign twice gives identical signatures (RFC 6979) that OpenSSL alone
# verifies; kurv verifies OpenSSL's signature and refuses it on an altered digest; pkeyutl
# -derive equals OpenSSL's derive from the other side. The trace shows every operation.
# Fails when the provider is absent (openssl cannot load it) or does the wrong thing.
. "$(dirname "$0")/common.sh"
name=$1 ossl=$2 hash=$3

# key generation by kurv
openssl genpkey $KURV -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -out "$T/k.pem"
expect_count 1 "keygen $name"; reset_log
# ... which OpenSSL alone reads as a key on the curve and checks (pub = d*G, d < n)
openssl pkey -in "$T/k.pem" -check -noout | grep -q 'Key is valid' || fail "OpenSSL: key invalid"
openssl pkey -in "$T/k.pem" -text -noout | grep -q "ASN1 OID: $ossl" || fail "OpenSSL: not on $ossl"
openssl pkey -in "$T/k.pem" -pubout -out "$T/k.pub"
# kurv reads OpenSSL's key files as well (the group by OpenSSL's name and by kurv's), with
# its own decoder (kurv loaded last) and checks the key
openssl pkey $KURV -in "$T/k.pem" -check -noout | grep -q 'Key is valid' || fail "kurv: key invalid"
expect_count 1 "decode $name"
expect_count 1 "check $name"
reset_log

# signatures: deterministic, verified by OpenSSL alone
head -c 1000 /dev/urandom >"$T/msg"
openssl dgst -"$hash" -binary "$T/msg" >"$T/dg"
openssl pkeyutl $KURV -sign -inkey "$T/k.pem" -in "$T/dg" -out "$T/s1"
openssl pkeyutl $KURV -sign -inkey "$T/k.pem" -in "$T/dg" -out "$T/s2"
expect_count 2 "sign $name"; reset_log
cmp -s "$T/s1" "$T/s2" || fail "two signatures of one digest differ (RFC 6979 nonces expected)"
openssl pkeyutl -verify -pubin -inkey "$T/k.pub" -in "$T/dg" -sigfile "$T/s1" \
    | grep -q 'Signature Verified Successfully' || fail "OpenSSL rejects kurv's signature"
# OpenSSL's own signatures are randomised: two differ (so the equality above is kurv's)
openssl pkeyutl -sign -inkey "$T/k.pem" -in "$T/dg" -out "$T/o1"
openssl pkeyutl -sign -inkey "$T/k.pem" -in "$T/dg" -out "$T/o2"
! cmp -s "$T/o1" "$T/o2" || fail "OpenSSL's two signatures are equal"
[ "$(count "sign $name")" = 0 ] || fail "OpenSSL alone wrote to kurv's trace"
# kurv verifies OpenSSL's signature, and refuses it on another digest
openssl pkeyutl $KURV -verify -pubin -inkey "$T/k.pub" -in "$T/dg" -sigfile "$T/o1" \
    | grep -q 'Signature Verified Successfully' || fail "kurv rejects OpenSSL's signature"
openssl dgst -"$hash" -binary "$T/dg" >"$T/dg2"
must_fail "kurv verifies a signature on another digest" \
    openssl pkeyutl $KURV -verify -pubin -inkey "$T/k.pub" -in "$T/dg2" -sigfile "$T/o1"
expect_count 2 "verify $name"; reset_log

# ECDH: kurv's derive equals OpenSSL's from the other side
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -out "$T/o.pem"
openssl pkey -in "$T/o.pem" -pubout -out "$T/o.pub"
openssl pkeyutl $KURV -derive -inkey "$T/k.pem" -peerkey "$T/o.pub" -out "$T/z1"
openssl pkeyutl -derive -inkey "$T/o.pem" -peerkey "$T/k.pub" -out "$T/z2"
cmp -s "$T/z1" "$T/z2" || fail "ECDH secrets differ"
[ -s "$T/z1" ] || fail "empty ECDH secret"
expect_count 1 "derive $name"
echo "ok: $name isolated (genpkey, 2 identical signatures, verify both ways, derive)"
