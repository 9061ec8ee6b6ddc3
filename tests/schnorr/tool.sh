#!/bin/sh
# kurv schnorr: the tool against BIP-340's test vectors 1 and 5 and its own round
# trips; exit statuses (0 ok, 1 does not verify, 2 bad input) with exactly one
# stderr line on each failure.
#   tool.sh KURV
set -u
KURV=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
n=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
bad() { n=$((n + 1)); echo "not ok $n - $1"; fails=$((fails + 1)); }

# expect STATUS DESCRIPTION CMD...: the status, and one stderr line unless it is 0
expect() {
    want=$1; what=$2; shift 2
    "$@" >"$tmp/out" 2>"$tmp/err"
    st=$?
    lines=$(wc -l <"$tmp/err")
    if [ "$st" -ne "$want" ]; then
        bad "$what: status $st, want $want ($(head -c 200 "$tmp/err"))"
    elif [ "$want" -ne 0 ] && [ "$lines" -ne 1 ]; then
        bad "$what: $lines stderr lines, want 1"
    elif [ "$want" -eq 0 ] && [ "$lines" -ne 0 ]; then
        bad "$what: unexpected stderr output"
    else
        ok "$what"
    fi
}

# BIP-340 test vector 1
SK=B7E151628AED2A6ABF7158809CF4F3C762E7160F38B4DA56A784D9045190CFEF
PK=dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659
AUX=0000000000000000000000000000000000000000000000000000000000000001
MSG=243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89
SIG=6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a

expect 0 "pubkey of vector 1" "$KURV" schnorr pubkey -k "$SK"
[ "$(cat "$tmp/out")" = "$PK" ] && ok "pubkey equals vector 1" || bad "pubkey: $(cat "$tmp/out")"

expect 0 "sign vector 1 (--msg)" "$KURV" schnorr sign -k "$SK" --aux "$AUX" --msg "$MSG"
[ "$(cat "$tmp/out")" = "$SIG" ] && ok "signature equals vector 1" || bad "sign: $(cat "$tmp/out")"

