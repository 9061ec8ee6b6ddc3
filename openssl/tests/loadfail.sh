#!/bin/sh
# openssl/tests/loadfail.sh KEYLOAD: what a user sees when an openssl.cnf activates kurv
# (README "OpenSSL provider": [provider_sect] kurv = kurv_sect, module = PATH, activate = 1)
# and kurv cannot be loaded. KEYLOAD: kp-keyload (keyload.c), whose "conf" reads the file as
# a program does (OPENSSL_init_crypto with OPENSSL_INIT_LOAD_CONFIG) and prints
# "init=<result> kurv=<OSSL_PROVIDER_available>".
#   0. the working file: `openssl list -providers` lists kurv active, kp-keyload conf prints
#      init=1 kurv=1, nothing on stderr (the control for the cases below);
#   1. kurv.so loads but no curve family library can be opened (the library search path
#      without them): kurv's OSSL_provider_init fails and says so, one line on stderr naming
#      the libraries and the loader's reason ("kurv.so: not activated: no curve family library
#      could be loaded: libkurv-...so.0: cannot open shared object file..."), for every
#      program reading the file (openssl list, kp-keyload conf: init=1 kurv=0), which run on
#      without kurv; `openssl list -providers -provider kurv` fails, printing OpenSSL's
#      "unable to load provider kurv" and kurv's reason from the error queue;
#   2. a module path that does not exist: OpenSSL 3.0 drops the provider without a word,
#      config_diagnostics = 1 or not (OpenSSL's code: a failed activation is "non-fatal"),
#      and OPENSSL_init_crypto returns 1 with an empty error queue: this asserts that
#      silence, which the README documents (no code of kurv's runs), and the way it gives to
#      see why: `openssl list -providers` lists no kurv, and loading the module by hand
#      (`-provider PATH`) prints the loader's error;
#   3. kurv.so (the loader, shim.c) and kurv-provider.so copied into the installed layout
#      (DIR/ossl-modules/kurv.so, DIR/kurv/kurv-provider.so), where the copy of
#      kurv-provider.so cannot find libkurv.so.0: kurv.so says so, one line on stderr naming
#      the file and the loader's reason ("kurv: not activated: cannot load
#      DIR/ossl-modules/../kurv/kurv-provider.so: libkurv.so.0: cannot open shared object
#      file..."), under the openssl.cnf (openssl list, kp-keyload conf: init=1 kurv=0), with
#      config_diagnostics = 1 or not, and with `openssl list -providers -provider-path
#      DIR/ossl-modules -provider kurv`, which fails and prints the same reason from the
#      error queue after "unable to load provider kurv";
#   4. kurv.so copied alone (no kurv-provider.so beside it nor in ../kurv/): the line names
#      the installed path fixed at build time (KURV_PROVIDER_REAL_INSTALLED), which is
#      missing (skipped when that file exists on this machine);
#      And a kurv-provider.so that is a copy of kurv.so: one line, no endless recursion;
#      4c. a cut copy, a FIFO, a directory in kurv-provider.so's place, and two copies of
#      kurv.so that find each other: one line each, no crash, no hang;
#   5. kurv.so links neither libcrypto nor libkurv (nor libssl, Nettle): its NEEDED entries.
# Environment (meson): KURV_PROVIDER_SO (kurv.so), KURV_PROVIDER_REAL_SO (kurv-provider.so),
# KURV_PROVIDER_REAL_INSTALLED, and common.sh's.
. "$(dirname "$0")/common.sh"
L=${1:?usage: loadfail.sh KEYLOAD}
: "${KURV_PROVIDER_SO:?set by meson}" "${KURV_PROVIDER_REAL_SO:?set by meson}" \
  "${KURV_PROVIDER_REAL_INSTALLED:?set by meson}"
