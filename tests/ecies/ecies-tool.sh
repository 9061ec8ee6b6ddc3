#!/usr/bin/env bash
# kurv tool test: `kurv encrypt` / `kurv decrypt` round trips for every preset (files,
# stdin/stdout, sizes 0 to 1 MiB), streaming (mode "all": 64 MiB + 5 bytes encrypted and
# decrypted to a file, to stdout and from a pipe with a max RSS under 16 MB from
# /usr/bin/time -v (or 4 MB over that of 1000 bytes, under a sanitizer's runtime), a tampered 64 MiB file leaving no output file and no byte on stdout,
# 1 GiB + 17 bytes through a pipe, past the old limit; BouncyCastle decrypting the streamed
# encryption of 200003 bytes), BouncyCastle's ciphertexts decrypted by the tool when
# the bc-ecies tool runs (KURV_BC_ECIES), and bad input: exit 2 with exactly one stderr line.
#
# The checks that do not depend on the curve (the 64 KiB and 1 MiB round trips, the
# refused options and missing files) run in mode "all"; mode "curve" keeps the round trips
# up to 1000 bytes, stdin/stdout, BouncyCastle's ciphertexts and the damaged ciphertexts.
# meson.build gives "all" to the first built curve and "curve" to the others.
#
# usage: ecies-tool.sh KURV_CURVE [all|curve]   (environment: KURV_TOOL = the built kurv)
set -u

curve=${1:?usage: ecies-tool.sh KURV_CURVE [all|curve]}
run_mode=${2:-all}
case $run_mode in
    all) sizes="m0 m1 m16 m1000 m64k m1m" ;;
    curve) sizes="m0 m1 m16 m1000" ;;
    *) echo "ecies-tool.sh: mode must be all or curve, not '$run_mode'" >&2; exit 2 ;;
esac

. "$(dirname "$0")/../interop/lib.sh"

echo "kurv ecies tool: $curve (mode $run_mode) with $KURV"

"$KURV" keygen -c "$curve" -o key.pem
"$KURV" pubkey -k key.pem -o pub.pem
"$KURV" keygen -c "$curve" -o other.pem
: >m0
printf 'a' >m1
printf '0123456789abcdef' >m16
head -c 1000 /dev/urandom >m1000
head -c 65536 /dev/urandom >m64k
[ "$run_mode" = all ] && head -c 1048576 /dev/urandom >m1m

section "round trips"
for preset in default bc-aes128-cbc bc-aes256-cbc sec1-aes128-ctr; do
    popt=()
    [ "$preset" = default ] || popt=(--preset "$preset")
    for m in $sizes; do
        expect_ok "encrypt $m ($preset)" "$KURV" encrypt -p pub.pem "${popt[@]}" -o "$m.$preset.ct" "$m"
        expect_ok "  decrypt it" "$KURV" decrypt -k key.pem "${popt[@]}" -o "$m.$preset.pt" "$m.$preset.ct"
        if cmp -s "$m" "$m.$preset.pt"; then pass "  the plaintext comes back"; else fail "  the plaintext comes back" "differs"; fi
    done
done
# sizes: BouncyCastle AES-CBC: |V| + 16 (m/16 + 1) + 32
vlen=$(( $(wc -c <m1.default.ct) - 16 - 32 ))
if [ "$(wc -c <m16.default.ct)" -eq $((vlen + 32 + 32)) ] && [ "$(wc -c <m0.default.ct)" -eq $((vlen + 16 + 32)) ]; then
    pass "ciphertext sizes: |V| + 16 (m/16 + 1) + 32 (|V| = $vlen)"
else
    fail "ciphertext sizes" "$(wc -c <m0.default.ct) $(wc -c <m16.default.ct)"
fi
expect_ok "encrypt stdin to stdout" sh -c "\"$KURV\" encrypt -p pub.pem - <m1000 >s.ct"
expect_ok "decrypt stdin to stdout" sh -c "\"$KURV\" decrypt -k key.pem - <s.ct >s.pt"
same "  stdin/stdout round trip" m1000 s.pt
expect_ok "a pipe: encrypt | decrypt" sh -c "\"$KURV\" encrypt -p pub.pem m64k | \"$KURV\" decrypt -k key.pem - >p.pt"
same "  the pipe's output" m64k p.pt
expect_ok "encrypt with the private key as -p" "$KURV" encrypt -p key.pem -o k.ct m16
expect_ok "  decrypts" "$KURV" decrypt -k key.pem -o k.pt k.ct
same "  its plaintext" m16 k.pt
"$KURV" encrypt -p pub.pem -o a.ct m16
"$KURV" encrypt -p pub.pem -o b.ct m16
if cmp -s a.ct b.ct; then fail "two encryptions differ (fresh ephemeral key)" "identical"; else pass "two encryptions differ (fresh ephemeral key)"; fi
mode=$(stat -c %a m16.default.pt)
if [ "$mode" = 600 ]; then pass "the decrypted file has mode 0600"; else fail "the decrypted file has mode 0600" "mode $mode"; fi

