#!/usr/bin/env perl
#
# keccak1600x2-armv8.pl FLAVOUR OUTPUT
#
# Two Keccak-f[1600] permutations (FIPS 202, Algorithm 7, Keccak-p[1600,24])
# at once with Armv8.0 Advanced SIMD (NEON), and whole-block SHAKE absorb
# and squeeze around them.  FLAVOUR is linux64, ios64 or win64; the text
# goes through perlasm/arm-xlate.pl.  The generator itself (round
# functions, register renaming, absorb/squeeze, stubs) is
# perlasm/Keccak1600Armv8.pm, shared with the SHA-3 extension kernel.
#
# Lane layout.  The x2 state is lane-interleaved: lane i (i = x + 5y) of
# instance j is the 64-bit word A[2*i + j], so one 16-byte load fetches
# lane i of both instances.  During the permutation the 25 lanes live in
# v0-v24; v25-v31 are the temporaries.
#
# Entry points (C prototypes in include/internal/sha3.h):
#   int  SHA3_armv8_capable(void);
#   void KECCAK1600_x2_permute_armv8(uint64_t A[50]);
#   void SHA3_x2_absorb_armv8(uint64_t A[50], const uint8_t *const in[2],
#                             size_t nblocks, size_t r);
#   void SHA3_x2_squeeze_armv8(uint64_t A[50], uint8_t *const out[2],
#                              size_t nblocks, size_t r);
#   void SHA3_x2_squeeze_absorb_armv8(uint64_t A[50], uint8_t *const out[2],
#                                  const uint8_t *const in[2],
#                                  const size_t shape[12]);
#   const char *SHA3_armv8_info(void);
# r is the rate in bytes, a multiple of 8, at most 168; squeeze_absorb is
# the multi-buffer scheduler's kernel call (include/internal/sha3_mb.h),
# which zeroes no words (shape[0 .. 2] only: the scheduler clears fresh
# lanes in memory).
#
# Every aarch64 assembler encodes Armv8.0 Advanced SIMD: this kernel is
# always full (its capability test asks only the CPU).

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/../../../perlasm";
use Keccak1600Armv8;

my ($flavour, $output) = @ARGV;
die "usage: $0 linux64|ios64|win64 OUTPUT\n" unless defined $output;

Keccak1600Armv8::generate(
    flavour   => $flavour,
    output    => $output,
    generator => 'crypto/sha/asm/keccak1600x2-armv8.pl',
    name      => 'keccak1600x2-armv8',
    variant   => 'neon',
    caps      => 1,     # OSSL_ARMCAP_ASIMD
    why       => 'Advanced SIMD',
    capable   => 'SHA3_armv8_capable',
    info      => 'SHA3_armv8_info',
    permute   => 'KECCAK1600_x2_permute_armv8',
    absorb    => 'SHA3_x2_absorb_armv8',
    squeeze   => 'SHA3_x2_squeeze_armv8',
    squeeze_absorb => 'SHA3_x2_squeeze_absorb_armv8',
);
