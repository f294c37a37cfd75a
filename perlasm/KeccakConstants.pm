package KeccakConstants;
#
# The constants of Keccak-f[1600] (FIPS 202, Section 3.2), for every
# Keccak kernel generator (Keccak1600xN.pm for x86-64, Keccak1600Armv8.pm
# for aarch64):
#
#   @RHO  the rotation offsets of rho (to the left), indexed by lane
#         i = x + 5y (Algorithm 2)
#   @RC   the round constants of iota, RC[ir] for ir = 0..23 (Algorithm 6)

use strict;
use warnings;
use Exporter 'import';

our @EXPORT_OK = qw(@RHO @RC);

our @RHO = (  0,  1, 62, 28, 27,
             36, 44,  6, 55, 20,
              3, 10, 43, 25, 39,
             41, 45, 15, 21,  8,
             18,  2, 61, 56, 14 );
our @RC = qw(
    0x0000000000000001 0x0000000000008082 0x800000000000808a 0x8000000080008000
    0x000000000000808b 0x0000000080000001 0x8000000080008081 0x8000000000008009
    0x000000000000008a 0x0000000000000088 0x0000000080008009 0x000000008000000a
    0x000000008000808b 0x800000000000008b 0x8000000000008089 0x8000000000008003
    0x8000000000008002 0x8000000000000080 0x000000000000800a 0x800000008000000a
    0x8000000080008081 0x8000000000008080 0x0000000080000001 0x8000000080008008 );

1;
