#!/usr/bin/python3
"""Public-key recovery: the kurv tool against python3-ecdsa, both directions, one curve.

usage: recover_ecdsa.py KURV_CURVE   (environment: KURV_TOOL = the built kurv)

kurv -> python: `kurv sign --format rec` signatures (plain, --low-s, --hedged): python3-ecdsa's
VerifyingKey.from_public_key_recovery_with_digest must list the signer's key, python3-ecdsa's
own point arithmetic must give that key for the id kurv wrote (R from x = r + (id >> 1) n and
the parity id & 1, Q = r^-1 (s R - e G)), and python3-ecdsa verifies the signature.
python -> kurv: python3-ecdsa signs with a nonce k it draws, the id comes from R = k G, and
`kurv recover` must write python's key. Then a signature with x(R) >= n, built as in
test_recover.c (x = n + t with a point, r = t): kurv recovers a key and python3-ecdsa
verifies (r, s) under it.

Exit status: 0 pass, 1 fail, 77 skip (python3-ecdsa missing: Debian package python3-ecdsa).
"""
import hashlib
import os
import secrets
import subprocess
import sys
import tempfile

try:
    import ecdsa
    from ecdsa.ellipticcurve import Point
    from ecdsa.numbertheory import square_root_mod_prime, SquareRootError
    from ecdsa.util import sigencode_string, sigdecode_string
except ImportError:
    sys.stderr.write("SKIP: python3-ecdsa is not installed (apt-get install python3-ecdsa); "
                     "recovery is not cross-checked with it\n")
    sys.exit(77)

CURVES = {
    "secp256k1": "SECP256k1", "P-256": "NIST256p", "P-384": "NIST384p", "P-521": "NIST521p",
    "brainpoolP256r1": "BRAINPOOLP256r1", "brainpoolP384r1": "BRAINPOOLP384r1",
    "brainpoolP512r1": "BRAINPOOLP512r1",
}
ROUNDS = 12

failures = 0
checks = 0


def check(cond, what):
    global failures, checks
    checks += 1
    if cond:
        return
    failures += 1
    print("FAIL " + what)


def kurv(*args):
    """Run the kurv tool; return its stdout bytes (a failure is a test failure)."""
    p = subprocess.run([os.environ["KURV_TOOL"]] + list(args), capture_output=True)
    if p.returncode != 0:
        raise RuntimeError("kurv %s: exit %d: %s" % (" ".join(args), p.returncode,
                                                      p.stderr.decode(errors="replace").strip()))
    return p.stdout


def bits2int(curve, digest):
    """e of FIPS 186-5 6.4.1: the leftmost bits(n) bits of the digest, mod n."""
    n = curve.order
    e = int.from_bytes(digest, "big")
    extra = 8 * len(digest) - n.bit_length()
    if extra > 0:
        e >>= extra
    return e % n


def lift(curve, x, odd):
    """The point with this x and a y of parity odd, or None (python3-ecdsa's arithmetic)."""
    c = curve.curve
    p = c.p()
    if x >= p:
        return None
    rhs = (x * x * x + c.a() * x + c.b()) % p
    try:
        y = square_root_mod_prime(rhs, p)
    except SquareRootError:
        return None
    if (y * y) % p != rhs:
        return None
    if y % 2 != odd:
        y = (p - y) % p
    return Point(c, x, y, curve.order)


def recover_py(curve, r, s, recid, digest):
    """Q = r^-1 (s R - e G) for the R that recid names, in python3-ecdsa's arithmetic."""
    n = curve.order
    R = lift(curve, r + (recid >> 1) * n, recid & 1)
    if R is None:
        return None
    e = bits2int(curve, digest)
    rinv = pow(r, -1, n)
    Q = R * (s * rinv % n) + curve.generator * ((-e * rinv) % n)
    return Q


def pem_point(vk):
    return vk.to_string("uncompressed")


