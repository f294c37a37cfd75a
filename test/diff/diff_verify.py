#!/usr/bin/env python3
"""Differential verify: our ML-DSA.Verify against OpenSSL's (Python cryptography).

Random and mutated (pk, msg, ctx, sig) cases of the three parameter sets are
judged by OpenSSL through Python cryptography and by libmldsa through the
batch helper (test/diff/verify_batch.c, one process per 1000 cases); any
disagreement fails.  The mutations: bit flips in sig, pk, msg and ctx,
every hint malformation (a count above omega, decreasing counts, indices
not increasing, a repeated index, a non-zero unused byte), z at
+-(gamma1 - beta) and one inside, truncated and extended sig and pk,
foreign keys, contexts of 255 and 256 bytes, random bytes.  Skips with a
message when cryptography (48+, with ML-DSA) is absent.

DIFF_CASES (default 20000) sets the number of cases, DIFF_SEED the seed.
Prints the cases per mutation and "diff: N passed, N failed".

Usage: python3 test/diff/diff_verify.py PATH_TO_verify_batch
"""
import os
import random
import struct
import subprocess
import sys

try:
    from cryptography.hazmat.primitives.asymmetric import mldsa
except ImportError as e:  # absent, or too old for ML-DSA
    print(f"diff: skipped, Python cryptography with ML-DSA not available ({e})")
    print("diff: 0 passed, 0 failed, 1 skipped")
    sys.exit(0)

# FIPS 204 Table 1: (private class, public class, ctilde bytes, k, l,
# gamma1 bits, beta, omega)
PARAMS = {
    44: (mldsa.MLDSA44PrivateKey, mldsa.MLDSA44PublicKey, 32, 4, 4, 17, 78, 80),
    65: (mldsa.MLDSA65PrivateKey, mldsa.MLDSA65PublicKey, 48, 6, 5, 19, 196, 55),
    87: (mldsa.MLDSA87PrivateKey, mldsa.MLDSA87PublicKey, 64, 8, 7, 19, 120, 75),
}
KEYS_PER_SET = 3
SIGS_PER_KEY = 6
BATCH = 1000


def theirs(n, pk, msg, ctx, sig):
    """OpenSSL's verdict: True when cryptography accepts."""
    try:
        PARAMS[n][1].from_public_bytes(pk).verify(sig, msg, ctx)
        return True
    except Exception:  # InvalidSignature, or ValueError for bad lengths
        return False


def ours(helper, cases):
    """Our verdicts for a list of (n, pk, msg, ctx, sig), via the helper."""
    stream = bytearray()
    for n, pk, msg, ctx, sig in cases:
        stream.append(n)
        for field in (pk, msg, ctx, sig):
            stream += struct.pack("<I", len(field)) + field
    p = subprocess.run([helper], input=bytes(stream), capture_output=True)
    out = p.stdout.decode()
    if p.returncode != 0 or len(out) != len(cases):
        sys.exit(f"diff: helper failed (exit {p.returncode}, {len(out)} of "
                 f"{len(cases)} verdicts): {p.stderr.decode()[:200]}")
    return out


def flip(rng, b, start=0, end=None):
    """b with one random bit flipped in [start, end)."""
    end = len(b) if end is None else end
    if end <= start:
        return b
    b = bytearray(b)
    b[rng.randrange(start, end)] ^= 1 << rng.randrange(8)
    return bytes(b)


def set_z(n, sig, poly, index, z):
    """sig with coefficient index of z's polynomial poly set to z (BitPack)."""
    _, _, ct, _, _, g1bits, _, _ = PARAMS[n]
    bits = g1bits + 1
    v = (1 << g1bits) - z
    pos = ct * 8 + (poly * 256 + index) * bits
    b = bytearray(sig)
    for i in range(bits):
        byte, bit = divmod(pos + i, 8)
        b[byte] = (b[byte] & ~(1 << bit)) | (((v >> i) & 1) << bit)
    return bytes(b)


def hint_bad(rng, n, sig):
    """sig with its hint encoding malformed in one of the ways sigDecode refuses."""
    _, _, ct, k, l, g1bits, _, omega = PARAMS[n]
    off = ct + l * 32 * (g1bits + 1)
    b = bytearray(sig)
    counts = off + omega
    how = rng.randrange(5)
    i = rng.randrange(k)
    if how == 0:                      # a count above omega
        b[counts + i] = rng.randrange(omega + 1, 256)
    elif how == 1 and i > 0:          # counts that decrease
        b[counts + i] = max(0, b[counts + i - 1] - 1 - rng.randrange(3))
        if b[counts + i] == b[counts + i - 1]:
            b[counts + i - 1] += 1
    elif how == 2:                    # indices within a polynomial not increasing
        first = b[counts + i - 1] if i > 0 else 0
        last = b[counts + i]
        if last - first >= 2:
            j = rng.randrange(first, last - 1)
            b[off + j], b[off + j + 1] = b[off + j + 1], b[off + j]
            if b[off + j] == b[off + j + 1]:
                b[off + j] ^= 1
        else:
            b[counts + i] = omega + 1
    elif how == 3:                    # a repeated index
        first = b[counts + i - 1] if i > 0 else 0
        last = b[counts + i]
        if last - first >= 2:
            j = rng.randrange(first, last - 1)
            b[off + j + 1] = b[off + j]
        else:
            b[counts + k - 1] = omega + 1
    else:                             # a non-zero byte after the last index
        used = b[counts + k - 1]
        if used < omega:
            b[off + rng.randrange(used, omega)] = rng.randrange(1, 256)
        else:
            b[counts + k - 1] = used - 1
    return bytes(b)


