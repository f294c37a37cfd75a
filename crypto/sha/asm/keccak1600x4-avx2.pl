#!/usr/bin/env perl
#
# keccak1600x4-avx2.pl FLAVOUR OUTPUT
#
# Four Keccak-f[1600] permutations (FIPS 202, Algorithm 7, Keccak-p[1600,24])
# at once, with AVX2 on ymm registers, and whole-block SHAKE absorb and
# squeeze around them: the multi-buffer kernel of CPUs without AVX-512.
# FLAVOUR is elf, macosx, mingw64 or nasm; the text goes through
# perlasm/x86_64-xlate.pl.  The generator itself (round function,
# absorb/squeeze, stubs) is perlasm/Keccak1600xN.pm, shared with the
# AVX-512 kernels.
#
# Lane layout.  The x4 state is lane-interleaved: lane i (i = x + 5y) of
# instance j is the 64-bit word A[4*i + j], so one 32-byte load fetches
# lane i of all four instances.  AVX2 has 16 ymm registers: the state stays
# in A during the permutation, each round reading its lanes from there and
# writing them back in place plane by plane (Keccak1600xN.pm says how).
#
# Entry points (C prototypes in include/internal/sha3.h):
#   int  SHA3_avx2_capable(void);
#   void KECCAK1600_x4_permute_avx2(uint64_t A[100]);
#   void SHA3_x4_absorb_avx2(uint64_t A[100], const uint8_t *const in[4],
#                            size_t nblocks, size_t r);
#   void SHA3_x4_squeeze_avx2(uint64_t A[100], uint8_t *const out[4],
#                             size_t nblocks, size_t r);
#   void SHA3_x4_squeeze_absorb_avx2(uint64_t A[100], uint8_t *const out[4],
#                                    const uint8_t *const in[4],
#                                    const size_t shape[8]);
#   const char *SHA3_avx2_info(void);
# r is the rate in bytes, a multiple of 8, at most 168.  squeeze_absorb
# takes shape = { nblocks, r_out, r_in, fresh, zero[0..3] } and first, when
# fresh is not 0, zeroes word i of instance j where bit i of zero[j] is
# set (the lanes the scheduler starts afresh), then per block permutes,
# writes r_out bytes of instance j to out[j] and XORs r_in bytes of in[j]
# into it (r_in 0: none), out[j] and in[j] advancing: the multi-buffer job
# scheduler's round, jobs squeezing and jobs absorbing in one call.
#
# When the assembler that will build the output cannot encode AVX2
# (perlasm/AsmProbe.pm decides, with its %MINIMUM_AVX2), the same symbols
# are written as stubs: SHA3_avx2_capable returns 0 and the x4 entry points
# trap (ud2), as callers never reach them.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../../perlasm";
use Keccak1600xN;

my ($flavour, $output) = @ARGV;
die "usage: $0 elf|macosx|mingw64|nasm OUTPUT\n" unless defined $output;

Keccak1600xN::generate(
    flavour   => $flavour,
    output    => $output,
    generator => 'crypto/sha/asm/keccak1600x4-avx2.pl',
    name      => 'keccak1600x4-avx2',
    ways      => 4,
    encoding  => 'vex',
    isa       => 'AVX2',
    caps      => 8,     # OSSL_IA32CAP_AVX2 (with the OS saving the YMM state)
    why       => "AVX2 and the OS saving the YMM state",
    capable   => 'SHA3_avx2_capable',
    info      => 'SHA3_avx2_info',
    permute   => 'KECCAK1600_x4_permute_avx2',
    absorb    => 'SHA3_x4_absorb_avx2',
    squeeze   => 'SHA3_x4_squeeze_avx2',
    squeeze_absorb => 'SHA3_x4_squeeze_absorb_avx2',
);
