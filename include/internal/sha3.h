/*
 * Keccak-f[1600] (FIPS 202) and the SHA-3 / SHAKE functions built on it.
 *
 * The interface is permutation-shaped: a state of 25 lanes, absorb bytes
 * into it at a given rate, permute, extract bytes.  SHAKE and SHA-3 logic
 * (padding, buffering, squeezing in pieces) exists once, in sha3.c.
 */
#ifndef MLDSA_INTERNAL_SHA3_H
#define MLDSA_INTERNAL_SHA3_H

#include <stddef.h>
#include <stdint.h>

#define KECCAK1600_LANES 25
#define KECCAK1600_WIDTH_BYTES 200

/* Rates in bytes: (1600 - 2 * capacity bits) / 8. */
#define SHAKE128_RATE 168
#define SHAKE256_RATE 136
#define SHA3_224_RATE 144
#define SHA3_256_RATE 136
#define SHA3_384_RATE 104
#define SHA3_512_RATE 72

/* Domain separation + first padding bit (FIPS 202 section 6). */
#define SHA3_PAD 0x06
#define SHAKE_PAD 0x1f
/* The last bit of pad10*1: the top bit of the last byte of the block. */
#define KECCAK1600_PAD_LAST 0x80

/* Keccak-f[1600] on a state of 25 little-endian lanes (FIPS 202
 * Algorithm 7), in portable C (crypto/sha/keccak1600.c). */
void KECCAK1600_permute_c(uint64_t A[KECCAK1600_LANES]);

/* XOR len bytes of in into the state starting at byte offset off (off + len <= 200). */
void KECCAK1600_xor_bytes(uint64_t A[KECCAK1600_LANES], size_t off,
                          const uint8_t *in, size_t len);
/* Copy len bytes of the state starting at byte offset off into out (off + len <= 200). */
void KECCAK1600_extract_bytes(const uint64_t A[KECCAK1600_LANES], size_t off,
                              uint8_t *out, size_t len);
/* The same two on state j of ways lane-interleaved states: lane i of
 * state j is A[ways * i + j]. */
void KECCAK1600_xor_bytes_xn(uint64_t *A, size_t ways, size_t j, size_t off,
                             const uint8_t *in, size_t len);
void KECCAK1600_extract_bytes_xn(const uint64_t *A, size_t ways, size_t j,
                                 size_t off, uint8_t *out, size_t len);
/* Every word of a state, as a mask: bit i for word i. */
#define KECCAK1600_ALL_WORDS ((1u << KECCAK1600_LANES) - 1)
/*
 * State j is to become an empty sponge's after absorbing in (len < rate
 * bytes, its whole input) and the padding (pad, e.g. SHAKE_PAD, at byte
 * len; KECCAK1600_PAD_LAST at byte rate - 1), not yet permuted: writes the
 * words that hold them and returns the mask of the others (bit i: word
 * i), which are to be zeroed (by the caller, or by a kernel as it loads
 * the state).  in is separate from the states.
 */
uint32_t KECCAK1600_set_last_block_words_xn(uint64_t *A, size_t ways,
                                            size_t j, const uint8_t *in,
                                            size_t len, uint8_t pad,
                                            size_t rate);
/* Zero the words of state j that mask has bits for (bit i: word i). */
void KECCAK1600_zero_words_xn(uint64_t *A, size_t ways, size_t j,
                              uint32_t mask);

/* Incremental SHA-3 / SHAKE context. */
typedef struct keccak1600_ctx_st {
    uint64_t A[KECCAK1600_LANES];
    size_t rate;       /* bytes per block */
    size_t pos;        /* absorbing: bytes absorbed into the current block;
                          squeezing: bytes already read of the current block */
    size_t md_size;    /* SHA-3 digest length; 0 for SHAKE */
    uint8_t pad;       /* SHA3_PAD or SHAKE_PAD */
    int squeezing;     /* 0 while absorbing, 1 once padded */
} KECCAK1600_CTX;

void SHA3_init(KECCAK1600_CTX *ctx, size_t rate, uint8_t pad, size_t md_size);
void SHA3_shake128_init(KECCAK1600_CTX *ctx);
void SHA3_shake256_init(KECCAK1600_CTX *ctx);
/* md_bits: 224, 256, 384 or 512. */
void SHA3_sha3_init(KECCAK1600_CTX *ctx, size_t md_bits);
/* Absorb any number of bytes, any number of times, before the first squeeze. */
void SHA3_absorb(KECCAK1600_CTX *ctx, const uint8_t *in, size_t len);
/* Squeeze any number of bytes, any number of times (pads on the first call). */
void SHA3_squeeze(KECCAK1600_CTX *ctx, uint8_t *out, size_t len);
/* SHA-3: write md_size bytes of digest, then wipe the context. */
void SHA3_final(KECCAK1600_CTX *ctx, uint8_t *md);
/* Wipe the context. */
void SHA3_cleanse(KECCAK1600_CTX *ctx);

