package Keccak1600xN;
#
# The generator shared by the multi-way Keccak-f[1600] kernels
# (FIPS 202, Algorithm 7, Keccak-p[1600,24]) and their whole-block SHAKE
# absorb and squeeze:
#
#   crypto/sha/asm/keccak1600x4-avx512vl.pl   4 states in ymm registers
#   crypto/sha/asm/keccak1600x8-avx512.pl     8 states in zmm registers
#   crypto/sha/asm/keccak1600x4-avx2.pl       4 states in memory, AVX2
#
# A driver calls generate() with the shape (ways: 4 or 8; the register
# width follows: 64 bits per way; the encoding, EVEX or VEX) and its
# names; everything else, the round functions, the register map, the
# scheduler, the transposing absorb and squeeze and the stubs branch, is
# written here once.
#
# Lane layout.  The state is lane-interleaved: lane i (i = x + 5y) of
# instance j is the 64-bit word A[W*i + j] (W = ways), so one W*8-byte
# load fetches lane i of all W instances.
#
# EVEX (AVX-512): during the permutation the 25 lanes live in 25 vector
# registers (numbers 0-24); 25-31 are the temporaries.
#
# VEX (AVX2: 16 ymm registers, no vpternlogq, no vprolq): the lanes stay in
# A, 32-byte slot by slot, and the permutation works plane by plane, as
# in the well-known AVX2 4-way designs: the five column parities C[x] stay
# in registers from one round to the next, and so do the five theta
# effects D[x] while a round is computed; each output row of a round takes
# its five lanes straight from memory (theta's XOR with D folds the load),
# rotates them (rho: vpsllq, vpsrlq, vpor; vpshufb for the byte rotations
# 8 and 56; vpaddq for a shift by 1; vpsllvq or vpsrlvq for one shift of
# 8 of them, see rotate()), and chi (vpandn, vpxor) writes the
# row back in place, into the slots its five lanes came from, XORing it
# into the next round's C as it goes.  pi is then a renaming of slots
# (@map holds the slot of each lane), as the EVEX code renames registers;
# its order, 24, brings the slots back in place after 24 rounds.
#
# generate(%args), all required but encoding:
#   flavour, output   as given to the driver (elf, macosx, mingw64, nasm)
#   generator         the driver's path, for the header comment
#   name              the kernel's name in the info string
#   ways              4 (ymm) or 8 (zmm)
#   encoding          'evex' (AVX-512, the default) or 'vex' (AVX2, 4
#                     ways only; its assembler thresholds are
#                     AsmProbe's %MINIMUM_AVX2)
#   isa               what the stubs say the assembler cannot encode
#   caps              the ossl_ia32cap() bits the capability test wants
#                     (include/internal/cpuid.h), all of them
#   why               those bits in words, for the capability comment
#   capable, info, permute, absorb, squeeze, squeeze_absorb
#                     the entry points' names (see the drivers' headers)

use strict;
use warnings;
use FindBin;
use lib $FindBin::Bin;
use AsmProbe;

# Keccak-f[1600]'s rho offsets and iota constants (FIPS 202, Section 3.2)
use KeccakConstants qw(@RHO @RC);

# vpternlogq truth tables: bit (a<<2 | b<<1 | c) of the immediate is
# f(a, b, c) with a the destination, b the second and c the third source
# (AT&T: vpternlogq $imm, c, b, a).
my $XOR3    = 0x96;   # a ^ b ^ c:       bits 1,2,4,7 -> 1001 0110
my $CHI     = 0xD2;   # a ^ (~b & c):    bits 1,4,6,7 -> 1101 0010

# Lane pairs (i, i+1) and a possible last single lane for a rate of up to
# 168 bytes (21 lanes), selected at run time by comparing r.
my $MAX_LANES = 21;

# ---------------------------------------------------------------------
# The shape of the kernel being generated (set by generate())
# ---------------------------------------------------------------------
my $W;              # ways: 4 or 8
my $V;              # vector register prefix: 'ymm' or 'zmm'
my $VEX;            # 1: AVX2, the state in memory (see the top)
my %I;              # the mnemonics that differ between EVEX and VEX
my @map;            # lane i of the W states is in register (EVEX) or
                    # slot (VEX) $map[i]; pi renames
my @free;           # temporaries not in use
my @ptr;            # in[j] / out[j]
my ($rate, $count); # r and the blocks left: registers (x4) or memory (x8)
my @ops;            # the permutation's operations, before scheduling

