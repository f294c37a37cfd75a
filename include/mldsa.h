/*
 * mldsa.h - the public interface of libmldsa, an implementation of ML-DSA
 * (FIPS 204, Module-Lattice-Based Digital Signature Standard) for the
 * parameter sets ML-DSA-44, ML-DSA-65 and ML-DSA-87.
 *
 * Conventions:
 *   - Every int-returning function returns MLDSA_OK (0) on success and a
 *     negative MLDSA_ERR_* code otherwise; mldsa_strerror() names it.
 *   - Verification returns MLDSA_OK for a valid signature and
 *     MLDSA_ERR_VERIFY for an invalid one (MLDSA_ERR_SIG_LENGTH when the
 *     signature does not even have the length of the parameter set).  Treat
 *     anything but MLDSA_OK as "not valid".
 *   - On failure, outputs are zeroed (or left untouched when they were never
 *     written); no half-written secret is ever left behind.
 *   - A NULL pointer is accepted only together with a zero length
 *     (MLDSA_ERR_NULL otherwise, and for a required pointer that is NULL).
 *   - Sizes: a pk, sk or sig argument holds mldsa_public_key_bytes(),
 *     mldsa_secret_key_bytes() or mldsa_signature_bytes() of the parameter
 *     set (MLDSA_MAX_* fit them all); seed and rnd 32 bytes; mu 64 bytes;
 *     a context 0..255 bytes (MLDSA_ERR_CONTEXT_LENGTH beyond).
 *   - Aliasing: outputs must not overlap inputs, except where a function
 *     says so.
 *   - Secrets: every secret intermediate (seeds, expanded secrets, the
 *     signing mask, rho'') is wiped before the function returns, on every
 *     path; key objects are wiped when freed.
 *   - Thread safety: every function may run in several threads at once;
 *     the only shared state is the CPU capability vector and the backend
 *     chosen from it, made once without a lock (idempotently).  A key object is read-only once made
 *     and may be shared; a digest or mu context belongs to one thread at a
 *     time.
 *   - The parameter set given must be one of mldsa_param
 *     (MLDSA_ERR_PARAM otherwise).
 */
#ifndef MLDSA_H
#define MLDSA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define MLDSA_EXPORT __attribute__((visibility("default")))
#else
#define MLDSA_EXPORT
#endif

#define MLDSA_VERSION_STRING "0.1.0"

#define MLDSA_SEED_BYTES 32   /* xi, FIPS 204 Algorithm 1 */
#define MLDSA_RND_BYTES 32    /* rnd, FIPS 204 Algorithm 2 */
#define MLDSA_MU_BYTES 64     /* mu, FIPS 204 Algorithm 7 line 6 */
#define MLDSA_MAX_CONTEXT_BYTES 255

/* Largest sizes over all parameter sets (ML-DSA-87), for static buffers. */
#define MLDSA_MAX_PUBLIC_KEY_BYTES 2592
#define MLDSA_MAX_SECRET_KEY_BYTES 4896
#define MLDSA_MAX_SIGNATURE_BYTES 4627
#define MLDSA_MAX_DIGEST_BYTES 64

