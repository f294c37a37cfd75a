#!/usr/bin/env python3
"""Interop of the mldsa tool with OpenSSL through Python's cryptography (48+).

Keys written by cryptography are read by mldsa and the other way round
(PEM and DER, SubjectPublicKeyInfo and seed-only PKCS#8, byte for byte), and
signatures, with and without a context, verify both ways.  Prints one line
per case and "N passed, N failed"; skips (0 cases) with a message when
cryptography is missing or has no ML-DSA.

Usage: python3 test/interop.py PATH_TO_mldsa
"""
import os
import subprocess
import sys
import tempfile

try:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import mldsa
    from cryptography.exceptions import InvalidSignature
except ImportError as e:  # absent, or too old for ML-DSA
    print(f"skip interop: Python cryptography with ML-DSA not available ({e})")
    print("0 passed, 0 failed, 1 skipped")
    sys.exit(0)

PRIVATE = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey,
           87: mldsa.MLDSA87PrivateKey}
PUBLIC_DER = serialization.Encoding.DER
PEM = serialization.Encoding.PEM
SPKI = serialization.PublicFormat.SubjectPublicKeyInfo
PKCS8 = serialization.PrivateFormat.PKCS8
NOENC = serialization.NoEncryption()
TOOL = None  # path of mldsa, from the command line

passed = failed = 0


def case(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}{': ' + detail if detail else ''}")


def tool(*args, stdin=None):
    """Run mldsa; returns (exit code, stdout bytes, stderr text)."""
    p = subprocess.run([TOOL, *args], input=stdin, capture_output=True)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace").strip()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def run(tmp):
    msg = b"interop message " * 100
    ctx = b"interop ctx"
    for n, cls in PRIVATE.items():
        seed = os.urandom(32)
        theirs = cls.from_seed_bytes(seed)
        their_priv = theirs.private_bytes(PEM, PKCS8, NOENC)
        their_pub = theirs.public_key().public_bytes(PEM, SPKI)
        k, p = os.path.join(tmp, f"k{n}.pem"), os.path.join(tmp, f"p{n}.pem")
        write(k, their_priv)
        write(p, their_pub)

        rc, out, err = tool("keygen", "-a", str(n), "--seed", seed.hex(), "--pubout", "-")
        ours_priv, ours_pub = out[:len(their_priv)], out[len(their_priv):]
        case(f"ML-DSA-{n}: our seed-only PEM = cryptography's", rc == 0 and ours_priv == their_priv, err)
        case(f"ML-DSA-{n}: our SPKI PEM = cryptography's", rc == 0 and ours_pub == their_pub, err)

        rc, out, err = tool("pkey", "-i", k)
        case(f"ML-DSA-{n}: mldsa reads cryptography's private key", rc == 0 and out == their_priv, err)
        rc, out, err = tool("pubkey", "-i", k, "--format", "der")
        case(f"ML-DSA-{n}: public key from it = cryptography's DER",
             rc == 0 and out == theirs.public_key().public_bytes(PUBLIC_DER, SPKI), err)

        # Our fresh key, read by cryptography (PEM and DER).
        ok_pem = os.path.join(tmp, f"ok{n}.pem")
        ok_der = os.path.join(tmp, f"ok{n}.der")
        op_pem = os.path.join(tmp, f"op{n}.pem")
        tool("keygen", "-a", str(n), "-o", ok_pem, "--pubout", op_pem)
        tool("pkey", "-i", ok_pem, "--format", "der", "-o", ok_der)
        try:
            ours = serialization.load_pem_private_key(read(ok_pem), None)
            ours_der = serialization.load_der_private_key(read(ok_der), None)
            ours_pub_key = serialization.load_pem_public_key(read(op_pem))
            same = (ours.public_key().public_bytes(PEM, SPKI) == read(op_pem)
                    and ours_der.public_key().public_bytes(PEM, SPKI) == read(op_pem))
            case(f"ML-DSA-{n}: cryptography reads our PEM and DER keys", same)
        except Exception as e:  # noqa: BLE001 - any failure is the finding
            case(f"ML-DSA-{n}: cryptography reads our PEM and DER keys", False, repr(e))
            continue

        # Their signature, our verify.
        m = os.path.join(tmp, "msg")
        write(m, msg)
        s = os.path.join(tmp, "sig")
        write(s, theirs.sign(msg, ctx))
        rc, _, err = tool("verify", "-p", p, "-s", s, "-i", m, "--context-hex", ctx.hex())
        case(f"ML-DSA-{n}: cryptography's signature verifies in mldsa", rc == 0, err)
        write(s, theirs.sign(msg))
        rc, _, err = tool("verify", "-p", p, "-s", s, "-i", m)
        case(f"ML-DSA-{n}: ... and without a context", rc == 0, err)
        rc, _, err = tool("verify", "-p", p, "-s", s, "-i", m, "--context", "x")
        case(f"ML-DSA-{n}: ... and not under another context", rc == 1, err)

        # Our signature, their verify.
        for use_ctx in (False, True):
            args = ["sign", "-k", ok_pem, "-i", m]
            if use_ctx:
                args += ["--context-hex", ctx.hex()]
            rc, sig, err = tool(*args)
            try:
                if use_ctx:
                    ours_pub_key.verify(sig, msg, ctx)
                else:
                    ours_pub_key.verify(sig, msg)
                good = rc == 0
            except InvalidSignature:
                good = False
            label = "with" if use_ctx else "without"
            case(f"ML-DSA-{n}: our signature {label} context verifies in cryptography", good, err)


def main():
    global TOOL
    if len(sys.argv) != 2:
        sys.exit("usage: interop.py PATH_TO_mldsa")
    TOOL = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        run(tmp)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
