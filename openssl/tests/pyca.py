#!/usr/bin/python3
"""openssl/tests/pyca.py NAME OID: kurv.so under Debian's python3-cryptography.

The README's way to load kurv into every program is an openssl.cnf provider section naming
the module by its path (module = /path/kurv.so), not OPENSSL_MODULES: python3-cryptography
loads OpenSSL's "legacy" provider from the modules folder, and fails to import when
OPENSSL_MODULES points at a folder without legacy.so. This test, for the curve NAME (kurv's
name) with the dotted OID:
  1. with OPENSSL_MODULES at kurv.so's folder, python3-cryptography fails to start (the
     reason the README no longer gives that recipe);
  2. with OPENSSL_CONF at such a config (default and kurv active, default_properties
     ?provider=kurv, OPENSSL_MODULES unset), in a child process: an EC key pair generated,
     an ECDSA signature made and verified (and refused for another message), ECDH between
     two key pairs (both sides equal), a CSR signed by the key and checked with
     is_signature_valid (true; false once a byte of its signature is changed);
  3. kurv's trace (KURV_PROVIDER_LOG) has exactly "derive NAME" twice (the two ECDH sides),
     "check NAME" twice (each side's check of the peer's public key, EVP_PKEY_derive_set_peer),
     "decode NAME" twice (the CSR's SubjectPublicKeyInfo, decoded by kurv's decoder for each
     check) and "verify NAME" twice (the two CSR checks): python3-cryptography 38 runs these
     through EVP, where providers serve them. Its key generation and ECDSA sign/verify call
     OpenSSL's EC_KEY_generate_key, ECDSA_sign and ECDSA_verify, which no provider serves,
     so kurv is not asked for them (and the trace has no other line);
  4. the ECDH secret equals the one OpenSSL's default provider alone derives from the same
     keys (openssl pkeyutl -derive, no config).
Steps 2 to 4 run twice: with the README's config (default_sect, then kurv_sect) and with the
other order (kurv_sect first). Both give kurv's decoders and the same trace: unlike the
openssl command, python3-cryptography 38 loads the legacy and default providers itself
(OSSL_PROVIDER_load) after the config's, and OpenSSL 3.0 sorts its provider list by name
when a provider is loaded, which puts kurv after default either way
(openssl/tests/keyfiles.sh tests the order with the openssl command).
Exit 0 when all holds, 1 on a failure, 77 (SKIP, said on stdout) when /usr/bin/python3
has no python3-cryptography on the system's libcrypto 3, or in a sanitizer build (python3
cannot load an ASan-instrumented kurv.so).
Environment (meson): KURV_PROVIDER_SO, LD_LIBRARY_PATH (the built family libraries).
"""
import json
import os
import subprocess
import sys
import tempfile


def child(oid):
    """Step 2 in a process whose OPENSSL_CONF loads kurv; prints the results as JSON."""
    from cryptography import x509
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    curve = ec.get_curve_for_oid(x509.ObjectIdentifier(oid))
    a = ec.generate_private_key(curve)
    b = ec.generate_private_key(curve)
    sig = a.sign(b"kurv pyca", ec.ECDSA(hashes.SHA256()))
    a.public_key().verify(sig, b"kurv pyca", ec.ECDSA(hashes.SHA256()))
    try:
        a.public_key().verify(sig, b"kurv pyca!", ec.ECDSA(hashes.SHA256()))
        refused = False
    except InvalidSignature:
        refused = True
    s_ab = a.exchange(ec.ECDH(), b.public_key())
    s_ba = b.exchange(ec.ECDH(), a.public_key())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "kurv")])
    csr = x509.CertificateSigningRequestBuilder().subject_name(name).sign(a, hashes.SHA256())
    der = bytearray(csr.public_bytes(serialization.Encoding.DER))
    der[-1] ^= 1   # the last byte of the signature's s
    bad = x509.load_der_x509_csr(bytes(der))
    pem = serialization.PrivateFormat.PKCS8
    print(json.dumps({
        "refused": refused,
        "s_ab": s_ab.hex(), "s_ba": s_ba.hex(),
        "csr_valid": csr.is_signature_valid, "bad_valid": bad.is_signature_valid,
        "a": a.private_bytes(serialization.Encoding.PEM, pem,
                             serialization.NoEncryption()).decode(),
        "b_pub": b.public_key().public_bytes(
            serialization.Encoding.PEM,
            serialization.PublicFormat.SubjectPublicKeyInfo).decode(),
    }))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        child(sys.argv[2])
        return 0
    if len(sys.argv) != 3:
        print("usage: pyca.py NAME OID", file=sys.stderr)
        return 2
    name, oid = sys.argv[1], sys.argv[2]
    so = os.environ["KURV_PROVIDER_SO"]
    env = {k: v for k, v in os.environ.items()
           if k not in ("OPENSSL_MODULES", "OPENSSL_CONF", "CRYPTOGRAPHY_OPENSSL_NO_LEGACY")}
    # in a child without OPENSSL_MODULES (meson's environment has it: see step 1)
    probe = subprocess.run(
        [sys.executable, "-c",
         "try:\n from cryptography.hazmat.backends.openssl import backend\n"
         "except ImportError as e:\n print('no cryptography:', e)\n"
         "else:\n print(backend.openssl_version_text())"],
        env=dict(env, OPENSSL_CONF="/dev/null"), capture_output=True, text=True)
    version = probe.stdout.strip()
    if probe.returncode != 0:
        print(probe.stdout, probe.stderr, file=sys.stderr)
        print(f"FAIL: {name}: python3-cryptography does not start", file=sys.stderr)
        return 1
    if version.startswith("no cryptography"):
        print(f"SKIP: python3-cryptography is not installed for {sys.executable} ({version}); "
              "Debian: apt-get install python3-cryptography")
        return 77
    if not version.startswith("OpenSSL 3."):
        print(f"SKIP: python3-cryptography of {sys.executable} runs on {version}, "
              "not the system's libcrypto 3 (Debian's python3-cryptography is wanted)")
        return 77
    ldd = subprocess.run(["ldd", so], capture_output=True, text=True).stdout
    if "libasan" in ldd:
        print("SKIP: sanitizer build: python3 cannot load the ASan-instrumented kurv.so")
        return 77
    fails = []

    with tempfile.TemporaryDirectory(prefix="kurv-pyca.") as tmp:
        # 1: the OPENSSL_MODULES recipe
        r = subprocess.run([sys.executable, "-c",
                            "from cryptography.hazmat.bindings.openssl.binding import Binding;"
                            "Binding()"],
                           env=dict(env, OPENSSL_MODULES=os.path.dirname(so),
                                    OPENSSL_CONF="/dev/null"),
                           capture_output=True, text=True)
        if r.returncode == 0:
            fails.append("python3-cryptography started with OPENSSL_MODULES at kurv.so's "
                         "folder (no legacy.so there): the README's reason is gone")
        for first, second in (("default", "kurv"), ("kurv", "default")):
            fail = run_config(tmp, env, so, name, oid, first, second, fails)
            if fail:
                return fail
    for f in fails:
        print(f"FAIL: {name}: {f}", file=sys.stderr)
    if not fails:
        print(f"PASS: {name}: python3-cryptography ({version}) with kurv by module path")
    return 1 if fails else 0