/* Return codes. */
#define MLDSA_OK 0
#define MLDSA_ERR_VERIFY -1          /* signature is not valid */
#define MLDSA_ERR_PARAM -2           /* unknown parameter set */
#define MLDSA_ERR_HASH -3            /* unknown hash id */
#define MLDSA_ERR_NULL -4            /* NULL pointer with a non-zero length, or a required pointer NULL */
#define MLDSA_ERR_CONTEXT_LENGTH -5  /* context string longer than 255 bytes */
#define MLDSA_ERR_SIG_LENGTH -6      /* signature length does not match the parameter set */
#define MLDSA_ERR_PK_LENGTH -7       /* public key length does not match the parameter set */
#define MLDSA_ERR_SK_LENGTH -8       /* secret key length does not match the parameter set */
#define MLDSA_ERR_DIGEST_LENGTH -9   /* digest length does not match its hash */
#define MLDSA_ERR_BAD_KEY -10        /* secret key coefficients out of range */
#define MLDSA_ERR_KEY_MISMATCH -11   /* key parts do not belong together (tr, t0, seed, public key) */
#define MLDSA_ERR_RANDOM -12         /* the OS random source failed */
#define MLDSA_ERR_MEMORY -13         /* out of memory */
#define MLDSA_ERR_NO_SECRET -14      /* the key object holds no secret key */
#define MLDSA_ERR_NO_SEED -15        /* the key object was not made from a seed */
#define MLDSA_ERR_BUFFER -16         /* output buffer too small */
#define MLDSA_ERR_DER -17            /* malformed DER structure (tag, shape) */
#define MLDSA_ERR_DER_LENGTH -18     /* bad DER length: non-minimal, indefinite, or beyond the input */
#define MLDSA_ERR_TRAILING -19       /* trailing bytes after the encoding */
#define MLDSA_ERR_OID -20            /* algorithm OID is not an ML-DSA one, or not the expected one */
#define MLDSA_ERR_OID_PARAMS -21     /* AlgorithmIdentifier parameters present */
#define MLDSA_ERR_KEY_LENGTH -22     /* encoded seed or key of the wrong length */
#define MLDSA_ERR_PEM -23            /* bad PEM armour or base64 */
#define MLDSA_ERR_KEY_TYPE -24       /* a public key where a private key is needed, or the reverse */
#define MLDSA_ERR_SELF_TEST -25      /* a known-answer self-test or a pairwise consistency test failed */
#define MLDSA_ERR_FINISHED -26       /* a digest or mu context used after its final */
#define MLDSA_ERR_FORMAT -27         /* unknown private key format */

/* A static English message for err (a return code); never NULL. */
MLDSA_EXPORT const char *mldsa_strerror(int err);

/* Parameter sets and sizes. */
typedef enum { MLDSA_44 = 44, MLDSA_65 = 65, MLDSA_87 = 87 } mldsa_param;

MLDSA_EXPORT size_t mldsa_public_key_bytes(mldsa_param param); /* 1312 1952 2592; 0 if unknown */
MLDSA_EXPORT size_t mldsa_secret_key_bytes(mldsa_param param); /* 2560 4032 4896 */
MLDSA_EXPORT size_t mldsa_signature_bytes(mldsa_param param);  /* 2420 3309 4627 */

/*
 * ML-DSA.KeyGen (FIPS 204 Algorithm 1; Algorithm 6 from a given seed).
 * seed: 32 bytes (xi); NULL draws a fresh one from the OS (getrandom).
 * Writes pk (public key bytes) and sk (secret key bytes).  Errors: _PARAM,
 * _NULL (pk or sk), _RANDOM, _MEMORY.  The seed and expanded secrets used
 * are wiped.
 */
MLDSA_EXPORT int mldsa_keygen(mldsa_param param, uint8_t *pk, uint8_t *sk,
                              const uint8_t *seed);
/*
 * The public key of the encoded secret key sk: pk (public key bytes).
 * Errors: _PARAM, _NULL, _BAD_KEY (s1/s2 out of range), _KEY_MISMATCH (its
 * tr or t0 does not belong to it), _MEMORY.
 */
MLDSA_EXPORT int mldsa_pk_from_sk(mldsa_param param, uint8_t *pk,
                                  const uint8_t *sk);

/*
 * ML-DSA.Sign and ML-DSA.Verify (FIPS 204 Algorithms 2 and 3).
 * rnd: 32 bytes; NULL = hedged with fresh OS randomness;
 * 32 zero bytes = the deterministic variant. ctx: 0..255 bytes.
 * sign writes sig (signature bytes); errors: _PARAM, _NULL,
 * _CONTEXT_LENGTH, _BAD_KEY, _KEY_MISMATCH (sk decoded and checked as by
 * mldsa_key_from_secret), _RANDOM, _MEMORY; sig is zeroed or untouched on
 * failure.
 * verify: MLDSA_OK, _VERIFY (invalid), _SIG_LENGTH, _PARAM, _NULL,
 * _CONTEXT_LENGTH, _MEMORY.
 */
