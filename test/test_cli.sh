#!/usr/bin/env bash
# End-to-end test of the mldsa tool: keygen, pubkey, pkey (every format
# conversion, --text), sign and verify (valid, tampered, contexts, prehash,
# deterministic), stdin/stdout, a streamed large message, file modes, exit
# codes and error messages; outputs that cannot be lost (a full disk, a
# planted symbolic link, a kill or an I/O error mid-write, no-clobber and
# --force, same-file and double-stdin refusals), encrypted PKCS#8 and every
# password source, GNU option habits, write errors on stdout, and the man
# pages.  One line per case, then "N passed, N failed" (", N skipped" when a
# case cannot run here).
# Usage (from the repository root): bash test/test_cli.sh PATH_TO_mldsa
# With RUNNER set (a command prefix, e.g. 'qemu-s390x -L /usr/s390x-linux-gnu'),
# every case runs the tool through it.
set -u
M=${1:?usage: test_cli.sh PATH_TO_mldsa}
case $M in /*) ;; *) M=$PWD/$M ;; esac
# WIN: the tool is a Windows program (under Wine): the cases that need a
# POSIX tool (file modes, symbolic links, fifos, /dev/full, signals) skip.
WIN=
case "${RUNNER:-} $M" in *wine*|*.exe) WIN=1 ;; esac
R=
if [ -n "${RUNNER:-}" ]; then
    # A script that runs "$RUNNER $M", so every case (and strace, setsid, the
    # pty in Python) starts the tool as one program; under Wine each run has
    # 60 s, so that a hang fails its case instead of hanging the suite.
    R=$(mktemp -d)
    printf '#!/bin/sh\nexec %s%s "%s" "$@"\n' "${WIN:+timeout 60 }" "$RUNNER" "$M" >"$R/mldsa"
    chmod +x "$R/mldsa"
    M=$R/mldsa
fi
HERE=$(cd "$(dirname "$0")" && pwd)
VEC=${MLDSA_VECTORS:-test/vectors}
PEM=$VEC/pem
[ -d "$PEM" ] && PEM=$(cd "$PEM" && pwd) || PEM=
# An explicitly set MLDSA_VECTORS must exist: a typo would skip silently.
if [ -n "${MLDSA_VECTORS:-}" ] && [ ! -d "$MLDSA_VECTORS" ]; then
    echo "FAIL MLDSA_VECTORS=$MLDSA_VECTORS is not a folder"
    echo "0 passed, 1 failed"
    exit 1
fi
T=$(mktemp -d)
trap 'rm -rf "$T" ${R:+"$R"}' EXIT
cd "$T" || exit 2
. "$HERE/cases.sh"

# check NAME CONDITION...: the case passes when the command succeeds.
check() {
    local name=$1
    shift
    if "$@" >/dev/null 2>&1; then ok "$name"; else bad "$name"; fi
}
# rc NAME WANT CMD...: the case passes when CMD exits with WANT.
rc() {
    local name=$1 want=$2 got
    shift 2
    "$@" >"$T/out" 2>"$T/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok "$name"; else
        bad "$name" "exit $got, wanted $want: $(head -c 200 "$T/err")"; fi
}
# err NAME PATTERN CMD...: exit 2 with one line on stderr matching PATTERN.
err() {
    local name=$1 pat=$2 got lines
    shift 2
    "$@" >/dev/null 2>"$T/err"
    got=$?
    lines=$(wc -l <"$T/err")
    if [ "$got" -eq 2 ] && [ "$lines" -eq 1 ] && grep -q -- "$pat" "$T/err"; then
        ok "$name"
    else
        bad "$name" "exit $got, $lines lines: $(head -c 200 "$T/err")"
    fi
}
mode() { stat -c %a "$1"; }
# posix NAME CMD...: CMD (a case or a block of them) runs unless the tool
# is a Windows program, where it is one counted skip saying why.
posix() {
    local name=$1
    shift
    if [ -n "$WIN" ]; then skip "$name" "POSIX only (Windows tool)"; else "$@"; fi
}

SEED=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f

# --- help and usage -------------------------------------------------------
rc "help for the tool" 0 "$M" --help
for c in keygen pubkey pkey sign verify speed info selftest; do
    rc "help for $c" 0 "$M" "$c" --help
done
rc "info runs" 0 "$M" info
# selftest: every self-test passes and is named, with the backend
out=$("$M" selftest 2>&1)
got=$?
if [ "$got" -eq 0 ] && grep -q '^backend: ' <<<"$out" \
        && [ "$(grep -cE '^ok   (SHAKE128|SHAKE256|SHA-256|SHA-512|ML-DSA-(44|65|87) keygen, sign, verify) ' <<<"$out")" -eq 7 ] \
        && grep -q '^all 7 self-tests passed in ' <<<"$out"; then
    ok "selftest prints the 7 self-tests that passed"
else
    bad "selftest prints the 7 self-tests that passed" "exit $got: $(head -c 400 <<<"$out")"
fi
err "selftest takes no argument" "unexpected argument" "$M" selftest 44
err "no command is a usage error" "no command" "$M"
err "unknown command" "unknown command" "$M" frobnicate
err "unknown option names it" "'--bogus'" "$M" keygen -a 44 --bogus
err "keygen without -a" "parameter set" "$M" keygen
err "keygen with a bad set" "'99'" "$M" keygen -a 99
err "keygen --seed not hex" "--seed" "$M" keygen -a 44 --seed zz
err "keygen --seed too short" "needs 32" "$M" keygen -a 44 --seed 0001
err "option without its value" "needs a value" "$M" sign -k
err "sign without a key" "key is required" "$M" sign -i /dev/null
err "missing key file is named" "nope.pem: cannot open" "$M" sign -k nope.pem -i /dev/null
err "verify without a signature" "signature is required" "$M" verify -p x
err "context over 255 bytes" "--context" "$M" sign -k x --context "$(printf '%0256d' 0)"
err "unknown prehash" "unknown hash" "$M" sign -k x --prehash md5
err "raw both is refused" "not both" "$M" keygen -a 44 --format raw --key-format both -o rawboth

# --- keygen: file modes and formats ----------------------------------------
"$M" keygen -a 65 -o k65.pem --pubout p65.pem
modes() {
    check "private key file is mode 0600" test "$(mode k65.pem)" = 600
    check "public key file is not secret" test "$(mode p65.pem)" = 644
    echo old >reused.pem
    chmod 644 reused.pem
    "$M" keygen -a 44 -o reused.pem --force
    check "a replaced key file is mode 0600" test "$(mode reused.pem)" = 600
}
posix "key file modes 0600 and 0644" modes
# A private key written to something that is not a regular file (a pipe here;
# /dev/null in real use) leaves that file's mode alone.
keypipe() {
    mkfifo keypipe
    chmod 644 keypipe
    cat keypipe >piped.pem &
    "$M" keygen -a 44 -o keypipe
    wait
    check "writing a key into a pipe leaves its mode alone" test "$(mode keypipe)" = 644
    check "... and the key went through the pipe" grep -q "BEGIN PRIVATE KEY" piped.pem
}
posix "a key written into a fifo" keypipe
check "keygen writes PEM by default" grep -q "BEGIN PRIVATE KEY" k65.pem
"$M" keygen -a 44 --seed $SEED --format raw -o seed.raw --pubout pub.raw
check "raw seed is 32 bytes" test "$(stat -c %s seed.raw)" = 32
check "raw public key is 1312 bytes" test "$(stat -c %s pub.raw)" = 1312
check "raw seed is the seed" test "$(od -An -tx1 seed.raw | tr -d ' \n')" = $SEED
err "raw seed without -a" "needs its parameter set" "$M" pkey -i seed.raw
rc "raw seed with -a reads" 0 "$M" pkey -a 44 -i seed.raw -o fromraw.pem
"$M" keygen -a 44 --seed $SEED -o fromseed.pem
check "raw seed and PEM are the same key" cmp fromraw.pem fromseed.pem
"$M" keygen -a 44 --seed $SEED --format der -o k44.der --pubout p44.der
check "DER private key starts with SEQUENCE" test "$(head -c 1 k44.der | od -An -tx1 | tr -d ' ')" = 30
rc "DER reads back" 0 "$M" pkey -i k44.der -o k44back.pem
check "DER and PEM are the same key" cmp k44back.pem fromseed.pem

# --- the vector files: read, written byte for byte ------------------------
if [ -n "$PEM" ]; then
    for n in 44 65 87; do
        "$M" keygen -a $n --seed $SEED -o s.pem --pubout p.pem --force
        check "ML-DSA-$n keygen = seed-only.pem" cmp s.pem "$PEM/prv-$n-seed-only.pem"
        check "ML-DSA-$n keygen --pubout = pub.pem" cmp p.pem "$PEM/pub-$n.pem"
        "$M" keygen -a $n --seed $SEED --key-format expanded -o e.pem --force
        check "ML-DSA-$n keygen expanded = priv-only.pem" cmp e.pem "$PEM/prv-$n-priv-only.pem"
        "$M" keygen -a $n --seed $SEED --key-format both -o b.pem --force
        check "ML-DSA-$n keygen both = seed-priv.pem" cmp b.pem "$PEM/prv-$n-seed-priv.pem"
        for f in seed-only seed-priv bare-seed; do
            "$M" pkey -i "$PEM/prv-$n-$f.pem" -o c.pem --force
            check "ML-DSA-$n pkey $f -> seed-only" cmp c.pem "$PEM/prv-$n-seed-only.pem"
        done
        for f in priv-only bare-priv oqskeypair; do
            "$M" pkey -i "$PEM/prv-$n-$f.pem" -o c.pem --force
            check "ML-DSA-$n pkey $f -> priv-only" cmp c.pem "$PEM/prv-$n-priv-only.pem"
            "$M" pkey -i "$PEM/prv-$n-$f.pem" --text -o t.txt --force
            check "ML-DSA-$n pkey --text $f = priv.txt" cmp t.txt "$PEM/prv-$n-priv.txt"
        done
        "$M" pkey -i "$PEM/prv-$n-seed-only.pem" --text -o t.txt --force
        check "ML-DSA-$n pkey --text seed-only = seed.txt" cmp t.txt "$PEM/prv-$n-seed.txt"
        "$M" pkey -i "$PEM/pub-$n.pem" --text -o t.txt --force
        check "ML-DSA-$n pkey --text pub = pub.txt" cmp t.txt "$PEM/pub-$n.txt"
        "$M" pubkey -i "$PEM/prv-$n-oqskeypair.pem" -o p.pem
        check "ML-DSA-$n pubkey of a private key = pub.pem" cmp p.pem "$PEM/pub-$n.pem"
        "$M" pubkey -i "$PEM/pub-$n.pem" --format der -o p.der
        rc "ML-DSA-$n sig.dat verifies over the SPKI DER" 0 \
            "$M" verify -p "$PEM/pub-$n.pem" -s "$PEM/sig-$n.dat" -i p.der
    done
    # Every conversion pem/der/raw x seed/expanded/both and back.
    for inf in pem der raw; do
        for kf in seed expanded both; do
            [ $inf = raw ] && [ $kf = both ] && continue
            "$M" pkey -i "$PEM/prv-87-seed-priv.pem" --format $inf --key-format $kf -o conv.$inf --force
            "$M" pkey -a 87 -i conv.$inf --key-format both -o conv-back.pem --force 2>/dev/null ||
                "$M" pkey -a 87 -i conv.$inf --key-format expanded -o conv-back.pem --force
            if [ $kf = expanded ]; then want="$PEM/prv-87-priv-only.pem"; else
                want="$PEM/prv-87-seed-priv.pem"; fi
            check "pkey $inf/$kf converts and reads back" cmp conv-back.pem "$want"
            posix "pkey $inf/$kf private output is mode 0600" \
                check "pkey $inf/$kf private output is mode 0600" test "$(mode conv.$inf)" = 600
        done
    done
    err "expanded-only key cannot be written as seed" "no seed" \
        "$M" pkey -i "$PEM/prv-44-priv-only.pem" --key-format seed
    err "a public key is not a private key for sign" "not a private key" \
        "$M" sign -k "$PEM/pub-44.pem" -i /dev/null
else
    skip "vector cases" "$VEC/pem absent (set MLDSA_VECTORS)"
fi

# --- malformed inputs ---------------------------------------------------------
printf 'hello' >junk
err "junk is not a key" "not a key" "$M" pkey -i junk
sed '2s/^\(....\)./\1*/' fromseed.pem >badb64.pem
err "bad base64 is reported" "bad key" "$M" pkey -i badb64.pem
head -c 40 k44.der >trunc.der
err "truncated DER is reported" "bad key" "$M" pkey -i trunc.der

