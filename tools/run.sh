#!/usr/bin/env bash
# kurv: the one-line commands of the README.
#
#   ./tools/run.sh deps   install the Debian 12 packages kurv needs (as root; skipped when present)
#   ./tools/run.sh demo   deps, build the tool (and the libraries it links) in ./build, run `kurv demo`
#   ./tools/run.sh test   the everyday command: deps, the release build in ./build, every
#                         suite (the random checks at their everyday counts: kt_random,
#                         tests/common/testutil.h); the slowest tests and a summary line
#                         at the end; non-zero on any failure
#   ./tools/run.sh check [PART...]   the build matrix, after `test` (CI runs both), every
#                         part or those named: full (./build, with the opt-in family
#                         25519, its suites 'random' and '25519' with every random input:
#                         meson test --setup full), san (every suite under
#                         ASan + UBSan with frame pointers, ./build-san), brainpool (one
#                         family alone, ./build-brainpool), noasm (the portable C of 32-bit
#                         targets, -Dasm=false -Dint128=disabled: arithmetic suites and
#                         ctime, ./build-noasm), tsan (the thread test under
#                         ThreadSanitizer, ./build-tsan), clang (the fuzzers' clang build,
#                         ./build-fuzz), cross-armhf and cross-s390x (`cross ARCH --lean`:
#                         32-bit and big-endian under qemu-user); san, brainpool and the
#                         cross parts run the per-curve scripts on one curve a family
#                         (meson_test_lean); CI runs every part; a line per part with its time,
#                         a summary line; non-zero on any failure
#   ./tools/run.sh fuzz [SECONDS] [--jobs N] [--corpus DIR] [HARNESS ...]
#                         deps, build the libFuzzer harnesses of fuzz/ with clang in
#                         ./build-fuzz, run each (or those named) for SECONDS (default 30),
#                         N at a time (default 1), on its seed corpus (plus seeds from
#                         ../shared/vectors when present), in DIR/<harness> when given (kept
#                         and grown over runs); per harness the executions, coverage, corpus
#                         size and result; non-zero on any crash, leak, timeout or
#                         differential, whose input is kept in fuzz/artifacts/
#   ./tools/run.sh package      build the Debian packages (debian/) in ./build-deb and check
#                         them: contents and Depends, symbol versions, lintian, the ABI
#                         against abi/, installs in a Debian 12 minbase root, the autopkgtest
#   ./tools/run.sh package-cross ARCH   cross-build the packages for ARCH (i386, arm64, ...; the
#                         cross toolchain and ARCH's Build-Depends installed as needed) in
#                         ./build-deb-ARCH and check them: the symbols files on ARCH, the
#                         base-point tables against generators run on ARCH (qemu-user),
#                         contents and Depends, symbol versions, lintian, `kurv demo` on ARCH
#   ./tools/run.sh abi-update   regenerate abi/*.abi and debian/*.symbols from a fresh build
#                         (./build-abi); review and commit the diff (README "Distribution packages")
#   ./tools/run.sh cross ARCH [--lean]   ARCH one of i386, armhf, s390x, arm64 (Debian's names):
#                         install the cross compiler, qemu-user and the :ARCH libraries
#                         (libssl-dev only where it installs beside this machine's
#                         packages; Criterion as a package, or else unpacked from Debian's
#                         ARCH packages into ./build-cross-ARCH-criterion, where that is
#                         the only way: i386, arm64), build in ./build-cross-ARCH with the
#                         cross file tools/cross/ARCH.ini + tools/cross/debian.ini, run the
#                         test suite (--lean: the per-curve scripts on one curve a family)
#                         and `kurv demo` under qemu-user; a summary line with
#                         the test counts and the time; non-zero on any failure
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
    # the provider under python3-cryptography (openssl/tests/pyca.py)
    python3-cryptography
    # the CMake package files tested with a CMake consumer (tests/cmake)
    cmake
    # for the ECIES interop with Botan 2 (tests/ecies/botan_oracle.cpp)
    g++ libbotan-2-dev
    # kurv-bench's X25519 and Ed25519 comparison with libsodium (bench/bench_25519.c;
    # optional: the bench builds without it)
    libsodium-dev
)

say() { printf '\n=== run.sh %s UTC: %s\n' "$(date -u +%H:%M:%S)" "$*"; }   # the time shows where a long run (CI) spends it

# installed PACKAGE[:ARCH]: installed for ARCH, by default the machine's own architecture (or
# Architecture: all); an instance of another architecture only (a cross build's,
# package-cross) does not count
installed() {
    local arch="$(dpkg --print-architecture)|all"
    case $1 in *:*) arch=${1##*:} ;; esac
    dpkg-query -W -f='${Status} ${Architecture}\n' "$1" 2>/dev/null |
        grep -Eqx "install ok installed ($arch)"
}

# apt_install WHAT PACKAGE...: install those of the packages that dpkg does not report
# installed (apt-get update, then apt-get install --no-install-recommends; as root); nothing
# to do when all are present. WHAT names the step in the messages.
apt_install() {
    local what=$1 missing=() p
    shift
    if ! command -v dpkg-query >/dev/null 2>&1; then
        echo "run.sh: dpkg-query not found: install these packages yourself: $*" >&2
        # carry on: the build reports what is really missing
        return 0
    fi
    for p in "$@"; do
        installed "$p" || missing+=("$p")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        say "$what: all $# packages present"
        return 0
    fi
    say "$what: installing ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
        echo "run.sh: missing packages (${missing[*]}); run as root, or: sudo apt-get install ${missing[*]}" >&2
        return 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt_update
    apt-get install -y --no-install-recommends "${missing[@]}" || return 1
}

# apt_update: apt-get update, tried three times (a mirror in the middle of a sync serves an
# index of the wrong size: "Mirror sync in progress?"). When every try fails it says so and
# returns 0: the lists already on the machine may hold the packages, and the apt-get install
# after it is what fails when they do not.
apt_update() {
    local try
    for try in 1 2 3; do
        apt-get update && return 0
        echo "run.sh: apt-get update failed (try $try of 3)" >&2
        [ $try -lt 3 ] && sleep 20
    done
    echo "run.sh: apt-get update failed three times; going on with the package lists already here" >&2
    return 0
}

cmd_deps() {
    apt_install deps "${packages[@]}"
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
    # the tool and the libraries it links only: the demo needs nothing else (the tests,
    # the benchmark and the fuzzers' replay programs are `run.sh test`'s build)
    say "build: build tools/kurv/kurv"
    setup build && meson compile -C build tools/kurv/kurv:executable || return 1
    say "demo: build/tools/kurv/kurv demo"
    build/tools/kurv/kurv demo
}

# meson_test DIR: run every suite; print the result line meson writes.
meson_test() {
    local dir=$1
    say "test: meson test -C $dir"
    meson test -C "$dir" --print-errorlogs
}

