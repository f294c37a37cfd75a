#!/usr/bin/env python3
"""Encrypted PKCS#8 that the mldsa tool does not write, for test_cli.sh.

Wraps a PKCS#8 DER key in an EncryptedPrivateKeyInfo (RFC 5958 section 3)
with PBES2 (RFC 8018 section 6.2): PBKDF2-HMAC-SHA256 or scrypt (RFC 7914
section 7), and AES-256-CBC, under any password (an empty one too) and any
cost.  With --fake the ciphertext is random bytes and no key is derived:
for costs the tool must refuse before it derives anything.

usage: mkpkcs8.py IN.der OUT.der PASSWORD pbkdf2 ITERATIONS [--fake]
       mkpkcs8.py IN.der OUT.der PASSWORD scrypt N R P [--fake]
Exit 3 when Python's cryptography package (for AES) is absent.
"""
import hashlib
import os
import sys

OID_PBES2 = bytes.fromhex("2a864886f70d01050d")
OID_PBKDF2 = bytes.fromhex("2a864886f70d01050c")
OID_HMAC_SHA256 = bytes.fromhex("2a864886f70d0209")
OID_SCRYPT = bytes.fromhex("2b06010401da47040b")
OID_AES256_CBC = bytes.fromhex("60864801650304012a")
KEY_BYTES = 32
BLOCK_BYTES = 16


def der(tag, body):
    """One DER element: tag, definite length, body."""
    n = len(body)
    if n < 0x80:
        head = bytes([n])
    else:
        raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
        head = bytes([0x80 | len(raw)]) + raw
    return bytes([tag]) + head + body


def der_int(v):
    """A DER INTEGER of v >= 0 (a leading zero byte where the top bit is set)."""
    raw = v.to_bytes((v.bit_length() + 8) // 8, "big")
    return der(0x02, raw)


def seq(*parts):
    return der(0x30, b"".join(parts))


def main(argv):
    fake = "--fake" in argv
    args = [a for a in argv if a != "--fake"]
    src, dst, password, kdf = args[1], args[2], args[3].encode(), args[4]
    plain = open(src, "rb").read()
    salt, iv = os.urandom(16), os.urandom(BLOCK_BYTES)
    if kdf == "pbkdf2":
        iters = int(args[5])
        params = seq(der(0x04, salt), der_int(iters),
                     seq(der(0x06, OID_HMAC_SHA256), b"\x05\x00"))
        kdf_alg = seq(der(0x06, OID_PBKDF2), params)
        derive = lambda: hashlib.pbkdf2_hmac("sha256", password, salt, iters, KEY_BYTES)
    else:
        n, r, p = int(args[5]), int(args[6]), int(args[7])
        params = seq(der(0x04, salt), der_int(n), der_int(r), der_int(p))
        kdf_alg = seq(der(0x06, OID_SCRYPT), params)
        derive = lambda: hashlib.scrypt(password, salt=salt, n=n, r=r, p=p,
                                        maxmem=256 * 1024 * 1024, dklen=KEY_BYTES)
    if fake:
        data = os.urandom((len(plain) // BLOCK_BYTES + 1) * BLOCK_BYTES)
    else:
        try:
            from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        except ImportError:
            return 3
        pad = BLOCK_BYTES - len(plain) % BLOCK_BYTES
        enc = Cipher(algorithms.AES(derive()), modes.CBC(iv)).encryptor()
        data = enc.update(plain + bytes([pad]) * pad) + enc.finalize()
    scheme = seq(der(0x06, OID_AES256_CBC), der(0x04, iv))
    alg = seq(der(0x06, OID_PBES2), seq(kdf_alg, scheme))
    open(dst, "wb").write(seq(alg, der(0x04, data)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
