#!/usr/bin/env bash
# The provider module (providers/mldsa.so) through the openssl command of
# the machine (Debian 12: OpenSSL 3.0), activated by an openssl.cnf as the
# README shows: openssl list; genpkey for each parameter set, fresh and with
# -pkeyopt hexseed; pkey in and out in every form (byte-identical to OpenSSL
# 3.5's files in the vectors' pem/ folder and to the mldsa tool's output),
# -text, -pubout, DER, -aes256 and back; pkeyutl -sign / -verify (-rawin and
# not, with and without a context string, deterministic), crossed with the
# mldsa tool; req -new -x509, a chain CA (87) -> intermediate (65) -> leaf
# (44) that openssl verify accepts and a tampered leaf it refuses, x509
# -text; CMS: an RFC 9882 SignedData built here (test/provider_cms.py)
# verified by cms -verify, and cms -sign, which OpenSSL 3.0 cannot do with a
# provider's key (a counted skip); malformed and refused keys, each with the
# provider's reason on the error stack; TLS 1.3 through s_server / s_client
# on 127.0.0.1 (OpenSSL 3.2+: each parameter set, the provider loaded first
# or second, a chain, 3.5's own key, a tampered leaf refused; 3.0 and 3.1:
# the errors they give); interop with OpenSSL 4.0 through Python
# cryptography (test/provider_interop.py, skips itself).
# One line per case, then "N passed, N failed, N skipped".
# Usage (from the repository root): bash test/test_provider.sh PATH_TO_mldsa
# MLDSA_PROVIDER names the module (make test sets it); when it is empty,
# MLDSA_PROVIDER_SKIP says why it was not built, and the suite is one skip.
set -u
M=${1:?usage: test_provider.sh PATH_TO_mldsa}
case $M in /*) ;; *) M=$PWD/$M ;; esac
HERE=$(cd "$(dirname "$0")" && pwd)
MODULE=${MLDSA_PROVIDER:-}
if [ -z "$MODULE" ]; then
    echo "skip provider suite: ${MLDSA_PROVIDER_SKIP:-MLDSA_PROVIDER is not set (make test sets it)}"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
if [ -n "${RUNNER:-}" ]; then
    echo "skip provider suite: the module and the tool run under '$RUNNER', openssl natively"
    echo "0 passed, 0 failed, 1 skipped"
    exit 0
fi
case $MODULE in /*) ;; *) MODULE=$PWD/$MODULE ;; esac
if [ ! -f "$MODULE" ] || ! command -v openssl >/dev/null 2>&1; then
    echo "FAIL the provider suite needs $MODULE and the openssl command (apt-get install openssl)"
    echo "0 passed, 1 failed"
    exit 1
fi
VEC=${MLDSA_VECTORS:-test/vectors}
PEM=
[ -d "$VEC/pem" ] && PEM=$(cd "$VEC/pem" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2
. "$HERE/cases.sh"

# A module built with SANITIZE= needs its runtimes loaded first: openssl
# (found on PATH, by Python too) runs with them preloaded, leaks of the
# openssl command itself not counted.
preload=$(ldd "$MODULE" 2>/dev/null | sed -n 's/^[[:space:]]*\(lib[at]san\|libubsan\)[^ ]* => \([^ ]*\) .*/\2/p' | tr '\n' ' ')
if [ -n "$preload" ]; then
    mkdir -p "$T/bin"
    printf '#!/bin/sh\nLD_PRELOAD="%s" ASAN_OPTIONS=detect_leaks=0 exec %s "$@"\n' \
        "$preload" "$(command -v openssl)" >"$T/bin/openssl"
    chmod +x "$T/bin/openssl"
    PATH=$T/bin:$PATH
    echo "openssl runs with $preload preloaded (the module is built with sanitizers)"
fi

# check NAME CMD...: the case passes when CMD succeeds.
check() {
    local name=$1
    shift
    if "$@" >"$T/out" 2>"$T/err"; then ok "$name"; else
        bad "$name" "$(head -c 300 "$T/err")"; fi
}
# refused NAME PATTERN CMD...: CMD fails and its output matches PATTERN (the
# provider's reason, from OpenSSL's error stack, or openssl's own message).
refused() {
    local name=$1 pat=$2
    shift 2
    if "$@" >"$T/out" 2>"$T/err"; then
        bad "$name" "accepted"
    elif cat "$T/out" "$T/err" | grep -q -- "$pat"; then
        ok "$name"
    else
        bad "$name" "no '$pat' in: $(head -c 300 "$T/err")"
    fi
}
# same NAME A B: files A and B are identical.
same() { check "$1" cmp "$2" "$3"; }
# vectors NAME CMD...: a case that needs the vectors' pem/ folder.
vectors() {
    if [ -z "$PEM" ]; then skip "$1" "no vectors folder $VEC/pem"; return 1; fi
}