MLDSA_EXPORT int mldsa_sign(mldsa_param param, uint8_t *sig,
                            const uint8_t *msg, size_t msglen,
                            const uint8_t *ctx, size_t ctxlen,
                            const uint8_t *sk, const uint8_t *rnd);
MLDSA_EXPORT int mldsa_verify(mldsa_param param, const uint8_t *sig,
                              size_t siglen, const uint8_t *msg, size_t msglen,
                              const uint8_t *ctx, size_t ctxlen,
                              const uint8_t *pk);

/* HashML-DSA: the caller passes the digest of the message under hash. */
typedef enum {
    MLDSA_SHA2_224, MLDSA_SHA2_256, MLDSA_SHA2_384,
    MLDSA_SHA2_512, MLDSA_SHA2_512_224, MLDSA_SHA2_512_256,
    MLDSA_SHA3_224, MLDSA_SHA3_256, MLDSA_SHA3_384,
    MLDSA_SHA3_512, MLDSA_SHAKE128, MLDSA_SHAKE256
} mldsa_hash;

/* Length of the digest HashML-DSA uses for hash (SHAKE128: 32, SHAKE256: 64); 0 if unknown. */
MLDSA_EXPORT size_t mldsa_digest_bytes(mldsa_hash hash);
/* Digest of msg under hash; *outlen receives its length (out holds
 * MLDSA_MAX_DIGEST_BYTES).  Errors: _HASH, _NULL.  msg and out may not overlap. */
MLDSA_EXPORT int mldsa_digest(mldsa_hash hash, uint8_t *out, size_t *outlen,
                              const uint8_t *msg, size_t msglen);

/*
 * Incremental digest, for messages that arrive in pieces: new (errors
 * _NULL, _HASH, _MEMORY; *out NULL on failure), update any number of times
 * (_NULL), final, free (NULL is fine; the state is wiped).
 */
typedef struct mldsa_digest_ctx_st MLDSA_DIGEST_CTX;
MLDSA_EXPORT int mldsa_digest_new(MLDSA_DIGEST_CTX **out, mldsa_hash hash);
MLDSA_EXPORT int mldsa_digest_update(MLDSA_DIGEST_CTX *dctx,
                                     const uint8_t *msg, size_t msglen);
/* Writes the digest and its length; the context can then only be freed
 * (update or final on it again gives MLDSA_ERR_FINISHED). */
MLDSA_EXPORT int mldsa_digest_final(MLDSA_DIGEST_CTX *dctx, uint8_t *out,
                                    size_t *outlen);
MLDSA_EXPORT void mldsa_digest_free(MLDSA_DIGEST_CTX *dctx);

/*
 * HashML-DSA.Sign and .Verify (FIPS 204 Algorithms 4 and 5) from the digest
 * of the message under hash: digestlen must be mldsa_digest_bytes(hash)
 * (MLDSA_ERR_DIGEST_LENGTH), hash one of the enum (_HASH); otherwise as
 * mldsa_sign / mldsa_verify.
 */
MLDSA_EXPORT int mldsa_prehash_sign(mldsa_param param, uint8_t *sig,
                                    mldsa_hash hash, const uint8_t *digest,
                                    size_t digestlen, const uint8_t *ctx,
                                    size_t ctxlen, const uint8_t *sk,
                                    const uint8_t *rnd);
MLDSA_EXPORT int mldsa_prehash_verify(mldsa_param param, const uint8_t *sig,
                                      size_t siglen, mldsa_hash hash,
                                      const uint8_t *digest, size_t digestlen,
                                      const uint8_t *ctx, size_t ctxlen,
                                      const uint8_t *pk);

