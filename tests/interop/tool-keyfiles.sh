#!/usr/bin/env bash
# kurv tool test: key files as OpenSSL writes them. PEM is read as OpenSSL reads it (text
# around the blocks ignored, the first key block of a bundle taken, EC PARAMETERS and
# CERTIFICATE blocks passed over); every key file kurv refuses gets its own one-line
# message (exit 2) naming the problem, and where the message gives an openssl command that
# converts the file, that command works and kurv reads its result: explicit curve
# parameters, hybrid points (0x06/0x07), a stored public key that is not d*G, d = 0, a
# certificate given as a key, an empty file, EC PARAMETERS alone, encryption schemes kurv
# does not read (scrypt, 3DES, PKCS#12 PBE; PEM and DER, with and without --pass), another
# algorithm. Curve-independent: meson.build runs it on the first built curve. Skips (77)
# without openssl or python3.
#
# usage: tool-keyfiles.sh KURV_CURVE OPENSSL_CURVE   (environment: KURV_TOOL)
set -u

curve=${1:?usage: tool-keyfiles.sh KURV_CURVE OPENSSL_CURVE}
ocurve=${2:?usage: tool-keyfiles.sh KURV_CURVE OPENSSL_CURVE}

. "$(dirname "$0")/lib.sh"

echo "kurv key files: $curve (OpenSSL $ocurve) with $KURV"
if ! command -v openssl >/dev/null || ! command -v python3 >/dev/null; then
    echo "SKIP: openssl or python3 is not installed"
    exit 77
fi

# says DESC WORDS: the error line (err.txt) contains WORDS
says() {
    if grep -qF -- "$2" err.txt; then pass "$1"; else fail "$1" "$(cat err.txt)"; fi
}
# converts DESC [EXTRA...]: run the openssl command the error line gives (after
# "convert it: " or "with "), writing NEW.pem, with EXTRA arguments added; kurv then reads
# NEW.pem (pubkey, with --pass pass:pw)
converts() {
    local desc=$1 cmd
    shift
    cmd=$(sed -n -E 's/.*(convert it: |take its public key with )(openssl .*)$/\2/p' err.txt)
    rm -f NEW.pem pub.pem
    if [ -z "$cmd" ]; then
        fail "$desc" "no openssl command in: $(cat err.txt)"
        return
    fi
    # shellcheck disable=SC2086
    if ! $cmd "$@" >/dev/null 2>cmd.err; then
        fail "$desc" "'$cmd $*' failed: $(cat cmd.err)"
        return
    fi
    [ -e NEW.pem ] || cp pub.pem NEW.pem 2>/dev/null
    if "$KURV" pubkey -k NEW.pem --pass pass:pw >/dev/null 2>cmd.err; then
        pass "$desc ($cmd)"
    else
        fail "$desc" "kurv does not read the result of '$cmd': $(cat cmd.err)"
    fi
}
# refused DESC FILE WORDS [ARGS...]: pubkey -k FILE exits 2 with one line containing WORDS
refused() {
    local desc=$1 f=$2 words=$3
    shift 3
    expect_err "$desc" 2 "$KURV" pubkey -k "$f" "$@"
    says "  names the problem ('$words')" "$words"
}

openssl ecparam -name "$ocurve" -genkey -noout -out k.pem 2>/dev/null
openssl pkey -in k.pem -pubout -out pub0.pem 2>/dev/null
"$KURV" pubkey -k k.pem -o want.pem

section "PEM read as OpenSSL reads it"
openssl ecparam -name "$ocurve" -genkey -out kp.pem 2>/dev/null
if head -n 1 kp.pem | grep -q 'EC PARAMETERS'; then pass "openssl ecparam -genkey writes EC PARAMETERS first"; else fail "openssl ecparam -genkey writes EC PARAMETERS first" "$(head -n 1 kp.pem)"; fi
expect_ok "EC PARAMETERS before the key: read" "$KURV" pubkey -k kp.pem
openssl req -x509 -new -key k.pem -subj /CN=kurv -days 1 -out cert.pem 2>/dev/null
cat k.pem cert.pem >key-cert.pem
cat cert.pem k.pem >cert-key.pem
{ echo 'Bag Attributes'; echo '    friendlyName: test'; cat k.pem; echo 'trailing text'; } >around.pem
# two keys in one file: the first is taken, as OpenSSL's PEM reader takes it
openssl ecparam -name "$ocurve" -genkey -noout -out k2.pem 2>/dev/null
cat k.pem k2.pem >two-keys.pem
for f in key-cert.pem cert-key.pem around.pem two-keys.pem; do
    expect_ok "$f: the key is taken" "$KURV" pubkey -k "$f" -o got.pem
    same "  the right key" got.pem want.pem
done
"$KURV" sign -k key-cert.pem -o s.der around.pem
expect_ok "verify -p a key + certificate bundle" "$KURV" verify -p cert-key.pem -s s.der around.pem
{ cat pub0.pem; echo 'a comment after the block'; } >pub-text.pem
expect_ok "a public key with text after it" "$KURV" pubkey -k pub-text.pem

