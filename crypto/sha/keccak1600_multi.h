/*
 * The C half of every multi-way SHAKE (x86-64 x4 and x8, aarch64 x2): the
 * sponge around a kernel that absorbs and squeezes whole blocks of W
 * lane-interleaved states (lane i of instance j is A[W * i + j]).  The
 * per-architecture files (crypto/sha/ARCH/) pass their kernel and W.
 */
#ifndef MLDSA_SHA_KECCAK1600_MULTI_H
#define MLDSA_SHA_KECCAK1600_MULTI_H

#include <stddef.h>
#include <stdint.h>

/* A kernel's whole-block absorb and squeeze (the assembly entry points'
 * shape: nblocks blocks of r bytes into / out of each of the W states). */
typedef void KECCAK1600_MULTI_ABSORB_FN(uint64_t *A, const uint8_t *const *in,
                                        size_t nblocks, size_t r);
typedef void KECCAK1600_MULTI_SQUEEZE_FN(uint64_t *A, uint8_t *const *out,
                                         size_t nblocks, size_t r);

/*
 * Absorb in[0..ways) (len bytes each) into the instances of A (Alen bytes)
 * and pad (FIPS 202 Algorithm 8, sponge absorbing phase, ways at a time):
 * whole blocks through absorb, the rest in C.  The state is left padded
 * but not permuted: the kernel's squeeze permutes before each block it
 * writes.
 */
void KECCAK1600_multi_absorb_once(uint64_t *A, size_t Alen, size_t ways,
                                  size_t rate,
                                  KECCAK1600_MULTI_ABSORB_FN *absorb,
                                  const uint8_t *const *in, size_t len);
/* The next nblocks * rate bytes of each instance's output (FIPS 202
 * Algorithm 8, squeezing phase). */
void KECCAK1600_multi_squeezeblocks(uint64_t *A, size_t Alen, size_t ways,
                                    size_t rate,
                                    KECCAK1600_MULTI_SQUEEZE_FN *squeeze,
                                    uint8_t *const *out, size_t nblocks);

#endif /* MLDSA_SHA_KECCAK1600_MULTI_H */