# openssl.cnf activating the default provider and ours, as the README shows,
# and preferring ours (OpenSSL 3.5's default provider has an ML-DSA of its
# own under the same names); FORMS (optional) sets ml-dsa.output_formats,
# INPUT ml-dsa.input_formats.
config() {
    local file=$1 forms=${2:-} input=${3:-} retain=${4:-}
    {
        printf 'openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n'
        printf 'alg_section = alg_sect\n[alg_sect]\ndefault_properties = ?provider=mldsa\n'
        printf '[provider_sect]\ndefault = default_sect\nmldsa = mldsa_sect\n'
        printf '[default_sect]\nactivate = 1\n'
        printf '[mldsa_sect]\nmodule = %s\nactivate = 1\n' "$MODULE"
        [ -n "$forms" ] && printf 'ml-dsa.output_formats = %s\n' "$forms"
        [ -n "$input" ] && printf 'ml-dsa.input_formats = %s\n' "$input"
        [ -n "$retain" ] && printf 'ml-dsa.retain_seed = %s\n' "$retain"
    } >"$file"
}
config "$T/openssl.cnf"
config "$T/seed-only.cnf" seed-only
config "$T/priv-only.cnf" priv-only
config "$T/seed-priv.cnf" seed-priv
config "$T/input-seed.cnf" "" seed-only
config "$T/noseed.cnf" "" "" no
config "$T/badform.cnf" "seed-only, frobnicated"
# OpenSSL's default provider alone (3.5's has an ML-DSA of its own)
printf 'openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n[provider_sect]\ndefault = default_sect\n[default_sect]\nactivate = 1\n' >"$T/builtin.cnf"
export OPENSSL_CONF=$T/openssl.cnf
# Python (its hashlib, and cryptography's own OpenSSL 4.0) would read
# OPENSSL_CONF too and load the module: it runs without it, and the
# interop script gives the suite's file to its openssl commands only.
python3() { PROVIDER_OPENSSL_CONF=$OPENSSL_CONF OPENSSL_CONF=/dev/null command python3 "$@"; }
export -f python3
# ossl CONFIG ARGS...: openssl with another openssl.cnf.
ossl() {
    local cnf=$1
    shift
    OPENSSL_CONF=$T/$cnf.cnf openssl "$@"
}
SEED=000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
# What the openssl command says of a key file no decoder took (3.0, 3.5).
unread="Could not read key\|Could not find private key"
# der FILE.pem: the DER inside a PEM file, on stdout.
der() { sed '/^-----/d' "$1" | base64 -d; }

echo "openssl: $(openssl version)"
read -r ossl_major ossl_minor <<<"$(openssl version | sed -n 's/^OpenSSL \([0-9]*\)\.\([0-9]*\)\..*/\1 \2/p')"
# at_least MAJOR MINOR: the openssl command is that version or later.
at_least() { [ "${ossl_major:-0}" -gt "$1" ] || { [ "${ossl_major:-0}" -eq "$1" ] && [ "${ossl_minor:-0}" -ge "$2" ]; }; }

# --- the provider is there -----------------------------------------------------
OPENSSL_CONF=/dev/null OPENSSL_MODULES=$(dirname "$MODULE") \
    openssl list -signature-algorithms -provider mldsa >list.txt 2>&1
check "openssl list -signature-algorithms -provider mldsa names the three sets" \
    test "$(grep -c '@ mldsa' list.txt)" -eq 3
check "... under OpenSSL 3.5's names and OIDs" \
    grep -q '2.16.840.1.101.3.4.3.18, id-ml-dsa-65, ML-DSA-65, MLDSA65' list.txt
openssl list -providers >providers.txt 2>&1
check "openssl.cnf activates it (openssl list -providers)" grep -q 'libmldsa ML-DSA provider' providers.txt
refused "an unknown ml-dsa.output_formats name: every key operation says so" \
    "mldsa.*ml-dsa.output_formats: unknown format 'frobnicated'" \
    ossl badform genpkey -algorithm ML-DSA-44

