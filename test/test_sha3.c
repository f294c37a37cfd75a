/*
 * Keccak-f[1600], SHA-3 and SHAKE (FIPS 202): the published example
 * values for every function, SHAKE outputs of many lengths, and, on
 * random inputs, that absorbing and squeezing in pieces of any size equal
 * the one-shot functions.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal/sha3.h"
#include "testutil.h"

#define MAX_DIGEST 64
#define LONGEST_SQUEEZE 65536

typedef struct {
    size_t md_bits;
    int msg;
    const char *hex;
} SHA3_KAT;

typedef struct {
    size_t bits;       /* 128 or 256 */
    int msg;
    size_t outlen;
    const char *hex;   /* the output itself, or SHA3-256 of it (long ones) */
} SHAKE_KAT;

/* Values computed with Python's hashlib and checked against FIPS 202's examples. */
static const SHA3_KAT sha3_kat[] = {
    { 224, MSG_EMPTY,
      "6b4e03423667dbb73b6e15454f0eb1abd4597f9a1b078e3f5b5a6bc7" },
    { 224, MSG_ABC,
      "e642824c3f8cf24ad09234ee7d3c766fc9a3a5168d0c94ad73b46fdf" },
    { 224, MSG_448,
      "8a24108b154ada21c9fd5574494479ba5c7e7ab76ef264ead0fcce33" },
    { 224, MSG_896,
      "543e6868e1666c1a643630df77367ae5a62a85070a51c14cbf665cbc" },
    { 224, MSG_MILLION_A,
      "d69335b93325192e516a912e6d19a15cb51c6ed5c15243e7a7fd653c" },
    { 256, MSG_EMPTY,
      "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a" },
    { 256, MSG_ABC,
      "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532" },
    { 256, MSG_448,
      "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376" },
    { 256, MSG_896,
      "916f6061fe879741ca6469b43971dfdb28b1a32dc36cb3254e812be27aad1d18" },
    { 256, MSG_MILLION_A,
      "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1" },
    { 384, MSG_EMPTY,
      "0c63a75b845e4f7d01107d852e4c2485c51a50aaaa94fc61995e71bbee983a2a"
      "c3713831264adb47fb6bd1e058d5f004" },
    { 384, MSG_ABC,
      "ec01498288516fc926459f58e2c6ad8df9b473cb0fc08c2596da7cf0e49be4b2"
      "98d88cea927ac7f539f1edf228376d25" },
    { 384, MSG_448,
      "991c665755eb3a4b6bbdfb75c78a492e8c56a22c5c4d7e429bfdbc32b9d4ad5a"
      "a04a1f076e62fea19eef51acd0657c22" },
    { 384, MSG_896,
      "79407d3b5916b59c3e30b09822974791c313fb9ecc849e406f23592d04f625dc"
      "8c709b98b43b3852b337216179aa7fc7" },
    { 384, MSG_MILLION_A,
      "eee9e24d78c1855337983451df97c8ad9eedf256c6334f8e948d252d5e0e7684"
      "7aa0774ddb90a842190d2c558b4b8340" },
    { 512, MSG_EMPTY,
      "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
      "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26" },
    { 512, MSG_ABC,
      "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
      "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0" },
    { 512, MSG_448,
      "04a371e84ecfb5b8b77cb48610fca8182dd457ce6f326a0fd3d7ec2f1e91636d"
      "ee691fbe0c985302ba1b0d8dc78c086346b533b49c030d99a27daf1139d6e75e" },
    { 512, MSG_896,
      "afebb2ef542e6579c50cad06d2e578f9f8dd6881d7dc824d26360feebf18a4fa"
      "73e3261122948efcfd492e74e82e2189ed0fb440d187f382270cb455f21dd185" },
    { 512, MSG_MILLION_A,
      "3c3a876da14034ab60627c077bb98f7e120a2a5370212dffb3385a18d4f38859"
      "ed311d0a9d5141ce9cc5c66ee689b266a8aa18ace8282a0e0db596c90b0a7b87" },
};
static const SHAKE_KAT shake_kat[] = {
    { 128, MSG_EMPTY, 32,
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26" },
    { 128, MSG_EMPTY, 64,
      "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26"
      "3cb1eea988004b93103cfb0aeefd2a686e01fa4a58e8a3639ca8a1e3f9ae57e2" },
    { 128, MSG_ABC, 32,
      "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8" },
    { 128, MSG_ABC, 64,
      "5881092dd818bf5cf8a3ddb793fbcba74097d5c526a6d35f97b83351940f2cc8"
      "44c50af32acd3f2cdd066568706f509bc1bdde58295dae3f891a9a0fca578378" },
    { 128, MSG_448, 32,
      "1a96182b50fb8c7e74e0a707788f55e98209b8d91fade8f32f8dd5cff7bf21f5" },
    { 128, MSG_448, 64,
      "1a96182b50fb8c7e74e0a707788f55e98209b8d91fade8f32f8dd5cff7bf21f5"
      "4ee5f19550825a6e070030519e944263ac1c6765287065621f9fcb3201723e32" },
    { 128, MSG_896, 32,
      "7b6df6ff181173b6d7898d7ff63fb07b7c237daf471a5ae5602adbccef9ccf4b" },
    { 128, MSG_896, 64,
      "7b6df6ff181173b6d7898d7ff63fb07b7c237daf471a5ae5602adbccef9ccf4b"
      "37e06b4a3543164ffbe0d0557c02f9b25ad434005526d88ca04a6094b93ee57a" },
    { 128, MSG_MILLION_A, 32,
      "9d222c79c4ff9d092cf6ca86143aa411e369973808ef97093255826c5572ef58" },
    { 128, MSG_MILLION_A, 64,
      "9d222c79c4ff9d092cf6ca86143aa411e369973808ef97093255826c5572ef58"
      "424c4b5c28475ffdcf981663867fec6321c1262e387bccf8ca676884c4a9d0c1" },
    { 256, MSG_EMPTY, 32,
      "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f" },
    { 256, MSG_EMPTY, 64,
      "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
      "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be" },
    { 256, MSG_ABC, 32,
      "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739" },
    { 256, MSG_ABC, 64,
      "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"
      "d5a15bef186a5386c75744c0527e1faa9f8726e462a12a4feb06bd8801e751e4" },
    { 256, MSG_448, 32,
      "4d8c2dd2435a0128eefbb8c36f6f87133a7911e18d979ee1ae6be5d4fd2e3329" },
    { 256, MSG_448, 64,
      "4d8c2dd2435a0128eefbb8c36f6f87133a7911e18d979ee1ae6be5d4fd2e3329"
      "40d8688a4e6a59aa8060f1f9bc996c05aca3c696a8b66279dc672c740bb224ec" },
    { 256, MSG_896, 32,
      "98be04516c04cc73593fef3ed0352ea9f6443942d6950e29a372a681c3deaf45" },
    { 256, MSG_896, 64,
      "98be04516c04cc73593fef3ed0352ea9f6443942d6950e29a372a681c3deaf45"
      "35423709b02843948684e029010badcc0acd8303fc85fdad3eabf4f78cae1656" },
    { 256, MSG_MILLION_A, 32,
      "3578a7a4ca9137569cdf76ed617d31bb994fca9c1bbf8b184013de8234dfd13a" },
    { 256, MSG_MILLION_A, 64,
      "3578a7a4ca9137569cdf76ed617d31bb994fca9c1bbf8b184013de8234dfd13a"
      "3fd124d4df76c0a539ee7dd2f6e1ec346124c815d9410e145eb561bcd97b18ab" },
};
static const SHAKE_KAT shake_long_kat[] = {
    { 128, MSG_EMPTY, 167,
      "94794cf1613fb1fde5299db67cf71a0f3d06b5023bc2b76fc99dc859a7849f71" },
    { 128, MSG_EMPTY, 168,
      "aebda86ae5c8c1c21e04a96afd51a21e0e9f1b374523c16dcc32811a7578a1ce" },
    { 128, MSG_EMPTY, 169,
      "b3336ea39ce2a8d679b9af1fd803e4c6e722006615aae5980b82b59abd7af9dd" },
    { 128, MSG_EMPTY, 336,
      "0d57f6b41820be02b5b9a9ea895027014d5431732f1f0b817ed6a3d56c14f999" },
    { 128, MSG_EMPTY, 1000,
      "4a0114f96eff74f864206cc3dbbade4d666c75268d17211121d2ae385bae11cc" },
    { 128, MSG_EMPTY, 65536,
      "bbff0831eaf4448ae636903b7e993e52ebefe5516997cc71bf39ed2481536a8f" },
    { 128, MSG_ABC, 167,
      "d6d69333dcf35ef3de93c2f4b49a5b888bf3c47ccbea08ca4c6896e7cccf204b" },
    { 128, MSG_ABC, 168,
      "cf04c7aeaa99f333fc4c76ffeb9b8e3898dc4ade88dc799b691b4b24443d3bcb" },
    { 128, MSG_ABC, 169,
      "059512f4edea65d607bed0bc215fc292474c8465b4ecba2e1bd48114e91c6a44" },
    { 128, MSG_ABC, 336,
      "3bacd31b09ee771d6ca34e875ff842d002e859266d8d107a941aeebb6605f242" },
    { 128, MSG_ABC, 1000,
      "222b03fb9bee8d3ab642f1dafd392af23c93e55093698d92cb46ef4472f84313" },
    { 128, MSG_ABC, 65536,
      "c751171a5189131fd821e6ee28a7f17be4c2e0b1aadcc5da99d5db77d5acb278" },
    { 256, MSG_EMPTY, 135,
      "2a79b7def2e0520fbe1f49b2974d6a754bf5b60bf0c4826fe0d41ef1a574a666" },
    { 256, MSG_EMPTY, 136,
      "27290f638faa98f1c5bcce87d59a6d25a6e1e43ce910cb712f2665e8bd836a34" },
    { 256, MSG_EMPTY, 137,
      "bbf47d66f401576008534377e9d569e12d40a0a341164e7a22ff6d5d8ea048dc" },
    { 256, MSG_EMPTY, 272,
      "e28938d1167665bc56058e140943eea31514dc70b7cf453657fdbd052dfcd718" },
    { 256, MSG_EMPTY, 1000,
      "4af3c8f245b2c60ddb544450f7b4fdf926a5fee5d05dba4f2d1a6c9caad22155" },
    { 256, MSG_EMPTY, 65536,
      "ed195a629995c81d31fa76245f74e0d34e12663fdc0eb471e566a2a728cb59bb" },
    { 256, MSG_ABC, 135,
      "bbd69ca30967c7f6d9e34683ec4cbd98c3775c0a7b2b9527832355327ca03e15" },
    { 256, MSG_ABC, 136,
      "0cf63a99346029a8e1527a99a4e87099f25f1ff967d6ff0045d5837628d7037c" },
    { 256, MSG_ABC, 137,
      "d04788860fbdcb8d50d58487c027fd0589bed3a1dcc1a7ae10a630204ae2f845" },
    { 256, MSG_ABC, 272,
      "ae324500a2c2068536a43be231c08b6f53f8390bf893627372b79749a209e8a4" },
    { 256, MSG_ABC, 1000,
      "c6ca244f2b23d7380518aea9a84a5000f35fb56777807d084c138e170cff7a75" },
    { 256, MSG_ABC, 65536,
      "ed27111ecb35e48cd3159e885fc49bfc5fe75ae315bd60985fd4d09d42f69936" },
};

static void shake(size_t bits, uint8_t *out, size_t outlen,
                  const uint8_t *in, size_t inlen)
{
    if (bits == 128)
        SHA3_shake128(out, outlen, in, inlen);
    else
        SHA3_shake256(out, outlen, in, inlen);
}

static void shake_init(KECCAK1600_CTX *ctx, size_t bits)
{
    if (bits == 128)
        SHA3_shake128_init(ctx);
    else
        SHA3_shake256_init(ctx);
}

START_TEST(sha3_matches_fips202_examples)
{
    size_t i;

    for (i = 0; i < sizeof(sha3_kat) / sizeof(sha3_kat[0]); i++) {
        uint8_t want[MAX_DIGEST], got[MAX_DIGEST];
        size_t len, n = test_expect_hex(want, sizeof(want), sha3_kat[i].hex);
        uint8_t *m = test_example_message(sha3_kat[i].msg, &len);

        ck_assert_uint_eq(n, sha3_kat[i].md_bits / 8);
        SHA3_sha3(sha3_kat[i].md_bits, got, m, len);
        ck_assert_msg(memcmp(got, want, n) == 0, "SHA3-%zu, message %d",
                      sha3_kat[i].md_bits, sha3_kat[i].msg);
        free(m);
    }
}
END_TEST

START_TEST(shake_matches_fips202_examples)
{
    size_t i;

    for (i = 0; i < sizeof(shake_kat) / sizeof(shake_kat[0]); i++) {
        uint8_t want[MAX_DIGEST], got[MAX_DIGEST];
        size_t len, n = test_expect_hex(want, sizeof(want), shake_kat[i].hex);
        uint8_t *m = test_example_message(shake_kat[i].msg, &len);

        ck_assert_uint_eq(n, shake_kat[i].outlen);
        shake(shake_kat[i].bits, got, n, m, len);
        ck_assert_msg(memcmp(got, want, n) == 0, "SHAKE%zu, message %d, %zu bytes",
                      shake_kat[i].bits, shake_kat[i].msg, n);
        free(m);
    }
}
END_TEST

/* Outputs around and beyond the rate, checked through their SHA3-256. */
START_TEST(shake_long_outputs_match_known_values)
{
    uint8_t *out = malloc(LONGEST_SQUEEZE);
    size_t i;

    ck_assert_ptr_nonnull(out);
    for (i = 0; i < sizeof(shake_long_kat) / sizeof(shake_long_kat[0]); i++) {
        uint8_t want[32], got[32];
        size_t len;
        uint8_t *m = test_example_message(shake_long_kat[i].msg, &len);

        ck_assert_uint_eq(test_expect_hex(want, sizeof(want), shake_long_kat[i].hex), 32);
        ck_assert_uint_le(shake_long_kat[i].outlen, LONGEST_SQUEEZE);
        shake(shake_long_kat[i].bits, out, shake_long_kat[i].outlen, m, len);
        SHA3_sha3(256, got, out, shake_long_kat[i].outlen);
        ck_assert_msg(memcmp(got, want, 32) == 0, "SHAKE%zu, message %d, %zu bytes",
                      shake_long_kat[i].bits, shake_long_kat[i].msg,
                      shake_long_kat[i].outlen);
        free(m);
    }
    free(out);
}
END_TEST

/* A prefix of a longer SHAKE output is the shorter output, for every length. */
START_TEST(shake_output_is_prefix_of_longer_output)
{
    static const size_t bits[] = { 128, 256 };
    uint8_t in[64], full[3 * SHAKE128_RATE + 1], part[sizeof(full)];
    size_t b, n;

    test_rand_bytes(in, sizeof(in));
    for (b = 0; b < 2; b++) {
        shake(bits[b], full, sizeof(full), in, sizeof(in));
        for (n = 0; n <= sizeof(full); n++) {
            memset(part, 0, sizeof(part));
            shake(bits[b], part, n, in, sizeof(in));
            ck_assert_msg(memcmp(part, full, n) == 0, "SHAKE%zu, %zu bytes", bits[b], n);
        }
    }
}
END_TEST

/*
 * Keccak-f[1600] applied once and twice to the all-zero state (the Keccak
 * team's intermediate values; recomputed with a Python transcription of
 * FIPS 202 Algorithms 1-7).
 */
static const uint64_t zero_state_once[KECCAK1600_LANES] = {
0xf1258f7940e1dde7ULL, 0x84d5ccf933c0478aULL, 0xd598261ea65aa9eeULL,
    0xbd1547306f80494dULL, 0x8b284e056253d057ULL, 0xff97a42d7f8e6fd4ULL,
    0x90fee5a0a44647c4ULL, 0x8c5bda0cd6192e76ULL, 0xad30a6f71b19059cULL,
    0x30935ab7d08ffc64ULL, 0xeb5aa93f2317d635ULL, 0xa9a6e6260d712103ULL,
    0x81a57c16dbcf555fULL, 0x43b831cd0347c826ULL, 0x01f22f1a11a5569fULL,
    0x05e5635a21d9ae61ULL, 0x64befef28cc970f2ULL, 0x613670957bc46611ULL,
    0xb87c5a554fd00ecbULL, 0x8c3ee88a1ccf32c8ULL, 0x940c7922ae3a2614ULL,
    0x1841f924a2c509e4ULL, 0x16f53526e70465c2ULL, 0x75f644e97f30a13bULL,
    0xeaf1ff7b5ceca249ULL
};
static const uint64_t zero_state_twice[KECCAK1600_LANES] = {
    0x2d5c954df96ecb3cULL, 0x6a332cd07057b56dULL, 0x093d8d1270d76b6cULL,
    0x8a20d9b25569d094ULL, 0x4f9c4f99e5e7f156ULL, 0xf957b9a2da65fb38ULL,
    0x85773dae1275af0dULL, 0xfaf4f247c3d810f7ULL, 0x1f1b9ee6f79a8759ULL,
    0xe4fecc0fee98b425ULL, 0x68ce61b6b9ce68a1ULL, 0xdeea66c4ba8f974fULL,
    0x33c43d836eafb1f5ULL, 0xe00654042719dbd9ULL, 0x7cf8a9f009831265ULL,
    0xfd5449a6bf174743ULL, 0x97ddad33d8994b40ULL, 0x48ead5fc5d0be774ULL,
    0xe3b8c8ee55b7b03cULL, 0x91a0226e649e42e9ULL, 0x900e3129e7badd7bULL,
    0x202a9ec5faa3cce8ULL, 0x5b3402464e1c3db6ULL, 0x609f4e62a44c1059ULL,
    0x20d06cd26a8fbf5cULL
};

START_TEST(permutation_of_zero_state_matches_reference)
{
    uint64_t A[KECCAK1600_LANES] = { 0 };

    KECCAK1600_permute(A);
    ck_assert(memcmp(A, zero_state_once, sizeof(A)) == 0);
    KECCAK1600_permute(A);
    ck_assert(memcmp(A, zero_state_twice, sizeof(A)) == 0);
    memset(A, 0, sizeof(A));
    KECCAK1600_permute_c(A);
    ck_assert(memcmp(A, zero_state_once, sizeof(A)) == 0);
}
END_TEST

/*
 * The one-state permutation this CPU runs (KECCAK1600_permute) and, where
 * built and runnable, each one-state assembly kernel equal the portable C
 * permutation on random states, chained (each output the next input).
 */
START_TEST(one_state_kernels_equal_the_c_permutation)
{
    uint64_t want[KECCAK1600_LANES], got[KECCAK1600_LANES];
    int i;

    test_rand_bytes((uint8_t *)want, sizeof(want));
    memcpy(got, want, sizeof(got));
    for (i = 0; i < 64; i++) {
        KECCAK1600_permute_c(want);
        KECCAK1600_permute(got);
        ck_assert(memcmp(got, want, sizeof(got)) == 0);
    }
#ifdef KECCAK1600_ASM_AARCH64
    if (!SHA3_armv8_sha3_capable()) {
        test_skip("KECCAK1600_permute_armv8_sha3: no SHA-3 extension here");
        return;
    }
    for (i = 0; i < 64; i++) {
        test_rand_bytes((uint8_t *)want, sizeof(want));
        memcpy(got, want, sizeof(got));
        KECCAK1600_permute_c(want);
        KECCAK1600_permute_armv8_sha3(got);
        ck_assert(memcmp(got, want, sizeof(got)) == 0);
    }
#endif
}
END_TEST

/* The rates the splits are tried around: every function's block size. */
static const size_t split_rates[] = {
    SHA3_512_RATE, SHA3_384_RATE, SHA3_256_RATE, SHA3_224_RATE, SHAKE128_RATE
};

/* Lengths near 0, 1, 2 and 3 blocks of rate. */
static size_t length_near_rate(size_t rate)
{
    static const size_t blocks[] = { 0, 1, 1, 2, 3 };
    size_t base = rate * blocks[test_rand_below(5)];

    return base + (size_t)test_rand_below(5) - (base >= 2 ? 2 : 0);
}

/* Absorbing in two pieces split at every point equals one absorb, for every function. */
START_TEST(every_absorb_split_equals_one_shot)
{
    static const size_t md_bits[] = { 224, 256, 384, 512, 128, 256 };
    uint8_t in[3 * SHAKE128_RATE + 4], want[MAX_DIGEST], got[MAX_DIGEST];
    size_t f, r, len, cut;

    for (f = 0; f < 6; f++) {
        for (r = 0; r < sizeof(split_rates) / sizeof(split_rates[0]); r++) {
            len = length_near_rate(split_rates[r]);
            ck_assert_uint_le(len, sizeof(in));
            test_rand_bytes(in, len);
            if (f < 4)
                SHA3_sha3(md_bits[f], want, in, len);
            else
                shake(md_bits[f], want, sizeof(want), in, len);
            for (cut = 0; cut <= len; cut++) {
                KECCAK1600_CTX ctx;

                if (f < 4)
                    SHA3_sha3_init(&ctx, md_bits[f]);
                else
                    shake_init(&ctx, md_bits[f]);
                SHA3_absorb(&ctx, in, cut);
                SHA3_absorb(&ctx, in + cut, len - cut);
                if (f < 4) {
                    SHA3_final(&ctx, got);
                    ck_assert_msg(memcmp(got, want, md_bits[f] / 8) == 0,
                                  "SHA3-%zu, %zu bytes cut at %zu", md_bits[f], len, cut);
                } else {
                    SHA3_squeeze(&ctx, got, sizeof(got));
                    SHA3_cleanse(&ctx);
                    ck_assert_msg(memcmp(got, want, sizeof(got)) == 0,
                                  "SHAKE%zu, %zu bytes cut at %zu", md_bits[f], len, cut);
                }
            }
        }
    }
}
END_TEST

/* Absorbing in many pieces of random sizes (zero included) equals one absorb. */
START_TEST(random_absorb_pieces_equal_one_shot)
{
    static uint8_t in[10 * SHAKE128_RATE];
    uint8_t want[MAX_DIGEST], got[MAX_DIGEST];
    int round;

    for (round = 0; round < 200; round++) {
        size_t len = (size_t)test_rand_below(sizeof(in) + 1), done = 0;
        size_t bits = round % 2 ? 256 : 128;
        KECCAK1600_CTX ctx;

        test_rand_bytes(in, len);
        shake(bits, want, sizeof(want), in, len);
        shake_init(&ctx, bits);
        while (done < len) {
            size_t n = (size_t)test_rand_below(2 * SHAKE128_RATE);

            if (n > len - done)
                n = len - done;
            SHA3_absorb(&ctx, in + done, n);
            done += n;
        }
        SHA3_squeeze(&ctx, got, sizeof(got));
        ck_assert_msg(memcmp(got, want, sizeof(got)) == 0, "SHAKE%zu, %zu bytes", bits, len);
    }
}
END_TEST

/* Squeezing in two pieces split at every point equals one squeeze. */
START_TEST(every_squeeze_split_equals_one_shot)
{
    static const size_t bits[] = { 128, 256 };
    uint8_t in[40], want[3 * SHAKE128_RATE + 4], got[sizeof(want)];
    size_t b, len, cut;
    int round;

    for (round = 0; round < 4; round++) {
        for (b = 0; b < 2; b++) {
            size_t rate = bits[b] == 128 ? SHAKE128_RATE : SHAKE256_RATE;

            len = length_near_rate(rate);
            test_rand_bytes(in, sizeof(in));
            shake(bits[b], want, len, in, sizeof(in));
            for (cut = 0; cut <= len; cut++) {
                KECCAK1600_CTX ctx;

                shake_init(&ctx, bits[b]);
                SHA3_absorb(&ctx, in, sizeof(in));
                SHA3_squeeze(&ctx, got, cut);
                SHA3_squeeze(&ctx, got + cut, len - cut);
                ck_assert_msg(memcmp(got, want, len) == 0,
                              "SHAKE%zu, %zu bytes cut at %zu", bits[b], len, cut);
            }
        }
    }
}
END_TEST

/* Squeezing in many pieces of random sizes (zero included) equals one squeeze. */
START_TEST(random_squeeze_pieces_equal_one_shot)
{
    static uint8_t want[10 * SHAKE128_RATE], got[sizeof(want)];
    uint8_t in[33];
    int round;

    for (round = 0; round < 200; round++) {
        size_t len = (size_t)test_rand_below(sizeof(want) + 1), done = 0;
        size_t bits = round % 2 ? 256 : 128;
        KECCAK1600_CTX ctx;

        test_rand_bytes(in, sizeof(in));
        shake(bits, want, len, in, sizeof(in));
        shake_init(&ctx, bits);
        SHA3_absorb(&ctx, in, sizeof(in));
        while (done < len) {
            size_t n = (size_t)test_rand_below(2 * SHAKE128_RATE);

            if (n > len - done)
                n = len - done;
            SHA3_squeeze(&ctx, got + done, n);
            done += n;
        }
        SHA3_cleanse(&ctx);
        ck_assert_msg(memcmp(got, want, len) == 0, "SHAKE%zu, %zu bytes", bits, len);
    }
}
END_TEST

/* Byte i of the state is byte i % 8 of lane i / 8, little-endian, at every offset and length. */
START_TEST(state_bytes_are_little_endian_lanes_at_any_offset)
{
    uint8_t in[KECCAK1600_WIDTH_BYTES], out[KECCAK1600_WIDTH_BYTES];
    size_t off, len, i, bad = 0;

    test_rand_bytes(in, sizeof(in));
    for (off = 0; off <= KECCAK1600_WIDTH_BYTES; off++) {
        for (len = 0; off + len <= KECCAK1600_WIDTH_BYTES; len++) {
            uint64_t A[KECCAK1600_LANES] = { 0 };

            KECCAK1600_xor_bytes(A, off, in, len);
            for (i = 0; i < KECCAK1600_WIDTH_BYTES; i++) {
                uint8_t want = i >= off && i < off + len ? in[i - off] : 0;

                bad += ((A[i / 8] >> (8 * (i % 8))) & 0xff) != want;
            }
            memset(out, 0xa5, sizeof(out));
            KECCAK1600_extract_bytes(A, off, out, len);
            bad += memcmp(out, in, len) != 0;
            /* nothing written beyond len bytes */
            for (i = len; i < sizeof(out); i++)
                bad += out[i] != 0xa5;
        }
    }
    ck_assert_uint_eq(bad, 0);
}
END_TEST

/* SHA3_final and SHA3_cleanse leave nothing of the state behind. */
START_TEST(final_and_cleanse_wipe_the_context)
{
    static const uint8_t zero[sizeof(KECCAK1600_CTX)];
    KECCAK1600_CTX ctx;
    uint8_t in[50], md[MAX_DIGEST];

    test_rand_bytes(in, sizeof(in));
    SHA3_sha3_init(&ctx, 256);
    SHA3_absorb(&ctx, in, sizeof(in));
    SHA3_final(&ctx, md);
    ck_assert(memcmp(&ctx, zero, sizeof(ctx)) == 0);
    SHA3_shake256_init(&ctx);
    SHA3_absorb(&ctx, in, sizeof(in));
    SHA3_squeeze(&ctx, md, sizeof(md));
    SHA3_cleanse(&ctx);
    ck_assert(memcmp(&ctx, zero, sizeof(ctx)) == 0);
}
END_TEST

static Suite *sha3_suite(void)
{
    Suite *s = suite_create("sha3");
    TCase *kat = tcase_create("known_answers");
    TCase *prop = tcase_create("properties");

    tcase_add_test(kat, permutation_of_zero_state_matches_reference);
    tcase_add_test(kat, one_state_kernels_equal_the_c_permutation);
    tcase_add_test(kat, sha3_matches_fips202_examples);
    tcase_add_test(kat, shake_matches_fips202_examples);
    tcase_add_test(kat, shake_long_outputs_match_known_values);
    tcase_set_timeout(kat, 60);
    tcase_add_test(prop, shake_output_is_prefix_of_longer_output);
    tcase_add_test(prop, every_absorb_split_equals_one_shot);
    tcase_add_test(prop, random_absorb_pieces_equal_one_shot);
    tcase_add_test(prop, every_squeeze_split_equals_one_shot);
    tcase_add_test(prop, random_squeeze_pieces_equal_one_shot);
    tcase_add_test(prop, state_bytes_are_little_endian_lanes_at_any_offset);
    tcase_add_test(prop, final_and_cleanse_wipe_the_context);
    tcase_set_timeout(prop, 60);
    suite_add_tcase(s, kat);
    suite_add_tcase(s, prop);
    return s;
}

int main(void)
{
    return test_run_suite(sha3_suite());
}