/*
 * External mu (64 bytes), and the FIPS 204 internal interface on M'.
 * compute_mu: mu = SHAKE256(tr || 0 || len(ctx) || ctx || msg) with tr
 * from pk (errors _PARAM, _NULL, _CONTEXT_LENGTH, _MEMORY).  sign_mu /
 * verify_mu: FIPS 204 Algorithms 7 and 8 from the line after mu.
 * sign_internal / verify_internal: Algorithms 7 and 8 on M' as given (no
 * domain separation added).  Errors as mldsa_sign / mldsa_verify.
 */
MLDSA_EXPORT int mldsa_compute_mu(mldsa_param param, uint8_t mu[64],
                                  const uint8_t *pk, const uint8_t *msg,
                                  size_t msglen, const uint8_t *ctx,
                                  size_t ctxlen);
MLDSA_EXPORT int mldsa_sign_mu(mldsa_param param, uint8_t *sig,
                               const uint8_t mu[64], const uint8_t *sk,
                               const uint8_t *rnd);
MLDSA_EXPORT int mldsa_verify_mu(mldsa_param param, const uint8_t *sig,
                                 size_t siglen, const uint8_t mu[64],
                                 const uint8_t *pk);
MLDSA_EXPORT int mldsa_sign_internal(mldsa_param param, uint8_t *sig,
                                     const uint8_t *mprime, size_t mprimelen,
                                     const uint8_t *sk, const uint8_t *rnd);
MLDSA_EXPORT int mldsa_verify_internal(mldsa_param param, const uint8_t *sig,
                                       size_t siglen, const uint8_t *mprime,
                                       size_t mprimelen, const uint8_t *pk);

/*
 * The key object: decodes a key once and keeps what signing and verifying
 * need in expanded (NTT) form, so that many signatures with one key do not
 * expand A, s1, s2, t0 or t1 again.  It is zeroised on free.  A key made
 * from a public key can only verify.  A key object is read-only after it is
 * made: one key may be used from several threads at once.
 */
typedef struct mldsa_key_st MLDSA_KEY;

/*
 * Constructors: *out receives a new key object (NULL on failure), freed
 * with mldsa_key_free.  Errors: _NULL (out), _PARAM, _MEMORY, and as each
 * says.  Inputs are copied: the caller may wipe them at once.
 *
 * generate: ML-DSA.KeyGen from seed (32 bytes, xi); NULL draws a fresh one
 * from the OS (_RANDOM).
 */
MLDSA_EXPORT int mldsa_key_generate(MLDSA_KEY **out, mldsa_param param,
                                    const uint8_t *seed);
/* A 32-byte seed given with its length: MLDSA_ERR_KEY_LENGTH unless seedlen is 32. */
MLDSA_EXPORT int mldsa_key_from_seed(MLDSA_KEY **out, mldsa_param param,
                                     const uint8_t *seed, size_t seedlen);
/* An expanded secret key (FIPS 204 skEncode); checked as it is decoded:
 * _SK_LENGTH, _BAD_KEY (s1/s2 out of [-eta, eta]), _KEY_MISMATCH (tr or t0
 * not this key's). */
MLDSA_EXPORT int mldsa_key_from_secret(MLDSA_KEY **out, mldsa_param param,
                                       const uint8_t *sk, size_t sklen);
/* An encoded public key (pkEncode); a verify-only key.  _PK_LENGTH. */
MLDSA_EXPORT int mldsa_key_from_public(MLDSA_KEY **out, mldsa_param param,
                                       const uint8_t *pk, size_t pklen);
/* Wipe every secret of key and free it; NULL is fine. */
MLDSA_EXPORT void mldsa_key_free(MLDSA_KEY *key);