# cnf FILE MODULE [DIAG]: an openssl.cnf in the README's form naming MODULE
cnf() {
    { [ -z "${3:-}" ] || echo "config_diagnostics = 1"
      cat <<CNF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
default = default_sect
kurv = kurv_sect
[kurv_sect]
module = $2
activate = 1
[default_sect]
activate = 1
CNF
    } >"$1"
}
# listed CONF: `openssl list -providers` with OPENSSL_CONF=CONF into $T/list (stdout) and
# $T/list.err (stderr); it must exit 0 (OpenSSL runs on)
listed() {
    OPENSSL_CONF=$1 openssl list -providers >"$T/list" 2>"$T/list.err" \
        || { cat "$T/list" "$T/list.err" >&2; fail "openssl list -providers ($1) failed"; }
}
kurv_listed() { grep -q '^  kurv$' "$T/list"; }
# silent CONF DESC: OpenSSL drops the kurv of CONF without a word: `openssl list -providers`
# lists no kurv and prints nothing on stderr, kp-keyload conf prints init=1 kurv=0 with an
# empty error queue
silent() {
    listed "$1"
    ! kurv_listed || fail "$2: kurv listed"
    [ ! -s "$T/list.err" ] || fail "$2: OpenSSL now says: $(cat "$T/list.err") (update the README)"
    out=$(OPENSSL_CONF=$1 "$L" conf 2>"$T/conf.err")
    [ "$out" = "init=1 kurv=0" ] && [ ! -s "$T/conf.err" ] \
        || fail "$2: kp-keyload conf: $out $(cat "$T/conf.err")"
}

# 0
cnf "$T/good.cnf" "$KURV_PROVIDER_SO"
listed "$T/good.cnf"
kurv_listed && grep -A3 '^  kurv$' "$T/list" | grep -q 'status: active' \
    || fail "the working cnf: kurv not active: $(cat "$T/list")"
[ ! -s "$T/list.err" ] || fail "the working cnf: stderr: $(cat "$T/list.err")"
out=$(OPENSSL_CONF=$T/good.cnf "$L" conf 2>"$T/conf.err")
[ "$out" = "init=1 kurv=1" ] || fail "the working cnf: kp-keyload conf: $out"
[ ! -s "$T/conf.err" ] || fail "the working cnf: kp-keyload conf stderr: $(cat "$T/conf.err")"

# 1: no family library on the search path (kurv.so itself and libkurv.so.0 load)
mkdir "$T/nolib"
export LD_LIBRARY_PATH="$T/nolib"
msg='^kurv\.so: not activated: no curve family library could be loaded: libkurv-[a-z0-9]*\.so\.0: .*cannot open shared object file'
listed "$T/good.cnf"
! kurv_listed || fail "no family: kurv listed: $(cat "$T/list")"
[ "$(wc -l <"$T/list.err")" -eq 1 ] && grep -q "$msg" "$T/list.err" \
    || fail "no family: openssl list's stderr is not kurv's one line: '$(cat "$T/list.err")'"
echo "no family, openssl list -providers prints: $(cat "$T/list.err")"
out=$(OPENSSL_CONF=$T/good.cnf "$L" conf 2>"$T/conf.err")
[ "$out" = "init=1 kurv=0" ] || fail "no family: kp-keyload conf: $out"
grep -q "$msg" "$T/conf.err" || fail "no family: kp-keyload conf's stderr: $(cat "$T/conf.err")"
must_fail "no family: -provider kurv" openssl list -providers -provider kurv
grep -q 'unable to load provider kurv' "$T/mf.out" \
    && grep -q 'init fail.*kurv: no curve family library could be loaded: libkurv-' "$T/mf.out" \
    || fail "no family: -provider kurv says: $(cat "$T/mf.out")"
# and a program still works, without kurv (the default provider's key, no trace)
reset_log
OPENSSL_CONF=$T/good.cnf openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:prime256v1 \
    -out "$T/k.pem" 2>/dev/null || fail "no family: genpkey with the cnf"
[ ! -s "$LOG" ] || fail "no family, yet kurv's trace has: $(cat "$LOG")"
export LD_LIBRARY_PATH="$KURV_FAMILY_DIR"

# 2: a wrong module path
for diag in "" 1; do
    cnf "$T/bad.cnf" "$T/nowhere/kurv.so" $diag
    silent "$T/bad.cnf" "a wrong path${diag:+ (config_diagnostics)}"
done
must_fail "a wrong path: -provider PATH" openssl list -providers -provider "$T/nowhere/kurv.so"
grep -q "unable to load provider $T/nowhere/kurv.so" "$T/mf.out" \
    && grep -q 'could not load the shared library' "$T/mf.out" \
    || fail "a wrong path: -provider PATH says: $(cat "$T/mf.out")"
