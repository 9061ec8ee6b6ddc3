#!/bin/sh
# ldd.sh PROGRAM: the shared libraries PROGRAM loads, listed as ldd(1) lists them, also for a
# program built for another architecture: PROGRAM's own dynamic loader (the interpreter
# readelf names) is run with --list, through KURV_HOST_RUN when the test environment sets
# it (a cross build: tests/meson.build). LD_LIBRARY_PATH is the caller's. Used by
# consumer.sh and ../cmake/cmake-consumer.sh to check where each library comes from.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: $0 PROGRAM" >&2
    exit 2
fi
interp=$(readelf -l "$1" | sed -n 's/.*program interpreter: \(.*\)]$/\1/p')
if [ -z "$interp" ]; then
    echo "ldd.sh: $1 names no program interpreter (not a dynamic executable)" >&2
    exit 1
fi
exec ${KURV_HOST_RUN:+"$KURV_HOST_RUN"} "$interp" --list "$1"