/* The key's parameter set (0 for NULL). */
MLDSA_EXPORT mldsa_param mldsa_key_param(const MLDSA_KEY *key);
MLDSA_EXPORT int mldsa_key_has_secret(const MLDSA_KEY *key); /* 1 or 0 */
MLDSA_EXPORT int mldsa_key_has_seed(const MLDSA_KEY *key);   /* 1 or 0 */
/* Writes the 32-byte seed; MLDSA_ERR_NO_SEED when the key was not made from one. */
MLDSA_EXPORT int mldsa_key_get_seed(const MLDSA_KEY *key, uint8_t seed[32]);
/* Encoded public / expanded secret key into out (outlen bytes available):
 * _NULL, _BUFFER (outlen below the key's size), _NO_SECRET (get_secret of
 * a verify-only key).  The caller wipes the secret it got. */
MLDSA_EXPORT int mldsa_key_get_public(const MLDSA_KEY *key, uint8_t *out,
                                      size_t outlen);
MLDSA_EXPORT int mldsa_key_get_secret(const MLDSA_KEY *key, uint8_t *out,
                                      size_t outlen);

/*
 * The one-shot operations on a key object, with the same arguments and
 * errors as their one-shot twins (the key replaces param and pk/sk);
 * signing with a verify-only key is MLDSA_ERR_NO_SECRET.  The key is only
 * read: many threads may use one key at once.
 */
MLDSA_EXPORT int mldsa_key_sign(const MLDSA_KEY *key, uint8_t *sig,
                                const uint8_t *msg, size_t msglen,
                                const uint8_t *ctx, size_t ctxlen,
                                const uint8_t *rnd);
MLDSA_EXPORT int mldsa_key_verify(const MLDSA_KEY *key, const uint8_t *sig,
                                  size_t siglen, const uint8_t *msg,
                                  size_t msglen, const uint8_t *ctx,
                                  size_t ctxlen);
MLDSA_EXPORT int mldsa_key_prehash_sign(const MLDSA_KEY *key, uint8_t *sig,
                                        mldsa_hash hash, const uint8_t *digest,
                                        size_t digestlen, const uint8_t *ctx,
                                        size_t ctxlen, const uint8_t *rnd);
MLDSA_EXPORT int mldsa_key_prehash_verify(const MLDSA_KEY *key,
                                          const uint8_t *sig, size_t siglen,
                                          mldsa_hash hash,
                                          const uint8_t *digest,
                                          size_t digestlen, const uint8_t *ctx,
                                          size_t ctxlen);
MLDSA_EXPORT int mldsa_key_compute_mu(const MLDSA_KEY *key, uint8_t mu[64],
                                      const uint8_t *msg, size_t msglen,
                                      const uint8_t *ctx, size_t ctxlen);
MLDSA_EXPORT int mldsa_key_sign_mu(const MLDSA_KEY *key, uint8_t *sig,
                                   const uint8_t mu[64], const uint8_t *rnd);
MLDSA_EXPORT int mldsa_key_verify_mu(const MLDSA_KEY *key, const uint8_t *sig,
                                     size_t siglen, const uint8_t mu[64]);
MLDSA_EXPORT int mldsa_key_sign_internal(const MLDSA_KEY *key, uint8_t *sig,
                                         const uint8_t *mprime,
                                         size_t mprimelen, const uint8_t *rnd);
MLDSA_EXPORT int mldsa_key_verify_internal(const MLDSA_KEY *key,
                                           const uint8_t *sig, size_t siglen,
                                           const uint8_t *mprime,
                                           size_t mprimelen);

/*
 * Batch verification: ML-DSA.Verify (FIPS 204 Algorithm 3) of n items at
 * once, as mldsa_key_verify of each (the keys may differ, in parameter set
 * too), the SHAKE work of up to eight items sharing the lanes of the
 * backend's multi-way Keccak kernel.  Each item's result is what
 * mldsa_key_verify returns on it, for every input (MLDSA_OK, _VERIFY,
 * _SIG_LENGTH, _NULL, _CONTEXT_LENGTH).  Returns MLDSA_OK when every item
 * verified, else MLDSA_ERR_VERIFY (each item has its own result);
 * MLDSA_ERR_NULL for a NULL items with n > 0 (n = 0: MLDSA_OK).  Only the
 * results are written.  Thread safety as mldsa_key_verify.
 */
