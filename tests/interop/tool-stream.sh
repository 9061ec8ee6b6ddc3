#!/usr/bin/env bash
# kurv tool test: sign, verify and recover hash their message as a stream, in constant
# memory and with no size limit. A 256 MiB message (a sparse file: quick to make, read as
# zeros) is signed and verified with the peak memory (maximum resident set, measured by
# python3) well below its size, from a file and from stdin; a message over the old 1 GiB
# limit is signed (natively: not under an emulator, KURV_HOST_RUN); the digests of every hash on messages that are not a multiple of the
# read buffer agree with OpenSSL's (when openssl is installed). Curve-independent:
# meson.build runs it on the first built curve.
#
# usage: tool-stream.sh KURV_CURVE [OPENSSL_CURVE]   (environment: KURV_TOOL = the built kurv)
set -u

curve=${1:?usage: tool-stream.sh KURV_CURVE}

. "$(dirname "$0")/lib.sh"

echo "kurv streaming digests: $curve with $KURV"
if ! command -v python3 >/dev/null; then
    echo "SKIP: python3 is not installed (it measures the peak memory)"
    exit 77
fi

# peak_kib CMD...: run CMD (stdout to out.txt, stderr to err.txt, stdin as given) and print
# its status and the largest resident set of it, in KiB ("STATUS KIB")
peak_kib() {
    python3 -c '
import resource, subprocess, sys
with open("out.txt", "wb") as o, open("err.txt", "wb") as e:
    st = subprocess.call(sys.argv[1:], stdout=o, stderr=e)
print(st, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}

# small DESC KIB LIMIT STATUS: the run exited 0 and its peak stayed under LIMIT KiB (not
# judged under an emulator, KURV_HOST_RUN: the peak is then the emulator's)
small() {
    if [ "$4" -ne 0 ]; then
        fail "$1" "exit status $4"
    elif [ -n "${KURV_HOST_RUN:-}" ]; then
        pass "$1 (under $KURV_HOST_RUN: peak $2 KiB, not judged)"
    elif [ "$2" -lt "$3" ]; then
        pass "$1 (peak $2 KiB)"
    else
        fail "$1" "peak $2 KiB, limit $3 KiB: the message was read whole"
    fi
}

"$KURV" keygen -c "$curve" -o key.pem
"$KURV" pubkey -k key.pem -o pub.pem

section "a 256 MiB message in constant memory"
truncate -s 256M big.bin
limit=131072   # 128 MiB: half the message (room for a sanitizer build's own memory)
read -r st kib < <(peak_kib "$KURV" sign -k key.pem -o big.sig big.bin)
small "sign a 256 MiB file" "$kib" "$limit" "$st"
read -r st kib < <(peak_kib "$KURV" verify -p pub.pem -s big.sig big.bin)
small "verify it" "$kib" "$limit" "$st"
if [ "$(cat out.txt)" = "Verified OK" ]; then pass "  Verified OK"; else fail "  Verified OK" "$(cat out.txt)"; fi
read -r st kib < <(peak_kib sh -c 'exec "$0" sign -k key.pem -o big-stdin.sig - <big.bin' "$KURV")
small "sign it from stdin" "$kib" "$limit" "$st"
same "  the same signature as from the file (RFC 6979)" big.sig big-stdin.sig
"$KURV" sign -k key.pem --format rec -o big.rec big.bin
read -r st kib < <(peak_kib "$KURV" recover -c "$curve" -s big.rec -o big-signer.pem big.bin)
small "recover the signer from it" "$kib" "$limit" "$st"
same "  the signer's key" big-signer.pem pub.pem
printf 'x' >>big.bin
expect "one byte more does not verify" 1 "$KURV" verify -p pub.pem -s big.sig big.bin
rm -f big.bin

section "a message over 1 GiB (the old limit of a whole read)"
if [ -n "${KURV_HOST_RUN:-}" ]; then
    # 2.2 GB of SHA-256 under an emulator is minutes; the size limit does not depend on the architecture
    echo "  (not under $KURV_HOST_RUN: the 256 MiB checks above cover the streaming there)"
else
    truncate -s 1100M huge.bin
    expect_ok "sign a 1100 MiB file" "$KURV" sign -k key.pem -o huge.sig huge.bin
    expect_ok "verify it" "$KURV" verify -p pub.pem -s huge.sig huge.bin
    rm -f huge.bin
fi

section "every hash, lengths around the read buffer (64 KiB)"
for n in 0 1 65535 65536 65537 200001; do
    head -c "$n" /dev/urandom >m.bin
    for h in sha224 sha256 sha384 sha512; do
        expect_ok "sign $n bytes with $h" "$KURV" sign -k key.pem -H "$h" -o m.sig m.bin
        expect_ok "  verify" "$KURV" verify -p pub.pem -H "$h" -s m.sig m.bin
        if command -v openssl >/dev/null; then
            expect_ok "  openssl dgst -$h -verify agrees" openssl dgst "-$h" -verify pub.pem -signature m.sig m.bin
        fi
    done
done

finish
