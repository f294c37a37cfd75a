package Keccak1600Armv8;
#
# The generator of the aarch64 multi-way Keccak-f[1600] kernels (FIPS 202,
# Algorithm 7, Keccak-p[1600,24]) and their whole-block SHAKE absorb and
# squeeze:
#
#   crypto/sha/asm/keccak1600x2-armv8.pl        2 states, Armv8.0 Advanced SIMD
#   crypto/sha/asm/keccak1600x2-armv8-sha3.pl   2 states, the SHA-3 extension
#
# A driver calls generate() with its variant and names; the round
# functions (one per variant), the register map, the transposing absorb
# and squeeze, the capability test and the stubs branch are written here
# once, the text going through perlasm/arm-xlate.pl.
#
# Lane layout.  The two states are lane-interleaved: lane i (i = x + 5y)
# of instance j is the 64-bit word A[2*i + j], so one 16-byte load fetches
# lane i of both.  During the permutation the 25 lanes live in v0-v24 (lane
# i of both states in the two 64-bit halves of one register); v25-v31 are
# the temporaries.  Registers are renamed, not copied: pi is a renaming,
# and an operation whose result cannot overwrite its source (a rotation
# in Armv8.0, the first two outputs of each chi row) writes a free
# register and frees the source.  After 24 rounds a few moves put every
# lane back in its own register.
#
# Instruction counts per round, for both states (theta's column parities,
# its D[x], theta applied with rho, chi, iota):
#   neon  20 EOR + 5 x (SHL, SRI, EOR) + 25 EOR + 24 x (SHL, SRI)
#         + 25 x (BIC, EOR) + LD1R, EOR                         = 160
#   sha3  10 EOR3 + 5 RAX1 + 24 XAR + EOR + 25 BCAX + EOR, and an
#         LD2R of two rounds' constants (LD1R where no two free
#         registers are in a row)                       = 66.5 to 67
# (RAX1 is D[x] = C[x-1] ^ ROT(C[x+1], 1), XAR is ROT(A ^ D, r), BCAX
# is chi's B[x] ^ (B[x+2] & ~B[x+1]).)
#
# generate(%args), all required:
#   flavour, output   as given to the driver (linux64, ios64, win64)
#   generator         the driver's path, for the header comment
#   name              the kernel's name in the info string
#   variant           'neon' (Armv8.0) or 'sha3' (Armv8.2 SHA-3 extension)
#   caps              the ossl_armcap() bits the capability test wants
#                     (include/internal/cpuid.h), all of them
#   why               those bits in words, for the capability comment
#   capable, info, permute, absorb, squeeze, squeeze_absorb
#                     the entry points' names (see the drivers' headers)
# and optionally
#   permute1          the name of a one-state permutation on the same
#                     round code: the 25 lanes of A[25] in the low halves
#                     of v0-v24 (the high halves are permuted too, and
#                     dropped), for the sequential hashes
# The sha3 variant asks the assembler (perlasm/AsmProbe.pm) whether it
# encodes the extension, and writes stubs when it does not; every aarch64
# assembler encodes Armv8.0, so the neon variant is always full.

use strict;
use warnings;
use FindBin;
use lib $FindBin::Bin;
use AsmProbe;

# Keccak-f[1600]'s rho offsets and iota constants (FIPS 202, Section 3.2)
use KeccakConstants qw(@RHO @RC);

# Lanes of a block of up to 168 bytes (SHAKE128's rate), selected at run
# time by comparing r.
my $MAX_LANES = 21;

# ---------------------------------------------------------------------
# Registers
# ---------------------------------------------------------------------
my @map;            # lane i of both states is in v$map[i]
my @free;           # vector registers not in use
my @ops;            # the permutation's instructions

sub take { my $r = shift @free; die "out of temporaries\n" unless defined $r; $r }
# Two free registers in a row (v31 is followed by v0), for an instruction
# that takes a register list; none when there are no such two.
sub take_pair {
    my %f = map { $_ => 1 } @free;
    my ($r) = grep { $f{($_ + 1) % 32} } @free;
    return () unless defined $r;
    my $s = ($r + 1) % 32;
    @free = grep { $_ != $r && $_ != $s } @free;
    return ($r, $s);
}
sub give { push @free, @_ }
sub b16 { "v$_[0].16b" }
sub d2 { "v$_[0].2d" }
sub op { push @ops, "\t" . shift() . "\t" . join(', ', @_) . "\n" }