# kurv_line CONF DESC LINE: under CONF, `openssl list -providers` runs on without kurv and
# prints LINE (kurv's, a fixed string) as its only line on stderr, config_diagnostics = 1 or
# not; kp-keyload conf prints init=1 kurv=0 and LINE on stderr
kurv_line() {
    for diag in "" 1; do
        cnf "$1.$diag" "$(sed -n 's/^module = //p' "$1")" $diag
        listed "$1.$diag"
        ! kurv_listed || fail "$2${diag:+ (config_diagnostics)}: kurv listed: $(cat "$T/list")"
        [ "$(wc -l <"$T/list.err")" -eq 1 ] && grep -qxF -- "$3" "$T/list.err" \
            || fail "$2${diag:+ (config_diagnostics)}: openssl list's stderr is not kurv's line '$3': '$(cat "$T/list.err")'"
    done
    out=$(OPENSSL_CONF=$1 "$L" conf 2>"$T/conf.err")
    [ "$out" = "init=1 kurv=0" ] || fail "$2: kp-keyload conf: $out"
    grep -qxF -- "$3" "$T/conf.err" || fail "$2: kp-keyload conf's stderr: $(cat "$T/conf.err")"
}

# 3: the installed layout copied, kurv-provider.so without its libkurv.so.0 (its build
# RUNPATH, $ORIGIN/../core, leads nowhere from the copy; the search path holds the families
# only). Skipped when another libkurv.so.0 is where the copy's RUNPATH or the system finds it.
mkdir -p "$T/moved/ossl-modules" "$T/moved/kurv"
cp "$KURV_PROVIDER_SO" "$T/moved/ossl-modules/kurv.so"
cp "$KURV_PROVIDER_REAL_SO" "$T/moved/kurv/kurv-provider.so"
export LD_LIBRARY_PATH="$KURV_FAMILY_DIR"
rp=$(readelf -d "$KURV_PROVIDER_REAL_SO" | sed -n 's/.*(RUN\{0,1\}PATH).*\[\(.*\)\]/\1/p')
other=
for d in $(echo "$rp" | tr ':' ' '); do
    case $d in '$ORIGIN'*) ;; *) [ ! -e "$d/libkurv.so.0" ] || other=$d/libkurv.so.0 ;; esac
done
ldconfig -p 2>/dev/null | grep -q 'libkurv\.so\.0 ' && other="the system's"
if [ -n "$other" ]; then
    echo "note: another libkurv.so.0 is installed ($other): step 3 skipped"
else
    line="kurv: not activated: cannot load $T/moved/ossl-modules/../kurv/kurv-provider.so: libkurv.so.0: cannot open shared object file: No such file or directory"
    cnf "$T/moved.cnf" "$T/moved/ossl-modules/kurv.so"
    kurv_line "$T/moved.cnf" "no libkurv.so.0" "$line"
    echo "no libkurv.so.0, openssl list -providers prints: $(cat "$T/list.err")"
    must_fail "no libkurv.so.0: -provider-path DIR -provider kurv" \
        openssl list -providers -provider-path "$T/moved/ossl-modules" -provider kurv
    grep -qxF -- "$line" "$T/mf.out" \
        && grep -q 'unable to load provider kurv' "$T/mf.out" \
        && grep -qF "init fail:" "$T/mf.out" \
        && grep -qF ":kurv: cannot load $T/moved/ossl-modules/../kurv/kurv-provider.so: libkurv.so.0: cannot open shared object file" "$T/mf.out" \
        || fail "no libkurv.so.0: -provider-path DIR -provider kurv says: $(cat "$T/mf.out")"
    echo "no libkurv.so.0, openssl list -providers -provider-path DIR -provider kurv prints:"
    cat "$T/mf.out"
fi

# 4: kurv.so alone: none of its three places has kurv-provider.so
mkdir -p "$T/alone/mod"
cp "$KURV_PROVIDER_SO" "$T/alone/mod/kurv.so"
if [ -e "$KURV_PROVIDER_REAL_INSTALLED" ]; then
    echo "note: $KURV_PROVIDER_REAL_INSTALLED is installed on this machine: step 4 skipped"
else
    line="kurv: not activated: cannot load $KURV_PROVIDER_REAL_INSTALLED: $KURV_PROVIDER_REAL_INSTALLED: cannot open shared object file: No such file or directory"
    cnf "$T/alone.cnf" "$T/alone/mod/kurv.so"
    kurv_line "$T/alone.cnf" "kurv.so alone" "$line"
    must_fail "kurv.so alone: -provider-path DIR -provider kurv" \
        openssl list -providers -provider-path "$T/alone/mod" -provider kurv
    grep -qxF -- "$line" "$T/mf.out" && grep -q 'unable to load provider kurv' "$T/mf.out" \
        || fail "kurv.so alone: -provider-path DIR -provider kurv says: $(cat "$T/mf.out")"
fi

