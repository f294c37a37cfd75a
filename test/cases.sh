# The counting shared by the shell suites (test/test_cli.sh,
# test/test_provider.sh), sourced: pass, fail and skipped, and ok NAME,
# skip NAME [WHY], bad NAME [WHY], each one line, for the suite's closing
# "N passed, N failed, N skipped".
pass=0
fail=0
skipped=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
skip() { echo "skip $1${2:+: $2}"; skipped=$((skipped + 1)); }
bad() { echo "FAIL $1${2:+: $2}"; fail=$((fail + 1)); }

# add_summary NAME OUTPUT: a script of cases of its own run by the suite
# (test/interop.py, test/provider_interop.py): prints OUTPUT but its last
# line, which must be "N passed, N failed" (with ", N skipped" when some
# were), and adds those counts; anything else there fails the case NAME.
add_summary() {
    local name=$1 out=$2 last
    printf '%s\n' "$out" | sed '$d'
    last=$(printf '%s\n' "$out" | tail -n 1)
    if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?$ ]]; then
        pass=$((pass + BASH_REMATCH[1]))
        fail=$((fail + BASH_REMATCH[2]))
        skipped=$((skipped + ${BASH_REMATCH[4]:-0}))
    else
        bad "$name" "$last"
    fi
}
