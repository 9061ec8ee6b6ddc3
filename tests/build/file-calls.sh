#!/bin/sh
# tests/build/file-calls.sh OBJECT|DIR...: the calls between the source files of one library
# go one way (provider-file-calls: kurv.so; core-file-calls: libkurv, whose sources are core/,
# dsa/ and ecies/; schnorr-file-calls: libkurv-schnorr).
#
# Reads the library's object files (one per source file, named <source>.o; a folder stands for
# every .o in it, as Meson keeps them in <library>.p/, a file of another folder named
# ".._<dir>_<file>.c.o") with nm: a file that
# leaves a symbol undefined (nm -u) which another file defines (nm --defined-only, global)
# uses that file. Prints every such edge "A -> B (symbols)", then fails (exit 1) when two
# files use each other, or when the edges hold any longer loop (tsort(1) finds it); exits 0
# when the graph is a DAG. An object missing, or no nm: exit 1 (the test is not skipped:
# the objects are built with the library). Data references count as uses: provider.c naming
# kp_keymgmt_functions uses keymgmt.c just as a call does.
set -eu
[ $# -gt 0 ] || { echo "usage: file-calls.sh OBJECT|DIR..." >&2; exit 2; }
command -v nm >/dev/null || { echo "file-calls: no nm" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
objs=$tmp/objs
for a in "$@"; do
    if [ -d "$a" ]; then
        find "$a" -maxdepth 1 -name '*.o' | sort
    else
        printf '%s\n' "$a"
    fi
done >"$objs"
[ -s "$objs" ] || { echo "file-calls: no object in $*" >&2; exit 1; }
while read -r o; do
    [ -f "$o" ] || { echo "file-calls: no object $o" >&2; exit 1; }
    f=$(basename "$o" .o)
    f=${f#.._}
    nm -g --defined-only "$o" | awk -v f="$f" 'NF >= 3 { print $3, f }' >>"$tmp/defs"
    nm -u "$o" | awk -v f="$f" '{ print $NF, f }' >>"$tmp/uses"
    n=$((n + 1))
done <"$objs"
touch "$tmp/defs" "$tmp/uses"
# edges "user definer symbol", sorted
awk 'NR == FNR { def[$1] = $2; next } ($1 in def) && def[$1] != $2 { print $2, def[$1], $1 }' \
    "$tmp/defs" "$tmp/uses" | sort >"$tmp/edges"
awk '{ k = $1 " -> " $2; if (seen[k]++) s[k] = s[k] " " $3; else s[k] = $3 }
     END { for (k in s) print k " (" s[k] ")" }' "$tmp/edges" | sort
echo "file-calls: $n files, $(awk '{print $1, $2}' "$tmp/edges" | sort -u | wc -l) edges"
rc=0
awk '{ print $1, $2 }' "$tmp/edges" | sort -u >"$tmp/pairs"
while read -r a b; do
    if grep -qx "$b $a" "$tmp/pairs" && [ "$a" \< "$b" ]; then
        echo "file-calls: CYCLE: $a and $b call each other" >&2
        rc=1
    fi
done <"$tmp/pairs"
if ! tsort "$tmp/pairs" >/dev/null 2>"$tmp/tsort"; then
    echo "file-calls: LOOP among the files:" >&2
    cat "$tmp/tsort" >&2
    rc=1
fi
[ "$rc" -eq 0 ] && echo "file-calls: no two files call each other, no loop"
exit "$rc"
