#!/usr/bin/env bash
# kurv tool test: the shape of the tool's sources (issue 36). Options, files, passwords and
# keys each have a file of their own (opts.c, files.c, pass.c, keys.c; util.c keeps the
# error line and hex), each opening with its contract; no two source files call each other,
# directly or around a longer cycle (the functions of tool.h, by where they are defined and
# called); the tool holds no mutable file-scope state but the few listed here with their
# reason (read from the built binary's symbol table with objdump: a --pass kept in a hidden
# global, say, would show). Needs python3; the symbol table part is skipped when objdump
# cannot read the tool (a cross build's wrapper).
#
# usage: tool-structure.sh KURV_CURVE [OPENSSL_CURVE]   (environment: KURV_TOOL,
#                                                        KURV_SOURCE_ROOT)
set -u

src=${KURV_SOURCE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}/tools/kurv

. "$(dirname "$0")/lib.sh"

echo "kurv tool sources: $src, binary $KURV"
if ! command -v python3 >/dev/null; then
    echo "SKIP: python3 is not installed"
    exit 77
fi

section "one file for each job, each with its contract"
for f in util.c opts.c files.c pass.c keys.c; do
    if [ ! -f "$src/$f" ]; then
        fail "$f exists" "no $src/$f"
    elif awk 'NR == 1 && !/^\/\*/ { exit 1 } /\*\// { exit !found } /Contract/ { found = 1 }' "$src/$f"; then
        pass "$f opens with its contract"
    else
        fail "$f opens with its contract" "$(head -n 3 "$src/$f")"
    fi
done
n=$(wc -l <"$src/util.c")
if [ "$n" -le 200 ]; then pass "util.c is small ($n lines)"; else fail "util.c is small" "$n lines"; fi

section "no call cycle between source files"
python3 - "$src" >cycles.txt <<'EOF'
import glob, os, re, sys
src = sys.argv[1]
decls = set(re.findall(r"\b((?:tool|cmd)_\w+)\s*\(", open(os.path.join(src, "tool.h")).read()))
files = {os.path.basename(p): open(p).read() for p in glob.glob(os.path.join(src, "*.c"))}
defined = {}
for f, text in files.items():
    for name in decls:
        if re.search(r"^[A-Za-z][\w \*]*\b%s\([^;]*$" % name, text, re.M):
            defined[name] = f
edges = {f: set() for f in files}
for f, text in files.items():
    body = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    for name, where in defined.items():
        if where != f and re.search(r"\b%s\s*\(" % name, body):
            edges[f].add(where)
# every cycle found by a depth-first search, printed once
seen, stack, out = set(), [], set()
def dfs(f):
    stack.append(f)
    for g in sorted(edges[f]):
        if g in stack:
            cyc = stack[stack.index(g):]
            k = cyc.index(min(cyc))
            out.add(" -> ".join(cyc[k:] + cyc[:k] + [cyc[k]]))
        elif g not in seen:
            dfs(g)
    stack.pop()
    seen.add(f)
for f in sorted(files):
    if f not in seen:
        dfs(f)
if out:
    print("\n".join(sorted(out)))
EOF
if [ -s cycles.txt ]; then
    fail "the source files call each other in no cycle" "$(head -n 20 cycles.txt | tr '\n' ';') ($(wc -l <cycles.txt) cycles)"
else
    pass "the source files call each other in no cycle"
fi

section "no hidden mutable state"
# file:symbol of the state the tool may keep, each with its reason (a function's static
# is named without the function; the compiler's and the sanitizers' own symbols, "__...",
# are passed over)
allowed='
curves.c:list curves.c:n curves.c:done
files.c:stdin_used
main.c:tool_argv0
pass.c:echo_off_fd pass.c:saved_tty
'
# curves.c: the curve list, made once; files.c: whether stdin (one per process) was read;
# main.c: argv[0] for kurv demo; pass.c: the terminal to restore from a signal handler
if ! objdump -t "$KURV" >syms.txt 2>/dev/null; then
    echo "(objdump cannot read $KURV: the symbol table is not checked)"
else
    awk '$0 ~ / df \*ABS\*/ { file = $NF; next }
         / O / && ($4 == ".bss" || $4 == ".data" || ($4 ~ /^\.(bss|data)\./ && $4 !~ /rel\.ro/)) {
             sym = $NF; sub(/\.[0-9]+$/, "", sym); sub(/^.*\./, "", sym)
             if (sym != "" && sym !~ /^__/) print file ":" sym }' syms.txt | sort -u >state.txt
    grep -E '^(main|help|util|opts|files|pass|keys|keydiag|curves|demo|cmd_[a-z]+)\.c:' state.txt >tool-state.txt
    if [ ! -s state.txt ]; then
        echo "(no local symbols in $KURV: the symbol table is not checked)"
    else
        while IFS= read -r s; do
            case " $(echo $allowed) " in
                *" $s "*) pass "state $s (listed, with its reason)" ;;
                *) fail "state $s" "mutable file-scope state that is not listed" ;;
            esac
        done <tool-state.txt
    fi
fi

finish
