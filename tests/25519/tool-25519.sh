#!/usr/bin/env bash
# kurv tool test for X25519 and Ed25519 (a build with kurv-25519), against the openssl
# command (OpenSSL 3) both ways:
#   keys:    kurv keygen -c x25519|ed25519 files, PEM and DER, are what `openssl pkey`
#            writes back byte for byte; kurv pubkey gives `openssl pkey -pubout`'s bytes,
#            from kurv's keys and from `openssl genpkey`'s;
#   ed25519: kurv sign gives `openssl pkeyutl -sign -rawin`'s signature byte for byte (pure
#            Ed25519 is deterministic), each verifies the other's, a changed message or
#            signature is refused (exit 1);
#   x25519:  kurv ecdh gives `openssl pkeyutl -derive`'s secret, with either side's keys;
#   errors:  every misuse (an x25519 key to sign, an ed25519 key to ecdh, curves that
#            differ, ECDSA options, a bad signature length, a small-order peer, damaged key
#            files, a wrong or missing password, recover on ed25519) exits 2 with one
#            line; a key file, PEM or DER, is not replaced without --force and is written
#            mode 0600;
#   encrypted: kurv keygen --pass files read by `openssl pkey -passin`, OpenSSL's encrypted
#            keys (PEM AES-256-CBC, DER AES-128-CBC with HMAC-SHA-512) read by kurv.
# Exits 77 (skip) when openssl is missing or lacks Ed25519.
#
# usage: tool-25519.sh [EC_CURVE]   (EC_CURVE: a built Weierstrass curve, for the
#                                     mismatch check; environment: KURV_TOOL)
set -u
ec_curve=${1:-}

. "$(dirname "$0")/../interop/lib.sh"

echo "kurv x25519 and ed25519: $KURV"
if ! command -v openssl >/dev/null 2>&1 || ! openssl genpkey -algorithm ed25519 -out probe.pem 2>/dev/null; then
    echo "SKIP: the openssl command (with Ed25519) is not installed"
    exit 77
fi
openssl version

section "curves"
expect_ok "kurv curves" "$KURV" curves
for c in x25519 ed25519; do
    if grep -q "^$c " out.txt; then pass "  lists $c"; else fail "  lists $c" "not listed"; fi
done

section "keys: kurv's files as OpenSSL writes them"
for c in x25519 ed25519; do
    expect_ok "keygen -c $c (PEM)" "$KURV" keygen -c "$c" -o "$c.pem"
    perm=$(stat -c %a "$c.pem")
    if [ "$perm" = 600 ]; then pass "  mode 0600"; else fail "  mode 0600" "mode $perm"; fi
    openssl pkey -in "$c.pem" -out "$c.ossl.pem" 2>err.txt
    same "  openssl pkey reads it and writes the same PEM" "$c.pem" "$c.ossl.pem"
    openssl pkey -in "$c.pem" -text -noout >out.txt 2>err.txt
    if grep -qi "^$c private-key" out.txt; then pass "  openssl calls it $c"; else fail "  openssl calls it $c" "$(head -n 1 out.txt)"; fi
    expect_ok "keygen -c $c --format der" "$KURV" keygen -c "$c" --format der -o "$c.der"
    openssl pkey -inform DER -in "$c.der" -outform DER -out "$c.ossl.der" 2>err.txt
    same "  openssl pkey reads it and writes the same DER" "$c.der" "$c.ossl.der"
    expect_ok "pubkey of kurv's $c key" "$KURV" pubkey -k "$c.pem" -o "$c.pub"
    openssl pkey -in "$c.pem" -pubout -out "$c.ossl.pub" 2>err.txt
    same "  = openssl pkey -pubout" "$c.pub" "$c.ossl.pub"
    expect_ok "pubkey --format der" "$KURV" pubkey -k "$c.der" --format der -o "$c.pub.der"
    openssl pkey -inform DER -in "$c.der" -pubout -outform DER -out "$c.ossl.pub.der" 2>err.txt
    same "  = openssl pkey -pubout -outform DER" "$c.pub.der" "$c.ossl.pub.der"
    expect_ok "pubkey of a public key file" "$KURV" pubkey -k "$c.pub" -o "$c.pub2"
    same "  the same file" "$c.pub" "$c.pub2"
done

section "keys: OpenSSL's files read by kurv"
for c in x25519 ed25519; do
    openssl genpkey -algorithm "$c" -out "o$c.pem" 2>err.txt
    openssl pkey -in "o$c.pem" -outform DER -out "o$c.der" 2>err.txt
    openssl pkey -in "o$c.pem" -pubout -out "o$c.pub" 2>err.txt
    openssl pkey -in "o$c.pem" -pubout -outform DER -out "o$c.pub.der" 2>err.txt
    expect_ok "pubkey of openssl genpkey -algorithm $c" "$KURV" pubkey -k "o$c.pem" -o "o$c.kpub"
    same "  = openssl pkey -pubout" "o$c.pub" "o$c.kpub"
    expect_ok "pubkey of its DER, --format der" "$KURV" pubkey -k "o$c.der" --format der -o "o$c.kpub.der"
    same "  = openssl pkey -pubout -outform DER" "o$c.pub.der" "o$c.kpub.der"
