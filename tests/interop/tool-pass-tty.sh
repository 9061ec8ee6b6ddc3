#!/usr/bin/env bash
# kurv tool test: passwords typed on a terminal. Under a pseudo-terminal (python3's pty), a
# password asked for by --pass stdin, --pass prompt, or by default for an encrypted key
# with no --pass, is read without echo (it never appears in what the terminal shows), after
# a prompt; the terminal's echo is on again afterwards, also when the program is killed
# at the prompt; keygen asks twice; the other --pass forms still work without a terminal.
# Curve-independent: meson.build runs it on the first built curve. Skips (77) without
# python3.
#
# usage: tool-pass-tty.sh KURV_CURVE [OPENSSL_CURVE]   (environment: KURV_TOOL = the built kurv)
set -u

curve=${1:?usage: tool-pass-tty.sh KURV_CURVE}

. "$(dirname "$0")/lib.sh"

echo "kurv passwords on a terminal: $curve with $KURV"
if ! command -v python3 >/dev/null; then
    echo "SKIP: python3 is not installed (it provides the pseudo-terminal)"
    exit 77
fi

# The pseudo-terminal driver. usage: ptydrive.py [--kill] INPUT CMD...: runs CMD with stdin,
# stdout and stderr on the slave side of a new pty; each time the terminal shows something
# and goes quiet (or, with no prompt, after 2 s of quiet), writes the next line of INPUT
# ("\n"-separated; with --kill, sends SIGTERM instead once a prompt is shown). Writes what the terminal showed to tty.txt and prints
# "STATUS ECHO": the exit status (negative: the signal) and whether the terminal's ECHO flag
# was on after the program ended (1) or not (0).
cat >ptydrive.py <<'EOF'
import os, pty, select, signal, subprocess, sys, termios, time
kill = sys.argv[1] == "--kill"
if kill:
    del sys.argv[1]
lines = [l + "\n" for l in sys.argv[1].split("\n")] if sys.argv[1] else []
master, slave = pty.openpty()
p = subprocess.Popen(sys.argv[2:], stdin=slave, stdout=slave, stderr=slave)
shown = b""
quiet = 0
deadline = time.monotonic() + 60   # a program that waits for more than it is given
while True:
    if time.monotonic() > deadline:
        p.kill()
        shown += b"\n[ptydrive.py: killed after 60 s]\n"
    r, _, _ = select.select([master], [], [], 0.5)
    if r:
        try:
            data = os.read(master, 4096)
        except OSError:
            break
        if not data:
            break
        shown += data
        quiet = 0
        continue
    if p.poll() is not None:
        break
    quiet += 1
    # the last line shown is a prompt, or, with none, the program has waited 2 s: type
    # the next line, as a person would
    if b"assword" in shown.split(b"\n")[-1] or (quiet >= 4 and lines and not kill):
        quiet = 0
        if kill:
            p.send_signal(signal.SIGTERM)
            kill = False
        elif lines:
            os.write(master, lines.pop(0).encode())
        else:
            os.write(master, b"\x04")   # end of input
        shown += b"\n"
status = p.wait()
echo = 1 if termios.tcgetattr(slave)[3] & termios.ECHO else 0
open("tty.txt", "wb").write(shown)
print(status, echo)
EOF

# tty DESC WANT_STATUS INPUT CMD...: run CMD on a pty typing INPUT's lines at its prompts;
# it exits with WANT_STATUS, shows a prompt, never shows the password (the first line of
# INPUT), and leaves echo on
tty() {
    local desc=$1 want=$2 input=$3 st echo
    shift 3
    read -r st echo < <(python3 ptydrive.py "$input" "$@")
    if [ -n "${input%%$'\n'*}" ] && grep -qF -- "${input%%$'\n'*}" tty.txt; then
        fail "$desc" "the password was echoed: $(tr -d '\r' <tty.txt)"
    elif ! grep -q 'assword' tty.txt; then
        fail "$desc" "no prompt; the terminal showed: $(tr -d '\r' <tty.txt)"
    elif [ "$st" != "$want" ]; then
        fail "$desc" "exit status $st, expected $want; the terminal showed: $(tr -d '\r' <tty.txt)"
    elif [ "$echo" != 1 ]; then
        fail "$desc" "the terminal's echo is still off afterwards"
    else
        pass "$desc (status $st, prompt shown, no echo)"
    fi
}

