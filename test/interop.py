#!/usr/bin/env python3
"""Interop of the mldsa tool with OpenSSL through Python's cryptography (48+).

Keys written by cryptography are read by mldsa and the other way round
(PEM and DER, SubjectPublicKeyInfo and seed-only PKCS#8, byte for byte), and
signatures, with and without a context, verify both ways.  Encrypted PKCS#8
both ways: cryptography's BestAvailableEncryption read by mldsa --passin,
mldsa --passout read by load_pem_private_key(password=), wrong passwords
refused on both sides, and a PBES2-scrypt key (built here from
cryptography's Scrypt and AES-CBC) read by mldsa.  Prints one line
per case and "N passed, N failed" (", N skipped" when a part cannot run:
cryptography missing or without ML-DSA, or mldsa built without OpenSSL).

Usage: python3 test/interop.py PATH_TO_mldsa
"""
import os
import subprocess
import sys
import tempfile

from interop_cases import case, finish, no_cryptography, skip

# the DER pieces of an EncryptedPrivateKeyInfo (this folder's mkpkcs8.py)
from mkpkcs8 import OID_AES256_CBC, OID_PBES2, OID_SCRYPT, der, der_int

try:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import mldsa
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
    from cryptography.hazmat.primitives.kdf.scrypt import Scrypt
    from cryptography.hazmat.primitives import padding
except ImportError as e:  # absent, or too old for ML-DSA
    no_cryptography(e)

PRIVATE = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey,
           87: mldsa.MLDSA87PrivateKey}
PUBLIC_DER = serialization.Encoding.DER
PEM = serialization.Encoding.PEM
SPKI = serialization.PublicFormat.SubjectPublicKeyInfo
PKCS8 = serialization.PrivateFormat.PKCS8
NOENC = serialization.NoEncryption()
TOOL = None  # path of mldsa, from the command line


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


def scrypt_encrypted(pkcs8, password):
    """EncryptedPrivateKeyInfo with PBES2 { scrypt (RFC 7914 section 7),
    aes256-CBC } around the PKCS#8 DER, as OpenSSL's -scrypt writes it."""
    salt, iv = os.urandom(16), os.urandom(16)
    n, r, p = 16384, 8, 1
    key = Scrypt(salt=salt, length=32, n=n, r=r, p=p).derive(password)
    padder = padding.PKCS7(128).padder()
    plain = padder.update(pkcs8) + padder.finalize()
    enc = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    ct = enc.update(plain) + enc.finalize()
    kdf = der(0x30, der(0x06, OID_SCRYPT) + der(0x30, der(0x04, salt) + der_int(n)
                                                 + der_int(r) + der_int(p) + der_int(32)))
    scheme = der(0x30, der(0x06, OID_AES256_CBC) + der(0x04, iv))
    alg = der(0x30, der(0x06, OID_PBES2) + der(0x30, kdf + scheme))
    return der(0x30, alg + der(0x04, ct))


def run_encrypted(tmp):
    """Encrypted PKCS#8 both ways, for ML-DSA-65."""
    pw = b"interop pw"
    theirs = mldsa.MLDSA65PrivateKey.generate()
    plain = theirs.private_bytes(PEM, PKCS8, NOENC)
    k = os.path.join(tmp, "their-enc.pem")
    write(k, theirs.private_bytes(PEM, PKCS8, serialization.BestAvailableEncryption(pw)))
    rc, out, err = tool("pkey", "-i", k, "--passin", "pass:" + pw.decode())
    case("mldsa reads cryptography's BestAvailableEncryption key", rc == 0 and out == plain, err)
    rc, out, err = tool("pkey", "-i", k, "--passin", "pass:not it")
    case("... and refuses a wrong password", rc == 2 and "wrong password" in err, err)

    ours = os.path.join(tmp, "our-enc.pem")
    ours_der = os.path.join(tmp, "our-enc.der")
    rc, _, err = tool("keygen", "-a", "65", "-o", ours, "--passout", "pass:" + pw.decode())
    tool("pkey", "-i", ours, "--passin", "pass:" + pw.decode(), "--passout",
         "pass:" + pw.decode(), "--format", "der", "-o", ours_der)
    try:
        key = serialization.load_pem_private_key(read(ours), password=pw)
        key_der = serialization.load_der_private_key(read(ours_der), password=pw)
        rc2, pub, err2 = tool("pubkey", "-i", ours, "--passin", "pass:" + pw.decode())
        case("cryptography reads our --passout keys (PEM and DER)",
             rc == 0 and rc2 == 0 and key.public_key().public_bytes(PEM, SPKI) == pub
             and key_der.public_key().public_bytes(PEM, SPKI) == pub, err + err2)
    except Exception as e:  # noqa: BLE001 - any failure is the finding
        case("cryptography reads our --passout keys (PEM and DER)", False, repr(e))
    try:
        serialization.load_pem_private_key(read(ours), password=b"not it")
        case("... and refuses a wrong password", False, "accepted")
    except (ValueError, TypeError):
        case("... and refuses a wrong password", True)

    s = os.path.join(tmp, "scrypt.der")
    write(s, scrypt_encrypted(theirs.private_bytes(PUBLIC_DER, PKCS8, NOENC), pw))
    rc, out, err = tool("pkey", "-i", s, "--passin", "pass:" + pw.decode())
    case("mldsa reads a PBES2-scrypt encrypted key", rc == 0 and out == plain, err)


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

        # the private key on stdout, the public key in a file (keygen
        # refuses both on stdout)
        op = os.path.join(tmp, f"op{n}.pem")
        rc, out, err = tool("keygen", "-a", str(n), "--seed", seed.hex(), "--pubout", op)
        ours_priv = out
        ours_pub = open(op, "rb").read() if rc == 0 else b""
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
        rc, out, _ = tool("info")
        if b"encrypted keys: yes" in out:
            run_encrypted(tmp)
        else:
            skip("encrypted keys", "this mldsa was built without OpenSSL")
    finish()


if __name__ == "__main__":
    main()