# Arguments: A, in/out (an array of two pointers), nblocks, r.
my ($A, $io, $nblocks, $rate) = map { "x$_" } 0 .. 3;
my @ptr = ('x4', 'x5');         # in[0], in[1] / out[0], out[1]
my ($tmp, $state) = ('x6', 'x7');
my $iotas = 'x9';               # the helper's walk through RC

# ---------------------------------------------------------------------
# One round (Algorithm 7: theta, rho, pi, chi, iota; Algorithms 1-5)
# ---------------------------------------------------------------------
# pi by renaming: B[y, 2x+3y] = A[x,y].
sub pi {
    my @next;
    for my $i (0 .. 24) {
        my ($x, $y) = ($i % 5, int($i / 5));
        $next[$y + 5 * ((2 * $x + 3 * $y) % 5)] = $map[$i];
    }
    @map = @next;
}

# The steps of a round in each variant, on register numbers:
#   parity(c, x)   C[x] = A[x,0] ^ ... ^ A[x,4] into c
#   d(d, cl, cr)   D = C[x-1] ^ ROT(C[x+1], 1) into d, from cl and cr
#   apply(i, d)    theta and rho of lane i: ROT(A[i] ^ D, r[i]), in
#                  place or into a free register (then $map[i] moves)
#   chi(b, x)      output x of chi on the row b (its five registers):
#                  B[x] ^ (~B[x+1] & B[x+2]), into a free register for
#                  x < 2 (the last two outputs need B[0] and B[1]), into
#                  B[x]'s own otherwise; returns the register
#   rc()           a register holding RC[ir] in both halves
# Armv8.0: a 64-bit rotation is SHL then SRI (shift right and insert
# into the bits SHL left clear), into a free register; chi is BIC, EOR.
my %NEON = (
    parity => sub {
        my ($c, $x) = @_;
        op('eor', b16($c), b16($map[$x]), b16($map[$x + 5]));
        op('eor', b16($c), b16($c), b16($map[$x + 5 * $_])) for 2 .. 4;
    },
    d => sub {
        my ($d, $cl, $cr) = @_;
        op('shl', d2($d), d2($cr), '#1');
        op('sri', d2($d), d2($cr), '#63');
        op('eor', b16($d), b16($d), b16($cl));
    },
    apply => sub {
        my ($i, $d) = @_;
        op('eor', b16($map[$i]), b16($map[$i]), b16($d));
        return unless $RHO[$i];
        my $t = take();
        op('shl', d2($t), d2($map[$i]), "#$RHO[$i]");
        op('sri', d2($t), d2($map[$i]), '#' . (64 - $RHO[$i]));
        give($map[$i]);
        $map[$i] = $t;
    },
    chi => sub {
        my ($b, $x) = @_;
        my $t = take();
        op('bic', b16($t), b16($b->[($x + 2) % 5]), b16($b->[($x + 1) % 5]));
        if ($x < 2) {
            op('eor', b16($t), b16($t), b16($b->[$x]));
            return $t;
        }
        op('eor', b16($b->[$x]), b16($b->[$x]), b16($t));
        give($t);
        return $b->[$x];
    },
    rc => sub {
        my $rc = take();
        op('ld1r', "{" . d2($rc) . "}", "[$iotas]", '#8');
        return $rc;
    },
);