# meson_test_lean DIR: every test of DIR but the scripts run once per curve (the tool's and
# the provider's: interop-P-256, tool-errors-P-256, ...), those only on the last curve of each
# family in the registry (secp256k1, P-521, brainpoolP512r1: the longest encodings). The
# other curves' scripts are the same tool and provider code on another curve, and every
# curve's own library code is in the C tests (kat, field, curve-arith, ...), which all run.
# check's second builds (san, brainpool, the cross parts) take it; ./build and `run.sh cross` run all.
meson_test_lean() {
    local dir=$1 skip tests
    skip=$(registry_curves | awk '{ if ($1 in last) print last[$1]; last[$1] = $2 }' | paste -sd'|' -)
    mapfile -t tests < <(meson test -C "$dir" --list 2>/dev/null | sed 's|^.* / ||' |
        grep -Ev -- "-(${skip:-^})\$")
    [ ${#tests[@]} -gt 0 ] || { echo "run.sh: no tests listed in $dir" >&2; return 1; }
    say "test: meson test -C $dir: ${#tests[@]} tests (the per-curve scripts not on ${skip//|/, })"
    meson test -C "$dir" --print-errorlogs "${tests[@]}"
}

# slowest DIR [N]: the N (default 8) longest tests of DIR's last meson test, with their times
slowest() {
    local log=$1/meson-logs/testlog.json
    [ -f "$log" ] && command -v python3 >/dev/null 2>&1 || return 0
    echo "slowest tests in $1 (wall seconds, two at a time on this machine's $(nproc) CPUs):"
    python3 - "$log" "${2:-8}" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
rows.sort(key=lambda r: -r["duration"])
for r in rows[:int(sys.argv[2])]:
    print("  %7.1f s  %s" % (r["duration"], r["name"]))
print("  (%d tests, %.0f s in all)" % (len(rows), sum(r["duration"] for r in rows)))
PY
}

# minsec T0: the time since SECONDS was T0, as "M min S s"
minsec() {
    echo "$(( (SECONDS - $1) / 60 )) min $(( (SECONDS - $1) % 60 )) s"
}

# test: the everyday command. The release build in ./build and every suite of it (vectors,
# interop, provider, the tool's scripts, ctime, fuzz replays), with kt_random's everyday
# counts (tests/common/testutil.h); the slowest tests and a summary line at the end.
cmd_test() {
    local t0=$SECONDS status=0 r=FAIL counts= log=build/meson-logs/run-sh-test.txt
    cmd_deps || return 1
    if build build; then
        meson_test build 2>&1 | tee "$log.tmp"
        [ "${PIPESTATUS[0]}" -eq 0 ] && r=ok || status=1
        mv "$log.tmp" "$log"
        counts=$(awk '$1 == "Ok:" { o = $2 } $1 == "Fail:" { f = $2 } $1 == "Skipped:" { s = $2 }
                      END { printf "%d ok, %d failed, %d skipped", o, f, s }' "$log")
        echo
        slowest build
    else
        status=1
    fi
    echo
    if [ $status -eq 0 ]; then
        echo "run.sh test: PASS (build: $counts; $(minsec "$t0"))"
    else
        echo "run.sh test: FAIL (build: $r${counts:+, $counts}; logs in build/meson-logs/)"
    fi
    return $status
}

# The parts of `check`, each a function that returns non-zero on failure.

# check_full: the tests of the suites 'random' and 'exhaustive' in ./build (the asm path,
# and the C field code with unsigned __int128) at their full depth (meson test --setup full:
# every random input, the exhaustive test's full sweeps), with the opt-in family 25519
# built too (kurv-25519: -Dfamilies, whose default leaves it out), its suite at full depth
# as well. ./build keeps that option afterwards (meson setup --reconfigure keeps options):
# run.sh test then builds and tests 25519 there too.
check_full() {
    build build -Dfamilies=secp256k1,nist,brainpool,25519 || return 1
    say "test: meson test -C build --setup full --suite random --suite exhaustive --suite 25519 (full depth)"
    meson test -C build --setup full --suite random --suite exhaustive --suite 25519 --print-errorlogs
}

# registry_curves: "family name" for each curve of the registry (curves/meson.build), in its order
registry_curves() {
    awk -F"'" '/^kurv_family_registry/ { exit }
        { for (i = 2; i < NF; i += 2) { if ($i == "family") f = $(i + 2); if ($i == "name") print f, $(i + 2) } }' curves/meson.build
}

# check_san: every suite under ASan + UBSan, the per-curve scripts on one curve a family
# (below). Any report ends the process with an error, so the test fails. (The valgrind ctime test and the benchmark do not apply to an instrumented
# build.) The inline-assembly field code with frame pointers (b_sanitize adds
# -fno-omit-frame-pointer too; here it is explicit), as distributions build: with fewer free
# registers an asm statement with too many register operands does not compile.
# -fno-sanitize-address-use-after-scope: GCC's use-after-scope instrumentation of the
# inlined field code made this build 18 minutes of the CI's 2 cores (P-384's curve.c alone:
# 150 s, 35 s without it); the clang build of `run.sh fuzz` keeps that check.
# The per-curve scripts there (see meson_test_lean) on one curve a family: about 11 of its 31
# minutes of test time, which brings this part near 13 minutes of CI's 2 cores (it was 18-21).
check_san() {
    (
        export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1
        export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
        build build-san -Db_sanitize=address,undefined -Db_lundef=false \
                -Dbuildtype=debugoptimized \
                -Dc_args='-fno-omit-frame-pointer -fno-sanitize-address-use-after-scope' \
                -Dctime=disabled -Dbench=disabled &&
            meson_test_lean build-san
    )
}

# check_brainpool: one family alone, the core and the Brainpool curves without kurv-schnorr,
# so that the code for absent families (the tool, the tests, the benchmarks, the pkg-config
# files) is compiled and its suite run, lean as san's (the per-curve scripts on
# brainpoolP512r1 only: ./build runs them on every curve; the ctime test runs in ./build)
check_brainpool() {
    build build-brainpool -Dfamilies=brainpool -Dschnorr=disabled -Dctime=disabled &&
        meson_test_lean build-brainpool
}

# check_noasm: the portable C of 32-bit targets on this machine: no inline assembly
# (-Dasm=false) and the two-word products of core/src/wide.h instead of unsigned __int128
# (-Dint128=disabled), every family (25519 too); its arithmetic suites and the constant-time test
# (valgrind), so that the path 32-bit targets take stays tested here too
check_noasm() {
    build build-noasm -Dasm=false -Dint128=disabled -Dbench=disabled -Dtool=false \
            -Dfamilies=secp256k1,nist,brainpool,25519 &&
        say "test: meson test -C build-noasm (core, point, dsa, schnorr, 25519, ctime; no interop)" &&
        meson test -C build-noasm --print-errorlogs --suite core --suite point --suite dsa \
            --suite schnorr --suite 25519 --suite ctime --no-suite interop
}

# check_tsan: the thread test (tests/hardening/test_threads.c: 8 threads at once on every
# curve) with -fsanitize=thread, only it and the libraries; any data race fails it
check_tsan() {
    setup build-tsan -Db_sanitize=thread -Db_lundef=false -Dbuildtype=debugoptimized \
            -Dtool=false -Dbench=disabled -Dctime=disabled &&
        say "build: build-tsan (the thread test only)" &&
        meson compile -C build-tsan tests/hardening/test-threads &&
        say "test: build-tsan/tests/hardening/test-threads (ThreadSanitizer)" &&
        TSAN_OPTIONS=halt_on_error=1:exitcode=66 build-tsan/tests/hardening/test-threads
}

# check_clang: the libraries (asm path) built by clang at -O1 with frame pointers and both
# sanitizers: the fuzzers' build, ./build-fuzz (fuzz_build), which `run.sh fuzz` then uses
check_clang() {
    fuzz_build
}

# The 32-bit architecture is armhf: under qemu-user its suite takes half the time i386's does
# (session 39: 885 s of test time against 1783 s; i386's 64-bit products are emulated by
# qemu's x86 front end more slowly), and `cross i386` stays one command away.
check_parts=(full san brainpool noasm tsan clang cross-armhf cross-s390x)

# check [PART...]: the build matrix, every part (check_parts) or those named; a line per part
# with its time and a summary line; non-zero on any failure
cmd_check() {
    local t0=$SECONDS t status=0 part parts=("$@") results=()
    [ ${#parts[@]} -gt 0 ] || parts=("${check_parts[@]}")
    for part in "${parts[@]}"; do
        case " ${check_parts[*]} " in
            *" $part "*) ;;
            *) echo "run.sh: check: no part '$part' (parts: ${check_parts[*]})" >&2; return 2 ;;
        esac
    done
    cmd_deps || return 1
    for part in "${parts[@]}"; do
        t=$SECONDS
        say "check: $part"
        case $part in
            cross-*) cmd_cross "${part#cross-}" --lean ;;
            *) "check_$part" ;;
        esac
        if [ $? -eq 0 ]; then
            results+=("$part ok ($(minsec "$t"))")
        else
            results+=("$part FAIL ($(minsec "$t"))")
            status=1
        fi
    done
    echo
    printf 'run.sh check: %s\n' "${results[@]}"
    if [ $status -eq 0 ]; then
        echo "run.sh check: PASS (${#parts[@]} parts; $(minsec "$t0"))"
    else
        echo "run.sh check: FAIL (logs in build*/meson-logs/)"
    fi
    return $status
}

# fuzz [SECONDS] [--jobs N] [--corpus DIR] [HARNESS ...]: the harnesses of fuzz/
# (fuzz/meson.build), each for SECONDS, N at a time (default 1). The working corpora are
# temporary unless --corpus names a folder: then DIR/<harness> is created from the seeds,
# grows over runs and is kept (a long campaign, README "Fuzzing").
fuzz_one() {
    # fuzz_one HARNESS SECONDS CORPUS WORK: runs one harness, writes its summary line to
    # WORK/HARNESS.result; exit status that of libFuzzer
    local h=$1 secs=$2 corpus=$3 work=$4 exe=build-fuzz/fuzz/fuzz-$1 log rc execs cov ft size result dict args
    mkdir -p "$corpus"
    cp -n fuzz/corpus/"$h"/* fuzz/regress/"$h"/* "$work/vectors/$h"/* "$corpus"/ 2>/dev/null
    log=$work/$h.log
    # the dictionaries of the formats this harness reads (fuzz/dict/, one per format)
    case $h in
        privkey) dict="der pem" ;;
        pubkey) dict="der pem sec1" ;;
        ecdsa) dict="der" ;;
        point|pointapi|ecdh|ecies) dict="sec1" ;;
        provider) dict="sec1 ossl-params" ;;
        *) dict= ;;
    esac
    args=()
    if [ -n "$dict" ]; then
        (for f in $dict; do [ -f fuzz/dict/"$f".dict ] && cat fuzz/dict/"$f".dict; done) >"$work/$h.dict"
        args=(-dict="$work/$h.dict")
    fi
    say "fuzz: $h for ${secs}s ($(ls "$corpus" | wc -l) seeds in $corpus; log build-fuzz/fuzz-$h.log)"
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
        grep -m 3 -E 'ERROR|DIFFERENTIAL|runtime error' "$log"
    fi
    printf '%-10s execs %-10s cov %-6s ft %-6s corpus %-6s %s\n' "$h" "${execs:-?}" "${cov:-?}" \
        "${ft:-?}" "$size" "$result" >"$work/$h.result"
    return $rc
}

# fuzz_build: ./build-fuzz, the libraries instrumented for coverage (fuzzer-no-link) and both
# sanitizers, and the harnesses; UBSan reports abort (no recovery), so libFuzzer keeps them as
# crashes. -O1 with line tables and frame pointers: as OSS-Fuzz builds, and the quickest build
# that still gives file:line in a report (`check` takes it as its clang build).
fuzz_build() {
    CC=clang build build-fuzz -Dfuzz=enabled -Db_sanitize=address,undefined -Db_lundef=false \
        -Dbuildtype=plain \
        -Dc_args='-O1 -gline-tables-only -fsanitize=fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer' \
        -Dtests=false -Dtool=false -Dbench=disabled -Dctime=disabled
}

cmd_fuzz() {
    local secs=30 jobs=1 keep= status=0 h exe work corpus
    local names=() running=()
    while [ $# -gt 0 ]; do
        case $1 in
            --jobs) jobs=${2:-}; shift 2 || { echo "run.sh: fuzz: --jobs needs a number" >&2; return 2; } ;;
            --corpus) keep=${2:-}; shift 2 || { echo "run.sh: fuzz: --corpus needs a folder" >&2; return 2; } ;;
            [0-9]*) secs=$1; shift ;;
            -*) echo "run.sh: fuzz: unknown option $1" >&2; return 2 ;;
            *) names+=("$1"); shift ;;
        esac
    done
    case "$secs" in ''|*[!0-9]*) echo "run.sh: fuzz: SECONDS must be a number" >&2; return 2 ;; esac
    case "$jobs" in ''|0|*[!0-9]*) echo "run.sh: fuzz: --jobs must be a positive number" >&2; return 2 ;; esac
    cmd_deps || return 1
    fuzz_build || return 1
    if [ ${#names[@]} -eq 0 ]; then
        for exe in build-fuzz/fuzz/fuzz-*; do
            [ -f "$exe" ] && [ -x "$exe" ] && names+=("${exe##*/fuzz-}")
        done
    fi
    if [ ${#names[@]} -eq 0 ]; then
        echo "run.sh fuzz: FAIL (no harness built)"
        return 1
    fi
    for h in "${names[@]}"; do
        [ -x build-fuzz/fuzz/fuzz-"$h" ] || { echo "run.sh: fuzz: no harness '$h' (built: $(ls build-fuzz/fuzz | sed -n 's/^fuzz-//p' | paste -sd' ' -))" >&2; return 2; }
    done
    mkdir -p fuzz/artifacts
    work=$(mktemp -d) || return 1
    # seeds derived from the shared vectors, into the working corpora only (never committed)
    if [ -d ../shared/vectors ] && command -v python3 >/dev/null 2>&1; then
        python3 fuzz/seed.py vectors ../shared/vectors "$work/vectors" || echo "run.sh: fuzz: vector seeds failed (ignored)" >&2
    fi
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    for h in "${names[@]}"; do
        while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
        corpus=$work/corpus-$h
        [ -n "$keep" ] && corpus=$keep/$h
        fuzz_one "$h" "$secs" "$corpus" "$work" &
    done
    wait
    echo
    for h in "${names[@]}"; do
        if [ -s "$work/$h.result" ]; then
            printf 'run.sh fuzz: %s\n' "$(cat "$work/$h.result")"
            case $(cat "$work/$h.result") in *FAIL*) status=1 ;; esac
        else
            printf 'run.sh fuzz: %-10s FAIL (no result)\n' "$h"
            status=1
        fi
    done
    rm -rf "$work"
    if [ $status -eq 0 ]; then
        echo "run.sh fuzz: PASS (${#names[@]} harnesses, ${secs}s each)"
    else
        echo "run.sh fuzz: FAIL (reproducers in fuzz/artifacts/)"
    fi
    return $status
}

# ---------------------------------------------------------------------------------------
# package, abi-update (issue 13): the Debian packages of debian/, checked the way a Debian
# maintainer and the archive's tools check them; the ABI baseline in abi/.

# what `package` and `abi-update` need on the host (the packages' Build-Depends under the
# nocheck profile, the archive's tools, a minbase root's maker)
pkg_tools=(
    build-essential debhelper dpkg-dev fakeroot meson ninja-build pkgconf cmake nettle-dev
    lintian abigail-tools debootstrap autopkgtest binutils
)
pkg_suite=bookworm          # Debian 12
pkg_cache=/var/cache/kurv-pkgtest

# pkg_deps [PACKAGE...]: pkg_tools and the PACKAGEs installed (as root) where missing
pkg_deps() {
    apt_install package "${pkg_tools[@]}" "$@"
}

# pkg_abi_dump LIBDIR INCDIR OUTDIR: one abidw dump per kurv library of LIBDIR (its public
# types only: those of INCDIR's headers), OUTDIR/libkurv-FAMILY.abi; no paths or source
# locations, so that dumps from different trees compare equal
pkg_abi_dump() {
    local so base n=0
    mkdir -p "$3" || return 1
    for so in "$1"/libkurv*.so.[0-9]*.*; do
        [ -f "$so" ] || continue
        base=$(basename "$so")
        abidw --no-corpus-path --no-show-locs --headers-dir "$2" --drop-private-types \
            --out-file "$3/${base%%.so.*}.abi" "$so" || return 1
        n=$((n + 1))
    done
    [ $n -gt 0 ] || { echo "run.sh: no kurv library in $1" >&2; return 1; }
}

# pkg_meson_version: the project version of meson.build
pkg_meson_version() {
    sed -n "s/^  version: '\([^']*\)',\$/\1/p" meson.build | head -n 1
}

# abi-update: build as the packages do (dpkg-buildflags, /usr, multiarch libdir), install into
# build-abi/stage, then rewrite abi/*.abi and, with dpkg-gensymbols, debian/*.symbols (new
# symbols get the version of meson.build; removed ones are left as #MISSING# lines to see)
cmd_abi_update() {
    local dir=build-abi ma ver opt=() pkg lib f fams
    pkg_deps || return 1
    ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH) || return 1
    ver=$(pkg_meson_version)
    grep -qs "option('openssl_provider'" meson_options.txt && opt+=(-Dopenssl_provider=disabled)
    # the families the packages build (debian/rules: every family of the registry)
    fams=$(make -s -f debian/rules --eval 'kurv-print-families: ; @echo $(KURV_FAMILIES)' \
        kurv-print-families) && [ -n "$fams" ] || { echo "run.sh: abi-update: no KURV_FAMILIES in debian/rules" >&2; return 1; }
    opt+=(-Dfamilies="$fams")
    say "abi-update: build in $dir with dpkg-buildflags (families $fams)"
    rm -rf "$dir"
    (
        eval "$(dpkg-buildflags --export=sh)"
        meson setup "$dir" --prefix=/usr --libdir="lib/$ma" -Dbuildtype=plain -Db_ndebug=true -Dtests=false \
            -Dtool=false -Dbench=disabled "${opt[@]}" >/dev/null &&
            meson compile -C "$dir" >/dev/null &&
            DESTDIR="$top/$dir/stage" meson install -C "$dir" --quiet >/dev/null
    ) || { echo "run.sh: abi-update: the build failed (logs in $dir/meson-logs)" >&2; return 1; }
    rm -f abi/*.abi
    pkg_abi_dump "$dir/stage/usr/lib/$ma" "$dir/stage/usr/include/kurv" abi || return 1
    say "abi-update: abi/: $(cd abi && ls -- *.abi | paste -sd' ' -)"
    # one symbols file per runtime package: the one whose .install names lib*.so.*
    for f in debian/*.install; do
        lib=$(sed -n 's|^usr/lib/${DEB_HOST_MULTIARCH}/\(lib[^/]*\)\.so\.\*$|\1|p' "$f")
        [ -n "$lib" ] || continue
        pkg=$(basename "$f" .install)
        if [ ! -f "debian/$pkg.symbols" ]; then
            # a new library: the header lines (deb-symbols(5)); dpkg-gensymbols adds the rest
            printf '%s %s #MINVER#\n* Build-Depends-Package: %s-dev\n' \
                "$(objdump -p "$dir/stage/usr/lib/$ma/$lib.so" | awk '$1 == "SONAME" { print $2 }')" \
                "$pkg" "$lib" > "debian/$pkg.symbols"
        fi
        dpkg-gensymbols -q -c0 -t -p"$pkg" -v"$ver" -e"$dir/stage/usr/lib/$ma/$lib.so.*.*" \
            -I"debian/$pkg.symbols" -O"debian/$pkg.symbols.new" &&
            mv "debian/$pkg.symbols.new" "debian/$pkg.symbols" || return 1
    done
    say "abi-update: done; review and commit: git diff --stat abi/ debian/"
    git diff --stat -- abi/ debian/ 2>/dev/null
}

# pkg_render DEB: the package as debian/package-contents lists it (Section, Multi-Arch, the
# package names of Depends, sorted; every path but directories, sorted)
pkg_render() {
    local deb=$1
    echo "Package: $(dpkg-deb -f "$deb" Package)"
    echo "Section: $(dpkg-deb -f "$deb" Section)"
    echo "Multi-Arch: $(dpkg-deb -f "$deb" Multi-Arch)"
    echo "Depends: $(dpkg-deb -f "$deb" Depends | tr ',|' '\n\n' | awk 'NF { sub(/:any$/, "", $1); print $1 }' | sort -u | paste -sd' ' -)"
    echo "Files:"
    dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { p = $6; sub(/^\./, "", p); print " " p }' | sort
}

# pkg_expected PACKAGE MA VERSION: its entry of debian/package-contents, @MA@ and @VERSION@
# replaced
pkg_expected() {
    awk -v p="$1" '/^#/ { next } /^Package: / { on = ($2 == p) } on && NF' debian/package-contents |
        sed "s/@MA@/$2/g; s/@VERSION@/$3/g"
}

# pkg_chroot ROOT CMD...: run CMD in the root, non-interactively
pkg_chroot() {
    local root=$1
    shift
    DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 chroot "$root" "$@"
}

# pkg_mirror: the machine's Debian mirror for $pkg_suite, from /etc/apt/sources.list(.d)
# (one-line and deb822 forms)
pkg_mirror() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        # deb [options] URI SUITE COMPONENTS...
        [ -r "$f" ] && awk -v s="$pkg_suite" '$1 == "deb" {
                i = 2; if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
                if ($(i + 1) == s) { print $i; exit } }' "$f"
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -r "$f" ] && awk -v s="$pkg_suite" '
            /^[ \t]*$/ { if (deb && suite && uri) { print uri; exit } deb = suite = 0; uri = ""; next }
            $1 == "Types:" { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 }
            $1 == "Suites:" { for (i = 2; i <= NF; i++) if ($i == s) suite = 1 }
            $1 == "URIs:" { uri = $2 }
            END { if (deb && suite && uri) print uri }' "$f"
    done | head -n 1
}

# pkg_minbase: the path of a Debian 12 minbase root tarball (debootstrap --variant=minbase from
# the machine's mirror, with its package lists), made when missing; cached under $pkg_cache,
# keyed by mirror, suite and architecture
pkg_minbase() {
    local mirror arch key tarball tmp
    mirror=$(pkg_mirror)
    [ -n "$mirror" ] || { echo "run.sh: no apt source for $pkg_suite in /etc/apt" >&2; return 1; }
    arch=$(dpkg --print-architecture)
    key=$(printf '%s %s %s\n' "$mirror" "$pkg_suite" "$arch" | sha256sum | cut -c1-16)
    tarball=$pkg_cache/minbase-$pkg_suite-$arch-$key.tar
    if [ ! -s "$tarball" ]; then
        say "package: debootstrap --variant=minbase $pkg_suite from $mirror (cached in $tarball)" >&2
        mkdir -p "$pkg_cache" && tmp=$(mktemp -d "$pkg_cache/root.XXXXXX") || return 1
        if debootstrap --variant=minbase --arch="$arch" "$pkg_suite" "$tmp" "$mirror" >"$pkg_cache/debootstrap.log" 2>&1 &&
                cp /etc/resolv.conf "$tmp/etc/resolv.conf" &&
                pkg_chroot "$tmp" apt-get update >>"$pkg_cache/debootstrap.log" 2>&1 &&
                pkg_chroot "$tmp" apt-get clean &&
                tar -C "$tmp" -cf "$tarball.new" . && mv "$tarball.new" "$tarball"; then
            rm -rf "$tmp"
        else
            echo "run.sh: debootstrap failed (log: $pkg_cache/debootstrap.log)" >&2
            rm -rf "$tmp" "$tarball.new"
            return 1
        fi
    fi
    echo "$tarball"
}

# pkg_installed ROOT: the packages installed in the root, one per line, sorted
pkg_installed() {
    pkg_chroot "$1" dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' | awk '{ print $1 " " $2 }' | sort
}

# pkg_install_check ROOT PACKAGE EXPECTED...: installing PACKAGE adds exactly EXPECTED
# (PACKAGE and what it must pull in), purging it and its automatic dependencies restores the
# package set, to the dpkg status of each package
pkg_install_check() {
    local root=$1 pkg=$2 before after added want
    shift 2
    want=$(printf '%s\n' "$@" | sort | paste -sd' ' -)
    before=$(pkg_installed "$root")
    pkg_chroot "$root" apt-get install -y "$pkg" >"$out/install-$pkg.log" 2>&1 ||
        { echo "install $pkg: apt-get failed (build-deb/install-$pkg.log)"; return 1; }
    after=$(pkg_installed "$root")
    added=$(comm -13 <(echo "$before") <(echo "$after") | awk '{ print $2 }' | sort | paste -sd' ' -)
    pkg_chroot "$root" apt-get purge -y --autoremove "$pkg" >>"$out/install-$pkg.log" 2>&1 ||
        { echo "purge $pkg: apt-get failed"; return 1; }
    if [ "$added" != "$want" ]; then
        echo "install $pkg: added [$added], expected [$want]"
        return 1
    fi
    if [ "$(pkg_installed "$root")" != "$before" ]; then
        echo "purge $pkg: the package set differs from before the install:"
        diff <(echo "$before") <(pkg_installed "$root") | sed 's/^/  /'
        return 1
    fi
    echo "install $pkg: added exactly [$added]; purge: package set restored"
}

# pkg_provider_check ROOT: the provider with the Brainpool family only: openssl lists kurv
# as an active provider, and with kurv alone (and base's encoders) makes EC keys on the
# Brainpool curves and on no other curve of the registry, and no X25519 or ED25519 key (its
# build info says why: "25519 not loaded"); then with libkurv-25519-0 installed beside it,
# X25519 and ED25519 keys, and an Ed25519 signature that verifies (pkeyutl -rawin), with
# kurv and base only (base has no X25519 or Ed25519 of its own)
pkg_provider_check() {
    local root=$1 fam name ok=0 bad=0 got want alg
    pkg_chroot "$root" apt-get install -y --no-install-recommends openssl openssl-provider-kurv \
        libkurv-brainpool0 >"$out/install-provider.log" 2>&1 ||
        { echo "provider: apt-get install failed (build-deb/install-provider.log)"; return 1; }
    got=$(pkg_installed "$root" | awk '$1 == "ii" && $2 ~ /^libkurv-/ { print $2 }' | paste -sd' ' -)
    [ "$got" = "libkurv-brainpool0" ] || { echo "provider: kurv families installed: [$got], expected [libkurv-brainpool0]"; bad=1; }
    got=$(pkg_chroot "$root" openssl list -providers -verbose -provider kurv 2>&1)
    printf '%s\n' "$got" | sed 's/^/  /'
    printf '%s\n' "$got" | grep -q "^  kurv$" && printf '%s\n' "$got" | grep -q "status: active" ||
        { echo "provider: openssl does not list kurv as active"; bad=1; }
    # the curves it found at load (its build info), against the Brainpool curves of the registry
    want=$(awk -F"'" '/^kurv_family_registry/ { exit } { for (i = 2; i < NF; i += 2) { if ($i == "family") f = $(i + 2); if ($i == "name" && f == "brainpool") print $(i + 2) } }' curves/meson.build | sort | paste -sd' ' -)
    got=$(printf '%s\n' "$got" | sed -n '/^ *build info: .*curves: /{s/^.*curves: //; s/;.*//; p}' | tr ' ' '\n' | sort | paste -sd' ' -)
    [ -n "$want" ] && [ "$got" = "$want" ] || { echo "provider: offers [$got], expected [$want]"; bad=1; }
    # family and OpenSSL name of every curve of the registry (curves/meson.build)
    while read -r fam name; do
        if pkg_chroot "$root" openssl genpkey -provider base -provider kurv -algorithm EC \
                -pkeyopt "ec_paramgen_curve:$name" -out /dev/null >/dev/null 2>&1; then
            [ "$fam" = brainpool ] && ok=$((ok + 1)) || { echo "provider: offers $name ($fam) without its package"; bad=1; }
        else
            [ "$fam" = brainpool ] && { echo "provider: no key on $name"; bad=1; }
        fi
    done < <(awk -F"'" '/^kurv_family_registry/ { exit } { for (i = 2; i < NF; i += 2) { if ($i == "family") f = $(i + 2); if ($i == "openssl") print f, $(i + 2) } }' curves/meson.build)
    # X25519 and ED25519: not without libkurv-25519-0, offered with it
    pkg_chroot "$root" openssl list -providers -verbose -provider kurv 2>&1 | grep -q '; 25519 not loaded: ' ||
        { echo "provider: its build info does not say that libkurv-25519 was not loaded"; bad=1; }
    for alg in X25519 ED25519; do
        if pkg_chroot "$root" openssl genpkey -provider base -provider kurv -algorithm $alg -out /dev/null >/dev/null 2>&1; then
            echo "provider: makes $alg keys without libkurv-25519-0"
            bad=1
        fi
    done
    pkg_chroot "$root" apt-get install -y --no-install-recommends libkurv-25519-0 >>"$out/install-provider.log" 2>&1 ||
        { echo "provider: apt-get install libkurv-25519-0 failed (build-deb/install-provider.log)"; bad=1; }
    got=$(pkg_installed "$root" | awk '$1 == "ii" && $2 ~ /^libkurv-/ { print $2 }' | paste -sd' ' -)
    [ "$got" = "libkurv-25519-0 libkurv-brainpool0" ] ||
        { echo "provider: kurv families installed: [$got], expected [libkurv-25519-0 libkurv-brainpool0]"; bad=1; }
    got=$(pkg_chroot "$root" openssl list -providers -verbose -provider kurv 2>&1)
    if printf '%s\n' "$got" | grep -q '25519 not loaded'; then
        printf '%s\n' "$got" | grep 'build info' | sed 's/^/  /'
        echo "provider: libkurv-25519-0 is installed, its build info says it was not loaded"
        bad=1
    fi
    for alg in X25519 ED25519; do
        pkg_chroot "$root" openssl genpkey -provider base -provider kurv -algorithm $alg -out /tmp/kurv-$alg.pem \
            >>"$out/install-provider.log" 2>&1 || { echo "provider: no $alg key with libkurv-25519-0"; bad=1; }
    done
    printf 'kurv' > "$root/tmp/kurv-msg"
    pkg_chroot "$root" sh -c 'P="-provider base -provider kurv"
        openssl pkeyutl $P -sign -rawin -inkey /tmp/kurv-ED25519.pem -in /tmp/kurv-msg -out /tmp/kurv-msg.sig &&
        openssl pkeyutl $P -verify -rawin -inkey /tmp/kurv-ED25519.pem -in /tmp/kurv-msg -sigfile /tmp/kurv-msg.sig' \
        >>"$out/install-provider.log" 2>&1 || { echo "provider: no Ed25519 signature that verifies with libkurv-25519-0"; bad=1; }
    rm -f "$root"/tmp/kurv-*
    pkg_chroot "$root" apt-get purge -y --autoremove openssl-provider-kurv libkurv-brainpool0 libkurv-25519-0 >>"$out/install-provider.log" 2>&1
    [ $bad -eq 0 ] && [ $ok -gt 0 ] || return 1
    echo "provider: kurv active, offering [$want]; keys on the $ok Brainpool curves only, no X25519 or ED25519 key;"
    echo "  with libkurv-25519-0 also: X25519 and ED25519 keys, an Ed25519 signature that verifies"
}