# --- genpkey, sign, verify for each parameter set ---------------------------------
for n in 44 65 87; do
    check "genpkey -algorithm ML-DSA-$n" openssl genpkey -algorithm ML-DSA-$n -out k$n.pem
    check "ML-DSA-$n: pkey -check (the public key recomputed from the secret)" \
        openssl pkey -in k$n.pem -check -noout
    check "ML-DSA-$n: pkey -pubout" openssl pkey -in k$n.pem -pubout -out p$n.pem
    check "ML-DSA-$n: the tool reads the provider's key pair" "$M" pubkey -i k$n.pem -o tp$n.pem
    same "ML-DSA-$n: ... and derives the same public key" p$n.pem tp$n.pem
    head -c 3000 /dev/urandom >msg$n
    check "ML-DSA-$n: pkeyutl -sign -rawin" \
        openssl pkeyutl -sign -rawin -inkey k$n.pem -in msg$n -out s$n
    check "ML-DSA-$n: the signature has $(case $n in 44) echo 2420;; 65) echo 3309;; *) echo 4627;; esac) bytes" \
        test "$(stat -c %s s$n)" -eq "$(case $n in 44) echo 2420;; 65) echo 3309;; *) echo 4627;; esac)"
    check "ML-DSA-$n: pkeyutl -verify -rawin with the public key" \
        openssl pkeyutl -verify -rawin -pubin -inkey p$n.pem -in msg$n -sigfile s$n
    check "ML-DSA-$n: the tool verifies the provider's signature" \
        "$M" verify -p p$n.pem -s s$n -i msg$n
    printf x >>msg$n
    refused "ML-DSA-$n: a changed message does not verify" "Signature Verification Failure" \
        openssl pkeyutl -verify -rawin -pubin -inkey p$n.pem -in msg$n -sigfile s$n
    check "ML-DSA-$n: the tool signs, the provider verifies" \
        "$M" sign -k k$n.pem -i msg$n -o ts$n
    check "ML-DSA-$n: ... pkeyutl -verify -rawin accepts it" \
        openssl pkeyutl -verify -rawin -pubin -inkey p$n.pem -in msg$n -sigfile ts$n
done

# --- contexts, deterministic signing, EVP_PKEY_sign -----------------------------
check "pkeyutl -sign -rawin -pkeyopt context-string:" \
    openssl pkeyutl -sign -rawin -inkey k65.pem -in msg65 -out c65 -pkeyopt context-string:my-app
check "... verify --context in the tool accepts it" \
    "$M" verify -p p65.pem -s c65 -i msg65 --context my-app
refused "... and without the context refuses it" "Verification failure" \
    "$M" verify -p p65.pem -s c65 -i msg65
check "pkeyutl -verify -rawin with the context" \
    openssl pkeyutl -verify -rawin -pubin -inkey p65.pem -in msg65 -sigfile c65 \
    -pkeyopt context-string:my-app
refused "... with another context refuses it" "Signature Verification Failure" \
    openssl pkeyutl -verify -rawin -pubin -inkey p65.pem -in msg65 -sigfile c65 \
    -pkeyopt context-string:other-app
"$M" sign -k k44.pem -i msg44 -o tc44 --context-hex 00ff10 2>/dev/null
check "the tool's --context-hex signature verifies with -pkeyopt hexcontext-string:" \
    openssl pkeyutl -verify -rawin -pubin -inkey p44.pem -in msg44 -sigfile tc44 \
    -pkeyopt hexcontext-string:00ff10
refused "a context of 256 bytes is refused with the reason" "mldsa" \
    openssl pkeyutl -sign -rawin -inkey k44.pem -in msg44 -out x \
    -pkeyopt "hexcontext-string:$(printf '%0512d' 0)"
openssl pkeyutl -sign -rawin -inkey k87.pem -in msg87 -out d1 -pkeyopt deterministic:1 2>/dev/null
openssl pkeyutl -sign -rawin -inkey k87.pem -in msg87 -out d2 -pkeyopt deterministic:1 2>/dev/null
same "deterministic:1 signs the same twice" d1 d2
"$M" sign -k k87.pem -i msg87 -o d3 --deterministic
same "... the bytes of the tool's --deterministic" d1 d3
openssl pkeyutl -sign -rawin -inkey k87.pem -in msg87 -out h1 2>/dev/null
openssl pkeyutl -sign -rawin -inkey k87.pem -in msg87 -out h2 2>/dev/null
check "hedged signing (the default) differs each time" bash -c '! cmp -s h1 h2'
# (without -rawin, openssl 3.0 takes at most 64 bytes of input: a "digest")
head -c 48 /dev/urandom >short
check "pkeyutl -sign without -rawin (EVP_PKEY_sign over the message)" \
    openssl pkeyutl -sign -inkey k44.pem -in short -out e44
check "... the tool verifies it as pure ML-DSA over the message" \
    "$M" verify -p p44.pem -s e44 -i short
check "pkeyutl -verify without -rawin" \
    openssl pkeyutl -verify -pubin -inkey p44.pem -in short -sigfile e44
# (3.5's pkeyutl refuses it itself, before the provider is asked)
refused "a digest with pure ML-DSA is refused with the reason" \
    "explicit digest not supported for ML-DSA\|(prehash) is not supported with ML-DSA" \
    openssl pkeyutl -sign -rawin -digest sha256 -inkey k44.pem -in msg44 -out x
refused "signing with a public key is refused" "mldsa\|private key\|operation" \
    openssl pkeyutl -sign -rawin -pubin -inkey p44.pem -in msg44 -out x

