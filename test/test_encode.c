/*
 * Key formats (RFC 9881): the PEM/DER test files of the vectors folder
 * (pem/, see its README.md) read back to the key of their text dumps and are
 * written byte for byte; every malformation the decoder knows is refused
 * with its own error; random keys survive every format both ways.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "encode/encode_local.h"
#include "testutil.h"

static const mldsa_param params[] = { MLDSA_44, MLDSA_65, MLDSA_87 };
#define NPARAMS (sizeof(params) / sizeof(params[0]))

/* The seed of every private key in pem/: 00 01 02 ... 1f. */
static void vector_seed(uint8_t seed[MLDSA_SEED_BYTES])
{
    for (int i = 0; i < MLDSA_SEED_BYTES; i++)
        seed[i] = (uint8_t)i;
}

/* Whole file pem/NAME of the vectors folder; NULL when absent. */
static uint8_t *read_vector(const char *name, size_t *len)
{
    const char *dir = tv_vectors_dir();
    char path[4096];
    uint8_t *buf = NULL;
    long n;
    FILE *fp;

    if (dir == NULL)
        return NULL;
    snprintf(path, sizeof(path), "%s/pem/%s", dir, name);
    if ((fp = fopen(path, "rb")) == NULL)
        return NULL;
    if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0
        && fseek(fp, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n + 1)) != NULL
        && fread(buf, 1, (size_t)n, fp) == (size_t)n) {
        buf[n] = 0;
        *len = (size_t)n;
    } else {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    return buf;
}

/* The vectors are optional: say so once per test and skip. */
static int have_vectors(void)
{
    if (tv_vectors_dir() != NULL)
        return 1;
    test_skip("vectors folder absent (test/vectors or $MLDSA_VECTORS)");
    return 0;
}

/*
 * The hex of section NAME ("seed", "priv", "pub") of an OpenSSL text dump
 * (lines "    xx:xx:...") decoded into out; returns its length, 0 if absent.
 */
static size_t dump_section(const char *dump, const char *name, uint8_t *out,
                           size_t outmax)
{
    char head[16];
    const char *p;
    size_t n = 0;

    snprintf(head, sizeof(head), "\n%s:\n", name);
    if ((p = strstr(dump, head)) == NULL)
        return 0;
    p += strlen(head);
    while (*p == ' ') {
        while (*p != '\n' && *p != '\0') {
            unsigned int v;

            if (*p == ' ' || *p == ':') {
                p++;
                continue;
            }
            if (sscanf(p, "%2x", &v) != 1 || n == outmax)
                return 0;
            out[n++] = (uint8_t)v;
            p += 2;
        }
        if (*p == '\n')
            p++;
    }
    return n;
}

/* Key from the PEM file pem/NAME, asserting it decodes. */
static MLDSA_KEY *load_pem(const char *name)
{
    MLDSA_KEY *key = NULL;
    size_t len;
    uint8_t *pem = read_vector(name, &len);
    int ret;

    ck_assert_msg(pem != NULL, "cannot read pem/%s", name);
    ret = mldsa_key_from_pem(&key, (const char *)pem, len);
    ck_assert_msg(ret == MLDSA_OK, "pem/%s: %s", name, mldsa_strerror(ret));
    free(pem);
    return key;
}