sub vreg { "%$V$_[0]" }
sub xmm { "%xmm$_[0]" }
sub take { my $r = shift @free; die "out of temporaries\n" unless defined $r; $r }
sub give { push @free, @_ }

# Arguments (SysV registers; the translator moves Win64 ones there).
my ($A, $io, $nblocks, $rcx) = ('%rdi', '%rsi', '%rdx', '%rcx');

# The permutation is built as a list of operations, then ordered by
# schedule().  An operation is [text, destination, sources...] on vector
# register numbers.
sub op {
    my ($mn, $imm, $dst, @src) = @_;
    my @regs = reverse @src;
    # vpternlogq's destination is its first source (AT&T: last operand).
    pop @regs if $mn eq 'vpternlogq';
    my @operands = ((defined $imm ? ($imm) : ()), map { vreg($_) } @regs);
    push @ops, ["\t$mn\t" . join(', ', @operands, vreg($dst)), $dst, @src];
}

# One round of Keccak-f[1600] on all W states (Algorithm 7, steps
# theta, rho, pi, chi, iota: Algorithms 1-5).
sub round {
    my ($ir) = @_;
    # theta: C[x] = A[x,0] ^ ... ^ A[x,4] (two three-way XORs per column)
    my @C;
    for my $x (0 .. 4) {
        my $c = take();
        push @C, $c;
        op('vmovdqa64', undef, $c, $map[$x]);
        op('vpternlogq', sprintf('$0x%02x', $XOR3), $c, $c, $map[$x + 5], $map[$x + 10]);
        op('vpternlogq', sprintf('$0x%02x', $XOR3), $c, $c, $map[$x + 15], $map[$x + 20]);
    }
    # theta: A[x,y] ^= C[x-1] ^ ROT(C[x+1], 1); then rho in place:
    # ROT(A[x,y], r[x,y])
    for my $x (0 .. 4) {
        my $d = take();
        op('vprolq', '$1', $d, $C[($x + 1) % 5]);
        for my $y (0 .. 4) {
            my $a = $map[$x + 5 * $y];
            op('vpternlogq', sprintf('$0x%02x', $XOR3), $a, $a, $C[($x + 4) % 5], $d);
            op('vprolq', "\$$RHO[$x + 5 * $y]", $a, $a) if $RHO[$x + 5 * $y];
        }
        give($d);
    }
    give(@C);
    # pi by renaming: B[y, 2x+3y] = A[x,y]
    my @next;
    for my $i (0 .. 24) {
        my ($x, $y) = ($i % 5, int($i / 5));
        $next[$y + 5 * ((2 * $x + 3 * $y) % 5)] = $map[$i];
    }
    @map = @next;
    # chi, row by row: A[x,y] = B[x,y] ^ (~B[x+1,y] & B[x+2,y]); the first
    # two lanes of the row are copied as the last two outputs need them.
    for my $y (0 .. 4) {
        my @b = @map[5 * $y .. 5 * $y + 4];
        my ($t0, $t1) = (take(), take());
        op('vmovdqa64', undef, $t0, $b[0]);
        op('vmovdqa64', undef, $t1, $b[1]);
        my @src = (@b, $t0, $t1);
        op('vpternlogq', sprintf('$0x%02x', $CHI), $b[$_], $b[$_], $src[$_ + 1], $src[$_ + 2])
            for 0 .. 4;
        give($t0, $t1);
    }
    # iota: A[0,0] ^= RC[ir], broadcast to the W states
    op('vpxorq', ".Liotas+" . 8 * $ir . "(%rip){1to$W}", $map[0], $map[0]);
}

# ---------------------------------------------------------------------
# VEX (AVX2): the permutation on the state in memory (see the top)
# ---------------------------------------------------------------------

# Lane slot s of A (VEX): the 32-byte word of lane s of the four states.
sub slot { 8 * $W * $_[0] . "($A)" }

my @C;              # VEX: the column parities C[x] of the next round

# The text of instructions, one a line.
sub insns { join('', map { "\t$_\n" } @_) }

# ROT(b, r) in place (rho), b a ymm register number: one vpshufb for the
# byte rotations, else the two shifts ORed (a shift left by 1 is an add).
# The rotations of %VARIABLE_SHIFT (by r: 'l' its left shift, 'r' its
# right one) take that shift as a variable one (vpsllvq, vpsrlvq, the
# count from .LcountN): as many operations on Intel's cores (one uop, the
# shifts' ports), but on AMD Zen 1 another pipe than the shifts by an
# immediate, which share theirs with the stores' data and are the
# kernel's bottleneck there: 8 of the 21 rotations so moved take the
# kernel from about 2,450 to 2,250 TSC cycles per call there (paired,
# rdtsc); fewer or more were slower.
my %VARIABLE_SHIFT = (36 => 'l', 44 => 'l', 55 => 'l', 20 => 'l',
                      10 => 'r', 43 => 'r', 25 => 'r', 39 => 'r');