section "streaming: large files in constant memory"
if [ "$run_mode" = all ]; then
# max RSS (kB) of a command, from /usr/bin/time -v; the command's own exit status in $rc
rss_of() {
    /usr/bin/time -v -o time.txt "$@" >out.txt 2>err.txt
    rc=$?
    rss=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' time.txt)
}
if [ -x /usr/bin/time ]; then
    # the limit: 16 MB (the tool reads and writes through two 64 KiB buffers), or the RSS of
    # encrypting 1000 bytes plus 4 MB where that is more (a sanitizer build's runtime)
    rss_of "$KURV" encrypt -p pub.pem -o small.ct m1000
    rss_limit=$(( rss + 4096 > 16384 ? rss + 4096 : 16384 ))
    echo "max RSS for 1000 bytes: $rss kB; limit for 64 MiB: $rss_limit kB"
    head -c $((64 * 1048576 + 5)) /dev/urandom >big
    rss_of "$KURV" encrypt -p pub.pem -o big.ct big
    if [ "$rc" -eq 0 ] && [ "$rss" -lt "$rss_limit" ]; then pass "encrypt 64 MiB + 5 bytes: max RSS $rss kB (< $rss_limit)"; else fail "encrypt 64 MiB + 5 bytes in constant memory" "exit $rc, max RSS $rss kB"; fi
    if [ "$(wc -c <big.ct)" -eq $((vlen + 16 * ($(wc -c <big) / 16 + 1) + 32)) ]; then pass "  its size is |V| + 16 (m/16 + 1) + 32"; else fail "  its size" "$(wc -c <big.ct)"; fi
    rss_of "$KURV" decrypt -k key.pem -o big.pt big.ct
    if [ "$rc" -eq 0 ] && [ "$rss" -lt "$rss_limit" ]; then pass "decrypt it to a file: max RSS $rss kB"; else fail "decrypt 64 MiB to a file in constant memory" "exit $rc, max RSS $rss kB"; fi
    same "  the plaintext comes back" big big.pt
    /usr/bin/time -v -o time.txt "$KURV" decrypt -k key.pem big.ct >big.out 2>err.txt
    rc=$?
    rss=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' time.txt)
    if [ "$rc" -eq 0 ]; then pass "decrypt it to stdout (held in memory until the tag verifies): max RSS $rss kB"; else fail "decrypt 64 MiB to stdout" "exit $rc, max RSS $rss kB"; fi
    same "  stdout holds the plaintext" big big.out
    /usr/bin/time -v -o time.txt sh -c "\"$KURV\" encrypt -p pub.pem --preset sec1-aes128-ctr - <big >big-ctr.ct" 2>err.txt
    rc=$?
    rss=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' time.txt)
    if [ "$rc" -eq 0 ] && [ "$rss" -lt "$rss_limit" ]; then pass "encrypt stdin to stdout (sec1-aes128-ctr): max RSS $rss kB"; else fail "encrypt stdin to stdout in constant memory" "exit $rc, max RSS $rss kB"; fi
    expect_ok "  decrypts from a pipe to a file" sh -c "cat big-ctr.ct | \"$KURV\" decrypt -k key.pem --preset sec1-aes128-ctr -o big-ctr.pt -"
    same "  the plaintext" big big-ctr.pt
    for cipher in aes-256-gcm aes-192-cbc; do
        expect_ok "encrypt 64 MiB with --cipher $cipher" "$KURV" encrypt -p pub.pem --cipher "$cipher" -o "big-$cipher.ct" big
        expect_ok "  decrypt it" "$KURV" decrypt -k key.pem --cipher "$cipher" -o "big-$cipher.pt" "big-$cipher.ct"
        same "  the plaintext" big "big-$cipher.pt"
    done
    # a byte changed in the middle: the tag fails at the end, after 32 MiB were decrypted
    cp big.ct bad.ct
    printf '\x55' | dd of=bad.ct bs=1 seek=$((32 * 1048576)) conv=notrunc status=none
    cmp -s big.ct bad.ct && fail "the tampered copy differs" "dd changed nothing"
    expect_err "decrypt a tampered 64 MiB file" 2 "$KURV" decrypt -k key.pem -o never-big.pt bad.ct
    if grep -q 'decryption failed' err.txt; then pass "  says 'decryption failed'"; else fail "  says 'decryption failed'" "$(cat err.txt)"; fi
    if [ -e never-big.pt ] || ls -a | grep -q 'never-big.pt.kurv-'; then fail "  no plaintext file, no temporary file left" "$(ls -a | grep never-big)"; else pass "  no plaintext file, no temporary file left"; fi
    cp m1000 keep.pt
    expect_err "  nor does it replace an existing file" 2 "$KURV" decrypt -k key.pem -o keep.pt bad.ct
    same "  which keeps its contents" m1000 keep.pt
    expect_err "decrypt the tampered file to stdout" 2 "$KURV" decrypt -k key.pem bad.ct
    if [ ! -s out.txt ]; then pass "  writes no byte of plaintext (held in memory until the tag verifies)"; else fail "  writes no plaintext to stdout" "$(wc -c <out.txt) bytes"; fi
    expect_err "decrypt it from a pipe to stdout" 2 sh -c "cat bad.ct | \"$KURV\" decrypt -k key.pem -"
    if [ ! -s out.txt ]; then pass "  writes no byte of plaintext (held in memory until the tag verifies)"; else fail "  writes no plaintext to stdout" "$(wc -c <out.txt) bytes"; fi
    rm -f big* bad.ct
    # past the old limit of 1 GiB (a sparse file of zeros: nothing on disk until decrypted)
    truncate -s $((1073741824 + 17)) huge
    rss_of sh -c "\"$KURV\" encrypt -p pub.pem huge | \"$KURV\" decrypt -k key.pem -o huge.pt -"
    if [ "$rc" -eq 0 ]; then pass "1 GiB + 17 bytes (over the old 1 GiB limit): encrypt | decrypt -o"; else fail "1 GiB + 17 bytes: encrypt | decrypt -o" "exit $rc"; fi
    same "  the plaintext comes back" huge huge.pt
    rm -f huge huge.pt
