package AsmProbe;
#
# Which assembler will build a perlasm flavour, and can it encode the
# instructions a kernel needs?  probe(FLAVOUR[, MINIMUM]) returns a hash:
#
#   kind     'gnu-as', 'llvm', 'nasm', 'yasm' or 'unknown'
#   version  the version string found ('' when none)
#   full     1 when the assembler is at least the release MINIMUM names
#            for its kind (default \%MINIMUM: AVX-512VL; the AVX2 kernel
#            passes \%MINIMUM_AVX2, the aarch64 SHA-3 kernel
#            \%MINIMUM_ARMV8_SHA3), else 0
#   what     one line for the generated file's header and the info string,
#            e.g. "gnu-as 2.40" or "unknown (no version from nasm -v)"
#
# Who is asked (the assembler the build will run):
#   nasm     $NASM (default nasm): `nasm -v`; a yasm there reports itself
#   mingw64  x86_64-w64-mingw32-as if on PATH, else $AS: `--version`
#   elf, macosx, linux64, ios64, win64
#            $CC: clang (any "clang version" / "LLVM version" in
#            `$CC --version`) assembles with its integrated assembler, so
#            the LLVM version counts; otherwise `$CC -Wa,--version` asks
#            the GNU as that $CC drives; without $CC, `$AS --version`.
#
# MLDSA_ASM="KIND VERSION" (KIND one of gnu-as, llvm, nasm, yasm) replaces
# the detection, to test what an old assembler would get on a new machine:
#   MLDSA_ASM="gnu-as 2.25" perl keccak1600x4-avx512vl.pl elf out.s  -> stubs
#
# First releases that encode the AVX-512VL instructions the kernel uses
# (EVEX ymm16-31, vpternlogq, vprolq, embedded broadcast):
#   GNU as 2.26 -- binutils 2.25 (Dec 2014) added AVX512VL/BW/DQ; OpenSSL's
#                  AVX-512 perlasm (e.g. keccak1600x4-avx512vl.pl,
#                  poly1305-x86_64.pl) asks for 2.26 to step over the early
#                  encoding fixes, and so do we.
#   LLVM 3.9    -- clang/LLVM's integrated assembler; the same threshold as
#                  OpenSSL's perlasm probes (`clang version` >= 3.9).
#   NASM 2.12   -- NASM 2.11 introduced AVX-512 (F/CD/ER/PF); OpenSSL's
#                  probes require 2.12 for the VL forms.
#   yasm        -- never supported AVX-512.
# The 8-way zmm kernel (keccak1600x8-avx512.pl) needs only AVX-512F but
# asks for the same releases: one threshold for both kernels, past the
# early AVX-512 encoding fixes.
# Anything unknown or unparsable gets stubs.
#
# First releases that encode the AVX2 instructions of the 4-way AVX2
# kernel (keccak1600x4-avx2.pl: VEX ymm integer ops, vpshufb, vinserti128,
# vextracti128, vblendvpd), the thresholds of OpenSSL's AVX2 perlasm
# probes:
#   GNU as 2.22 -- binutils 2.22 (Nov 2011) added AVX2 (2.19: AVX only).
#   LLVM 3.1    -- the first release whose assembler knows AVX2 (OpenSSL:
#                  `clang version` > 3.0).
#   NASM 2.10   -- NASM 2.10 (Mar 2012) added AVX2 (2.09: AVX only).
#   yasm 1.2.0  -- yasm 1.2.0 (Oct 2011) added AVX2; 1.3.0 assembles the
#                  nasm flavour of the AVX2 kernel (test/asm_matrix.sh).
#
# First releases that encode the aarch64 SHA-3 extension (Armv8.2-A
# optional, FEAT_SHA3: EOR3, RAX1, XAR, BCAX) under `.arch armv8.2-a+sha3`:
#   GNU as 2.30 -- binutils 2.30 (Jan 2018) added the Armv8.4-A crypto
#                  extensions (+sha3, +sm4) to the AArch64 assembler.
#   LLVM 7.0    -- the Armv8.4-A assembler support (D48625, mid 2018)
#                  brought the sha3 target feature.
# Apple's clang numbers its own releases: it is read as an LLVM version,
# which is right for every Xcode since 11 (2019); Xcode 10's clang calls
# itself 10.0 but predates LLVM 7 and would fail to assemble the SHA-3
# kernel (give it MLDSA_ASM="llvm 6.0" to get the stubs).  nasm and yasm
# never assemble aarch64.

use strict;
use warnings;

our %MINIMUM = ('gnu-as' => '2.26', llvm => '3.9', nasm => '2.12');
our %MINIMUM_AVX2 = ('gnu-as' => '2.22', llvm => '3.1', nasm => '2.10',
                    yasm => '1.2.0');
