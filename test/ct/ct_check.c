/*
 * The constant-time harness (make test-ct): runs the secret-handling
 * operations of every parameter set with their secrets marked undefined
 * (ML_DSA_CT_SECRET) under valgrind's memcheck, so that any branch or
 * memory index that depends on a secret, and that the library does not
 * declassify as FIPS 204 allows, is reported.  Built against the CT=1
 * library.  One group of operations per run:
 *   core      keygen (one-shot, key object from a seed and from the OS),
 *             sign (one-shot, key object, hedged with OS randomness,
 *             external mu, HashML-DSA, internal interface; ML-DSA-44's
 *             two attempts at a time on a backend with a multi-way
 *             kernel), batch verification, pk_from_sk, key from an
 *             expanded secret key
 *   der       private DER encode and decode, every RFC 9881 form
 *   pem       the same in PEM
 * and the self-tests, leaks that must be reported (one a group, as
 * MemorySanitizer stops at its first report):
 *   selftest        a test-only function that branches on a secret
 *   plant-permute   a branch on a coefficient the backend's z decoder
 *                   (unpack_z) moved out of the one secret byte of its
 *                   input: through a variable permute (vpshufb, vpermb) on
 *                   the AVX2 and AVX-512 backends, to another lane than
 *                   the byte's
 *   plant-y255      signing with the library's planted branch on the
 *                   secret y[0].coeff[255] (include/internal/ct.h), which
 *                   the mask decoder's last step writes
 * Prints one line per operation (ok, or LEAK with the number of reports)
 * and "ct-GROUP: N passed, N failed"; run with valgrind --error-exitcode.
 * Links the internal archive (the plants need internal names).
 * Usage: ct_check GROUP
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/memcheck.h>
#include "mldsa.h"
#include "internal/ct.h"
#include "ml_dsa/ml_dsa_local.h"

static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
static const mldsa_key_format forms[] = {
    MLDSA_KEY_FORMAT_SEED, MLDSA_KEY_FORMAT_EXPANDED, MLDSA_KEY_FORMAT_BOTH
};
static const char *const form_names[] = { "seed", "expanded", "both" };

static const uint8_t msg[] = "constant-time harness message";
static const uint8_t ctx[] = "ct";

static int passed, failed;

/* Fill n bytes with a fixed pattern of the tag (the harness is deterministic). */
static void fill(uint8_t *p, size_t n, uint8_t tag)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(tag + 31 * i);
}

/* Record one operation: ok when it succeeded and valgrind saw no new error. */
static void judge(const char *what, mldsa_param p, int ok,
                  unsigned long before)
{
    unsigned long reports = VALGRIND_COUNT_ERRORS - before;

    if (ok && reports == 0) {
        passed++;
        printf("ok   ML-DSA-%d %s\n", (int)p, what);
    } else {
        failed++;
        printf("%s ML-DSA-%d %s (%lu reports)\n", ok ? "LEAK" : "FAIL",
               (int)p, what, reports);
    }
    fflush(stdout);
}

/* Mark every byte of a public result defined before the harness looks at it. */
#define PUBLIC(x) ML_DSA_CT_DECLASSIFY(&(x), sizeof(x))

/* The key object of a fixed seed marked secret: its secrets are all secret. */
static MLDSA_KEY *secret_key(mldsa_param p)
{
    uint8_t seed[MLDSA_SEED_BYTES];
    MLDSA_KEY *key = NULL;
    int ret;

    fill(seed, sizeof(seed), (uint8_t)p);
    ML_DSA_CT_SECRET(seed, sizeof(seed));
    ret = mldsa_key_generate(&key, p, seed);
    PUBLIC(ret);
    if (ret != MLDSA_OK)
        abort();
    return key;
}

/*
 * mldsa_key_verify_batch of nine items (more than one batch of eight):
 * the signature sig, made by the secret key object, on key and on a key
 * from its public key, valid and with a flipped bit; MLDSA_OK when every
 * result is the expected one.  Verification sees only public data, but
 * runs right beside secret-key objects.
 */
