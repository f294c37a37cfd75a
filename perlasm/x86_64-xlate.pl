#!/usr/bin/env perl
#
# x86_64-xlate.pl FLAVOUR OUTPUT
#
# Reads AT&T-syntax x86-64 "perlasm" on stdin and writes assembly for one
# flavour to OUTPUT:
#
#   elf      GNU as, SysV ABI; .note.GNU-stack, the CET property note
#            (IBT | SHSTK) and endbr64 at every entry point
#   macosx   Mach-O (GNU as syntax as clang reads it), SysV ABI: leading
#            underscore on external names, no .type/.size
#   mingw64  GNU as for PE/COFF, Win64 ABI, unwind information through
#            .seh_* directives
#   nasm     NASM, Intel syntax, Win64 ABI, unwind information written by
#            hand into .pdata/.xdata
#
# The input conventions (pseudo-directives for entry and exit, local
# labels, sections, what the instruction converter understands) are in
# perlasm/README.md.  Win64 differences are confined to .entry/.exit: the
# body is always written with SysV argument registers.

use strict;
use warnings;

my ($flavour, $output) = @ARGV;
die "usage: $0 elf|macosx|mingw64|nasm OUTPUT\n"
    unless defined $output && $flavour =~ /^(elf|macosx|mingw64|nasm)$/;

my $win64 = ($flavour eq 'mingw64' || $flavour eq 'nasm');
my $nasm  = ($flavour eq 'nasm');
my $gas   = !$nasm;

# Win64 unwind operation codes (Microsoft x64 exception handling, UNWIND_CODE).
my %UWOP = (PUSH_NONVOL => 0, ALLOC_LARGE => 1, ALLOC_SMALL => 2,
            SAVE_XMM128 => 8);
my %WINREG = (rsi => 6, rdi => 7);
my @SYSV_ARGS  = qw(rdi rsi rdx rcx);
my @WIN64_ARGS = qw(rcx rdx r8 r9);
my $XMM_SAVED  = 10;            # xmm6-xmm15 are callee-saved on Win64
my $SHADOW     = 32;            # Win64 home space for a callee's 4 arguments

my %external;                   # names that get a Mach-O underscore
my @out;
my $func;                       # the function being translated
my @unwind;                     # nasm: finished functions' unwind records
my $section = '';

sub emit { push @out, @_ }

# ---------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------

# Local labels are written .Lname; each flavour has its own spelling that
# keeps them out of the object's global symbols.
sub local_name {
    my ($n) = @_;
    return "L$n" if $flavour eq 'macosx';
    return "L\$$n" if $nasm;
    return ".L$n";
}

sub symbol {
    my ($s) = @_;
    return local_name($1) if $s =~ /^\.L(\w+)$/;
    return "_$s" if $flavour eq 'macosx' && $external{$s};
    return $s;
}

# Rewrite every symbol in an expression (displacement, immediate, data).
sub expr {
    my ($e) = @_;
    $e =~ s/(\.L\w+|\b[A-Za-z_]\w*)/symbol($1)/ge;
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
        elf     => { text => '.text', rodata => '.section .rodata' },
        macosx  => { text => '.text', rodata => '.section __TEXT,__const' },
        mingw64 => { text => '.text', rodata => '.section .rdata,"dr"' },
        nasm    => { text => 'section .text code align=64',
                     rodata => 'section .rdata rdata align=64' },
    );
    emit($s{$flavour}{$which});
}

# ---------------------------------------------------------------------
# Operands: AT&T -> Intel (nasm only)
# ---------------------------------------------------------------------
sub split_operands {
    my ($s) = @_;
    my @ops;
    my $depth = 0;
    my $cur = '';
    for my $c (split //, $s) {
        $depth++ if $c eq '(' || $c eq '{';
        $depth-- if $c eq ')' || $c eq '}';
        if ($c eq ',' && $depth == 0) { push @ops, $cur; $cur = ''; next; }
        $cur .= $c;
    }
    push @ops, $cur if $cur ne '';
    s/^\s+|\s+$//g for @ops;
    return @ops;
}