/* Every private key file reads back to the seed, expanded and public key of the dumps. */
START_TEST(vector_keys_read_back_to_their_dumps)
{
    static const struct { const char *form; int has_seed; } forms[] = {
        { "seed-only", 1 }, { "priv-only", 0 }, { "seed-priv", 1 },
        { "bare-seed", 1 }, { "bare-priv", 0 }, { "oqskeypair", 0 },
    };
    mldsa_param param = params[_i];
    size_t sklen = mldsa_secret_key_bytes(param);
    size_t pklen = mldsa_public_key_bytes(param);
    uint8_t want_seed[MLDSA_SEED_BYTES], seed[MLDSA_SEED_BYTES];
    uint8_t want_sk[MLDSA_MAX_SECRET_KEY_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t want_pk[MLDSA_MAX_PUBLIC_KEY_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    char name[64];
    uint8_t *dump;
    size_t len;

    if (!have_vectors())
        return;
    snprintf(name, sizeof(name), "prv-%d-seed.txt", (int)param);
    ck_assert_ptr_nonnull(dump = read_vector(name, &len));
    ck_assert_uint_eq(dump_section((char *)dump, "seed", want_seed, sizeof(want_seed)),
                      MLDSA_SEED_BYTES);
    ck_assert_uint_eq(dump_section((char *)dump, "priv", want_sk, sizeof(want_sk)), sklen);
    ck_assert_uint_eq(dump_section((char *)dump, "pub", want_pk, sizeof(want_pk)), pklen);
    free(dump);

    for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
        MLDSA_KEY *key;

        snprintf(name, sizeof(name), "prv-%d-%s.pem", (int)param, forms[f].form);
        key = load_pem(name);
        ck_assert_int_eq(mldsa_key_param(key), param);
        ck_assert_int_eq(mldsa_key_has_secret(key), 1);
        ck_assert_int_eq(mldsa_key_has_seed(key), forms[f].has_seed);
        if (forms[f].has_seed) {
            ck_assert_int_eq(mldsa_key_get_seed(key, seed), MLDSA_OK);
            ck_assert_msg(memcmp(seed, want_seed, sizeof(seed)) == 0, "%s: seed", name);
        }
        ck_assert_int_eq(mldsa_key_get_secret(key, sk, sklen), MLDSA_OK);
        ck_assert_msg(memcmp(sk, want_sk, sklen) == 0, "%s: expanded key", name);
        ck_assert_int_eq(mldsa_key_get_public(key, pk, pklen), MLDSA_OK);
        ck_assert_msg(memcmp(pk, want_pk, pklen) == 0, "%s: public key", name);
        mldsa_key_free(key);
    }

    snprintf(name, sizeof(name), "pub-%d.pem", (int)param);
    {
        MLDSA_KEY *key = load_pem(name);

        ck_assert_int_eq(mldsa_key_has_secret(key), 0);
        ck_assert_int_eq(mldsa_key_get_public(key, pk, pklen), MLDSA_OK);
        ck_assert_msg(memcmp(pk, want_pk, pklen) == 0, "%s: public key", name);
        mldsa_key_free(key);
    }
}
END_TEST

/* sig-NN.dat (pure ML-DSA, empty context) verifies over the DER of pub-NN.pem. */
START_TEST(vector_signature_verifies_over_spki_der)
{
    mldsa_param param = params[_i];
    uint8_t der[MLDSA_MAX_PUBLIC_KEY_BYTES + 64];
    size_t derlen = sizeof(der), siglen;
    MLDSA_KEY *key;
    uint8_t *sig;
    char name[64];

    if (!have_vectors())
        return;
    snprintf(name, sizeof(name), "pub-%d.pem", (int)param);
    key = load_pem(name);
    ck_assert_int_eq(mldsa_key_to_public_der(key, der, &derlen), MLDSA_OK);
    snprintf(name, sizeof(name), "sig-%d.dat", (int)param);
    ck_assert_ptr_nonnull(sig = read_vector(name, &siglen));
    ck_assert_int_eq(mldsa_key_verify(key, sig, siglen, der, derlen, NULL, 0),
                     MLDSA_OK);
    der[derlen - 1] ^= 1;
    ck_assert_int_eq(mldsa_key_verify(key, sig, siglen, der, derlen, NULL, 0),
                     MLDSA_ERR_VERIFY);
    free(sig);
    mldsa_key_free(key);
}
END_TEST

/* What we write for the vector key is the seed-only, priv-only, seed-priv and pub file. */
START_TEST(written_pem_is_byte_identical_to_vectors)
{
    static const struct { mldsa_key_format format; const char *form; } forms[] = {
        { MLDSA_KEY_FORMAT_SEED, "seed-only" },
        { MLDSA_KEY_FORMAT_EXPANDED, "priv-only" },
        { MLDSA_KEY_FORMAT_BOTH, "seed-priv" },
    };
    mldsa_param param = params[_i];
    uint8_t seed[MLDSA_SEED_BYTES];
    char out[16384];
    MLDSA_KEY *key = NULL;
    uint8_t *want;
    size_t outlen, wantlen;
    char name[64];

    if (!have_vectors())
        return;
    vector_seed(seed);
    ck_assert_int_eq(mldsa_key_generate(&key, param, seed), MLDSA_OK);
    for (size_t f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
        snprintf(name, sizeof(name), "prv-%d-%s.pem", (int)param, forms[f].form);
        ck_assert_ptr_nonnull(want = read_vector(name, &wantlen));
        outlen = sizeof(out);
        ck_assert_int_eq(mldsa_key_to_private_pem(key, forms[f].format, out, &outlen),
                         MLDSA_OK);
        ck_assert_msg(outlen == wantlen && memcmp(out, want, wantlen) == 0,
                      "%s differs", name);
        free(want);
    }
    snprintf(name, sizeof(name), "pub-%d.pem", (int)param);
    ck_assert_ptr_nonnull(want = read_vector(name, &wantlen));
    outlen = sizeof(out);
    ck_assert_int_eq(mldsa_key_to_public_pem(key, out, &outlen), MLDSA_OK);
    ck_assert_msg(outlen == wantlen && memcmp(out, want, wantlen) == 0,
                  "%s differs", name);
    free(want);
    mldsa_key_free(key);
}
END_TEST

/* Random keys: every format, DER and PEM, decodes to the same key. */
START_TEST(every_format_round_trips_on_random_keys)
{
    static const mldsa_key_format formats[] = {
        MLDSA_KEY_FORMAT_SEED, MLDSA_KEY_FORMAT_EXPANDED, MLDSA_KEY_FORMAT_BOTH
    };
    mldsa_param param = params[_i];
    size_t sklen = mldsa_secret_key_bytes(param);
    size_t pklen = mldsa_public_key_bytes(param);
    uint8_t seed[MLDSA_SEED_BYTES], seed2[MLDSA_SEED_BYTES];
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], sk2[MLDSA_MAX_SECRET_KEY_BYTES];
    uint8_t pk[MLDSA_MAX_PUBLIC_KEY_BYTES], pk2[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t der[8192];
    char pem[16384];

    for (int round = 0; round < 4; round++) {
        MLDSA_KEY *key = NULL, *back = NULL;
        size_t len;

        test_rand_bytes(seed, sizeof(seed));
        ck_assert_int_eq(mldsa_key_generate(&key, param, seed), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_get_secret(key, sk, sklen), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_get_public(key, pk, pklen), MLDSA_OK);
        for (size_t f = 0; f < 3; f++) {
            len = sizeof(der);
            ck_assert_int_eq(mldsa_key_to_private_der(key, formats[f], der, &len), MLDSA_OK);
            ck_assert_int_eq(mldsa_key_from_der(&back, der, len), MLDSA_OK);
            ck_assert_int_eq(mldsa_key_get_secret(back, sk2, sklen), MLDSA_OK);
            ck_assert_mem_eq(sk, sk2, sklen);
            ck_assert_int_eq(mldsa_key_has_seed(back), formats[f] != MLDSA_KEY_FORMAT_EXPANDED);
            if (formats[f] != MLDSA_KEY_FORMAT_EXPANDED) {
                ck_assert_int_eq(mldsa_key_get_seed(back, seed2), MLDSA_OK);
                ck_assert_mem_eq(seed, seed2, sizeof(seed));
            }
            mldsa_key_free(back);
            len = sizeof(pem);
            ck_assert_int_eq(mldsa_key_to_private_pem(key, formats[f], pem, &len), MLDSA_OK);
            ck_assert_int_eq(mldsa_key_from_pem(&back, pem, len), MLDSA_OK);
            ck_assert_int_eq(mldsa_key_get_secret(back, sk2, sklen), MLDSA_OK);
            ck_assert_mem_eq(sk, sk2, sklen);
            mldsa_key_free(back);
        }
        len = sizeof(der);
        ck_assert_int_eq(mldsa_key_to_public_der(key, der, &len), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_from_der(&back, der, len), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_has_secret(back), 0);
        ck_assert_int_eq(mldsa_key_get_public(back, pk2, pklen), MLDSA_OK);
        ck_assert_mem_eq(pk, pk2, pklen);
        mldsa_key_free(back);
        len = sizeof(pem);
        ck_assert_int_eq(mldsa_key_to_public_pem(key, pem, &len), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_from_pem(&back, pem, len), MLDSA_OK);
        ck_assert_int_eq(mldsa_key_get_public(back, pk2, pklen), MLDSA_OK);
        ck_assert_mem_eq(pk, pk2, pklen);
        mldsa_key_free(back);
        mldsa_key_free(key);
    }
}
END_TEST

/* Encoders: NULL out gives the length, a short buffer is refused, missing parts named. */
START_TEST(encoders_report_length_and_missing_parts)
{
    uint8_t seed[MLDSA_SEED_BYTES] = { 0 };
    uint8_t sk[MLDSA_MAX_SECRET_KEY_BYTES], pk[MLDSA_MAX_PUBLIC_KEY_BYTES];
    uint8_t der[8192];
    MLDSA_KEY *key = NULL, *sk_only = NULL, *pub = NULL;
    size_t need, len;

    ck_assert_int_eq(mldsa_key_generate(&key, MLDSA_44, seed), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_to_private_der(key, MLDSA_KEY_FORMAT_SEED, NULL, &need),
                     MLDSA_OK);
    ck_assert_uint_eq(need, 54); /* 30 34 02 01 00 30 0b 06 09 <oid> 04 22 80 20 <seed> */
    len = need - 1;
    ck_assert_int_eq(mldsa_key_to_private_der(key, MLDSA_KEY_FORMAT_SEED, der, &len),
                     MLDSA_ERR_BUFFER);
    ck_assert_int_eq(mldsa_key_to_public_der(key, NULL, &need), MLDSA_OK);
    ck_assert_uint_eq(need, 1334);
    ck_assert_int_eq(mldsa_key_to_public_der(key, der, NULL), MLDSA_ERR_NULL);

    ck_assert_int_eq(mldsa_key_get_secret(key, sk, sizeof(sk)), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_get_public(key, pk, sizeof(pk)), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_from_secret(&sk_only, MLDSA_44, sk, 2560), MLDSA_OK);
    len = sizeof(der);
    ck_assert_int_eq(mldsa_key_to_private_der(sk_only, MLDSA_KEY_FORMAT_SEED, der, &len),
                     MLDSA_ERR_NO_SEED);
    ck_assert_int_eq(mldsa_key_to_private_der(sk_only, MLDSA_KEY_FORMAT_BOTH, der, &len),
                     MLDSA_ERR_NO_SEED);
    ck_assert_int_eq(mldsa_key_to_private_der(sk_only, MLDSA_KEY_FORMAT_EXPANDED, der, &len),
                     MLDSA_OK);
    ck_assert_int_eq(mldsa_key_from_public(&pub, MLDSA_44, pk, 1312), MLDSA_OK);
    len = sizeof(der);
    ck_assert_int_eq(mldsa_key_to_private_der(pub, MLDSA_KEY_FORMAT_EXPANDED, der, &len),
                     MLDSA_ERR_NO_SECRET);
    /* a format that is none of the enum's: said as such */
    len = sizeof(der);
    ck_assert_int_eq(mldsa_key_to_private_der(key, (mldsa_key_format)99, der, &len),
                     MLDSA_ERR_FORMAT);
    ck_assert_int_eq(mldsa_key_to_private_pem(key, (mldsa_key_format)99, (char *)der, &len),
                     MLDSA_ERR_FORMAT);
    ck_assert_str_eq(mldsa_strerror(MLDSA_ERR_FORMAT), "unknown private key format");
    mldsa_key_free(key);
    mldsa_key_free(sk_only);
    mldsa_key_free(pub);
}
END_TEST

/* The text dump of each OpenSSL 3.5 file is that file's .txt, byte for byte. */
START_TEST(text_dump_is_openssl_35s)
{
    static const char *const files[][2] = {
        { "prv-%d-seed-priv.pem", "prv-%d-seed.txt" },
        { "prv-%d-seed-only.pem", "prv-%d-seed.txt" },
        { "prv-%d-priv-only.pem", "prv-%d-priv.txt" },
        { "pub-%d.pem", "pub-%d.txt" },
    };
    mldsa_param param = params[_i];
    static char text[32768];
    char name[64];

    if (!have_vectors())
        return;
    for (size_t f = 0; f < sizeof(files) / sizeof(files[0]); f++) {
        MLDSA_KEY *key;
        uint8_t *want;
        size_t wantlen, len = 0;

        snprintf(name, sizeof(name), files[f][0], (int)param);
        key = load_pem(name);
        snprintf(name, sizeof(name), files[f][1], (int)param);
        ck_assert_ptr_nonnull(want = read_vector(name, &wantlen));
        ck_assert_int_eq(mldsa_key_to_text(key, 1, NULL, &len), MLDSA_OK);
        ck_assert_uint_eq(len, wantlen);
        len = sizeof(text);
        ck_assert_int_eq(mldsa_key_to_text(key, 1, text, &len), MLDSA_OK);
        ck_assert_uint_eq(len, wantlen);
        ck_assert_msg(memcmp(text, want, len) == 0, "%s differs", name);
        free(want);
        mldsa_key_free(key);
    }
    /* private 0: the public layout of a private key */
    {
        MLDSA_KEY *key;
        uint8_t *want;
        size_t wantlen, len = sizeof(text);

        snprintf(name, sizeof(name), "prv-%d-seed-priv.pem", (int)param);
        key = load_pem(name);
        snprintf(name, sizeof(name), "pub-%d.txt", (int)param);
        ck_assert_ptr_nonnull(want = read_vector(name, &wantlen));
        ck_assert_int_eq(mldsa_key_to_text(key, 0, text, &len), MLDSA_OK);
        ck_assert_uint_eq(len, wantlen);
        ck_assert(memcmp(text, want, len) == 0);
        free(want);
        mldsa_key_free(key);
    }
}
END_TEST

/* The text dump's length query, short room and NULLs; every byte in hex. */
START_TEST(text_dump_reports_length_and_refuses_short_room)
{
    static char text[32768];
    uint8_t seed[MLDSA_SEED_BYTES], sk[MLDSA_MAX_SECRET_KEY_BYTES];
    MLDSA_KEY *key;
    size_t need = 0, len;
    unsigned int v;
    const char *p;

    test_rand_bytes(seed, sizeof(seed));
    ck_assert_int_eq(mldsa_key_generate(&key, MLDSA_87, seed), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_to_text(key, 1, NULL, &need), MLDSA_OK);
    memset(text, '#', sizeof(text));
    len = need - 1;
    ck_assert_int_eq(mldsa_key_to_text(key, 1, text, &len), MLDSA_ERR_BUFFER);
    ck_assert_uint_eq(len, need);
    ck_assert_int_eq(text[0], '#');   /* nothing written */
    ck_assert_int_eq(mldsa_key_to_text(NULL, 1, text, &len), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_key_to_text(key, 1, text, NULL), MLDSA_ERR_NULL);
    len = sizeof(text);
    ck_assert_int_eq(mldsa_key_to_text(key, 1, text, &len), MLDSA_OK);
    ck_assert_uint_eq(len, need);
    ck_assert_int_eq(text[len - 1], '\n');
    ck_assert_ptr_null(memchr(text, '\0', len));
    /* the priv section is the expanded key, every digit of every byte */
    text[len] = '\0';
    ck_assert_int_eq(mldsa_key_get_secret(key, sk, sizeof(sk)), MLDSA_OK);
    ck_assert_ptr_nonnull(p = strstr(text, "\npriv:\n"));
    p += strlen("\npriv:\n");
    for (size_t i = 0; i < 4896; i++) {
        while (*p == ' ' || *p == ':' || *p == '\n')
            p++;
        ck_assert_int_eq(sscanf(p, "%2x", &v), 1);
        ck_assert_uint_eq(v, sk[i]);
        p += 2;
    }
    mldsa_key_free(key);
}
END_TEST

/* DER lengths: short and long forms are written minimally and read back. */
START_TEST(der_lengths_round_trip_in_shortest_form)
{
    static const size_t lens[] = { 0, 1, 127, 128, 255, 256, 4096, 65535, 65536 };
    static const size_t header[] = { 2, 2, 2, 3, 3, 4, 4, 4, 5 };

    for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
        uint8_t *buf = calloc(1, lens[i] + 8);
        OSSL_DER_CURSOR c, content;
        size_t n;

        ck_assert_uint_eq(ossl_der_header_len(lens[i]), header[i]);
        n = (size_t)(ossl_der_put_header(buf, DER_TAG_OCTET_STRING, lens[i]) - buf);
        ck_assert_uint_eq(n, header[i]);
        ossl_der_cursor_init(&c, buf, n + lens[i]);
        ck_assert_int_eq(ossl_der_get_tlv(&c, DER_TAG_OCTET_STRING, &content), MLDSA_OK);
        ck_assert_uint_eq(content.len, lens[i]);
        ck_assert_int_eq(ossl_der_expect_end(&c), MLDSA_OK);
        free(buf);
    }
}
END_TEST