# --- key files: byte identity with OpenSSL 3.5 and the mldsa tool ---------------
if vectors "key files of OpenSSL 3.5"; then
    for n in 44 65 87; do
        ossl seed-only genpkey -algorithm ML-DSA-$n -pkeyopt hexseed:$SEED -out gs$n.pem 2>"$T/err"
        same "ML-DSA-$n: genpkey -pkeyopt hexseed (seed-only) = OpenSSL 3.5's file" \
            gs$n.pem "$PEM/prv-$n-seed-only.pem"
        "$M" keygen -a $n --seed $SEED -o tool$n.pem
        same "ML-DSA-$n: ... = the mldsa tool's keygen --seed" gs$n.pem tool$n.pem
        openssl genpkey -algorithm ML-DSA-$n -pkeyopt hexseed:$SEED -out gd$n.pem 2>"$T/err"
        same "ML-DSA-$n: genpkey's default form (seed-only, RFC 9881's) = OpenSSL 3.5's" \
            gd$n.pem "$PEM/prv-$n-seed-only.pem"
        ossl seed-priv genpkey -algorithm ML-DSA-$n -pkeyopt hexseed:$SEED -out gb$n.pem 2>"$T/err"
        same "ML-DSA-$n: ... seed-priv (OpenSSL 3.5's default) = OpenSSL 3.5's" \
            gb$n.pem "$PEM/prv-$n-seed-priv.pem"
        "$M" keygen -a $n --seed $SEED --key-format both -o toolb$n.pem
        same "ML-DSA-$n: ... = the tool's --key-format both" gb$n.pem toolb$n.pem
        for in in seed-only priv-only seed-priv bare-seed bare-priv oqskeypair; do
            for form in seed-only priv-only seed-priv; do
                want=$form
                case $in:$form in
                    priv-only:seed-* | bare-priv:seed-* | oqskeypair:seed-*)
                        refused "ML-DSA-$n: $in -> $form: no seed to write" \
                            "no form this key can be written in" \
                            ossl $form pkey -in "$PEM/prv-$n-$in.pem"
                        continue ;;
                esac
                ossl $form pkey -in "$PEM/prv-$n-$in.pem" -out o.pem 2>"$T/err"
                same "ML-DSA-$n: pkey $in -> $form = OpenSSL 3.5's" o.pem "$PEM/prv-$n-$want.pem"
            done
        done
        openssl pkey -in "$PEM/prv-$n-seed-priv.pem" -pubout -out o.pem 2>"$T/err"
        same "ML-DSA-$n: pkey -pubout = OpenSSL 3.5's SubjectPublicKeyInfo" o.pem "$PEM/pub-$n.pem"
        openssl pkey -pubin -in "$PEM/pub-$n.pem" -out o.pem 2>"$T/err"
        same "ML-DSA-$n: pkey -pubin round trip" o.pem "$PEM/pub-$n.pem"
        openssl pkey -in "$PEM/prv-$n-seed-priv.pem" -text -noout >o.txt 2>"$T/err"
        same "ML-DSA-$n: pkey -text -noout = OpenSSL 3.5's text (seed, priv, pub)" \
            o.txt "$PEM/prv-$n-seed.txt"
        openssl pkey -in "$PEM/prv-$n-priv-only.pem" -text -noout >o.txt 2>"$T/err"
        same "ML-DSA-$n: ... of a key without a seed (priv, pub)" o.txt "$PEM/prv-$n-priv.txt"
        openssl pkey -pubin -in "$PEM/pub-$n.pem" -text -noout >o.txt 2>"$T/err"
        same "ML-DSA-$n: ... of a public key" o.txt "$PEM/pub-$n.txt"
        der "$PEM/prv-$n-seed-priv.pem" >want.der
        ossl seed-priv pkey -in "$PEM/prv-$n-seed-priv.pem" -outform DER -out o.der 2>"$T/err"
        same "ML-DSA-$n: pkey -outform DER = the DER of OpenSSL 3.5's file" o.der want.der
        ossl seed-priv pkey -inform DER -in want.der -out o.pem 2>"$T/err"
        same "ML-DSA-$n: pkey -inform DER back to PEM" o.pem "$PEM/prv-$n-seed-priv.pem"
        der "$PEM/pub-$n.pem" >want.der
        openssl pkey -pubin -in "$PEM/pub-$n.pem" -outform DER -out o.der 2>"$T/err"
        same "ML-DSA-$n: pkey -pubin -outform DER" o.der want.der
        if [ -f "$PEM/sig-$n.dat" ]; then
            der "$PEM/pub-$n.pem" >spki.der
            check "ML-DSA-$n: OpenSSL 3.5's signature (sig-$n.dat) verifies" \
                openssl pkeyutl -verify -rawin -pubin -inkey "$PEM/pub-$n.pem" -in spki.der \
                -sigfile "$PEM/sig-$n.dat"
        fi
    done
    ossl noseed pkey -in "$PEM/prv-65-seed-only.pem" -out o.pem 2>"$T/err"
    same "ml-dsa.retain_seed = no: a seed key is written priv-only" o.pem "$PEM/prv-65-priv-only.pem"