done

section "ed25519: sign and verify both ways"
printf 'a message for Ed25519\n' >msg
head -c 100000 /dev/urandom >big
for m in msg big; do
    expect_ok "kurv sign ($m) with openssl's key" "$KURV" sign -k oed25519.pem -o "$m.sig" "$m"
    openssl pkeyutl -sign -rawin -inkey oed25519.pem -in "$m" -out "$m.ossl.sig" 2>err.txt
    same "  = openssl pkeyutl -sign -rawin, byte for byte" "$m.sig" "$m.ossl.sig"
    expect_ok "  openssl pkeyutl -verify accepts it" openssl pkeyutl -verify -rawin -pubin -inkey oed25519.pub -in "$m" -sigfile "$m.sig"
    expect_ok "kurv sign ($m) with kurv's key" "$KURV" sign -k ed25519.pem -o "$m.k.sig" "$m"
    expect_ok "  openssl pkeyutl -verify accepts it" openssl pkeyutl -verify -rawin -pubin -inkey ed25519.pub -in "$m" -sigfile "$m.k.sig"
    openssl pkeyutl -sign -rawin -inkey ed25519.pem -in "$m" -out "$m.k.ossl.sig" 2>err.txt
    expect_ok "  kurv verify accepts openssl's signature with kurv's key" "$KURV" verify -p ed25519.pub -s "$m.k.ossl.sig" "$m"
    if grep -q '^Verified OK$' out.txt; then pass "  prints Verified OK"; else fail "  prints Verified OK" "$(cat out.txt)"; fi
done
# the empty message, which `openssl pkeyutl -rawin` of OpenSSL 3.0 cannot sign ("Could not
# allocate 0 bytes"): RFC 8032 7.1's TEST 1, its key in a PKCS#8 file
: >empty
printf '\x30\x2e\x02\x01\x00\x30\x05\x06\x03\x2b\x65\x70\x04\x22\x04\x20' >rfc1.der
printf '%b' "$(echo 9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60 | sed 's/../\\x&/g')" >>rfc1.der
expect_ok "sign the empty message with RFC 8032's TEST 1 key" "$KURV" sign -k rfc1.der --format hex empty
want=e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b
if [ "$(cat out.txt)" = "$want" ]; then pass "  its signature"; else fail "  its signature" "$(cat out.txt)"; fi
expect_ok "  pubkey: its public key" "$KURV" pubkey -k rfc1.der --format der -o rfc1.pub
if [ "$(hexof rfc1.pub)" = 302a300506032b6570032100d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a ]; then
    pass "  = RFC 8032's"; else fail "  = RFC 8032's" "$(hexof rfc1.pub)"; fi
openssl pkey -inform DER -in rfc1.der -pubout -outform DER -out rfc1.ossl.pub 2>err.txt
same "  = openssl pkey -pubout's" rfc1.pub rfc1.ossl.pub
expect_ok "verify with the private key file (its public half)" "$KURV" verify -p oed25519.pem -s msg.sig msg
expect_ok "sign --format hex" "$KURV" sign -k oed25519.pem --format hex -o msg.hex msg
if [ "$(cat msg.hex)" = "$(hexof msg.sig)" ]; then pass "  the raw signature's hex"; else fail "  the raw signature's hex" "$(cat msg.hex)"; fi
expect_ok "verify --format hex" "$KURV" verify -p oed25519.pub --format hex -s msg.hex msg
printf 'a message for Ed25519?\n' >msg2
expect_err "a changed message does not verify" 1 "$KURV" verify -p oed25519.pub -s msg.sig msg2
cp msg.sig bad.sig; printf '\x01' | dd of=bad.sig bs=1 seek=40 conv=notrunc 2>/dev/null
expect_err "a changed signature does not verify" 1 "$KURV" verify -p oed25519.pub -s bad.sig msg
expect_err "another key's signature does not verify" 1 "$KURV" verify -p ed25519.pub -s msg.sig msg
printf 'message from stdin' >stdin.msg
"$KURV" sign -k oed25519.pem -o stdin.sig - <stdin.msg 2>err.txt
openssl pkeyutl -sign -rawin -inkey oed25519.pem -in stdin.msg -out stdin.ossl.sig 2>err.txt
same "sign - (stdin) = openssl's signature of the same bytes" stdin.sig stdin.ossl.sig

