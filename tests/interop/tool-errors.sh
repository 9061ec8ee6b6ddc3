#!/usr/bin/env bash
# kurv tool test: bad input never crashes; each problem exits 2 with exactly one line on
# stderr naming it; a signature that does not verify exits 1. Needs no openssl.
#
# The checks that do not depend on the curve (usage and help, option parsing, key files
# that are not keys, options and stdin given twice, failed writes) run in mode "all";
# mode "curve" keeps key generation and aliases, the truncated key files, and every
# signature check (their lengths are the curve's). meson.build gives "all" to the first
# built curve and "curve" to the others.
#
# usage: tool-errors.sh KURV_CURVE [all|curve]   (environment: KURV_TOOL = the built kurv)
set -u

curve=${1:?usage: tool-errors.sh KURV_CURVE [all|curve]}
run_mode=${2:-all}
case $run_mode in
    all | curve) ;;
    *) echo "tool-errors.sh: mode must be all or curve, not '$run_mode'" >&2; exit 2 ;;
esac
all() { [ "$run_mode" = all ]; }

. "$(dirname "$0")/lib.sh"

echo "kurv tool errors: $curve (mode $run_mode) with $KURV"

printf 'message one\n' >msg1
printf 'message two\n' >msg2

if all; then
section "help and usage"
expect_ok "kurv --help" "$KURV" --help
if grep -q '^usage: kurv COMMAND' out.txt; then pass "  prints the usage on stdout"; else fail "  prints the usage on stdout" "no usage line"; fi
expect_ok "kurv help" "$KURV" help
expect_ok "kurv -h" "$KURV" -h
for c in keygen pubkey sign verify ecdh curves demo version help; do
    expect_ok "kurv $c --help" "$KURV" "$c" --help
    if grep -q "^usage: kurv $c" out.txt; then pass "  prints the usage of $c"; else fail "  prints the usage of $c" "no usage line"; fi
    expect_ok "kurv help $c" "$KURV" help "$c"
done
expect_ok "kurv version" "$KURV" version
if grep -q '^kurv [0-9]' out.txt; then pass "  prints 'kurv VERSION'"; else fail "  prints 'kurv VERSION'" "$(cat out.txt)"; fi
fi
expect_ok "kurv curves" "$KURV" curves
if awk -v c="$curve" '$1 == c { found = 1 } END { exit !found }' out.txt; then pass "  lists $curve"; else fail "  lists $curve" "not listed"; fi
expect_err "no command" 2 "$KURV"
expect_err "unknown command" 2 "$KURV" frobnicate
expect_err "kurv help of an unknown command" 2 "$KURV" help frobnicate

section "key generation"
expect_ok "kurv keygen -c $curve" "$KURV" keygen -c "$curve" -o key.pem
upper=$(printf '%s' "$curve" | tr '[:lower:]' '[:upper:]')
expect_ok "curve names are case-insensitive (-c $upper)" "$KURV" keygen -c "$upper" -o key-upper.pem
expect_ok "-c with the value attached and --curve=NAME" "$KURV" keygen "-c$curve" -o key2.pem
expect_ok "  --curve=$curve" "$KURV" keygen --curve="$curve" -o key3.pem
if cmp -s key.pem key2.pem; then fail "two keygen runs give different keys" "identical"; else pass "two keygen runs give different keys"; fi
# aliases: everything after the OID column, separated by ", " (an alias may contain a space)
"$KURV" curves | awk -v c="$curve" '$1 == c { sub(/^[^ ]+ +[^ ]+ +[^ ]+ +/, ""); n = split($0, a, ", ");
    for (i = 1; i <= n; i++) if (a[i] != "-") print a[i] }' >aliases.txt
while IFS= read -r a <&3; do
    expect_ok "alias '$a' is accepted" "$KURV" keygen -c "$a" --force -o key-alias.pem