fi

# --- encrypted private keys ------------------------------------------------------
check "pkey -aes256 -passout" openssl pkey -in k65.pem -aes256 -passout pass:s3cret -out enc.pem
check "... writes an ENCRYPTED PRIVATE KEY (PBES2)" grep -q 'BEGIN ENCRYPTED PRIVATE KEY' enc.pem
check "... read back with -passin" openssl pkey -in enc.pem -passin pass:s3cret -out dec.pem
openssl pkey -in k65.pem -out plain.pem 2>/dev/null
same "... the same key" dec.pem plain.pem
refused "... a wrong password is refused" "bad decrypt\|Could not read" \
    openssl pkey -in enc.pem -passin pass:wrong -out x
check "pkcs8 -topk8 -inform PEM -outform DER reads it into a DER EncryptedPrivateKeyInfo" \
    openssl pkcs8 -in enc.pem -passin pass:s3cret -topk8 -v2 aes-128-cbc -passout pass:x \
    -outform DER -out enc.der
check "... which the provider reads back" \
    openssl pkey -inform DER -in enc.der -passin pass:x -out dec2.pem
same "... the same key" dec2.pem plain.pem
check "the tool decrypts the provider's encrypted key" \
    "$M" pkey -i enc.pem --passin pass:s3cret --key-format seed -o tdec.pem
same "... to the same key" tdec.pem plain.pem
check "the provider decrypts the tool's encrypted key" \
    bash -c "'$M' keygen -a 44 --seed $SEED --passout pass:pw -o tenc.pem && \
             openssl pkey -in tenc.pem -passin pass:pw -pubout -out tencpub.pem"
"$M" keygen -a 44 --seed $SEED -o t44.pem --pubout t44pub.pem --force 2>/dev/null
same "... to the same key" tencpub.pem t44pub.pem

# --- X.509: self-signed, a three-level chain, a tampered leaf --------------------
for n in 44 65 87; do
    check "ML-DSA-$n: req -new -x509 (self-signed)" \
        openssl req -new -x509 -key k$n.pem -subj "/CN=self-$n" -days 2 -out self$n.pem
    check "ML-DSA-$n: ... openssl verify accepts it" \
        openssl verify -CAfile self$n.pem self$n.pem
    openssl x509 -in self$n.pem -text -noout >self$n.txt 2>&1
    check "ML-DSA-$n: x509 -text names the signature algorithm" \
        grep -q "Signature Algorithm: ML-DSA-$n" self$n.txt
    check "ML-DSA-$n: ... and prints the public key" grep -q "ML-DSA-$n Public-Key:" self$n.txt
done
printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n' >ca.ext
printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n' >leaf.ext
check "CA (ML-DSA-87): req -new -x509" \
    openssl req -new -x509 -key k87.pem -subj /CN=Test-CA -days 2 -out ca.pem \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign
check "intermediate (ML-DSA-65): req -new, x509 -req signed by the CA" \
    bash -c 'openssl req -new -key k65.pem -subj /CN=Test-Intermediate -out int.csr && \
             openssl x509 -req -in int.csr -CA ca.pem -CAkey k87.pem -CAcreateserial \
             -days 2 -extfile ca.ext -out int.pem'
check "leaf (ML-DSA-44): signed by the intermediate" \
    bash -c 'openssl req -new -key k44.pem -subj /CN=leaf.example -out leaf.csr && \
             openssl x509 -req -in leaf.csr -CA int.pem -CAkey k65.pem -CAcreateserial \
             -days 2 -extfile leaf.ext -out leaf.pem'
check "openssl verify accepts the chain" openssl verify -CAfile ca.pem -untrusted int.pem leaf.pem
check "req -verify checks a request's signature" openssl req -in leaf.csr -verify -noout
openssl x509 -in leaf.pem -outform DER -out leaf.der 2>/dev/null
# flip one bit of the signature (its last bytes)
python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[-9] ^= 4; open(sys.argv[2], "wb").write(d)' \
    leaf.der bad.der
openssl x509 -inform DER -in bad.der -out bad.pem 2>/dev/null
refused "a tampered leaf is refused" "certificate signature failure" \
    openssl verify -CAfile ca.pem -untrusted int.pem bad.pem
refused "a leaf without its intermediate is refused" "unable to get local issuer" \
    openssl verify -CAfile ca.pem leaf.pem
openssl x509 -in leaf.pem -text -noout >leaf.txt 2>&1
check "x509 -text of the leaf: signed with ML-DSA-65" grep -q "Signature Algorithm: ML-DSA-65" leaf.txt
check "... its key ML-DSA-44" grep -q "Public Key Algorithm: ML-DSA-44" leaf.txt
check "x509 -pubkey gives the leaf's key" \
    bash -c 'openssl x509 -in leaf.pem -pubkey -noout | cmp - p44.pem'