section "x25519: ecdh both ways"
expect_ok "kurv ecdh: kurv's key, openssl's peer" "$KURV" ecdh -k x25519.pem -p ox25519.pub -o s1
openssl pkeyutl -derive -inkey ox25519.pem -peerkey x25519.pub -out s2 2>err.txt
same "  = openssl pkeyutl -derive with openssl's key and kurv's peer" s1 s2
expect_ok "kurv ecdh: openssl's key, kurv's peer (--hex)" "$KURV" ecdh -k ox25519.pem -p x25519.pub --hex
if [ "$(cat out.txt)" = "$(hexof s1)" ]; then pass "  the same secret"; else fail "  the same secret" "$(cat out.txt)"; fi
expect_ok "kurv ecdh with the peer's private key file (its public half)" "$KURV" ecdh -k x25519.pem -p ox25519.pem -o s3
same "  the same secret" s1 s3

section "encrypted keys (PKCS#8 PBES2) both ways"
for c in x25519 ed25519; do
    expect_ok "keygen -c $c --pass" "$KURV" keygen -c "$c" --pass pass:pw --iter 2048 -o "$c.enc.pem"
    if head -n 1 "$c.enc.pem" | grep -q 'BEGIN ENCRYPTED PRIVATE KEY'; then pass "  ENCRYPTED PRIVATE KEY"; else fail "  ENCRYPTED PRIVATE KEY" "$(head -n 1 "$c.enc.pem")"; fi
    openssl pkey -in "$c.enc.pem" -passin pass:pw -pubout -out "$c.enc.ossl.pub" 2>err.txt
    expect_ok "  kurv pubkey --pass" "$KURV" pubkey -k "$c.enc.pem" --pass pass:pw -o "$c.enc.pub"
    same "  = openssl pkey -passin ... -pubout" "$c.enc.pub" "$c.enc.ossl.pub"
    openssl pkey -in "o$c.pem" -aes256 -passout pass:pw -out "o$c.enc.pem" 2>err.txt
    expect_ok "kurv pubkey of openssl's encrypted $c key" "$KURV" pubkey -k "o$c.enc.pem" --pass pass:pw -o "o$c.enc.pub"
    same "  = its public key" "o$c.enc.pub" "o$c.pub"
    expect_err "  a wrong password" 2 "$KURV" pubkey -k "o$c.enc.pem" --pass pass:wrong
    expect_err "  no password (stdin not a terminal)" 2 "$KURV" pubkey -k "o$c.enc.pem" </dev/null
done
expect_ok "sign with openssl's encrypted ed25519 key" "$KURV" sign -k oed25519.enc.pem --pass pass:pw -o enc.sig msg
same "  = the signature of the plain key" enc.sig msg.sig
openssl pkcs8 -topk8 -in oed25519.pem -v2 aes-128-cbc -v2prf hmacWithSHA512 -passout pass:pw -outform DER -out oed25519.enc.der 2>err.txt
expect_ok "sign with a DER key in AES-128-CBC, HMAC-SHA-512" "$KURV" sign -k oed25519.enc.der --pass pass:pw -o enc2.sig msg
same "  = the signature of the plain key" enc2.sig msg.sig
expect_ok "ecdh with encrypted x25519 keys (one password)" "$KURV" ecdh -k x25519.enc.pem -p ox25519.enc.pem --pass pass:pw -o s4
openssl pkeyutl -derive -inkey ox25519.pem -peerkey x25519.enc.pub -out s5 2>err.txt
same "  = openssl pkeyutl -derive" s4 s5

