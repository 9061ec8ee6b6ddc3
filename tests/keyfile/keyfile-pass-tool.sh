#!/usr/bin/env bash
# kurv tool test: password-encrypted keys on one curve. OpenSSL's command line writes them
# (`openssl genpkey -aes256`, `openssl pkcs8 -topk8 -v2 CIPHER -v2prf PRF` for the three
# AES-CBC sizes and five PRFs) and kurv reads them; `kurv keygen --pass` writes them and
# `openssl pkey -passin` reads them; every --pass form (pass:, env:, file:, fd:, stdin);
# every command that reads a private key; refusals with one line and exit 2.
#
# The checks that do not depend on the curve (every cipher and PRF of OpenSSL's files,
# every --pass form, the refusals, the truncated and changed files) run in mode "all";
# mode "curve" keeps one cipher and PRF and the commands that use the key. meson.build
# gives "all" to the first built curve and "curve" to the others.
#
# usage: keyfile-pass-tool.sh KURV_CURVE OPENSSL_CURVE [all|curve]   (environment: KURV_TOOL)
set -u

curve=${1:?usage: keyfile-pass-tool.sh KURV_CURVE OPENSSL_CURVE [all|curve]}
ocurve=${2:?usage: keyfile-pass-tool.sh KURV_CURVE OPENSSL_CURVE [all|curve]}
run_mode=${3:-all}
case $run_mode in
    all) ciphers="aes-128-cbc aes-192-cbc aes-256-cbc"
         prfs="hmacWithSHA1 hmacWithSHA224 hmacWithSHA256 hmacWithSHA384 hmacWithSHA512" ;;
    curve) ciphers=aes-256-cbc prfs=hmacWithSHA256 ;;
    *) echo "keyfile-pass-tool.sh: mode must be all or curve, not '$run_mode'" >&2; exit 2 ;;
esac

. "$(dirname "$0")/../interop/lib.sh"

echo "kurv --pass: $curve (OpenSSL $ocurve) with $KURV"
if ! command -v openssl >/dev/null; then
    echo "SKIP: openssl is not installed"
    exit 77
fi

# the public key as DER hex, from OpenSSL and from kurv
ossl_pub() { openssl pkey -in "$1" -passin "pass:$2" -pubout -outform DER 2>/dev/null | od -An -v -tx1 | tr -d ' \n'; }
kurv_pub() { "$KURV" pubkey -k "$1" --pass "pass:$2" --format der 2>/dev/null | od -An -v -tx1 | tr -d ' \n'; }
# same_key DESC FILE PASS: kurv and OpenSSL give the same public key for FILE
same_key() {
    local a b
    a=$(ossl_pub "$2" "$3")
    b=$(kurv_pub "$2" "$3")
    if [ -n "$a" ] && [ "$a" = "$b" ]; then pass "$1"; else fail "$1" "OpenSSL '$a' kurv '$b'"; fi
}

section "OpenSSL writes, kurv reads"
openssl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$ocurve" -pkeyopt ec_param_enc:named_curve \
    -aes256 -pass pass:s3cret -out g.pem 2>/dev/null
same_key "openssl genpkey -aes256" g.pem s3cret
openssl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$ocurve" -pkeyopt ec_param_enc:named_curve \
    -out plain.pem 2>/dev/null
for cipher in $ciphers; do
    for prf in $prfs; do
        for form in PEM DER; do
            f="p8-$cipher-$prf.$form"
            openssl pkcs8 -topk8 -in plain.pem -v2 "$cipher" -v2prf "$prf" -outform "$form" \
                -passout pass:s3cret -out "$f" 2>/dev/null
            same_key "openssl pkcs8 -topk8 -v2 $cipher -v2prf $prf ($form)" "$f" s3cret
        done
    done
done

section "kurv writes, OpenSSL reads"
expect_ok "keygen --pass (PEM)" "$KURV" keygen -c "$curve" --pass pass:s3cret --iter 2048 -o k.pem
if head -n 1 k.pem | grep -q -- '-----BEGIN ENCRYPTED PRIVATE KEY-----'; then
    pass "  labelled ENCRYPTED PRIVATE KEY"
else
    fail "  labelled ENCRYPTED PRIVATE KEY" "$(head -n 1 k.pem)"
fi
mode=$(stat -c %a k.pem)
if [ "$mode" = 600 ]; then pass "  mode 0600"; else fail "  mode 0600" "mode $mode"; fi
same_key "  openssl pkey -passin reads it" k.pem s3cret
if openssl asn1parse -in k.pem 2>/dev/null | grep -q 'hmacWithSHA256' &&
   openssl asn1parse -in k.pem 2>/dev/null | grep -q 'aes-256-cbc'; then
    pass "  PBES2 with hmacWithSHA256 and aes-256-cbc (openssl asn1parse)"