# --- CMS (RFC 9882) --------------------------------------------------------------
if command -v python3 >/dev/null 2>&1; then
    printf 'RFC 9882 content\n' >content.txt
    openssl x509 -in int.pem -outform DER -out int.der 2>/dev/null
    check "an RFC 9882 SignedData, built here (signed attributes signed by the tool)" \
        bash -c "python3 '$HERE/provider_cms.py' attrs content.txt attrs.der && \
                 '$M' sign -k k44.pem -i attrs.der -o attrs.sig && \
                 python3 '$HERE/provider_cms.py' signeddata content.txt leaf.der attrs.der \
                     attrs.sig signed.der int.der"
    check "cms -verify accepts it (the chain to the CA, the signature)" \
        openssl cms -verify -inform DER -in signed.der -CAfile ca.pem -out content.out
    same "... and gives the content" content.out content.txt
    python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[-7] ^= 1; open(sys.argv[2], "wb").write(d)' \
        signed.der signed-bad.der
    refused "cms -verify refuses a tampered signature" "verification failure" \
        openssl cms -verify -inform DER -in signed-bad.der -CAfile ca.pem -out x
    printf 'other content\n' >other.txt
    python3 "$HERE/provider_cms.py" signeddata other.txt leaf.der attrs.der attrs.sig \
        signed-other.der int.der
    refused "cms -verify refuses other content under the signed attributes" "content verify error" \
        openssl cms -verify -inform DER -in signed-other.der -CAfile ca.pem -out x
else
    skip "CMS SignedData" "python3 absent (it builds the SignedData)"
fi
# cms -sign names the digest of the signed attributes: SHA-512 (RFC 9882
# section 3.3); ML-DSA has no default digest (3.5's own ML-DSA neither).
if at_least 3 2; then
    check "cms -sign -md sha512 with the provider's key (the leaf, its chain)" \
        openssl cms -sign -md sha512 -nodetach -binary -in content.txt -signer leaf.pem \
        -inkey k44.pem -certfile int.pem -outform DER -out cms-signed.der
    check "... cms -verify accepts it" \
        openssl cms -verify -inform DER -in cms-signed.der -CAfile ca.pem -out cms.out
    same "... and gives the content" cms.out content.txt
    # (the key file is then read by nothing: the store drops the reason)
    refused "... and it is the provider that signs (its bad configuration stops it)" \
        "$unread" \
        ossl badform cms -sign -md sha512 -nodetach -binary -in content.txt -signer leaf.pem \
        -inkey k44.pem -outform DER -out x
elif openssl cms -sign -md sha512 -binary -in content.txt -signer leaf.pem -inkey k44.pem \
        -outform DER -out cms-signed.der >/dev/null 2>"$T/err"; then
    bad "cms -sign" "OpenSSL $(openssl version | cut -d' ' -f2) signed, which it cannot (a test to update)"
else
    skip "cms -sign" "OpenSSL $(openssl version | cut -d' ' -f2) cannot sign CMS with a key only a provider supplies (its SignerInfo algorithm is never filled in; fixed in OpenSSL 3.2)"
fi

