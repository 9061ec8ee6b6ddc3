# openssl/tests/common.sh: sourced by the provider's shell tests.
# The environment comes from openssl/tests/meson.build: OPENSSL_MODULES (the folder of the
# built kurv.so), KURV_FAMILY_DIR (the folder of the built family libraries, which the
# provider dlopen()s through LD_LIBRARY_PATH), KURV_PROVIDER_SO (kurv.so itself).
# Sets: T (a scratch folder removed at exit), LOG (the KURV_PROVIDER_LOG file, exported),
# KURV (-provider base -provider kurv), KURVDEF (default, then kurv, preferred by property
# query), both in the README's order, kurv last: OpenSSL 3.0 tries the decoders of the last
# provider first, so keys read from files are kurv's; KURVFIRST (the other order, kurv then
# default: OpenSSL's default decoders read the files), and the helpers below (wait_port sets
# port).
set -eu
command -v openssl >/dev/null 2>&1 || { echo "SKIP: no openssl command"; exit 77; }
: "${OPENSSL_MODULES:?set by meson}" "${KURV_FAMILY_DIR:?set by meson}"
export OPENSSL_MODULES
export LD_LIBRARY_PATH="$KURV_FAMILY_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# the system's openssl.cnf must not load or configure providers behind the tests' back
export OPENSSL_CONF=/dev/null
T=$(mktemp -d "${TMPDIR:-/tmp}/kurv-prov.XXXXXX")
trap 'rm -rf "$T"' EXIT
export LOG="$T/trace.log"
export KURV_PROVIDER_LOG="$LOG"
KURV="-provider base -provider kurv"
KURVDEF="-provider default -provider kurv -propquery ?provider=kurv"
KURVFIRST="-provider kurv -provider default -propquery ?provider=kurv"

# A sanitizer build (-Db_sanitize=address,undefined): kurv.so needs the ASan runtime loaded
# first, and the openssl binary is not instrumented, so the runtime is preloaded into it (into
# openssl only: this function stands for the command; the other tools run as they are).
# Leak detection is off: OpenSSL's own allocations at exit are not kurv's to judge (the C test,
# instrumented as a whole, keeps it on).
if [ -n "${KURV_PROVIDER_SO:-}" ] && ldd "$KURV_PROVIDER_SO" 2>/dev/null | grep -q libasan; then
    asan=$(ldd "$KURV_PROVIDER_SO" | awk '/libasan/ {print $3}')
    ubsan=$(ldd "$KURV_PROVIDER_SO" | awk '/libubsan/ {print $3}')
    KP_PRELOAD="$asan${ubsan:+:$ubsan}"
    # last, so they win over the caller's settings (tools/run.sh sets detect_leaks=1)
    KP_ASAN="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0:abort_on_error=1"
    KP_UBSAN="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}halt_on_error=1:print_stacktrace=1"
    openssl() {
        LD_PRELOAD="$KP_PRELOAD" ASAN_OPTIONS="$KP_ASAN" UBSAN_OPTIONS="$KP_UBSAN" \
            command openssl "$@"
    }
    echo "note: sanitizer build, libasan preloaded into openssl ($KP_PRELOAD)"
fi
# openssl_bg ARGS...: for `openssl_bg ... &`: the background job is the openssl process itself
# (exec), so $! is its pid and kill reaches it, with the sanitizer runtime when needed
openssl_bg() {
    if [ -n "${KP_PRELOAD:-}" ]; then
        export LD_PRELOAD="$KP_PRELOAD" ASAN_OPTIONS="$KP_ASAN" UBSAN_OPTIONS="$KP_UBSAN"
    fi
    exec openssl "$@"
}

fail() { echo "FAIL: $*" >&2; exit 1; }
# wait_port PID OUT: wait until the s_server of PID (listening on 127.0.0.1:0) has printed
# its "ACCEPT 127.0.0.1:PORT" line into OUT; sets port. Fails when it exits or after 30 s.
wait_port() {
    i=0
    until port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$2" 2>/dev/null) && [ -n "$port" ]; do
        i=$((i + 1))
        if [ $i -gt 300 ] || ! kill -0 "$1" 2>/dev/null; then
            cat "$2" >&2; fail "s_server did not start"
        fi
        sleep 0.1
    done
}
# count LINE: how many lines of the trace are exactly LINE
count() { if [ -f "$LOG" ]; then grep -cxF -- "$1" "$LOG" || true; else echo 0; fi; }
# expect_count N LINE: the trace has N such lines (reset_log empties it)
expect_count() {
    n=$(count "$2")
    [ "$n" = "$1" ] || { cat "$LOG" >&2 2>/dev/null || true; fail "trace: $n x '$2', expected $1"; }
}
reset_log() { rm -f "$LOG"; }
# must_fail DESC CMD...: CMD exits non-zero without a crash (status < 128)
must_fail() {
    desc=$1; shift
    set +e; "$@" >"$T/mf.out" 2>&1; st=$?; set -e
    [ $st -ne 0 ] || fail "$desc: succeeded"
    [ $st -lt 128 ] || { cat "$T/mf.out" >&2; fail "$desc: crashed (status $st)"; }
}
