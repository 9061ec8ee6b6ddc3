#!/bin/sh
# openssl/tests/x509.sh NAME OSSLNAME HASH: X.509 and CMS with kurv doing the EC work.
# kurv is loaded as the README says, after the default provider and preferred
# (-provider default -provider kurv -propquery ?provider=kurv), so keys and certificates read
# from files are kurv's ("decode NAME"): a self-signed CA, a CSR, an issued certificate,
# `openssl verify` (a chain whose keys are kurv's), CMS signed data with and without signed
# attributes; each is checked by OpenSSL alone, and OpenSSL's own CA, certificate and CMS are
# checked by kurv. The trace counts every EC operation exactly (and stays empty for OpenSSL
# alone); altered certificates and signatures fail.
. "$(dirname "$0")/common.sh"
name=$1 ossl=$2 hash=$3
P=$KURVDEF
cat >"$T/leaf.ext" <<EOC
basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature,keyAgreement
EOC

# kurv: CA key, self-signed CA certificate, leaf key, CSR, issued certificate
openssl genpkey $P -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -out "$T/ca.key"
openssl genpkey $P -algorithm EC -pkeyopt ec_paramgen_curve:"$ossl" -out "$T/leaf.key"
expect_count 2 "keygen $name"; reset_log
openssl req $P -x509 -new -key "$T/ca.key" -subj "/CN=kurv CA $name" -days 30 -"$hash" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
    -out "$T/ca.crt"
openssl req $P -new -key "$T/leaf.key" -subj "/CN=kurv leaf $name" -"$hash" -out "$T/leaf.csr"
expect_count 2 "sign $name"
# the key files were read by kurv's decoder (openssl req reads a key more than once)
[ "$(count "decode $name")" -ge 2 ] || { cat "$LOG" >&2; fail "req: keys not decoded by kurv"; }
reset_log
openssl x509 $P -req -in "$T/leaf.csr" -CA "$T/ca.crt" -CAkey "$T/ca.key" -CAcreateserial \
    -days 30 -"$hash" -extfile "$T/leaf.ext" -out "$T/leaf.crt"
# one signature (the certificate) and one verification (the CSR's self-signature)
expect_count 1 "sign $name"
expect_count 1 "verify $name"
reset_log
openssl verify $P -CAfile "$T/ca.crt" "$T/leaf.crt" | grep -q ': OK' || fail "kurv: verify"
expect_count 1 "verify $name"
# both certificates' keys are kurv's: OpenSSL 3.0's chain check asks each for
# decoded-from-explicit (keymgmt.c), without which this verify fails ("unspecified")
expect_count 2 "decode $name"
reset_log

# OpenSSL alone checks kurv's objects
openssl req -in "$T/leaf.csr" -verify -noout 2>&1 | grep -qi 'verify OK' \
    || fail "OpenSSL: CSR signature"
openssl verify -CAfile "$T/ca.crt" "$T/leaf.crt" | grep -q ': OK' || fail "OpenSSL: verify"
openssl verify -check_ss_sig -CAfile "$T/ca.crt" "$T/ca.crt" | grep -q ': OK' \
    || fail "OpenSSL: CA self-signature"
[ "$(count "verify $name")" = 0 ] || fail "OpenSSL alone used kurv"

# kurv checks OpenSSL's objects
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:"$ossl" -nodes -keyout "$T/oca.key" \
    -subj "/CN=OpenSSL CA $name" -days 30 -"$hash" -out "$T/oca.crt" 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:"$ossl" -nodes -keyout "$T/oleaf.key" \
    -subj "/CN=OpenSSL leaf $name" -out "$T/oleaf.csr" 2>/dev/null
openssl x509 -req -in "$T/oleaf.csr" -CA "$T/oca.crt" -CAkey "$T/oca.key" -CAcreateserial \
    -days 30 -"$hash" -out "$T/oleaf.crt" 2>/dev/null
[ ! -f "$LOG" ] || fail "OpenSSL alone used kurv"
openssl verify $P -check_ss_sig -CAfile "$T/oca.crt" "$T/oleaf.crt" | grep -q ': OK' \
    || fail "kurv: OpenSSL's certificate"
expect_count 2 "verify $name"   # the leaf's and, with -check_ss_sig, the CA's
expect_count 2 "decode $name"   # OpenSSL's two certificates, read into kurv keys
reset_log