section "errors: one line, exit status 2"
expect_err "sign with an x25519 key" 2 "$KURV" sign -k x25519.pem msg
expect_err "verify with an x25519 key" 2 "$KURV" verify -p x25519.pub -s msg.sig msg
expect_err "ecdh with an ed25519 key" 2 "$KURV" ecdh -k ed25519.pem -p x25519.pub
expect_err "ecdh with an ed25519 peer" 2 "$KURV" ecdh -k x25519.pem -p ed25519.pub
expect_err "sign with a public key" 2 "$KURV" sign -k ed25519.pub msg
expect_err "ecdh with a public key as the private key" 2 "$KURV" ecdh -k x25519.pub -p ox25519.pub
expect_err "sign -H sha256 (pure Ed25519 hashes itself)" 2 "$KURV" sign -k ed25519.pem -H sha256 msg
expect_err "sign --low-s" 2 "$KURV" sign -k ed25519.pem --low-s msg
expect_err "sign --hedged" 2 "$KURV" sign -k ed25519.pem --hedged msg
expect_err "sign --format der" 2 "$KURV" sign -k ed25519.pem --format der msg
expect_err "verify --format rec" 2 "$KURV" verify -p ed25519.pub --format rec -s msg.sig msg
head -c 63 msg.sig >short.sig
expect_err "verify a 63-byte signature" 2 "$KURV" verify -p oed25519.pub -s short.sig msg
expect_err "verify hex of the wrong length" 2 "$KURV" verify -p oed25519.pub --format hex -s short.sig msg
expect_err "pubkey --compressed" 2 "$KURV" pubkey -k ed25519.pem --compressed
expect_err "keygen over an existing key" 2 "$KURV" keygen -c x25519 -o x25519.pem
same "  the key is kept" x25519.pem x25519.ossl.pem
expect_ok "keygen --force replaces it" "$KURV" keygen -c x25519 --force -o x25519.pem
if ! cmp -s x25519.pem x25519.ossl.pem; then pass "  a new key"; else fail "  a new key" "unchanged"; fi
expect_err "keygen -c curve25519 (unknown name)" 2 "$KURV" keygen -c curve25519
# a DER private key is a key too: not replaced by another command's output without --force
for c in x25519 ed25519; do
    cp "$c.der" "keep-$c.der"
    expect_err "pubkey -o a DER $c private key" 2 "$KURV" pubkey -k "$c.der" -o "keep-$c.der"
    if grep -q 'holds a private key' err.txt; then pass "  says why"; else fail "  says why" "$(cat err.txt)"; fi
    same "  the key is kept" "keep-$c.der" "$c.der"
done
expect_err "sign -o a DER Ed25519 private key" 2 "$KURV" sign -k ed25519.pem -o keep-ed25519.der msg
same "  the key is kept" keep-ed25519.der ed25519.der
expect_err "recover -c ed25519" 2 "$KURV" recover -c ed25519 -s msg.sig msg
if grep -q 'no public-key recovery' err.txt; then pass "  says ed25519 has no recovery"; else fail "  says ed25519 has no recovery" "$(cat err.txt)"; fi
# a peer of small order: u = 0 (RFC 7748 6.1's all-zero secret)
printf '\x30\x2a\x30\x05\x06\x03\x2b\x65\x6e\x03\x21\x00' >zero.pub
head -c 32 /dev/zero >>zero.pub
expect_err "ecdh with u = 0 (all-zero secret)" 2 "$KURV" ecdh -k x25519.pem -p zero.pub
# an Ed25519 public key whose y is 2^255 - 1 >= p: not a point
printf '\x30\x2a\x30\x05\x06\x03\x2b\x65\x70\x03\x21\x00' >bad.pub
printf '\xff%.0s' $(seq 31) >>bad.pub; printf '\x7f' >>bad.pub
expect_err "verify with a public key that is not a point" 2 "$KURV" verify -p bad.pub -s msg.sig msg
# damaged key files
printf '\x30\x2d\x02\x01\x00\x30\x05\x06\x03\x2b\x65\x70\x04\x21\x04\x1f' >short.der
head -c 31 /dev/urandom >>short.der
expect_err "a 31-byte private key" 2 "$KURV" sign -k short.der msg
if grep -q 'short.der' err.txt; then pass "  names the file"; else fail "  names the file" "$(cat err.txt)"; fi
{ printf '\x30\x31'; tail -c +3 ed25519.der; printf '\x05\x00\x00'; } >trail.der
expect_err "bytes after the DER key" 2 "$KURV" sign -k trail.der msg
if grep -q 'Ed25519 private key, which kurv reads in .* RFC 8410' err.txt; then pass "  says what kurv reads"; else fail "  says what kurv reads" "$(cat err.txt)"; fi
sed 's/END PRIVATE KEY/END PUBLIC KEY/' ed25519.pem >label.pem
expect_err "an END label that differs" 2 "$KURV" sign -k label.pem msg
sed 's/^MC4C/MC4X/' ed25519.pem >b64.pem
expect_err "damaged base64" 2 "$KURV" sign -k b64.pem msg
expect_err "encrypt to an x25519 key (ECIES is for EC keys)" 2 "$KURV" encrypt -p x25519.pub msg
if grep -q 'X25519 public key, which kurv reads in pubkey and ecdh only' err.txt; then pass "  names the commands that take it"; else fail "  names the commands that take it" "$(cat err.txt)"; fi
if [ -n "$ec_curve" ]; then
    "$KURV" keygen -c "$ec_curve" -o ec.pem 2>err.txt
    "$KURV" pubkey -k ec.pem -o ec.pub 2>err.txt
    expect_err "ecdh: an x25519 key and a $ec_curve peer" 2 "$KURV" ecdh -k x25519.pem -p ec.pub
    expect_err "ecdh: a $ec_curve key and an x25519 peer" 2 "$KURV" ecdh -k ec.pem -p x25519.pub
fi

finish