sub rotate {
    my ($b, $r) = @_;
    return '' unless $r;
    my $rb = vreg($b);
    return insns("vpshufb\t.Lrotate$r(%rip), $rb, $rb") if $r % 8 == 0;
    my $t = take();
    my $rt = vreg($t);
    my $v = $VARIABLE_SHIFT{$r} // '';
    my $c = insns($r == 1 ? "vpaddq\t$rb, $rb, $rt"
                : $v eq 'l' ? "vpsllvq\t.Lcount$r(%rip), $rb, $rt"
                : "vpsllq\t\$$r, $rb, $rt",
                $v eq 'r' ? "vpsrlvq\t.Lcount" . (64 - $r) . "(%rip), $rb, $rb"
                : "vpsrlq\t\$" . (64 - $r) . ", $rb, $rb",
                "vpor\t$rt, $rb, $rb");
    give($t);
    return $c;
}

# theta's column parities of the state as it is in memory:
# C[x] = A[x,0] ^ ... ^ A[x,4]
sub columns_vex {
    my $c = '';
    @C = ();
    for my $x (0 .. 4) {
        my $r = take();
        push @C, $r;
        $c .= insns("vmovdqu\t" . slot($map[$x]) . ', ' . vreg($r));
        $c .= insns("vpxor\t" . slot($map[$x + 5 * $_]) . ', ' . vreg($r) . ', ' . vreg($r))
            for 1 .. 4;
    }
    return $c;
}

# One round of Keccak-f[1600] on the four states in memory (Algorithm 7:
# theta, rho, pi, chi, iota), C[x] in registers on entry and, but after
# the last round, on exit.
sub round_vex {
    my ($ir, $last) = @_;
    my $c = '';
    # theta: D[x] = C[x-1] ^ ROT(C[x+1], 1)
    my @D;
    for my $x (0 .. 4) {
        my ($d, $t) = (take(), take());
        my $cx = vreg($C[($x + 1) % 5]);
        $c .= insns("vpaddq\t$cx, $cx, " . vreg($d),
                  "vpsrlq\t\$63, $cx, " . vreg($t),
                  "vpor\t" . vreg($t) . ', ' . vreg($d) . ', ' . vreg($d),
                  "vpxor\t" . vreg($C[($x + 4) % 5]) . ', ' . vreg($d) . ', ' . vreg($d));
        give($t);
        push @D, $d;
    }
    give(@C);
    @C = ();
    # Output row y: B[x] = ROT(A[x', x] ^ D[x'], r[x', x]) with
    # x' = x + 3y (pi: B[y, 2x'+3y] = A[x', y]), then chi:
    # A'[x,y] = B[x] ^ (~B[x+1] & B[x+2]), stored in the slot of A[x', x].
    my @next;
    for my $y (0 .. 4) {
        my (@B, @src);
        for my $x (0 .. 4) {
            my $xs = ($x + 3 * $y) % 5;
            my $l = $xs + 5 * $x;
            $src[$x] = $map[$l];
            $next[$x + 5 * $y] = $map[$l];
            $B[$x] = take();
            $c .= insns("vpxor\t" . slot($map[$l]) . ', ' . vreg($D[$xs]) . ', ' . vreg($B[$x]))
                . rotate($B[$x], $RHO[$l]);
        }
        for my $x (0 .. 4) {
            my $t = take();
            my $o = $t;
            $c .= insns("vpandn\t" . vreg($B[($x + 2) % 5]) . ', ' . vreg($B[($x + 1) % 5]) . ', ' . vreg($t));
            if (!$last && $y == 0) {
                # the first row starts the next round's column parities
                $o = take();
                $C[$x] = $o;
            }
            $c .= insns("vpxor\t" . vreg($B[$x]) . ', ' . vreg($t) . ', ' . vreg($o));
            # iota: A[0,0] ^= RC[ir] (in all four states)
            $c .= insns("vpxor\t.Liotas+" . 8 * $W * $ir . '(%rip), ' . vreg($o) . ', ' . vreg($o))
                if $x == 0 && $y == 0;
            $c .= insns("vmovdqu\t" . vreg($o) . ', ' . slot($src[$x]));
            $c .= insns("vpxor\t" . vreg($o) . ', ' . vreg($C[$x]) . ', ' . vreg($C[$x]))
                if !$last && $y > 0;
            give($t);
            # B[2] and B[3] are last read by outputs 2 and 3
            give($B[$x]) if $x == 2 || $x == 3;
        }
        give(@B[0, 1, 4]);
    }
    @map = @next;
    give(@D);
    return $c;
}