/* ---- malformed encodings, built element by element ---- */

/* A growing byte string. */
typedef struct { uint8_t b[8192]; size_t n; } BYTES;

static void put(BYTES *o, const void *p, size_t n)
{
    if (n == 0)
        return;
    ck_assert_uint_le(o->n + n, sizeof(o->b));
    memcpy(o->b + o->n, p, n);
    o->n += n;
}

/* Append tag, minimal length and contents. */
static void tlv(BYTES *o, uint8_t tag, const BYTES *content)
{
    uint8_t head[8];

    put(o, head, (size_t)(ossl_der_put_header(head, tag, content->n) - head));
    put(o, content->b, content->n);
}

static void tlv_raw(BYTES *o, uint8_t tag, const uint8_t *p, size_t n)
{
    BYTES c = { { 0 }, 0 };

    put(&c, p, n);
    tlv(o, tag, &c);
}

#define OID_ML_DSA_44 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11
static const uint8_t oid44[] = { OID_ML_DSA_44 };
static const uint8_t oid_unknown_arc[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x14 };
static const uint8_t oid_ed25519[] = { 0x2b, 0x65, 0x70 };
static const uint8_t der_null[] = { 0x05, 0x00 };

/* AlgorithmIdentifier with oid and optional raw parameter bytes. */
static void alg_id(BYTES *o, const uint8_t *oid, size_t oidlen,
                   const uint8_t *params_der, size_t paramslen)
{
    BYTES c = { { 0 }, 0 };

    tlv_raw(&c, DER_TAG_OID, oid, oidlen);
    put(&c, params_der, paramslen);
    tlv(o, DER_TAG_SEQUENCE, &c);
}

