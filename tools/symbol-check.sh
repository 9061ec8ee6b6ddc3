#!/bin/sh
# symbol-check.sh LIB.so [PREFIX]
#
# Fail when the shared library exports a dynamic symbol whose name does not start
# with PREFIX (default "kurv_"): every symbol that leaves a kurv library must be
# declared with KURV_API. Offenders are listed on stderr. Also fails when the
# library exports nothing (a wrong path or a broken nm must not pass silently).
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 LIB.so [PREFIX]" >&2
    exit 2
fi
lib=$1
prefix=${2:-kurv_}
NM=${NM:-nm}

if [ ! -f "$lib" ]; then
    echo "symbol-check: $lib: no such file" >&2
    exit 2
fi

# nm -D --defined-only prints "ADDRESS TYPE NAME" (or "TYPE NAME" for absolute
# symbols); the name is the last field. Version tags (type A, e.g. "KURV_0.1")
# are not functions or data: they are skipped.
syms=$("$NM" -D --defined-only "$lib") || {
    echo "symbol-check: $NM failed on $lib" >&2
    exit 2
}
names=$(printf '%s\n' "$syms" | awk 'NF >= 2 && $(NF-1) != "A" { print $NF }')

if [ -z "$names" ]; then
    echo "symbol-check: $lib exports no symbols at all" >&2
    exit 1
fi

total=$(printf '%s\n' "$names" | wc -l)
bad=$(printf '%s\n' "$names" | grep -v "^$prefix" || true)
if [ -n "$bad" ]; then
    n=$(printf '%s\n' "$bad" | wc -l)
    echo "symbol-check: $lib exports $n symbol(s) without the prefix '$prefix':" >&2
    printf '  %s\n' $bad >&2
    exit 1
fi
echo "symbol-check: $lib: all $total exported symbols start with '$prefix'"
exit 0