# Order the operations of the whole permutation for a machine issuing
# $WIDTH vector operations per cycle, $ROTATES of them rotations (register
# copies are free: renamed away), each with a latency of one cycle: a list
# scheduler, highest remaining critical path first.  Dependencies are
# read-after-write and, since temporaries are reused, write-after-read and
# write-after-write.  On this project's machines it saves ~15% over the
# step-by-step order, as out-of-order windows do not see a whole round.
my ($WIDTH, $ROTATES) = (4, 2);
sub schedule {
    my (@succ, @npred, @lat, @height);
    my (%writer, %readers);
    for my $i (0 .. $#ops) {
        my ($text, $dst, @src) = @{$ops[$i]};
        $lat[$i] = $text =~ /vmovdqa64/ ? 0 : 1;
        my @dep;
        push @dep, [$writer{$_}, 1] for grep { defined $writer{$_} } @src;
        push @dep, [$writer{$dst}, 0] if defined $writer{$dst};
        push @dep, [$_, 0] for grep { $_ != $i } @{$readers{$dst} // []};
        for (@dep) {
            my ($p, $raw) = @$_;
            push @{$succ[$p]}, [$i, $raw ? $lat[$p] : 0];
            $npred[$i]++;
        }
        push @{$readers{$_}}, $i for @src;
        $writer{$dst} = $i;
        $readers{$dst} = [];
    }
    for my $i (reverse 0 .. $#ops) {
        $height[$i] = 0;
        for (@{$succ[$i] // []}) {
            my $h = $height[$_->[0]] + $lat[$i];
            $height[$i] = $h if $h > $height[$i];
        }
    }
    my @ready_at = (0) x @ops;
    my @avail = grep { !$npred[$_] } 0 .. $#ops;
    my @order;
    for (my $cycle = 0; @order < @ops; $cycle++) {
        my ($n, $nrot) = (0, 0);
        PICK: for (;;) {
            for my $i (sort { $height[$b] <=> $height[$a] || $a <=> $b } @avail) {
                next if $ready_at[$i] > $cycle;
                my $text = $ops[$i][0];
                my $alu = $lat[$i] > 0;
                my $rot = $text =~ /vprolq/;
                next if ($alu && $n >= $WIDTH) || ($rot && $nrot >= $ROTATES);
                $n++ if $alu;
                $nrot++ if $rot;
                push @order, $i;
                @avail = grep { $_ != $i } @avail;
                for (@{$succ[$i] // []}) {
                    my ($s, $l) = @$_;
                    $ready_at[$s] = $cycle + $l if $cycle + $l > $ready_at[$s];
                    push @avail, $s unless --$npred[$s];
                }
                next PICK;
            }
            last;
        }
    }
    my $code = join('', map { "$ops[$_][0]\n" } @order);
    @ops = ();
    return $code;
}

# The state into its registers and back (EVEX; VEX keeps it in A).
sub load_state {
    return '' if $VEX;
    join('', map { "\tvmovdqu64\t" . 8 * $W * $_ . "($A), " . vreg($map[$_]) . "\n" } 0 .. 24);
}

sub store_state {
    return '' if $VEX;
    join('', map { "\tvmovdqu64\t" . vreg($map[$_]) . ', ' . 8 * $W * $_ . "($A)\n" } 0 .. 24);
}

# XOR register t into lane i of the state (t may be clobbered).
sub xor_lane {
    my ($i, $t) = @_;
    return "\tvpxorq\t" . vreg($t) . ', ' . vreg($map[$i]) . ', ' . vreg($map[$i]) . "\n"
        unless $VEX;
    return "\tvpxor\t" . slot($map[$i]) . ', ' . vreg($t) . ', ' . vreg($t) . "\n"
         . "\tvmovdqu\t" . vreg($t) . ', ' . slot($map[$i]) . "\n";
}

# A register holding lane i of the state: its own (EVEX) or temporary t,
# loaded (VEX); returns the register number and the code.
sub lane_reg {
    my ($i, $t) = @_;
    return ($map[$i], '') unless $VEX;
    return ($t, "\tvmovdqu\t" . slot($map[$i]) . ', ' . vreg($t) . "\n");
}

# XOR lanes i, i+1 of the W inputs into the state: 16-byte loads, those of
# the even instances in one register and of the odd ones in another, one
# per 128-bit part, then unpack low/high quadwords to regroup by lane.
sub absorb_pair {
    my ($i) = @_;
    my ($t0, $t1, $t2, $t3) = map { take() } 1 .. 4;
    my $off = 8 * $i;
    my $c = '';
    for my $odd (0, 1) {
        my $t = $odd ? $t1 : $t0;
        $c .= "\t$I{movu}\t$off($ptr[$odd]), " . xmm($t) . "\n";
        $c .= "\t$I{insert}\t\$$_, $off($ptr[2 * $_ + $odd]), " . vreg($t) . ', ' . vreg($t) . "\n"
            for 1 .. $W / 2 - 1;
    }
    $c .= "\tvpunpcklqdq\t" . vreg($t1) . ', ' . vreg($t0) . ', ' . vreg($t2) . "\n"
        . "\tvpunpckhqdq\t" . vreg($t1) . ', ' . vreg($t0) . ', ' . vreg($t3) . "\n"
        . xor_lane($i, $t2) . xor_lane($i + 1, $t3);
    give($t0, $t1, $t2, $t3);
    return $c;
}

# XOR lane i of the W inputs into the state (8-byte loads only): two
# instances per 128-bit part, the parts inserted in order.
sub absorb_single {
    my ($i) = @_;
    my ($t0, $t1) = (take(), take());
    my $off = 8 * $i;
    my $c = '';
    for my $k (0 .. $W / 2 - 1) {
        my $t = $k ? $t1 : $t0;
        $c .= "\tvmovq\t$off($ptr[2 * $k]), " . xmm($t) . "\n"
            . "\tvmovhpd\t$off($ptr[2 * $k + 1]), " . xmm($t) . ', ' . xmm($t) . "\n";
        $c .= "\t$I{insert}\t\$$k, " . xmm($t1) . ', ' . vreg($t0) . ', ' . vreg($t0) . "\n"
            if $k;
    }
    $c .= xor_lane($i, $t0);
    give($t0, $t1);
    return $c;
}

# Write lanes i, i+1 of the state to the W outputs (transpose of
# absorb_pair).
sub squeeze_pair {
    my ($i) = @_;
    my ($t0, $t1) = (take(), take());
    my $off = 8 * $i;
    # VEX: lane i loaded into t1 (written last), lane i+1 from memory.
    my ($l, $c) = lane_reg($i, $t1);
    my $next = $VEX ? slot($map[$i + 1]) : vreg($map[$i + 1]);
    $c .= "\tvpunpcklqdq\t$next, " . vreg($l) . ', ' . vreg($t0) . "\n"
        . "\tvpunpckhqdq\t$next, " . vreg($l) . ', ' . vreg($t1) . "\n";
    for my $odd (0, 1) {
        my $t = $odd ? $t1 : $t0;
        $c .= "\t$I{movu}\t" . xmm($t) . ", $off($ptr[$odd])\n";
        $c .= "\t$I{extract}\t\$$_, " . vreg($t) . ", $off($ptr[2 * $_ + $odd])\n"
            for 1 .. $W / 2 - 1;
    }
    give($t0, $t1);
    return $c;
}

# Write lane i of the state to the W outputs (8-byte stores only).
sub squeeze_single {
    my ($i) = @_;
    my $t0 = take();
    my $t1 = $VEX ? take() : undef;     # VEX: the lane, loaded
    my $off = 8 * $i;
    my ($l, $c) = lane_reg($i, $t1);
    $c .= "\tvmovq\t" . xmm($l) . ", $off($ptr[0])\n"
        . "\tvmovhpd\t" . xmm($l) . ", $off($ptr[1])\n";
    for my $k (1 .. $W / 2 - 1) {
        $c .= "\t$I{extract}\t\$$k, " . vreg($l) . ', ' . xmm($t0) . "\n"
            . "\tvmovq\t" . xmm($t0) . ", $off($ptr[2 * $k])\n"
            . "\tvmovhpd\t" . xmm($t0) . ", $off($ptr[2 * $k + 1])\n";
    }
    give($t0, $VEX ? $t1 : ());
    return $c;
}

# The lanes of one block, r bytes: pairs while two lanes remain, then at
# most one single lane.  $pair/$single emit the code for one group.
sub per_block {
    my ($tag, $pair, $single) = @_;
    # Comparing with memory needs the operand size.
    my $cmp = $rate =~ /^%/ ? 'cmp' : 'cmpq';
    my $c = '';
    my $tail = '';
    for (my $i = 0; $i < $MAX_LANES; $i += 2) {
        if ($i + 2 <= $MAX_LANES) {
            $c .= "\t$cmp\t\$" . 8 * ($i + 2) . ", $rate\n\tjb\t.L${tag}_single$i\n";
            $c .= $pair->($i);
        } else {
            $c .= "\tjmp\t.L${tag}_single$i\n";
        }
        $tail .= ".L${tag}_single$i:\n\t$cmp\t\$" . 8 * ($i + 1) . ", $rate\n"
               . "\tjb\t.L${tag}_lanes_done\n" . $single->($i)
               . "\tjmp\t.L${tag}_lanes_done\n";
    }
    return $c . $tail . ".L${tag}_lanes_done:\n";
}

sub advance_pointers {
    join('', map { "\tadd\t$rate, $_\n" } @ptr);
}

# The pointers in[j] / out[j] into registers; x8 first parks the block
# count and the rate in lanes 0 and 1 of the state in memory (dead while
# the state is in registers; store_state rewrites them), as its eight
# pointers take the registers they arrived in.  $io is read last.
sub load_pointers {
    my $c = '';
    $c .= "\tmov\t$nblocks, $count\n\tmov\t$rcx, $rate\n" if $count ne $nblocks;
    $c .= "\tmov\t" . 8 * $_ . "($io), $ptr[$_]\n" for 0 .. $W - 1;
    return $c;
}

# squeeze_absorb's memory: while the state is in registers (EVEX), the
# slots of lanes 0-2 of A hold its block count, r_out and r_in (lane 0)
# and the in[] (lane 1) and out[] (lane 2) pointers, which it takes into
# @ptr in turn; VEX keeps them in as many bytes of its stack frame
# ($SA_LOCALS, at the stack pointer), as the state stays in A.
my $SA_LOCALS = 3 * 8 * 4;
sub sa_base { $VEX ? '%rsp' : $A }
sub sa_slot { my ($lane, $j) = @_; 8 * ($W * $lane + $j) . '(' . sa_base() . ')' }

sub sa_pointers {
    my ($lane, $store) = @_;
    join('', map {
        $store ? "\tmov\t$ptr[$_], " . sa_slot($lane, $_) . "\n"
               : "\tmov\t" . sa_slot($lane, $_) . ", $ptr[$_]\n"
    } 0 .. $W - 1);
}

# The lanes the scheduler starts afresh, zeroed in registers as the
# state is loaded (rather than by 25 scattered stores into the interleaved
# state per lane): when shape[3] is not 0, each word i of state j whose
# bit i is set in shape[4 + j].  vptestmq picks the states of word i,
# vpxorq under that mask zeroes them.
sub zero_lanes {
    my ($shape) = @_;
    my $c = "\tcmpq\t\$0, 24($shape)\n\tje\t.Lsa_zeroed\n";
    return $c . zero_words_vex($shape) . ".Lsa_zeroed:\n" if $VEX;
    my $m = take();
    $c .= "\tvmovdqu64\t32($shape), " . vreg($m) . "\n";
    for my $i (0 .. 24) {
        my $r = vreg($map[$i]);
        $c .= "\tvptestmq\t.Lword_bits+" . 8 * $i . "(%rip){1to$W}, " . vreg($m) . ", %k1\n"
            . "\tvpxorq\t$r, $r, $r\{%k1\}\n";
    }
    give($m);
    return $c . ".Lsa_zeroed:\n";
}

# VEX: the words zeroed in memory, lane by lane: vpsllq brings bit i of
# each state's word mask to its sign bit, vblendvpd picks zero there (two
# operations a lane, against three for a mask from vpcmpeqq or vpcmpgtq
# and a vpandn).
sub zero_words_vex {
    my ($shape) = @_;
    my @t = map { take() } 1 .. 4;
    my ($m, $z, $s, $l) = map { vreg($_) } @t;
    my $c = insns("vmovdqu\t32($shape), $m", "vpxor\t$z, $z, $z");
    for my $i (0 .. 24) {
        $c .= insns("vpsllq\t\$" . (63 - $i) . ", $m, $s",
                  "vmovdqu\t" . slot($map[$i]) . ", $l",
                  "vblendvpd\t$s, $z, $l, $l",
                  "vmovdqu\t$l, " . slot($map[$i]));
    }
    give(@t);
    return $c;
}

# The body of squeeze_absorb: zero the words of the fresh lanes, then per
# block, permute, write r_out bytes of each state to out[j], then XOR r_in
# bytes of in[j] into it (none when r_in is 0).  Its arguments: A, out,
# in, shape = { nblocks, r_out, r_in, fresh lanes, then per state the
# words to zero }.
sub squeeze_absorb {
    my ($name, $helper) = @_;
    my ($out, $in, $shape) = ('%rsi', '%rdx', '%rcx');
    my ($saved_rate, $saved_count) = ($rate, $count);
    my $base = sa_base();
    my $c = ".entry $name, 4, 1, 0" . ($VEX ? ", $SA_LOCALS" : '') . "\n"
          . "\tcmpq\t\$0, ($shape)\n\tje\t.Lsa_end\n"
          . load_state() . zero_lanes($shape);
    for my $k (0 .. 2) {
        $c .= "\tmov\t" . 8 * $k . "($shape), %rax\n\tmov\t%rax, " . 8 * $k . "($base)\n";
    }
    for my $j (0 .. $W - 1) {
        $c .= "\tmov\t" . 8 * $j . "($in), %rax\n\tmov\t%rax, " . sa_slot(1, $j) . "\n"
            . "\tmov\t" . 8 * $j . "($out), %rax\n\tmov\t%rax, " . sa_slot(2, $j) . "\n";
    }
    $c .= ".Lsa_block:\n\tcall\t$helper\n" . sa_pointers(2, 0);
    ($rate, $count) = ("8($base)", "($base)");
    $c .= per_block('sa_out', \&squeeze_pair, \&squeeze_single)
        . advance_pointers() . sa_pointers(2, 1)
        . "\tcmpq\t\$0, 16($base)\n\tje\t.Lsa_next\n" . sa_pointers(1, 0);
    $rate = "16($base)";
    $c .= per_block('sa_in', \&absorb_pair, \&absorb_single)
        . advance_pointers() . sa_pointers(1, 1)
        . ".Lsa_next:\n" . next_block('.Lsa_block')
        . store_state() . "\tvzeroupper\n"
        . ".Lsa_end:\n.exit\n.endfunc\n";
    ($rate, $count) = ($saved_rate, $saved_count);
    return $c;
}

sub next_block {
    my ($label) = @_;
    my $dec = $count =~ /^%/ ? 'dec' : 'decq';
    return "\t$dec\t$count\n\tjnz\t$label\n";
}

sub generate {
    my (%a) = @_;
    my ($flavour, $output) = @a{qw(flavour output)};
    $W = $a{ways};
    die "ways must be 4 or 8\n" unless $W == 4 || $W == 8;
    $V = $W == 4 ? 'ymm' : 'zmm';
    $VEX = ($a{encoding} // 'evex') eq 'vex';
    die "the VEX kernel has 4 ways\n" if $VEX && $W != 4;
    %I = $VEX ? (movu => 'vmovdqu', insert => 'vinserti128',
                 extract => 'vextracti128')
              : (movu => 'vmovdqu64', insert => 'vinserti32x4',
                 extract => 'vextracti32x4');
    @map = (0 .. 24);
    if ($W == 4) {
        @ptr = ('%r8', '%r9', '%r10', '%r11');
        ($rate, $count) = ($rcx, $nblocks);
    } else {
        @ptr = ('%r8', '%r9', '%r10', '%r11', '%rax', $rcx, $nblocks, $io);
        ($rate, $count) = ("8($A)", "($A)");
    }

    my $xlate = "$FindBin::Bin/../../../perlasm/x86_64-xlate.pl";
    my $probe = AsmProbe::probe($flavour,
        $VEX ? \%AsmProbe::MINIMUM_AVX2 : \%AsmProbe::MINIMUM);
    my $full  = $probe->{full};

    open my $asm, '|-', $^X, $xlate, $flavour, $output
        or die "cannot run $xlate: $!\n";
    my $previous = select $asm;

    my ($header, $info) = AsmProbe::banner($probe, $full, $a{generator},
        'x86_64-xlate.pl', $flavour, $a{name}, $a{isa});
    my $caps = $a{caps};
    my $helper = "keccak_f1600_x$W" . ($VEX ? '_avx2' : '');

    print $header, ".extern ossl_ia32cap\n";

    if ($full) {
        @free = $VEX ? (0 .. 15) : (25 .. 31);
        print <<___;
.text
# int $a{capable}(void): $a{why}, as the capability vector reports them.
.entry $a{capable}, 0, 0, 1
	call	ossl_ia32cap
	xor	%ecx, %ecx
	and	\$$caps, %eax
	cmp	\$$caps, %eax
	sete	%cl
	mov	%ecx, %eax
.exit
.endfunc
___
        if ($VEX) {
            print <<___;

# Keccak-f[1600] on the four states in A (%rdi); clobbers ymm0-ymm15.
# 24 rounds unrolled: pi's lane permutation has order 24, so the slot map
# is back to the identity at the end.
.helper $helper
___
            print columns_vex();
            print round_vex($_, $_ == 23) for 0 .. 23;
        } else {
            print <<___;

# Keccak-f[1600] on the $W states held in ${V}0-${V}24 (lane i in
# $V i); clobbers ${V}25-${V}31.  24 rounds unrolled: pi's lane permutation
# has order 24, so the register map is back to the identity at the end.
.helper $helper
___
            round($_) for 0 .. 23;
            print schedule();
        }
        die "register map does not close after 24 rounds\n"
            if join(',', @map) ne join(',', 0 .. 24);
        print "\tret\n.endfunc\n";

        print ".entry $a{permute}, 1, 1, 0\n", load_state(),
              "\tcall\t$helper\n", store_state(),
              "\tvzeroupper\n.exit\n.endfunc\n";

        print ".entry $a{absorb}, 4, 1, 0\n",
              "\ttest\t$nblocks, $nblocks\n\tjz\t.Labsorb_end\n",
              load_state(), load_pointers(),
              ".Labsorb_block:\n",
              per_block('absorb', \&absorb_pair, \&absorb_single),
              advance_pointers(),
              "\tcall\t$helper\n",
              next_block('.Labsorb_block'),
              store_state(), "\tvzeroupper\n",
              ".Labsorb_end:\n.exit\n.endfunc\n";

        print ".entry $a{squeeze}, 4, 1, 0\n",
              "\ttest\t$nblocks, $nblocks\n\tjz\t.Lsqueeze_end\n",
              load_state(), load_pointers(),
              ".Lsqueeze_block:\n",
              "\tcall\t$helper\n",
              per_block('squeeze', \&squeeze_pair, \&squeeze_single),
              advance_pointers(),
              next_block('.Lsqueeze_block'),
              store_state(), "\tvzeroupper\n",
              ".Lsqueeze_end:\n.exit\n.endfunc\n";

        print squeeze_absorb($a{squeeze_absorb}, $helper);

        print ".rodata\n.align 64\n.Liotas:\n";
        if ($VEX) {
            # iota's constants, one per state; vpshufb's byte rotations
            # (byte k of each quadword from byte k - r/8)
            print ".quad ", join(', ', ($_) x $W), "\n" for @RC;
            # the variable shifts' counts, one per state
            for my $r (sort { $a <=> $b } keys %VARIABLE_SHIFT) {
                my $n = $VARIABLE_SHIFT{$r} eq 'l' ? $r : 64 - $r;
                print ".Lcount$n:\n.quad ", join(', ', ($n) x $W), "\n";
            }
            for my $r (8, 56) {
                print ".Lrotate$r:\n";
                print ".byte ", join(', ', map { 8 * int($_ / 8) + ($_ - $r / 8) % 8 } 0 .. 15), "\n"
                    for 0, 1;
            }
        } else {
            print ".quad $_\n" for @RC;
            print ".Lword_bits:\n";
            print ".quad ", 1 << $_, "\n" for 0 .. 24;
        }
    } else {
        print <<___;
.text
# Stubs: the assembler cannot encode $a{isa}.  The x$W entry points are
# never called when $a{capable}() returns 0; they trap if they are.
.entry $a{capable}, 0, 0, 0
	xor	%eax, %eax
.exit
.endfunc
___
        for my $f (@a{qw(permute absorb squeeze squeeze_absorb)}) {
            print ".entry $f, 0, 0, 0\n\tud2\n.endfunc\n";
        }
    }

    print <<___;
.text
# const char *$a{info}(void): what this file was generated as.
.entry $a{info}, 0, 0, 0
	lea	.Linfo(%rip), %rax
.exit
.endfunc
.rodata
.Linfo:
.asciz "$info"
___

    select $previous;
    close $asm or die "x86_64-xlate.pl failed\n";
}

1;