/* OneAsymmetricKey v1 with the given AlgorithmIdentifier and privateKey contents. */
static void pkcs8(BYTES *o, const BYTES *alg, const BYTES *choice)
{
    static const uint8_t v0[] = { 0x02, 0x01, 0x00 };
    BYTES c = { { 0 }, 0 };

    put(&c, v0, sizeof(v0));
    put(&c, alg->b, alg->n);
    tlv(&c, DER_TAG_OCTET_STRING, choice);
    tlv(o, DER_TAG_SEQUENCE, &c);
}

/* SubjectPublicKeyInfo with the given AlgorithmIdentifier and BIT STRING contents. */
static void spki(BYTES *o, const BYTES *alg, const uint8_t *bits, size_t n)
{
    BYTES c = { { 0 }, 0 };

    put(&c, alg->b, alg->n);
    tlv_raw(&c, DER_TAG_BIT_STRING, bits, n);
    tlv(o, DER_TAG_SEQUENCE, &c);
}

static int decode(const BYTES *der)
{
    MLDSA_KEY *key = NULL;
    int ret = mldsa_key_from_der(&key, der->b, der->n);

    if (ret == MLDSA_OK)
        ck_assert_ptr_nonnull(key);
    else
        ck_assert_ptr_null(key);
    mldsa_key_free(key);
    return ret;
}

/* The ML-DSA-44 key of seed 0..31: its seed, expanded and public key. */
static void key44(uint8_t seed[32], uint8_t sk[2560], uint8_t pk[1312])
{
    MLDSA_KEY *key = NULL;

    vector_seed(seed);
    ck_assert_int_eq(mldsa_key_generate(&key, MLDSA_44, seed), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_get_secret(key, sk, 2560), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_get_public(key, pk, 1312), MLDSA_OK);
    mldsa_key_free(key);
}

/* Wrong or unknown OIDs, and parameters (even NULL), are refused. */
START_TEST(malformed_algorithm_identifiers_are_refused)
{
    uint8_t seed[32], sk[2560], pk[1313];
    BYTES alg, choice, der;

    key44(seed, sk, pk + 1);
    pk[0] = 0;
    memset(&choice, 0, sizeof(choice));
    tlv_raw(&choice, DER_TAG_CONTEXT_0_PRIM, seed, 32);

    memset(&alg, 0, sizeof(alg));
    alg_id(&alg, oid44, sizeof(oid44), NULL, 0);
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_OK);
    memset(&der, 0, sizeof(der));
    spki(&der, &alg, pk, sizeof(pk));
    ck_assert_int_eq(decode(&der), MLDSA_OK);

    memset(&alg, 0, sizeof(alg));
    alg_id(&alg, oid_unknown_arc, sizeof(oid_unknown_arc), NULL, 0);
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_OID);
    memset(&der, 0, sizeof(der));
    spki(&der, &alg, pk, sizeof(pk));
    ck_assert_int_eq(decode(&der), MLDSA_ERR_OID);

    memset(&alg, 0, sizeof(alg));
    alg_id(&alg, oid_ed25519, sizeof(oid_ed25519), NULL, 0);
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_OID);

    memset(&alg, 0, sizeof(alg));
    alg_id(&alg, oid44, sizeof(oid44), der_null, sizeof(der_null));
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_OID_PARAMS);
    memset(&der, 0, sizeof(der));
    spki(&der, &alg, pk, sizeof(pk));
    ck_assert_int_eq(decode(&der), MLDSA_ERR_OID_PARAMS);
}
END_TEST

/* Seeds, expanded keys and public keys of the wrong length are refused. */
START_TEST(wrong_key_lengths_are_refused)
{
    uint8_t seed[32], sk[2560], pk[1313];
    BYTES alg = { { 0 }, 0 }, choice, der, both;

    key44(seed, sk, pk + 1);
    pk[0] = 0;
    alg_id(&alg, oid44, sizeof(oid44), NULL, 0);

    memset(&choice, 0, sizeof(choice));
    tlv_raw(&choice, DER_TAG_CONTEXT_0_PRIM, seed, 31);
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_KEY_LENGTH);

    memset(&choice, 0, sizeof(choice));
    tlv_raw(&choice, DER_TAG_OCTET_STRING, sk, 2559);
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_KEY_LENGTH);

    memset(&both, 0, sizeof(both));
    tlv_raw(&both, DER_TAG_OCTET_STRING, seed, 32);
    tlv_raw(&both, DER_TAG_OCTET_STRING, sk, 2000);
    memset(&choice, 0, sizeof(choice));
    tlv(&choice, DER_TAG_SEQUENCE, &both);
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_KEY_LENGTH);

    memset(&der, 0, sizeof(der));
    spki(&der, &alg, pk, sizeof(pk) - 1);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_KEY_LENGTH);

    /* a bare expanded key of ML-DSA-65 or -87 under ML-DSA-44's OID */
    for (size_t i = 1; i < NPARAMS; i++) {
        size_t n = mldsa_secret_key_bytes(params[i]);

        memset(&choice, 0, sizeof(choice));
        for (size_t j = 0; j < n; j++)
            put(&choice, &sk[j % sizeof(sk)], 1);
        memset(&der, 0, sizeof(der));
        pkcs8(&der, &alg, &choice);
        ck_assert_int_eq(decode(&der), MLDSA_ERR_SK_LENGTH);
    }
    ck_assert_str_eq(mldsa_strerror(MLDSA_ERR_SK_LENGTH),
                     "secret key length does not match the parameter set");
}
END_TEST

/* A `both` whose expanded key is not its seed's, and an OQS pair whose public key differs. */
START_TEST(mismatched_key_parts_are_refused)
{
    uint8_t seed[32], sk[2560], pk[1312], pair[2560 + 1312];
    BYTES alg = { { 0 }, 0 }, choice, der, both;

    key44(seed, sk, pk);
    alg_id(&alg, oid44, sizeof(oid44), NULL, 0);

    sk[100] ^= 1;
    memset(&both, 0, sizeof(both));
    tlv_raw(&both, DER_TAG_OCTET_STRING, seed, 32);
    tlv_raw(&both, DER_TAG_OCTET_STRING, sk, 2560);
    memset(&choice, 0, sizeof(choice));
    tlv(&choice, DER_TAG_SEQUENCE, &both);
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_KEY_MISMATCH);
    sk[100] ^= 1;

    memcpy(pair, sk, 2560);
    memcpy(pair + 2560, pk, 1312);
    memset(&choice, 0, sizeof(choice));
    tlv_raw(&choice, DER_TAG_OCTET_STRING, pair, sizeof(pair));
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_OK);
    pair[2560 + 7] ^= 0x80;
    memset(&choice, 0, sizeof(choice));
    tlv_raw(&choice, DER_TAG_OCTET_STRING, pair, sizeof(pair));
    memset(&der, 0, sizeof(der));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_KEY_MISMATCH);
}
END_TEST

/*
 * The parts of a OneAsymmetricKey of key44's key: its AlgorithmIdentifier,
 * its privateKey in the seed form, and its public key as the contents of
 * a BIT STRING (no unused bits).
 */
static void pkcs8_parts44(BYTES *alg, BYTES *choice, uint8_t pk[1313])
{
    uint8_t seed[32], sk[2560];

    key44(seed, sk, pk + 1);
    pk[0] = 0;
    alg_id(alg, oid44, sizeof(oid44), NULL, 0);
    tlv_raw(choice, DER_TAG_CONTEXT_0_PRIM, seed, 32);
}

/*
 * OneAsymmetricKey v2 (RFC 5958 section 2): a [1] publicKey must match the
 * private key; version v2 when, and only when, it is present.
 */
