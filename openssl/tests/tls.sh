#!/bin/sh
# openssl/tests/tls.sh NAME OSSLNAME HASH [TLSGROUP]: TLS on 127.0.0.1 with kurv on the server,
# on the client and on both, against stock OpenSSL (its default provider alone).
#   TLS 1.2 ECDHE-ECDSA on every curve (certificate and ECDHE group on the curve);
#   TLS 1.3 on P-256/384/521 (certificate and group); for secp256k1 and Brainpool a TLS 1.3
#   handshake with such a certificate is refused, as OpenSSL refuses it;
#   for Brainpool, RFC 8734's TLS 1.3 group <curve>tls13 between two kurv endpoints (a
#   P-256 certificate), which a stock client does not offer.
# kurv's sides load it as the README says (-provider default -provider kurv -propquery
# ?provider=kurv). Each side has its own trace: kurv's side must show keygen, derive and sign
# (server) or verify (client) on the curve, and the certificates' keys read by kurv's decoder
# (decode; on the server the key file too, matched to its certificate in kurv: match);
# stock OpenSSL's side none. Servers listen on port 0 (the kernel picks a free port;
# s_server prints it), so tests run in parallel.
. "$(dirname "$0")/common.sh"
name=$1 ossl=$2 hash=$3 group=${4:-$1}   # the TLS group: kurv's curve name is one

mkcert() {  # mkcert PREFIX CURVE: a CA and a server certificate (OpenSSL alone)
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:"$2" -nodes -keyout "$T/$1ca.key" \
        -subj "/CN=CA" -days 30 -out "$T/$1ca.crt" 2>/dev/null
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:"$2" -nodes -keyout "$T/$1srv.key" \
        -subj "/CN=localhost" -out "$T/$1srv.csr" 2>/dev/null
    openssl x509 -req -in "$T/$1srv.csr" -CA "$T/$1ca.crt" -CAkey "$T/$1ca.key" \
        -CAcreateserial -days 30 -out "$T/$1srv.crt" 2>/dev/null
}

# handshake SERVERPROV CLIENTPROV CERTPREFIX SERVER-ARGS -- CLIENT-ARGS: one connection;
# status 0 when the client got the server's page; $T/cli.out, $T/srv.out, $T/srv.log, $T/cli.log
handshake() {
    sp=$1 cp=$2 cert=$3; shift 3
    sargs= cargs= side=s
    for a in "$@"; do
        if [ "$a" = "--" ]; then side=c; continue; fi
        if [ $side = s ]; then sargs="$sargs $a"; else cargs="$cargs $a"; fi
    done
    rm -f "$T/srv.log" "$T/cli.log" "$T/srv.out" "$T/cli.out"
    KURV_PROVIDER_LOG="$T/srv.log" openssl_bg s_server $sp -accept 127.0.0.1:0 -naccept 1 -www \
        -cert "$T/${cert}srv.crt" -key "$T/${cert}srv.key" $sargs </dev/null >"$T/srv.out" 2>&1 &
    spid=$!
    wait_port $spid "$T/srv.out"
    set +e
    printf 'GET / HTTP/1.0\r\n\r\n' | KURV_PROVIDER_LOG="$T/cli.log" openssl s_client $cp \
        -connect 127.0.0.1:"$port" -servername localhost -CAfile "$T/${cert}ca.crt" \
        -verify_return_error -ign_eof $cargs >"$T/cli.out" 2>&1
    st=$?
    kill $spid 2>/dev/null
    wait $spid 2>/dev/null
    set -e
    [ $st -eq 0 ] && grep -q 'HTTP/1.0 200 ok' "$T/cli.out"
}

# lines LOGFILE OP: how many "OP NAME" lines a side's trace has
lines() { if [ -f "$1" ]; then grep -cxF "$2 $3" "$1" || true; else echo 0; fi; }

# check_side WHO LOGFILE ROLE CURVE: kurv's side did its EC work on CURVE, stock's did none
check_side() {
    who=$1 f=$2 role=$3 curve=$4
    if [ "$who" = stock ]; then
        [ ! -s "$f" ] || fail "stock OpenSSL's $role wrote kurv's trace: $(cat "$f")"
        return
    fi
    [ "$(lines "$f" keygen "$curve")" -ge 1 ] || fail "$role: no kurv keygen on $curve"
    [ "$(lines "$f" derive "$curve")" -ge 1 ] || fail "$role: no kurv derive on $curve"
    [ "$(lines "$f" decode "$name")" -ge 1 ] || fail "$role: no kurv decode on $name"
    if [ "$role" = server ]; then
        [ "$(lines "$f" sign "$name")" -ge 1 ] || fail "server: no kurv signature on $name"
        [ "$(lines "$f" match "$name")" -ge 1 ] || fail "server: no kurv match on $name"
    else
        [ "$(lines "$f" verify "$name")" -ge 1 ] || fail "client: no kurv verify on $name"
    fi
}