our %MINIMUM_ARMV8_SHA3 = ('gnu-as' => '2.30', llvm => '7.0');

# Numeric comparison of dotted versions: -1, 0, 1.
sub vcmp {
    my ($a, $b) = @_;
    my @a = split /\./, $a;
    my @b = split /\./, $b;
    while (@a || @b) {
        my ($x, $y) = (shift(@a) // 0, shift(@b) // 0);
        return $x <=> $y if $x != $y;
    }
    return 0;
}

sub on_path {
    my ($prog) = @_;
    for my $d (split /:/, $ENV{PATH} // '') {
        return 1 if -x "$d/$prog";
    }
    return 0;
}

sub run {
    my ($cmd) = @_;
    my $out = `$cmd 2>&1`;
    return defined $out ? $out : '';
}

sub result {
    my ($min, $kind, $version, $why) = @_;
    my $full = 0;
    $full = 1 if $min->{$kind} && $version ne ''
                 && vcmp($version, $min->{$kind}) >= 0;
    my $what = $kind eq 'unknown' ? "unknown ($why)" : "$kind $version";
    $what .= " (MLDSA_ASM)" if $why eq 'MLDSA_ASM';
    return { kind => $kind, version => $version, full => $full,
             what => $what };
}

sub from_text {
    my ($min, $text, $asked) = @_;
    return result($min, 'yasm', $1, '') if $text =~ /^yasm\s+(\d+(?:\.\d+)+)/m;
    return result($min, 'nasm', $1, '') if $text =~ /NASM version (\d+(?:\.\d+)+)/;
    return result($min, 'llvm', $1, '')
        if $text =~ /(?:clang|LLVM) version (\d+(?:\.\d+)+)/;
    return result($min, 'gnu-as', $1, '')
        if $text =~ /GNU assembler.*?\s(\d+\.\d+(?:\.\d+)*)/;
    return result($min, 'unknown', '', "no version from $asked");
}

# What a generated file says about itself: banner(PROBE, FULL, GENERATOR,
# TRANSLATOR, FLAVOUR, NAME, ISA) returns its header (three .comment
# lines: generator, flavour, assembler, full or stubs) and its info string
# ("NAME full, FLAVOUR, ASSEMBLER" or "NAME stubs (ASSEMBLER cannot encode
# ISA), FLAVOUR"), a C string kept free of characters the assemblers treat
# specially.
sub banner {
    my ($probe, $full, $generator, $xlate, $flavour, $name, $isa) = @_;
    (my $what = $probe->{what}) =~ tr/"#\\;/'''/;
    my $header = ".comment Generated by $generator through\n"
               . ".comment perlasm/$xlate; do not edit.\n"
               . ".comment flavour: $flavour; assembler: $what; kernel: "
               . ($full ? 'full' : 'stubs') . "\n";
    my $info = $full ? "$name full, $flavour, $what"
                     : "$name stubs ($what cannot encode $isa), $flavour";
    return ($header, $info);
}

sub probe {
    my ($flavour, $min) = @_;
    $min //= \%MINIMUM;
    if (defined $ENV{MLDSA_ASM} && $ENV{MLDSA_ASM} ne '') {
        return result($min, $1, $2, 'MLDSA_ASM')
            if $ENV{MLDSA_ASM} =~ /^\s*(gnu-as|llvm|nasm|yasm)\s+(\d+(?:\.\d+)*)\s*$/;
        return result($min, 'unknown', '', "MLDSA_ASM=\"$ENV{MLDSA_ASM}\" not understood");
    }
    if ($flavour eq 'nasm') {
        my $nasm = $ENV{NASM} || 'nasm';
        my $v = run("$nasm -v");
        # yasm has no -v; it answers --version with "yasm 1.3.0".
        $v = run("$nasm --version") if $v !~ /NASM version \d/;
        return from_text($min, $v, "$nasm -v");
    }
    if ($flavour eq 'mingw64') {
        my $as = on_path('x86_64-w64-mingw32-as') ? 'x86_64-w64-mingw32-as'
               : ($ENV{AS} || 'as');
        return from_text($min, run("$as --version"), "$as --version");
    }
    my $cc = $ENV{CC};
    if (defined $cc && $cc ne '') {
        my $v = run("$cc --version");
        return from_text($min, $v, "$cc --version")
            if $v =~ /(?:clang|LLVM) version \d/;
        return from_text($min,
            run("$cc -Wa,--version -c -x assembler -o /dev/null /dev/null"),
            "$cc -Wa,--version");
    }
    my $as = $ENV{AS} || 'as';
    return from_text($min, run("$as --version"), "$as --version");
}

1;
