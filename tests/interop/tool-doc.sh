#!/usr/bin/env bash
# kurv tool test: the tool's documentation against the tool. The README's examples of the
# tool (its `sh` blocks in "The `kurv` tool") run as written, with `kurv` the built tool
# (they need secp256k1 and openssl, else that part is skipped); recoverable signatures in
# the examples are low-s (Ethereum and Bitcoin accept no other); the man page renders
# without words run together and without groff warnings; its SYNOPSIS of each command lists
# every option of the command's --help; `kurv help` lists recover's --digest.
# Curve-independent: meson.build runs it on the first built curve.
#
# usage: tool-doc.sh KURV_CURVE [OPENSSL_CURVE]   (environment: KURV_TOOL = the built kurv,
#                                  KURV_SOURCE_ROOT = the source tree)
set -u

curve=${1:?usage: tool-doc.sh KURV_CURVE}
src=${KURV_SOURCE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}

. "$(dirname "$0")/lib.sh"

echo "kurv documentation: $curve with $KURV (sources $src)"
readme=$src/README.md
man=$src/tools/kurv/kurv.1

# the README's section on the tool
awk '/^## The `kurv` tool/ { on = 1; next } /^## / { on = 0 } on' "$readme" >readme-tool.md

section "recoverable signatures in the examples are low-s"
grep -h -E 'kurv sign .*--format rec' readme-tool.md >rec-lines.txt
sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "$man" | sed 's/\\-/-/g' | grep -E 'kurv sign .*--format rec' >>rec-lines.txt
if [ -s rec-lines.txt ]; then pass "the README and the man page have kurv sign --format rec examples"; else fail "the README and the man page have kurv sign --format rec examples" "none found"; fi
while IFS= read -r line; do
    case $line in
        *--low-s*) pass "  low-s: $line" ;;
        *) fail "  low-s: $line" "no --low-s" ;;
    esac
done <rec-lines.txt

section "the man page renders cleanly"
# an alternating-font macro (.BR, .RB, .IR, .RI, .BI, .IB) joins its arguments without
# spaces: two words in a row there render run together ("encrypt). Thetagischecked...")
python3 - "$man" >runtogether.txt <<'EOF'
import re, shlex, sys
for n, line in enumerate(open(sys.argv[1]), 1):
    m = re.match(r"^\.(BR|RB|IR|RI|BI|IB)\s+(.*)$", line.rstrip("\n"))
    if not m:
        continue
    try:
        args = shlex.split(m.group(2).replace("\\", "\\\\"))
    except ValueError:
        continue
    if any(a and b and a[-1].isalnum() and b[0].isalnum() for a, b in zip(args, args[1:])):
        print("%d: %s" % (n, line.strip()))
EOF
if [ -s runtogether.txt ]; then fail "no words run together by an alternating-font macro" "$(cat runtogether.txt)"; else pass "no words run together by an alternating-font macro"; fi
if command -v groff >/dev/null; then
    groff -man -Tutf8 -ww "$man" >man.txt 2>groff.txt
    if [ -s groff.txt ]; then fail "groff -man -ww: no warnings" "$(cat groff.txt)"; else pass "groff -man -ww: no warnings"; fi
    if sed 's/\x1b\[[0-9;]*m//g; s/.\x08//g' man.txt | tr -s ' \n' '  ' | grep -q 'No plaintext is seen before the tag at the end of the ciphertext has verified'; then
        pass "  decrypt's paragraph renders with its spaces"
    else
        fail "  decrypt's paragraph renders with its spaces" "$(grep -A2 'sender' man.txt)"
    fi
else
    echo "(groff is not installed: the rendering is not checked)"
fi

section "the synopses list the options of each command's help"
# every option of `kurv CMD --help` (its short or its long form; the ECIES component options
# are the synopsis' "ECIES options") is in the man page's SYNOPSIS of CMD
python3 - "$KURV" "$man" >synopsis.txt <<'EOF'
import re, subprocess, sys
kurv, man = sys.argv[1], sys.argv[2]
syn = open(man).read().split(".SH SYNOPSIS", 1)[1].split(".SH ", 1)[0]
blocks, cur = {}, None
for line in syn.splitlines():
    m = re.match(r"^\.B kurv (\w+)$", line)
    if m:
        cur = m.group(1)
        blocks.setdefault(cur, set())
    elif cur:
        blocks[cur] |= set(re.findall(r"\\-\\-([a-z0-9][a-z0-9\\-]*)", line))
        blocks[cur] |= set("-" + c for c in re.findall(r"(?<![\\-])\\-([a-zA-Z])\b", line))
for cmd in ["keygen", "pubkey", "sign", "verify", "recover", "ecdh", "encrypt", "decrypt"]:
    out = subprocess.run([kurv, cmd, "--help"], capture_output=True, text=True).stdout
    have = {o.replace("\\-", "-") for o in blocks.get(cmd, set())}
    missing = []
    for line in out.splitlines():
        if line.startswith("ECIES options"):
            break
        m = re.match(r"^\s+(?:-(\w), )?--([a-z0-9-]+)", line)
        if m and m.group(2) not in have and (not m.group(1) or "-" + m.group(1) not in have):
            missing.append("--" + m.group(2))
    print(cmd, " ".join(missing))
EOF
while read -r cmd missing; do
    if [ -z "$missing" ]; then pass "man SYNOPSIS of $cmd has every option of kurv $cmd --help"; else fail "man SYNOPSIS of $cmd has every option of kurv $cmd --help" "missing: $missing"; fi
done <synopsis.txt
"$KURV" help >help.txt
if grep -A1 '^  recover' help.txt | grep -q -- '--digest'; then pass "kurv help's recover line has --digest"; else fail "kurv help's recover line has --digest" "$(grep -A1 '^  recover' help.txt)"; fi

section "the README's examples run"
if ! "$KURV" curves | awk '$1 == "secp256k1" { f = 1 } END { exit !f }' || ! command -v openssl >/dev/null; then
    echo "(skipped: the examples need secp256k1 and openssl)"
else
    mkdir -p bin
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$KURV" >bin/kurv
    chmod +x bin/kurv
    cp "$readme" README.md
    printf 'pw\n' >pw.txt
    awk '/^```sh$/ { on = 1; n++; next } /^```$/ { on = 0 } on { print > ("example" n ".sh") }' readme-tool.md
    for f in example*.sh; do
        if PATH=$PWD/bin:$PATH bash -e "$f" >out.txt 2>err.txt; then
            pass "README example $f ($(head -n 1 "$f"))"
        else
            fail "README example $f ($(head -n 1 "$f"))" "it stopped with status $?"
        fi
    done
    if [ -s signer.pem ] && cmp -s signer.pem pub.pem; then pass "  the recovered signer is the key"; else fail "  the recovered signer is the key" "signer.pem differs from pub.pem"; fi
fi

finish