# the same message from a file, the key from a file
unhex() {    # hex string -> bytes on stdout (POSIX sh: octal escapes of printf)
    h=$1
    while [ -n "$h" ]; do
        rest=${h#??}
        byte=${h%"$rest"}
        h=$rest
        printf "\\$(printf '%03o' $((0x$byte)))"
    done
}
unhex "$MSG" >"$tmp/msg"
printf '%s\n' "$SK" >"$tmp/sk"
expect 0 "sign vector 1 (-m file, key file, -o)" "$KURV" schnorr sign -k "$tmp/sk" --aux "$AUX" -m "$tmp/msg" -o "$tmp/sig"
[ "$(cat "$tmp/sig")" = "$SIG" ] && ok "file signature equals vector 1" || bad "sign -o: $(cat "$tmp/sig")"

expect 0 "verify vector 1" "$KURV" schnorr verify -p "$PK" -s "$SIG" -m "$tmp/msg"
expect 0 "sign vector 1 (--key=, --aux=, --msg=)" "$KURV" schnorr sign --key="$SK" --aux="$AUX" --msg="$MSG"
[ "$(cat "$tmp/out")" = "$SIG" ] && ok "--opt=value signature equals vector 1" || bad "sign --opt=value: $(cat "$tmp/out")"
expect 0 "verify vector 1 (--pub=, --sig=, --message=)" "$KURV" schnorr verify --pub="$PK" --sig="$SIG" --message="$tmp/msg"
grep -qx "Verified OK" "$tmp/out" && ok "prints Verified OK" || bad "verify output"
expect 0 "verify vector 1 (signature file, stdin message)" sh -c "\"$KURV\" schnorr verify -p $PK -s \"$tmp/sig\" -m - <\"$tmp/msg\""
expect 1 "verify: other message" "$KURV" schnorr verify -p "$PK" -s "$SIG" --msg 00
grep -q "does not verify" "$tmp/err" && ok "says does not verify" || bad "message of status 1"

# vector 5: public key not on the curve; vector 12: r = p
expect 2 "verify: public key not on the curve" "$KURV" schnorr verify \
    -p EEFDEA4CDB677750A420FEE807EACF21EB9898AE79B9768766E4FAA04A2D4A34 -s "$SIG" --msg "$MSG"
expect 1 "verify: r = p" "$KURV" schnorr verify -p "$PK" \
    -s FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F69E89B4C5564D00349106B8497785DD7D1D713A8AE82B32FA79D5F7FC407D39B --msg "$MSG"

# a round trip with fresh keys and random aux
expect 0 "keygen -o" "$KURV" schnorr keygen -o "$tmp/k2"
perm=$(stat -c %a "$tmp/k2")
[ "$perm" = 600 ] && ok "secret key file mode 0600" || bad "mode $perm"
expect 0 "pubkey of a new key" "$KURV" schnorr pubkey -k "$tmp/k2" -o "$tmp/p2"
expect 0 "sign with random aux" "$KURV" schnorr sign -k "$tmp/k2" -m "$tmp/msg" -o "$tmp/s2"
expect 0 "verify the new signature" "$KURV" schnorr verify -p "$tmp/p2" -s "$tmp/s2" -m "$tmp/msg"
expect 0 "empty message" sh -c "\"$KURV\" schnorr sign -k \"$tmp/k2\" --msg '' >\"$tmp/s3\" && \"$KURV\" schnorr verify -p \"$tmp/p2\" -s \"$tmp/s3\" --msg ''"

# bad input: status 2, one line
expect 2 "no subcommand" "$KURV" schnorr
expect 2 "unknown subcommand" "$KURV" schnorr frobnicate
expect 2 "unknown option" "$KURV" schnorr sign -k "$SK" --msg 00 --bogus
expect 2 "unknown option with a value" "$KURV" schnorr sign -k "$SK" --msg 00 --bogus=1
expect 2 "--help with a value" "$KURV" schnorr sign --help=1
expect 2 "--key= given twice" "$KURV" schnorr sign --key="$SK" -k "$SK" --msg 00
expect 2 "missing -k" "$KURV" schnorr sign --msg 00
expect 2 "no message" "$KURV" schnorr sign -k "$SK"
expect 2 "two messages" "$KURV" schnorr sign -k "$SK" --msg 00 -m "$tmp/msg"
expect 2 "short secret key" "$KURV" schnorr pubkey -k 0102
# an inline secret key is never written to stderr, and a wrong length is said as such
# (not taken for a file name)
BADSK=FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364142   # n + 1
expect 2 "secret key n + 1" "$KURV" schnorr pubkey -k "$BADSK"
if grep -qi "$BADSK" "$tmp/err"; then bad "secret key n + 1: echoed on stderr"; else ok "secret key n + 1: not echoed"; fi
expect 2 "secret key n + 1 (sign)" "$KURV" schnorr sign -k "$BADSK" --msg 00
if grep -qi "$BADSK" "$tmp/err"; then bad "secret key n + 1 (sign): echoed on stderr"; else ok "secret key n + 1 (sign): not echoed"; fi
SK63=${SK%?}
expect 2 "secret key of 63 hex digits" "$KURV" schnorr sign -k "$SK63" --msg 00
if grep -q "expected 64 hex digits, got 63" "$tmp/err" && ! grep -qi "$SK63" "$tmp/err"; then
    ok "secret key of 63 hex digits: said, not echoed"
else
    bad "secret key of 63 hex digits: $(cat "$tmp/err")"
fi
expect 2 "empty --key=" "$KURV" schnorr pubkey --key=
expect 2 "secret key 0" "$KURV" schnorr pubkey -k 0000000000000000000000000000000000000000000000000000000000000000
expect 2 "bad --aux" "$KURV" schnorr sign -k "$SK" --msg 00 --aux 12
expect 2 "bad --msg hex" "$KURV" schnorr sign -k "$SK" --msg 0g
expect 2 "short signature" "$KURV" schnorr verify -p "$PK" -s 0102 --msg 00
expect 2 "missing message file" "$KURV" schnorr verify -p "$PK" -s "$SIG" -m "$tmp/none"
expect 0 "help" "$KURV" schnorr --help
expect 0 "help via kurv help" "$KURV" help schnorr

echo "1..$n"
[ "$fails" -eq 0 ]