# The SHA-3 extension: EOR3 (three-way XOR), RAX1 (theta's D), XAR
# (theta and rho at once; it rotates right, so ROT(A ^ D, r) to the left
# is XAR by 64 - r), BCAX (chi).  The round constants are loaded two at a
# time (LD2R into two registers in a row), the second kept for the next
# round.
my $rc_next;
my %SHA3 = (
    parity => sub {
        my ($c, $x) = @_;
        op('eor3', b16($c), b16($map[$x]), b16($map[$x + 5]), b16($map[$x + 10]));
        op('eor3', b16($c), b16($c), b16($map[$x + 15]), b16($map[$x + 20]));
    },
    d => sub {
        my ($d, $cl, $cr) = @_;
        op('rax1', d2($d), d2($cl), d2($cr));
    },
    apply => sub {
        my ($i, $d) = @_;
        if ($RHO[$i]) {
            op('xar', d2($map[$i]), d2($map[$i]), d2($d), '#' . (64 - $RHO[$i]));
        } else {
            op('eor', b16($map[$i]), b16($map[$i]), b16($d));
        }
    },
    chi => sub {
        my ($b, $x) = @_;
        my $o = $x < 2 ? take() : $b->[$x];
        op('bcax', b16($o), b16($b->[$x]), b16($b->[($x + 2) % 5]), b16($b->[($x + 1) % 5]));
        return $o;
    },
    rc => sub {
        my ($ir) = @_;
        my $rc;
        if (defined $rc_next) {
            ($rc, $rc_next) = ($rc_next, undef);
        } elsif ($ir < 23 && (($rc, $rc_next) = take_pair())) {
            op('ld2r', "{" . d2($rc) . ', ' . d2($rc_next) . "}", "[$iotas]", '#16');
        } else {
            $rc = take();
            op('ld1r', "{" . d2($rc) . "}", "[$iotas]", '#8');
        }
        return $rc;
    },
);

# One round on both states, with the steps of variant $v.
sub round {
    my ($v, $ir) = @_;
    # theta: the column parities, then per column D[x] and its lanes
    my @C = map { my $c = take(); $v->{parity}->($c, $_); $c } 0 .. 4;
    for my $x (0 .. 4) {
        my $d = take();
        $v->{d}->($d, $C[($x + 4) % 5], $C[($x + 1) % 5]);
        $v->{apply}->($x + 5 * $_, $d) for 0 .. 4;
        give($d);
    }
    give(@C);
    pi();
    # chi, row by row: A[x,y] = B[x,y] ^ (~B[x+1,y] & B[x+2,y])
    for my $y (0 .. 4) {
        my @b = @map[5 * $y .. 5 * $y + 4];
        my @out = map { $v->{chi}->(\@b, $_) } 0 .. 4;
        give(@b[0, 1]);
        @map[5 * $y .. 5 * $y + 4] = @out;
    }
    # iota: A[0,0] ^= RC[ir], in both states
    my $rc = $v->{rc}->($ir);
    op('eor', b16($map[0]), b16($map[0]), b16($rc));
    give($rc);
}

# Moves that put lane i back in v$i (after 24 rounds the renaming has
# left the lanes anywhere in v0-v31): a lane whose own register is free
# moves there; when every one left waits for another (a cycle), one of
# them steps aside into a free register first.
sub restore_map {
    my %lane_in = map { $map[$_] => $_ } 0 .. 24;
    for (;;) {
        my @out_of_place = grep { $map[$_] != $_ } 0 .. 24;
        last unless @out_of_place;
        my ($i) = grep { !defined $lane_in{$_} } @out_of_place;
        if (defined $i) {
            op('mov', b16($i), b16($map[$i]));
            delete $lane_in{$map[$i]};
            $map[$i] = $i;
            $lane_in{$i} = $i;
            next;
        }
        my $k = $lane_in{$out_of_place[0]};
        my ($t) = grep { !defined $lane_in{$_} } 25 .. 31, 0 .. 24;
        op('mov', b16($t), b16($map[$k]));
        delete $lane_in{$map[$k]};
        $map[$k] = $t;
        $lane_in{$t} = $k;
    }
    @free = grep { my $r = $_; !grep { $_ == $r } 0 .. 24 } 0 .. 31;
}

# The permutation: 24 rounds on v0-v24.
sub permutation {
    my ($variant) = @_;
    @map = (0 .. 24);
    @free = (25 .. 31);
    @ops = ();
    $rc_next = undef;
    for my $ir (0 .. 23) {
        round($variant eq 'sha3' ? \%SHA3 : \%NEON, $ir);
    }
    restore_map();
    return join('', @ops);
}

