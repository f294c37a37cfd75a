#!/usr/bin/env perl
#
# keccak1600x2-armv8-sha3.pl FLAVOUR OUTPUT
#
# Two Keccak-f[1600] permutations (FIPS 202, Algorithm 7, Keccak-p[1600,24])
# at once with the Armv8.2 SHA-3 extension (FEAT_SHA3: EOR3, RAX1, XAR,
# BCAX), and whole-block SHAKE absorb and squeeze around them.  FLAVOUR is
# linux64, ios64 or win64; the text goes through perlasm/arm-xlate.pl.  The
# generator itself is perlasm/Keccak1600Armv8.pm, shared with the Armv8.0
# kernel; the lane layout is that kernel's (A[2*i + j], lanes in v0-v24).
#
# Entry points (C prototypes in include/internal/sha3.h):
#   int  SHA3_armv8_sha3_capable(void);
#   void KECCAK1600_x2_permute_armv8_sha3(uint64_t A[50]);
#   void KECCAK1600_permute_armv8_sha3(uint64_t A[25]);   (one state)
#   void SHA3_x2_absorb_armv8_sha3(uint64_t A[50], const uint8_t *const in[2],
#                                  size_t nblocks, size_t r);
#   void SHA3_x2_squeeze_armv8_sha3(uint64_t A[50], uint8_t *const out[2],
#                                   size_t nblocks, size_t r);
#   void SHA3_x2_squeeze_absorb_armv8_sha3(uint64_t A[50], uint8_t *const out[2],
#                                       const uint8_t *const in[2],
#                                       const size_t shape[12]);
#   const char *SHA3_armv8_sha3_info(void);
# r is the rate in bytes, a multiple of 8, at most 168; squeeze_absorb is
# the multi-buffer scheduler's kernel call (include/internal/sha3_mb.h),
# which zeroes no words (shape[0 .. 2] only: the scheduler clears fresh
# lanes in memory).
#
# When the assembler that will build the output cannot encode the SHA-3
# extension (perlasm/AsmProbe.pm decides: GNU as 2.30, LLVM 7.0), the same
# symbols are written as stubs: SHA3_armv8_sha3_capable returns 0 and the
# kernel entry points trap (UDF), as callers never reach them.

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
    generator => 'crypto/sha/asm/keccak1600x2-armv8-sha3.pl',
    name      => 'keccak1600x2-armv8-sha3',
    variant   => 'sha3',
    caps      => 3,     # OSSL_ARMCAP_ASIMD | OSSL_ARMCAP_SHA3
    why       => 'Advanced SIMD and the SHA-3 extension',
    capable   => 'SHA3_armv8_sha3_capable',
    info      => 'SHA3_armv8_sha3_info',
    permute   => 'KECCAK1600_x2_permute_armv8_sha3',
    permute1  => 'KECCAK1600_permute_armv8_sha3',
    absorb    => 'SHA3_x2_absorb_armv8_sha3',
    squeeze   => 'SHA3_x2_squeeze_armv8_sha3',
    squeeze_absorb => 'SHA3_x2_squeeze_absorb_armv8_sha3',
);
