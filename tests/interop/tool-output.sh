#!/usr/bin/env bash
# kurv tool test: output files. A new key never replaces an existing file without --force;
# no output may be one of the command's inputs (also through a symbolic or hard link); a
# key or secret is never written through a symbolic link; every output file is written to
# a temporary file and renamed into place, so a failed write leaves the old file as it was
# and no partial or temporary file behind. Curve-independent: meson.build runs it on the
# first built curve. Needs no openssl.
#
# usage: tool-output.sh KURV_CURVE [OPENSSL_CURVE]   (environment: KURV_TOOL = the built kurv)
set -u
umask 022

curve=${1:?usage: tool-output.sh KURV_CURVE}

. "$(dirname "$0")/lib.sh"

echo "kurv output files: $curve with $KURV"

# unchanged DESC FILE COPY: FILE still has the bytes of COPY
unchanged() {
    if cmp -s "$2" "$3"; then pass "$1"; else fail "$1" "$2 was changed"; fi
}
# mode_is DESC FILE MODE: FILE has the octal permission bits MODE
mode_is() {
    local m
    m=$(stat -c %a "$2")
    if [ "$m" = "$3" ]; then pass "$1"; else fail "$1" "mode $m, expected $3"; fi
}
# no_temp DESC: no temporary file (.NAME.kurv-XXXXXX) is left in the folder
no_temp() {
    if ls -A | grep -q '\.kurv-'; then fail "$1" "$(ls -A | grep '\.kurv-' | tr '\n' ' ')"; else pass "$1"; fi
}

printf 'a message\n' >msg
"$KURV" keygen -c "$curve" -o k.pem
cp k.pem k.copy
"$KURV" keygen -c "$curve" -o peer.pem
"$KURV" pubkey -k peer.pem -o peer.pub.pem

section "keygen does not replace a file"
expect_err "keygen -o an existing key" 2 "$KURV" keygen -c "$curve" -o k.pem
unchanged "  the key is unchanged" k.pem k.copy
if grep -q -- '--force' err.txt; then pass "  the error names --force"; else fail "  the error names --force" "$(cat err.txt)"; fi
printf 'not a key\n' >notes.txt
cp notes.txt notes.copy
expect_err "keygen -o an existing file that is not a key" 2 "$KURV" keygen -c "$curve" -o notes.txt
unchanged "  the file is unchanged" notes.txt notes.copy
cp k.pem k2.pem
chmod 644 k2.pem
expect_ok "keygen --force replaces it" "$KURV" keygen -c "$curve" --force -o k2.pem
if cmp -s k2.pem k.pem; then fail "  with a new key" "the old key is still there"; else pass "  with a new key"; fi
mode_is "  mode 0600" k2.pem 600
if [ "$curve" = secp256k1 ] && "$KURV" help schnorr >/dev/null 2>&1; then
    "$KURV" schnorr keygen -o sk.hex
    cp sk.hex sk.copy
    expect_err "schnorr keygen -o an existing key" 2 "$KURV" schnorr keygen -o sk.hex
    unchanged "  the key is unchanged" sk.hex sk.copy
    expect_ok "schnorr keygen --force replaces it" "$KURV" schnorr keygen --force -o sk.hex
    expect_err "schnorr pubkey -k sk.hex -o sk.hex" 2 "$KURV" schnorr pubkey -k sk.hex -o sk.hex
fi

section "an output that is an input"
expect_err "pubkey -k k.pem -o k.pem" 2 "$KURV" pubkey -k k.pem -o k.pem
unchanged "  the private key is unchanged" k.pem k.copy
expect_err "sign -k k.pem -o k.pem" 2 "$KURV" sign -k k.pem -o k.pem msg
unchanged "  the private key is unchanged" k.pem k.copy
expect_err "sign -o the message" 2 "$KURV" sign -k k.pem -o msg msg
expect_err "sign -k k.pem -o k.pem --force (--force does not allow it)" 2 "$KURV" sign -k k.pem --force -o k.pem msg
unchanged "  the private key is unchanged" k.pem k.copy
ln -s k.pem k.link
ln k.pem k.hard
expect_err "pubkey -o a symbolic link to the key" 2 "$KURV" pubkey -k k.pem -o k.link
expect_err "sign -o a hard link to the key" 2 "$KURV" sign -k k.pem -o k.hard msg
expect_err "sign -k through a symbolic link, -o the key" 2 "$KURV" sign -k k.link -o k.pem msg
unchanged "  the private key is unchanged" k.pem k.copy
expect_err "ecdh -o the peer's key" 2 "$KURV" ecdh -k k.pem -p peer.pub.pem -o peer.pub.pem
"$KURV" encrypt -p peer.pub.pem -o ct msg
expect_err "decrypt -o the ciphertext" 2 "$KURV" decrypt -k peer.pem -o ct ct
"$KURV" sign -k k.pem --format rec -o sig.rec msg
expect_err "recover -o the signature" 2 "$KURV" recover -c "$curve" -s sig.rec -o sig.rec msg