# ---------------------------------------------------------------------
# State and blocks
# ---------------------------------------------------------------------
# v0-v24 from / to the 400 bytes at A (LD1/ST1 of four registers at a
# time); with $one, the low halves from / to the 200 bytes of one state.
sub state_io {
    my ($mn, $one) = @_;
    my ($form, $size) = $one ? (sub { "v$_[0].1d" }, 8) : (\&d2, 16);
    my $c = "\tmov\t$state, $A\n";
    for (my $i = 0; $i < 25; $i += 4) {
        my $n = $i + 4 <= 25 ? 4 : 25 - $i;
        $c .= "\t$mn\t{" . join(', ', map { $form->($_) } $i .. $i + $n - 1)
            . "}, [$state]" . ($i + $n < 25 ? ', #' . $size * $n : '') . "\n";
    }
    return $c;
}

# XOR lanes i .. i+n-1 (n = 4, 2 or 1) of the two inputs into the state:
# the same lanes of in[0] and in[1] loaded side by side, then ZIP1/ZIP2
# pair them up by lane.
sub absorb_lanes {
    my ($i, $n) = @_;
    my $off = 8 * $i;
    my $c = '';
    if ($n == 1) {
        $c .= "\tldr\td25, [$ptr[0], #$off]\n"
            . "\tldr\t$tmp, [$ptr[1], #$off]\n"
            . "\tmov\tv25.d[1], $tmp\n"
            . "\teor\t" . b16($i) . ', ' . b16($i) . ", v25.16b\n";
        return $c;
    }
    my @j = $n == 4 ? (25, 26, 27, 28) : (25, 27);
    if ($n == 4) {
        $c .= "\tldp\tq25, q26, [$ptr[0], #$off]\n\tldp\tq27, q28, [$ptr[1], #$off]\n";
    } else {
        $c .= "\tldr\tq25, [$ptr[0], #$off]\n\tldr\tq27, [$ptr[1], #$off]\n";
    }
    # v25/v26 hold in[0]'s lanes two by two, v27/v28 in[1]'s
    for my $k (0 .. $n / 2 - 1) {
        my ($a, $b) = ($j[$k], $j[$k + $n / 2]);
        $c .= "\tzip1\tv29.2d, v$a.2d, v$b.2d\n"
            . "\tzip2\tv30.2d, v$a.2d, v$b.2d\n"
            . "\teor\t" . b16($i + 2 * $k) . ', ' . b16($i + 2 * $k) . ", v29.16b\n"
            . "\teor\t" . b16($i + 2 * $k + 1) . ', ' . b16($i + 2 * $k + 1) . ", v30.16b\n";
    }
    return $c;
}

# Write lanes i .. i+n-1 of the state to the two outputs (the transpose
# of absorb_lanes).
sub squeeze_lanes {
    my ($i, $n) = @_;
    my $off = 8 * $i;
    if ($n == 1) {
        return "\tstr\td$i, [$ptr[0], #$off]\n"
             . "\tmov\t$tmp, v$i.d[1]\n"
             . "\tstr\t$tmp, [$ptr[1], #$off]\n";
    }
    my $c = '';
    for my $k (0 .. $n / 2 - 1) {
        my ($a, $b) = ($i + 2 * $k, $i + 2 * $k + 1);
        $c .= "\tzip1\tv" . (25 + $k) . ".2d, v$a.2d, v$b.2d\n"
            . "\tzip2\tv" . (27 + $k) . ".2d, v$a.2d, v$b.2d\n";
    }
    if ($n == 4) {
        $c .= "\tstp\tq25, q26, [$ptr[0], #$off]\n\tstp\tq27, q28, [$ptr[1], #$off]\n";
    } else {
        $c .= "\tstr\tq25, [$ptr[0], #$off]\n\tstr\tq27, [$ptr[1], #$off]\n";
    }
    return $c;
}