static int verify_batch(const MLDSA_KEY *key, const uint8_t *pk,
                        mldsa_param p, const uint8_t *sig, size_t siglen)
{
    static uint8_t bad[MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_VERIFY_ITEM items[9];
    MLDSA_KEY *pub = NULL;
    int ret, ok = 1;
    size_t i;

    ML_DSA_CT_DECLASSIFY(sig, siglen);
    memcpy(bad, sig, siglen);
    bad[siglen / 2] ^= 1;
    if ((ret = mldsa_key_from_public(&pub, p, pk, mldsa_public_key_bytes(p)))
            != MLDSA_OK)
        return ret;
    for (i = 0; i < 9; i++) {
        items[i].key = i % 2 ? pub : key;
        items[i].msg = msg;
        items[i].msglen = sizeof(msg);
        items[i].ctx = ctx;
        items[i].ctxlen = sizeof(ctx);
        items[i].sig = i % 3 == 2 ? bad : sig;
        items[i].siglen = siglen;
    }
    ret = mldsa_key_verify_batch(items, 9);
    PUBLIC(ret);
    for (i = 0; i < 9; i++) {
        PUBLIC(items[i].result);
        ok &= items[i].result == (i % 3 == 2 ? MLDSA_ERR_VERIFY : MLDSA_OK);
    }
    mldsa_key_free(pub);
    return ok && ret == MLDSA_ERR_VERIFY ? MLDSA_OK : MLDSA_ERR_VERIFY;
}

/* Keygen, signing, pk_from_sk and the expanded-key decoder. */
static void run_core(mldsa_param p)
{
    uint8_t seed[MLDSA_SEED_BYTES], rnd[MLDSA_RND_BYTES], mu[64];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], sig[MLDSA_MAX_SIGNATURE_BYTES];
    uint8_t digest[64];
    size_t sklen = mldsa_secret_key_bytes(p), siglen = mldsa_signature_bytes(p);
    size_t digestlen = sizeof(digest);
    MLDSA_KEY *key = NULL;
    unsigned long before;
    int ret;

    fill(seed, sizeof(seed), (uint8_t)p);
    fill(rnd, sizeof(rnd), 0x5a);

    before = VALGRIND_COUNT_ERRORS;
    ML_DSA_CT_SECRET(seed, sizeof(seed));
    ret = mldsa_keygen(p, pk, sk, seed);
    PUBLIC(ret);
    judge("keygen (one-shot)", p, ret == MLDSA_OK, before);

    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_key_generate(&key, p, NULL);
    PUBLIC(ret);
    judge("keygen (key object, OS seed)", p, ret == MLDSA_OK, before);
    mldsa_key_free(key);
    key = NULL;

    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_key_generate(&key, p, seed);
    PUBLIC(ret);
    judge("keygen (key object)", p, ret == MLDSA_OK, before);
    ML_DSA_CT_DECLASSIFY(sk, sklen);

    before = VALGRIND_COUNT_ERRORS;
    ML_DSA_CT_SECRET(sk, sklen);
    ML_DSA_CT_SECRET(rnd, sizeof(rnd));
    ret = mldsa_sign(p, sig, msg, sizeof(msg), ctx, sizeof(ctx), sk, rnd);
    PUBLIC(ret);
    judge("sign (one-shot)", p, ret == MLDSA_OK
          && mldsa_verify(p, sig, siglen, msg, sizeof(msg), ctx, sizeof(ctx),
                          pk) == MLDSA_OK, before);

    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_key_sign(key, sig, msg, sizeof(msg), ctx, sizeof(ctx), rnd);
    PUBLIC(ret);
    judge("sign (key object)", p, ret == MLDSA_OK
          && mldsa_key_verify(key, sig, siglen, msg, sizeof(msg), ctx,
                              sizeof(ctx)) == MLDSA_OK, before);

    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_key_sign(key, sig, msg, sizeof(msg), ctx, sizeof(ctx), NULL);
    PUBLIC(ret);
    judge("sign (key object, hedged: OS rnd)", p, ret == MLDSA_OK
          && mldsa_key_verify(key, sig, siglen, msg, sizeof(msg), ctx,
                              sizeof(ctx)) == MLDSA_OK, before);

    before = VALGRIND_COUNT_ERRORS;
    ret = verify_batch(key, pk, p, sig, siglen);
    PUBLIC(ret);
    judge("verify batch (key object and public key, valid and not)", p,
          ret == MLDSA_OK, before);

    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_key_compute_mu(key, mu, msg, sizeof(msg), ctx, sizeof(ctx));
    if (ret == MLDSA_OK)
        ret = mldsa_key_sign_mu(key, sig, mu, rnd);
    PUBLIC(ret);
    judge("sign (external mu)", p, ret == MLDSA_OK
          && mldsa_key_verify_mu(key, sig, siglen, mu) == MLDSA_OK, before);

    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_digest(MLDSA_SHA2_512, digest, &digestlen, msg, sizeof(msg));
    if (ret == MLDSA_OK)
        ret = mldsa_prehash_sign(p, sig, MLDSA_SHA2_512, digest, digestlen,
                                 ctx, sizeof(ctx), sk, rnd);
    PUBLIC(ret);
    judge("sign (HashML-DSA, one-shot)", p, ret == MLDSA_OK
          && mldsa_prehash_verify(p, sig, siglen, MLDSA_SHA2_512, digest,
                                  digestlen, ctx, sizeof(ctx), pk) == MLDSA_OK,
          before);

    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_sign_internal(p, sig, msg, sizeof(msg), sk, rnd);
    PUBLIC(ret);
    judge("sign (internal interface, one-shot)", p, ret == MLDSA_OK
          && mldsa_verify_internal(p, sig, siglen, msg, sizeof(msg), pk)
             == MLDSA_OK, before);

    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_pk_from_sk(p, pk2, sk);
    PUBLIC(ret);
    judge("pk_from_sk", p, ret == MLDSA_OK
          && memcmp(pk, pk2, mldsa_public_key_bytes(p)) == 0, before);

    mldsa_key_free(key);
    key = NULL;
    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_key_from_secret(&key, p, sk, sklen);
    PUBLIC(ret);
    judge("key from expanded secret key", p, ret == MLDSA_OK, before);
    mldsa_key_free(key);
}

