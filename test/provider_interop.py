#!/usr/bin/env python3
"""Interop of the provider (through the openssl command) with OpenSSL 4.0
through Python's cryptography (48+), for test/test_provider.sh.

The provider's keys (written with no settings: seed-only PKCS#8, the form
cryptography reads, also for a key read from OpenSSL 3.5's default form; and
SubjectPublicKeyInfo), signatures with and without a context, and the
certificates test_provider.sh made (a self-signed one per parameter set, the
chain CA -> intermediate -> leaf) load and verify in cryptography; a key and
signatures made by cryptography are read and verified by the provider.
(cryptography 48 cannot sign an ML-DSA certificate, so certificates cross
one way only.)
PROVIDER_OPENSSL_CONF (set by the suite) is the openssl.cnf that activates
the provider for the openssl commands; OPENSSL_CONF must not load it here
(cryptography's OpenSSL reads it too): the suite sets it to /dev/null.  Prints one line
per case and "N passed, N failed" (", N skipped" when cryptography is
missing or has no ML-DSA).

Usage: python3 test/provider_interop.py WORKDIR   (test_provider.sh's folder)
"""
import os
import subprocess
import sys

from interop_cases import case, finish, no_cryptography

try:
    from cryptography import x509
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import mldsa
except ImportError as e:  # absent, or too old for ML-DSA
    no_cryptography(e)

PRIVATE = {44: mldsa.MLDSA44PrivateKey, 65: mldsa.MLDSA65PrivateKey,
           87: mldsa.MLDSA87PrivateKey}
PUBLIC = {44: mldsa.MLDSA44PublicKey, 65: mldsa.MLDSA65PublicKey,
          87: mldsa.MLDSA87PublicKey}
OID = {n: f"2.16.840.1.101.3.4.3.{arc}" for n, arc in ((44, 17), (65, 18), (87, 19))}
PEM = serialization.Encoding.PEM
SPKI = serialization.PublicFormat.SubjectPublicKeyInfo
PKCS8 = serialization.PrivateFormat.PKCS8
NOENC = serialization.NoEncryption()
WORK = None
CONF = os.environ.get("PROVIDER_OPENSSL_CONF", "")

def openssl(*args, config=None):
    """Run openssl in WORK with the suite's openssl.cnf (PROVIDER_OPENSSL_CONF;
    this process itself runs without one, so that cryptography's OpenSSL
    never loads the provider), or another of the suite's files."""
    env = dict(os.environ)
    env["OPENSSL_CONF"] = os.path.join(WORK, config) if config else CONF
    p = subprocess.run(["openssl", *args], cwd=WORK, capture_output=True, env=env)
    return p.returncode, p.stdout, p.stderr.decode(errors="replace").strip()[:300]


def path(name):
    return os.path.join(WORK, name)


def read(name):
    with open(path(name), "rb") as f:
        return f.read()


def write(name, data):
    with open(path(name), "wb") as f:
        f.write(data)


def verifies(pub, sig, msg, ctx=None):
    try:
        pub.verify(sig, msg, ctx) if ctx is not None else pub.verify(sig, msg)
        return True
    except InvalidSignature:
        return False


def ours_in_theirs(n):
    """The provider's key, public key and signatures, read by cryptography."""
    rc, _, err = openssl("genpkey", "-algorithm", f"ML-DSA-{n}", "-out", f"ik{n}.pem")
    rc2, _, err2 = openssl("pkey", "-in", f"ik{n}.pem", "-pubout", "-out", f"ip{n}.pem")
    case(f"ML-DSA-{n}: the provider writes a key in its default form and its public key",
         rc == 0 and rc2 == 0, err + err2)
    if rc or rc2:
        return
    try:
        key = serialization.load_pem_private_key(read(f"ik{n}.pem"), None)
        pub = serialization.load_pem_public_key(read(f"ip{n}.pem"))
        ok = isinstance(key, PRIVATE[n]) and pub.public_bytes(PEM, SPKI) == read(f"ip{n}.pem")
    except (ValueError, TypeError) as e:
        case(f"ML-DSA-{n}: cryptography loads the provider's keys", False, str(e))
        return
    case(f"ML-DSA-{n}: cryptography loads the provider's keys (the same public key)",
         ok and key.public_key().public_bytes(PEM, SPKI) == read(f"ip{n}.pem"))
    # a key of OpenSSL 3.5's default form (both: seed and expanded key),
    # written again by the provider with no settings: the seed form
    rc, _, err = openssl("genpkey", "-algorithm", f"ML-DSA-{n}", "-out", f"ib{n}.pem",
                         config="seed-priv.cnf")
    rc2, out, err2 = openssl("pkey", "-in", f"ib{n}.pem")
    try:
        ok = rc == 0 and rc2 == 0 and isinstance(
            serialization.load_pem_private_key(out, None), PRIVATE[n])
    except (ValueError, TypeError) as e:
        ok, err2 = False, str(e)
    case(f"ML-DSA-{n}: ... and a both-form key the provider wrote again by default",
         ok, err + err2)
    msg = os.urandom(777)
    write(f"im{n}", msg)
    for ctx in (None, b"interop-ctx"):
        opts = ["-pkeyopt", "context-string:" + ctx.decode()] if ctx else []
        rc, _, err = openssl("pkeyutl", "-sign", "-rawin", "-inkey", f"ik{n}.pem", "-in",
                             f"im{n}", "-out", f"is{n}", *opts)
        what = "with a context" if ctx else "no context"
        case(f"ML-DSA-{n}: cryptography verifies the provider's signature ({what})",
             rc == 0 and verifies(pub, read(f"is{n}"), msg, ctx), err)
        case(f"ML-DSA-{n}: ... and not over another message ({what})",
             rc == 0 and not verifies(pub, read(f"is{n}"), msg + b"x", ctx))