def run_config(tmp, env, so, name, oid, first, second, fails):
    """Steps 2 to 4 with a config activating FIRST then SECOND; appends to fails.
    Return: 0, or 1 when the child fails (its output printed)."""
    order = f"{first}_sect, then {second}_sect"
    mine = []
    # 2: the module = PATH config
    cnf = os.path.join(tmp, f"{first}-{second}.cnf")
    log = os.path.join(tmp, f"{first}-{second}.log")
    with open(cnf, "w") as f:
        f.write("openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n"
                "alg_section = algorithm_sect\n[provider_sect]\n"
                f"{first} = {first}_sect\n{second} = {second}_sect\n[kurv_sect]\n"
                f"module = {so}\nactivate = 1\n[default_sect]\nactivate = 1\n"
                "[algorithm_sect]\ndefault_properties = ?provider=kurv\n")
    r = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", oid],
                       env=dict(env, OPENSSL_CONF=cnf, KURV_PROVIDER_LOG=log),
                       capture_output=True, text=True)
    if r.returncode != 0:
        print(r.stdout, r.stderr, file=sys.stderr)
        print(f"FAIL: {name}: python3-cryptography with kurv configured ({order})",
              file=sys.stderr)
        return 1
    res = json.loads(r.stdout)
    if not res["refused"]:
        mine.append("ECDSA: a signature verified for another message")
    if res["s_ab"] != res["s_ba"] or not res["s_ab"]:
        mine.append(f"ECDH: the two sides differ: {res['s_ab']} {res['s_ba']}")
    if res["csr_valid"] is not True:
        mine.append("CSR: its signature is not valid")
    if res["bad_valid"] is not False:
        mine.append("CSR: a changed signature is valid")
    # 3: kurv's trace
    lines = open(log).read().splitlines() if os.path.exists(log) else []
    want = sorted([f"derive {name}"] * 2 + [f"verify {name}"] * 2
                  + [f"check {name}"] * 2 + [f"decode {name}"] * 2)
    if sorted(lines) != want:
        mine.append(f"kurv's trace is {lines}, not {want}")
    # 4: the secret against OpenSSL's default provider alone
    a_pem, b_pub = os.path.join(tmp, "a.pem"), os.path.join(tmp, "b.pub")
    with open(a_pem, "w") as f:
        f.write(res["a"])
    with open(b_pub, "w") as f:
        f.write(res["b_pub"])
    d = subprocess.run(["openssl", "pkeyutl", "-derive", "-inkey", a_pem,
                        "-peerkey", b_pub], env=dict(env, OPENSSL_CONF="/dev/null"),
                       capture_output=True)
    if d.returncode != 0 or d.stdout.hex() != res["s_ab"]:
        mine.append(f"ECDH: OpenSSL's default provider derives {d.stdout.hex()} "
                     f"({d.stderr.decode().strip()}), kurv {res['s_ab']}")
    print(f"{name} ({order}): trace {lines}")
    fails.extend(f"{order}: {m}" for m in mine)
    return 0


if __name__ == "__main__":
    sys.exit(main())
