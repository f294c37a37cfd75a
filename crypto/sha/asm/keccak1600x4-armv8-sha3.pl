#!/usr/bin/env perl
#
# keccak1600x4-armv8-sha3.pl FLAVOUR OUTPUT
#
# The 4-way hybrid attempt: four Keccak-f[1600] permutations (FIPS 202,
# Algorithm 7) at once, two in the vector registers (sha3 variant of the
# 2-way kernel) and two in turn in general-purpose registers, the scalar
# and vector instructions interleaved (perlasm/Keccak1600Armv8.pm,
# hybrid_permutation).  Lane i of instance j is A[4*i + j].  Permutation
# only: it is measured in instructions per state against the 2-way kernel.
#
# Entry points:
#   int  SHA3_armv8_sha3_x4_capable(void);
#   void KECCAK1600_x4_permute_armv8_sha3(uint64_t A[100]);
#   const char *SHA3_armv8_sha3_x4_info(void);

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
    generator => 'crypto/sha/asm/keccak1600x4-armv8-sha3.pl',
    name      => 'keccak1600x4-armv8-sha3',
    variant   => 'sha3',
    ways      => 4,
    caps      => 3,
    why       => 'Advanced SIMD and the SHA-3 extension',
    capable   => 'SHA3_armv8_sha3_x4_capable',
    info      => 'SHA3_armv8_sha3_x4_info',
    permute   => 'KECCAK1600_x4_permute_armv8_sha3',
);