START_TEST(pkcs8_v2_public_key_must_match)
{
    static const uint8_t v1[] = { 0x02, 0x01, 0x01 };
    static const uint8_t v0[] = { 0x02, 0x01, 0x00 };
    static const uint8_t attrs[] = { 0xa0, 0x00 };
    uint8_t pk[1313];
    BYTES alg = { { 0 }, 0 }, choice = { { 0 }, 0 }, body, der;

    pkcs8_parts44(&alg, &choice, pk);

    for (int variant = 0; variant < 4; variant++) {
        memset(&body, 0, sizeof(body));
        put(&body, variant == 3 ? v0 : v1, 3);
        put(&body, alg.b, alg.n);
        tlv(&body, DER_TAG_OCTET_STRING, &choice);
        put(&body, attrs, sizeof(attrs));
        if (variant == 1)
            pk[1 + 500] ^= 1;
        if (variant != 2)
            tlv_raw(&body, DER_TAG_CONTEXT_1_PRIM, pk, sizeof(pk));
        if (variant == 1)
            pk[1 + 500] ^= 1;
        memset(&der, 0, sizeof(der));
        tlv(&der, DER_TAG_SEQUENCE, &body);
        switch (variant) {
        case 0: /* v2, matching public key */
            ck_assert_int_eq(decode(&der), MLDSA_OK);
            break;
        case 1: /* v2, another public key */
            ck_assert_int_eq(decode(&der), MLDSA_ERR_KEY_MISMATCH);
            break;
        case 2: /* v2 without its public key */
        case 3: /* v1 has no publicKey field */
            ck_assert_int_eq(decode(&der), MLDSA_ERR_DER);
            break;
        }
    }
}
END_TEST

/* An Attribute's type: friendlyName, 1.2.840.113549.1.9.20 (RFC 2985). */
#define ATTR_OID 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x14
/* friendlyName = BMPString "k", as an Attribute */
#define ATTR_ONE_VALUE 0x30, 0x11, ATTR_OID, 0x31, 0x04, 0x1e, 0x02, 0x00, 0x6b
#define ATTR_NO_VALUE 0x30, 0x0d, ATTR_OID, 0x31, 0x00

/*
 * The contents of [0] attributes (RFC 5958 section 2): a SET OF Attribute,
 * each SEQUENCE { OBJECT IDENTIFIER, SET OF any }.  Well-formed ones are
 * read past, in v1 and in v2; each malformed one is refused with its
 * reason.
 */
START_TEST(pkcs8_attributes_are_checked_for_shape)
{
    static const uint8_t v0[] = { 0x02, 0x01, 0x00 }, v1[] = { 0x02, 0x01, 0x01 };
    static const struct {
        const char *what;
        uint8_t b[40];
        size_t n;
        int err;
    } cases[] = {
        { "no attribute", { 0 }, 0, MLDSA_OK },
        { "an attribute with one value", { ATTR_ONE_VALUE }, 19, MLDSA_OK },
        { "an attribute with no value", { ATTR_NO_VALUE }, 15, MLDSA_OK },
        { "two attributes", { ATTR_ONE_VALUE, ATTR_NO_VALUE }, 34, MLDSA_OK },
        { "an INTEGER where an Attribute goes", { 0x02, 0x01, 0x00 }, 3, MLDSA_ERR_DER },
        { "an Attribute without its values", { 0x30, 0x0b, ATTR_OID }, 13, MLDSA_ERR_DER },
        { "values in a SEQUENCE, not a SET", { 0x30, 0x0d, ATTR_OID, 0x30, 0x00 }, 15,
          MLDSA_ERR_DER },
        { "a type that is no OID", { 0x30, 0x06, 0x04, 0x02, 0x2a, 0x86, 0x31, 0x00 }, 8,
          MLDSA_ERR_DER },
        { "an empty OID", { 0x30, 0x04, 0x06, 0x00, 0x31, 0x00 }, 6, MLDSA_ERR_DER },
        { "an OID whose last subidentifier is cut",
          { 0x30, 0x06, 0x06, 0x02, 0x2a, 0x86, 0x31, 0x00 }, 8, MLDSA_ERR_DER },
        { "an element after the values", { 0x30, 0x0f, ATTR_OID, 0x31, 0x00, 0x05, 0x00 }, 17,
          MLDSA_ERR_TRAILING },
        { "a value running past its SET",
          { 0x30, 0x11, ATTR_OID, 0x31, 0x04, 0x1e, 0x05, 0x00, 0x6b }, 19, MLDSA_ERR_DER_LENGTH },
        { "a value in the high-tag form",
          { 0x30, 0x11, ATTR_OID, 0x31, 0x04, 0x1f, 0x20, 0x01, 0x00 }, 19, MLDSA_ERR_DER },
        { "a value with a non-minimal length",
          { 0x30, 0x12, ATTR_OID, 0x31, 0x05, 0x1e, 0x81, 0x02, 0x00, 0x6b }, 20,
          MLDSA_ERR_DER_LENGTH },
        { "an Attribute cut short", { 0x30, 0x11, ATTR_OID, 0x31, 0x04 }, 15,
          MLDSA_ERR_DER_LENGTH },
    };
    uint8_t pk[1313];
    BYTES alg = { { 0 }, 0 }, choice = { { 0 }, 0 }, body, der;

    pkcs8_parts44(&alg, &choice, pk);
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        for (int v2 = 0; v2 < 2; v2++) {
            memset(&body, 0, sizeof(body));
            put(&body, v2 ? v1 : v0, sizeof(v0));
            put(&body, alg.b, alg.n);
            tlv(&body, DER_TAG_OCTET_STRING, &choice);
            tlv_raw(&body, DER_TAG_CONTEXT_0_CONS, cases[i].b, cases[i].n);
            if (v2)
                tlv_raw(&body, DER_TAG_CONTEXT_1_PRIM, pk, sizeof(pk));
            memset(&der, 0, sizeof(der));
            tlv(&der, DER_TAG_SEQUENCE, &body);
            ck_assert_msg(decode(&der) == cases[i].err, "%s (v%d): %d, not %d", cases[i].what,
                          v2 + 1, decode(&der), cases[i].err);
        }
    }
}
END_TEST

/*
 * The v2 [1] publicKey is checked against the private key whatever form
 * the privateKey has: the three of RFC 9881, the bare seed, the bare
 * expanded key and the OQS pair (whose own public key is then one more
 * check, not a replacement): each with its own key, and with another's.
 */
