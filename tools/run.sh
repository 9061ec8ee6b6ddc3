#!/usr/bin/env bash
# kurv: the one-line commands of the README.
#
#   ./tools/run.sh deps   install the Debian 12 packages kurv needs (as root; skipped when present)
#   ./tools/run.sh demo   deps, build in ./build, run `kurv demo`
#   ./tools/run.sh test   deps, build, every test suite; then the same under ASan + UBSan
#                         with frame pointers in ./build-san; one curve family alone
#                         (brainpool, no kurv-schnorr) in ./build-brainpool; the portable C
#                         field code (-Dasm=false) in ./build-noasm, its arithmetic suites;
#                         with clang, a compile-only build of the asm path (-O1, frame
#                         pointers) in ./build-clang; the thread test under ThreadSanitizer
#                         in ./build-tsan; a summary line at the end; non-zero on
#                         any failure
#   ./tools/run.sh fuzz [SECONDS]
#                         deps, build the libFuzzer harnesses of fuzz/ with clang in
#                         ./build-fuzz, run each for SECONDS (default 30) on its seed corpus
#                         (plus seeds from ../shared/vectors when present); per harness the
#                         executions, coverage and result; non-zero on any crash, leak,
#                         timeout or differential, whose input is kept in fuzz/artifacts/
#
# Run it from anywhere inside a clone: it works in the clone's top folder.
set -u
set -o pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd) || exit 2
cd "$top" || exit 2

packages=(
    build-essential pkg-config meson ninja-build
    nettle-dev libcriterion-dev libjson-c-dev libssl-dev openssl
    valgrind libsecp256k1-dev
    # a second compiler for the build check of the inline assembly
    clang
    # libFuzzer and the sanitizer runtimes for clang (./tools/run.sh fuzz)
    libfuzzer-14-dev libclang-rt-14-dev
    # for the ECIES interop (Bouncy Castle) and the mbed TLS comparisons
    default-jdk-headless libbcprov-java libmbedtls-dev
    # public-key recovery cross-checked with python3-ecdsa (tests/ecdsa/recover_ecdsa.py)
    python3-ecdsa
    # the CMake package files tested with a CMake consumer (tests/cmake)
    cmake
    # for the ECIES interop with Botan 2 (tests/ecies/botan_oracle.cpp)
    g++ libbotan-2-dev
)

say() { printf '\n=== run.sh: %s\n' "$*"; }