else
    fail "  PBES2 with hmacWithSHA256 and aes-256-cbc" "$(openssl asn1parse -in k.pem 2>&1 | head -20)"
fi
expect_ok "keygen --pass --format der" "$KURV" keygen -c "$curve" --pass pass:s3cret --iter 2048 --format der -o k.der
a=$(openssl pkey -in k.der -inform DER -passin pass:s3cret -pubout -outform DER 2>/dev/null | od -An -v -tx1 | tr -d ' \n')
b=$(kurv_pub k.der s3cret)
if [ -n "$a" ] && [ "$a" = "$b" ]; then pass "  openssl reads the DER"; else fail "  openssl reads the DER" "'$a' '$b'"; fi
expect_ok "keygen --pass, default iteration count" "$KURV" keygen -c "$curve" --pass pass:s3cret -o kd.pem
if openssl asn1parse -in kd.pem 2>/dev/null | grep -q 'INTEGER *:0*186A0$'; then
    pass "  100000 iterations (0x186A0)"
else
    fail "  100000 iterations" "$(openssl asn1parse -in kd.pem 2>&1 | grep INTEGER)"
fi
same_key "  openssl reads it" kd.pem s3cret

if [ "$run_mode" = all ]; then
section "every --pass form"
ref=$(ossl_pub k.pem s3cret)
check_form() {
    local desc=$1 got
    shift
    got=$("$@" 2>err.txt | od -An -v -tx1 | tr -d ' \n')
    if [ "$got" = "$ref" ]; then pass "$desc"; else fail "$desc" "$(cat err.txt)"; fi
}
check_form "pass:" "$KURV" pubkey -k k.pem --pass pass:s3cret --format der
check_form "env:" env KPW=s3cret "$KURV" pubkey -k k.pem --pass env:KPW --format der
printf 's3cret\nsecond line\n' >pw.txt
check_form "file: (its first line)" "$KURV" pubkey -k k.pem --pass file:pw.txt --format der
printf 's3cret' >pw-nonl.txt
check_form "file: without a final newline" "$KURV" pubkey -k k.pem --pass file:pw-nonl.txt --format der
check_form "fd:3" sh -c "\"$KURV\" pubkey -k k.pem --pass fd:3 --format der 3<pw.txt"
check_form "stdin" sh -c "\"$KURV\" pubkey -k k.pem --pass stdin --format der <pw.txt"
check_form "--pass=ARG" "$KURV" pubkey -k k.pem --pass=pass:s3cret --format der
expect_ok "keygen --pass env:" env KPW='p w' "$KURV" keygen -c "$curve" --pass env:KPW --iter 1000 -o ke.pem
same_key "  its password has a space" ke.pem 'p w'
fi

section "every command that reads a private key"
printf 'message' >msg
expect_ok "sign" "$KURV" sign -k k.pem --pass pass:s3cret -o sig msg
expect_ok "verify (-p the encrypted key)" "$KURV" verify -p k.pem --pass pass:s3cret -s sig msg
"$KURV" keygen -c "$curve" -o peer.pem
expect_ok "ecdh -k encrypted" "$KURV" ecdh -k k.pem --pass pass:s3cret -p peer.pem -o s1
expect_ok "ecdh the other way" "$KURV" ecdh -k peer.pem -p k.pem --pass pass:s3cret -o s2
same "  the same secret" s1 s2
expect_ok "encrypt -p encrypted" "$KURV" encrypt -p k.pem --pass pass:s3cret -o ct msg
expect_ok "decrypt -k encrypted" "$KURV" decrypt -k k.pem --pass pass:s3cret -o pt ct
same "  the message" msg pt
expect_ok "a plain key with --pass (ignored, as openssl does)" "$KURV" pubkey -k peer.pem --pass pass:x

if [ "$run_mode" = curve ]; then
    echo
    echo "(mode curve: every --pass form, the refusals and the damaged files are checked on the first built curve)"
    finish
fi