section "one message for each refusal"
: >empty.pem
refused "an empty file" empty.pem "empty file"
printf '\n  \n' >blank.pem
refused "a blank file" blank.pem "empty file"
refused "a certificate given as a key" cert.pem "a certificate, not a key"
converts "  its command takes the public key"
expect_err "sign -k a certificate" 2 "$KURV" sign -k cert.pem around.pem
says "  names the certificate" "certificate"
openssl x509 -in cert.pem -outform DER -out cert.der
refused "a DER certificate" cert.der "a certificate, not a key"
openssl ecparam -name "$ocurve" -out params.pem
refused "EC PARAMETERS alone" params.pem "EC PARAMETERS only"

openssl ec -in k.pem -param_enc explicit -out kx.pem 2>/dev/null
refused "explicit curve parameters (SEC1 PEM)" kx.pem "explicit curve parameters"
converts "  its command converts it"
openssl ec -in k.pem -param_enc explicit -outform DER -out kx.der 2>/dev/null
refused "explicit curve parameters (SEC1 DER)" kx.der "explicit curve parameters"
converts "  its command converts it"
openssl pkcs8 -topk8 -nocrypt -in kx.pem -out kx8.pem 2>/dev/null
refused "explicit curve parameters (PKCS#8)" kx8.pem "explicit curve parameters"
openssl ec -in kx.pem -pubout -out pubx.pem 2>/dev/null
refused "explicit curve parameters (public key)" pubx.pem "explicit curve parameters"
converts "  its command converts it"

openssl ec -in k.pem -pubout -conv_form hybrid -out pubh.pem 2>/dev/null
refused "a hybrid public key (0x06/0x07)" pubh.pem "hybrid"
converts "  its command converts it"
openssl ec -in k.pem -conv_form hybrid -out kh.pem 2>/dev/null
refused "a private key with a hybrid public key" kh.pem "hybrid"
converts "  its command converts it"

# SEC1 DER by hand: d = 0, and another key's public key in [1]
"$KURV" keygen -c "$curve" --format der -o a.der
"$KURV" keygen -c "$curve" --format der -o b.der
python3 - <<'EOF'
def tlv(b, i):
    # tag, start of contents, end
    n = b[i + 1]; j = i + 2
    if n & 0x80:
        k = n & 0x7f; n = int.from_bytes(b[j:j + k], "big"); j += k
    return b[i], j, j + n
a = bytearray(open("a.der", "rb").read()); b = open("b.der", "rb").read()
_, s, _ = tlv(a, 0)
_, vs, ve = tlv(a, s)
_, ds, de = tlv(a, ve)
z = bytearray(a); z[ds:de] = bytes(de - ds)
open("d0.der", "wb").write(z)
i = de
while a[i] != 0xA1:
    i = tlv(a, i)[2]
open("mismatch.der", "wb").write(a[:i] + b[i:])
EOF
refused "d = 0" d0.der "d is 0"
refused "a stored public key that is not d*G" mismatch.der "is not the public key of its private key"
expect_err "sign with it" 2 "$KURV" sign -k mismatch.der around.pem
says "  names the stored public key" "public key stored in it"

openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out rsa.pem 2>/dev/null
refused "an RSA key" rsa.pem "RSA"

section "encryption schemes kurv does not read, named before any password"
# (the scrypt files are named kdf1.*: a message naming the file must not pass for one
# naming the scheme)
openssl pkcs8 -topk8 -in k.pem -scrypt -passout pass:pw -out kdf1.pem 2>/dev/null
openssl pkcs8 -topk8 -in k.pem -scrypt -passout pass:pw -outform DER -out kdf1.der 2>/dev/null
openssl pkcs8 -topk8 -in k.pem -v2 des3 -passout pass:pw -out des3.pem 2>/dev/null
openssl pkcs8 -topk8 -in k.pem -v2 des3 -passout pass:pw -outform DER -out des3.der 2>/dev/null
openssl pkcs8 -topk8 -in k.pem -v1 PBE-SHA1-3DES -passout pass:pw -out p12.pem 2>/dev/null
for f in kdf1.pem kdf1.der des3.pem des3.der p12.pem; do
    case $f in kdf1*) w=scrypt ;; des3*) w=3DES ;; *) w=PKCS#12 ;; esac
    refused "$f without --pass" "$f" "$w"
    says "  gives the openssl command" "openssl pkcs8 -topk8 -v2 aes-256-cbc"
    refused "$f with --pass" "$f" "$w" --pass pass:pw
    converts "  its command converts it" -passin pass:pw -passout pass:pw
done
printf 'pw\n' >pw.txt
# stdin a file: a password read by kurv would move the offset the shell reads from after it
expect_err "no password is read (--pass stdin left unread)" 2 sh -c '"$0" pubkey -k kdf1.der --pass stdin; st=$?; read -r line; [ "$line" = pw ] || exit 8; exit $st' "$KURV" <pw.txt

finish
