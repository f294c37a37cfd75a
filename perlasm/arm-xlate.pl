#!/usr/bin/env perl
#
# arm-xlate.pl FLAVOUR OUTPUT
#
# Reads aarch64 "perlasm" (GNU as syntax, as for Linux) on stdin and writes
# assembly for one flavour to OUTPUT:
#
#   linux64  ELF (GNU as, clang): .hidden entry points with .type/.size,
#            DWARF call frame information (.cfi_*), BTI landing pads and
#            return-address signing (PAC) in functions that save the link
#            register, .note.GNU-stack and the GNU property note that says
#            so (BTI, PAC)
#   ios64    Mach-O (clang, -target arm64-apple-macos or -ios): leading
#            underscore on external names, .private_extern, L-prefixed
#            local labels, @PAGE/@PAGEOFF addressing, .cfi_* (the linker
#            makes compact unwind of it); no .type/.size
#   win64    COFF for Windows on Arm (clang's integrated assembler,
#            --target=aarch64-windows, and Microsoft's armasm64 through it):
#            .def symbol records, unwind codes from .seh_* directives (the
#            .pdata/.xdata the assembler writes), prologue and epilogue
#
# The three share the AAPCS64 register use (Windows on Arm keeps it too,
# x18 being reserved on both Apple and Windows: never use it); the
# differences are confined to symbols, sections, addressing of local data
# and the .entry/.exit pseudo-directives.  The input conventions are in
# perlasm/README.md.

use strict;
use warnings;

my ($flavour, $output) = @ARGV;
die "usage: $0 linux64|ios64|win64 OUTPUT\n"
    unless defined $output && $flavour =~ /^(linux64|ios64|win64)$/;

my $elf   = $flavour eq 'linux64';
my $macho = $flavour eq 'ios64';
my $coff  = $flavour eq 'win64';

# Frame layout of .entry NAME, CALLS, SIMD, GPRS (see frame()):
my @SIMD_SAVED = map { "d$_" } 8 .. 15;      # callee-saved low halves of v8-v15
my @GPR_SAVED  = map { "x$_" } 19 .. 28;     # callee-saved general registers

# linux64: the GNU property note bits (GNU_PROPERTY_AARCH64_FEATURE_1_AND)
my $FEATURE_BTI = 1;
my $FEATURE_PAC = 2;
my ($HINT_BTI_C, $HINT_PACIASP, $HINT_AUTIASP) = (34, 25, 29);

my %external;                   # names that get a Mach-O underscore
my @out;
my $func;                       # the function being translated
my $section = '';

sub emit { push @out, @_ }

# ---------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------

# Local labels are written .Lname; Mach-O's assembler keeps L-prefixed
# names out of the symbol table, ELF's and COFF's .L-prefixed ones.
sub local_name {
    my ($n) = @_;
    return $macho ? "L$n" : ".L$n";
}

sub symbol {
    my ($s) = @_;
    return local_name($1) if $s =~ /^\.L(\w+)$/;
    return "_$s" if $macho && $external{$s};
    return $s;
}