sub intel_operand {
    my ($op) = @_;
    return $1 if $op =~ /^%(\w+)$/;
    return "$1\{$2\}" if $op =~ /^%(\w+)\{%(k[1-7])\}$/;   # masked destination
    return expr($1) if $op =~ /^\$(.+)$/;
    if ($op =~ /^([^(]*)\(([^)]*)\)(\{1to\d+\})?$/) {
        my ($disp, $inner, $bcst) = ($1, $2, $3 // '');
        my ($base, $index, $scale) = map { s/^\s*%?|\s*$//gr } split /,/, $inner;
        $disp = expr($disp);
        if (defined $base && $base eq 'rip') {
            return "[rel $disp]$bcst";
        }
        my @t;
        push @t, $base if defined $base && $base ne '';
        push @t, $index . (defined $scale ? "*$scale" : '') if defined $index;
        my $m = join('+', @t);
        $m .= ($disp =~ /^-/ ? $disp : "+$disp") if $disp ne '';
        return "[$m]$bcst";
    }
    return expr($op);           # a label (jump or call target)
}

# Size suffixes of the general-purpose instructions the kernel writes in
# AT&T form; nasm takes the size from the register operand.
my $SUFFIXED = qr/^(mov|add|sub|lea|cmp|push|pop|xor|and|or|test|shr|shl|inc|dec)([qlwb])$/;
my %SIZE = (q => 'qword', l => 'dword', w => 'word', b => 'byte');

sub instruction {
    my ($mn, $rest) = @_;
    if ($gas) {
        $rest = join(',', map { /^%/ ? $_ : expr($_) } split_operands($rest))
            if $rest ne '';
        emit("\t$mn\t$rest");
        return;
    }
    my @att = split_operands($rest);
    my @ops = reverse map { intel_operand($_) } @att;
    if ($mn =~ $SUFFIXED) {
        my $size = $SIZE{$2};
        $mn = $1;
        # Without a register operand (cmpq $16, 8(%rdi)) the size moves
        # to the memory operand.
        if (!grep { /^%/ } @att) {
            s/^\[/$size [/ for @ops;
        }
    }
    emit("\t$mn\t" . join(', ', @ops));
}

# ---------------------------------------------------------------------
# Functions: .entry NAME, NARGS, XMM, CALLS[, LOCALS] / .exit / .endfunc
# ---------------------------------------------------------------------

# The frame below the pushes: LOCALS bytes at 0(%rsp) (or the shadow space
# there, when the body calls C: the two do not mix), then on Win64 the
# xmm6-xmm15 save area; a multiple of 8 that leaves rsp 16-byte aligned.
sub frame_size {
    my ($f) = @_;
    my $size = $f->{locals};
    $size += ($f->{xmm} ? 16 * $XMM_SAVED : 0) + ($f->{calls} ? $SHADOW : 0)
        if $win64;
    return 0 unless $size || ($win64 && $f->{calls});
    # Entry leaves rsp = 8 mod 16; the pushes and the frame realign it.
    my $pushes = $win64 && $f->{nargs} ? 2 : 0;
    $size += 8 if ($size + 8 * $pushes + 8) % 16;
    return $size;
}

# Where the xmm6-xmm15 save area starts (Win64).
sub xmm_base {
    my ($f) = @_;
    return $f->{calls} ? $SHADOW : $f->{locals};
}

sub entry {
    my ($name, $nargs, $xmm, $calls, $locals) = @_;
    die "nested .entry $name\n" if $func;
    die ".entry $name: LOCALS and CALLS do not mix\n" if $locals && $calls;
    die ".entry $name: LOCALS must be a multiple of 8\n" if $locals % 8;
    $external{$name} = 1;
    my $sym = symbol($name);
    $func = { name => $name, nargs => $nargs, xmm => $xmm, calls => $calls,
              locals => $locals, codes => [], n => scalar(@unwind) };
    section('text');
    if ($flavour eq 'elf') {
        emit("\t.globl\t$sym", "\t.hidden\t$sym", "\t.type\t$sym,\@function",
             "\t.p2align\t5", "$sym:", "\tendbr64");
    } elsif ($flavour eq 'macosx') {
        emit("\t.globl\t$sym", "\t.private_extern\t$sym", "\t.p2align\t5", "$sym:");
    } elsif ($flavour eq 'mingw64') {
        emit("\t.globl\t$sym", "\t.def\t$sym; .scl 2; .type 32; .endef",
             "\t.p2align\t5", "$sym:", "\t.seh_proc\t$sym");
    } else {
        emit("global\t$sym", "align\t32", "$sym:");
    }
    my $size = frame_size($func);
    if (!$win64) {
        # SysV: the locals, or the stack aligned for calls out.
        emit("\tsub\t\$" . ($size || 8) . ",%rsp") if $calls || $size;
        return;
    }
    my $k = 0;
    my $mark = sub {            # end of one prologue instruction
        my ($code, $info, @slots) = @_;
        if ($nasm) {
            my $l = "L\$SEH_$func->{n}_" . $k++;
            emit("$l:");
            unshift @{$func->{codes}}, [$l, $code, $info, @slots];
        }
    };
    if ($nargs) {
        for my $r (qw(rdi rsi)) {
            emit($nasm ? "\tpush\t$r" : "\tpush\t%$r");
            emit("\t.seh_pushreg\t%$r") if !$nasm;
            $mark->($UWOP{PUSH_NONVOL}, $WINREG{$r});
        }
    }
    if ($size) {
        emit($nasm ? "\tsub\trsp, $size" : "\tsub\t\$$size,%rsp");
        emit("\t.seh_stackalloc\t$size") if !$nasm;
        if ($size <= 128) {
            $mark->($UWOP{ALLOC_SMALL}, $size / 8 - 1);
        } else {
            $mark->($UWOP{ALLOC_LARGE}, 0, $size / 8);
        }
    }
    if ($xmm) {
        my $base = xmm_base($func);
        for my $i (0 .. $XMM_SAVED - 1) {
            my ($reg, $off) = (6 + $i, $base + 16 * $i);
            emit($nasm ? "\tmovaps\t[rsp+$off], xmm$reg"
                       : "\tmovaps\t%xmm$reg,$off(%rsp)");
            emit("\t.seh_savexmm\t%xmm$reg, $off") if !$nasm;
            $mark->($UWOP{SAVE_XMM128}, $reg, $off / 16);
        }
    }
    emit("\t.seh_endprologue") if !$nasm;
    if ($nasm) {
        $func->{prologue_end} = "L\$SEH_$func->{n}_" . $k++;
        emit("$func->{prologue_end}:");
    }
    for my $i (0 .. $nargs - 1) {
        emit($nasm ? "\tmov\t$SYSV_ARGS[$i], $WIN64_ARGS[$i]"
                   : "\tmov\t%$WIN64_ARGS[$i],%$SYSV_ARGS[$i]");
    }
}

sub exit_func {
    die ".exit outside a function\n" unless $func;
    die ".exit in .helper $func->{name}: end it with ret\n" if $func->{helper};
    my $f = $func;
    my $size = frame_size($f);
    if (!$win64) {
        emit("\tadd\t\$" . ($size || 8) . ",%rsp") if $f->{calls} || $size;
        emit("\tret");
        return;
    }
    if ($f->{xmm}) {
        my $base = xmm_base($f);
        for my $i (0 .. $XMM_SAVED - 1) {
            my ($reg, $off) = (6 + $i, $base + 16 * $i);
            emit($nasm ? "\tmovaps\txmm$reg, [rsp+$off]"
                       : "\tmovaps\t$off(%rsp),%xmm$reg");
        }
    }
    emit($nasm ? "\tadd\trsp, $size" : "\tadd\t\$$size,%rsp") if $size;
    if ($f->{nargs}) {
        emit($nasm ? "\tpop\t$_" : "\tpop\t%$_") for qw(rsi rdi);
    }
    emit("\tret");
}

# .helper NAME: a local function, reached by call from the entry points
# of this file only (no frame, no stack of its own).  ELF makes NAME a local
# function symbol with its size, so that profilers and debuggers name the
# code; elsewhere it is a plain label (Windows treats a function without
# unwind data as such a leaf).  Never global: the linker does not see it.
sub helper {
    my ($name) = @_;
    die "nested .helper $name\n" if $func;
    $func = { name => $name, helper => 1 };
    section('text');
    if ($nasm) {
        emit("align\t32", "$name:");
        return;
    }
    emit("\t.type\t$name,\@function") if $flavour eq 'elf';
    emit("\t.p2align\t5", "$name:");
}

sub endfunc {
    die ".endfunc outside a function\n" unless $func;
    if ($func->{helper}) {
        emit("\t.size\t$func->{name},.-$func->{name}") if $flavour eq 'elf';
        $func = undef;
        return;
    }
    my $sym = symbol($func->{name});
    if ($flavour eq 'elf') {
        emit("\t.size\t$sym,.-$sym");
    } elsif ($flavour eq 'mingw64') {
        emit("\t.seh_endproc");
    } elsif ($nasm) {
        my $end = "L\$SEH_end_$func->{n}";
        emit("$end:");
        push @unwind, { %$func, sym => $sym, end => $end };
    }
    $func = undef;
}

# nasm: one RUNTIME_FUNCTION in .pdata and one UNWIND_INFO in .xdata per
# function; codes are listed from the last prologue instruction backwards.
sub nasm_unwind {
    return unless @unwind;
    emit("section .pdata rdata align=4");
    for my $u (@unwind) {
        emit("\tdd\t$u->{sym} wrt ..imagebase",
             "\tdd\t$u->{end} wrt ..imagebase",
             "\tdd\tL\$unwind_$u->{n} wrt ..imagebase");
    }
    emit("section .xdata rdata align=8");
    for my $u (@unwind) {
        my @slots;
        for my $c (@{$u->{codes}}) {
            my ($label, $op, $info, @extra) = @$c;
            push @slots, "db $label - $u->{sym}, " . ($op | ($info << 4));
            push @slots, "dw $_" for @extra;
        }
        my $n = @slots;
        push @slots, "dw 0" if $n % 2;
        my $prologue = $u->{prologue_end} ? "$u->{prologue_end} - $u->{sym}" : 0;
        emit("\talign\t4", "L\$unwind_$u->{n}:",
             "\tdb\t1, $prologue, $n, 0");
        emit("\t$_") for @slots;
    }
}

# ---------------------------------------------------------------------
# Data directives
# ---------------------------------------------------------------------
sub data {
    my ($kind, $args) = @_;
    if ($kind eq 'asciz') {
        emit($nasm ? "\tdb\t$args, 0" : "\t.asciz\t$args");
        return;
    }
    my %nasm_kind = (quad => 'dq', long => 'dd', byte => 'db');
    my $list = join(', ', map { expr($_) } split_operands($args));
    emit($nasm ? "\t$nasm_kind{$kind}\t$list" : "\t.$kind\t$list");
}

# ---------------------------------------------------------------------
# Main loop
# ---------------------------------------------------------------------
while (my $line = <STDIN>) {
    chomp $line;
    # Comments: '#' outside a string or a .comment line.
    if ($line =~ /^\s*\.comment\b/) {
        # kept whole
    } elsif ($line =~ /^(\s*\.asciz\s+".*?")/) {
        $line = $1;
    } else {
        $line =~ s/#.*//;
    }
    $line =~ s/\s+$//;
    next if $line eq '';

    if ($line =~ /^\s*\.comment\s?(.*)$/) {
        emit(($nasm ? ';' : '#') . ($1 eq '' ? '' : " $1"));
    } elsif ($line =~ /^\s*(\.L\w+|\w+):\s*$/) {
        emit(symbol($1) . ':');
    } elsif ($line =~ /^\s*\.text$/) {
        section('text');
    } elsif ($line =~ /^\s*\.rodata$/) {
        section('rodata');
    } elsif ($line =~ /^\s*\.align\s+(\d+)$/) {
        my $n = $1;
        die ".align $n: not a power of two\n" if $n & ($n - 1);
        my $log = 0;
        $log++ while (1 << $log) < $n;
        emit($nasm ? "\talign\t$n" : "\t.p2align\t$log");
    } elsif ($line =~ /^\s*\.extern\s+(\w+)$/) {
        $external{$1} = 1;
        emit("extern\t$1") if $nasm;
    } elsif ($line =~ /^\s*\.entry\s+(\w+)\s*,\s*(\d)\s*,\s*(\d)\s*,\s*(\d)(?:\s*,\s*(\d+))?$/) {
        die ".entry $1: at most 4 arguments\n" if $2 > 4;
        entry($1, $2, $3, $4, $5 // 0);
    } elsif ($line =~ /^\s*\.helper\s+([A-Za-z_]\w*)$/) {
        helper($1);
    } elsif ($line =~ /^\s*\.exit$/) {
        exit_func();
    } elsif ($line =~ /^\s*\.endfunc$/) {
        endfunc();
    } elsif ($line =~ /^\s*\.(quad|long|byte|asciz)\s+(.*)$/) {
        data($1, $2);
    } elsif ($line =~ /^\s*([a-z][a-z0-9]*)\s*(.*)$/) {
        instruction($1, $2);
    } else {
        die "x86_64-xlate.pl: cannot translate: $line\n";
    }
}
die "x86_64-xlate.pl: .entry $func->{name} without .endfunc\n" if $func;

if ($flavour eq 'elf') {
    # GNU property note: GNU_PROPERTY_X86_FEATURE_1_AND = IBT | SHSTK.
    emit('.section .note.GNU-stack,"",@progbits',
         '.section .note.gnu.property,"a",@note',
         "\t.p2align\t3",
         "\t.long\t4, 16, 5",          # namesz, descsz, NT_GNU_PROPERTY_TYPE_0
         "\t.asciz\t\"GNU\"",
         "\t.long\t0xc0000002, 4, 3",  # pr_type, pr_datasz, IBT|SHSTK
         "\t.p2align\t3");
}
nasm_unwind() if $nasm;

open my $fh, '>', $output or die "$output: $!\n";
print $fh "$_\n" for @out;
close $fh or die "$output: $!\n";