# --- OpenSSL 3.5's own ML-DSA (its default provider alone) ------------------------
if at_least 3 5; then
    check "3.5's own ML-DSA verifies the provider's signature" \
        ossl builtin pkeyutl -verify -rawin -pubin -inkey p65.pem -in msg65 -sigfile c65 \
        -pkeyopt context-string:my-app
    check "... accepts the provider's chain (openssl verify)" \
        ossl builtin verify -CAfile ca.pem -untrusted int.pem leaf.pem
    refused "... and refuses the tampered leaf" "certificate signature failure" \
        ossl builtin verify -CAfile ca.pem -untrusted int.pem bad.pem
    check "... cms -verify accepts the provider's SignedData" \
        ossl builtin cms -verify -inform DER -in cms-signed.der -CAfile ca.pem -out cms2.out
    same "... with the content" cms2.out content.txt
    check "... and the one built here" \
        ossl builtin cms -verify -inform DER -in signed.der -CAfile ca.pem -out cms3.out
    check "3.5's own ML-DSA: genpkey, req -x509 (ML-DSA-87), a leaf (ML-DSA-44) it signs" \
        bash -c 'OPENSSL_CONF=$0/builtin.cnf; export OPENSSL_CONF; \
                 openssl genpkey -algorithm ML-DSA-87 -out bca.key && \
                 openssl req -new -x509 -key bca.key -subj /CN=Builtin-CA -days 2 -out bca.pem \
                     -addext basicConstraints=critical,CA:TRUE \
                     -addext keyUsage=critical,keyCertSign,cRLSign && \
                 openssl genpkey -algorithm ML-DSA-44 -out bleaf.key && \
                 openssl req -new -key bleaf.key -subj /CN=builtin-leaf -out bleaf.csr && \
                 openssl x509 -req -in bleaf.csr -CA bca.pem -CAkey bca.key -CAcreateserial \
                     -days 2 -extfile leaf.ext -out bleaf.pem' "$T"
    check "... the provider accepts that chain (openssl verify)" \
        openssl verify -CAfile bca.pem bleaf.pem
    check "... and reads its keys (pkey -check)" openssl pkey -in bleaf.key -check -noout
    check "3.5's own ML-DSA: cms -sign -md sha512" \
        ossl builtin cms -sign -md sha512 -nodetach -binary -in content.txt -signer bleaf.pem \
        -inkey bleaf.key -outform DER -out bcms.der
    check "... the provider's cms -verify accepts it" \
        openssl cms -verify -inform DER -in bcms.der -CAfile bca.pem -out bcms.out
    same "... with the content" bcms.out content.txt
    refused "... and it is the provider that verifies (its bad configuration stops it)" \
        "X509_PUBKEY_get0:decode error" \
        ossl badform cms -verify -inform DER -in bcms.der -CAfile bca.pem -out x
    check "... 3.5's own pkeyutl -sign, the provider's -verify" \
        bash -c "OPENSSL_CONF='$T/builtin.cnf' openssl pkeyutl -sign -rawin -inkey bleaf.key \
                     -in msg44 -out bs44 -pkeyopt context-string:ctx && \
                 openssl pkey -in bleaf.key -pubout -out bleafpub.pem && \
                 openssl pkeyutl -verify -rawin -pubin -inkey bleafpub.pem -in msg44 \
                     -sigfile bs44 -pkeyopt context-string:ctx"
fi

# --- TLS 1.3: s_server and s_client on 127.0.0.1 ------------------------------------
# The two providers in either order, as an openssl.cnf activating them gives
# (nothing preferred): libssl takes ML-DSA's TLS signature algorithm from
# the provider its keymgmt fetch returns, ours when it is loaded first.
for first in mldsa default; do
    {
        printf 'openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n'
        if [ $first = mldsa ]; then
            printf '[provider_sect]\nmldsa = mldsa_sect\ndefault = default_sect\n'
        else
            printf '[provider_sect]\ndefault = default_sect\nmldsa = mldsa_sect\n'
        fi
        printf '[default_sect]\nactivate = 1\n[mldsa_sect]\nmodule = %s\nactivate = 1\n' "$MODULE"
    } >"$T/first-$first.cnf"
done
# serve CNF SERVER_ARGS...: s_server of CNF on 127.0.0.1 (a port the system
# picks, one connection, 10 s at most; -www: it answers the connection
# without reading its stdin) in the background; its port in $port (empty
# when it did not start: its errors in srv.err).
serve() {
    local cnf=$1
    shift
    port=
    OPENSSL_CONF=$T/$cnf.cnf timeout 10 openssl s_server -accept 127.0.0.1:0 -naccept 1 \
        -www -tls1_3 "$@" >srv.out 2>srv.err </dev/null &
    server=$!
    for _ in $(seq 100); do
        port=$(sed -n 's/^ACCEPT 127\.0\.0\.1:\([0-9][0-9]*\)$/\1/p' srv.out)
        [ -n "$port" ] || ! kill -0 $server 2>/dev/null && break
        sleep 0.1
    done
}
# handshake NAME CNF CAFILE SIGALG SERVER_ARGS...: s_client of CNF completes
# a TLS 1.3 handshake with that server, verifying its certificate under
# CAFILE, the server signing with SIGALG (mldsa44, mldsa65, mldsa87).
handshake() {
    local name=$1 cnf=$2 ca=$3 sigalg=$4
    shift 4
    serve "$cnf" "$@"
    if [ -z "$port" ]; then
        wait $server
        bad "$name" "s_server: $(grep -m 1 -i error srv.err)"
        return
    fi
    echo Q | OPENSSL_CONF=$T/$cnf.cnf timeout 10 openssl s_client -connect 127.0.0.1:$port \
        -tls1_3 -CAfile "$ca" -verify_return_error >cli.out 2>&1
    wait $server
    if grep -q "^Peer signature type: $sigalg\$" cli.out &&
            grep -q 'Verify return code: 0 (ok)' cli.out; then
        ok "$name"
    else
        bad "$name" "$(grep -m 2 -i 'error\|Peer signature' cli.out srv.err | tr '\n' ' ')"
    fi
}
if at_least 3 2; then
    for first in mldsa default; do
        for n in 44 65 87; do
            handshake "TLS 1.3 (s_server, s_client; $first loaded first): ML-DSA-$n, the provider's key" \
                first-$first self$n.pem mldsa$n -cert self$n.pem -key k$n.pem
        done
        handshake "... a chain (leaf 44, intermediate 65, CA 87)" first-$first ca.pem mldsa44 \
            -cert leaf.pem -key k44.pem -cert_chain int.pem
        if at_least 3 5; then
            [ -f b65.pem ] || ossl builtin req -x509 -newkey ML-DSA-65 -nodes -keyout b65.key \
                -subj /CN=localhost -days 2 -out b65.pem 2>/dev/null
            handshake "... ML-DSA-65, OpenSSL 3.5's own key and certificate" first-$first \
                b65.pem mldsa65 -cert b65.pem -key b65.key
        fi
    done
    serve first-mldsa -cert bad.pem -key k44.pem -cert_chain int.pem
    refused "... s_client refuses the tampered leaf" "certificate signature failure" \
        bash -c "[ -n '$port' ] && echo Q | timeout 10 openssl s_client -connect 127.0.0.1:$port \
                     -tls1_3 -CAfile ca.pem -verify_return_error"
    wait $server