"$KURV" keygen -c "$curve" --pass pass:Swordfish7 --iter 1000 -o enc.pem
"$KURV" pubkey -k enc.pem --pass pass:Swordfish7 -o want.pem
"$KURV" keygen -c "$curve" -o plain.pem
printf 'msg\n' >msg

section "reading a key's password on a terminal"
tty "--pass stdin on a terminal" 0 'Swordfish7' "$KURV" pubkey -k enc.pem --pass stdin -o p1.pem
same "  the right key" p1.pem want.pem
tty "--pass prompt" 0 'Swordfish7' "$KURV" pubkey -k enc.pem --pass prompt -o p2.pem
same "  the right key" p2.pem want.pem
tty "no --pass: asked for on a terminal" 0 'Swordfish7' "$KURV" sign -k enc.pem -o s.der msg
expect_ok "  the signature verifies" "$KURV" verify -p want.pem -s s.der msg
tty "a wrong password typed: exit 2" 2 'Marlin' "$KURV" pubkey -k enc.pem --pass prompt -o p3.pem
if grep -q 'wrong password' tty.txt; then pass "  says 'wrong password'"; else fail "  says 'wrong password'" "$(tr -d '\r' <tty.txt)"; fi
tty "ecdh with two encrypted keys: asked once" 0 'Swordfish7' "$KURV" ecdh -k enc.pem -p enc.pem --hex
if [ "$(grep -c 'assword' tty.txt)" = 1 ]; then pass "  one prompt"; else fail "  one prompt" "$(tr -d '\r' <tty.txt)"; fi
read -r st echo < <(python3 ptydrive.py "" "$KURV" pubkey -k plain.pem --pass prompt -o p4.pem)
if [ "$st" = 0 ] && ! grep -q 'assword' tty.txt; then pass "a key that is not encrypted: no prompt"; else fail "a key that is not encrypted: no prompt" "status $st: $(tr -d '\r' <tty.txt)"; fi

section "the terminal is restored when the program is killed at the prompt"
read -r st echo < <(python3 ptydrive.py --kill "" "$KURV" pubkey -k enc.pem --pass prompt -o p5.pem)
if [ "$st" = -15 ]; then pass "SIGTERM at the prompt ends kurv by that signal"; else fail "SIGTERM at the prompt ends kurv by that signal" "status $st"; fi
if [ "$echo" = 1 ]; then pass "  echo is on again"; else fail "  echo is on again" "still off"; fi

section "keygen asks twice"
tty "keygen --pass prompt" 0 $'N3w pass\nN3w pass' "$KURV" keygen -c "$curve" --pass prompt --iter 1000 -o k2.pem
expect_ok "  the key opens with that password" "$KURV" pubkey -k k2.pem --pass 'pass:N3w pass'
tty "keygen --pass prompt, two passwords that differ: exit 2" 2 $'one\ntwo' "$KURV" keygen -c "$curve" --pass prompt -o k3.pem
if [ -e k3.pem ]; then fail "  no key is written" "k3.pem exists"; else pass "  no key is written"; fi

section "without a terminal"
expect_err "--pass prompt with stdin not a terminal" 2 "$KURV" pubkey -k enc.pem --pass prompt </dev/null
expect_err "no --pass for an encrypted key, stdin not a terminal" 2 "$KURV" pubkey -k enc.pem </dev/null
if grep -q -- '--pass' err.txt; then pass "  the error names --pass"; else fail "  the error names --pass" "$(cat err.txt)"; fi
expect_ok "--pass stdin from a pipe (as before)" sh -c 'printf "Swordfish7\n" | "$0" pubkey -k enc.pem --pass stdin -o p6.pem' "$KURV"
same "  the right key" p6.pem want.pem
expect_ok "--pass pass:, env:, file:, fd: (as before)" sh -c 'printf "Swordfish7\n" >pw.txt &&
    "$0" pubkey -k enc.pem --pass pass:Swordfish7 >/dev/null &&
    KPW=Swordfish7 "$0" pubkey -k enc.pem --pass env:KPW >/dev/null &&
    "$0" pubkey -k enc.pem --pass file:pw.txt >/dev/null &&
    "$0" pubkey -k enc.pem --pass fd:3 3<pw.txt >/dev/null' "$KURV"

finish