# Rewrite the symbols of an operand list (registers, shifts, condition
# codes and the :lo12: operator are left alone).
sub operands {
    my ($e) = @_;
    $e =~ s/(?<![\w.:#])(\.L\w+|[A-Za-z_]\w*)/
        my $n = $1;
        ($n =~ m{^\.L} || $external{$n}) ? symbol($n) : $n/ge;
    return $e;
}

# ---------------------------------------------------------------------
# Sections
# ---------------------------------------------------------------------
sub section {
    my ($which) = @_;
    return if $section eq $which;
    $section = $which;
    my %s = (
        linux64 => { text => '.text', rodata => '.section .rodata' },
        ios64   => { text => '.text', rodata => '.section __TEXT,__const' },
        win64   => { text => '.text', rodata => '.section .rdata,"dr"' },
    );
    emit($s{$flavour}{$which});
}

# ---------------------------------------------------------------------
# Instructions
# ---------------------------------------------------------------------
# The page address of a symbol and its offset in the page: written
# `adrp xN, sym` and `add xN, xN, :lo12:sym` (ELF, COFF); Mach-O spells
# them sym@PAGE and sym@PAGEOFF.
sub instruction {
    my ($mn, $rest) = @_;
    if ($macho) {
        $rest =~ s/:lo12:(\.?\w+)/$1\@PAGEOFF/g;
        $rest =~ s/^(\s*[xw]\d+\s*,\s*)(\.?\w+)\s*$/$1$2\@PAGE/ if $mn eq 'adrp';
    }
    $rest = operands($rest);
    emit($rest eq '' ? "\t$mn" : "\t$mn\t$rest");
}

# ---------------------------------------------------------------------
# Functions: .entry NAME, CALLS, SIMD, GPRS / .exit / .endfunc
# ---------------------------------------------------------------------
# The frame, from sp up: the frame record x29, x30 (CALLS), d8-d15
# (SIMD), then x19 .. x(18+GPRS) (GPRS even).  Each save is a pair; the
# first is a pre-indexed store that allocates the whole frame.
sub frame {
    my ($f) = @_;
    my @pairs;
    push @pairs, ['x29', 'x30'] if $f->{calls};
    if ($f->{simd}) {
        push @pairs, [@SIMD_SAVED[2 * $_, 2 * $_ + 1]] for 0 .. 3;
    }
    push @pairs, [@GPR_SAVED[2 * $_, 2 * $_ + 1]] for 0 .. $f->{gprs} / 2 - 1;
    return @pairs;
}

# The unwind directive of a saved pair at off (of a frame of size total,
# allocated by the first store): DWARF CFI or a Windows unwind code.
sub save_note {
    my ($pair, $off, $total, $first) = @_;
    my ($r0, $r1) = @$pair;
    if ($coff) {
        my $x = $first ? '_x' : '';
        my $o = $first ? $total : $off;
        return "\t.seh_save_fplr$x\t$o" if $r0 eq 'x29';
        return ($r0 =~ /^d/ ? "\t.seh_save_fregp$x" : "\t.seh_save_regp$x") . "\t$r0, $o";
    }
    my @n;
    push @n, "\t.cfi_def_cfa_offset\t$total" if $first;
    push @n, "\t.cfi_offset\t$r0, " . ($off - $total),
             "\t.cfi_offset\t$r1, " . ($off + 8 - $total);
    return @n;
}

sub entry {
    my ($name, $calls, $simd, $gprs) = @_;
    die "nested .entry $name\n" if $func;
    die ".entry $name: GPRS must be even, at most 10\n" if $gprs % 2 || $gprs > 10;
    $external{$name} = 1;
    my $sym = symbol($name);
    $func = { name => $name, calls => $calls, simd => $simd, gprs => $gprs };
    my @pairs = frame($func);
    $func->{size} = 16 * @pairs;
    section('text');
    if ($elf) {
        emit("\t.globl\t$sym", "\t.hidden\t$sym", "\t.type\t$sym,%function",
             "\t.p2align\t5", "$sym:", "\t.cfi_startproc",
             "\thint\t#$HINT_BTI_C");
    } elsif ($macho) {
        emit("\t.globl\t$sym", "\t.private_extern\t$sym", "\t.p2align\t5",
             "$sym:", "\t.cfi_startproc");
    } else {
        emit("\t.globl\t$sym", "\t.def\t$sym; .scl 2; .type 32; .endef",
             "\t.p2align\t5", "$sym:", "\t.seh_proc\t$sym");
    }
    # Return-address signing where the link register goes to memory.
    if ($elf && $calls) {
        emit("\thint\t#$HINT_PACIASP", "\t.cfi_negate_ra_state");
    }
    my $total = $func->{size};
    for my $k (0 .. $#pairs) {
        my ($r0, $r1) = @{$pairs[$k]};
        my $off = 16 * $k;
        emit($k == 0 ? "\tstp\t$r0, $r1, [sp, #-$total]!"
                     : "\tstp\t$r0, $r1, [sp, #$off]");
        emit(save_note($pairs[$k], $off, $total, $k == 0));
        if ($k == 0 && $calls) {
            # The frame record is linked in, as Apple's ABI requires.
            emit("\tmov\tx29, sp");
            emit("\t.seh_set_fp") if $coff;
        }
    }
    emit("\t.seh_endprologue") if $coff;
}

sub exit_func {
    die ".exit outside a function\n" unless $func;
    die ".exit in .helper $func->{name}: end it with ret\n" if $func->{helper};
    my $f = $func;
    my @pairs = frame($f);
    my $total = $f->{size};
    # The code after this exit (another path) has the prologue's frame.
    emit("\t.cfi_remember_state") if !$coff && @pairs;
    emit("\t.seh_startepilogue") if $coff;
    for my $k (reverse 0 .. $#pairs) {
        my ($r0, $r1) = @{$pairs[$k]};
        my $off = 16 * $k;
        emit($k == 0 ? "\tldp\t$r0, $r1, [sp], #$total"
                     : "\tldp\t$r0, $r1, [sp, #$off]");
        if ($coff) {
            emit(save_note($pairs[$k], $off, $total, $k == 0));
        } else {
            emit("\t.cfi_restore\t$_") for ($r0, $r1);
            emit("\t.cfi_def_cfa_offset\t0") if $k == 0;
        }
    }
    if ($elf && $f->{calls}) {
        emit("\thint\t#$HINT_AUTIASP", "\t.cfi_negate_ra_state");
    }
    emit("\t.seh_endepilogue") if $coff;
    emit("\tret");
    emit("\t.cfi_restore_state") if !$coff && @pairs;
}

# .helper NAME: a local function, reached by bl from the entry points of
# this file only (no landing pad, no frame: its return address stays in
# x30, its registers are the caller's).  ELF and Mach-O get call frame
# information saying so; for Windows a function without unwind data is
# such a leaf.  NAME is never global: on ELF a local function symbol with
# its size, so that profilers and debuggers name the code; elsewhere a
# plain label.
sub helper {
    my ($name) = @_;
    die "nested .helper $name\n" if $func;
    $func = { name => $name, helper => 1 };
    section('text');
    emit("\t.type\t$name,%function") if $elf;
    emit("\t.p2align\t5", "$name:");
    emit("\t.cfi_startproc") if !$coff;
}

sub endfunc {
    die ".endfunc outside a function\n" unless $func;
    if ($func->{helper}) {
        emit("\t.cfi_endproc") if !$coff;
        emit("\t.size\t$func->{name},.-$func->{name}") if $elf;
        $func = undef;
        return;
    }
    my $sym = symbol($func->{name});
    if ($elf) {
        emit("\t.cfi_endproc", "\t.size\t$sym,.-$sym");
    } elsif ($macho) {
        emit("\t.cfi_endproc");
    } else {
        emit("\t.seh_endproc");
    }
    $func = undef;
}

# ---------------------------------------------------------------------
# Data directives
# ---------------------------------------------------------------------
sub data {
    my ($kind, $args) = @_;
    if ($kind eq 'asciz') {
        emit("\t.asciz\t$args");
        return;
    }
    emit("\t.$kind\t" . operands($args));
}

# ---------------------------------------------------------------------
# Main loop
# ---------------------------------------------------------------------
while (my $line = <STDIN>) {
    chomp $line;
    # Comments: '//' anywhere, '#' first on a line ('#' elsewhere is an
    # immediate).  A .comment line and an .asciz string stay whole.
    if ($line =~ /^\s*\.comment\b/) {
        # kept whole
    } elsif ($line =~ /^(\s*\.asciz\s+".*?")/) {
        $line = $1;
    } else {
        $line =~ s{//.*}{};
        $line =~ s/^\s*#.*//;
    }
    $line =~ s/\s+$//;
    next if $line eq '';

    if ($line =~ /^\s*\.comment\s?(.*)$/) {
        emit('//' . ($1 eq '' ? '' : " $1"));
    } elsif ($line =~ /^\s*(\.L\w+|\w+):\s*$/) {
        emit(symbol($1) . ':');
    } elsif ($line =~ /^\s*\.text$/) {
        section('text');
    } elsif ($line =~ /^\s*\.rodata$/) {
        section('rodata');
    } elsif ($line =~ /^\s*\.arch\s+([\w.+-]+)$/) {
        emit("\t.arch\t$1");
    } elsif ($line =~ /^\s*\.align\s+(\d+)$/) {
        my $n = $1;
        die ".align $n: not a power of two\n" if $n & ($n - 1);
        my $log = 0;
        $log++ while (1 << $log) < $n;
        emit("\t.p2align\t$log");
    } elsif ($line =~ /^\s*\.extern\s+(\w+)$/) {
        $external{$1} = 1;
    } elsif ($line =~ /^\s*\.entry\s+(\w+)\s*,\s*(\d)\s*,\s*(\d)\s*,\s*(\d+)$/) {
        entry($1, $2, $3, $4);
    } elsif ($line =~ /^\s*\.helper\s+([A-Za-z_]\w*)$/) {
        helper($1);
    } elsif ($line =~ /^\s*\.exit$/) {
        exit_func();
    } elsif ($line =~ /^\s*\.endfunc$/) {
        endfunc();
    } elsif ($line =~ /^\s*\.inst\s+(0x[0-9a-fA-F]{1,8})$/) {
        emit("\t.inst\t$1");
    } elsif ($line =~ /^\s*\.(quad|long|byte|asciz)\s+(.*)$/) {
        data($1, $2);
    } elsif ($line =~ /^\s*([a-z][a-z0-9.]*)\s*(.*)$/) {
        instruction($1, $2);
    } else {
        die "arm-xlate.pl: cannot translate: $line\n";
    }
}
die "arm-xlate.pl: .entry $func->{name} without .endfunc\n" if $func;

if ($elf) {
    # GNU property note: GNU_PROPERTY_AARCH64_FEATURE_1_AND = BTI | PAC.
    emit('.section .note.GNU-stack,"",%progbits',
         '.section .note.gnu.property,"a",%note',
         "\t.p2align\t3",
         "\t.long\t4, 16, 5",          # namesz, descsz, NT_GNU_PROPERTY_TYPE_0
         "\t.asciz\t\"GNU\"",
         "\t.long\t0xc0000000, 4, " . ($FEATURE_BTI | $FEATURE_PAC),
         "\t.long\t0",                 # pr_data padding to 8 bytes
         "\t.p2align\t3");
}

open my $fh, '>', $output or die "$output: $!\n";
print $fh "$_\n" for @out;
close $fh or die "$output: $!\n";
