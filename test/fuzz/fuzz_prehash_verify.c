/*
 * libFuzzer target: HashML-DSA verification (FIPS 204 Algorithm 5) of
 * arbitrary bytes.  Input: parameter set, hash, context length, then the
 * context, the digest (of the hash's length, zero-padded) and the
 * signature.  The one-shot and the key-object verifiers must agree on
 * valid or not and return MLDSA_OK or an error code, never crash; under a fixed key, a
 * signature the library makes of the same digest and context verifies, and
 * fails once one bit of it (chosen by the input) is flipped, or under the
 * pure ML-DSA verifier.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NHASH 12   /* MLDSA_SHA2_224 .. MLDSA_SHAKE256 */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
    static const uint8_t zero_rnd[MLDSA_RND_BYTES];
    static MLDSA_KEY *keys[3];
    uint8_t sig[MLDSA_MAX_SIGNATURE_BYTES], seed[MLDSA_SEED_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t digest[MLDSA_MAX_DIGEST_BYTES];
    const uint8_t *ctx, *sigin;
    size_t ctxlen, digestlen, siglen, n, bit;
    mldsa_hash hash;
    MLDSA_KEY *key;
    unsigned ip;
    int r1, r2;

    if (size < 3)
        return 0;
    ip = data[0] % 3;
    if (keys[ip] == NULL) {
        memset(seed, (int)ip, sizeof(seed));
        if (mldsa_key_generate(&keys[ip], params[ip], seed) != MLDSA_OK)
            abort();
    }
    key = keys[ip];
    hash = (mldsa_hash)(data[1] % (NHASH + 1));    /* one past the last, too */
    ctxlen = data[2];
    data += 3;
    size -= 3;
    if (ctxlen > size)
        ctxlen = size;
    ctx = data;
    n = size - ctxlen;
    /* the digest: the hash's length, zero-padded (all that is left for an
     * unknown hash), then the signature */
    digestlen = mldsa_digest_bytes(hash);
    if (digestlen == 0)
        digestlen = n < sizeof(digest) ? n : sizeof(digest);
    memset(digest, 0, sizeof(digest));
    memcpy(digest, data + ctxlen, n < digestlen ? n : digestlen);
    sigin = data + ctxlen + (n < digestlen ? n : digestlen);
    siglen = n < digestlen ? 0 : n - digestlen;
    if (mldsa_key_get_public(key, pk, sizeof(pk)) != MLDSA_OK)
        abort();

    /* arbitrary bytes: the two verifiers agree (on which error too would
     * pin the order of their argument checks, which differ) */
    r1 = mldsa_prehash_verify(params[ip], sigin, siglen, hash, digest,
                              digestlen, ctx, ctxlen, pk);
    r2 = mldsa_key_prehash_verify(key, sigin, siglen, hash, digest, digestlen,
                                  ctx, ctxlen);
    if ((r1 == MLDSA_OK) != (r2 == MLDSA_OK) || r1 > 0 || r2 > 0)
        abort();

    /* a real signature verifies, and not once edited */
    siglen = mldsa_signature_bytes(params[ip]);
    if (mldsa_key_prehash_sign(key, sig, hash, digest, digestlen, ctx, ctxlen,
                               zero_rnd) != MLDSA_OK)
        return 0;               /* a digest or hash the API refuses */
    if (mldsa_prehash_verify(params[ip], sig, siglen, hash, digest, digestlen,
                             ctx, ctxlen, pk) != MLDSA_OK
        || mldsa_verify(params[ip], sig, siglen, digest, digestlen, ctx,
                        ctxlen, pk) == MLDSA_OK)
        abort();
    bit = ((size_t)digest[0] * 131 + n) % (siglen * 8);
    sig[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    if (mldsa_key_prehash_verify(key, sig, siglen, hash, digest, digestlen,
                                 ctx, ctxlen) != MLDSA_ERR_VERIFY)
        abort();
    return 0;
}