# The lanes of one block, r bytes: groups of four while four remain, then
# two, then one.  $lanes->(i, n) emits the code for one group.
sub per_block {
    my ($tag, $lanes) = @_;
    my ($c, $tail) = ('', '');
    my $done = ".L${tag}_lanes_done";
    for (my $i = 0; $i < $MAX_LANES; $i += 4) {
        my $rest = ".L${tag}_under4_$i";
        if ($i + 4 <= $MAX_LANES) {
            $c .= "\tcmp\t$rate, #" . 8 * ($i + 4) . "\n\tb.lo\t$rest\n" . $lanes->($i, 4);
        } else {
            $c .= "\tb\t$rest\n";
        }
        # fewer than four lanes from i on: 0 to 3 of them
        my $one = ".L${tag}_under2_$i";
        $tail .= "$rest:\n";
        if ($i + 2 <= $MAX_LANES) {
            $tail .= "\tcmp\t$rate, #" . 8 * ($i + 2) . "\n\tb.lo\t$one\n"
                   . $lanes->($i, 2);
            if ($i + 3 <= $MAX_LANES) {
                $tail .= "\tcmp\t$rate, #" . 8 * ($i + 3) . "\n\tb.lo\t$done\n"
                       . $lanes->($i + 2, 1);
            }
            $tail .= "\tb\t$done\n";
        }
        $tail .= "$one:\n\tcmp\t$rate, #" . 8 * ($i + 1) . "\n\tb.lo\t$done\n"
               . $lanes->($i, 1) . "\tb\t$done\n";
    }
    return $c . $tail . "$done:\n";
}

sub advance_pointers {
    join('', map { "\tadd\t$_, $_, $rate\n" } @ptr);
}

# squeeze_absorb(A, out, in, shape), shape = { nblocks, r_out, r_in }: per
# block, permute, write r_out bytes of each state to out[j], then XOR r_in
# bytes of in[j] into it (none when r_in is 0).  The kernel zeroes no
# words (zeroes_lanes 0): the scheduler clears a lane it starts afresh in
# memory, 25 stores, fewer instructions than expanding the words' bits.
# The out and in pointers live in x13, x14 and x15, x8, the block count
# and the two rates in x10, x11, x12 (the helper clobbers only x9).
sub squeeze_absorb {
    my ($name, $helper) = @_;
    my ($out, $in, $shape) = ('x1', 'x2', 'x3');
    my ($n, $r_out, $r_in) = ('x10', 'x11', 'x12');
    my @out_ptr = ('x13', 'x14');
    my @in_ptr = ('x15', 'x8');
    my ($saved_rate, @saved_ptr) = ($rate, @ptr);
    my $c = ".entry $name, 1, 1, 0\n"
          . "\tldp\t$n, $r_out, [$shape]\n\tcbz\t$n, .Lsa_end\n"
          . "\tldr\t$r_in, [$shape, #16]\n"
          . "\tldp\t$out_ptr[0], $out_ptr[1], [$out]\n"
          . "\tldp\t$in_ptr[0], $in_ptr[1], [$in]\n"
          . state_io('ld1')
          . ".Lsa_block:\n\tbl\t$helper\n";
    ($rate, @ptr) = ($r_out, @out_ptr);
    $c .= per_block('sa_out', \&squeeze_lanes) . advance_pointers()
        . "\tcbz\t$r_in, .Lsa_next\n";
    ($rate, @ptr) = ($r_in, @in_ptr);
    $c .= per_block('sa_in', \&absorb_lanes) . advance_pointers()
        . ".Lsa_next:\n"
        . "\tsubs\t$n, $n, #1\n\tb.ne\t.Lsa_block\n"
        . state_io('st1')
        . ".Lsa_end:\n.exit\n.endfunc\n";
    ($rate, @ptr) = ($saved_rate, @saved_ptr);
    return $c;
}

