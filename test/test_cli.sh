#!/usr/bin/env bash
# End-to-end test of the mldsa tool: keygen, pubkey, pkey (every format
# conversion, --text), sign and verify (valid, tampered, contexts, prehash,
# deterministic), stdin/stdout, a streamed large message, file modes, exit
# codes and error messages.  One line per case, then "N passed, N failed".
# Usage (from the repository root): bash test/test_cli.sh PATH_TO_mldsa
set -u
M=${1:?usage: test_cli.sh PATH_TO_mldsa}
case $M in /*) ;; *) M=$PWD/$M ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
VEC=${MLDSA_VECTORS:-../shared/vectors}
PEM=$VEC/pem
[ -d "$PEM" ] && PEM=$(cd "$PEM" && pwd) || PEM=
# An explicitly set MLDSA_VECTORS must exist: a typo would skip silently.
if [ -n "${MLDSA_VECTORS:-}" ] && [ ! -d "$MLDSA_VECTORS" ]; then
    echo "FAIL MLDSA_VECTORS=$MLDSA_VECTORS is not a folder"
    echo "0 passed, 1 failed"
    exit 1
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2

pass=0
fail=0
skip=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1${2:+: $2}"; fail=$((fail + 1)); }
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

SEED=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f

# --- help and usage -------------------------------------------------------
rc "help for the tool" 0 "$M" --help
for c in keygen pubkey pkey sign verify speed info; do
    rc "help for $c" 0 "$M" "$c" --help
done
rc "info runs" 0 "$M" info
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
check "private key file is mode 0600" test "$(mode k65.pem)" = 600
check "public key file is not secret" test "$(mode p65.pem)" = 644
echo old >reused.pem
chmod 644 reused.pem
"$M" keygen -a 44 -o reused.pem
check "existing key file is set to 0600" test "$(mode reused.pem)" = 600
# A private key written to something that is not a regular file (a pipe here;
# /dev/null in real use) leaves that file's mode alone.
mkfifo keypipe
chmod 644 keypipe
cat keypipe >piped.pem &
"$M" keygen -a 44 -o keypipe
wait
check "writing a key into a pipe leaves its mode alone" test "$(mode keypipe)" = 644
check "... and the key went through the pipe" grep -q "BEGIN PRIVATE KEY" piped.pem
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
        "$M" keygen -a $n --seed $SEED -o s.pem --pubout p.pem
        check "ML-DSA-$n keygen = seed-only.pem" cmp s.pem "$PEM/prv-$n-seed-only.pem"
        check "ML-DSA-$n keygen --pubout = pub.pem" cmp p.pem "$PEM/pub-$n.pem"
        "$M" keygen -a $n --seed $SEED --key-format expanded -o e.pem
        check "ML-DSA-$n keygen expanded = priv-only.pem" cmp e.pem "$PEM/prv-$n-priv-only.pem"
        "$M" keygen -a $n --seed $SEED --key-format both -o b.pem
        check "ML-DSA-$n keygen both = seed-priv.pem" cmp b.pem "$PEM/prv-$n-seed-priv.pem"
        for f in seed-only seed-priv bare-seed; do
            "$M" pkey -i "$PEM/prv-$n-$f.pem" -o c.pem
            check "ML-DSA-$n pkey $f -> seed-only" cmp c.pem "$PEM/prv-$n-seed-only.pem"
        done
        for f in priv-only bare-priv oqskeypair; do
            "$M" pkey -i "$PEM/prv-$n-$f.pem" -o c.pem
            check "ML-DSA-$n pkey $f -> priv-only" cmp c.pem "$PEM/prv-$n-priv-only.pem"
            "$M" pkey -i "$PEM/prv-$n-$f.pem" --text -o t.txt
            check "ML-DSA-$n pkey --text $f = priv.txt" cmp t.txt "$PEM/prv-$n-priv.txt"
        done
        "$M" pkey -i "$PEM/prv-$n-seed-only.pem" --text -o t.txt
        check "ML-DSA-$n pkey --text seed-only = seed.txt" cmp t.txt "$PEM/prv-$n-seed.txt"
        "$M" pkey -i "$PEM/pub-$n.pem" --text -o t.txt
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
            "$M" pkey -i "$PEM/prv-87-seed-priv.pem" --format $inf --key-format $kf -o conv.$inf
            "$M" pkey -a 87 -i conv.$inf --key-format both -o conv-back.pem 2>/dev/null ||
                "$M" pkey -a 87 -i conv.$inf --key-format expanded -o conv-back.pem
            if [ $kf = expanded ]; then want="$PEM/prv-87-priv-only.pem"; else
                want="$PEM/prv-87-seed-priv.pem"; fi
            check "pkey $inf/$kf converts and reads back" cmp conv-back.pem "$want"
            check "pkey $inf/$kf private output is mode 0600" test "$(mode conv.$inf)" = 600
        done
    done
    err "expanded-only key cannot be written as seed" "no seed" \
        "$M" pkey -i "$PEM/prv-44-priv-only.pem" --key-format seed
    err "a public key is not a private key for sign" "not a private key" \
        "$M" sign -k "$PEM/pub-44.pem" -i /dev/null
else
    echo "skip vector cases: $VEC/pem absent (set MLDSA_VECTORS)"
    skip=$((skip + 1))
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
"$M" keygen -a 44 --seed $SEED --pubout pub44.pem -o /dev/null
check "keygen | pkey --pubout through pipes" cmp pipe.pem pub44.pem
"$M" sign -k k.pem --deterministic <msg >sig-stdio
check "sign reads stdin and writes stdout" cmp sig-stdio d1
rc "verify reads the message from stdin" 0 "$M" verify -p p.pem -s sig-stdio -i - <msg
"$M" pkey -i k.pem --format der | "$M" pubkey -i - >p-stdin.pem
check "pubkey reads a DER key from stdin" cmp p-stdin.pem p.pem

# --- a large message is streamed ------------------------------------------------
big=$((96 * 1024 * 1024))
head -c $big /dev/zero | "$M" sign -k k.pem -i - --deterministic -o bigsig
rc "96 MiB message signs from a pipe and verifies" 0 \
    bash -c "head -c $big /dev/zero | '$M' verify -p p.pem -s bigsig -i -"
rc "one byte more is invalid" 1 \
    bash -c "head -c $((big + 1)) /dev/zero | '$M' verify -p p.pem -s bigsig -i -"
if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M -o rss bash -c "head -c $big /dev/zero | '$M' sign -k k.pem -i - -o /dev/null"
    # Far below the message size (sanitizer builds need ~20 MiB of their own).
    check "signing 96 MiB uses under 48 MiB of memory" test "$(tail -n 1 rss)" -lt 49152
fi

# --- interop with OpenSSL 4.0 through Python cryptography (skips itself) -------
if command -v python3 >/dev/null 2>&1; then
    out=$(python3 "$HERE/interop.py" "$M" 2>&1)
    printf '%s\n' "$out" | sed '$d'
    last=$(printf '%s\n' "$out" | tail -n 1)
    if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
        pass=$((pass + BASH_REMATCH[1]))
        fail=$((fail + BASH_REMATCH[2]))
        skip=$((skip + ${BASH_REMATCH[4]:-0}))
    else
        bad "interop.py ran" "$last"
    fi
else
    echo "skip interop: python3 absent"
    skip=$((skip + 1))
fi

echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