/* One-shot helpers. */
void SHA3_shake128(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void SHA3_shake256(uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen);
void SHA3_sha3(size_t md_bits, uint8_t *md, const uint8_t *in, size_t inlen);

/*
 * The multi-buffer kernels of each architecture are guarded by its own
 * macro: KECCAK1600_ASM (the Makefile's, for every build with perlasm
 * kernels) together with the target, so that an x86-64 part and an aarch64
 * part never see each other's declarations.
 */
#ifdef KECCAK1600_ASM
# if defined(__x86_64__) || defined(_M_X64)
#  define KECCAK1600_ASM_X86_64 1
# elif defined(__aarch64__) || defined(_M_ARM64)
#  define KECCAK1600_ASM_AARCH64 1
# endif
#endif

/*
 * KECCAK1600_permute: Keccak-f[1600] on one state (the sponge of sha3.c,
 * the scheduler's lone jobs and its one-state kernel), by the fastest
 * one-state kernel this CPU runs.  On aarch64 with the assembly kernels it
 * is chosen at the first call, through the capability vector, and cached
 * without a lock (crypto/sha/aarch64/keccak1600_permute.c); elsewhere
 * there is only the portable C one.
 */
#ifdef KECCAK1600_ASM_AARCH64
void KECCAK1600_permute(uint64_t A[KECCAK1600_LANES]);
#else
# define KECCAK1600_permute KECCAK1600_permute_c
#endif

/*
 * The 4-way Keccak-f[1600] kernel (x86-64, AVX-512VL): four independent
 * states, permuted, absorbed into and squeezed in step; the SHAKE jobs of
 * the multi-buffer scheduler (include/internal/sha3_mb.h) run on it.
 * Defined only in x86-64 builds with the assembly kernels
 * (KECCAK1600_ASM_X86_64); call it only when
 * SHA3_avx512vl_capable() returns 1.
 *
 * The four states are lane-interleaved: lane i (0..24) of instance j (0..3)
 * is A[4 * i + j], so one 32-byte load fetches lane i of all four.
 */
#ifdef KECCAK1600_ASM_X86_64

# define KECCAK1600_X4_WAYS 4
# define KECCAK1600_X4_STATE_WORDS (KECCAK1600_X4_WAYS * KECCAK1600_LANES)

/* The assembly kernel (crypto/sha/asm/keccak1600x4-avx512vl.pl). */
/* 1 when the kernel is full and the CPU and OS run AVX-512VL (ossl_ia32cap
 * has OSSL_IA32CAP_AVX512F, _AVX512VL and _ZMM_STATE); 0 for the stubs. */
int SHA3_avx512vl_capable(void);
/* Keccak-f[1600] (FIPS 202 Algorithm 7) on the four interleaved states;
 * A is 32-byte aligned. */
void KECCAK1600_x4_permute_avx512vl(uint64_t A[KECCAK1600_X4_STATE_WORDS]);
/* For each of nblocks blocks: XOR r bytes of in[j] into instance j, then
 * permute; r is a multiple of 8, at most SHAKE128_RATE. */
void SHA3_x4_absorb_avx512vl(uint64_t A[KECCAK1600_X4_STATE_WORDS],
                             const uint8_t *const in[KECCAK1600_X4_WAYS],
                             size_t nblocks, size_t r);
/* For each of nblocks blocks: permute, then write the first r bytes of
 * instance j to out[j]. */
void SHA3_x4_squeeze_avx512vl(uint64_t A[KECCAK1600_X4_STATE_WORDS],
                              uint8_t *const out[KECCAK1600_X4_WAYS],
                              size_t nblocks, size_t r);
/* First, when shape[3] is not 0, zero word i of instance j for each bit i
 * set in shape[4 + j]; then for each of shape[0] blocks: permute, write
 * the first shape[1] bytes of instance j to out[j], then XOR shape[2]
 * bytes of in[j] into it (none when shape[2] is 0); both rates multiples
 * of 8, at most SHAKE128_RATE. */
void SHA3_x4_squeeze_absorb_avx512vl(uint64_t A[KECCAK1600_X4_STATE_WORDS],
                                     uint8_t *const out[KECCAK1600_X4_WAYS],
                                     const uint8_t *const in[KECCAK1600_X4_WAYS],
                                     const size_t shape[4 + KECCAK1600_X4_WAYS]);
/* What was built: "keccak1600x4-avx512vl full, <flavour>, <assembler>
 * <version>" or "... stubs (<reason>)". */
const char *SHA3_avx512vl_info(void);

/*
 * The 8-way kernel (x86-64, AVX-512F on zmm registers): the x4 interface
 * above with eight states; call it only when
 * SHA3_avx512_capable() returns 1 (a CPU may have AVX-512VL but slow zmm:
 * both kernels stay).  Lane i of instance j (0..7) is A[8 * i + j], so
 * one 64-byte load fetches lane i of all eight.
 */
# define KECCAK1600_X8_WAYS 8
# define KECCAK1600_X8_STATE_WORDS (KECCAK1600_X8_WAYS * KECCAK1600_LANES)

/* The assembly kernel (crypto/sha/asm/keccak1600x8-avx512.pl). */
/* 1 when the kernel is full and the CPU and OS run AVX-512F on zmm
 * (ossl_ia32cap has OSSL_IA32CAP_AVX512F and _ZMM_STATE); 0 for the stubs. */
int SHA3_avx512_capable(void);
/* Keccak-f[1600] (FIPS 202 Algorithm 7) on the eight interleaved states;
 * A is 64-byte aligned. */
void KECCAK1600_x8_permute_avx512(uint64_t A[KECCAK1600_X8_STATE_WORDS]);
/* For each of nblocks blocks: XOR r bytes of in[j] into instance j, then
 * permute; r is a multiple of 8, at most SHAKE128_RATE. */
void SHA3_x8_absorb_avx512(uint64_t A[KECCAK1600_X8_STATE_WORDS],
                           const uint8_t *const in[KECCAK1600_X8_WAYS],
                           size_t nblocks, size_t r);
/* For each of nblocks blocks: permute, then write the first r bytes of
 * instance j to out[j]. */
void SHA3_x8_squeeze_avx512(uint64_t A[KECCAK1600_X8_STATE_WORDS],
                            uint8_t *const out[KECCAK1600_X8_WAYS],
                            size_t nblocks, size_t r);
/* First, when shape[3] is not 0, zero word i of instance j for each bit i
 * set in shape[4 + j]; then for each of shape[0] blocks: permute, write
 * the first shape[1] bytes of instance j to out[j], then XOR shape[2]
 * bytes of in[j] into it (none when shape[2] is 0); both rates multiples
 * of 8, at most SHAKE128_RATE. */
void SHA3_x8_squeeze_absorb_avx512(uint64_t A[KECCAK1600_X8_STATE_WORDS],
                                   uint8_t *const out[KECCAK1600_X8_WAYS],
                                   const uint8_t *const in[KECCAK1600_X8_WAYS],
                                   const size_t shape[4 + KECCAK1600_X8_WAYS]);
/* What was built: "keccak1600x8-avx512 full, <flavour>, <assembler>
 * <version>" or "... stubs (<reason>)". */
const char *SHA3_avx512_info(void);

/*
 * The 4-way AVX2 kernel (x86-64 CPUs without AVX-512;
 * crypto/sha/asm/keccak1600x4-avx2.pl): the x4 entry points above, with
 * the same contracts and state layout, for AVX2's 16 ymm registers (the
 * state stays in A while it is permuted).  Call them only when
 * SHA3_avx2_capable() returns 1: the kernel is full and ossl_ia32cap has
 * OSSL_IA32CAP_AVX2 (which includes the OS's YMM state); 0 for the stubs.
 * SHA3_avx2_info says "keccak1600x4-avx2 full, ..." or "... stubs (...)".
 */
int SHA3_avx2_capable(void);
const char *SHA3_avx2_info(void);
void KECCAK1600_x4_permute_avx2(uint64_t A[KECCAK1600_X4_STATE_WORDS]);
void SHA3_x4_absorb_avx2(uint64_t A[KECCAK1600_X4_STATE_WORDS],
                         const uint8_t *const in[KECCAK1600_X4_WAYS],
                         size_t nblocks, size_t r);
void SHA3_x4_squeeze_avx2(uint64_t A[KECCAK1600_X4_STATE_WORDS],
                          uint8_t *const out[KECCAK1600_X4_WAYS],
                          size_t nblocks, size_t r);
void SHA3_x4_squeeze_absorb_avx2(uint64_t A[KECCAK1600_X4_STATE_WORDS],
                                 uint8_t *const out[KECCAK1600_X4_WAYS],
                                 const uint8_t *const in[KECCAK1600_X4_WAYS],
                                 const size_t shape[4 + KECCAK1600_X4_WAYS]);

#endif /* KECCAK1600_ASM_X86_64 */

/*
 * The 2-way Keccak-f[1600] kernels (aarch64, Advanced SIMD): two
 * independent states, permuted, absorbed into and squeezed in step, lane
 * i of both in one 128-bit register; the SHAKE jobs of the multi-buffer
 * scheduler (include/internal/sha3_mb.h) run on them.  Defined only in
 * aarch64 builds with the assembly kernels (KECCAK1600_ASM_AARCH64).  Two
 * kernels, with the same entry points and the same bytes:
 *
 *   _armv8       Armv8.0 Advanced SIMD; call it only when
 *                SHA3_armv8_capable() returns 1
 *   _armv8_sha3  the Armv8.2 SHA-3 extension (EOR3, RAX1, XAR, BCAX); call
 *                it only when SHA3_armv8_sha3_capable() returns 1 (never
 *                when the assembler could not encode the extension: that
 *                kernel is then stubs)
 *
 * The two states are lane-interleaved: lane i (0..24) of instance j (0..1)
 * is A[2 * i + j], so one 16-byte load fetches lane i of both.
 */
#ifdef KECCAK1600_ASM_AARCH64

# define KECCAK1600_X2_WAYS 2
# define KECCAK1600_X2_STATE_WORDS (KECCAK1600_X2_WAYS * KECCAK1600_LANES)

/*
 * The assembly kernels (crypto/sha/asm/keccak1600x2-armv8.pl and
 * keccak1600x2-armv8-sha3.pl).
 */
/* 1 when the CPU runs Advanced SIMD (ossl_armcap() has OSSL_ARMCAP_ASIMD). */
int SHA3_armv8_capable(void);
/* 1 when the kernel is full and the CPU runs the SHA-3 extension
 * (ossl_armcap() has OSSL_ARMCAP_ASIMD and OSSL_ARMCAP_SHA3); 0 for the
 * stubs an assembler without the extension gets. */
int SHA3_armv8_sha3_capable(void);
/* Keccak-f[1600] (FIPS 202 Algorithm 7) on the two interleaved states. */
void KECCAK1600_x2_permute_armv8(uint64_t A[KECCAK1600_X2_STATE_WORDS]);
void KECCAK1600_x2_permute_armv8_sha3(uint64_t A[KECCAK1600_X2_STATE_WORDS]);
/* Keccak-f[1600] on one state of 25 lanes, on the SHA-3 extension kernel's
 * rounds (call it only when SHA3_armv8_sha3_capable() returns 1). */
void KECCAK1600_permute_armv8_sha3(uint64_t A[KECCAK1600_LANES]);
/* For each of nblocks blocks: XOR r bytes of in[j] into instance j, then
 * permute; r is a multiple of 8, at most SHAKE128_RATE. */
void SHA3_x2_absorb_armv8(uint64_t A[KECCAK1600_X2_STATE_WORDS],
                          const uint8_t *const in[KECCAK1600_X2_WAYS],
                          size_t nblocks, size_t r);
void SHA3_x2_absorb_armv8_sha3(uint64_t A[KECCAK1600_X2_STATE_WORDS],
                               const uint8_t *const in[KECCAK1600_X2_WAYS],
                               size_t nblocks, size_t r);
/* For each of nblocks blocks: permute, then write the first r bytes of
 * instance j to out[j]. */
void SHA3_x2_squeeze_armv8(uint64_t A[KECCAK1600_X2_STATE_WORDS],
                           uint8_t *const out[KECCAK1600_X2_WAYS],
                           size_t nblocks, size_t r);
void SHA3_x2_squeeze_armv8_sha3(uint64_t A[KECCAK1600_X2_STATE_WORDS],
                                uint8_t *const out[KECCAK1600_X2_WAYS],
                                size_t nblocks, size_t r);
/* For each of shape[0] blocks: permute, write the first shape[1] bytes of
 * instance j to out[j], then XOR shape[2] bytes of in[j] into it (none
 * when shape[2] is 0); both rates multiples of 8, at most SHAKE128_RATE.
 * No word is zeroed (shape[3] and after are not read). */
void SHA3_x2_squeeze_absorb_armv8(uint64_t A[KECCAK1600_X2_STATE_WORDS],
                                  uint8_t *const out[KECCAK1600_X2_WAYS],
                                  const uint8_t *const in[KECCAK1600_X2_WAYS],
                                  const size_t shape[4 + KECCAK1600_X2_WAYS]);
void SHA3_x2_squeeze_absorb_armv8_sha3(uint64_t A[KECCAK1600_X2_STATE_WORDS],
                                       uint8_t *const out[KECCAK1600_X2_WAYS],
                                       const uint8_t *const in[KECCAK1600_X2_WAYS],
                                       const size_t shape[4 + KECCAK1600_X2_WAYS]);
/* What was built: "keccak1600x2-armv8 full, <flavour>, <assembler>
 * <version>", "keccak1600x2-armv8-sha3 full, ..." or "... stubs (<reason>)". */
const char *SHA3_armv8_info(void);
const char *SHA3_armv8_sha3_info(void);

#endif /* KECCAK1600_ASM_AARCH64 */

#endif /* MLDSA_INTERNAL_SHA3_H */