section "refusals: one line, exit 2"
expect_err "no --pass (stdin not a terminal)" 2 "$KURV" pubkey -k k.pem </dev/null
expect_err "wrong password" 2 "$KURV" pubkey -k k.pem --pass pass:s3creT
expect_err "wrong password (sign)" 2 "$KURV" sign -k k.pem --pass pass:nope msg
expect_err "wrong password (OpenSSL's file)" 2 "$KURV" pubkey -k g.pem --pass pass:nope
expect_err "empty password" 2 "$KURV" pubkey -k k.pem --pass pass:
expect_err "unknown --pass form" 2 "$KURV" pubkey -k k.pem --pass s3cret
# (most likely the password without its pass:, so the error line does not echo it)
if grep -q s3cret err.txt; then fail "  does not echo the value" "$(cat err.txt)"; else pass "  does not echo the value"; fi
expect_err "--pass stdin at end of input (no password, not an empty one)" 2 sh -c "\"$KURV\" keygen -c $curve --pass stdin -o eof.pem </dev/null"
if [ -e eof.pem ]; then fail "  writes no key" "eof.pem exists"; else pass "  writes no key"; fi
: >empty-pw.txt
expect_err "--pass file: of an empty file" 2 "$KURV" keygen -c "$curve" --pass file:empty-pw.txt
expect_err "env: unset" 2 env -u KPW_UNSET "$KURV" pubkey -k k.pem --pass env:KPW_UNSET
expect_err "file: missing" 2 "$KURV" pubkey -k k.pem --pass file:nope.txt
expect_err "fd: not a number" 2 "$KURV" pubkey -k k.pem --pass fd:x
expect_err "fd: closed" 2 "$KURV" pubkey -k k.pem --pass fd:9
head -c 2000 /dev/zero | tr '\0' 'a' >long.txt
expect_err "a password over 1024 bytes" 2 "$KURV" pubkey -k k.pem --pass file:long.txt
expect_err "stdin twice (--pass stdin and a message on -)" 2 sh -c "\"$KURV\" sign -k k.pem --pass stdin - <pw.txt"
expect_err "--iter without --pass" 2 "$KURV" keygen -c "$curve" --iter 5000
expect_err "--iter 0" 2 "$KURV" keygen -c "$curve" --pass pass:x --iter 0
expect_err "--iter over the limit" 2 "$KURV" keygen -c "$curve" --pass pass:x --iter 10000001
expect_err "--pass on a command with no key" 2 "$KURV" curves --pass pass:x
if openssl pkcs8 -topk8 -in plain.pem -v1 PBE-SHA1-3DES -passout pass:s3cret -out v1.pem 2>/dev/null; then
    expect_err "PKCS#12 PBE-SHA1-3DES" 2 "$KURV" pubkey -k v1.pem --pass pass:s3cret
    if grep -q 'PKCS#12 PBE.*which kurv does not read' err.txt; then pass "  names the encryption"; else fail "  names the encryption" "$(cat err.txt)"; fi
fi
openssl pkcs8 -topk8 -in plain.pem -v2 des3 -passout pass:s3cret -out des3.pem 2>/dev/null
expect_err "PBES2 with 3DES" 2 "$KURV" pubkey -k des3.pem --pass pass:s3cret
openssl pkcs8 -topk8 -in plain.pem -scrypt -passout pass:s3cret -out scrypt.pem 2>/dev/null
expect_err "scrypt" 2 "$KURV" pubkey -k scrypt.pem --pass pass:s3cret
openssl ec -in plain.pem -aes256 -passout pass:s3cret -out legacy.pem 2>/dev/null
expect_err "legacy PEM encryption (Proc-Type)" 2 "$KURV" pubkey -k legacy.pem --pass pass:s3cret
# truncations of the DER file at every 7th length, and a few byte changes
n=$(wc -c <k.der)
bad=0
for ((i = 0; i < n; i += 7)); do
    head -c "$i" k.der >t.der
    "$KURV" pubkey -k t.der --pass pass:s3cret >out.txt 2>err.txt
    rc=$?
    if [ "$rc" -ne 2 ] || [ "$(wc -l <err.txt)" -ne 1 ]; then bad=$((bad + 1)); echo "  truncated to $i: status $rc"; fi
done
if [ "$bad" -eq 0 ]; then pass "truncated DER files: one line, exit 2 (every 7th length of $n)"; else fail "truncated DER files" "$bad bad"; fi
bad=0
for ((i = 0; i < n; i += 5)); do
    python3 - "$i" <<'PY' || true
import sys
i = int(sys.argv[1])
b = bytearray(open("k.der", "rb").read())
b[i] ^= 0x5A
open("f.der", "wb").write(bytes(b))
PY
    "$KURV" pubkey -k f.der --pass pass:s3cret >out.txt 2>err.txt
    rc=$?
    if [ "$rc" -ne 2 ] || [ "$(wc -l <err.txt)" -ne 1 ]; then bad=$((bad + 1)); echo "  byte $i changed: status $rc"; fi
done
if [ "$bad" -eq 0 ]; then pass "changed DER files: one line, exit 2 (every 5th byte of $n)"; else fail "changed DER files" "$bad bad"; fi

finish