else
    echo "skip the memory checks (no /usr/bin/time)"
fi
fi

section "BouncyCastle's ciphertexts"
bc=${KURV_BC_ECIES:-}
if [ -n "$bc" ] && [ -x "$bc" ]; then
    pubhex=$("$KURV" pubkey -k key.pem --format der | od -An -v -tx1 | tr -d ' \n')
    pubhex=${pubhex: -$(( 2 * vlen ))}
    pthex=$(od -An -v -tx1 m1000 | tr -d ' \n')
    if printf '%s 128 %s %s\n%s 256 %s %s\n' "$curve" "$pubhex" "$pthex" "$curve" "$pubhex" "$pthex" \
        | "$bc" encrypt-batch >bc.txt 2>bc-err.txt; then
        sed -n 1p bc.txt | xxd -r -p >bc128.ct
        sed -n 2p bc.txt | xxd -r -p >bc256.ct
        expect_ok "decrypt BouncyCastle's AES-128 ciphertext" "$KURV" decrypt -k key.pem -o bc128.pt bc128.ct
        same "  the plaintext" m1000 bc128.pt
        expect_ok "decrypt BouncyCastle's AES-256 ciphertext" "$KURV" decrypt -k key.pem --preset bc-aes256-cbc -o bc256.pt bc256.ct
        same "  the plaintext" m1000 bc256.pt
        # BouncyCastle decrypts the tool's streamed output (over 64 KiB: several reads)
        head -c 200003 /dev/urandom >m200k
        "$KURV" encrypt -p pub.pem -o s128.ct m200k
        "$KURV" encrypt -p pub.pem --preset bc-aes256-cbc -o s256.ct m200k
        dhex=$(openssl pkey -in key.pem -text -noout 2>/dev/null | sed -n '/^priv:/,/^pub:/p' | sed '1d;$d' | tr -d ' :\n')
        if [ -n "$dhex" ]; then
            printf '%s 128 %s %s\n%s 256 %s %s\n' "$curve" "$dhex" "$(od -An -v -tx1 s128.ct | tr -d ' \n')" \
                "$curve" "$dhex" "$(od -An -v -tx1 s256.ct | tr -d ' \n')" | "$bc" decrypt-batch >bcdec.txt 2>bc-err.txt
            want="OK $(od -An -v -tx1 m200k | tr -d ' \n')"
            if [ "$(sed -n 1p bcdec.txt)" = "$want" ] && [ "$(sed -n 2p bcdec.txt)" = "$want" ]; then
                pass "BouncyCastle decrypts the streamed encryption of 200003 bytes (AES-128 and AES-256)"
            else
                fail "BouncyCastle decrypts the streamed encryption" "$(cut -c 1-80 bcdec.txt) $(head -n 1 bc-err.txt)"
            fi
        else
            echo "skip BouncyCastle decrypting kurv's stream (openssl cannot print the private key)"
        fi
    else
        echo "skip BouncyCastle (bc-ecies exit status $?: $(head -n 1 bc-err.txt))"
    fi
