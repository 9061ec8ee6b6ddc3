#!/usr/bin/env bash
# kurv tool test for public-key recovery and hedged signing on one curve:
# `kurv sign --format rec` then `kurv recover` gives the signer's key back (both SEC1
# forms), `kurv sign --hedged` gives signatures that differ and verify (in kurv and, when
# the openssl command is present, in OpenSSL), and bad input to `kurv recover` exits 2
# with one line. On secp256k1, EIP-155's published example (ethereum/EIPs, eip-155.md)
# through --format eth and --digest.
#
# usage: recover-tool.sh KURV_CURVE OPENSSL_CURVE   (environment: KURV_TOOL = the built kurv)
set -u

curve=${1:?usage: recover-tool.sh KURV_CURVE OPENSSL_CURVE}
ossl_curve=${2:?usage: recover-tool.sh KURV_CURVE OPENSSL_CURVE}

. "$(dirname "$0")/../interop/lib.sh"

echo "kurv recover and hedged signing: $curve with $KURV"
have_openssl=0
if command -v openssl >/dev/null 2>&1; then have_openssl=1; fi

printf 'message one\n' >msg1
printf 'message two\n' >msg2
"$KURV" keygen -c "$curve" -o key.pem
"$KURV" pubkey -k key.pem -o pub.pem
"$KURV" pubkey -k key.pem --compressed -o pubc.pem
# the signature length: r||s of the raw form
"$KURV" sign -k key.pem --format raw -o s.raw msg1
slen2=$(wc -c <s.raw)

section "help"
expect_ok "kurv recover --help" "$KURV" recover --help
if grep -q '^usage: kurv recover' out.txt; then pass "  prints the usage of recover"; else fail "  prints the usage of recover" "no usage line"; fi
expect_ok "kurv help recover" "$KURV" help recover
expect_ok "kurv help lists recover" "$KURV" help
if grep -q 'recover -c CURVE' out.txt; then pass "  with its synopsis"; else fail "  with its synopsis" "not listed"; fi
expect_ok "kurv sign --help" "$KURV" sign --help
if grep -q -- '--hedged' out.txt; then pass "  names --hedged"; else fail "  names --hedged" "missing"; fi

section "sign --format rec, recover"
for i in 1 2 3 4 5 6; do
    printf 'message %s\n' "$i" >m$i
    expect_ok "sign m$i --format rec" "$KURV" sign -k key.pem --format rec -o s$i.rec m$i
    if [ "$(wc -c <s$i.rec)" -eq $((slen2 + 1)) ]; then pass "  $((slen2 + 1)) bytes: r||s||id"; else fail "  $((slen2 + 1)) bytes" "$(wc -c <s$i.rec)"; fi
    expect_ok "recover m$i" "$KURV" recover -c "$curve" -s s$i.rec -o r$i.pem m$i
    same "  the recovered key is the signer's" pub.pem r$i.pem
done
expect_ok "recover --compressed" "$KURV" recover -c "$curve" -s s1.rec --compressed -o rc.pem m1
same "  the compressed form of the signer's key" pubc.pem rc.pem
expect_ok "sign --format rec --low-s -H sha512" "$KURV" sign -k key.pem --format rec --low-s -H sha512 -o sl.rec msg1
expect_ok "recover -H sha512" "$KURV" recover -c "$curve" -H sha512 -s sl.rec -o rl.pem msg1
same "  the recovered key is the signer's" pub.pem rl.pem
# the same signature in hex (0x and a newline) is read too
{ printf '0x'; od -An -v -tx1 s1.rec | tr -d ' \n'; printf '\n'; } >s1.hex
expect_ok "recover from hex" "$KURV" recover -c "$curve" -s s1.hex -o rh.pem m1
same "  the recovered key is the signer's" pub.pem rh.pem
# the r||s part of --format rec is --format raw's
head -c "$slen2" s1.rec >s1.rs
"$KURV" sign -k key.pem --format raw -o s1.raw m1
same "rec is raw r||s plus one byte" s1.raw s1.rs
# another message: some key comes back, not the signer's
expect_ok "recover on another message" "$KURV" recover -c "$curve" -s s1.rec -o rw.pem msg2
if cmp -s rw.pem pub.pem; then fail "  gives another key" "it gave the signer's"; else pass "  gives another key"; fi

