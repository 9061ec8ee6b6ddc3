# kurv interop tests: helpers sourced by interop.sh and tool-errors.sh (bash).
#
# Each check prints one line: "ok   <what it checks>" or "FAIL <what> -- <why>",
# followed on failure by the command's output. finish() prints the counts and
# exits 1 if any check failed.

KURV=${KURV_TOOL:-}
if [ -z "$KURV" ] || [ ! -x "$KURV" ]; then
    echo "FAIL: KURV_TOOL does not name the built kurv tool (got '${KURV}')"
    exit 1
fi

npass=0
nfail=0

work=$(mktemp -d "${TMPDIR:-/tmp}/kurv-interop.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

pass() { npass=$((npass + 1)); echo "ok   $1"; }

fail() {
    nfail=$((nfail + 1))
    echo "FAIL $1 -- $2"
    local f
    for f in out.txt err.txt; do
        if [ -s "$f" ]; then
            echo "     $f:"
            head -c 2000 "$f" | sed 's/^/       | /'
        fi
    done
}

section() { echo; echo "== $*"; }

# run CMD...: run it with stdout in out.txt and stderr in err.txt; sets $rc.
run() {
    "$@" >out.txt 2>err.txt
    rc=$?
}

# expect DESC STATUS CMD...: the command exits with STATUS.
expect() {
    local desc=$1 want=$2
    shift 2
    run "$@"
    if [ "$rc" -eq "$want" ]; then pass "$desc"; else fail "$desc" "exit status $rc, expected $want"; fi
}

# expect_ok DESC CMD...: the command succeeds.
expect_ok() {
    local desc=$1
    shift
    expect "$desc" 0 "$@"
}

# expect_err DESC STATUS CMD...: the command exits with STATUS and writes exactly one line,
# starting with "kurv: ", to stderr (and nothing to stdout).
expect_err() {
    local desc=$1 want=$2 lines
    shift 2
    run "$@"
    lines=$(wc -l <err.txt)
    if [ "$rc" -ne "$want" ]; then
        fail "$desc" "exit status $rc, expected $want"
    elif [ "$lines" -ne 1 ] || [ "$(wc -c <err.txt)" -ne "$(head -n 1 err.txt | wc -c)" ]; then
        fail "$desc" "stderr has $lines line(s), expected exactly one"
    elif ! grep -q '^kurv: ' err.txt; then
        fail "$desc" "stderr line does not start with 'kurv: '"
    elif [ -s out.txt ]; then
        fail "$desc" "unexpected output on stdout"
    else
        pass "$desc (status $want: $(cat err.txt))"
    fi
}

# same DESC FILE1 FILE2: the two files have identical bytes (and are not empty).
same() {
    if [ ! -s "$2" ] || [ ! -s "$3" ]; then
        fail "$1" "$2 or $3 is missing or empty"
    elif cmp -s "$2" "$3"; then
        pass "$1"
    else
        fail "$1" "$2 and $3 differ"
    fi
}

# hexof FILE: lower-case hex of the file's bytes, one line.
hexof() { od -An -v -tx1 "$1" | tr -d ' \n'; }

finish() {
    echo
    echo "$npass passed, $nfail failed"
    [ "$nfail" -eq 0 ]
    exit $?
}