typedef struct mldsa_verify_item_st {
    const MLDSA_KEY *key;          /* any parameter set, keys may differ */
    const uint8_t *msg; size_t msglen;
    const uint8_t *ctx; size_t ctxlen;
    const uint8_t *sig; size_t siglen;
    int result;                    /* out: what mldsa_key_verify returns */
} MLDSA_VERIFY_ITEM;
/* MLDSA_OK when every item verified, else MLDSA_ERR_VERIFY (each item
 * has its own result); MLDSA_ERR_NULL for a NULL items with n > 0. */
MLDSA_EXPORT int mldsa_key_verify_batch(MLDSA_VERIFY_ITEM *items, size_t n);
/* Defined where the batch API above is: code that also builds against
 * older headers can test it. */
#define MLDSA_HAVE_VERIFY_BATCH 1

/*
 * Incremental mu = SHAKE256(tr || 0x00 || len(ctx) || ctx || M, 64) for pure
 * ML-DSA (FIPS 204 Algorithm 2 lines 10 and Algorithm 7 line 6), so that a
 * message of any size can be signed or verified without holding it whole:
 * init, update any number of times, final, then mldsa_key_sign_mu or
 * mldsa_key_verify_mu.  new: errors _NULL, _CONTEXT_LENGTH, _MEMORY (*out
 * NULL on failure); the context keeps no pointer to the key.  update and
 * final: _NULL, and _FINISHED on a context already finished (as dup);
 * final writes mu once.  free: wipes; NULL is fine.
 */
typedef struct mldsa_mu_ctx_st MLDSA_MU_CTX;
MLDSA_EXPORT int mldsa_mu_new(MLDSA_MU_CTX **out, const MLDSA_KEY *key,
                              const uint8_t *ctx, size_t ctxlen);
MLDSA_EXPORT int mldsa_mu_update(MLDSA_MU_CTX *mctx, const uint8_t *msg,
                                 size_t msglen);
MLDSA_EXPORT int mldsa_mu_final(MLDSA_MU_CTX *mctx, uint8_t mu[64]);
MLDSA_EXPORT void mldsa_mu_free(MLDSA_MU_CTX *mctx);
/*
 * A copy of a streaming mu in the state mctx has reached, independent of it
 * from then on (so that a caller can finish one copy and go on absorbing
 * into the other, as OpenSSL's EVP_DigestSignFinal does with its context).
 * *out NULL on failure; errors _NULL (also for a finished context), _MEMORY.
 */
MLDSA_EXPORT int mldsa_mu_dup(MLDSA_MU_CTX **out, const MLDSA_MU_CTX *mctx);

/*
 * Key formats (RFC 9881): SubjectPublicKeyInfo and PKCS#8 OneAsymmetricKey,
 * as DER or PEM.  The private key is written in one of the three forms of
 * the RFC's CHOICE; seed-only is the default and what every peer reads.
 */
typedef enum {
    MLDSA_KEY_FORMAT_SEED,     /* seed [0] IMPLICIT OCTET STRING (needs a seed) */
    MLDSA_KEY_FORMAT_EXPANDED, /* expandedKey OCTET STRING */
    MLDSA_KEY_FORMAT_BOTH      /* both SEQUENCE { seed, expandedKey } */
} mldsa_key_format;

/*
 * Encoders: with out == NULL, *outlen receives the length needed; otherwise
 * *outlen holds the room in out on entry and the length written on return
 * (MLDSA_ERR_BUFFER, with the length needed in *outlen, when it is short).
 * PEM output is NUL-free text ending in a newline, 64 base64 characters a
 * line.  A private key needs a secret (MLDSA_ERR_NO_SECRET); the seed and
 * both forms need a key made from a seed (MLDSA_ERR_NO_SEED); an unknown
 * format is MLDSA_ERR_FORMAT, a NULL key or outlen MLDSA_ERR_NULL.  Private
 * key output is cleansed on failure; the caller wipes it after use.  The
 * base64 of PEM is written (and read) in constant time.
 */
