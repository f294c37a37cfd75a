# shellcheck shell=bash
# Sourced by the assembler matrices, test/asm_matrix.sh (x86-64) and
# test/asm_matrix_aarch64.sh, and for its first part by the Win64 ABI check
# (test/win64/run.sh): the counters and the temporary folder ($tmp,
# which the caller removes on exit), one table row per check, the
# generated file's kind, the global symbols of each object format, and the
# library built and tested with a kernel kind.  Needs PERL, CC, MAKE,
# RUNNER's array runner (util/runner.sh), EXE (the programs' suffix), and
# per generator GEN (its path) and API (its symbols, sorted).
pass=0
fail=0
skip=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/asm_matrix.XXXXXX")

row() { printf '| %-62s | %-5s |\n' "$1" "$2"; }

# check NAME COMMAND...: one row; the command's output is shown on failure.
check() {
    local name=$1
    shift
    if "$@" >"$tmp/log" 2>&1; then
        pass=$((pass + 1))
        row "$name" PASS
    else
        fail=$((fail + 1))
        row "$name" FAIL
        { grep -m1 'TEST_SEED=' "$tmp/log"; tail -n 15 "$tmp/log"; } | sed 's/^/    /'
    fi
}

skip_row() { skip=$((skip + 1)); row "$1 ($2)" SKIP; }
have() { command -v "$1" >/dev/null 2>&1; }

# kind FILE: "full" or "stubs", from the generated file's header.
kind() { sed -n 's/.*kernel: \(full\|stubs\).*/\1/p' "$1" | head -n 1; }

# gen_expect EXPECT FLAVOUR OUT [VAR=VALUE...]: generate, compare the kind.
gen_expect() {
    local expect=$1 flavour=$2 out=$3
    shift 3
    env "$@" "$PERL" "$GEN" "$flavour" "$out" || return 1
    local got
    got=$(kind "$out")
    echo "expected $expect, got '$got': $(sed -n 3p "$out")"
    [ "$got" = "$expect" ]
}

# globals_ok LIST_COMMAND...: the defined global symbols are exactly the API.
globals_ok() {
    local got
    got=$("$@" | sort | tr '\n' ' ' | sed 's/ $//')
    echo "globals: $got"
    [ "$got" = "$API" ]
}
elf_globals() { readelf -sW "$1" | awk '$5 == "GLOBAL" && $7 != "UND" {print $8}'; }
elf_hidden() { ! readelf -sW "$1" | awk '$5 == "GLOBAL" && $7 != "UND"' | grep -v HIDDEN; }
coff_globals() { objdump -t "$1" | awk '/\(scl +2\)/ && !/\(sec +0\)/ {print $NF}'; }
macho_globals() { llvm-nm "$1" | awk '$2 == "T" {sub(/^_/, "", $3); print $3}'; }

# stub_program FILE CAPFN VALUE WORDS: the C program that checks the
# stubs: CAPABLE() says 0, INFO() says stubs, PERMUTE traps (SIGILL in a
# child); the names come with -DCAPABLE=... -DINFO=... -DPERMUTE=..., and
# it provides the capability function CAPFN, returning VALUE, for a state
# of WORDS words.
stub_program() {
    cat >"$1" <<EOF_C
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
uint32_t $2(void) { return $3; }
int CAPABLE(void);
const char *INFO(void);
void PERMUTE(uint64_t A[$4]);
int main(void)
{
    static uint64_t A[$4];
    int status;
    pid_t pid;
    if (CAPABLE() != 0 || strstr(INFO(), " stubs (") == NULL)
        return 1;
    if ((pid = fork()) == 0) {
        PERMUTE(A);
        _exit(0);
    }
    waitpid(pid, &status, 0);
    return !(WIFSIGNALED(status) && WTERMSIG(status) == SIGILL);
}
EOF_C
}

# prefixed FILE CAPFN US AS...: util/asm-prefix my_ on FILE, assembled by
# AS... (which takes -o OBJ FILE), defines and calls exactly the API names
# and CAPFN with the prefix (after US, Mach-O's underscore, or nothing).
prefixed() {
    local file=$1 capfn=$2 us=$3 want got ext=${1##*.}
    shift 3
    want=$(for s in $API $capfn; do echo "${us}my_$s"; done | sort | tr '\n' ' ')
    util/asm-prefix my_ "$file" "$tmp/p.$ext" && "$@" -o "$tmp/p.o" "$tmp/p.$ext" || return 1
    got=$(llvm-nm -g "$tmp/p.o" | awk '{print $NF}' | sort | tr '\n' ' ')
    echo "names: $got"
    [ "$got" = "$want" ]
}

# build_and_test NAME [VAR=VALUE...]: the library, the tool and every
# suite, then each suite run.
suites=$(ls test/test_*.c 2>/dev/null | sed 's|test/\(.*\)\.c|\1|')
build_and_test() {
    local name=$1 b="$tmp/$1"
    shift
    check "$name: make lib and suites" \
        env "$@" $MAKE --no-print-directory -k -j2 BUILD="$b" OUT="$b/" CC="$CC" \
            lib $(for s in $suites; do printf '%s ' "$b/test/$s$EXE"; done)
    if [ -z "$EXE" ]; then
        [ -f "$b/libmldsa.so" ] || return 0
        check "$name: libmldsa.so without text relocations" \
            eval '! readelf -dW '"$b/libmldsa.so"' | grep -q TEXTREL'
    fi
    for s in $suites; do
        check "$name: $s" env "$@" "${runner[@]}" "$b/test/$s$EXE"
    done
}