def make_case(rng, pools, kind):
    """One (n, pk, msg, ctx, sig) of the given mutation kind."""
    n = rng.choice(list(PARAMS))
    pk, msg, ctx, sig = rng.choice(pools[n])
    _, _, ct, k, l, g1bits, beta, omega = PARAMS[n]
    g1 = 1 << g1bits
    if kind == "valid":
        pass
    elif kind == "sig bit flip":
        sig = flip(rng, sig)
    elif kind == "ctilde bit flip":
        sig = flip(rng, sig, 0, ct)
    elif kind == "pk bit flip":
        pk = flip(rng, pk)
    elif kind == "msg bit flip":
        msg = flip(rng, msg) if msg else b"\0"
    elif kind == "ctx bit flip":
        ctx = flip(rng, ctx) if ctx else b"\0"
    elif kind == "hint malformed":
        sig = hint_bad(rng, n, sig)
    elif kind == "z at +-(gamma1 - beta)":
        sig = set_z(n, sig, rng.randrange(l), rng.randrange(256),
                    rng.choice((g1 - beta, -(g1 - beta))))
    elif kind == "z inside the bound":
        sig = set_z(n, sig, rng.randrange(l), rng.randrange(256),
                    rng.choice((g1 - beta - 1, -(g1 - beta - 1))))
    elif kind == "sig truncated or extended":
        sig = sig[:rng.randrange(len(sig))] if rng.random() < 0.7 \
            else sig + bytes(rng.randrange(1, 8))
    elif kind == "pk truncated or extended":
        pk = pk[:rng.randrange(len(pk))] if rng.random() < 0.7 \
            else pk + bytes(rng.randrange(1, 8))
    elif kind == "foreign key":
        other = rng.choice([x for x in pools[n] if x[0] != pk])
        pk = other[0]
    elif kind == "other parameter set's key":
        m = rng.choice([x for x in PARAMS if x != n])
        pk = rng.choice(pools[m])[0]
    elif kind == "context 255 / 256":
        ctx = bytes(rng.randrange(256) for _ in range(rng.choice((255, 256))))
    elif kind == "random sig":
        sig = rng.randbytes(len(sig))
    elif kind == "random pk":
        pk = rng.randbytes(len(pk))
    return n, pk, msg, ctx, sig


KINDS = ["valid", "sig bit flip", "ctilde bit flip", "pk bit flip",
         "msg bit flip", "ctx bit flip", "hint malformed",
         "z at +-(gamma1 - beta)", "z inside the bound",
         "sig truncated or extended", "pk truncated or extended",
         "foreign key", "other parameter set's key", "context 255 / 256",
         "random sig", "random pk"]


def main():
    helper = sys.argv[1]
    total = int(os.environ.get("DIFF_CASES", "20000"))
    seed = int(os.environ.get("DIFF_SEED", "0") or 0) or random.randrange(1, 2**32)
    print(f"diff: {total} cases, DIFF_SEED={seed}")
    rng = random.Random(seed)
    pools = {}
    for n, (priv, *_rest) in PARAMS.items():
        pools[n] = []
        for _ in range(KEYS_PER_SET):
            key = priv.from_seed_bytes(rng.randbytes(32))
            pk = key.public_key().public_bytes_raw()
            for _ in range(SIGS_PER_KEY):
                msg = rng.randbytes(rng.choice((0, 1, 33, 1000)))
                ctx = rng.randbytes(rng.choice((0, 1, 17, 255)))
                pools[n].append((pk, msg, ctx, key.sign(msg, ctx)))
    passed = failed = 0
    per_kind = {k: 0 for k in KINDS}
    accepted = 0
    done = 0
    while done < total:
        batch = []
        for _ in range(min(BATCH, total - done)):
            kind = KINDS[rng.randrange(len(KINDS))]
            batch.append((kind, make_case(rng, pools, kind)))
        verdicts = ours(helper, [c for _, c in batch])
        for (kind, c), v in zip(batch, verdicts):
            want = theirs(*c)
            per_kind[kind] += 1
            if v == ("1" if want else "0"):
                passed += 1
                accepted += want
            else:
                failed += 1
                n, pk, msg, ctx, sig = c
                print(f"FAIL ML-DSA-{n} {kind}: OpenSSL {'accepts' if want else 'refuses'},"
                      f" ours {'X (our two verifiers disagree)' if v == 'X' else v}:"
                      f" pk {pk[:8].hex()}.. ({len(pk)}) msg {msg.hex()[:32]} ({len(msg)})"
                      f" ctx ({len(ctx)}) sig {sig[:16].hex()}.. ({len(sig)})")
        done += len(batch)
    for kind in KINDS:
        print(f"  {per_kind[kind]:6d}  {kind}")
    print(f"diff: {accepted} of the agreeing cases are valid signatures")
    print(f"diff: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