# pkg_source OUT: a fresh OUT with the clone's files (tracked and untracked, not ignored) in
# OUT/src; fails when debian/changelog's version is not meson.build's
pkg_source() {
    local out=$1 ver debver
    ver=$(pkg_meson_version)
    # a root left by an interrupted run may still have /proc mounted
    mountpoint -q "$out/root/proc" 2>/dev/null && umount "$out/root/proc"
    rm -rf --one-file-system "$out" && mkdir -p "$out/src" || return 1
    if git rev-parse --git-dir >/dev/null 2>&1; then
        git ls-files -z --cached --others --exclude-standard |
            tar --null -T - --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$out/src"
    else
        tar --exclude='./build*' --exclude=./.git -cf - . | tar -xf - -C "$out/src"
    fi || return 1
    debver=$(cd "$out/src" && dpkg-parsechangelog -S Version) || return 1
    if [ "${debver%-*}" != "$ver" ]; then
        echo "run.sh: debian/changelog is at $debver, meson.build at $ver: add a changelog entry (dch -v $ver-1)" >&2
        return 1
    fi
}

# pkg_build OUT [ARG...]: dpkg-buildpackage -us -uc -b ARG... in OUT/src, with the nocheck
# option and profile (the suite ran in `test`) and both cores; log in OUT/build.log, its end
# shown on failure
pkg_build() {
    local out=$1 TIMEFORMAT='%0R s (CPU time: %0U s user, %0S s system)'
    shift
    # (the CPU time as well: it does not grow when other jobs share the cores)
    if { time { (cd "$out/src" && DEB_BUILD_OPTIONS="nocheck parallel=2" DEB_BUILD_PROFILES=nocheck \
            dpkg-buildpackage -us -uc -b "$@") >"$out/build.log" 2>&1; }; } 2>"$out/build.time"; then
        echo "built in $(cat "$out/build.time")"
        ls -l "$out"/*.deb | awk '{ printf "  %8d  %s\n", $5, $NF }' | sed "s|$out/||"
    else
        tail -n 40 "$out/build.log"
        return 1
    fi
}

# pkg_debs OUT: the packages built in OUT, one a line, but the -dbgsym ones (debug symbols)
pkg_debs() {
    local deb
    for deb in "$1"/*.deb; do
        case $deb in *-dbgsym_*) ;; *) echo "$deb" ;; esac
    done
}

# pkg_contents_check SRC MA VERSION DEB...: the DEBs are the packages of SRC/debian/control,
# each with the Section, Multi-Arch, Depends and files of its entry in debian/package-contents
# (MA the multiarch triplet of their architecture)
pkg_contents_check() {
    local src=$1 ma=$2 ver=$3 listed built deb p status=0
    shift 3
    listed=$(cd "$src" && dh_listpackages | sort | paste -sd' ' -)
    built=$(for deb in "$@"; do dpkg-deb -f "$deb" Package; done | sort | paste -sd' ' -)
    [ "$listed" = "$built" ] || { echo "built [$built], debian/control lists [$listed]"; status=1; }
    for deb in "$@"; do
        p=$(dpkg-deb -f "$deb" Package)
        diff -u --label "expected $p" --label "built $p" <(pkg_expected "$p" "$ma" "$ver") <(pkg_render "$deb") ||
            status=1
    done
    [ $status -eq 0 ] && echo "$# packages as listed"
    return $status
}

# pkg_versions_check OUT MA OBJDUMP DEB...: the DEBs unpacked in OUT/x; every symbol that a
# runtime package's library exports carries the library's node, KURV_<NAME>_<SONAME>
# (libkurv-nist.so.0: KURV_NIST_0; libkurv.so.0: KURV_0); OBJDUMP one for their architecture
pkg_versions_check() {
    local out=$1 ma=$2 objdump=$3 deb so node bad n status=0
    shift 3
    mkdir -p "$out/x"
    for deb in "$@"; do
        dpkg-deb -x "$deb" "$out/x"
    done
    for so in "$out"/x/usr/lib/"$ma"/libkurv*.so.[0-9]*.*; do
        node=$(basename "$so" | sed 's/^lib//; s/\.so\.\([0-9]*\)\..*$/_\1/' | tr 'a-z-' 'A-Z_')
        n=$("$objdump" -T "$so" | awk '$2 == "g" && $4 != "*UND*"' | wc -l)
        bad=$("$objdump" -T "$so" | awk -v v="$node" '$2 == "g" && $4 != "*UND*" && $(NF - 1) != v { print $NF }')
        if [ -n "$bad" ] || [ "$n" -eq 0 ]; then
            echo "$(basename "$so"): symbols without version $node: $bad"
            status=1
        else
            echo "$(basename "$so"): $n symbols, all $node"
        fi
    done
    return $status
}

cmd_package() {
    local out=$top/build-deb ma ver debver debs=() p status=0 tarball root
    local r_build=FAIL r_contents=FAIL r_versions=FAIL r_lintian=FAIL r_abi=FAIL
    local r_install=FAIL r_provider=skipped r_autopkgtest=FAIL
    pkg_deps || return 1
    ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH) || return 1
    ver=$(pkg_meson_version)

    say "package: source tree in build-deb/src"
    pkg_source "$out" || return 1
    debver=$(cd "$out/src" && dpkg-parsechangelog -S Version) || return 1

    say "package: dpkg-buildpackage -us -uc -b (nocheck, parallel=2; log build-deb/build.log)"
    if pkg_build "$out"; then
        r_build=ok
    else
        echo "run.sh package: FAIL (dpkg-buildpackage; log in build-deb/build.log)"
        return 1
    fi
    mapfile -t debs < <(pkg_debs "$out")

    say "package: contents and Depends against debian/package-contents"
    pkg_contents_check "$out/src" "$ma" "$ver" "${debs[@]}" && r_contents=ok

    say "package: symbol versions"
    pkg_versions_check "$out" "$ma" objdump "${debs[@]}" && r_versions=ok

    # lintian, as the archive runs it
    say "package: lintian --fail-on error,warning build-deb/*.changes"
    if lintian --fail-on error,warning --display-info "$out"/*.changes; then
        r_lintian=ok
        echo "lintian: no error, no warning"
    fi

    # the ABI against abi/: abidiff on every library, any change fails
    say "package: abidiff against abi/"
    r_abi=ok
    pkg_abi_dump "$out/src/debian/tmp/usr/lib/$ma" "$out/src/debian/tmp/usr/include/kurv" "$out/abi" || r_abi=FAIL
    if [ "$(cd abi && ls ./*.abi 2>/dev/null)" != "$(cd "$out/abi" && ls ./*.abi)" ]; then
        echo "abi/ has [$(cd abi && ls ./*.abi 2>/dev/null | paste -sd' ' -)], the build [$(cd "$out/abi" && ls ./*.abi | paste -sd' ' -)]"
        r_abi=FAIL
    fi
    for p in abi/*.abi; do
        [ -f "$out/$p" ] || continue
        if abidiff --no-show-locs "$p" "$out/$p" >"$out/$(basename "$p").diff" 2>&1 &&
                ! grep -Eq '[1-9][0-9]* (Added|Removed|Changed)' "$out/$(basename "$p").diff"; then
            echo "$(basename "$p" .abi): no change"
        else
            cat "$out/$(basename "$p").diff"
            r_abi=FAIL
        fi
    done
    [ $r_abi = ok ] || echo "ABI changed: an incompatible change bumps the SONAME; a compatible one runs ./tools/run.sh abi-update in the same commit"

    # a Debian 12 minbase root with the packages as a local flat repository
    say "package: installs in a Debian 12 minbase root (build-deb/root)"
    tarball=$(pkg_minbase) || return 1
    root=$out/root
    mkdir -p "$root" "$pkg_cache/archives" && tar -C "$root" -xf "$tarball" || return 1
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    mkdir -p "$root/srv/kurv-debs" && cp "${debs[@]}" "$root/srv/kurv-debs/" &&
        (cd "$root/srv/kurv-debs" && dpkg-scanpackages -m . > Packages 2>/dev/null) || return 1
    echo "deb [trusted=yes] file:/srv/kurv-debs ./" > "$root/etc/apt/sources.list.d/kurv.list"
    # apt's downloads run as root in the root (its _apt user cannot reach the lists there)
    echo 'APT::Sandbox::User "root";' > "$root/etc/apt/apt.conf.d/99kurv-pkgtest"
    # downloads are kept between runs
    cp "$pkg_cache"/archives/*.deb "$root/var/cache/apt/archives/" 2>/dev/null
    pkg_chroot "$root" apt-get update -o Dir::Etc::sourcelist=sources.list.d/kurv.list \
        -o Dir::Etc::sourceparts=- -o APT::Get::List-Cleanup=0 >"$out/apt-update.log" 2>&1 || return 1

    # each runtime package of a family pulls in itself and libkurv0 (kurv-schnorr also
    # libkurv-secp256k1-0): the kurv packages of its entry in debian/package-contents
    r_install=ok
    local want
    for p in $(cd "$out/src" && dh_listpackages); do
        case $p in libkurv0|libkurv-*[0-9]) ;; *) continue ;; esac
        want=$(pkg_expected "$p" "$ma" "$ver" | sed -n 's/^Depends: //p' | tr ' ' '\n' | grep '^libkurv' | paste -sd' ' -)
        pkg_install_check "$root" "$p" "$p" $want || r_install=FAIL
    done

    if [ -f "$root/srv/kurv-debs/openssl-provider-kurv_${debver}_$(dpkg --print-architecture).deb" ]; then
        say "package: the OpenSSL provider with the Brainpool family only, then also kurv-25519"
        pkg_provider_check "$root" && r_provider=ok || r_provider=FAIL
    fi

    # the autopkgtest (debian/tests) in the root, against the installed -dev packages
    say "package: autopkgtest (debian/tests) in the root (log build-deb/autopkgtest/log)"
    # (a testbed has /proc: `kurv demo` reads its own program through /proc/self/exe)
    mkdir -p "$out/test-src" && cp -r "$out/src/debian" "$out/test-src/" || return 1
    mount -t proc proc "$root/proc" || return 1
    if autopkgtest -o "$out/autopkgtest" "${debs[@]}" "$out/test-src/" -- chroot "$root" \
            >"$out/autopkgtest.out" 2>&1; then
        r_autopkgtest=ok
    fi
    umount "$root/proc"
    grep -E '^(families|ok  |FAIL|needs|static|consumers|kurv [0-9])' "$out/autopkgtest/consumers-stdout" 2>/dev/null |
        grep -v '^ok  ' | sed 's/^/  /'
    echo "  $(grep -c '^ok  ' "$out/autopkgtest/consumers-stdout" 2>/dev/null || echo 0) consumer checks ok"
    sed 's/^/  autopkgtest: /' "$out/autopkgtest/summary" 2>/dev/null || tail -n 5 "$out/autopkgtest.out"
    cp -n "$root"/var/cache/apt/archives/*.deb "$pkg_cache/archives/" 2>/dev/null

    local summary="build: $r_build; contents: $r_contents; symbol versions: $r_versions; lintian: $r_lintian; abi: $r_abi; installs: $r_install; provider: $r_provider; autopkgtest: $r_autopkgtest"
    case "$summary" in *FAIL*) status=1 ;; *) rm -rf --one-file-system "$root" ;; esac
    echo
    if [ $status -eq 0 ]; then
        echo "run.sh package: PASS ($summary; $((SECONDS)) s)"
    else
        echo "run.sh package: FAIL ($summary; logs in build-deb/)"
    fi
    return $status
}

# ---------------------------------------------------------------------------------------
# cross ARCH (issue 37): kurv built for another Debian architecture by its cross compiler,
# against the architecture's libraries (Debian's multiarch :ARCH packages), its tests and
# `kurv demo` run under qemu-user. The Meson cross file is tools/cross/ARCH.ini followed by
# tools/cross/debian.ini; the base-point table generators are built for this machine.

# what this machine runs: the build with its native generators, qemu-user, and what the test
# scripts start next to the cross-built tool (openssl, python3-ecdsa, BouncyCastle, cmake)
cross_tools=(
    build-essential pkg-config meson ninja-build qemu-user
    openssl python3-ecdsa default-jdk-headless libbcprov-java cmake
)
# the architecture's libraries the build needs, and those it takes when they install beside
# this machine's packages (libcrypto: the OpenSSL provider and cross-checks; Criterion)
cross_libs=(nettle-dev libjson-c-dev libsecp256k1-dev)
cross_optional=(libssl-dev libcriterion-dev)

# cross_const ARCH NAME: the first string of constant NAME in tools/cross/ARCH.ini
cross_const() {
    sed -n "s/^$2 = \[\{0,1\}'\([^']*\)'.*/\1/p" "tools/cross/$1.ini"
}