def main():
    name = sys.argv[1]
    if name not in CURVES:
        print("SKIP: %s is not a curve python3-ecdsa has" % name)
        return 77
    curve = getattr(ecdsa, CURVES[name])
    n = curve.order
    slen = (n.bit_length() + 7) // 8
    print("kurv recover vs python3-ecdsa %s on %s" % (ecdsa.__version__, name))
    # removed with what the checks wrote, however they end
    with tempfile.TemporaryDirectory(prefix="kurv-recover-py.") as tmp:
        key = os.path.join(tmp, "key.pem")
        msg = os.path.join(tmp, "msg")
        sigf = os.path.join(tmp, "sig")
        out = os.path.join(tmp, "out.pem")

        # kurv -> python
        kurv("keygen", "-c", name, "-o", key)
        vk = ecdsa.VerifyingKey.from_pem(kurv("pubkey", "-k", key).decode())
        ids = set()
        for i in range(ROUNDS):
            data = secrets.token_bytes(i * 7)
            with open(msg, "wb") as f:
                f.write(data)
            hname, hf = [("sha256", hashlib.sha256), ("sha384", hashlib.sha384),
                         ("sha512", hashlib.sha512)][i % 3]
            extra = [[], ["--low-s"], ["--hedged"], ["--hedged", "--low-s"]][i % 4]
            sig = kurv("sign", "-k", key, "-H", hname, "--format", "rec", *extra, msg)
            check(len(sig) == 2 * slen + 1, "kurv -> python: rec length %d" % len(sig))
            r = int.from_bytes(sig[:slen], "big")
            s = int.from_bytes(sig[slen:2 * slen], "big")
            recid = sig[2 * slen]
            ids.add(recid)
            digest = hf(data).digest()
            cands = ecdsa.VerifyingKey.from_public_key_recovery_with_digest(
                sig[:2 * slen], digest, curve, hashfunc=hf, sigdecode=sigdecode_string,
                allow_truncate=True)
            check(any(pem_point(c) == pem_point(vk) for c in cands),
                  "kurv -> python: %s round %d: python's candidates lack the signer" % (name, i))
            Q = recover_py(curve, r, s, recid, digest)
            check(Q is not None and Q.x() == vk.pubkey.point.x() and Q.y() == vk.pubkey.point.y(),
                  "kurv -> python: %s round %d: id %d names another key" % (name, i, recid))
            check(vk.verify_digest(sig[:2 * slen], digest, sigdecode=sigdecode_string,
                                   allow_truncate=True),
                  "kurv -> python: signature does not verify")
            if "--low-s" in extra:
                check(s <= n // 2, "kurv -> python: --low-s gave a high s")
        check(ids <= {0, 1}, "kurv -> python: ids seen %s (2 and 3 need x(R) >= n)" % sorted(ids))

        # python -> kurv
        for i in range(ROUNDS):
            sk = ecdsa.SigningKey.generate(curve=curve)
            data = secrets.token_bytes(5 + i)
            with open(msg, "wb") as f:
                f.write(data)
            digest = hashlib.sha256(data).digest()
            k = secrets.randbelow(n - 1) + 1
            sig = sk.sign_digest(digest, k=k, sigencode=sigencode_string)
            R = curve.generator * k
            recid = (R.y() & 1) | ((R.x() >= n) << 1)
            with open(sigf, "wb") as f:
                f.write(sig + bytes([recid]))
            kurv("recover", "-c", name, "-H", "sha256", "-s", sigf, "-o", out, msg)
            with open(out) as f:
                got = ecdsa.VerifyingKey.from_pem(f.read())
            check(pem_point(got) == pem_point(sk.get_verifying_key()),
                  "python -> kurv: %s round %d: kurv recovered another key" % (name, i))

        # x(R) >= n, built: x = n + t, r = t (see test_recover.c for why a nonce cannot give it)
        p = curve.curve.p()
        t = 1
        while lift(curve, n + t, 0) is None:
            t += 1
        check(n + t < p, "no x in [n, p) found")
        digest = hashlib.sha256(b"x(R) >= n").digest()
        for parity in (0, 1):
            s = (0x5A5A << (8 * slen - 24)) % n or 1
            sig = t.to_bytes(slen, "big") + s.to_bytes(slen, "big")
            with open(sigf, "wb") as f:
                f.write(sig + bytes([2 | parity]))
            kurv("recover", "-c", name, "--digest", digest.hex(), "-s", sigf, "-o", out)
            with open(out) as f:
                got = ecdsa.VerifyingKey.from_pem(f.read())
            Q = recover_py(curve, t, s, 2 | parity, digest)
            check(Q is not None and got.pubkey.point.x() == Q.x() and got.pubkey.point.y() == Q.y(),
                  "x(R) >= n: kurv and python3-ecdsa recover different keys (parity %d)" % parity)
            ok = False
            try:
                ok = got.verify_digest(sig, digest, sigdecode=sigdecode_string,
                                        allow_truncate=True)
            except ecdsa.BadSignatureError:
                ok = False
            check(ok, "x(R) >= n: python3-ecdsa does not verify (r, s) under kurv's key "
                      "(parity %d)" % parity)

        print("%d checks, %d failed" % (checks, failures))
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