# 4b: a kurv-provider.so that is a copy of kurv.so (a wrong file installed): no endless
# recursion, one line naming it (the copy opens itself as its own kurv-provider.so)
mkdir -p "$T/self"
cp "$KURV_PROVIDER_SO" "$T/self/kurv.so"
cp "$KURV_PROVIDER_SO" "$T/self/kurv-provider.so"
must_fail "kurv-provider.so is kurv.so" openssl list -providers -provider-path "$T/self" -provider kurv
[ "$(grep -c '^kurv:' "$T/mf.out")" -eq 1 ] \
    && grep -qxF "kurv: not activated: $T/self/kurv-provider.so is a copy of the loader kurv.so, not the provider" "$T/mf.out" \
    || fail "kurv-provider.so is kurv.so: -provider-path DIR -provider kurv says: $(cat "$T/mf.out")"

# 4c: what a half-finished or wrong install puts in kurv-provider.so's place, each refused
# before dlopen() by one line naming it: a cut copy (glibc's dlopen() of it died of SIGBUS in
# every program loading kurv), a FIFO (dlopen() blocked for ever), a directory; and two
# copies of kurv.so that find each other as their kurv-provider.so (they called each other
# until the stack overflowed: SIGSEGV)
shim_refused() {   # shim_refused WHAT DIR EXPECTED-LINE: -provider-path DIR -provider kurv
    must_fail "$1" openssl list -providers -provider-path "$2" -provider kurv
    [ "$(grep -c '^kurv:' "$T/mf.out")" -eq 1 ] && grep -qxF -- "$3" "$T/mf.out" \
        || fail "$1: -provider-path DIR -provider kurv says: $(cat "$T/mf.out")"
}
size=$(stat -c %s "$KURV_PROVIDER_REAL_SO")
half=$((size / 2))
mkdir -p "$T/cut" "$T/fifo" "$T/dir/kurv-provider.so"
cp "$KURV_PROVIDER_SO" "$T/cut/kurv.so"
head -c "$half" "$KURV_PROVIDER_REAL_SO" >"$T/cut/kurv-provider.so"
# the end of the first PT_LOAD segment past the cut, from readelf (what the shim names)
need=$(readelf -lW "$KURV_PROVIDER_REAL_SO" | awk '$1 == "LOAD" { print $2, $5 }' |
    while read -r off filesz; do
        [ $((off + filesz)) -le "$half" ] || { echo $((off + filesz)); break; }
    done)
[ -n "$need" ] || fail "readelf: no PT_LOAD segment of $KURV_PROVIDER_REAL_SO past byte $half"
line="kurv: not activated: cannot load $T/cut/kurv-provider.so: cut short ($half bytes, its ELF segments need $need): a partial copy?"
shim_refused "a cut kurv-provider.so" "$T/cut" "$line"
cnf "$T/cut.cnf" "$T/cut/kurv.so"
kurv_line "$T/cut.cnf" "a cut kurv-provider.so" "$line"
cp "$KURV_PROVIDER_SO" "$T/fifo/kurv.so"
mkfifo "$T/fifo/kurv-provider.so"
shim_refused "a FIFO as kurv-provider.so" "$T/fifo" \
    "kurv: not activated: cannot load $T/fifo/kurv-provider.so: not a regular file"
cp "$KURV_PROVIDER_SO" "$T/dir/kurv.so"
shim_refused "a directory as kurv-provider.so" "$T/dir" \
    "kurv: not activated: cannot load $T/dir/kurv-provider.so: not a regular file"
mkdir -p "$T/loop/s1/L" "$T/loop/s1/d" "$T/loop/s2/d"
cp "$KURV_PROVIDER_SO" "$T/loop/s1/L/kurv.so"
cp "$KURV_PROVIDER_SO" "$T/loop/s1/d/kurv-provider.so"
cp "$KURV_PROVIDER_SO" "$T/loop/s2/d/kurv-provider.so"
ln -s ../s2/d "$T/loop/s1/kurv"
ln -s ../s1/d "$T/loop/s2/kurv"
shim_refused "two copies of kurv.so finding each other" "$T/loop/s1/L" \
    "kurv: not activated: $T/loop/s1/L/../kurv/kurv-provider.so is a copy of the loader kurv.so, not the provider"

# 5: what kurv.so links
needed=$(readelf -d "$KURV_PROVIDER_SO" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
case " $needed" in
    *' libcrypto'*|*' libssl'*|*' libkurv'*|*' libnettle'*) fail "kurv.so links $needed" ;;
esac
echo "kurv.so links: $needed"
echo "ok: a kurv that cannot load is reported by kurv (no family, no kurv-provider.so or its libkurv.so.0) or found by openssl list -providers (wrong path)"