MLDSA_EXPORT int mldsa_key_to_public_der(const MLDSA_KEY *key, uint8_t *out,
                                         size_t *outlen);
MLDSA_EXPORT int mldsa_key_to_private_der(const MLDSA_KEY *key,
                                          mldsa_key_format format,
                                          uint8_t *out, size_t *outlen);
MLDSA_EXPORT int mldsa_key_to_public_pem(const MLDSA_KEY *key, char *out,
                                         size_t *outlen);
MLDSA_EXPORT int mldsa_key_to_private_pem(const MLDSA_KEY *key,
                                          mldsa_key_format format, char *out,
                                          size_t *outlen);

/*
 * The key as text, laid out as OpenSSL 3.5's `openssl pkey -text` lays ML-DSA
 * keys out: "ML-DSA-65 Private-Key:" (or "ML-DSA-65 Public-Key:"), then
 * "seed:" (for a key made from a seed), "priv:" (the expanded key) and
 * "pub:", each followed by its bytes in hex, 15 to a line of four spaces
 * and "xx:" each (no colon after the last byte).  with_secret 0, or a key
 * without a secret, gives the public layout.  The encoder convention above
 * (out NULL: the length in *outlen); NUL-free text ending in a newline.
 * Errors: _NULL, _BUFFER.  The text of a private key is a secret: the
 * caller wipes it after use (and it is cleansed here on failure).
 */
MLDSA_EXPORT int mldsa_key_to_text(const MLDSA_KEY *key, int with_secret,
                                   char *out, size_t *outlen);

/*
 * Decoders: read a SubjectPublicKeyInfo or a PKCS#8 private key, in DER or
 * PEM (told apart by their content), including the legacy private key forms
 * (a bare seed or expanded key, an OQS key pair) as input only.  Strict DER:
 * MLDSA_ERR_DER (tag or shape), _DER_LENGTH (non-minimal, indefinite or past
 * the input), _TRAILING, _OID (not ML-DSA), _OID_PARAMS (parameters
 * present), _KEY_LENGTH, _KEY_MISMATCH (a `both` expanded key that is not
 * its seed's, or a public key given with the private key that is not its
 * own), _BAD_KEY (expanded key out of range).  PEM: the first block, which
 * must be labelled PUBLIC KEY or PRIVATE KEY (MLDSA_ERR_PEM otherwise, or
 * for bad armour or base64) and hold that kind of key (MLDSA_ERR_KEY_TYPE
 * otherwise); text around the block is ignored.  A version 2 PKCS#8
 * [1] publicKey is checked against the private key whatever form the
 * privateKey has (_KEY_MISMATCH).  Encrypted PKCS#8 is not read here (the
 * mldsa tool decrypts it with OpenSSL).  *out is NULL on failure, _MEMORY
 * when out of memory; the decoded copies of the secret are wiped.
 */
MLDSA_EXPORT int mldsa_key_from_der(MLDSA_KEY **out, const uint8_t *der,
                                    size_t derlen);
MLDSA_EXPORT int mldsa_key_from_pem(MLDSA_KEY **out, const char *pem,
                                    size_t pemlen);