done 3<aliases.txt
if all; then
expect_err "unknown curve" 2 "$KURV" keygen -c nosuchcurve -o nokey.pem
if [ -e nokey.pem ]; then fail "  no file is created for an unknown curve" "nokey.pem exists"; else pass "  no file is created for an unknown curve"; fi
expect_err "missing -c" 2 "$KURV" keygen
expect_err "-c without a value" 2 "$KURV" keygen -c
expect_err "unknown key format" 2 "$KURV" keygen -c "$curve" --format jwk
expect_err "unknown option (long)" 2 "$KURV" keygen -c "$curve" --bogus
expect_err "unknown option (short)" 2 "$KURV" keygen -c "$curve" -x
expect_err "an option of another command (--hex on keygen)" 2 "$KURV" keygen -c "$curve" --hex
expect_err "a flag given a value (--pkcs8=yes)" 2 "$KURV" keygen -c "$curve" --pkcs8=yes
expect_err "unexpected argument" 2 "$KURV" keygen -c "$curve" extra
expect_err "output into a missing folder" 2 "$KURV" keygen -c "$curve" -o nodir/key.pem
if [ -w /dev/full ]; then
    expect_err "write error (/dev/full)" 2 "$KURV" keygen -c "$curve" -o /dev/full
    # the commands that only print: a failed write to stdout is an error too
    for c in version curves help --help "help sign" "sign --help"; do
        expect_err "write error of kurv $c (stdout on /dev/full)" 2 sh -c "exec \"\$0\" $c >/dev/full" "$KURV"
    done
    expect_err "write error of kurv version (stdout closed)" 2 sh -c 'exec "$0" version >&-' "$KURV"
fi
fi

section "bad key files"
"$KURV" pubkey -k key.pem -o pub.pem
"$KURV" keygen -c "$curve" --format der -o key.der
head -c 60 key.pem >trunc.pem
head -c 20 key.der >trunc.der
: >empty.pem
head -c 70000 /dev/zero >huge.pem
printf 'hello, I am not a key\n' >text.pem
sed '2s/./#/' key.pem >badb64.pem
mkdir adir
bad="trunc.pem trunc.der"
all && bad="$bad empty.pem text.pem badb64.pem huge.pem adir missing.pem"
for f in $bad; do
    expect_err "sign with key $f" 2 "$KURV" sign -k "$f" msg1
    if grep -q "$f" err.txt; then pass "  the error names $f"; else fail "  the error names $f" "$(cat err.txt)"; fi
    expect_err "verify with key $f" 2 "$KURV" verify -p "$f" -s msg1 msg1
    expect_err "pubkey of $f" 2 "$KURV" pubkey -k "$f"
    expect_err "ecdh with peer $f" 2 "$KURV" ecdh -k key.pem -p "$f"
done
expect_err "sign with a public key" 2 "$KURV" sign -k pub.pem msg1
expect_err "ecdh with a public key as -k" 2 "$KURV" ecdh -k pub.pem -p pub.pem
if all; then
expect_err "sign without -k" 2 "$KURV" sign msg1
expect_err "sign without FILE" 2 "$KURV" sign -k key.pem
expect_err "sign with two FILEs" 2 "$KURV" sign -k key.pem msg1 msg2
expect_err "sign a missing file" 2 "$KURV" sign -k key.pem no-such-message
expect_err "sign with an unknown hash" 2 "$KURV" sign -k key.pem -H md5 msg1
expect_err "sign with an unknown signature format" 2 "$KURV" sign -k key.pem --format pgp msg1
expect_err "ecdh without -p" 2 "$KURV" ecdh -k key.pem
expect_err "pubkey without -k" 2 "$KURV" pubkey
fi