/*
 * Where the secret bytes of an encoded private key (the seed and the
 * expanded key of the plain key) lie in der: marks them in secret[].
 */
static void mark_secret(uint8_t *secret, const uint8_t *der, size_t derlen,
                        const MLDSA_KEY *key)
{
    uint8_t seed[MLDSA_SEED_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    size_t sklen = mldsa_secret_key_bytes(mldsa_key_param(key)), i;

    memset(secret, 0, derlen);
    if (mldsa_key_get_seed(key, seed) != MLDSA_OK
        || mldsa_key_get_secret(key, sk, sklen) != MLDSA_OK)
        abort();
    ML_DSA_CT_DECLASSIFY(seed, sizeof(seed));
    ML_DSA_CT_DECLASSIFY(sk, sklen);
    for (i = 0; i + sizeof(seed) <= derlen; i++)
        if (memcmp(der + i, seed, sizeof(seed)) == 0)
            memset(secret + i, 1, sizeof(seed));
    for (i = 0; i + sklen <= derlen; i++)
        if (memcmp(der + i, sk, sklen) == 0)
            memset(secret + i, 1, sklen);
}

/* Private DER, every form: encode from a secret key, decode with its secrets
 * poisoned; and the text dump of the key. */
static void run_der(mldsa_param p)
{
    static char text[32768];
    uint8_t der[8192], secret[8192];
    char what[64];
    MLDSA_KEY *key = secret_key(p), *back = NULL;
    size_t derlen, textlen, i, f;
    unsigned long before;
    int ret;

    for (f = 0; f < 3; f++) {
        derlen = sizeof(der);
        before = VALGRIND_COUNT_ERRORS;
        ret = mldsa_key_to_private_der(key, forms[f], der, &derlen);
        PUBLIC(ret);
        PUBLIC(derlen);
        snprintf(what, sizeof(what), "private DER encode (%s)", form_names[f]);
        judge(what, p, ret == MLDSA_OK, before);
        ML_DSA_CT_DECLASSIFY(der, derlen);

        mark_secret(secret, der, derlen, key);
        for (i = 0; i < derlen; i++)
            if (secret[i])
                ML_DSA_CT_SECRET(der + i, 1);
        before = VALGRIND_COUNT_ERRORS;
        ret = mldsa_key_from_der(&back, der, derlen);
        PUBLIC(ret);
        snprintf(what, sizeof(what), "private DER decode (%s)", form_names[f]);
        judge(what, p, ret == MLDSA_OK, before);
        mldsa_key_free(back);
        back = NULL;
    }
    textlen = sizeof(text);
    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_key_to_text(key, 1, text, &textlen);
    PUBLIC(ret);
    PUBLIC(textlen);
    judge("private key as text (mldsa_key_to_text)", p, ret == MLDSA_OK, before);
    mldsa_key_free(key);
}

/*
 * Poison the base64 characters of the PEM text that carry a secret bit of
 * the DER (the header, the line breaks, the padding and the characters of
 * the DER structure stay public).
 */
static void poison_base64(char *pem, size_t pemlen, const uint8_t *secret,
                          size_t derlen)
{
    const char *body = memchr(pem, '\n', pemlen);
    size_t i, c;

    if (body == NULL)
        abort();
    /* base64 character c holds bits 6c .. 6c + 5 of the DER */
    for (i = (size_t)(body + 1 - pem), c = 0; i < pemlen && pem[i] != '-'; i++) {
        if (pem[i] == '\n' || pem[i] == '\r' || pem[i] == '=')
            continue;
        if (secret[6 * c / 8]
            || ((6 * c + 5) / 8 < derlen && secret[(6 * c + 5) / 8]))
            ML_DSA_CT_SECRET(pem + i, 1);
        c++;
    }
}

/* pem with every "\n" made "\r\n" (the lax reader's layout), in crlf. */
static size_t to_crlf(char *crlf, const char *pem, size_t pemlen)
{
    size_t n = 0;

    for (size_t i = 0; i < pemlen; i++) {
        if (pem[i] == '\n')
            crlf[n++] = '\r';
        crlf[n++] = pem[i];
    }
    return n;
}

/*
 * Decode the private PEM text with its secret base64 characters poisoned
 * (layout names the text's line ends in the verdict).
 */
static void decode_poisoned(mldsa_param p, const char *layout,
                            const char *form, char *text, size_t len,
                            const uint8_t *secret, size_t derlen)
{
    MLDSA_KEY *back = NULL;
    unsigned long before;
    char what[64];
    int ret;

    poison_base64(text, len, secret, derlen);
    before = VALGRIND_COUNT_ERRORS;
    ret = mldsa_key_from_pem(&back, text, len);
    PUBLIC(ret);
    snprintf(what, sizeof(what), "private PEM decode%s (%s)", layout, form);
    judge(what, p, ret == MLDSA_OK, before);
    mldsa_key_free(back);
}

/*
 * Private PEM, every form, as run_der, with the secret base64 characters
 * poisoned: decoded in the strict layout (as written) and with CRLF line
 * ends (the lax reader).
 */
static void run_pem(mldsa_param p)
{
    uint8_t der[8192], secret[8192];
    char pem[12288], crlf[2 * 12288], what[64];
    MLDSA_KEY *key = secret_key(p);
    size_t derlen, pemlen, crlflen, f;
    unsigned long before;
    int ret;

    for (f = 0; f < 3; f++) {
        derlen = sizeof(der);
        pemlen = sizeof(pem);
        if (mldsa_key_to_private_der(key, forms[f], der, &derlen) != MLDSA_OK)
            abort();
        ML_DSA_CT_DECLASSIFY(der, derlen);
        mark_secret(secret, der, derlen, key);

        before = VALGRIND_COUNT_ERRORS;
        ret = mldsa_key_to_private_pem(key, forms[f], pem, &pemlen);
        PUBLIC(ret);
        PUBLIC(pemlen);
        snprintf(what, sizeof(what), "private PEM encode (%s)", form_names[f]);
        judge(what, p, ret == MLDSA_OK, before);
        ML_DSA_CT_DECLASSIFY(pem, pemlen);
        crlflen = to_crlf(crlf, pem, pemlen);

        decode_poisoned(p, "", form_names[f], pem, pemlen, secret, derlen);
        decode_poisoned(p, ", CRLF", form_names[f], crlf, crlflen, secret,
                        derlen);
    }
    mldsa_key_free(key);
}

/*
 * The test-only leaky function: branches on bit 0 of its secret argument
 * (to a call, which the compiler cannot turn into a conditional move),
 * which the harness must report: a harness that reports nothing proves
 * nothing.
 */
__attribute__((noinline)) static int ct_leaky(const uint8_t *s)
{
    if (s[0] & 1)
        return puts("self-test: the secret is odd");
    return 0;
}

/* Record a self-test: ok when the leak was reported (under valgrind). */
static void judge_leak(const char *what, unsigned long before, int r)
{
    if (VALGRIND_COUNT_ERRORS > before) {
        passed++;
        printf("ok   self-test: %s is reported\n", what);
    } else {
        failed++;
        printf("FAIL self-test: %s went unreported (%d)\n", what, r);
    }
}

/* The self-test: one secret branch, one report expected. */
static void run_selftest(void)
{
    uint8_t s[1] = { 3 };
    unsigned long before = VALGRIND_COUNT_ERRORS;
    int r;

    ML_DSA_CT_SECRET(s, sizeof(s));
    r = ct_leaky(s);
    PUBLIC(r);
    judge_leak("a branch on a secret", before, r);
}

/*
 * A leak through the backend's z decoder (BitUnpack, FIPS 204 Algorithm
 * 19, with gamma1 = 2^19: 20 bits a coefficient): only byte 9 of the input
 * is secret, bits 12 - 19 of coefficient 3, which the vector decoders move
 * to bytes 12 - 15 of their register, where a lane-wise model sees public
 * input bytes.  A branch on bit 16 of that coefficient must be reported.
 */
static void run_plant_permute(void)
{
    uint8_t in[ML_DSA_POLY_BYTES(20)], bit;
    ML_DSA_POLY z;
    unsigned long before;
    int r;

    fill(in, sizeof(in), 0x3c);
    before = VALGRIND_COUNT_ERRORS;
    ML_DSA_CT_SECRET(in + 9, 1);
    ossl_ml_dsa_backend()->poly->unpack_z(&z, in, 19);
    bit = (uint8_t)(z.coeff[3] >> 16);
    r = ct_leaky(&bit);
    PUBLIC(r);
    judge_leak("a branch on a secret moved by the z decoder", before, r);
}

/* The library's planted branch on y[0].coeff[255] in signing. */
static void run_plant_y255(void)
{
    uint8_t rnd[MLDSA_RND_BYTES], sig[MLDSA_MAX_SIGNATURE_BYTES];
    MLDSA_KEY *key = secret_key(MLDSA_65);
    unsigned long before;
    int r;

    fill(rnd, sizeof(rnd), 0x5a);
    ossl_ml_dsa_ct_plant = ML_DSA_CT_PLANT_Y255;
    before = VALGRIND_COUNT_ERRORS;
    r = mldsa_key_sign(key, sig, msg, sizeof(msg), ctx, sizeof(ctx), rnd);
    PUBLIC(r);
    ossl_ml_dsa_ct_plant = 0;
    judge_leak("signing's planted branch on y[0].coeff[255]", before, r);
    mldsa_key_free(key);
}

int main(int argc, char **argv)
{
    const char *group = argc > 1 ? argv[1] : "";
    size_t i;

#ifndef ML_DSA_CT_MSAN
    if (!RUNNING_ON_VALGRIND) {
        printf("ct: must run under valgrind (see test/ct/run.sh)\n");
        return 2;
    }
#endif
    printf("backend: %s\n", mldsa_backend_name());
    fflush(stdout);             /* MemorySanitizer exits at its first report */
    for (i = 0; i < 3; i++) {
        if (strcmp(group, "core") == 0)
            run_core(params[i]);
        else if (strcmp(group, "der") == 0)
            run_der(params[i]);
        else if (strcmp(group, "pem") == 0)
            run_pem(params[i]);
    }
    if (strcmp(group, "selftest") == 0)
        run_selftest();
    else if (strcmp(group, "plant-permute") == 0)
        run_plant_permute();
    else if (strcmp(group, "plant-y255") == 0)
        run_plant_y255();
    if (passed + failed == 0) {
        printf("usage: ct_check core|der|pem|selftest|plant-permute|plant-y255\n");
        return 2;
    }
    printf("ct-%s: %d passed, %d failed\n", group, passed, failed);
    return failed == 0 ? 0 : 1;
}