# candidate PACKAGE: the version apt-get would install (empty: none)
candidate() {
    apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: //p' | grep -v '^(none)$'
}

# cross_installable PACKAGE:ARCH: true when it is installed, or apt-get would install it
# without removing a package; otherwise prints why not. Multi-Arch: same packages of two
# architectures must have one version, so it must equal this machine's candidate.
cross_installable() {
    local pa=$1 v native removed
    installed "$pa" && return 0
    v=$(candidate "$pa")
    [ -n "$v" ] || { echo "Debian has no ${pa%%:*} for ${pa##*:}"; return 1; }
    native=$(candidate "${pa%%:*}")
    if [ -n "$native" ] && [ "$v" != "$native" ]; then
        echo "it is at $v, this machine's ${pa%%:*} at $native (Multi-Arch: same needs one version)"
        return 1
    fi
    removed=$(apt-get install -s --no-install-recommends "$pa" 2>&1) ||
        { echo "apt-get cannot install it: $(printf '%s\n' "$removed" | grep '^E:' | head -n 1)"; return 1; }
    removed=$(printf '%s\n' "$removed" | sed -n 's/^Remv \([^ ]*\) .*/\1/p' | paste -sd' ' -)
    if [ -n "$removed" ]; then
        echo "installing it would remove $removed"
        return 1
    fi
}