sub generate {
    my (%a) = @_;
    my ($flavour, $output, $variant) = @a{qw(flavour output variant)};
    die "variant must be neon or sha3\n" unless $variant =~ /^(neon|sha3)$/;

    my $xlate = "$FindBin::Bin/../../../perlasm/arm-xlate.pl";
    my $probe = AsmProbe::probe($flavour, \%AsmProbe::MINIMUM_ARMV8_SHA3);
    my $full = $variant eq 'neon' || $probe->{full};

    open my $asm, '|-', $^X, $xlate, $flavour, $output
        or die "cannot run $xlate: $!\n";
    my $previous = select $asm;

    my ($header, $info) = AsmProbe::banner($probe, $full, $a{generator},
        'arm-xlate.pl', $flavour, $a{name}, 'the SHA-3 extension');
    my $caps = $a{caps};
    my $helper = 'keccak_f1600_x2';

    print $header, ".extern ossl_armcap\n";

    if ($full) {
        print ".arch armv8.2-a+sha3\n" if $variant eq 'sha3';
        print <<___;
.text
// int $a{capable}(void): $a{why}, as the capability vector reports them.
.entry $a{capable}, 1, 0, 0
	bl	ossl_armcap
	and	w0, w0, #$caps
	cmp	w0, #$caps
	cset	w0, eq
.exit
.endfunc

// Keccak-f[1600] on the two states held in v0-v24 (lane i in v i);
// clobbers v25-v31 and $iotas.  24 rounds unrolled.
.helper $helper
	adrp	$iotas, .Liotas
	add	$iotas, $iotas, :lo12:.Liotas
___
        print permutation($variant);
        print "\tret\n.endfunc\n";

        print ".entry $a{permute}, 1, 1, 0\n", state_io('ld1'),
              "\tbl\t$helper\n", state_io('st1'), ".exit\n.endfunc\n";

        print "// One state: lane i in the low half of v i.\n",
              ".entry $a{permute1}, 1, 1, 0\n", state_io('ld1', 1),
              "\tbl\t$helper\n", state_io('st1', 1), ".exit\n.endfunc\n"
            if $a{permute1};

        print ".entry $a{absorb}, 1, 1, 0\n",
              "\tcbz\t$nblocks, .Labsorb_end\n",
              state_io('ld1'), "\tldp\t$ptr[0], $ptr[1], [$io]\n",
              ".Labsorb_block:\n",
              per_block('absorb', \&absorb_lanes),
              advance_pointers(),
              "\tbl\t$helper\n",
              "\tsubs\t$nblocks, $nblocks, #1\n\tb.ne\t.Labsorb_block\n",
              state_io('st1'),
              ".Labsorb_end:\n.exit\n.endfunc\n";

        print ".entry $a{squeeze}, 1, 1, 0\n",
              "\tcbz\t$nblocks, .Lsqueeze_end\n",
              state_io('ld1'), "\tldp\t$ptr[0], $ptr[1], [$io]\n",
              ".Lsqueeze_block:\n",
              "\tbl\t$helper\n",
              per_block('squeeze', \&squeeze_lanes),
              advance_pointers(),
              "\tsubs\t$nblocks, $nblocks, #1\n\tb.ne\t.Lsqueeze_block\n",
              state_io('st1'),
              ".Lsqueeze_end:\n.exit\n.endfunc\n";

        print squeeze_absorb($a{squeeze_absorb}, $helper);

        print ".rodata\n.align 64\n.Liotas:\n";
        print ".quad $_\n" for @RC;
    } else {
        print <<___;
.text
// Stubs: the assembler cannot encode the SHA-3 extension.  The kernel entry
// points are never called when $a{capable}() returns 0; they trap
// (UDF #0, an undefined instruction) if they are.
.entry $a{capable}, 0, 0, 0
	mov	w0, #0
.exit
.endfunc
___
        for my $f (grep { defined } @a{qw(permute permute1 absorb squeeze squeeze_absorb)}) {
            print ".entry $f, 0, 0, 0\n.inst 0x00000000\n.endfunc\n";
        }
    }

    print <<___;
.text
// const char *$a{info}(void): what this file was generated as.
.entry $a{info}, 0, 0, 0
	adrp	x0, .Linfo
	add	x0, x0, :lo12:.Linfo
.exit
.endfunc
.rodata
.Linfo:
.asciz "$info"
___

    select $previous;
    close $asm or die "arm-xlate.pl failed\n";
}

1;