section "sign --hedged"
expect_ok "hedged signature 1" "$KURV" sign -k key.pem --hedged -o h1.der msg1
expect_ok "hedged signature 2" "$KURV" sign -k key.pem --hedged -o h2.der msg1
"$KURV" sign -k key.pem -o det.der msg1
if cmp -s h1.der h2.der; then fail "  the two differ" "identical"; else pass "  the two differ"; fi
if cmp -s h1.der det.der; then fail "  and differ from RFC 6979's" "identical"; else pass "  and differ from RFC 6979's"; fi
expect_ok "  hedged 1 verifies" "$KURV" verify -p pub.pem -s h1.der msg1
expect_ok "  hedged 2 verifies" "$KURV" verify -p pub.pem -s h2.der msg1
expect_ok "hedged --format rec --low-s" "$KURV" sign -k key.pem --hedged --low-s --format rec -o h.rec msg1
expect_ok "  recovers" "$KURV" recover -c "$curve" -s h.rec -o hr.pem msg1
same "  to the signer's key" pub.pem hr.pem
"$KURV" sign -k key.pem --format rec -o d.rec msg1
if cmp -s h.rec d.rec; then fail "  differs from the deterministic one" "identical"; else pass "  differs from the deterministic one"; fi
if [ "$have_openssl" = 1 ]; then
    # kurv's default digest for this curve: the one under which OpenSSL accepts the
    # deterministic signature (sha256, sha384 or sha512)
    hash=none
    for h in sha256 sha384 sha512; do
        if openssl dgst -"$h" -verify pub.pem -signature det.der msg1 >/dev/null 2>&1; then hash=$h; fi
    done
    expect_ok "openssl verifies hedged 1 ($hash)" openssl dgst -"$hash" -verify pub.pem -signature h1.der msg1
    expect_ok "openssl verifies hedged 2 ($hash)" openssl dgst -"$hash" -verify pub.pem -signature h2.der msg1
else
    echo "SKIP openssl checks: no openssl command"
fi
expect_err "--hedged on verify" 2 "$KURV" verify -p pub.pem -s h1.der --hedged msg1

section "recover: bad input"
expect_err "without -c" 2 "$KURV" recover -s s1.rec m1
expect_err "without -s" 2 "$KURV" recover -c "$curve" m1
expect_err "without FILE" 2 "$KURV" recover -c "$curve" -s s1.rec
expect_err "FILE and --digest" 2 "$KURV" recover -c "$curve" -s s1.rec --digest 00 m1
expect_err "--digest without a value" 2 "$KURV" recover -c "$curve" -s s1.rec --digest
expect_err "--digest not hex" 2 "$KURV" recover -c "$curve" -s s1.rec --digest xyz
expect_err "unknown curve" 2 "$KURV" recover -c nosuchcurve -s s1.rec m1
expect_err "unknown format" 2 "$KURV" recover -c "$curve" -s s1.rec --format der m1
expect_err "unknown hash" 2 "$KURV" recover -c "$curve" -s s1.rec -H md5 m1
expect_err "missing signature file" 2 "$KURV" recover -c "$curve" -s nosuch.rec m1
expect_err "missing FILE" 2 "$KURV" recover -c "$curve" -s s1.rec nosuch
head -c "$slen2" s1.rec >short.rec
expect_err "a signature without its id" 2 "$KURV" recover -c "$curve" -s short.rec m1
{ cat s1.rec; printf 'x'; } >long.rec
expect_err "a signature with a byte too many" 2 "$KURV" recover -c "$curve" -s long.rec m1
{ head -c "$slen2" s1.rec; printf '\004'; } >id4.rec
expect_err "recovery id 4" 2 "$KURV" recover -c "$curve" -s id4.rec m1
{ head -c "$slen2" /dev/zero; printf '\000'; } >zero.rec
expect_err "r = s = 0" 2 "$KURV" recover -c "$curve" -s zero.rec m1
{ head -c "$slen2" /dev/zero | tr '\0' '\377'; printf '\000'; } >ff.rec
expect_err "r = s = 2^k - 1 (>= n)" 2 "$KURV" recover -c "$curve" -s ff.rec m1
printf 'not a signature at all' >text.rec
expect_err "text" 2 "$KURV" recover -c "$curve" -s text.rec m1
: >empty.rec
expect_err "an empty file" 2 "$KURV" recover -c "$curve" -s empty.rec m1
expect_err "sign --format eth (recover reads it, sign does not write it)" 2 "$KURV" sign -k key.pem --format eth m1
expect_ok "verify --format rec (reads what sign --format rec writes)" "$KURV" verify -p pub.pem -s s1.rec --format rec m1
expect_err "sign --hedged twice" 2 "$KURV" sign -k key.pem --hedged --hedged m1
expect_err "sign --hedged=yes" 2 "$KURV" sign -k key.pem --hedged=yes m1
expect_err "recover --digest twice" 2 "$KURV" recover -c "$curve" -s s1.rec --digest 00 --digest 01