mkcert "" "$ossl"
for pair in "kurv stock" "stock kurv" "kurv kurv"; do
    set -- $pair
    srv=$1 cli=$2
    sp=; cp=
    [ "$srv" = kurv ] && sp=$KURVDEF
    [ "$cli" = kurv ] && cp=$KURVDEF
    # TLS 1.2 ECDHE-ECDSA on the curve
    handshake "$sp" "$cp" "" -tls1_2 -groups "$group" -- -tls1_2 -groups "$group" \
        -cipher ECDHE-ECDSA-AES128-GCM-SHA256 \
        || { cat "$T/cli.out" "$T/srv.out" >&2; fail "TLS 1.2 $srv/$cli"; }
    grep -q 'Protocol  *: TLSv1.2' "$T/cli.out" || fail "TLS 1.2 $srv/$cli: protocol"
    grep -q 'Cipher  *: ECDHE-ECDSA-AES128-GCM-SHA256' "$T/cli.out" || fail "TLS 1.2: cipher"
    grep -q "Server Temp Key: ECDH, $ossl" "$T/cli.out" || fail "TLS 1.2: group"
    check_side $srv "$T/srv.log" server "$name"
    check_side $cli "$T/cli.log" client "$name"
    case $name in
    P-256|P-384|P-521)
        handshake "$sp" "$cp" "" -tls1_3 -groups "$group" -- -tls1_3 -groups "$group" \
            || { cat "$T/cli.out" "$T/srv.out" >&2; fail "TLS 1.3 $srv/$cli"; }
        grep -q 'Protocol  *: TLSv1.3' "$T/cli.out" || fail "TLS 1.3 $srv/$cli: protocol"
        grep -q "Server Temp Key: ECDH, $ossl" "$T/cli.out" || fail "TLS 1.3: group"
        check_side $srv "$T/srv.log" server "$name"
        check_side $cli "$T/cli.log" client "$name"
        ;;
    *)
        # TLS 1.3 signature schemes in OpenSSL 3.0 exist for P-256/384/521 only
        if handshake "$sp" "$cp" "" -tls1_3 -- -tls1_3; then
            fail "TLS 1.3 with a $name certificate succeeded ($srv/$cli)"
        fi
        ;;
    esac
    echo "ok: $name TLS server=$srv client=$cli"
done

case $name in
brainpool*)
    # RFC 8734: TLS 1.3 key exchange on <curve>tls13, kurv on both sides
    mkcert p256 prime256v1
    handshake "$KURVDEF" "$KURVDEF" p256 -tls1_3 -groups "${name}tls13" -- \
        -tls1_3 -groups "${name}tls13" \
        || { cat "$T/cli.out" "$T/srv.out" >&2; fail "TLS 1.3 ${name}tls13"; }
    grep -q 'Protocol  *: TLSv1.3' "$T/cli.out" || fail "${name}tls13: protocol"
    grep -q "Server Temp Key: ECDH, $ossl" "$T/cli.out" || fail "${name}tls13: group"
    [ "$(lines "$T/srv.log" derive "$name")" = 1 ] || fail "${name}tls13: server derive"
    [ "$(lines "$T/cli.log" derive "$name")" = 1 ] || fail "${name}tls13: client derive"
    # the P-256 CertificateVerify: kurv's when the NIST family is built, else OpenSSL's
    want=0
    case " ${KURV_BUILT_CURVES:-P-256} " in *" P-256 "*) want=1 ;; esac
    [ "$(lines "$T/srv.log" sign P-256)" = $want ] || fail "${name}tls13: P-256 CertificateVerify"
    # a stock client does not know the group ...
    must_fail "stock OpenSSL 3.0 knows ${name}tls13" \
        openssl s_client -groups "${name}tls13" -connect 127.0.0.1:1 </dev/null
    grep -qi 'group' "$T/mf.out" || fail "stock client: $(cat "$T/mf.out")"
    # ... and does not offer it: against a server that takes only it, no handshake
    if handshake "$KURVDEF" "" p256 -tls1_3 -groups "${name}tls13" -- -tls1_3; then
        fail "a stock client agreed on ${name}tls13"
    fi
    echo "ok: ${name}tls13 (RFC 8734) between kurv endpoints; stock OpenSSL does not offer it"
    ;;
esac