START_TEST(pkcs8_v2_public_key_checked_for_every_private_form)
{
    static const uint8_t v1[] = { 0x02, 0x01, 0x01 };
    uint8_t seed[32], sk[2560], pk[1313], foreign[1313], pair[2560 + 1312];
    BYTES alg = { { 0 }, 0 }, choice, both, body, der;
    MLDSA_KEY *other = NULL;
    uint8_t other_seed[32];

    key44(seed, sk, pk + 1);
    pk[0] = foreign[0] = 0; /* BIT STRING: no unused bits */
    memset(other_seed, 0x5a, sizeof(other_seed));
    ck_assert_int_eq(mldsa_key_generate(&other, MLDSA_44, other_seed), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_get_public(other, foreign + 1, 1312), MLDSA_OK);
    mldsa_key_free(other);
    memcpy(pair, sk, 2560);
    memcpy(pair + 2560, pk + 1, 1312);
    alg_id(&alg, oid44, sizeof(oid44), NULL, 0);

    for (int form = 0; form < 6; form++) {
        memset(&choice, 0, sizeof(choice));
        switch (form) {
        case 0: /* seed [0] */
            tlv_raw(&choice, DER_TAG_CONTEXT_0_PRIM, seed, 32);
            break;
        case 1: /* expandedKey */
            tlv_raw(&choice, DER_TAG_OCTET_STRING, sk, 2560);
            break;
        case 2: /* both */
            memset(&both, 0, sizeof(both));
            tlv_raw(&both, DER_TAG_OCTET_STRING, seed, 32);
            tlv_raw(&both, DER_TAG_OCTET_STRING, sk, 2560);
            tlv(&choice, DER_TAG_SEQUENCE, &both);
            break;
        case 3: /* bare seed */
            put(&choice, seed, 32);
            break;
        case 4: /* bare expanded key */
            put(&choice, sk, 2560);
            break;
        case 5: /* OQS pair */
            tlv_raw(&choice, DER_TAG_OCTET_STRING, pair, sizeof(pair));
            break;
        }
        for (int own = 1; own >= 0; own--) {
            memset(&body, 0, sizeof(body));
            put(&body, v1, sizeof(v1));
            put(&body, alg.b, alg.n);
            tlv(&body, DER_TAG_OCTET_STRING, &choice);
            tlv_raw(&body, DER_TAG_CONTEXT_1_PRIM, own ? pk : foreign, sizeof(pk));
            memset(&der, 0, sizeof(der));
            tlv(&der, DER_TAG_SEQUENCE, &body);
            ck_assert_msg(decode(&der) == (own ? MLDSA_OK : MLDSA_ERR_KEY_MISMATCH),
                          "form %d, %s public key: %d", form,
                          own ? "own" : "foreign", decode(&der));
        }
    }
}
END_TEST

/* An expanded key with an s1 coefficient outside [-eta, eta] is refused (FIPS 204 skDecode). */
START_TEST(expanded_key_out_of_range_is_refused)
{
    /* s1 follows rho (32), K (32) and tr (64); eta = 2 packs 3 bits as eta - s. */
    enum { S1_OFFSET = 32 + 32 + 64 };
    uint8_t seed[32], sk[2560], pk[1312];
    BYTES alg = { { 0 }, 0 }, choice = { { 0 }, 0 }, der = { { 0 }, 0 };

    key44(seed, sk, pk);
    sk[S1_OFFSET] |= 0x07; /* the first coefficient packs as 7: s = 2 - 7 */
    alg_id(&alg, oid44, sizeof(oid44), NULL, 0);
    tlv_raw(&choice, DER_TAG_OCTET_STRING, sk, sizeof(sk));
    pkcs8(&der, &alg, &choice);
    ck_assert_int_eq(decode(&der), MLDSA_ERR_BAD_KEY);
}
END_TEST

/* Non-minimal, indefinite and overlong lengths, trailing bytes, wrong tags. */
START_TEST(malformed_der_structure_is_refused)
{
    uint8_t seed[32], sk[2560], pk[1312];
    MLDSA_KEY *key = NULL;
    uint8_t good[64], bad[80];
    size_t len = sizeof(good);

    key44(seed, sk, pk);
    ck_assert_int_eq(mldsa_key_generate(&key, MLDSA_44, seed), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_to_private_der(key, MLDSA_KEY_FORMAT_SEED, good, &len),
                     MLDSA_OK);
    mldsa_key_free(key);
    key = NULL;
    ck_assert_uint_eq(len, 54);
    ck_assert_int_eq(mldsa_key_from_der(&key, good, len), MLDSA_OK);
    mldsa_key_free(key);

    /* Outer length in long form although it is below 128. */
    bad[0] = 0x30; bad[1] = 0x81; bad[2] = 0x34;
    memcpy(bad + 3, good + 2, len - 2);
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len + 1), MLDSA_ERR_DER_LENGTH);
    /* Long form with a leading zero octet. */
    bad[1] = 0x82; bad[2] = 0x00; bad[3] = 0x34;
    memcpy(bad + 4, good + 2, len - 2);
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len + 2), MLDSA_ERR_DER_LENGTH);
    /* Indefinite length. */
    memcpy(bad, good, len);
    bad[1] = 0x80;
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len), MLDSA_ERR_DER_LENGTH);
    /* Inner length running past its container. */
    memcpy(bad, good, len);
    bad[19] = 0x23; /* privateKey OCTET STRING says 35, 34 remain */
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len), MLDSA_ERR_DER_LENGTH);
    /* Every truncation. */
    for (size_t n = 0; n < len; n++)
        ck_assert_int_ne(mldsa_key_from_der(&key, good, n), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_from_der(&key, good, 1), MLDSA_ERR_DER_LENGTH);
    ck_assert_int_eq(mldsa_key_from_der(&key, good, len - 1), MLDSA_ERR_DER_LENGTH);
    /* A byte after the outer SEQUENCE. */
    memcpy(bad, good, len);
    bad[len] = 0;
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len + 1), MLDSA_ERR_TRAILING);
    /* A byte after the seed inside privateKey. */
    memcpy(bad, good, len);
    bad[1] += 1;
    bad[19] += 1;
    bad[len] = 0;
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len + 1), MLDSA_ERR_TRAILING);
    /* An unknown CHOICE tag, a version 2, a non-SEQUENCE outer tag. */
    memcpy(bad, good, len);
    bad[20] = 0x81;
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len), MLDSA_ERR_DER);
    memcpy(bad, good, len);
    bad[4] = 2;
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len), MLDSA_ERR_DER);
    memcpy(bad, good, len);
    bad[0] = 0x31;
    ck_assert_int_eq(mldsa_key_from_der(&key, bad, len), MLDSA_ERR_DER);
    ck_assert_ptr_null(key);
}
END_TEST

/* A BIT STRING with unused bits is refused; so is a PUBLIC KEY trailing byte. */
START_TEST(malformed_public_keys_are_refused)
{
    uint8_t seed[32], sk[2560], pk[1312], der[1400];
    MLDSA_KEY *key = NULL;
    size_t len = sizeof(der);

    key44(seed, sk, pk);
    ck_assert_int_eq(mldsa_key_generate(&key, MLDSA_44, seed), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_to_public_der(key, der, &len), MLDSA_OK);
    mldsa_key_free(key);
    key = NULL;
    ck_assert_uint_eq(der[21], 0); /* 30 82 05 32 30 0b 06 09 <9> 03 82 05 21 00 */
    der[21] = 1;
    ck_assert_int_eq(mldsa_key_from_der(&key, der, len), MLDSA_ERR_DER);
    der[21] = 0;
    der[3] += 1;
    der[len] = 0;
    ck_assert_int_eq(mldsa_key_from_der(&key, der, len + 1), MLDSA_ERR_TRAILING);
    ck_assert_ptr_null(key);
}
END_TEST

/* Random byte changes and truncations of every form never crash the decoders. */
START_TEST(decoders_survive_random_mutations)
{
    static const mldsa_key_format formats[] = {
        MLDSA_KEY_FORMAT_SEED, MLDSA_KEY_FORMAT_EXPANDED, MLDSA_KEY_FORMAT_BOTH
    };
    uint8_t seed[MLDSA_SEED_BYTES] = { 0 };
    uint8_t good[3][8192], der[8192];
    size_t len[3];
    MLDSA_KEY *key = NULL;

    ck_assert_int_eq(mldsa_key_generate(&key, MLDSA_44, seed), MLDSA_OK);
    for (int f = 0; f < 3; f++) {
        len[f] = sizeof(good[f]);
        ck_assert_int_eq(mldsa_key_to_private_der(key, formats[f], good[f], &len[f]),
                         MLDSA_OK);
    }
    mldsa_key_free(key);
    for (int iter = 0; iter < 1500; iter++) {
        int f = (int)test_rand_below(3);
        size_t n = len[f], changes = 1 + test_rand_below(3);
        MLDSA_KEY *back = NULL;
        int ret;

        memcpy(der, good[f], n);
        for (size_t c = 0; c < changes; c++) {
            /* Mostly the headers, where the structure is. */
            size_t at = test_rand_below(4) ? test_rand_below(n < 64 ? n : 64)
                                           : test_rand_below(n);

            der[at] = (uint8_t)test_rand_u64();
        }
        if (test_rand_below(4) == 0)
            n = test_rand_below(n + 1);
        ret = mldsa_key_from_der(&back, der, n);
        ck_assert_msg((ret == MLDSA_OK) == (back != NULL), "iteration %d", iter);
        mldsa_key_free(back);
    }
}
END_TEST