# cross_criterion_unpacked ARCH DIR: Criterion for ARCH without installing it. On i386 and
# arm64, Debian's libcriterion3:ARCH needs libnanomsg5:ARCH, which is not Multi-Arch: same
# and so cannot be installed beside this machine's libnanomsg5 (and libcriterion-dev:ARCH
# pulls libgit2-dev and libnanomsg-dev, alike). The Multi-Arch: same libraries libcriterion.so
# also needs (libgit2-1.5, libffi8) are installed as :ARCH packages; libcriterion3,
# libcriterion-dev and libnanomsg5 of ARCH are downloaded and unpacked (dpkg-deb -x) into DIR.
# Writes DIR/pkgconfig/criterion.pc (headers and library in DIR) and DIR/criterion.ini, a
# third cross file: the build finds criterion.pc first and links ARCH's programs with
# DIR's library folder as an RPATH (-rpath with --disable-new-dtags: DT_RPATH, which the
# dynamic loader also searches for libcriterion.so's own libnanomsg.so.5, where a
# DT_RUNPATH serves the program's direct dependencies only; -rpath-link for the link), so
# they find it under qemu-user with the test's LD_LIBRARY_PATH left as meson sets it
# (qemu's -E LD_LIBRARY_PATH would replace that one, and kurv.so would find no family
# library). Prints the cross file's path; non-zero (with a message) when Debian has no
# Criterion for ARCH or a step fails.
cross_criterion_unpacked() {
    local arch=$1 dir=$2 multiarch p lib why
    multiarch=$(cross_const "$arch" multiarch)
    [ -n "$(candidate "libcriterion-dev:$arch")" ] ||
        { echo "Debian has no libcriterion-dev for $arch" >&2; return 1; }
    for p in libgit2-1.5 libffi8; do
        why=$(cross_installable "$p:$arch") || { echo "$p:$arch: $why" >&2; return 1; }
    done
    apt_install "cross $arch: Criterion's libraries" libgit2-1.5:"$arch" libffi8:"$arch" >&2 || return 1
    rm -rf "$dir" && mkdir -p "$dir/debs" "$dir/pkgconfig" || return 1
    # apt-get download writes into the current folder, as the _apt user where it can
    ( cd "$dir/debs" && chmod 777 . &&
      apt-get download -q "libcriterion3:$arch" "libcriterion-dev:$arch" "libnanomsg5:$arch" ) >&2 ||
        { echo "apt-get download of Criterion's $arch packages failed" >&2; return 1; }
    for p in "$dir"/debs/*.deb; do
        dpkg-deb -x "$p" "$dir/root" || return 1
    done
    lib=$dir/root/usr/lib/$multiarch
    [ -e "$lib/libcriterion.so" ] && [ -e "$lib/libnanomsg.so.5" ] &&
        [ -e "$dir/root/usr/include/criterion/criterion.h" ] ||
        { echo "the unpacked packages lack libcriterion.so, libnanomsg.so.5 or criterion.h" >&2; return 1; }
    # Debian's criterion.pc names /usr and, in Requires.private, the .pc files of
    # libgit2-dev and libnanomsg-dev, which cannot be installed for ARCH: this one names the
    # unpacked folder and the library alone (the tests link it dynamically)
    printf '%s\n' "prefix=$dir/root/usr" 'includedir=${prefix}/include' \
        "libdir=\${prefix}/lib/$multiarch" '' 'Name: criterion' \
        "Description: Debian's Criterion for $arch, unpacked by run.sh cross" \
        "Version: $(dpkg-deb -f "$dir"/debs/libcriterion-dev_*.deb Version | sed 's/-[^-]*$//')" \
        'Libs: -L${libdir} -lcriterion' 'Cflags: -I${includedir}' > "$dir/pkgconfig/criterion.pc"
    printf '%s\n' \
        "# $dir/criterion.ini: written by ./tools/run.sh cross $arch (cross_criterion_unpacked);" \
        '# loaded after tools/cross/ARCH.ini and tools/cross/debian.ini, whose constants it uses' \
        '[constants]' "criterion_lib = '$lib'" \
        '[properties]' \
        "pkg_config_libdir = ['$dir/pkgconfig', '/usr/lib/' + multiarch + '/pkgconfig', '/usr/share/pkgconfig']" \
        '[built-in options]' \
        "c_link_args = ['-Wl,--disable-new-dtags', '-Wl,-rpath,' + criterion_lib, '-Wl,-rpath-link,' + criterion_lib]" \
        > "$dir/criterion.ini"
    echo "$dir/criterion.ini"
}

# cross_binfmt ARCH: make the kernel run ARCH's programs through qemu-user (binfmt_misc),
# which Criterion's test programs need: BoxFort runs every test in a new copy of the
# program (it executes itself), and qemu-user passes that execve to the kernel. Keeps a
# handler already there (Debian's qemu-user-static registers qemu-ARCH for the foreign
# architectures; the kernel may run i386 itself); else mounts binfmt_misc if need be and
# registers kurv-qemu-ARCH: the ELF header of tools/cross/ARCH.ini (binfmt_magic,
# binfmt_mask) and the qemu command, flag F (the interpreter opened now). As root; stays
# until the next boot or `echo -1 > /proc/sys/fs/binfmt_misc/kurv-qemu-ARCH`. Non-zero,
# with a message, when that cannot be done.
cross_binfmt() {
    local arch=$1 bf=/proc/sys/fs/binfmt_misc magic mask interp e
    magic=$(cross_const "$arch" binfmt_magic)
    mask=$(cross_const "$arch" binfmt_mask)
    [ -n "$magic" ] && [ -n "$mask" ] || { echo "tools/cross/$arch.ini names no binfmt_magic or binfmt_mask"; return 1; }
    if [ ! -e "$bf/register" ]; then
        [ "$(id -u)" -eq 0 ] || { echo "binfmt_misc is not mounted (root mounts it)"; return 1; }
        mount -t binfmt_misc binfmt_misc "$bf" 2>/dev/null || { echo "binfmt_misc cannot be mounted"; return 1; }
    fi
    for e in "$bf"/*; do
        [ -f "$e" ] && grep -qx enabled "$e" && grep -qx "magic $magic" "$e" && return 0
    done
    [ "$(id -u)" -eq 0 ] || { echo "binfmt_misc has no handler for $arch's programs (root registers one)"; return 1; }
    interp=$(command -v "$(cross_const "$arch" qemu)") || { echo "no $(cross_const "$arch" qemu)"; return 1; }
    say "cross: binfmt_misc: kurv-qemu-$arch runs $arch's programs through $interp" >&2
    printf ':kurv-qemu-%s:M::%s:%s:%s:F' "$arch" "$(printf '%s' "$magic" | sed 's/../\\x&/g')" \
        "$(printf '%s' "$mask" | sed 's/../\\x&/g')" "$interp" \
        > "$bf/register" 2>/dev/null || { echo "binfmt_misc refused the handler"; return 1; }
}

cmd_cross() {
    local arch=${1:-} lean=${2:-} triplet qemu dir p why t0=$SECONDS status=0 log
    local wanted=() skipped=() r_build=FAIL r_test=FAIL r_demo=FAIL counts= crit_ini=() no_crit=() c
    case $arch in
        i386|armhf|s390x|arm64) ;;
        *) echo "run.sh: cross: name one architecture: i386, armhf, s390x or arm64" >&2; return 2 ;;
    esac
    case $lean in
        ''|--lean) ;;
        *) echo "run.sh: cross $arch: unknown option '$lean' (--lean: the per-curve scripts on one curve a family)" >&2; return 2 ;;
    esac
    triplet=$(cross_const "$arch" gnu_triplet)
    qemu=$(cross_const "$arch" qemu)
    [ -n "$triplet" ] && [ -n "$qemu" ] || { echo "run.sh: cross: tools/cross/$arch.ini names no gnu_triplet or qemu" >&2; return 2; }

    if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
        [ "$(id -u)" -eq 0 ] || { echo "run.sh: cross: dpkg does not know $arch: run as root, or: dpkg --add-architecture $arch" >&2; return 1; }
        say "cross: dpkg --add-architecture $arch"
        { dpkg --add-architecture "$arch" && apt_update; } || return 1
    fi
    # libc6-dev-ARCH-cross: the C library's start files and headers for gcc-TRIPLET, which
    # only Recommends it (apt_install takes no recommends; without it no program links)
    apt_install "cross $arch" "${cross_tools[@]}" "gcc-$triplet" "libc6-dev-$arch-cross" \
        "${cross_libs[@]/%/:$arch}" || return 1
    for p in "${cross_optional[@]/%/:$arch}"; do
        if why=$(cross_installable "$p"); then
            wanted+=("$p")
        else
            skipped+=("$p")
            echo "run.sh: cross: $p is not installed: $why"
        fi
    done
    if [ ${#wanted[@]} -gt 0 ]; then
        apt_install "cross $arch" "${wanted[@]}" || return 1
    fi
    dir=build-cross-$arch
    case " ${skipped[*]} " in
        *" libcriterion-dev:$arch "*)
            if c=$(cross_criterion_unpacked "$arch" "$PWD/$dir-criterion"); then
                say "cross: Criterion for $arch unpacked into $dir-criterion (not installed)"
                crit_ini=(--cross-file "$c")
                skipped=("${skipped[@]/libcriterion-dev:$arch/}")
                skipped=(${skipped[@]})
            else
                echo "run.sh: cross: the Criterion test programs are left out"
            fi ;;
    esac
    case " ${skipped[*]} " in
        *" libcriterion-dev:$arch "*) ;;
        *)  if ! why=$(cross_binfmt "$arch"); then
                echo "run.sh: cross: the Criterion test programs are left out: $why"
                skipped+=("libcriterion-dev:$arch")
                no_crit=(-Dcriterion=disabled)
            fi ;;
    esac

    log=$dir/meson-logs/run-sh-cross.txt
    # the benchmark is never run here: not built
    if build "$dir" --cross-file "tools/cross/$arch.ini" --cross-file tools/cross/debian.ini \
            "${crit_ini[@]}" "${no_crit[@]}" -Dbench=disabled; then
        r_build=ok
        if [ -n "$lean" ]; then meson_test_lean "$dir"; else meson_test "$dir"; fi 2>&1 | tee "$log"
        [ "${PIPESTATUS[0]}" -eq 0 ] && r_test=ok
        counts=$(awk '$1 == "Ok:" { o = $2 } $1 == "Fail:" { f = $2 } $1 == "Skipped:" { s = $2 }
                      END { printf "%d ok, %d failed, %d skipped", o, f, s }' "$log")
        say "cross: $qemu $dir/tools/kurv/kurv demo"
        "$qemu" "$dir/tools/kurv/kurv" demo && r_demo=ok
    fi

    local summary="$dir: build $r_build; meson test $r_test (${counts:-not run}); kurv demo $r_demo"
    [ ${#crit_ini[@]} -eq 0 ] || summary+="; Criterion unpacked in $dir-criterion"
    [ ${#skipped[@]} -eq 0 ] || summary+="; without ${skipped[*]}"
    summary+="; $(( (SECONDS - t0) / 60 )) min $(( (SECONDS - t0) % 60 )) s"
    echo
    case "$r_build $r_test $r_demo" in
        "ok ok ok") echo "run.sh cross $arch: PASS ($summary)" ;;
        *) echo "run.sh cross $arch: FAIL ($summary; logs in $dir/meson-logs/)"; status=1 ;;
    esac
    return $status
}

# pkg_cross_tables DIR GNU QEMU: DIR, a cross build, made each base-point table with a
# generator built for the build machine (native: true in curves/meson.build and
# curves/25519/meson.build, so ninja's c_COMPILER_FOR_BUILD): curves/<name>-gen writes
# curves/<name>_table.h, and with the 25519 family curves/25519/gen25519 writes
# ed25519_comb_table.h and ed25519_odd_table.h. Each generator is built again from the same
# sources and arguments by GNU-gcc (static), run on the host architecture by QEMU, and must
# write the same tables
pkg_cross_tables() {
    local dir=$1 gnu=$2 qemu=$3 t=$1/host-gen list gens table tables_line gen lib prefix obj src args objs t0 status=0
    local -a argv tables outs prefixes
    rm -rf "$t" && mkdir -p "$t" || return 1
    # object, source, arguments of every object the build machine's compiler makes for a generator
    list=$(awk '
        /^build curves\/[^ ]*gen[^ ]*\.p\/[^ ]*: c_COMPILER_FOR_BUILD / { obj = $2; sub(/:$/, "", obj); src = $4; next }
        obj != "" && /^ ARGS = / { sub(/^ ARGS = /, ""); print obj "\t" src "\t" $0; obj = "" }' "$dir/build.ninja")
    # one line a generator: the generator, then the tables it writes, in its arguments' order
    gens=$(for table in "$dir"/curves/*_table.h; do
               [ -f "$table" ] && echo "curves/$(basename "$table" _table.h)-gen curves/$(basename "$table")"
           done
           [ -f "$dir/curves/25519/ed25519_comb_table.h" ] &&
               echo "curves/25519/gen25519 curves/25519/ed25519_comb_table.h curves/25519/ed25519_odd_table.h")
    [ -n "$gens" ] || { echo "no base-point table in $dir/curves"; return 1; }
    while read -r gen tables_line; do
        read -r -a tables <<<"$tables_line"
        # the generator's objects and those of the build-machine libraries it links
        # (curves/libkurv-gen-mont.a: the core's Montgomery arithmetic)
        prefixes=("$gen.p/")
        for lib in $(sed -n "s|^build $gen: c_LINKER_FOR_BUILD ||p" "$dir/build.ninja" |
                         grep -o 'curves/[^ ]*\.a' | sort -u); do
            prefixes+=("$lib.p/")
        done
        objs=()
        while IFS=$'\t' read -r obj src args; do
            for prefix in "${prefixes[@]}"; do
                case $obj in "$prefix"*) break ;; esac
                prefix=
            done
            [ -n "$prefix" ] || continue
            if [ ! -f "$t/$obj" ]; then
                mkdir -p "$t/$(dirname "$obj")"
                eval "argv=($args)"
                (cd "$dir" && "$gnu-gcc" "${argv[@]}" -c "$src" -o "$t/$obj") || status=1
            fi
            objs+=("$t/$obj")
        done <<<"$list"
        if [ ${#objs[@]} -eq 0 ]; then
            echo "${tables[*]}: $gen is not built for the build machine"
            status=1
            continue
        fi
        outs=("${tables[@]/#/$t/}")
        mkdir -p "$(dirname "${outs[0]}")"
        t0=$SECONDS
        if "$gnu-gcc" -static "${objs[@]}" -o "$t/$gen" && "$qemu" "$t/$gen" "${outs[@]}"; then
            for table in "${tables[@]}"; do
                if cmp -s "$dir/$table" "$t/$table"; then
                    echo "$table: $gen built for the build machine; its $gnu build writes the same table ($((SECONDS - t0)) s under $qemu)"
                else
                    echo "$table: the table of $gen built for $gnu and run by $qemu differs ($t/$table)"
                    status=1
                fi
            done
        else
            echo "${tables[*]}: $gen built for $gnu failed to build or run under $qemu ($t)"
            status=1
        fi
    done <<<"$gens"
    return $status
}

# package-cross ARCH: the packages cross-built for ARCH in build-deb-ARCH/ (dpkg-buildpackage
# -a ARCH with the nocheck option and profile, the cross toolchain, ARCH's Build-Depends by
# apt-get build-dep -a ARCH) and checked: the symbols files (dh_makeshlibs -c4: dpkg-gensymbols
# reports no symbol new or missing on ARCH), the table generators (pkg_cross_tables),
# contents and Depends, symbol versions, lintian, and `kurv demo` run on ARCH (qemu-user) from
# the packages. Not here: abi/ (a dump of the machine's own architecture) and the installs
# and autopkgtest (a Debian root of ARCH); `package` does those natively.
cmd_package_cross() {
    local arch=${1:-} out ma gnu qemu ver debs=() status=0
    local r_build=FAIL r_symbols=FAIL r_tables=FAIL r_contents=FAIL r_versions=FAIL r_lintian=FAIL r_demo=FAIL
    # (grep without -q: under pipefail, the list's writer must not die of SIGPIPE)
    if [ -z "$arch" ] || ! dpkg-architecture -L | grep -x -- "$arch" >/dev/null; then
        echo "usage: run.sh package-cross ARCH (a Debian architecture: i386, arm64, armhf, s390x, ...)" >&2
        return 2
    fi
    [ "$arch" != "$(dpkg --print-architecture)" ] ||
        { echo "run.sh: $arch is this machine's architecture: run.sh package" >&2; return 2; }
    ma=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null) || return 1
    gnu=$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null) || return 1
    # qemu-user's name of the CPU
    qemu=qemu-$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_CPU 2>/dev/null | sed 's/^i[3-6]86$/i386/; s/^powerpc64le$/ppc64le/')
    ver=$(pkg_meson_version)
    out=$top/build-deb-$arch
    pkg_deps "crossbuild-essential-$arch" qemu-user || return 1
    if ! dpkg --print-foreign-architectures | grep -x -- "$arch" >/dev/null; then
        say "package-cross: dpkg --add-architecture $arch; apt-get update"
        [ "$(id -u)" -eq 0 ] || { echo "run.sh: $arch is not a foreign architecture of dpkg; run as root" >&2; return 1; }
        { dpkg --add-architecture "$arch" && apt_update; } || return 1
    fi

    say "package-cross: source tree in build-deb-$arch/src"
    pkg_source "$out" || return 1
    say "package-cross: apt-get build-dep -a $arch -P nocheck (log build-deb-$arch/build-dep.log)"
    if ! (cd "$out/src" && DEBIAN_FRONTEND=noninteractive apt-get build-dep -y -a "$arch" -P nocheck ./) \
            >"$out/build-dep.log" 2>&1; then
        tail -n 20 "$out/build-dep.log"
        echo "run.sh package-cross: FAIL (the Build-Depends of $arch)"
        return 1
    fi

    say "package-cross: dpkg-buildpackage -a $arch -Pnocheck -us -uc -b (nocheck, parallel=2; log build-deb-$arch/build.log)"
    if pkg_build "$out" -a "$arch" -Pnocheck; then
        r_build=ok
    else
        echo "run.sh package-cross: FAIL (dpkg-buildpackage; log in build-deb-$arch/build.log)"
        return 1
    fi
    mapfile -t debs < <(pkg_debs "$out")

    # dh_makeshlibs -c4 would have failed the build on any difference; its warnings, if any
    say "package-cross: debian/*.symbols on $arch (dpkg-gensymbols, by dh_makeshlibs -- -c4)"
    if grep -A 20 '^dpkg-gensymbols' "$out/build.log"; then
        echo "dpkg-gensymbols reported the lines above"
    else
        r_symbols=ok
        echo "dpkg-gensymbols: no new and no missing symbol in the $(ls "$out"/src/debian/*.symbols | wc -l) symbols files"
    fi

    say "package-cross: the base-point table generators (build machine's; again on $arch by $qemu)"
    pkg_cross_tables "$out/src/obj-$gnu" "$gnu" "$qemu" && r_tables=ok

    say "package-cross: contents and Depends against debian/package-contents"
    pkg_contents_check "$out/src" "$ma" "$ver" "${debs[@]}" && r_contents=ok

    say "package-cross: symbol versions"
    pkg_versions_check "$out" "$ma" "$gnu-objdump" "${debs[@]}" && r_versions=ok

    say "package-cross: lintian --fail-on error,warning build-deb-$arch/*.changes"
    if lintian --fail-on error,warning --display-info "$out"/*.changes; then
        r_lintian=ok
        echo "lintian: no error, no warning"
    fi

    # the tool and libraries of the packages (unpacked in x/), the rest of ARCH's run time
    # (libc6, libnettle8, ...) as the Build-Depends installed it
    say "package-cross: kurv demo on $arch ($qemu; log build-deb-$arch/demo.log)"
    if QEMU_LD_PREFIX=/ LD_LIBRARY_PATH="$out/x/usr/lib/$ma" "$qemu" "$out/x/usr/bin/kurv" demo \
            >"$out/demo.log" 2>&1; then
        r_demo=ok
    fi
    tail -n 1 "$out/demo.log"

    local summary="build: $r_build; symbols: $r_symbols; tables: $r_tables; contents: $r_contents; symbol versions: $r_versions; lintian: $r_lintian; demo: $r_demo"
    case "$summary" in *FAIL*) status=1 ;; esac
    echo
    if [ $status -eq 0 ]; then
        echo "run.sh package-cross $arch: PASS ($summary; $((SECONDS)) s)"
    else
        echo "run.sh package-cross $arch: FAIL ($summary; logs in build-deb-$arch/)"
    fi
    return $status
}

usage() {
    sed -n '2,/^# Run it from anywhere/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}

case "${1:-}" in
    deps) cmd_deps ;;
    demo) cmd_demo ;;
    test) cmd_test ;;
    check) shift; cmd_check "$@" ;;
    fuzz) shift; cmd_fuzz "$@" ;;
    package) cmd_package ;;
    package-cross) shift; cmd_package_cross "$@" ;;
    abi-update) cmd_abi_update ;;
    cross) shift; cmd_cross "$@" ;;
    -h|--help|help) usage ;;
    *) usage >&2; exit 2 ;;
esac