# altered certificate: one bit of the signature's last byte
openssl x509 -in "$T/leaf.crt" -outform DER -out "$T/leaf.der"
len=$(wc -c <"$T/leaf.der")
cp "$T/leaf.der" "$T/bad.der"
last=$(od -An -tu1 -j $((len - 1)) -N1 "$T/leaf.der" | tr -d ' ')
printf "$(printf '\\%03o' $((last ^ 1)))" | dd of="$T/bad.der" bs=1 seek=$((len - 1)) conv=notrunc 2>/dev/null
openssl x509 -inform DER -in "$T/bad.der" -out "$T/bad.crt"
set +e; openssl verify $P -CAfile "$T/ca.crt" "$T/bad.crt" >"$T/out" 2>&1; st=$?; set -e
[ $st -ne 0 ] && [ $st -lt 128 ] || fail "kurv: altered certificate (status $st)"
grep -q 'signature failure' "$T/out" || fail "kurv: altered certificate: $(cat "$T/out")"
expect_count 1 "verify $name"
reset_log

# CMS signed data, with and without signed attributes, both ways
{ echo "kurv-cms-content"; head -c 3000 /dev/urandom | base64; } >"$T/msg"
for attr in "" -noattr; do
    openssl cms $P -sign $attr -md "$hash" -nodetach -binary -in "$T/msg" -signer "$T/leaf.crt" \
        -inkey "$T/leaf.key" -outform DER -out "$T/k.cms"
    expect_count 1 "sign $name"; reset_log
    openssl cms -verify -binary -inform DER -in "$T/k.cms" -CAfile "$T/ca.crt" -out "$T/k.out" \
        2>/dev/null || fail "OpenSSL: kurv's CMS ($attr)"
    cmp -s "$T/msg" "$T/k.out" || fail "OpenSSL: CMS content ($attr)"
    openssl cms $P -verify -binary -inform DER -in "$T/k.cms" -CAfile "$T/ca.crt" \
        -out "$T/k.out" 2>/dev/null || fail "kurv: its own CMS ($attr)"
    openssl cms -sign $attr -md "$hash" -nodetach -binary -in "$T/msg" \
        -signer "$T/oleaf.crt" -inkey "$T/oleaf.key" -outform DER -out "$T/o.cms"
    openssl cms $P -verify -binary -inform DER -in "$T/o.cms" -CAfile "$T/oca.crt" \
        -out "$T/o.out" 2>/dev/null || fail "kurv: OpenSSL's CMS ($attr)"
    cmp -s "$T/msg" "$T/o.out" || fail "kurv: CMS content ($attr)"
    # kurv verified: its CMS and OpenSSL's, each the signer's signature and the certificate's
    expect_count 4 "verify $name"
    reset_log
    # altered signed content: the last byte of the message inside the DER
    cp "$T/k.cms" "$T/bad.cms"
    off=$(LC_ALL=C grep -obUa 'kurv-cms-content' "$T/bad.cms" | head -1 | cut -d: -f1)
    [ -n "$off" ] || fail "content not found in the CMS"
    printf 'X' | dd of="$T/bad.cms" bs=1 seek=$((off + 5)) conv=notrunc 2>/dev/null
    must_fail "kurv verifies an altered CMS ($attr)" \
        openssl cms $P -verify -binary -inform DER -in "$T/bad.cms" -CAfile "$T/ca.crt" -out "$T/b.out"
    reset_log
done

# CMS encryption to the EC recipient (ECDH + X9.63 KDF in kurv), decrypted by OpenSSL alone
# and the other way round
openssl cms $P -encrypt -binary -aes-128-cbc -in "$T/msg" -recip "$T/leaf.crt" -outform DER \
    -out "$T/e.cms"
# OpenSSL 3.0's CMS makes the originator's ephemeral key from the recipient certificate's
# key, kurv's (its decoder read the certificate): generated and used by kurv
expect_count 1 "decode $name"
expect_count 1 "keygen $name"
expect_count 1 "derive $name"
[ -z "$(grep ' (default)$' "$LOG")" ] || { cat "$LOG" >&2; fail "CMS encryption: default used"; }
reset_log
openssl cms -decrypt -binary -inform DER -in "$T/e.cms" -recip "$T/leaf.crt" \
    -inkey "$T/leaf.key" -out "$T/e.out"
cmp -s "$T/msg" "$T/e.out" || fail "OpenSSL: CMS decryption of kurv's"
openssl cms -encrypt -binary -aes-128-cbc -in "$T/msg" -recip "$T/leaf.crt" -outform DER \
    -out "$T/e2.cms"
openssl cms $P -decrypt -binary -inform DER -in "$T/e2.cms" -recip "$T/leaf.crt" \
    -inkey "$T/leaf.key" -out "$T/e2.out"
cmp -s "$T/msg" "$T/e2.out" || fail "kurv: CMS decryption of OpenSSL's"
expect_count 1 "derive $name"
echo "ok: $name X.509 (CA, CSR, certificate, verify) and CMS (sign, verify, encrypt) both ways"