/*
 * Base64 of every length from 1 to 300 random bytes decodes back, in the
 * strict layout (the constant-time reader) and with CRLF line ends and
 * 76-column lines (the lax reader); a last group with unused bits set is
 * refused by both.
 */
START_TEST(base64_strict_and_lax_readers_agree_for_every_length)
{
    static char pem[1024], lax[1200];
    uint8_t in[300], *der = NULL;
    const char *label;
    size_t labellen, derlen, dersize, n;

    for (size_t len = 1; len <= sizeof(in); len++) {
        test_rand_bytes(in, len);
        n = ossl_pem_encoded_len("X", len);
        ck_assert_uint_lt(n, sizeof(pem));
        ossl_pem_encode(pem, "X", in, len);
        ck_assert_int_eq(ossl_pem_decode(pem, n, &label, &labellen, &der, &derlen,
                                         &dersize),
                         MLDSA_OK);
        ck_assert_uint_eq(derlen, len);
        ck_assert_mem_eq(der, in, len);
        free(der);

        /* The same base64 as 76-column CRLF lines. */
        {
            const char *b = strchr(pem, '\n') + 1, *e = strstr(pem, "-----END");
            size_t m = 0, col = 0;

            m += (size_t)snprintf(lax, sizeof(lax), "-----BEGIN X-----\r\n");
            for (; b < e; b++) {
                if (*b == '\n')
                    continue;
                lax[m++] = *b;
                if (++col == 76) {
                    lax[m++] = '\r';
                    lax[m++] = '\n';
                    col = 0;
                }
            }
            m += (size_t)snprintf(lax + m, sizeof(lax) - m, "\r\n-----END X-----\r\n");
            ck_assert_int_eq(ossl_pem_decode(lax, m, &label, &labellen, &der, &derlen,
                                         &dersize),
                             MLDSA_OK);
            ck_assert_uint_eq(derlen, len);
            ck_assert_mem_eq(der, in, len);
            free(der);
        }

        /*
         * Padding after a last character whose unused bits are not zero:
         * flipping the low ASCII bit of any canonical last character (its
         * value a multiple of 4) gives a valid character with an odd value.
         */
        if (len % 3 != 0) {
            char *end = strstr(pem, "-----END") - 2;   /* last data character or '=' */

            while (*end == '=')
                end--;
            *end ^= 1;
            ck_assert_int_eq(ossl_pem_decode(pem, n, &label, &labellen, &der, &derlen,
                                         &dersize),
                             MLDSA_ERR_PEM);
        }
    }
}
END_TEST

/* One layout of PEM text: base64 lines of cols characters, each ending in
 * trail then eol (cols 0: the whole base64 on one line). */
typedef struct {
    const char *name;
    size_t cols;
    const char *trail, *eol;
} PEM_LAYOUT;

/* The private PEM text pem (64-column, "\n") rewritten in layout l into out. */
static size_t pem_relayout(char *out, size_t outmax, const char *pem,
                           const PEM_LAYOUT *l)
{
    const char *b = strchr(pem, '\n') + 1, *e = strstr(pem, "-----END");
    size_t m = 0, col = 0;

    m += (size_t)snprintf(out, outmax, "-----BEGIN PRIVATE KEY-----%s", l->eol);
    for (; b < e; b++) {
        if (*b == '\n')
            continue;
        out[m++] = *b;
        if (++col == l->cols) {
            m += (size_t)snprintf(out + m, outmax - m, "%s%s", l->trail, l->eol);
            col = 0;
        }
    }
    if (col != 0)
        m += (size_t)snprintf(out + m, outmax - m, "%s%s", l->trail, l->eol);
    m += (size_t)snprintf(out + m, outmax - m, "-----END PRIVATE KEY-----%s", l->eol);
    ck_assert_uint_lt(m, outmax);
    return m;
}

/*
 * PEM decoding leaves no key byte in the heap, whatever the layout.  The
 * block the decoder's buffer will come from is painted first (a block of
 * its size, pem.c's bodylen / 4 * 3 + 1, filled and freed: the allocator
 * hands it to the next request of that size); after mldsa_key_from_pem,
 * blocks of that size are taken back until the painted one (up to
 * TAKE_BACK), which must be all zeros (the decoder's buffer, wiped whole)
 * or all paint (not the decoder's), but for the allocator's own words: no
 * decoded byte (the strict reader wrote past what the lax one returned, up
 * to 62 bytes of the key) and no half-wiped buffer.  Where the allocator's
 * words are known (glibc) only; elsewhere (Windows' heap keeps its own in
 * a free block), and when the decoder used the painted block in no case
 * (AddressSanitizer quarantines freed blocks), the test is a counted skip.
 */
#define TAKE_BACK 16
/* (through volatile pointers: a compiler may drop a malloc, memset, free) */
static void *(*volatile heap_alloc)(size_t) = malloc;
static void (*volatile heap_free)(void *) = free;
START_TEST(pem_decoding_leaves_no_key_byte_in_freed_heap)
{
    static const PEM_LAYOUT layouts[] = {
        { "strict", 64, "", "\n" }, { "CRLF", 64, "", "\r\n" },
        { "60 columns", 60, "", "\n" }, { "60 columns CRLF", 60, "", "\r\n" },
        { "76 columns", 76, "", "\n" }, { "76 columns CRLF", 76, "", "\r\n" },
        { "72 columns", 72, "", "\n" }, { "16 columns", 16, "", "\n" },
        { "one line", 0, "", "\n" }, { "trailing spaces", 64, "  ", "\n" },
        { "tabs, CR only", 64, "\t", "\r" },
    };
    static const mldsa_key_format formats[] = {
        MLDSA_KEY_FORMAT_SEED, MLDSA_KEY_FORMAT_EXPANDED, MLDSA_KEY_FORMAT_BOTH
    };
    static const char *const form_names[] = { "seed", "expanded", "both" };
    /* the allocator's words in a free block: up to 4 at its start, and the
     * next block's record of its size in its last 16 bytes (glibc) */
    const size_t head = 4 * sizeof(void *), tail = 2 * sizeof(size_t);
    const uint8_t paint = 0xa5;
    mldsa_param param = params[_i];
    static char pem[16384], text[20000];
    uint8_t seed[MLDSA_SEED_BYTES], *block, *taken[TAKE_BACK];
    MLDSA_KEY *key = NULL, *back;
    size_t pemlen, len, size, f, n, t, j, zeros, paints, checked = 0;
    uintptr_t where;

#ifndef __GLIBC__
    test_skip("the allocator's own words in a free block are known for glibc only");
    return;
#endif
    test_rand_bytes(seed, sizeof(seed));
    ck_assert_int_eq(mldsa_key_generate(&key, param, seed), MLDSA_OK);
    for (f = 0; f < 3; f++) {
        pemlen = sizeof(pem);
        ck_assert_int_eq(mldsa_key_to_private_pem(key, formats[f], pem, &pemlen),
                         MLDSA_OK);
        pem[pemlen] = '\0';
        for (n = 0; n < sizeof(layouts) / sizeof(layouts[0]); n++) {
            len = pem_relayout(text, sizeof(text), pem, &layouts[n]);
            size = (size_t)(strstr(text, "-----END") - text
                            - strlen("-----BEGIN PRIVATE KEY-----")) / 4 * 3 + 1;
            block = heap_alloc(size);
            ck_assert_ptr_nonnull(block);
            memset(block, paint, size);
            where = (uintptr_t)block;
            heap_free(block);
            back = NULL;
            ck_assert_int_eq(mldsa_key_from_pem(&back, text, len), MLDSA_OK);
            block = NULL;
            for (t = 0; t < TAKE_BACK && block == NULL; t++) {
                taken[t] = heap_alloc(size);
                ck_assert_ptr_nonnull(taken[t]);
                if ((uintptr_t)taken[t] == where)
                    block = taken[t];
            }
            if (block != NULL) {
                for (j = head, zeros = 0, paints = 0; j + tail < size; j++) {
                    zeros += block[j] == 0;
                    paints += block[j] == paint;
                }
                ck_assert_msg(zeros + paints == size - head - tail
                              && (zeros == 0 || paints == 0),
                              "ML-DSA-%d %s key, %s: the freed buffer holds %zu bytes "
                              "of decoded data and %zu unwiped of %zu", (int)param,
                              form_names[f], layouts[n].name,
                              size - head - tail - zeros - paints, paints,
                              size - head - tail);
                checked += paints == 0;
            }
            while (t > 0)
                heap_free(taken[--t]);
            ck_assert_int_eq(mldsa_key_has_secret(back), 1);
            mldsa_key_free(back);
        }
    }
    mldsa_key_free(key);
    if (checked == 0)
        test_skip("the allocator never handed the painted block to the decoder and back "
                  "(AddressSanitizer, or an allocator that does not reuse it)");
}
END_TEST