def theirs_in_ours(n):
    """cryptography's key and signatures, read and verified by the provider."""
    key = PRIVATE[n].generate()
    write(f"ck{n}.pem", key.private_bytes(PEM, PKCS8, NOENC))
    write(f"cp{n}.pem", key.public_key().public_bytes(PEM, SPKI))
    rc, out, err = openssl("pkey", "-in", f"ck{n}.pem", "-pubout")
    case(f"ML-DSA-{n}: the provider reads cryptography's private key (the same public key)",
         rc == 0 and out == read(f"cp{n}.pem"), err)
    rc, out, err = openssl("pkey", "-in", f"ck{n}.pem", "-out", "-")
    case(f"ML-DSA-{n}: ... and writes it back byte for byte (the default: seed-only)",
         rc == 0 and out == read(f"ck{n}.pem"), err)
    msg = os.urandom(1000)
    write(f"cm{n}", msg)
    for ctx in (None, b"their-ctx"):
        write(f"cs{n}", key.sign(msg, ctx) if ctx else key.sign(msg))
        opts = ["-pkeyopt", "context-string:" + ctx.decode()] if ctx else []
        rc, _, err = openssl("pkeyutl", "-verify", "-rawin", "-pubin", "-inkey", f"cp{n}.pem",
                             "-in", f"cm{n}", "-sigfile", f"cs{n}", *opts)
        what = "with a context" if ctx else "no context"
        case(f"ML-DSA-{n}: the provider verifies cryptography's signature ({what})", rc == 0, err)
    rc, _, err = openssl("pkeyutl", "-verify", "-rawin", "-pubin", "-inkey", f"cp{n}.pem",
                         "-in", f"cm{n}", "-sigfile", f"cs{n}")
    case(f"ML-DSA-{n}: ... and refuses it under another context", rc != 0, err)


def certificates():
    """The suite's certificates load in cryptography, and their signatures verify."""
    names = [f"self{n}.pem" for n in (44, 65, 87)] + ["ca.pem", "int.pem", "leaf.pem"]
    if not all(os.path.exists(path(c)) for c in names):
        case("the suite's certificates are there", False, "not made")
        return
    certs = {c: x509.load_pem_x509_certificate(read(c)) for c in names}
    for n in (44, 65, 87):
        c = certs[f"self{n}.pem"]
        case(f"ML-DSA-{n}: cryptography verifies the provider's self-signed certificate",
             isinstance(c.public_key(), PUBLIC[n])
             and c.signature_algorithm_oid.dotted_string == OID[n]
             and verifies(c.public_key(), c.signature, c.tbs_certificate_bytes))
    for child, parent in (("int.pem", "ca.pem"), ("leaf.pem", "int.pem")):
        c, p = certs[child], certs[parent]
        case(f"cryptography verifies {child} under {parent}",
             c.issuer == p.subject
             and verifies(p.public_key(), c.signature, c.tbs_certificate_bytes))
    leaf = certs["leaf.pem"]
    case("... and not the leaf under the CA",
         not verifies(certs["ca.pem"].public_key(), leaf.signature, leaf.tbs_certificate_bytes))


def main():
    global WORK
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit(__doc__)
    WORK = sys.argv[1]
    if not CONF or os.environ.get("OPENSSL_CONF") != "/dev/null":
        sys.exit("provider_interop.py: run by test_provider.sh (PROVIDER_OPENSSL_CONF set, "
                 "OPENSSL_CONF=/dev/null)")
    for n in (44, 65, 87):
        ours_in_theirs(n)
        theirs_in_ours(n)
    certificates()
    finish()


if __name__ == "__main__":
    main()
