#!/usr/bin/env python3
"""kurv fuzzing: make seed inputs for the harnesses of fuzz/ (their input layouts: fuzz/fuzz_*.c).

  python3 fuzz/seed.py corpus BUILD_DIR [OUT]   valid inputs made by BUILD_DIR/tools/kurv/kurv and
                                                the openssl command, into OUT/<harness>/
                                                (default fuzz/corpus); run by hand, committed
  python3 fuzz/seed.py vectors VECTORS OUT      edge cases from the shared vectors (Wycheproof
                                                ECDSA and ECDH, BIP-340), into OUT/<harness>/,
                                                at most 400 per harness;
                                                run by `./tools/run.sh fuzz` into a temporary
                                                corpus, never committed

The curve byte of an input is the curve's index in the registry order of a default build
(`kurv curves`); the fixed private key of the harnesses (fuzz.h) is scalar_len bytes of 0x01.
Each seed is named by the SHA-1 of its content, as libFuzzer names corpus files.
"""
import csv
import hashlib
import json
import os
import subprocess
import sys
import tempfile

# registry order of the default build (curves/meson.build): name, OpenSSL name, OID, scalar
# bytes, Wycheproof name
CURVES = [
    ("secp256k1", "secp256k1", "1.3.132.0.10", 32, "secp256k1"),
    ("P-256", "prime256v1", "1.2.840.10045.3.1.7", 32, "secp256r1"),
    ("P-384", "secp384r1", "1.3.132.0.34", 48, "secp384r1"),
    ("P-521", "secp521r1", "1.3.132.0.35", 66, "secp521r1"),
    ("brainpoolP256r1", "brainpoolP256r1", "1.3.36.3.3.2.8.1.1.7", 32, "brainpoolP256r1"),
    ("brainpoolP384r1", "brainpoolP384r1", "1.3.36.3.3.2.8.1.1.11", 48, "brainpoolP384r1"),
    ("brainpoolP512r1", "brainpoolP512r1", "1.3.36.3.3.2.8.1.1.13", 64, "brainpoolP512r1"),
]
PRESETS = ["bc-aes128-cbc", "bc-aes256-cbc", "sec1-aes128-ctr"]