else
    echo "skip BouncyCastle (KURV_BC_ECIES not set or not executable)"
fi

section "bad input"
cp m1000.default.ct good.ct
python3 -c 'import sys; b = bytearray(open("good.ct", "rb").read()); b[-1] ^= 1; open("tag.ct", "wb").write(b)'
python3 -c 'import sys; b = bytearray(open("good.ct", "rb").read()); b[0] = 5; open("prefix.ct", "wb").write(b)'
python3 -c 'import sys; b = bytearray(open("good.ct", "rb").read()); b[3] ^= 1; open("point.ct", "wb").write(b)'
head -c 100 good.ct >trunc.ct
{ cat good.ct; printf 'x'; } >extra.ct
printf 'not a ciphertext' >garbage.ct
for f in tag.ct prefix.ct point.ct trunc.ct extra.ct garbage.ct m0; do
    expect_err "decrypt $f" 2 "$KURV" decrypt -k key.pem -o never.pt "$f"
    if grep -q 'decryption failed' err.txt; then pass "  says 'decryption failed'"; else fail "  says 'decryption failed'" "$(cat err.txt)"; fi
done
if [ -e never.pt ]; then fail "no plaintext file after a refusal" "never.pt exists"; else pass "no plaintext file after a refusal"; fi
expect_err "decrypt with another key" 2 "$KURV" decrypt -k other.pem good.ct
expect_err "decrypt with another preset" 2 "$KURV" decrypt -k key.pem --preset bc-aes256-cbc good.ct
expect_err "decrypt with a public key as -k" 2 "$KURV" decrypt -k pub.pem good.ct
expect_err "decrypt with a missing key" 2 "$KURV" decrypt -k missing.pem good.ct
if [ "$run_mode" = all ]; then
# a write error on stdout names stdout (it printed "(null)", a NULL given to %s)
for cmd in "encrypt -p pub.pem m1000" "decrypt -k key.pem good.ct"; do
    if [ -w /dev/full ]; then
        # shellcheck disable=SC2086
        "$KURV" $cmd >/dev/full 2>err.txt
        rc=$?
        if [ "$rc" -eq 2 ] && [ "$(cat err.txt)" = "kurv: stdout: write error: No space left on device" ]; then
            pass "${cmd%% *} to a full stdout: $(cat err.txt)"
        else
            fail "${cmd%% *} to a full stdout" "exit $rc: $(cat err.txt)"
        fi
    fi
done
expect_err "decrypt a missing file" 2 "$KURV" decrypt -k key.pem missing.ct
expect_err "decrypt without -k" 2 "$KURV" decrypt good.ct
expect_err "decrypt without FILE" 2 "$KURV" decrypt -k key.pem
expect_err "encrypt without -p" 2 "$KURV" encrypt m1
expect_err "encrypt without FILE" 2 "$KURV" encrypt -p pub.pem
expect_err "encrypt with two FILEs" 2 "$KURV" encrypt -p pub.pem m1 m16
expect_err "encrypt a missing file" 2 "$KURV" encrypt -p pub.pem missing.txt
expect_err "encrypt to a garbage key" 2 "$KURV" encrypt -p garbage.ct m1
expect_err "encrypt with an unknown preset" 2 "$KURV" encrypt -p pub.pem --preset rot13 m1
expect_err "decrypt with an unknown preset" 2 "$KURV" decrypt -k key.pem --preset rot13 good.ct
expect_err "encrypt with an option of another command (--hex)" 2 "$KURV" encrypt -p pub.pem --hex m1
expect_err "encrypt into a missing folder" 2 "$KURV" encrypt -p pub.pem -o nodir/x.ct m1
for c in encrypt decrypt; do
    expect_ok "kurv $c --help" "$KURV" "$c" --help
    if grep -q "^usage: kurv $c" out.txt; then pass "  prints the usage of $c"; else fail "  prints the usage of $c" "no usage line"; fi
done
else
    echo "(mode curve: 64 KiB and 1 MiB, refused options and missing files are checked on the first built curve)"
fi

finish