section "other key files are not replaced without --force"
"$KURV" keygen -c "$curve" -o other.pem
cp other.pem other.copy
expect_err "pubkey -o another private key" 2 "$KURV" pubkey -k k.pem -o other.pem
unchanged "  that key is unchanged" other.pem other.copy
expect_ok "pubkey -o another private key --force" "$KURV" pubkey -k k.pem --force -o other.pem
"$KURV" pubkey -k k.pem -o pub.pem
expect_ok "pubkey -o an existing public key (not a private key: replaced)" "$KURV" pubkey -k peer.pem -o pub.pem

section "symbolic links"
printf 'precious\n' >victim
cp victim victim.copy
ln -s victim trap.pem
expect_err "keygen -o a symbolic link" 2 "$KURV" keygen -c "$curve" -o trap.pem
expect_err "keygen --force -o a symbolic link" 2 "$KURV" keygen -c "$curve" --force -o trap.pem
unchanged "  the file it names is unchanged" victim victim.copy
if [ -L trap.pem ]; then pass "  the link is still a link"; else fail "  the link is still a link" "replaced"; fi
ln -s nowhere dangling.pem
expect_err "keygen -o a dangling symbolic link" 2 "$KURV" keygen -c "$curve" -o dangling.pem
if [ -e nowhere ]; then fail "  nothing is created where it points" "nowhere exists"; else pass "  nothing is created where it points"; fi
expect_err "ecdh -o a symbolic link (a secret)" 2 "$KURV" ecdh -k k.pem -p peer.pub.pem -o trap.pem
expect_err "decrypt -o a symbolic link (a secret)" 2 "$KURV" decrypt -k peer.pem -o trap.pem ct
expect_err "pubkey -o a symbolic link (a key)" 2 "$KURV" pubkey -k k.pem -o trap.pem
unchanged "  the file it names is unchanged" victim victim.copy
printf 'old\n' >sig.der
ln -s sig.der sig.link
expect_ok "sign -o a symbolic link (a signature: the file it names is written)" "$KURV" sign -k k.pem -o sig.link msg
if [ -L sig.link ] && [ -s sig.der ]; then pass "  the link stays, the file it names holds the signature"; else fail "  the link stays, the file it names holds the signature" "$(ls -l sig.link sig.der 2>&1)"; fi
expect_ok "  and it verifies" "$KURV" verify -p k.pem -s sig.der msg
expect_err "sign -o a dangling symbolic link" 2 "$KURV" sign -k k.pem -o dangling.pem msg
if [ -e nowhere ]; then fail "  nothing is created where it points" "nowhere exists"; else pass "  nothing is created where it points"; fi

section "written by a temporary file and a rename"
"$KURV" sign -k k.pem -o s.der msg
ln s.der s.other
ino=$(stat -c %i s.der)
expect_ok "sign -o an existing signature" "$KURV" sign -k k.pem --format raw -o s.der msg
if [ "$(stat -c %i s.der)" != "$ino" ]; then pass "  the file is a new one (renamed into place)"; else fail "  the file is a new one (renamed into place)" "same inode: rewritten in place"; fi
if [ "$(wc -c <s.other)" != "$(wc -c <s.der)" ]; then pass "  another name of the old file keeps the old contents"; else fail "  another name of the old file keeps the old contents" "rewritten through the hard link"; fi
mode_is "  a public output has mode 0644 (umask 022)" s.der 644
# a write that fails half-way (file size limit) leaves the old file as it was
head -c 100000 /dev/zero >big.bin
printf 'old contents\n' >part.out
cp part.out part.copy
( trap '' XFSZ; ulimit -f 1; "$KURV" encrypt -p peer.pub.pem -o part.out big.bin ) >out.txt 2>err.txt
st=$?
if [ $st -eq 2 ] && [ "$(wc -l <err.txt)" -eq 1 ]; then pass "a failed write exits 2 with one line"; else fail "a failed write exits 2 with one line" "status $st: $(cat err.txt)"; fi
if [ -e part.out ] && cmp -s part.out part.copy; then pass "  the existing output keeps its contents"; else fail "  the existing output keeps its contents" "$(ls -l part.out 2>&1)"; fi
no_temp "  no temporary file is left"
mkdir ro
chmod 555 ro
if [ "$(id -u)" != 0 ]; then
    expect_err "an output in a folder without write permission" 2 "$KURV" sign -k k.pem -o ro/s.der msg
fi
chmod 755 ro
expect_ok "decrypt -o a new file" "$KURV" decrypt -k peer.pem -o plain.out ct
mode_is "  mode 0600 (a secret)" plain.out 600
unchanged "  the plaintext" plain.out msg
no_temp "no temporary file is left after all that"

finish