# --- sign and verify ------------------------------------------------------------
printf 'the message' >msg
printf 'the messagE' >msg2
"$M" keygen -a 65 -o k.pem --pubout p.pem
"$M" keygen -a 65 -o other.pem --pubout otherp.pem
"$M" sign -k k.pem -i msg -o sig
check "signature has the ML-DSA-65 length" test "$(stat -c %s sig)" = 3309
rc "valid signature verifies (exit 0)" 0 "$M" verify -p p.pem -s sig -i msg
check "verify says Verified OK" grep -q "Verified OK" "$T/out"
rc "private key also verifies" 0 "$M" verify -p k.pem -s sig -i msg
rc "tampered message is invalid (exit 1)" 1 "$M" verify -p p.pem -s sig -i msg2
# flip FILE OFFSET: XOR one byte of FILE with 0x01, in place.
flip() {
    local b
    b=$(od -An -tu1 -j "$2" -N 1 "$1" | tr -d ' ')
    printf "\\x$(printf %02x $((b ^ 1)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
cp sig sigx
flip sigx 100
check "flip changed the signature" test "$(cmp -s sig sigx; echo $?)" = 1
rc "tampered signature is invalid (exit 1)" 1 "$M" verify -p p.pem -s sigx -i msg
head -c 3000 sig >sigshort
rc "short signature is invalid (exit 1)" 1 "$M" verify -p p.pem -s sigshort -i msg
rc "other key is invalid (exit 1)" 1 "$M" verify -p otherp.pem -s sig -i msg
err "missing signature file is named" "nosig: cannot open" "$M" verify -p p.pem -s nosig -i msg
err "missing message file is named" "nomsg: cannot open" "$M" verify -p p.pem -s sig -i nomsg

"$M" sign -k k.pem -i msg --context "ctx one" -o sigc
rc "context signature verifies with its context" 0 "$M" verify -p p.pem -s sigc -i msg --context "ctx one"
rc "context signature fails without it" 1 "$M" verify -p p.pem -s sigc -i msg
rc "context signature fails with another" 1 "$M" verify -p p.pem -s sigc -i msg --context "ctx two"
rc "--context-hex is the same context" 0 "$M" verify -p p.pem -s sigc -i msg --context-hex 637478206f6e65

for h in sha256 sha512 sha3-256 shake128 shake256; do
    "$M" sign -k k.pem -i msg --prehash $h -o sigh
    rc "prehash $h verifies" 0 "$M" verify -p p.pem -s sigh -i msg --prehash $h
    rc "prehash $h fails as pure" 1 "$M" verify -p p.pem -s sigh -i msg
done
"$M" sign -k k.pem -i msg --prehash sha256 -o sigh
rc "prehash with another hash fails" 1 "$M" verify -p p.pem -s sigh -i msg --prehash sha384
rc "pure signature fails as prehash" 1 "$M" verify -p p.pem -s sig -i msg --prehash sha256

"$M" sign -k k.pem -i msg --deterministic -o d1
"$M" sign -k k.pem -i msg --deterministic -o d2
"$M" sign -k k.pem -i msg -o h1
"$M" sign -k k.pem -i msg -o h2
check "deterministic signatures are equal" cmp d1 d2
check "hedged signatures differ" test "$(cmp -s h1 h2; echo $?)" = 1
rc "deterministic signature verifies" 0 "$M" verify -p p.pem -s d1 -i msg
if [ -n "$PEM" ]; then
    # The vector key signs the SPKI DER deterministically; pure ML-DSA with
    # an empty context is the same over a file or over stdin.
    "$M" pubkey -i "$PEM/pub-44.pem" --format der -o v.der
    "$M" sign -k "$PEM/prv-44-seed-only.pem" -i v.der --deterministic -o vd1
    "$M" sign -k "$PEM/prv-44-priv-only.pem" --deterministic -o vd2 <v.der
    check "seed and expanded forms sign alike" cmp vd1 vd2
fi

# --- stdin and stdout -----------------------------------------------------------
"$M" keygen -a 44 --seed $SEED | "$M" pkey -i - --pubout >pipe.pem
"$M" keygen -a 44 --seed $SEED --pubout pub44.pem -o pipe-k.pem
check "keygen | pkey --pubout through pipes" cmp pipe.pem pub44.pem
"$M" sign -k k.pem --deterministic <msg >sig-stdio
check "sign reads stdin and writes stdout" cmp sig-stdio d1
rc "verify reads the message from stdin" 0 "$M" verify -p p.pem -s sig-stdio -i - <msg
"$M" pkey -i k.pem --format der | "$M" pubkey -i - >p-stdin.pem
check "pubkey reads a DER key from stdin" cmp p-stdin.pem p.pem

# Bytes, not text, on stdin and stdout (Windows: no CR LF translation, no
# ^Z end of file).  The seed has the bytes 0a, 0d and 1a; so do the DER key,
# the raw public key and the signature below.
"$M" keygen -a 44 --seed $SEED --format raw -o - >bin-seed.raw
check "a raw seed on stdout is the file's bytes" cmp bin-seed.raw seed.raw
"$M" keygen -a 44 --seed $SEED --format der -o - >bin-k.der
check "a DER key on stdout is the file's bytes" cmp bin-k.der k44.der
"$M" keygen -a 44 --seed $SEED -o - >bin-k.pem
check "a PEM key on stdout has LF line ends, as its file" cmp bin-k.pem fromseed.pem
"$M" pubkey -i seed.raw -a 44 --format raw -o - >bin-pub.raw
check "a raw public key on stdout is the file's bytes" cmp bin-pub.raw pub.raw
"$M" pubkey -i fromseed.pem -o - >bin-pub.pem
check "a PEM public key on stdout is the file's" cmp bin-pub.pem pub44.pem
if [ -n "$PEM" ]; then
    check "... and the vector's" cmp bin-pub.pem "$PEM/pub-44.pem"
    check "a PEM key on stdout is the vector's" cmp bin-k.pem "$PEM/prv-44-seed-only.pem"
fi
printf 'a\r\nb\nc\032d\r\n' >binmsg
"$M" sign -k fromseed.pem -i binmsg --deterministic -o binsig
"$M" sign -k fromseed.pem -i binmsg --deterministic -o - >binsig-out
check "a signature on stdout is the file's bytes" cmp binsig-out binsig
"$M" sign -k fromseed.pem --deterministic <binmsg >binsig-in
check "a message with CR LF and ^Z on stdin signs as the file" cmp binsig-in binsig
rc "... and verifies from stdin" 0 "$M" verify -p pub44.pem -s binsig -i - <binmsg
rc "a raw seed read from stdin" 0 "$M" pkey -a 44 -i - -o bin-fromraw.pem <seed.raw
check "... is the seed's key" cmp bin-fromraw.pem fromseed.pem
"$M" pkey -i - --format der <k44.der >bin-back.der
check "a DER key from stdin to stdout is unchanged" cmp bin-back.der k44.der
rc "a signature read from stdin verifies" 0 "$M" verify -p pub44.pem -s - -i binmsg <binsig

# --- a large message is streamed ------------------------------------------------
big=$((96 * 1024 * 1024))
head -c $big /dev/zero | "$M" sign -k k.pem -i - --deterministic -o bigsig
rc "96 MiB message signs from a pipe and verifies" 0 \
    bash -c "head -c $big /dev/zero | '$M' verify -p p.pem -s bigsig -i -"
rc "one byte more is invalid" 1 \
    bash -c "head -c $((big + 1)) /dev/zero | '$M' verify -p p.pem -s bigsig -i -"
if [ -n "$WIN" ]; then
    skip "signing 96 MiB uses under 48 MiB of memory" "POSIX only (Windows tool): Wine's own memory"
elif [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M -o rss bash -c "head -c $big /dev/zero | '$M' sign -k k.pem -i - -o /dev/null"
    # Far below the message size (sanitizer builds need ~20 MiB of their own).
    check "signing 96 MiB uses under 48 MiB of memory" test "$(tail -n 1 rss)" -lt 49152
fi

# --- outputs that cannot be lost ------------------------------------------------
# tmpfiles: the temporaries an interrupted write may leave (none, normally).
tmpfiles() { find "${1:-.}" -maxdepth 1 -name '*.tmp-*' | wc -l; }
"$M" keygen -a 44 --seed $SEED -o keep.pem --pubout keep.pub
cp keep.pem keep.orig
cp keep.pub keep.pub.orig
err "no-clobber: keygen over a private key" "exists; not overwriting" "$M" keygen -a 44 -o keep.pem
check "... leaves it as it was" cmp keep.pem keep.orig
err "no-clobber: pkey over a private key" "use --force" "$M" pkey -i k44.der -o keep.pem
err "no-clobber: pkey --text of a secret over a file" "use --force" "$M" pkey -i k44.der --text -o keep.pem
check "... still as it was" cmp keep.pem keep.orig
rc "--force replaces it" 0 "$M" keygen -a 65 -o keep.pem --force
check "... with a new key" test "$(cmp -s keep.pem keep.orig; echo $?)" = 1
posix "... of mode 0600" check "... of mode 0600" test "$(mode keep.pem)" = 600
rc "a public key may replace a file" 0 "$M" pubkey -i keep.pem -o keep.pub
rc "a signature may replace a file" 0 "$M" sign -k keep.pem -i msg -o keep.pub
cp keep.pub.orig keep.pub
check "no temporary left by any of these" test "$(tmpfiles)" = 0
cp keep.orig keep.pem

# A reader who had the old file open keeps reading the old file.
exec 3<keep.pem
"$M" keygen -a 44 -o keep.pem --force
check "a replaced file is a new inode: its reader sees the old key" cmp - keep.orig <&3
exec 3<&-
cp keep.orig keep.pem

# A planted symbolic link is replaced, never followed.
symlinks() {
    echo "precious" >target
    ln -s target planted.pem
    err "no-clobber: a symbolic link at the output" "exists" "$M" keygen -a 44 -o planted.pem
    rc "--force over a symbolic link" 0 "$M" keygen -a 44 -o planted.pem --force
    check "... leaves its target alone" test "$(cat target)" = precious
    check "... and its target's mode" test "$(mode target)" = 644
    check "... and puts a regular file in the link's place" test -f planted.pem -a ! -L planted.pem
    ln -sf target planted.pub
    rc "a public output over a symbolic link" 0 "$M" pubkey -i k44.der -o planted.pub
    check "... replaces the link, not the target" test "$(cat target)" = precious -a ! -L planted.pub
    ln -s missing-target dangling.pem
    err "no-clobber: a dangling symbolic link" "exists" "$M" keygen -a 44 -o dangling.pem
    check "... creates nothing through it" test ! -e missing-target
}
posix "planted symbolic links" symlinks

# keygen writes the pair both or neither.
err "keygen: an unwritable --pubout" "cannot create" "$M" keygen -a 44 -o pair.pem --pubout nodir/pair.pub
check "... writes no private key either" test ! -e pair.pem
check "... and leaves no temporary" test "$(tmpfiles)" = 0

# A full disk: a small tmpfs (needs root to mount).
mkdir full
if [ -n "$WIN" ]; then
    skip "full disk on a tmpfs" "POSIX only (Windows tool)"
elif mount -t tmpfs -o size=8k tmpfs full 2>/dev/null; then
    cp keep.orig full/old.pem
    err "full disk: keygen fails" "No space left" "$M" keygen -a 87 --key-format both -o full/old.pem --force
    check "... the old key is intact" cmp full/old.pem keep.orig
    check "... no temporary is left" test "$(tmpfiles full)" = 0
    err "full disk: a new pair fails" "No space left" \
        "$M" keygen -a 87 --key-format both -o full/new.pem --pubout full/new.pub
    check "... and leaves neither file" test ! -e full/new.pem -a ! -e full/new.pub
    umount full
else
    skip "full disk on a tmpfs" "mount -t tmpfs needs root"
fi

# A kill, or an I/O error, in the middle of the write.  (LeakSanitizer
# cannot run under strace: sanitizer builds leave it out here.)
asan_saved=${ASAN_OPTIONS-}
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
if [ -n "$WIN" ]; then
    skip "kill and I/O errors mid-write" "POSIX only (Windows tool): signals and syscalls of Wine"
elif command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
    # (through sh, so that no shell reports the kill on our stderr)
    M=$M sh -c 'strace -f -o /dev/null -e inject=fsync:signal=KILL "$M" keygen -a 44 -o keep.pem --force; exit 0' 2>/dev/null
    check "killed at fsync: the old key is intact" cmp keep.pem keep.orig
    rm -f ./*.tmp-*
    err "an I/O error on write is reported" "cannot write" \
        strace -f -o /dev/null -e inject=write:error=EIO:when=1 "$M" keygen -a 44 -o keep.pem --force
    check "... the old key is intact" cmp keep.pem keep.orig
    check "... no temporary is left" test "$(tmpfiles)" = 0
    err "an I/O error on fsync is reported" "cannot write" \
        strace -f -o /dev/null -e inject=fsync:error=EIO "$M" pubkey -i k44.der -o keep.pub
    check "... the old public key is intact" cmp keep.pub keep.pub.orig
    ASAN_OPTIONS=$asan_saved
else
    skip "kill and I/O errors mid-write" "strace cannot trace here"
fi

# --- the same file twice, stdin twice ---------------------------------------------
err "keygen -o X --pubout X" "both outputs are" "$M" keygen -a 44 -o same.pem --pubout same.pem
err "keygen -o X --pubout ./X" "both outputs are" "$M" keygen -a 44 -o same.pem --pubout ./same.pem
check "... writes nothing" test ! -e same.pem
err "sign -k K -o K" "is the input" "$M" sign -k keep.pem -i msg -o keep.pem
check "... leaves the key" cmp keep.pem keep.orig
err "sign -i M -o M" "is the input" "$M" sign -k keep.pem -i msg -o msg
ln keep.pem hardlink.pem
err "pkey -i K -o a hard link of K" "is the input" "$M" pkey -i keep.pem -o hardlink.pem --force
err "pubkey -i K -o K" "is the input" "$M" pubkey -i keep.pub -o keep.pub
err "sign -k - -i -" "only one input can be stdin" "$M" sign -k - -i -
err "sign -k - with the message on stdin too" "only one input" "$M" sign -k -
err "verify -p - -s -" "only one input" "$M" verify -p - -s - -i msg
err "verify -s - with the message on stdin too" "only one input" "$M" verify -p p.pem -s -
rc "cat key msg | sign -k - -i - signs nothing" 2 bash -c "cat keep.pem msg | '$M' sign -k - -i -"

# --- encrypted PKCS#8 ------------------------------------------------------------
if "$M" info | grep -q "encrypted keys: yes"; then
    "$M" keygen -a 44 --seed $SEED -o plain.pem
    rc "keygen --passout pass:" 0 "$M" keygen -a 44 --seed $SEED -o enc.pem --passout pass:s3cret
    check "... writes an ENCRYPTED PRIVATE KEY" grep -q "BEGIN ENCRYPTED PRIVATE KEY" enc.pem
    check "... of mode 0600" test "$(mode enc.pem)" = 600
    if command -v openssl >/dev/null 2>&1; then
        openssl asn1parse -in enc.pem >asn1 2>&1
        check "... PBES2 with PBKDF2, HMAC-SHA256 and AES-256-CBC" \
            bash -c "grep -q PBES2 asn1 && grep -q PBKDF2 asn1 && grep -q hmacWithSHA256 asn1 && grep -q aes-256-cbc asn1"
    fi
    rc "pkey --passin pass: reads it" 0 "$M" pkey -i enc.pem --passin pass:s3cret -o dec.pem
    check "... to the same key" cmp dec.pem plain.pem
    err "a wrong password" "wrong password or corrupt key" "$M" pkey -i enc.pem --passin pass:wrong
    printf 'S3cret\n' >pw.bad
    err "a password differing in case" "wrong password" "$M" pkey -i enc.pem --passin file:pw.bad
    err "no password and no terminal" "no terminal" setsid -w "$M" pkey -i enc.pem </dev/null
    rc "--passin env:" 0 env PW=s3cret "$M" pkey -i enc.pem --passin env:PW -o env.pem
    check "... same key" cmp env.pem plain.pem
    err "--passin env: unset" "not set" env -u NOPW "$M" pkey -i enc.pem --passin env:NOPW
    printf 's3cret\nsecond line\n' >pw.txt
    rc "--passin file: (first line)" 0 "$M" pkey -i enc.pem --passin file:pw.txt -o file.pem
    check "... same key" cmp file.pem plain.pem
    err "--passin file: missing" "cannot open" "$M" pkey -i enc.pem --passin file:nope
    rc "--passin fd:" 0 bash -c "'$M' pkey -i enc.pem --passin fd:5 -o fd.pem 5<pw.txt"
    check "... same key" cmp fd.pem plain.pem
    rc "--passin stdin" 0 bash -c "'$M' pkey -i enc.pem --passin stdin -o stdin.pem <pw.txt"
    check "... same key" cmp stdin.pem plain.pem
    err "--passin stdin with the key on stdin" "only one input" "$M" pkey -i - --passin stdin
    err "--passin fd:0 with the message on stdin" "only one input" "$M" sign -k enc.pem --passin fd:0
    err "--passin with an unknown source" "unknown password source" "$M" pkey -i enc.pem --passin s3cret
    err "--passin fd:x" "fd:NUMBER" "$M" pkey -i enc.pem --passin fd:x
    rc "sign with an encrypted key" 0 "$M" sign -k enc.pem --passin pass:s3cret -i msg --deterministic -o esig
    "$M" sign -k plain.pem -i msg --deterministic -o psig
    check "... signs as the plain key" cmp esig psig
    rc "pkey --passout re-encrypts (DER)" 0 "$M" pkey -i enc.pem --passin pass:s3cret --passout pass:new --format der -o enc.der
    rc "... and the DER reads with the new password" 0 "$M" pkey -i enc.der --passin pass:new -o der.pem
    check "... same key" cmp der.pem plain.pem
    err "... not with the old one" "wrong password" "$M" pkey -i enc.der --passin pass:s3cret
    err "raw keys cannot be encrypted" "cannot be encrypted" "$M" keygen -a 44 --format raw -o r.raw --passout pass:x
    rc "pubkey of an encrypted key" 0 "$M" pubkey -i enc.pem --passin pass:s3cret -o encpub.pem
    check "... is the key's" cmp encpub.pem pub44.pem
    # The last base64 line is ciphertext: a changed character there.
    last=$(($(wc -l <enc.pem) - 1))
    sed "${last}s/^\(....\)./\1A/" enc.pem >encbad.pem
    cmp -s encbad.pem enc.pem && sed -i "${last}s/^\(....\)./\1B/" encbad.pem
    err "a corrupt encrypted key" "wrong password or corrupt key" "$M" pkey -i encbad.pem --passin pass:s3cret
    if command -v python3 >/dev/null 2>&1 && python3 -c 'import pty' 2>/dev/null; then
        # The prompt on a terminal, without echo: a pty from Python.
        out=$(python3 - "$M" <<'PY' 2>&1
import os, pty, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1], "pkey", "-i", "enc.pem", "-o", "tty.pem",
                           "--passout", "prompt", "--format", "der"])
seen = b""
def more():
    global seen
    try:
        seen += os.read(fd, 1024)
    except OSError:
        return False
    return True
for answer in (b"s3cret\n", b"n3w\n", b"n3w\n"):
    while seen.count(b"password") < 1 and more():
        pass
    seen = seen.replace(b"password", b"PASSWORD", 1)
    os.write(fd, answer)
while more():
    pass
_, status = os.waitpid(pid, 0)
print("exit", os.waitstatus_to_exitcode(status), "echoed" if b"s3cret" in seen or b"n3w" in seen else "silent")
PY
)
        check "prompts on the terminal read the passwords without echo" test "$out" = "exit 0 silent"
        check "... the old one, and the new one twice" \
            bash -c "'$M' pkey -i tty.pem --passin pass:n3w | cmp - plain.pem"
    else
        skip "password prompt on a terminal" "python3 pty absent"
    fi
else
    skip "encrypted PKCS#8" "this mldsa was built without OpenSSL"
    err "without OpenSSL, --passout says so" "built without OpenSSL" "$M" keygen -a 44 -o x.pem --passout pass:x
fi

# --- key-file safety: streams, private keys never replaced, pairs -----------
# Outputs that are streams are written in place: /dev/stdout, /dev/fd/1 and
# /proc/self/fd/1 into a pipe, a redirected file and an appended one.  As
# root, in a private mount namespace whose /dev is a tmpfs of our own with
# the usual links (as in a container): a tool that replaced /dev/stdout
# there (the bug of issue 17) cannot harm the machine's.  Each case prints
# "ok NAME" or "FAIL NAME".
stream_cases() {
    say() { if "$@" >/dev/null 2>&1; then echo "ok $name"; else echo "FAIL $name"; fi; }
    local o name
    for o in /dev/stdout /dev/fd/1 /proc/self/fd/1 /proc/thread-self/fd/1; do
        "$M" sign -k keep.pem -i msg --deterministic -o $o | cat >piped.sig
        name="sign -o $o into a pipe" say cmp piped.sig ref.sig
        "$M" sign -k keep.pem -i msg --deterministic -o $o >redir.sig
        name="sign -o $o into a redirected file" say cmp redir.sig ref.sig
        printf 'head' >app.sig
        "$M" sign -k keep.pem -i msg --deterministic -o $o >>app.sig
        name="sign -o $o appends where stdout appends" \
            say cmp app.sig <(printf 'head'; cat ref.sig)
    done
    "$M" sign -k keep.pem -i msg -o /dev/stdout | wc -c >count
    name="sign -o /dev/stdout | wc -c counts the signature" say test "$(cat count)" = 2420
    "$M" keygen -a 44 --seed $SEED -o /dev/stdout --pubout /dev/fd/3 3>fd3.pub >fd1.pem
    name="keygen -o /dev/stdout --pubout /dev/fd/3" \
        say bash -c "cmp fd1.pem fromseed.pem && cmp fd3.pub pub44.pem"
    "$M" keygen -a 44 -o - --pubout /dev/stdout >/dev/null 2>err2
    name="keygen -o - --pubout /dev/stdout: both outputs are stdout" say grep -q "both outputs are" err2
    name="... /dev/stdout is still a link" say test -L /dev/stdout
}
streams() {
    local line
    if [ "$(id -u)" = 0 ]; then
        if ! unshare -m true 2>/dev/null; then
            skip "outputs that are streams (/dev/stdout)" \
                "as root these run in a private mount namespace: unshare -m is not permitted here"
            return
        fi
        set -- unshare -m bash -c 'mount -t tmpfs tmpfs /dev &&
            ln -s /proc/self/fd /dev/fd && ln -s /proc/self/fd/0 /dev/stdin &&
            ln -s /proc/self/fd/1 /dev/stdout && ln -s /proc/self/fd/2 /dev/stderr &&
            mknod -m 666 /dev/null c 1 3 && '"$(declare -f stream_cases)"'; stream_cases'
    elif [ -w /dev ]; then
        skip "outputs that are streams (/dev/stdout)" "/dev is writable and not ours"
        return
    else
        set -- bash -c "$(declare -f stream_cases); stream_cases"
    fi
    while read -r line; do
        case $line in
            "ok "*) ok "${line#ok }" ;;
            *) bad "${line#FAIL }" ;;
        esac
    done < <(M=$M SEED=$SEED "$@" 2>&1)
    ln -s /dev/null tonull
    rc "an output linked to /dev/null is written into it" 0 "$M" pubkey -i keep.pem -o tonull
    check "... and the link stays" test -L tonull -a "$(readlink tonull)" = /dev/null
    err "a folder is not an output" "is a folder" "$M" pubkey -i keep.pem -o .
}
"$M" sign -k keep.pem -i msg --deterministic -o ref.sig
posix "outputs that are streams" streams

# No output replaces a file that may hold a private key, unless --force.
"$M" keygen -a 44 --seed $SEED --format raw -o priv.seed
"$M" keygen -a 44 --seed $SEED --format raw --key-format expanded -o priv.sk
"$M" keygen -a 44 --seed $SEED --format der -o priv.der
cp k44.der priv8.der
printf 'notes, not a key\n' >unknown.txt
"$M" pkey -i keep.pem --text -o priv.txt --force
printf -- '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' >bundle.pem
cat keep.pem >>bundle.pem
privates="keep.pem priv.seed priv.sk priv.der priv.txt unknown.txt bundle.pem"
if "$M" info | grep -q "encrypted keys: yes"; then
    "$M" keygen -a 44 -o privenc.pem --passout pass:x
    "$M" keygen -a 44 --format der -o privenc.der --passout pass:x
    privates="$privates privenc.pem privenc.der"
fi
# every form of private key, against one public output...
for f in $privates; do
    cp "$f" victim
    err "pubkey -o over a private key ($f)" "may hold a private key" \
        "$M" pubkey -i keep.pem -o victim
    check "... $f is still there" cmp victim "$f"
done
# ...and every public output against one private key
cp keep.pem victim
err "keygen --pubout over a private key" "may hold a private key" \
    "$M" keygen -a 44 -o newk.pem --pubout victim
check "... writes no private key either" test ! -e newk.pem
err "sign -o over a private key" "may hold a private key" "$M" sign -k keep.pem -i msg -o victim
err "pkey --pubout -o over a private key" "may hold a private key" \
    "$M" pkey -i keep.pem --pubout -o victim
err "pkey --text of a public key over a private key" "may hold a private key" \
    "$M" pkey -i p.pem --text -o victim
check "... the key is still there" cmp victim keep.pem
rc "sign --force replaces a private key" 0 "$M" sign -k keep.pem -i msg -o victim --force
rc "pubkey --force replaces a private key" 0 "$M" pubkey -i keep.pem -o victim --force
cp keep.pem victim
rc "keygen --pubout --force replaces a private key" 0 \
    "$M" keygen -a 44 -o newk.pem --pubout victim --force
check "... with the public key" grep -q "BEGIN PUBLIC KEY" victim
"$M" pubkey -i keep.pem --format der -o pub.der
"$M" pkey -i keep.pem --pubout --text -o pub.txt
: >empty
for f in p.pem pub.der pub.raw ref.sig pub.txt empty; do
    cp "$f" public
    rc "a public output replaces a public file ($f)" 0 "$M" pubkey -i keep.pem -o public
done
rm -f newk.pem

# keygen's pair, both or neither, when the private key goes to a stream.
cp keep.pub.orig pair.pub
posix "keygen -o /dev/full --pubout FILE fails" \
    err "keygen -o /dev/full --pubout FILE fails" "No space left" \
    "$M" keygen -a 44 -o /dev/full --pubout pair.pub --force
posix "... leaves the old public key" check "... leaves the old public key" cmp pair.pub keep.pub.orig
posix "... and no new one" \
    check "... and no new one" test ! -e new.pub -a "$(tmpfiles)" = 0 -a \
    "$(bash -c "'$M' keygen -a 44 -o /dev/full --pubout new.pub 2>/dev/null; ls new.pub 2>/dev/null")" = ""
if [ -z "$WIN" ] && command -v python3 >/dev/null 2>&1; then
    # a pipe whose reader has gone: our write fails (EPIPE), and the public
    # key is not put in place
    out=$(python3 -c '
import os, subprocess, sys
r, w = os.pipe()
os.close(r)
p = subprocess.run([sys.argv[1], "keygen", "-a", "44", "--pubout", "gone.pub"],
                   stdout=w, stderr=subprocess.PIPE)
print(p.returncode, p.stderr.decode().strip())' "$M")
    check "keygen into a closed pipe fails with a message" test "$out" = "2 mldsa: stdout: cannot write: Broken pipe"
    check "... and puts no public key in place" test ! -e gone.pub -a "$(tmpfiles)" = 0
fi

# --force and a failure or a kill between the two renames: the old pair, the
# new pair, or a journal the next keygen repairs.  keygen --force renames
# the private key (rename 1), the public key (2), then the journal (3).
pairfaults() {
    "$M" keygen -a 65 -o pk.pem --pubout pk.pub
    cp pk.pem pk.pem.orig
    cp pk.pub pk.pub.orig
    old_pair() { cmp pk.pem pk.pem.orig && cmp pk.pub pk.pub.orig; }
    left() { find . -maxdepth 1 -name 'pk.p*' ! -name '*.orig' | sort | tr '\n' ' '; }
    for w in 1 2 3; do
        err "keygen --force: rename $w fails" "Input/output error" \
            strace -f -o /dev/null -e inject=rename,renameat,renameat2:error=EIO:when=$w \
            "$M" keygen -a 65 -o pk.pem --pubout pk.pub --force
        check "... both old files are back" old_pair
        check "... and nothing else is left" test "$(left)" = "./pk.pem ./pk.pub "
    done
    err "keygen --force: a link for a backup fails" "cannot link" \
        strace -f -o /dev/null -e inject=link,linkat:error=EIO:when=2 \
        "$M" keygen -a 65 -o pk.pem --pubout pk.pub --force
    check "... both old files are back" old_pair
    # killed between the renames: a new private key beside the old public key
    sh -c "strace -f -o /dev/null -e inject=rename,renameat,renameat2:signal=KILL:when=2 '$M' keygen -a 65 -o pk.pem --pubout pk.pub --force" 2>/dev/null
    check "killed between the renames: the journal names what is left" test -e pk.pem.keygen-journal
    rc "... the next keygen repairs it" 0 "$M" keygen -a 44 -o other.pem --force
    check "... (another key's keygen does not touch it)" test -e pk.pem.keygen-journal
    rc "... the next keygen of the key says it undid it" 0 \
        "$M" keygen -a 65 -o pk.pem --pubout pk.pub --force
    check "... in one line" grep -q "interrupted keygen was undone: the old files are back" "$T/err"
    check "... and makes a new pair that matches" \
        bash -c "'$M' pubkey -i pk.pem | cmp - pk.pub"
    check "... and leaves no journal, backup or temporary" test "$(left)" = "./pk.pem ./pk.pub "
    cp pk.pem.orig pk.pem
    cp pk.pub.orig pk.pub
    sh -c "strace -f -o /dev/null -e inject=rename,renameat,renameat2:signal=KILL:when=2 '$M' keygen -a 65 -o pk.pem --pubout pk.pub --force" 2>/dev/null
    rc "killed between the renames, then pkey -i KEY" 0 "$M" pkey -i pk.pem -o /dev/null
    "$M" keygen -a 44 -o pk.pem --pubout pk.pub 2>"$T/err"
    check "... a keygen without --force repairs it, then refuses to replace it" \
        bash -c "grep -q 'the old files are back' '$T/err' && grep -q 'use --force' '$T/err'"
    check "... the old pair is back" old_pair
    # killed after the pair was complete (at the first backup's removal)
    sh -c "strace -f -o /dev/null -e inject=unlink,unlinkat:signal=KILL:when=2 '$M' keygen -a 65 -o pk.pem --pubout pk.pub --force" 2>/dev/null
    check "killed after the new pair was complete: a done marker" test -e pk.pem.keygen-done
    rc "... the next keygen completes it (then refuses to replace it)" 2 \
        "$M" keygen -a 44 -o pk.pem
    check "... says the new pair is kept" grep -q "new key pair is kept" "$T/err"
    check "... which matches" bash -c "'$M' pubkey -i pk.pem | cmp - pk.pub"
    check "... and is new" test "$(cmp -s pk.pub pk.pub.orig; echo $?)" = 1
    check "... and nothing else is left" test "$(left)" = "./pk.pem ./pk.pub "
    # a new pair (no --force): killed between the two placings
    rm -f np.pem np.pub
    sh -c "strace -f -o /dev/null -e inject=rename,renameat,renameat2:signal=KILL:when=1 '$M' keygen -a 44 -o np.pem --pubout np.pub" 2>/dev/null
    check "a new pair killed between its placings: a private key, no public key" \
        test -e np.pem -a ! -e np.pub
    rc "... the next keygen removes it and makes the pair" 0 "$M" keygen -a 44 -o np.pem --pubout np.pub
    check "... which matches" bash -c "'$M' pubkey -i np.pem | cmp - np.pub"
}
if [ -n "$WIN" ]; then
    skip "keygen pair faults" "POSIX only (Windows tool): strace"
elif command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
    export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
    pairfaults
    ASAN_OPTIONS=$asan_saved
else
    skip "keygen pair faults" "strace cannot trace here"
fi

# Names near the limit: the temporary and the journal fit (255 bytes).
long=$(printf 'k%.0s' $(seq 250))
rc "keygen -o a 250-byte name --pubout a 255-byte name" 0 \
    "$M" keygen -a 44 -o "$long" --pubout "${long}p.pub"
check "... both written" test -s "$long" -a -s "${long}p.pub"
rc "... and replaced" 0 "$M" keygen -a 44 -o "$long" --pubout "${long}p.pub" --force
check "... and nothing else is left" test "$(find . -maxdepth 1 -name "${long:0:200}*" | wc -l)" = 2
rm -f "$long" "${long}p.pub"

# A replaced public file keeps its mode, owner and group.
ownership() {
    "$M" pubkey -i keep.pem -o own.pub
    chmod 640 own.pub
    rc "pubkey over a public file of mode 0640" 0 "$M" pubkey -i k44.der -o own.pub
    check "... keeps the mode" test "$(mode own.pub)" = 640
    if [ "$(id -u)" = 0 ] && chown 1:1 own.pub 2>/dev/null; then
        "$M" pubkey -i keep.pem -o own.pub
        check "... and the owner and group" test "$(stat -c %u:%g own.pub)" = 1:1
        cp keep.pem ownk.pem
        chown 1:1 ownk.pem
        "$M" keygen -a 44 -o ownk.pem --force
        check "a private key replaced with --force keeps owner and group, mode 0600" \
            test "$(stat -c %u:%g:%a ownk.pem)" = 1:1:600
    else
        skip "owner and group of a replaced file" "needs root"
    fi
}
posix "a replaced file's mode and owner" ownership

# Two outputs are never both stdout (-o - --pubout /dev/stdout: above).
err "keygen -o - --pubout -" "both outputs are stdout" "$M" keygen -a 44 -o - --pubout -

# Inputs by identity: /dev/stdin is stdin.
posix "sign -k /dev/stdin -i -" \
    err "sign -k /dev/stdin -i -" "same stream" \
    bash -c "cat keep.pem | '$M' sign -k /dev/stdin -i -"
posix "sign -k /dev/fd/0 with the message on stdin" \
    err "sign -k /dev/fd/0 with the message on stdin" "same stream" \
    bash -c "cat keep.pem | '$M' sign -k /dev/fd/0"
rc "a regular file may be two inputs" 0 "$M" verify -p keep.pem -s ref.sig -i msg
rc "a bundle with a certificate before the key reads (as OpenSSL)" 0 \
    "$M" pkey -i bundle.pem -o bundle-key.pem
check "... as the key" cmp bundle-key.pem keep.pem

# --text prints hex by arithmetic: every nibble, as od prints the raw key.
"$M" pkey -i keep.pem --text -o keep.txt --force
"$M" pkey -i keep.pem --format raw --key-format expanded -o keep.sk --force
check "--text hex is the raw expanded key's" test \
    "$(sed -n '/^priv:/,/^pub:/p' keep.txt | sed '1d;$d' | tr -d ' :\n')" = \
    "$(od -An -v -tx1 keep.sk | tr -d ' \n')"

# keygen's seed without argv: --seed-in.
printf '%s\n' $SEED >seed.hex
# (a Windows program gets no file descriptor 5 from Wine)
for src in file:seed.hex env:SEEDV stdin $([ -z "$WIN" ] && echo fd:5); do
    rm -f seedin.pem
    SEEDV=$SEED "$M" keygen -a 44 --seed-in $src -o seedin.pem <seed.hex 5<seed.hex
    check "keygen --seed-in $src is --seed's key" cmp seedin.pem fromseed.pem
done
err "--seed and --seed-in" "one seed only" "$M" keygen -a 44 --seed $SEED --seed-in file:seed.hex
printf 'zz\n' >seed.bad
err "--seed-in that is not hex" "not hex" "$M" keygen -a 44 --seed-in file:seed.bad
err "--seed-in stdin with --passout stdin" "only one input" \
    "$M" keygen -a 44 --seed-in stdin --passout stdin

# --- passwords: one limit, no empty new one, read a byte at a time ---------
if "$M" info | grep -q "encrypted keys: yes"; then
    emsg="an empty password cannot encrypt a key"
    : >pw.empty
    printf '\n' >pw.nl
    err "an empty --passout pass:" "$emsg" "$M" keygen -a 44 -o noenc.pem --passout pass:
    err "an empty --passout env:" "$emsg" env PW= "$M" keygen -a 44 -o noenc.pem --passout env:PW
    err "a newline-only --passout file:" "$emsg" "$M" keygen -a 44 -o noenc.pem --passout file:pw.nl
    err "a 0-byte --passout file:" "$emsg" "$M" keygen -a 44 -o noenc.pem --passout file:pw.empty
    err "an empty --passout stdin" "$emsg" "$M" keygen -a 44 -o noenc.pem --passout stdin <pw.nl
    err "an empty --passout fd:" "$emsg" bash -c "'$M' keygen -a 44 -o noenc.pem --passout fd:5 5<pw.nl"
    err "pkey --passout pass:" "$emsg" "$M" pkey -i keep.pem -o noenc.pem --passout pass:
    check "... and no key is written" test ! -e noenc.pem
    head -c 1023 /dev/zero | tr '\0' p >pw.1023
    head -c 1024 /dev/zero | tr '\0' p >pw.1024
    lmsg="password longer than 1023 bytes"
    rc "a 1023-byte password encrypts" 0 "$M" keygen -a 44 --seed $SEED -o e1023.pem --passout file:pw.1023
    rc "... and decrypts" 0 "$M" pkey -i e1023.pem --passin stdin -o e1023d.pem <pw.1023
    check "... to the key" cmp e1023d.pem fromseed.pem
    for src in "file:pw.1024" "stdin" "fd:5" "pass:$(cat pw.1024)" "env:PWL"; do
        err "a 1024-byte password from ${src%%:*}: refused" "$lmsg" \
            env PWL="$(cat pw.1024)" "$M" pkey -i e1023.pem --passin "$src" <pw.1024 5<pw.1024
    done
    err "a 1024-byte new password: refused" "$lmsg" "$M" keygen -a 44 -o noenc.pem --passout file:pw.1024
    # A stream that two passwords share: each takes its line, no more.
    printf 'p%.0s' $(seq 1023) >pw.two
    printf '\nnewpw\nrest\n' >>pw.two
    rc "--passin fd:5 --passout fd:5: a line each" 0 \
        bash -c "'$M' pkey -i e1023.pem --passin fd:5 --passout fd:5 -o etwo.pem 5<pw.two"
    rc "... the second line is the new password" 0 "$M" pkey -i etwo.pem --passin pass:newpw -o /dev/null
    check "... and what follows stays in the stream" \
        test "$(bash -c "'$M' pkey -i e1023.pem --passin fd:5 --passout fd:5 -o etwo.pem --force; cat <&5" 5<pw.two)" = rest
    posix "--passin file:/dev/stdin with the message on stdin" \
        err "--passin file:/dev/stdin with the message on stdin" "same stream" \
        bash -c "(echo s3cret; cat msg) | '$M' sign -k e1023.pem --passin file:/dev/stdin -i -"
    # Someone else's key under an empty password still reads, and so does
    # scrypt at OpenSSL's default; edited costs are refused before any work.
    if command -v python3 >/dev/null 2>&1 && python3 -c 'import cryptography' 2>/dev/null; then
        python3 "$HERE/mkpkcs8.py" k44.der emptypw.der "" pbkdf2 2048
        rc "a key encrypted under an empty password reads" 0 "$M" pkey -i emptypw.der --passin pass: -o ep.pem
        check "... as the key" cmp ep.pem fromseed.pem
        python3 "$HERE/mkpkcs8.py" k44.der scrypt14.der pw scrypt 16384 8 1
        rc "scrypt N=2^14 r=8 p=1 reads" 0 "$M" pkey -i scrypt14.der --passin pass:pw -o sc.pem
        check "... as the key" cmp sc.pem fromseed.pem
        python3 "$HERE/mkpkcs8.py" k44.der iter31.der pw pbkdf2 2147483647 --fake
        err "PBKDF2 with 2^31 - 1 iterations is refused" "reads at most 10000000" \
            timeout 20 "$M" pkey -i iter31.der --passin pass:pw
        python3 "$HERE/mkpkcs8.py" k44.der iter7.der pw pbkdf2 10000001 --fake
        err "PBKDF2 with 10^7 + 1 iterations is refused" "reads at most 10000000" \
            "$M" pkey -i iter7.der --passin pass:pw
        python3 "$HERE/mkpkcs8.py" k44.der scrypt15.der pw scrypt 32768 8 1 --fake
        err "scrypt N=2^15 r=8 (over 32 MiB) is refused" "32 MiB" \
            "$M" pkey -i scrypt15.der --passin pass:pw
        python3 "$HERE/mkpkcs8.py" k44.der scryptp.der pw scrypt 1024 8 65536 --fake
        err "scrypt N r p over 2^26 is refused" "2^26" "$M" pkey -i scryptp.der --passin pass:pw
        python3 - <<'PY'
from cryptography.hazmat.primitives.asymmetric import ed25519
from cryptography.hazmat.primitives import serialization as s
k = ed25519.Ed25519PrivateKey.generate()
open("ed-enc.pem", "wb").write(k.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8,
                                               s.BestAvailableEncryption(b"edpw")))
PY
        err "an encrypted Ed25519 key with its password: decrypted, not ML-DSA" \
            "decrypted, but not a key this tool reads: algorithm OID" \
            "$M" pkey -i ed-enc.pem --passin pass:edpw
        err "... with another password: wrong password" "wrong password" \
            "$M" pkey -i ed-enc.pem --passin pass:other
    else
        skip "keys encrypted by others" "python3 cryptography absent"
    fi
    if [ -z "$WIN" ] && command -v python3 >/dev/null 2>&1 && python3 -c 'import pty' 2>/dev/null; then
        tty() { python3 "$HERE/ttyrun.py" "$@"; }
        check "Enter twice at the prompt: an empty password is refused" \
            bash -c "out=\$(python3 '$HERE/ttyrun.py' '\\n' '\\n' -- '$M' keygen -a 44 -o e.pem --passout prompt);
                     echo \"\$out\" | grep -q 'exit 2 echo on' && echo \"\$out\" | grep -q '$emsg'"
        out=$(tty "$(cat pw.1024)\\n" -- "$M" pkey -i e1023.pem)
        check "a 1024-byte password at the prompt: refused" \
            bash -c "echo '$out' | grep -q 'exit 2 echo on' && echo '$out' | grep -q '$lmsg'"
        out=$(tty '\x03' -- "$M" pkey -i e1023.pem)
        check "Ctrl-C at the prompt gives the echo back" test "${out%%$'\n'*}" = "exit signal 2 echo on"
        if [ -n "${RUNNER:-}" ]; then
            skip "secrets left on the stack" "under RUNNER gdb would search the emulator's memory"
        elif grep -qa -e __asan_init -e __msan_init "$M"; then
            # (gdb finds none when the command has ended, and pieces of the
            # password again at exit(): not from the tool's frames)
            skip "secrets left on the stack" "a sanitizer build: pieces reappear between the command's end and exit()"
        elif command -v gdb >/dev/null 2>&1 && gdb -q -batch -ex 'python print(1)' >/dev/null 2>&1; then
            # The process's stack and heap as it exits, searched for any
            # 16-byte piece of the first of two prompted passwords that
            # differ (40 pieces: the old code left some of them), of a
            # password over the limit (64 pieces), and of a wrong one: they
            # are wiped.
            hexof() { printf %s "$1" | od -An -v -tx1 | tr -d ' \n'; }
            pieces() {
                local i c
                spw= shex=
                for i in $(seq "$1"); do
                    c=$(printf 'Zq9Pw%03dpiece...' "$i")
                    spw=$spw$c
                    shex=$shex$(hexof "$c"),
                done
            }
            pieces 40
            out=$(SCAN_HEX=$shex tty "$spw\\n" 'Zq9Second\n' -- \
                gdb -q -batch -x "$HERE/stack_scan.gdb" --args "$M" keygen -a 44 -o e.pem --passout prompt)
            check "two prompted passwords differ: the first is not left on the stack" \
                bash -c "echo '$out' | grep -q 'do not match' && echo '$out' | grep -q 'scan stack clean'"
            check "... nor on the heap" bash -c "echo '$out' | grep -q 'scan heap clean'"
            pieces 64
            out=$(SCAN_HEX=$shex tty "$spw\\n" -- \
                gdb -q -batch -x "$HERE/stack_scan.gdb" --args "$M" pkey -i e1023.pem)
            check "a refused password at the load prompt is not left on the stack" \
                bash -c "echo '$out' | grep -q '$lmsg' && echo '$out' | grep -q 'scan stack clean'"
            # a wrong password of 63 pieces (past HMAC's block: libcrypto's
            # SHA-256 hashes it and leaves blocks of it on the stack)
            pieces 63
            out=$(SCAN_HEX=$shex tty "$spw\\n" -- \
                gdb -q -batch -x "$HERE/stack_scan.gdb" --args "$M" pkey -i e1023.pem)
            check "a wrong long password is not left on the stack by libcrypto" \
                bash -c "echo '$out' | grep -q 'wrong password' && echo '$out' | grep -q 'scan stack clean'"
        else
            skip "secrets left on the stack" "gdb (with Python) absent"
        fi
    else
        skip "password prompts on a terminal" "python3 pty absent or a Windows tool"
    fi
fi

# --- messages that say what is wrong --------------------------------------------------
printf -- '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' >cert.pem
err "a certificate is named" "CERTIFICATE is not a PUBLIC KEY or PRIVATE KEY" "$M" pkey -i cert.pem
rc "a signature of the wrong length is invalid" 1 "$M" verify -p p.pem -s sigshort -i msg
check "... and says the lengths" grep -q "sigshort: 3000 bytes; an ML-DSA-65 signature has 3309" "$T/err"

# --- GNU option habits ----------------------------------------------------------------
rc "--opt=value" 0 "$M" keygen -a 44 --seed=$SEED --format=der -o gnu.der
check "... is --opt value" cmp gnu.der k44.der
rc "-- ends the options: a message named -x" 0 bash -c "printf m >./-x && '$M' sign -k keep.pem --deterministic -o dd.sig -- -x"
rc "... and it is the message" 0 "$M" verify -p keep.pem -s dd.sig -i ./-x
rc "the message as an operand" 0 "$M" verify -p keep.pem -s dd.sig -- -x
err "an operand and -i both" "given twice" "$M" verify -p keep.pem -s dd.sig -i msg msg
err "two operands" "unexpected argument" "$M" pkey keep.pem keep.pem
err "--context and --context-hex exclude each other" "one context only" \
    "$M" sign -k keep.pem -i msg --context a --context-hex 61
err "--force=yes is not a value option" "unknown option '--force=yes'" "$M" keygen -a 44 --force=yes
if [ -n "$WIN" ]; then
    skip "write errors on stdout" "POSIX only (Windows tool): /dev/full"
elif [ -w /dev/full ]; then
    for c in "info" "--help" "keygen --help" "verify -p p.pem -s sig -i msg" "speed 44" \
             "keygen -a 44" "pubkey -i p.pem" "sign -k k.pem -i msg"; do
        # shellcheck disable=SC2086
        "$M" $c >/dev/full 2>"$T/err"
        got=$?
        if [ "$got" -eq 2 ] && grep -q "stdout: cannot write" "$T/err"; then
            ok "write error on stdout: mldsa $c"
        else
            bad "write error on stdout: mldsa $c" "exit $got: $(head -c 200 "$T/err")"
        fi
    done
fi

# --- man pages ------------------------------------------------------------------------
if command -v groff >/dev/null 2>&1; then
    for page in "$HERE"/../doc/*.[1-9]; do
        w=$(groff -man -ww -z "$page" 2>&1)
        check "man page $(basename "$page") renders without warnings" test -z "$w"
    done
else
    skip "man pages" "groff absent"
fi
# What the documents say (issue 17): the backend by its name everywhere,
# no pointer from an installed page to the README that is not installed.
ROOT=$HERE/..
check "both man pages name MLDSA_BACKEND" \
    bash -c "grep -q MLDSA_BACKEND '$ROOT/doc/mldsa.1' && grep -q MLDSA_BACKEND '$ROOT/doc/libmldsa.3'"
check "mldsa(1) and --help say backend, not sample ops" \
    bash -c "! grep -qi 'sample ops' '$ROOT/doc/mldsa.1' && ! '$M' --help | grep -qi 'sample ops' &&
             ! '$M' speed --help | grep -qi 'sample ops'"
check "the man pages do not point to the README" \
    bash -c "! grep -qi readme '$ROOT/doc/mldsa.1' '$ROOT/doc/libmldsa.3'"
check "libmldsa(3)'s synopsis shows pkg-config" grep -q 'pkg\\-config' "$ROOT/doc/libmldsa.3"
check "the documents name make test-cpu" grep -q '`make test-cpu`' "$ROOT/doc/testing.md"
check "the README no longer says keys cannot be lost or leaked" \
    bash -c "! grep -q 'cannot be lost or leaked' '$ROOT/README.md'"
check "speed's header heads seconds per sign 'sign'" \
    grep -q '"                 keygen      sign    verify keygens/s' "$ROOT/apps/speed.c"
# The speed tier table's backends (issue 30): each tier's run (a copy of
# the tool under the tier's MLDSA_IA32CAP) names the backend mldsa info
# says is in use under that mask.
for mask in '~0x67' '~0x40' '~0x0'; do
    check "speed's tier run under MLDSA_IA32CAP=$mask names mldsa info's backend" \
        bash -c "c=\$(env -u MLDSA_BACKEND MLDSA_IA32CAP='$mask' '$M' speed --backend-choice | tr -d '\r') &&
                 i=\$(env -u MLDSA_BACKEND MLDSA_IA32CAP='$mask' '$M' info | tr -d '\r' | sed -n 's/^backend: *//p') &&
                 [ -n \"\$c\" ] && [ \"\$c\" = \"\$i\" ]"
done
check "mldsa(1) says --seed is in the process list, as pass: is" \
    bash -c "grep -A6 'seed \" hex' '$ROOT/doc/mldsa.1' | grep -q 'process list'"
if [ -n "$PEM" ]; then
    bash "$ROOT/test/fuzz/seed.sh" "$(dirname "$PEM")" seeds
    check "the fuzz seeds (make fuzz and run.sh): the key decoder's" \
        test "$(ls seeds/fuzz_key_decode | wc -l)" -gt 20
    check "... and the private-key target's, PEM and DER" \
        test "$(ls seeds/fuzz_private_key/*.der | wc -l)" = "$(ls seeds/fuzz_private_key/*.pem | wc -l)"
    check "... which make fuzz FUZZ_SECONDS=N uses" grep -q 'test/fuzz/seed.sh' "$ROOT/Makefile"
fi

# --- interop with OpenSSL 4.0 through Python cryptography (skips itself) -------
if command -v python3 >/dev/null 2>&1; then
    add_summary "interop.py ran" "$(python3 "$HERE/interop.py" "$M" 2>&1)"
else
    skip "interop" "python3 absent"
fi

echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