/* PEM: mismatched or unknown labels, bad base64 or padding, and the wrong kind of key. */
START_TEST(malformed_pem_is_refused)
{
    uint8_t seed[32] = { 0 };
    MLDSA_KEY *key = NULL, *back = NULL;
    char pem[8192], bad[16384];
    size_t len = sizeof(pem), publen;
    char *p;

    ck_assert_int_eq(mldsa_key_generate(&key, MLDSA_44, seed), MLDSA_OK);
    ck_assert_int_eq(mldsa_key_to_private_pem(key, MLDSA_KEY_FORMAT_SEED, pem, &len),
                     MLDSA_OK);
    pem[len] = '\0';
    ck_assert_int_eq(mldsa_key_from_pem(&back, pem, len), MLDSA_OK);
    mldsa_key_free(back);
    back = NULL;

    /* Explanatory text around the block is allowed (RFC 7468 section 5.2). */
    snprintf(bad, sizeof(bad), "my key\n%sbye\n", pem);
    ck_assert_int_eq(mldsa_key_from_pem(&back, bad, strlen(bad)), MLDSA_OK);
    mldsa_key_free(back);
    back = NULL;

    memcpy(bad, pem, len);
    p = strstr(bad, "-----END PRIVATE");
    memcpy(p + 9, "PUBLIC ", 7);
    ck_assert_int_eq(mldsa_key_from_pem(&back, bad, len - 1), MLDSA_ERR_PEM);
    memcpy(bad, pem, len);
    bad[30] = '*';
    ck_assert_int_eq(mldsa_key_from_pem(&back, bad, len), MLDSA_ERR_PEM);
    /* 54 bytes: 72 characters, no padding; a '=' in the middle is bad. */
    memcpy(bad, pem, len);
    bad[40] = '=';
    ck_assert_int_eq(mldsa_key_from_pem(&back, bad, len), MLDSA_ERR_PEM);
    /* A missing END line. */
    ck_assert_int_eq(mldsa_key_from_pem(&back, pem, len - 20), MLDSA_ERR_PEM);
    /* An unknown label. */
    snprintf(bad, sizeof(bad), "-----BEGIN CERTIFICATE-----\nMAA=\n-----END CERTIFICATE-----\n");
    ck_assert_int_eq(mldsa_key_from_pem(&back, bad, strlen(bad)), MLDSA_ERR_PEM);
    /* Non-canonical padding bits: "MAB=" decodes to 30 00 with a stray bit. */
    snprintf(bad, sizeof(bad), "-----BEGIN PUBLIC KEY-----\nMAB=\n-----END PUBLIC KEY-----\n");
    ck_assert_int_eq(mldsa_key_from_pem(&back, bad, strlen(bad)), MLDSA_ERR_PEM);

    /* A private key under the PUBLIC KEY label, and the reverse. */
    memcpy(bad, pem, len + 1);
    while ((p = strstr(bad, "PRIVATE")) != NULL)
        memcpy(p, "PUBLIC ", 7);
    /* "PUBLIC  KEY" would be another label: shift the tail left by one. */
    while ((p = strstr(bad, "PUBLIC  KEY")) != NULL)
        memmove(p + 6, p + 7, strlen(p + 7) + 1);
    ck_assert_int_eq(mldsa_key_from_pem(&back, bad, strlen(bad)), MLDSA_ERR_KEY_TYPE);
    publen = sizeof(pem);
    ck_assert_int_eq(mldsa_key_to_public_pem(key, pem, &publen), MLDSA_OK);
    pem[publen] = '\0';
    snprintf(bad, sizeof(bad), "%s", pem);
    while ((p = strstr(bad, "PUBLIC KEY")) != NULL) {
        memmove(p + 11, p + 10, strlen(p + 10) + 1);
        memcpy(p, "PRIVATE KEY", 11);
    }
    ck_assert_int_eq(mldsa_key_from_pem(&back, bad, strlen(bad)), MLDSA_ERR_KEY_TYPE);
    ck_assert_ptr_null(back);
    mldsa_key_free(key);
}
END_TEST

static Suite *encode_suite(void)
{
    Suite *s = suite_create("encode");
    TCase *tv = tcase_create("vectors");
    TCase *tc = tcase_create("codec");

    tcase_set_timeout(tv, 60);
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tv, vector_keys_read_back_to_their_dumps, 0, NPARAMS);
    tcase_add_loop_test(tv, vector_signature_verifies_over_spki_der, 0, NPARAMS);
    tcase_add_loop_test(tv, written_pem_is_byte_identical_to_vectors, 0, NPARAMS);
    tcase_add_loop_test(tv, text_dump_is_openssl_35s, 0, NPARAMS);
    tcase_add_loop_test(tc, every_format_round_trips_on_random_keys, 0, NPARAMS);
    tcase_add_test(tc, encoders_report_length_and_missing_parts);
    tcase_add_test(tc, text_dump_reports_length_and_refuses_short_room);
    tcase_add_test(tc, der_lengths_round_trip_in_shortest_form);
    tcase_add_test(tc, malformed_algorithm_identifiers_are_refused);
    tcase_add_test(tc, wrong_key_lengths_are_refused);
    tcase_add_test(tc, mismatched_key_parts_are_refused);
    tcase_add_test(tc, pkcs8_v2_public_key_must_match);
    tcase_add_test(tc, pkcs8_v2_public_key_checked_for_every_private_form);
    tcase_add_test(tc, pkcs8_attributes_are_checked_for_shape);
    tcase_add_test(tc, base64_strict_and_lax_readers_agree_for_every_length);
    tcase_add_test(tc, expanded_key_out_of_range_is_refused);
    tcase_add_test(tc, malformed_der_structure_is_refused);
    tcase_add_test(tc, malformed_public_keys_are_refused);
    tcase_add_test(tc, malformed_pem_is_refused);
    tcase_add_loop_test(tc, pem_decoding_leaves_no_key_byte_in_freed_heap, 0, NPARAMS);
    tcase_add_test(tc, decoders_survive_random_mutations);
    suite_add_tcase(s, tv);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return test_run_suite(encode_suite());
}
