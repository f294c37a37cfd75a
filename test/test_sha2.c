/*
 * SHA-2 (FIPS 180-4) and the public digest functions of mldsa.h: NIST's
 * example values for all six SHA-2 functions, updates in pieces equal to
 * the one-shot functions at every split, and mldsa_digest /
 * mldsa_digest_* for all twelve mldsa_hash ids (known values, streaming
 * equals one-shot, error codes).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mldsa.h"
#include "internal/sha2.h"
#include "testutil.h"

/* The six SHA-2 functions, as an index into sha2_fns. */
enum { FN_SHA224, FN_SHA256, FN_SHA384, FN_SHA512, FN_SHA512_224,
       FN_SHA512_256, FN_COUNT };

#define MLDSA_HASH_COUNT (MLDSA_SHAKE256 + 1)

typedef struct {
    int fn;
    int msg;
    const char *hex;
} SHA2_KAT;

typedef struct {
    mldsa_hash hash;
    int msg;
    const char *hex;
} DIGEST_KAT;

/* Values computed with Python's hashlib, checked against NIST's examples. */
static const SHA2_KAT sha2_kat[] = {
    { FN_SHA224, MSG_EMPTY,
      "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
    { FN_SHA224, MSG_ABC,
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { FN_SHA224, MSG_448,
      "75388b16512776cc5dba5da1fd890150b0c6455cb4f58b1952522525" },
    { FN_SHA224, MSG_896,
      "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3" },
    { FN_SHA224, MSG_MILLION_A,
      "20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67" },
    { FN_SHA256, MSG_EMPTY,
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
    { FN_SHA256, MSG_ABC,
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    { FN_SHA256, MSG_448,
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
    { FN_SHA256, MSG_896,
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
    { FN_SHA256, MSG_MILLION_A,
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0" },
    { FN_SHA384, MSG_EMPTY,
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
      "274edebfe76f65fbd51ad2f14898b95b" },
    { FN_SHA384, MSG_ABC,
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
      "8086072ba1e7cc2358baeca134c825a7" },
    { FN_SHA384, MSG_448,
      "3391fdddfc8dc7393707a65b1b4709397cf8b1d162af05abfe8f450de5f36bc6"
      "b0455a8520bc4e6f5fe95b1fe3c8452b" },
    { FN_SHA384, MSG_896,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
      "fcc7c71a557e2db966c3e9fa91746039" },
    { FN_SHA384, MSG_MILLION_A,
      "9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b"
      "07b8b3dc38ecc4ebae97ddd87f3d8985" },
    { FN_SHA512, MSG_EMPTY,
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
    { FN_SHA512, MSG_ABC,
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
    { FN_SHA512, MSG_448,
      "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
      "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445" },
    { FN_SHA512, MSG_896,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
    { FN_SHA512, MSG_MILLION_A,
      "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
      "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b" },
    { FN_SHA512_224, MSG_EMPTY,
      "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4" },
    { FN_SHA512_224, MSG_ABC,
      "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
    { FN_SHA512_224, MSG_448,
      "e5302d6d54bb242275d1e7622d68df6eb02dedd13f564c13dbda2174" },
    { FN_SHA512_224, MSG_896,
      "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9" },
    { FN_SHA512_224, MSG_MILLION_A,
      "37ab331d76f0d36de422bd0edeb22a28accd487b7a8453ae965dd287" },
    { FN_SHA512_256, MSG_EMPTY,
      "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a" },
    { FN_SHA512_256, MSG_ABC,
      "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
    { FN_SHA512_256, MSG_448,
      "bde8e1f9f19bb9fd3406c90ec6bc47bd36d8ada9f11880dbc8a22a7078b6a461" },
    { FN_SHA512_256, MSG_896,
      "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a" },
    { FN_SHA512_256, MSG_MILLION_A,
      "9a59a052930187a97038cae692f30708aa6491923ef5194394dc68d56c74fb21" },
};
static const DIGEST_KAT digest_kat[] = {
    { MLDSA_SHA2_224, MSG_EMPTY,
      "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f" },
    { MLDSA_SHA2_224, MSG_ABC,
      "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7" },
    { MLDSA_SHA2_224, MSG_896,
      "c97ca9a559850ce97a04a96def6d99a9e0e0e2ab14e6b8df265fc0b3" },
    { MLDSA_SHA2_256, MSG_EMPTY,
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
    { MLDSA_SHA2_256, MSG_ABC,
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
    { MLDSA_SHA2_256, MSG_896,
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
    { MLDSA_SHA2_384, MSG_EMPTY,
      "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da"
      "274edebfe76f65fbd51ad2f14898b95b" },
    { MLDSA_SHA2_384, MSG_ABC,
      "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
      "8086072ba1e7cc2358baeca134c825a7" },
    { MLDSA_SHA2_384, MSG_896,
      "09330c33f71147e83d192fc782cd1b4753111b173b3b05d22fa08086e3b0f712"
      "fcc7c71a557e2db966c3e9fa91746039" },
    { MLDSA_SHA2_512, MSG_EMPTY,
      "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
      "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e" },
    { MLDSA_SHA2_512, MSG_ABC,
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
      "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f" },
    { MLDSA_SHA2_512, MSG_896,
      "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
      "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909" },
    { MLDSA_SHA2_512_224, MSG_EMPTY,
      "6ed0dd02806fa89e25de060c19d3ac86cabb87d6a0ddd05c333b84f4" },
    { MLDSA_SHA2_512_224, MSG_ABC,
      "4634270f707b6a54daae7530460842e20e37ed265ceee9a43e8924aa" },
    { MLDSA_SHA2_512_224, MSG_896,
      "23fec5bb94d60b23308192640b0c453335d664734fe40e7268674af9" },
    { MLDSA_SHA2_512_256, MSG_EMPTY,
      "c672b8d1ef56ed28ab87c3622c5114069bdd3ad7b8f9737498d0c01ecef0967a" },
    { MLDSA_SHA2_512_256, MSG_ABC,
      "53048e2681941ef99b2e29b76b4c7dabe4c2d0c634fc6d46e0e2f13107e7af23" },
    { MLDSA_SHA2_512_256, MSG_896,
      "3928e184fb8690f840da3988121d31be65cb9d3ef83ee6146feac861e19b563a" },
    { MLDSA_SHA3_224, MSG_EMPTY,
      "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7" },
    { MLDSA_SHA3_224, MSG_ABC,
      "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf" },
    { MLDSA_SHA3_224, MSG_896,
      "543e6868e1666c1a643630df77367ae5a62a85070a51c14cbf665cbc" },
    { MLDSA_SHA3_256, MSG_EMPTY,
      "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
    { MLDSA_SHA3_256, MSG_ABC,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
    { MLDSA_SHA3_256, MSG_896,
      "916f6061fe879741ca6469b43971dfdb28b1a32dc36cb3254e812be27aad1d18" },
    { MLDSA_SHA3_384, MSG_EMPTY,
      "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
      "c3713831264adb47fb6bd1e058d5f004" },
    { MLDSA_SHA3_384, MSG_ABC,
      "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
      "98d88cea927ac7f539f1edf228376d25" },
    { MLDSA_SHA3_384, MSG_896,
      "79407d3b5916b59c3e30b09822974791c313fb9ecc849e406f23592d04f625dc"
      "8c709b98b43b3852b337216179aa7fc7" },
    { MLDSA_SHA3_512, MSG_EMPTY,
      "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
      "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26" },
    { MLDSA_SHA3_512, MSG_ABC,
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
      "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
    { MLDSA_SHA3_512, MSG_896,
      "afebb2ef542e6579c50cad06d2e578f9f8dd6881d7dc824d26360feebf18a4fa"
      "73e3261122948efcfd492e74e82e2189ed0fb440d187f382270cb455f21dd185" },
    { MLDSA_SHAKE128, MSG_EMPTY,
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26" },
    { MLDSA_SHAKE128, MSG_ABC,
      "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8" },
    { MLDSA_SHAKE128, MSG_896,
      "7b6df6ff181173b6d7898d7ff63fb07b7c237daf471a5ae5602adbccef9ccf4b" },
    { MLDSA_SHAKE256, MSG_EMPTY,
      "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
      "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be" },
    { MLDSA_SHAKE256, MSG_ABC,
      "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
      "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4" },
    { MLDSA_SHAKE256, MSG_896,
      "98be04516c04cc73593fef3ed0352ea9f6443942d6950e29a372a681c3deaf45"
      "35423709b02843948684e029010badcc0acd8303fc85fdad3eabf4f78cae1656" },
};

/* One SHA-2 function: its one-shot, its init, and which context it uses. */
typedef struct {
    const char *name;
    size_t md_len;
    void (*oneshot)(const uint8_t *d, size_t n, uint8_t *md);
    void (*init256)(SHA256_CTX *c);
    void (*init512)(SHA512_CTX *c);
} SHA2_FN;

static const SHA2_FN sha2_fns[FN_COUNT] = {
    { "SHA-224", SHA224_DIGEST_LENGTH, SHA224, SHA224_Init, NULL },
    { "SHA-256", SHA256_DIGEST_LENGTH, SHA256, SHA256_Init, NULL },
    { "SHA-384", SHA384_DIGEST_LENGTH, SHA384, NULL, SHA384_Init },
    { "SHA-512", SHA512_DIGEST_LENGTH, SHA512, NULL, SHA512_Init },
    { "SHA-512/224", SHA512_224_DIGEST_LENGTH, SHA512_224, NULL, SHA512_224_Init },
    { "SHA-512/256", SHA512_256_DIGEST_LENGTH, SHA512_256, NULL, SHA512_256_Init },
};

/* Hash in pieces: in[0..cut) then in[cut..len), with the incremental API. */
static void sha2_two_pieces(const SHA2_FN *fn, uint8_t *md, const uint8_t *in,
                            size_t len, size_t cut)
{
    if (fn->init256 != NULL) {
        SHA256_CTX c;

        fn->init256(&c);
        SHA256_Update(&c, in, cut);
        SHA256_Update(&c, in + cut, len - cut);
        SHA256_Final(md, &c);
    } else {
        SHA512_CTX c;

        fn->init512(&c);
        SHA512_Update(&c, in, cut);
        SHA512_Update(&c, in + cut, len - cut);
        SHA512_Final(md, &c);
    }
}

START_TEST(sha2_matches_fips180_examples)
{
    size_t i;

    for (i = 0; i < sizeof(sha2_kat) / sizeof(sha2_kat[0]); i++) {
        const SHA2_FN *fn = &sha2_fns[sha2_kat[i].fn];
        uint8_t want[SHA512_DIGEST_LENGTH], got[SHA512_DIGEST_LENGTH];
        size_t len, n = test_expect_hex(want, sizeof(want), sha2_kat[i].hex);
        uint8_t *m = test_example_message(sha2_kat[i].msg, &len);

        ck_assert_uint_eq(n, fn->md_len);
        fn->oneshot(m, len, got);
        ck_assert_msg(memcmp(got, want, n) == 0, "%s, message %d", fn->name,
                      sha2_kat[i].msg);
        /* the same through the incremental API, cut in the middle */
        memset(got, 0, sizeof(got));
        sha2_two_pieces(fn, got, m, len, len / 2);
        ck_assert_msg(memcmp(got, want, n) == 0, "%s, message %d, two pieces",
                      fn->name, sha2_kat[i].msg);
        free(m);
    }
}
END_TEST

/*
 * Updating in two pieces split at every point equals the one-shot, for
 * lengths around the padding boundaries of both block sizes.
 */
START_TEST(every_update_split_equals_one_shot)
{
    static const size_t lengths[] = { 0, 1, 55, 56, 63, 64, 65, 111, 112, 119,
                                      120, 127, 128, 129, 191, 255, 256, 257 };
    uint8_t in[257], want[SHA512_DIGEST_LENGTH], got[SHA512_DIGEST_LENGTH];
    size_t f, l, cut, bad = 0;

    test_rand_bytes(in, sizeof(in));
    for (f = 0; f < FN_COUNT; f++) {
        for (l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
            size_t len = lengths[l];

            sha2_fns[f].oneshot(in, len, want);
            for (cut = 0; cut <= len; cut++) {
                sha2_two_pieces(&sha2_fns[f], got, in, len, cut);
                if (memcmp(got, want, sha2_fns[f].md_len) != 0) {
                    fprintf(stderr, "%s, %zu bytes cut at %zu\n", sha2_fns[f].name, len, cut);
                    bad++;
                }
            }
        }
    }
    ck_assert_uint_eq(bad, 0);
}
END_TEST

/* Updating in many random pieces (zero included) equals the one-shot. */
START_TEST(random_update_pieces_equal_one_shot)
{
    static uint8_t in[5000];
    uint8_t want[SHA512_DIGEST_LENGTH], got[SHA512_DIGEST_LENGTH];
    size_t f;
    int round;

    for (round = 0; round < 20; round++) {
        for (f = 0; f < FN_COUNT; f++) {
            size_t len = (size_t)test_rand_below(sizeof(in) + 1), done = 0;
            SHA256_CTX c256;
            SHA512_CTX c512;

            test_rand_bytes(in, len);
            sha2_fns[f].oneshot(in, len, want);
            if (sha2_fns[f].init256 != NULL)
                sha2_fns[f].init256(&c256);
            else
                sha2_fns[f].init512(&c512);
            while (done < len) {
                size_t n = (size_t)test_rand_below(300);

                if (n > len - done)
                    n = len - done;
                if (sha2_fns[f].init256 != NULL)
                    SHA256_Update(&c256, in + done, n);
                else
                    SHA512_Update(&c512, in + done, n);
                done += n;
            }
            if (sha2_fns[f].init256 != NULL)
                SHA256_Final(got, &c256);
            else
                SHA512_Final(got, &c512);
            ck_assert_msg(memcmp(got, want, sha2_fns[f].md_len) == 0, "%s, %zu bytes",
                          sha2_fns[f].name, len);
        }
    }
}
END_TEST

/* Final leaves nothing of the state behind. */
START_TEST(final_wipes_the_context)
{
    static const uint8_t zero[sizeof(SHA512_CTX)];
    uint8_t in[70], md[SHA512_DIGEST_LENGTH];
    SHA256_CTX c256;
    SHA512_CTX c512;

    test_rand_bytes(in, sizeof(in));
    SHA256_Init(&c256);
    SHA256_Update(&c256, in, sizeof(in));
    SHA256_Final(md, &c256);
    ck_assert(memcmp(&c256, zero, sizeof(c256)) == 0);
    SHA512_Init(&c512);
    SHA512_Update(&c512, in, sizeof(in));
    SHA512_Final(md, &c512);
    ck_assert(memcmp(&c512, zero, sizeof(c512)) == 0);
}
END_TEST

START_TEST(digest_bytes_are_the_hashml_dsa_lengths)
{
    static const size_t want[MLDSA_HASH_COUNT] = {
        28, 32, 48, 64, 28, 32, 28, 32, 48, 64, 32, 64
    };
    int h;

    for (h = 0; h < MLDSA_HASH_COUNT; h++)
        ck_assert_uint_eq(mldsa_digest_bytes((mldsa_hash)h), want[h]);
    ck_assert_uint_eq(mldsa_digest_bytes((mldsa_hash)MLDSA_HASH_COUNT), 0);
    ck_assert_uint_eq(mldsa_digest_bytes((mldsa_hash)-1), 0);
}
END_TEST

START_TEST(digest_matches_known_values_for_every_hash)
{
    size_t i;

    for (i = 0; i < sizeof(digest_kat) / sizeof(digest_kat[0]); i++) {
        uint8_t want[MLDSA_MAX_DIGEST_BYTES], got[MLDSA_MAX_DIGEST_BYTES];
        size_t len, outlen = 0, n = test_expect_hex(want, sizeof(want), digest_kat[i].hex);
        uint8_t *m = test_example_message(digest_kat[i].msg, &len);
        MLDSA_DIGEST_CTX *dctx = NULL;

        ck_assert_int_eq(mldsa_digest(digest_kat[i].hash, got, &outlen, m, len), MLDSA_OK);
        ck_assert_uint_eq(outlen, n);
        ck_assert_msg(memcmp(got, want, n) == 0, "hash %d, message %d",
                      (int)digest_kat[i].hash, digest_kat[i].msg);
        ck_assert_int_eq(mldsa_digest_new(&dctx, digest_kat[i].hash), MLDSA_OK);
        ck_assert_int_eq(mldsa_digest_update(dctx, m, len), MLDSA_OK);
        outlen = 0;
        memset(got, 0, sizeof(got));
        ck_assert_int_eq(mldsa_digest_final(dctx, got, &outlen), MLDSA_OK);
        ck_assert_uint_eq(outlen, n);
        ck_assert_msg(memcmp(got, want, n) == 0, "hash %d, message %d, streamed",
                      (int)digest_kat[i].hash, digest_kat[i].msg);
        mldsa_digest_free(dctx);
        free(m);
    }
}
END_TEST

/* mldsa_digest_update in random pieces equals mldsa_digest, for every hash id. */
START_TEST(digest_streaming_equals_one_shot_for_every_hash)
{
    static uint8_t in[1000];
    int h, round;

    for (round = 0; round < 10; round++) {
        for (h = 0; h < MLDSA_HASH_COUNT; h++) {
            uint8_t want[MLDSA_MAX_DIGEST_BYTES], got[MLDSA_MAX_DIGEST_BYTES];
            size_t len = (size_t)test_rand_below(sizeof(in) + 1), done = 0;
            size_t wantlen, gotlen;
            MLDSA_DIGEST_CTX *dctx;

            test_rand_bytes(in, len);
            ck_assert_int_eq(mldsa_digest((mldsa_hash)h, want, &wantlen, in, len), MLDSA_OK);
            ck_assert_int_eq(mldsa_digest_new(&dctx, (mldsa_hash)h), MLDSA_OK);
            while (done < len) {
                size_t n = (size_t)test_rand_below(200);

                if (n > len - done)
                    n = len - done;
                ck_assert_int_eq(mldsa_digest_update(dctx, in + done, n), MLDSA_OK);
                done += n;
            }
            ck_assert_int_eq(mldsa_digest_final(dctx, got, &gotlen), MLDSA_OK);
            mldsa_digest_free(dctx);
            ck_assert_uint_eq(gotlen, wantlen);
            ck_assert_uint_eq(gotlen, mldsa_digest_bytes((mldsa_hash)h));
            ck_assert_msg(memcmp(got, want, gotlen) == 0, "hash %d, %zu bytes", h, len);
        }
    }
}
END_TEST

START_TEST(digest_refuses_unknown_hash_ids)
{
    static const int bad_ids[] = { -1, MLDSA_HASH_COUNT, 1000 };
    uint8_t out[MLDSA_MAX_DIGEST_BYTES] = { 0 };
    size_t outlen, i;

    for (i = 0; i < sizeof(bad_ids) / sizeof(bad_ids[0]); i++) {
        MLDSA_DIGEST_CTX *dctx = (MLDSA_DIGEST_CTX *)out;

        ck_assert_int_eq(mldsa_digest((mldsa_hash)bad_ids[i], out, &outlen,
                                      (const uint8_t *)"abc", 3), MLDSA_ERR_HASH);
        ck_assert_int_eq(mldsa_digest_new(&dctx, (mldsa_hash)bad_ids[i]), MLDSA_ERR_HASH);
        ck_assert_ptr_null(dctx);
    }
}
END_TEST

START_TEST(digest_refuses_null_pointers)
{
    uint8_t out[MLDSA_MAX_DIGEST_BYTES] = { 0 };
    size_t outlen = 0;
    MLDSA_DIGEST_CTX *dctx;

    ck_assert_int_eq(mldsa_digest(MLDSA_SHA2_256, NULL, &outlen, out, 1), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_digest(MLDSA_SHA2_256, out, NULL, out, 1), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_digest(MLDSA_SHA2_256, out, &outlen, NULL, 1), MLDSA_ERR_NULL);
    /* NULL with length 0 is the empty message */
    ck_assert_int_eq(mldsa_digest(MLDSA_SHA3_256, out, &outlen, NULL, 0), MLDSA_OK);
    ck_assert_uint_eq(outlen, 32);
    ck_assert_int_eq(mldsa_digest_new(NULL, MLDSA_SHA2_256), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_digest_update(NULL, out, 1), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_digest_final(NULL, out, &outlen), MLDSA_ERR_NULL);
    mldsa_digest_free(NULL);

    ck_assert_int_eq(mldsa_digest_new(&dctx, MLDSA_SHAKE256), MLDSA_OK);
    ck_assert_int_eq(mldsa_digest_update(dctx, NULL, 1), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_digest_update(dctx, NULL, 0), MLDSA_OK);
    ck_assert_int_eq(mldsa_digest_final(dctx, NULL, &outlen), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_digest_final(dctx, out, NULL), MLDSA_ERR_NULL);
    ck_assert_int_eq(mldsa_digest_final(dctx, out, &outlen), MLDSA_OK);
    ck_assert_uint_eq(outlen, 64);
    mldsa_digest_free(dctx);
}
END_TEST

/* After final, a context refuses updates and a second final (it can only be freed). */
START_TEST(finished_digest_context_refuses_more_use)
{
    uint8_t out[MLDSA_MAX_DIGEST_BYTES] = { 0 };
    size_t outlen;
    int h;

    for (h = 0; h < MLDSA_HASH_COUNT; h++) {
        MLDSA_DIGEST_CTX *dctx;

        ck_assert_int_eq(mldsa_digest_new(&dctx, (mldsa_hash)h), MLDSA_OK);
        ck_assert_int_eq(mldsa_digest_final(dctx, out, &outlen), MLDSA_OK);
        ck_assert_int_eq(mldsa_digest_update(dctx, out, 1), MLDSA_ERR_FINISHED);
        ck_assert_int_eq(mldsa_digest_final(dctx, out, &outlen), MLDSA_ERR_FINISHED);
        mldsa_digest_free(dctx);
    }
}
END_TEST

static Suite *sha2_suite(void)
{
    Suite *s = suite_create("sha2");
    TCase *sha2 = tcase_create("sha2");
    TCase *digest = tcase_create("digest");

    tcase_add_test(sha2, sha2_matches_fips180_examples);
    tcase_add_test(sha2, every_update_split_equals_one_shot);
    tcase_add_test(sha2, random_update_pieces_equal_one_shot);
    tcase_add_test(sha2, final_wipes_the_context);
    tcase_set_timeout(sha2, 60);
    tcase_add_test(digest, digest_bytes_are_the_hashml_dsa_lengths);
    tcase_add_test(digest, digest_matches_known_values_for_every_hash);
    tcase_add_test(digest, digest_streaming_equals_one_shot_for_every_hash);
    tcase_add_test(digest, digest_refuses_unknown_hash_ids);
    tcase_add_test(digest, digest_refuses_null_pointers);
    tcase_add_test(digest, finished_digest_context_refuses_more_use);
    suite_add_tcase(s, sha2);
    suite_add_tcase(s, digest);
    return s;
}

int main(void)
{
    return test_run_suite(sha2_suite());
}