def write(out, harness, data):
    d = os.path.join(out, harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


def der(tag, content):
    n = len(content)
    if n < 0x80:
        length = bytes([n])
    else:
        b = n.to_bytes((n.bit_length() + 7) // 8, "big")
        length = bytes([0x80 | len(b)]) + b
    return bytes([tag]) + length + content


def oid_der(dotted):
    parts = [int(x) for x in dotted.split(".")]
    body = bytes([40 * parts[0] + parts[1]])
    for p in parts[2:]:
        chunk = [p & 0x7F]
        p >>= 7
        while p:
            chunk.append(0x80 | (p & 0x7F))
            p >>= 7
        body += bytes(reversed(chunk))
    return der(0x06, body)


def fixed_key_der(curve):
    """SEC1 ECPrivateKey (RFC 5915) of the harnesses' fixed key, without the public key."""
    _, _, oid, sl, _ = curve
    return der(0x30, der(0x02, b"\x01") + der(0x04, b"\x01" * sl) + der(0xA0, oid_der(oid)))


def run(args, data=None):
    return subprocess.run(args, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout


def corpus(build, out):
    kurv = os.path.join(build, "tools", "kurv", "kurv")
    names = [line.split()[0] for line in run([kurv, "curves"]).decode().splitlines()[1:]]
    # x25519 and ed25519 (kurv-25519, -Dfamilies=...,25519) come last: their harness's seeds
    # when they are there
    with25519 = names[-2:] == ["x25519", "ed25519"]
    if with25519:
        names = names[:-2]
    if names != [c[0] for c in CURVES]:
        sys.exit("seed.py: %s is not a default build (curves: %s)" % (build, names))
    msg = b"kurv fuzz seed message\n"
    with tempfile.TemporaryDirectory() as tmp:
        mfile = os.path.join(tmp, "msg")
        with open(mfile, "wb") as f:
            f.write(msg)
        for idx, curve in enumerate(CURVES):
            name, ossl, _, sl, _ = curve
            t = lambda n: os.path.join(tmp, "%d-%s" % (idx, n))
            # keys made by the tool, in its four forms, and by OpenSSL
            run([kurv, "keygen", "-c", name, "-o", t("k.pem")])
            run([kurv, "keygen", "-c", name, "--pkcs8", "--format", "der", "-o", t("k8.der")])
            for f in ("k.pem", "k8.der"):
                write(out, "privkey", open(t(f), "rb").read())
            write(out, "privkey", run(["openssl", "ecparam", "-name", ossl, "-genkey"]))
            write(out, "privkey", run(["openssl", "ec", "-in", t("k.pem"), "-outform", "DER",
                                       "-conv_form", "compressed"]))
            write(out, "privkey", run(["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", t("k.pem")]))
            write(out, "pubkey", run([kurv, "pubkey", "-k", t("k.pem")]))
            write(out, "pubkey", run([kurv, "pubkey", "-k", t("k.pem"), "--format", "der", "--compressed"]))
            write(out, "pubkey", run(["openssl", "ec", "-in", t("k.pem"), "-pubout", "-outform", "DER"]))
            # the fixed key: its public key in both forms
            with open(t("fixed.der"), "wb") as f:
                f.write(fixed_key_der(curve))
            spki = run([kurv, "pubkey", "-k", t("fixed.der"), "--format", "der"])
            spki_c = run([kurv, "pubkey", "-k", t("fixed.der"), "--format", "der", "--compressed"])
            point_u = extract_point(spki)
            point_c = extract_point(spki_c)
            for p in (point_u, point_c, b"\x00"):
                write(out, "point", bytes([idx]) + p)
                write(out, "ecdh", bytes([idx]) + p)
            fl = (len(point_u) - 1) // 2
            x, y = point_u[1:1 + fl], point_u[1 + fl:]
            k = bytes(range(1, sl + 1))
            write(out, "pointapi", bytes([idx, 0]) + x + y)
            write(out, "pointapi", bytes([idx, 1]) + x + bytes([y[-1] & 1]))
            write(out, "pointapi", bytes([idx, 2]) + x + bytes([y[-1] & 1]) + k + k[::-1])
            write(out, "pointapi", bytes([idx, 3, 2 * sl]) + k + k)
            write(out, "pointapi", bytes([idx, 4]) + x)
            write(out, "pointapi", bytes([idx, 5]) + k + k[::-1])
            # ECDSA with the fixed key: the tool's and OpenSSL's signatures, DER and raw
            hname = {32: "sha256", 48: "sha384", 64: "sha512", 66: "sha512"}[sl]
            digest = hashlib.new(hname, msg).digest()
            sig_der = run([kurv, "sign", "-k", t("fixed.der"), "-H", hname, mfile])
            sig_raw = run([kurv, "sign", "-k", t("fixed.der"), "-H", hname, "--format", "raw", mfile])
            run(["openssl", "ec", "-inform", "DER", "-in", t("fixed.der"), "-out", t("fixed.pem")])
            sig_ossl = run(["openssl", "dgst", "-" + hname, "-sign", t("fixed.pem"), mfile])
            head = bytes([idx])
            for mode, s in ((1, sig_der), (0, sig_raw), (1, sig_ossl), (3, sig_der), (2, sig_raw)):
                write(out, "ecdsa", head + bytes([mode, len(digest) - 1]) + digest + s)
            # ECIES to the fixed key, every preset
            with open(t("fixed.pub"), "wb") as f:
                f.write(spki)
            for pi, preset in enumerate(PRESETS):
                ct = run([kurv, "encrypt", "-p", t("fixed.pub"), "--preset", preset, mfile])
                write(out, "ecies", head + bytes([pi]) + ct)
            # kurv_curve_new: the curve itself, one edit, and raw fields
            write(out, "curve", head + b"\x00")
            write(out, "curve", head + b"\x00" + bytes([5, 0, 1]))
            write(out, "curve", head + b"\x01" + bytes([4]) + b"\x00\x00\x00\x17" + b"\x01\x00" * 3)
            provider(out, idx, curve, msg, tmp)
        if with25519:
            seeds25519(kurv, out, tmp)
        # BIP-340 with the tool: key check, single, batch
        sk = "01" * 32
        pk = bytes.fromhex(run([kurv, "schnorr", "pubkey", "-k", sk]).decode().strip())
        sigs = []
        for m in (b"", msg, b"\x00" * 32):
            mf = os.path.join(tmp, "schnorr-msg")
            with open(mf, "wb") as f:
                f.write(m)
            s = bytes.fromhex(run([kurv, "schnorr", "sign", "-k", sk, "-m", mf,
                                   "--aux", "00" * 32]).decode().strip())
            sigs.append((s, m))
        write(out, "schnorr", b"\x00" + pk)
        for s, m in sigs:
            write(out, "schnorr", b"\x01" + s + pk + m)
        batch = b"".join(s + pk + bytes([len(m)]) + m for s, m in sigs)
        write(out, "schnorr", b"\x02\xff" + batch)
        write(out, "schnorr", b"\x02\x00" + batch)


def seeds25519(kurv, out, tmp):
    """fuzz_25519key: RFC 8410 key files of both algorithms by the tool and by OpenSSL, PEM
    and DER, private (plain, v2 with its public key, encrypted) and public."""
    t = lambda n: os.path.join(tmp, "25519-" + n)
    for alg in ("x25519", "ed25519"):
        run([kurv, "keygen", "-c", alg, "-o", t(alg + ".pem")])
        run([kurv, "keygen", "-c", alg, "--format", "der", "-o", t(alg + ".der")])
        run([kurv, "keygen", "-c", alg, "--pass", "pass:pw", "--iter", "1", "-o", t(alg + ".enc")])
        for f in (alg + ".pem", alg + ".der", alg + ".enc"):
            write(out, "25519key", open(t(f), "rb").read())
        write(out, "25519key", run([kurv, "pubkey", "-k", t(alg + ".pem")]))
        write(out, "25519key", run([kurv, "pubkey", "-k", t(alg + ".pem"), "--format", "der"]))
        write(out, "25519key", run(["openssl", "genpkey", "-algorithm", alg]))
        # v2 (RFC 5958 OneAsymmetricKey) with the public key: version 1 and [1] appended
        p8 = open(t(alg + ".der"), "rb").read()
        pub = run([kurv, "pubkey", "-k", t(alg + ".der"), "--format", "der"])[-32:]
        write(out, "25519key", der(0x30, b"\x02\x01\x01" + p8[5:] + der(0x81, b"\x00" + pub)))


def provider(out, idx, curve, msg, tmp):
    """Seeds of fuzz_provider (layout: fuzz/fuzz_provider.c): curve byte, operation byte,
    parameter lists A and B, tail. Canned values (type byte bit 7) stand for the curve's
    names and the fixed key, so most seeds need no key bytes; the signature of operation 4 is
    OpenSSL's, by the fixed key."""
    _, _, _, sl, _ = curve
    hname = {32: "sha256", 48: "sha384", 64: "sha512", 66: "sha512"}[sl]
    digest = hashlib.new(hname, msg).digest()
    kfile = os.path.join(tmp, "%d-provider-fixed.der" % idx)
    dfile = os.path.join(tmp, "%d-provider-digest" % idx)
    with open(kfile, "wb") as f:
        f.write(fixed_key_der(curve))
    with open(dfile, "wb") as f:
        f.write(digest)
    sig = run(["openssl", "pkeyutl", "-sign", "-keyform", "DER", "-inkey", kfile, "-in", dfile])

    def canned(key, value, typ):
        return bytes([key, 0x80 | (value << 3) | typ])

    def lst(*recs):
        return bytes([len(recs)]) + b"".join(recs)

    utf8, octet, ubn, uint = 0, 1, 2, 4
    group = canned(0, 0, utf8)                 # OpenSSL's name of the curve
    kname = canned(0, 1, utf8)                 # kurv's name
    pub_u, pub_c = canned(1, 4, octet), canned(1, 5, octet)
    priv = canned(2, 6, ubn)
    compressed = canned(3, 8, utf8)
    named = canned(4, 11, utf8)
    head = bytes([idx])
    # 0: import (keypair, public, priv only, parameters), then set_params
    write(out, "provider", head + b"\x00" + lst(group, pub_u, priv) + lst(compressed))
    write(out, "provider", head + b"\x08" + lst(kname, pub_c, named) + lst(canned(5, 4, octet)))
    write(out, "provider", head + b"\x00" + lst(canned(0, 2, utf8), priv) + lst())
    write(out, "provider", head + b"\x10" + lst(canned(0, 3, utf8)) + lst(canned(3, 9, utf8)))
    # 0: a private key of n (refused by kurv, taken by the default provider)
    write(out, "provider", head + b"\x00" + lst(group, canned(2, 7, ubn)) + lst())
    # 0: the same key in raw bytes (a byte changed is then a point off the curve, a d >= n...)
    point = extract_point(run(["openssl", "ec", "-inform", "DER", "-in", kfile, "-pubout",
                               "-outform", "DER"]))
    pc = bytes([2 + (point[-1] & 1)]) + point[1:1 + (len(point) - 1) // 2]
    raw = lambda key, typ, v: bytes([key, typ, len(v)]) + v
    write(out, "provider", head + b"\x00" + lst(group, raw(1, octet, point), raw(2, ubn, b"\x01" * sl)) +
          lst(raw(5, octet, pc)))
    write(out, "provider", head + b"\x08" + lst(group, raw(1, octet, pc)) + lst(raw(5, octet, point)))
    # 1: generation, by name and from a template
    write(out, "provider", head + b"\x01" + lst() + lst(group, compressed))
    write(out, "provider", head + b"\x09" + lst(kname) + lst(named))
    # 2: sign a digest, with and without the digest parameter
    write(out, "provider", head + b"\x02" + lst(group, pub_u, priv) + lst() + digest)
    write(out, "provider", head + b"\x02" + lst(group, priv) + lst(canned(11, 13, utf8)) + digest[:32])
    # 3: digest-sign (the digest name from the operation byte's flags: MDS[flags % 10])
    for flags in (0, 1, 2, 3):
        write(out, "provider", head + bytes([3 | flags << 3]) + lst(group, priv) + lst() + msg)
    # 4: verify OpenSSL's DER signature by the fixed key
    write(out, "provider", head + b"\x0c" + lst(group, pub_u) + lst() + bytes([len(digest)]) + digest + sig)
    write(out, "provider", head + b"\x04" + lst() + lst() + bytes([len(digest)]) + digest + sig)
    # 5: ECDH with the fixed public key as the peer, plain and through the X9.63 KDF
    write(out, "provider", head + b"\x0d" + lst(group, pub_c) + lst())
    write(out, "provider", head + b"\x0d" + lst(group, pub_u) +
          lst(canned(15, 14, utf8), canned(16, 13, utf8), bytes([17, uint, 8]) + (32).to_bytes(8, "little")))


def extract_point(spki):
    """The SEC1 point of a DER SubjectPublicKeyInfo (the BIT STRING after its unused-bits byte)."""
    i = 2 if spki[1] < 0x80 else 2 + (spki[1] & 0x7F)
    alg_len = spki[i + 1]
    i += 2 + alg_len
    assert spki[i] == 0x03
    n, j = spki[i + 1], i + 2
    if n & 0x80:
        k = n & 0x7F
        n, j = int.from_bytes(spki[i + 2:i + 2 + k], "big"), i + 2 + k
    return spki[j + 1:j + n]


def vectors(vdir, out):
    index = {c[4]: i for i, c in enumerate(CURVES)}
    wp = os.path.join(vdir, "wycheproof")
    for fn in sorted(os.listdir(wp)) if os.path.isdir(wp) else []:
        if not fn.endswith(".json"):
            continue
        data = json.load(open(os.path.join(wp, fn)))
        for g in data.get("testGroups", []):
            curve = g.get("curve") or g.get("key", {}).get("curve") or g.get("publicKey", {}).get("curve")
            if curve not in index:
                continue
            idx = index[curve]
            for tc in g.get("tests", []):
                if fn.startswith("ecdsa_") and "bitcoin" not in fn:
                    # the harness's mode byte: 1 DER, 0 raw r || s (P1363)
                    mode = 0 if "p1363" in fn else 1
                    hname = g.get("sha", "SHA-256").replace("-", "").lower()
                    if hname not in ("sha256", "sha384", "sha512", "sha224"):
                        continue
                    digest = hashlib.new(hname, bytes.fromhex(tc["msg"])).digest()
                    write(out, "ecdsa", bytes([idx, mode, len(digest) - 1]) + digest + bytes.fromhex(tc["sig"]))
                elif fn.startswith("ecdh_") and "ecpoint" in fn:
                    p = bytes.fromhex(tc["public"])
                    write(out, "point", bytes([idx]) + p)
                    write(out, "ecdh", bytes([idx]) + p)
                elif fn.startswith("ecdh_") and fn.endswith("_test.json") and "webcrypto" not in fn \
                        and "pem" not in fn:
                    write(out, "pubkey", bytes.fromhex(tc["public"]))
                elif fn.startswith("ecdh_") and "pem" in fn:
                    write(out, "pubkey", tc["public"].encode())
                    write(out, "privkey", tc["private"].encode())
    csvf = os.path.join(vdir, "bip340", "test-vectors.csv")
    if os.path.exists(csvf):
        with open(csvf) as f:
            rows = list(csv.DictReader(f))
        recs = []
        for r in rows:
            pk = bytes.fromhex(r["public key"])
            sig = bytes.fromhex(r["signature"])
            m = bytes.fromhex(r["message"])
            write(out, "schnorr", b"\x00" + pk)
            write(out, "schnorr", b"\x01" + sig + pk + m)
            if len(m) < 256:
                recs.append(sig + pk + bytes([len(m)]) + m)
        for i in range(0, len(recs), 4):
            write(out, "schnorr", b"\x02\x80" + b"".join(recs[i:i + 4]))


def thin(out, cap):
    """Keep at most cap seeds per harness (every k-th by name), so that loading the corpus
    stays a small part of a short run."""
    for h in os.listdir(out):
        names = sorted(os.listdir(os.path.join(out, h)))
        if len(names) > cap:
            keep = set(names[::(len(names) + cap - 1) // cap])
            for n in names:
                if n not in keep:
                    os.remove(os.path.join(out, h, n))


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == "corpus":
        corpus(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else
               os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus"))
    elif len(sys.argv) == 4 and sys.argv[1] == "vectors":
        vectors(sys.argv[2], sys.argv[3])
        thin(sys.argv[3], 400)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