section "signatures"
expect_ok "kurv sign" "$KURV" sign -k key.pem -o sig.der msg1
expect_ok "kurv verify of the right message" "$KURV" verify -p pub.pem -s sig.der msg1
if [ "$(cat out.txt)" = "Verified OK" ] && [ ! -s err.txt ]; then pass "  prints only 'Verified OK'"; else fail "  prints only 'Verified OK'" "stdout: $(cat out.txt)"; fi
expect_ok "kurv verify with the private key as -p" "$KURV" verify -p key.pem -s sig.der msg1
expect_err "kurv verify of another message exits 1" 1 "$KURV" verify -p pub.pem -s sig.der msg2
if [ "$(cat err.txt)" = "kurv: signature does not verify" ]; then pass "  with 'kurv: signature does not verify'"; else fail "  with 'kurv: signature does not verify'" "$(cat err.txt)"; fi
"$KURV" keygen -c "$curve" -o other.pem
expect_err "kurv verify with another key exits 1" 1 "$KURV" verify -p other.pem -s sig.der msg1
expect_err "kurv verify with another hash (sha224, never a default) exits 1" 1 "$KURV" verify -p pub.pem -s sig.der -H sha224 msg1

# a DER signature with one bit of s flipped: still well-formed, does not verify
python3 -c 'import sys; b = bytearray(open("sig.der", "rb").read()); b[-1] ^= 1; open("sig-flip.der", "wb").write(b)'
expect_err "a signature with one bit flipped exits 1" 1 "$KURV" verify -p pub.pem -s sig-flip.der msg1

printf 'this is not a signature' >garbage.sig
expect_err "a garbage signature exits 2" 2 "$KURV" verify -p pub.pem -s garbage.sig msg1
if grep -q 'garbage.sig' err.txt; then pass "  the error names garbage.sig"; else fail "  the error names garbage.sig" "$(cat err.txt)"; fi
head -c 10 sig.der >trunc.sig
expect_err "a truncated DER signature exits 2" 2 "$KURV" verify -p pub.pem -s trunc.sig msg1
{ cat sig.der; printf '\0'; } >trailing.sig
expect_err "a DER signature with a trailing byte exits 2" 2 "$KURV" verify -p pub.pem -s trailing.sig msg1
: >empty.sig
expect_err "an empty signature file exits 2" 2 "$KURV" verify -p pub.pem -s empty.sig msg1
expect_err "a missing signature file exits 2" 2 "$KURV" verify -p pub.pem -s missing.sig msg1
expect_err "a missing message file exits 2" 2 "$KURV" verify -p pub.pem -s sig.der missing.msg
expect_err "verify without -s" 2 "$KURV" verify -p pub.pem msg1
expect_err "verify without -p" 2 "$KURV" verify -s sig.der msg1

"$KURV" sign -k key.pem --format raw -o sig.raw msg1
"$KURV" sign -k key.pem --format hex -o sig.hex msg1
expect_ok "raw signature verifies with --format raw" "$KURV" verify -p pub.pem -s sig.raw --format raw msg1
expect_err "a raw signature read as DER exits 2" 2 "$KURV" verify -p pub.pem -s sig.raw msg1
head -c 10 sig.raw >short.raw
expect_err "a raw signature of the wrong length exits 2" 2 "$KURV" verify -p pub.pem -s short.raw --format raw msg1
expect_ok "hex signature verifies with --format hex" "$KURV" verify -p pub.pem -s sig.hex --format hex msg1
printf 'zz%s' "$(cat sig.hex)" >bad.hex
expect_err "a hex signature with a bad digit exits 2" 2 "$KURV" verify -p pub.pem -s bad.hex --format hex msg1
# a raw signature with r = 0: well-formed bytes, out of range, so it does not verify
head -c "$(wc -c <sig.raw)" /dev/zero >zero.raw
expect_err "a raw signature of zeros (r = s = 0) exits 1" 1 "$KURV" verify -p pub.pem -s zero.raw --format raw msg1