/*
 * Power-on self-tests, as a FIPS 140-3 module runs them before first use:
 * known-answer tests of SHAKE128, SHAKE256, SHA-256 and SHA-512, and for
 * each of ML-DSA-44, -65 and -87 key generation from a fixed seed, a
 * deterministic signature and its verification (and the refusal of a
 * corrupted copy), on the backend in use, compared with values computed
 * independently (crypto/ml_dsa/ml_dsa_selftest.c says where from).
 * mldsa_self_test() runs them all: MLDSA_OK, or MLDSA_ERR_SELF_TEST at the
 * first that fails (the library is then not to be trusted).  It costs
 * one keygen, one deterministic sign and two verifies of each parameter
 * set, measured on an AMD Zen 5 class machine (TSC cycles, median; one
 * core): 0.58M cycles, 277 us, on x86_64-avx512-x8 (ML-DSA-44 92k, -65
 * 250k, -87 235k: -65's KAT message takes more signing attempts; each hash
 * 1.3k - 2k), 0.89M on -x4, 1.34M on -avx2, 2.85M (1.4 ms) on generic.
 * The library does not run it by itself: call it once, at start-up, where
 * a policy asks for it.  mldsa_self_test_case(i, &name) runs test i alone
 * (name: "SHA-256", "ML-DSA-65 keygen, sign, verify", ...; may be NULL):
 * MLDSA_OK, _SELF_TEST, or _PARAM past the last one.
 *
 * A library built with PCT=1 also runs a pairwise consistency test after
 * every key generation (mldsa_keygen, mldsa_key_generate,
 * mldsa_key_from_seed, and the seed form of a decoded private key): it
 * signs a fixed message with the new key and verifies it; a failure gives
 * MLDSA_ERR_SELF_TEST, zeroes pk and sk (mldsa_keygen) and keeps no key.
 * It costs one deterministic signature and one verification per key,
 * and one-shot keygen then prepares the key as mldsa_key_generate does:
 * mldsa_keygen takes 2.0x - 2.5x its time (on x86_64-avx512-x8 about 48k
 * instead of 19k cycles for ML-DSA-44, 68k for 33k, 114k for 49k); signing
 * and verifying cost the same as without.
 */
MLDSA_EXPORT int mldsa_self_test(void);
MLDSA_EXPORT int mldsa_self_test_case(size_t i, const char **name);

/* Zero len bytes at p with a store the compiler cannot drop (for the
 * caller's copies of seeds, keys and other secrets); p may be NULL. */
MLDSA_EXPORT void mldsa_cleanse(void *p, size_t len);

/*
 * Build information, for `mldsa info` and `mldsa speed`.
 *
 * Backends: the architecture-specific ops are chosen once per process, as
 * one backend ("x86_64-avx512vl-x4", "x86_64-avx2", "generic"): the best
 * this machine runs, or the one the environment variable MLDSA_BACKEND
 * names when this machine runs it (an unknown or unusable name is ignored).
 * Every backend gives the same bytes.  mldsa_backend_name() is the one in
 * use; mldsa_backend_list(i) the i-th one this machine runs, best first,
 * NULL past the last.  mldsa_sample_ops_name() names the backend's sampling
 * ops ("generic", "x86_64-avx512vl-x4").  mldsa_build_info() is one line:
 * version, assembly kernel (full or stubs, flavour, assembler), backend.
 * Each returns a constant string (build_info: per thread, until its next
 * call); all are safe from any thread.
 */
MLDSA_EXPORT const char *mldsa_backend_name(void);
MLDSA_EXPORT const char *mldsa_backend_list(size_t i);
MLDSA_EXPORT const char *mldsa_sample_ops_name(void);
MLDSA_EXPORT const char *mldsa_build_info(void);

/*
 * The Keccak-f[1600] kernels built in, for benchmarks: kernel i's name
 * ("scalar", "x4 avx512vl"), NULL past the last; *ways (when not NULL)
 * gets how many states it permutes per call, *usable whether this machine
 * runs it.  mldsa_keccak_kernel_run() runs count permutations of kernel
 * i's states (MLDSA_ERR_PARAM when there is no kernel i or it cannot run
 * here).
 */
MLDSA_EXPORT const char *mldsa_keccak_kernel(size_t i, unsigned *ways,
                                             int *usable);
MLDSA_EXPORT int mldsa_keccak_kernel_run(size_t i, size_t count);

#ifdef __cplusplus
}
#endif

#endif /* MLDSA_H */