else
    # OpenSSL 3.0 and 3.1: libssl knows no signature algorithm of a provider
    refused "TLS on OpenSSL $(openssl version | cut -d' ' -f2): s_server refuses a self-signed ML-DSA certificate" \
        "unknown certificate type" \
        timeout 5 openssl s_server -accept 127.0.0.1:0 -naccept 1 -cert self65.pem -key k65.pem
    refused "... and one an ML-DSA CA issued" "ca md too weak" \
        timeout 5 openssl s_server -accept 127.0.0.1:0 -naccept 1 -cert leaf.pem -key k44.pem
fi

# --- malformed and refused keys -----------------------------------------------------
# (OpenSSL's openssl command reads key files through its file store, which
# drops every error of a decoding that found nothing: these cases see
# $unread only; test_provider.c checks each reason through the API.)
if vectors "malformed keys"; then
    der "$PEM/prv-65-seed-priv.pem" >sp.der
    # the both form with one byte of the expanded key changed
    python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[100] ^= 1; open(sys.argv[2], "wb").write(d)' \
        sp.der mism.der
    refused "a both-form key whose expanded key is not its seed's" "$unread" \
        openssl pkey -inform DER -in mism.der -noout
    head -c 200 sp.der >trunc.der
    refused "a truncated PKCS#8 key" "$unread" openssl pkey -inform DER -in trunc.der -noout
    der "$PEM/prv-44-seed-only.pem" >so.der
    # the seed's [0] length 32 -> 33: past the end of its OCTET STRING
    { head -c 21 so.der; printf '\041'; tail -c +23 so.der; } >badlen.der
    refused "a seed whose length runs past its OCTET STRING" "$unread" \
        openssl pkey -inform DER -in badlen.der -noout
    # an expanded key whose tr is not its own: a tr byte changed
    der "$PEM/prv-87-priv-only.pem" >po87.der
    python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[len(d) - 4896 + 70] ^= 1; open(sys.argv[2], "wb").write(d)' \
        po87.der badtr.der
    refused "an expanded key whose tr is not its own" "$unread" \
        openssl pkey -inform DER -in badtr.der -noout
    # an expanded key whose s1 coefficients are out of range: every byte of s1 0xff
    der "$PEM/prv-44-priv-only.pem" >po.der
    python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); off = len(d) - 2560 + 128; d[off:off + 384] = b"\xff" * 384; open(sys.argv[2], "wb").write(d)' \
        po.der range.der
    refused "an expanded key with s1 out of range" "$unread" \
        openssl pkey -inform DER -in range.der -noout
    # SPKI of ML-DSA-44 relabelled as ML-DSA-65 (wrong length for 65)
    der "$PEM/pub-44.pem" | python3 -c 'import sys; d = bytearray(sys.stdin.buffer.read()); d[16] = 0x12; sys.stdout.buffer.write(d)' >relabel.der
    refused "an ML-DSA-44 public key under the ML-DSA-65 OID" "$unread" \
        openssl pkey -pubin -inform DER -in relabel.der -noout
    refused "ml-dsa.input_formats = seed-only refuses a priv-only key" "$unread" \
        ossl input-seed pkey -in "$PEM/prv-44-priv-only.pem"
    check "... and reads a seed-only one" ossl input-seed pkey -in "$PEM/prv-44-seed-only.pem" -noout
fi
check "a non-ML-DSA key still reads (other keys are left to the default provider)" \
    bash -c 'openssl genpkey -algorithm ED25519 -out ed.pem && openssl pkey -in ed.pem -noout'

# --- interop with OpenSSL 4.0 through Python cryptography (skips itself) ---------
if command -v python3 >/dev/null 2>&1; then
    add_summary "provider_interop.py ran" "$(python3 "$HERE/provider_interop.py" "$T" 2>&1)"
else
    skip "interop with Python cryptography" "python3 absent"
fi

echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