section "Ethereum (--format eth)"
# EIP-155's example: private key 0x46 * 32, signing hash daf5a7..., v = 37 (chain id 1,
# recovery id 0), r and s as the EIP's signed transaction carries them
eth_sig=28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa63627667cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83
eth_hash=daf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53
if [ "$curve" = secp256k1 ]; then
    # the key of 0x46...46 as SPKI (PEM), written by kurv from a SEC1 DER private key:
    # 30 2e 02 01 01 04 20 <d> a0 07 06 05 2b 81 04 00 0a (ECPrivateKey, secp256k1)
    der_hex="302e0201010420$(printf '46%.0s' $(seq 32))a00706052b8104000a"
    printf "$(printf '%s' "$der_hex" | sed 's/../\\x&/g')" >eth.der
    expect_ok "the EIP-155 key loads" "$KURV" pubkey -k eth.der -o eth.pub.pem
    printf '%s25\n' "$eth_sig" >eip155.hex
    expect_ok "recover --format eth --digest (EIP-155, v = 37)" "$KURV" recover -c secp256k1 --format eth -s eip155.hex --digest "$eth_hash" -o eip155.pem
    same "  the EIP's key" eth.pub.pem eip155.pem
    printf '%s1b' "$eth_sig" >v27.hex
    expect_ok "  the same with v = 27" "$KURV" recover -c secp256k1 --format eth -s v27.hex --digest "$eth_hash" -o v27.pem
    same "  the EIP's key" eth.pub.pem v27.pem
    printf '%s1c' "$eth_sig" >v28.hex
    expect_ok "  v = 28: the other parity" "$KURV" recover -c secp256k1 --format eth -s v28.hex --digest "$eth_hash" -o v28.pem
    if cmp -s v28.pem eth.pub.pem; then fail "  is another key" "the same"; else pass "  is another key"; fi
    # EIP-155 with chain id 137: v = 35 + 2 * 137 + 0 = 309, two bytes
    printf '%s0135' "$eth_sig" >v309.hex
    expect_ok "  v = 309 (two bytes: chain id 137)" "$KURV" recover -c secp256k1 --format eth -s v309.hex --digest "$eth_hash" -o v309.pem
    same "  the EIP's key" eth.pub.pem v309.pem
    printf '%s00' "$eth_sig" >v0.hex
    expect_ok "  v = 0 (a typed transaction's y-parity)" "$KURV" recover -c secp256k1 --format eth -s v0.hex --digest "$eth_hash" -o v0.pem
    same "  the EIP's key" eth.pub.pem v0.pem
    printf '%s1d' "$eth_sig" >v29.hex
    expect_err "  v = 29 exits 2" 2 "$KURV" recover -c secp256k1 --format eth -s v29.hex --digest "$eth_hash"
else
    printf '%s1b' "$eth_sig" >v27.hex
    expect_err "--format eth on $curve exits 2" 2 "$KURV" recover -c "$curve" --format eth -s v27.hex --digest "$eth_hash"
fi

finish