section "recoverable signatures: verify --format rec, --digest with 0x"
expect_ok "kurv sign --format rec" "$KURV" sign -k key.pem --format rec -o sig.rec msg1
expect_ok "verify --format rec reads what sign writes" "$KURV" verify -p pub.pem -s sig.rec --format rec msg1
if [ "$(cat out.txt)" = "Verified OK" ]; then pass "  Verified OK"; else fail "  Verified OK" "$(cat out.txt)"; fi
expect_err "verify --format rec of another message exits 1" 1 "$KURV" verify -p pub.pem -s sig.rec --format rec msg2
{ printf '0x'; hexof sig.rec; echo; } >sig.rec.hex
expect_ok "verify --format rec of its hex (with 0x)" "$KURV" verify -p pub.pem -s sig.rec.hex --format rec msg1
python3 -c 'import sys; b = bytearray(open("sig.rec", "rb").read()); b[-1] ^= 1; open("sig-id.rec", "wb").write(b); b[-1] = 4; open("sig-id4.rec", "wb").write(b)'
expect_err "verify --format rec with the other recovery id exits 1" 1 "$KURV" verify -p pub.pem -s sig-id.rec --format rec msg1
if grep -q 'recovery id' err.txt; then pass "  the error names the recovery id"; else fail "  the error names the recovery id" "$(cat err.txt)"; fi
expect_err "verify --format rec with recovery id 4 exits 2" 2 "$KURV" verify -p pub.pem -s sig-id4.rec --format rec msg1
expect_err "verify --format rec of a raw signature (no id) exits 2" 2 "$KURV" verify -p pub.pem -s sig.raw --format rec msg1
# the curve's default hash (kurv curves' BITS: up to 256 SHA-256, up to 384 SHA-384, else SHA-512)
bits=$("$KURV" curves | awk -v c="$curve" '$1 == c { print $2 }')
if [ "$bits" -le 256 ]; then h=sha256; elif [ "$bits" -le 384 ]; then h=sha384; else h=sha512; fi
dgst=$(python3 -c 'import hashlib, sys; print(hashlib.new(sys.argv[1], open("msg1", "rb").read()).hexdigest())' "$h")
expect_ok "recover --digest HEX" "$KURV" recover -c "$curve" -s sig.rec --digest "$dgst" -o rec1.pem
same "  gives the signer's key" rec1.pem pub.pem
expect_ok "recover --digest 0xHEX (as Ethereum tools print it)" "$KURV" recover -c "$curve" -s sig.rec --digest "0x$dgst" -o rec2.pem
same "  the same key" rec2.pem pub.pem
expect_ok "recover --digest 0XHEX" "$KURV" recover -c "$curve" -s sig.rec --digest "0X$dgst" -o rec3.pem
expect_err "recover --digest 0x alone exits 2" 2 "$KURV" recover -c "$curve" -s sig.rec --digest 0x

if all; then
section "options given twice, stdin given twice, failed writes"
"$KURV" keygen -c "$curve" -o key-b.pem
"$KURV" pubkey -k key-b.pem -o pub-b.pem
expect_err "-p given twice (which recipient?)" 2 "$KURV" verify -p pub.pem -p pub-b.pem -s sig.raw --format raw msg1
if grep -q "given twice" err.txt; then pass "  the error says 'given twice'"; else fail "  the error says 'given twice'" "$(cat err.txt)"; fi
expect_err "-k and --key together" 2 "$KURV" sign -k key.pem --key key-b.pem msg1
expect_err "--hex given twice" 2 "$KURV" ecdh -k key.pem -p pub-b.pem --hex --hex
expect_err "stdin for both the key and the message" 2 "$KURV" sign -k - - <key.pem
if grep -q "stdin" err.txt; then pass "  the error names stdin"; else fail "  the error names stdin" "$(cat err.txt)"; fi
# a write that fails half-way (file size limit) leaves no partial file behind
# (the limit, 1 KiB, applies to err.txt too: the one error line fits)
head -c 100000 /dev/zero >big.bin
rm -f part2.out
( trap '' XFSZ; ulimit -f 1; "$KURV" encrypt -p pub.pem -o part2.out big.bin ) >out.txt 2>err.txt
st=$?
if [ $st -eq 2 ] && [ "$(wc -l <err.txt)" -eq 1 ]; then pass "a failed write exits 2 with one line"; else fail "a failed write exits 2 with one line" "status $st: $(cat err.txt)"; fi
if [ -e part2.out ]; then fail "  the partly written file is removed" "part2.out exists"; else pass "  the partly written file is removed"; fi
else
    echo "(mode curve: usage, option parsing, non-key files, repeated options and failed writes are checked on the first built curve)"
fi

finish
