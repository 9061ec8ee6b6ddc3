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

usage() {
    sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

case "${1:-}" in
    deps) cmd_deps ;;
    demo) cmd_demo ;;
    test) cmd_test ;;
    -h|--help|help) usage ;;
    *) usage >&2; exit 2 ;;
esac