installed() {
    [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

cmd_deps() {
    local missing=() p
    if ! command -v dpkg-query >/dev/null 2>&1; then
        echo "run.sh: dpkg-query not found: install these packages yourself: ${packages[*]}" >&2
        # carry on: the build reports what is really missing
        return 0
    fi
    for p in "${packages[@]}"; do
        installed "$p" || missing+=("$p")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        say "deps: all ${#packages[@]} packages present"
        return 0
    fi
    say "deps: installing ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        echo "run.sh: missing packages (${missing[*]}); run as root, or: sudo apt-get install ${missing[*]}" >&2
        return 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update || return 1
    apt-get install -y --no-install-recommends "${missing[@]}" || return 1
}

# setup DIR [meson options...]: configure DIR, or reconfigure it when it is already configured.
setup() {
    local dir=$1
    shift
    if [ -f "$dir/meson-private/coredata.dat" ]; then
        meson setup --reconfigure "$dir" "$@"
    else
        rm -rf "$dir"
        meson setup "$dir" "$@"
    fi
}

build() {
    local dir=$1
    shift
    say "build: $dir $*"
    setup "$dir" "$@" && meson compile -C "$dir"
}

cmd_demo() {
    cmd_deps || return 1
    build build || return 1
    say "demo: build/tools/kurv/kurv demo"
    build/tools/kurv/kurv demo
}

# meson_test DIR: run every suite; print the result line meson writes.
meson_test() {
    local dir=$1
    say "test: meson test -C $dir"
    meson test -C "$dir" --print-errorlogs
}

cmd_test() {
    local plain=FAIL san=FAIL single=FAIL noasm=FAIL tsan=FAIL clang=skipped status=0
    cmd_deps || return 1

    if build build && meson_test build; then
        plain=ok
    else
        status=1
    fi

    # Sanitizers: any ASan or UBSan report ends the process with an error, so the test fails.
    # (The valgrind ctime test and the benchmark do not apply to an instrumented build.)
    # This build takes the inline-assembly field code with frame pointers (b_sanitize adds
    # -fno-omit-frame-pointer too; here it is explicit), as distributions build: with fewer
    # free registers an asm statement with too many register operands does not compile.
    export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    if build build-san -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized \
            -Dc_args=-fno-omit-frame-pointer -Dctime=disabled -Dbench=disabled && meson_test build-san; then
        san=ok
    else
        status=1
    fi

    # One family alone: the core and the Brainpool curves, without kurv-schnorr, so that the
    # code for absent families (the tool, the tests, the benchmarks, the pkg-config files) is
    # compiled and its whole test suite run. Plain build; the constant-time test runs in
    # ./build over every curve already, so it is left out here.
    if build build-brainpool -Dfamilies=brainpool -Dschnorr=disabled -Dctime=disabled \
            && meson_test build-brainpool; then
        single=ok
    else
        status=1
    fi

    # The portable C field code (-Dasm=false; only the secp256k1 and P-256 fields have an
    # asm path): built plain and its arithmetic suites run, so that both paths stay tested
    # (the interop suites add nothing here).
    if build build-noasm -Dasm=false -Dfamilies=secp256k1,nist -Dctime=disabled -Dbench=disabled -Dtool=false &&
            say "test: meson test -C build-noasm (core, point, dsa, schnorr; no interop)" &&
            meson test -C build-noasm --print-errorlogs --suite core --suite point --suite dsa \
                --suite schnorr --no-suite interop; then
        noasm=ok
    else
        status=1
    fi

    # ThreadSanitizer: the thread test (tests/hardening/test_threads.c: 8 threads at once on
    # every curve) built with -fsanitize=thread, only it and the libraries; any data race
    # between the threads ends it with an error.
    if setup build-tsan -Db_sanitize=thread -Db_lundef=false -Dbuildtype=debugoptimized \
            -Dtool=false -Dbench=disabled -Dctime=disabled &&
            say "build: build-tsan (the thread test only)" &&
            meson compile -C build-tsan tests/hardening/test-threads &&
            say "test: build-tsan/tests/hardening/test-threads (ThreadSanitizer)" &&
            TSAN_OPTIONS=halt_on_error=1:exitcode=66 build-tsan/tests/hardening/test-threads; then
        tsan=ok
    else
        status=1
    fi

    # clang: the libraries' asm path compiled at -O1 with frame pointers (compile only)
    if command -v clang >/dev/null 2>&1; then
        if CC=clang build build-clang -Dbuildtype=plain -Dc_args='-O1 -fno-omit-frame-pointer' \
                -Dtests=false -Dtool=false -Dbench=disabled -Dctime=disabled; then
            clang=ok
        else
            clang=FAIL
            status=1
        fi
    fi

    echo
    local summary="build: $plain; build-san, ASan+UBSan, asm: $san; build-brainpool, one family: $single; build-noasm: $noasm; build-tsan, threads: $tsan; build-clang: $clang"
    if [ $status -eq 0 ]; then
        echo "run.sh test: PASS ($summary)"
    else
        echo "run.sh test: FAIL ($summary; logs in build*/meson-logs/)"
    fi
    return $status
}

# fuzz [SECONDS]: the harnesses of fuzz/ (fuzz/meson.build), one at a time.
cmd_fuzz() {
    local secs=${1:-30} h exe corpus log status=0 rc execs cov ft size result dict args
    local results=()
    case "$secs" in ''|*[!0-9]*) echo "run.sh: fuzz: SECONDS must be a number" >&2; return 2 ;; esac
    cmd_deps || return 1
    # The libraries instrumented for coverage (fuzzer-no-link) and both sanitizers; UBSan
    # reports abort (no recovery), so libFuzzer keeps them as crashes. -O1 with line tables:
    # as OSS-Fuzz builds, and the quickest build that still gives file:line in a report.
    CC=clang build build-fuzz -Dfuzz=enabled -Db_sanitize=address,undefined -Db_lundef=false \
        -Dbuildtype=plain \
        -Dc_args='-O1 -gline-tables-only -fsanitize=fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer' \
        -Dtests=false -Dtool=false -Dbench=disabled -Dctime=disabled || return 1
    mkdir -p fuzz/artifacts
    local work
    work=$(mktemp -d) || return 1
    # seeds derived from the shared vectors, into the temporary corpora only (never committed)
    if [ -d ../shared/vectors ] && command -v python3 >/dev/null 2>&1; then
        python3 fuzz/seed.py vectors ../shared/vectors "$work/vectors" || echo "run.sh: fuzz: vector seeds failed (ignored)" >&2
    fi
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    for exe in build-fuzz/fuzz/fuzz-*; do
        [ -f "$exe" ] && [ -x "$exe" ] || continue
        h=${exe##*/fuzz-}
        corpus=$work/corpus-$h
        mkdir -p "$corpus"
        cp fuzz/corpus/"$h"/* fuzz/regress/"$h"/* "$work/vectors/$h"/* "$corpus"/ 2>/dev/null
        log=$work/$h.log
        # the dictionaries of the formats this harness reads (fuzz/dict/, one per format)
        case $h in
            privkey) dict="der pem" ;;
            pubkey) dict="der pem sec1" ;;
            ecdsa) dict="der" ;;
            point|pointapi|ecdh|ecies) dict="sec1" ;;
            *) dict= ;;
        esac
        args=()
        if [ -n "$dict" ]; then
            (for f in $dict; do cat fuzz/dict/"$f".dict; done) >"$work/$h.dict"
            args=(-dict="$work/$h.dict")
        fi
        say "fuzz: $h for ${secs}s ($(ls "$corpus" | wc -l) seeds; log build-fuzz/fuzz-$h.log)"
        "$exe" -max_total_time="$secs" -timeout=60 -rss_limit_mb=2560 -max_len=4096 \
            -print_final_stats=1 -artifact_prefix="fuzz/artifacts/$h-" \
            "${args[@]}" "$corpus" >"$log" 2>&1
        rc=$?
        cp "$log" build-fuzz/fuzz-"$h".log
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
        ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
        size=$(ls "$corpus" | wc -l)
        if [ $rc -eq 0 ]; then
            result=ok
        else
            result="FAIL (exit $rc; $(ls -t fuzz/artifacts/"$h"-* 2>/dev/null | head -n 1))"
            status=1
            grep -m 3 -E 'ERROR|DIFFERENTIAL|runtime error' "$log"
        fi
        results+=("$(printf '%-10s execs %-9s cov %-6s ft %-6s corpus %-5s %s' "$h" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$size" "$result")")
    done
    rm -rf "$work"
    echo
    printf 'run.sh fuzz: %s\n' "${results[@]}"
    if [ ${#results[@]} -eq 0 ]; then
        echo "run.sh fuzz: FAIL (no harness built)"
        return 1
    fi
    if [ $status -eq 0 ]; then
        echo "run.sh fuzz: PASS (${#results[@]} harnesses, ${secs}s each)"
    else
        echo "run.sh fuzz: FAIL (reproducers in fuzz/artifacts/)"
    fi
    return $status
}

usage() {
    sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
}

case "${1:-}" in
    deps) cmd_deps ;;
    demo) cmd_demo ;;
    test) cmd_test ;;
    fuzz) shift; cmd_fuzz "$@" ;;
    -h|--help|help) usage ;;
    *) usage >&2; exit 2 ;;
esac
