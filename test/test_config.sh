#!/usr/bin/env bash
# Build settings (the Makefile's $(BUILD)/config.mk), in a copy of the tree:
# settings given once are recorded and used by later makes in that BUILD
# (install does not rebuild with the defaults), `make config` reports them,
# a setting given again (command line or environment) overrides and is
# recorded anew, DESTDIR and V are not recorded, another BUILD has its own;
# clean keeps config.mk, distclean removes it; a program linked with
# -L. -lmldsa runs from the tree (libmldsa.so.0); install puts the provider
# module (when built) in LIBDIR/ossl-modules.  CC from the environment
# is the compiler, RUNNER (when set) runs that program.  One line per case,
# then "N passed, N failed, N skipped".
# Usage: bash test/test_config.sh [PATH_TO_mldsa]  (the tool is not used)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
skipped=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1${2:+: $2}"; fail=$((fail + 1)); }
# check NAME CMD...: CMD succeeds
check() {
    local name=$1
    shift
    if "$@" >"$T/out" 2>&1; then ok "$name"; else bad "$name" "$(tail -n 3 "$T/out")"; fi
}
. "$ROOT/test/tree.sh"
not_for_windows_cc "the shared library as libmldsa.so.0 found through LD_LIBRARY_PATH"

cc=${CC:-cc}
src="$T/src"
copy_tree "$src" || bad "copy of the tree"
m() { tree_make "$src" "$@"; }
# has_line FILE REGEX
has_line() { grep -Eq -- "$2" "$1"; }

check "make BUILD=x CC=... CFLAGS=-O3 NO_ASM=1 PREFIX=/opt/m builds" \
    m -j2 BUILD=x CC="$cc" CFLAGS=-O3 NO_ASM=1 PREFIX=/opt/m V=1 all
check "config.mk records CC, CFLAGS, NO_ASM, PREFIX" eval \
    'has_line "$src/x/config.mk" "^RECORDED_CC = $cc\$" &&
     has_line "$src/x/config.mk" "^RECORDED_CFLAGS = -O3\$" &&
     has_line "$src/x/config.mk" "^RECORDED_NO_ASM = 1\$" &&
     has_line "$src/x/config.mk" "^RECORDED_PREFIX = /opt/m\$"'
check "config.mk does not record V or a setting not given" eval \
    '! has_line "$src/x/config.mk" "RECORDED_(V|LDFLAGS|LIBDIR) "'

m BUILD=x config >"$T/config" 2>&1
check "make config: the recorded values, the defaults derived from them" eval \
    'has_line "$T/config" "^  CFLAGS +=.* -O3  \[recorded\]\$" &&
     has_line "$T/config" "^  NO_ASM +=.* 1  \[recorded\]\$" &&
     has_line "$T/config" "^  LIBDIR +=.* /opt/m/lib  \[default\]\$"'
check "make config: the derived ARCH and assembly" eval \
    'has_line "$T/config" "^  ARCH +=.* portable\$" &&
     has_line "$T/config" "^  assembly +=.* none\$"'
check "make BUILD=x: nothing to rebuild (make -q)" m -q BUILD=x all

m BUILD=x V=1 install DESTDIR="$T/dest" >"$T/install" 2>&1
check "make BUILD=x install DESTDIR=... installs under the recorded PREFIX" \
    test -f "$T/dest/opt/m/lib/libmldsa.a" -a -f "$T/dest/opt/m/bin/mldsa"
check "install compiled nothing (the recorded -O3 build is installed)" eval \
    '! grep -q -- " -c -o " "$T/install" && has_line "$src/x/config" "-O3" &&
     ! has_line "$src/x/config" "-O2 -g" &&
     cmp -s "$src/libmldsa.a" "$T/dest/opt/m/lib/libmldsa.a"'
check "DESTDIR is not recorded" eval '! grep -q DESTDIR "$src/x/config.mk"'
if has_line "$T/config" "^  provider +=.* providers/mldsa.so\$"; then
    check "install puts the OpenSSL provider in LIBDIR/ossl-modules, exporting its entry alone" \
        eval 'cmp -s "$src/providers/mldsa.so" "$T/dest/opt/m/lib/ossl-modules/mldsa.so" &&
              test "$(nm -D --defined-only "$T/dest/opt/m/lib/ossl-modules/mldsa.so" |
                      awk "{print \$3}")" = OSSL_provider_init'
else
    echo "skip the provider's install: $(sed -n 's/^  provider *= //p' "$T/config")"
    skipped=$((skipped + 1))
fi

m BUILD=y config >"$T/config-y" 2>&1
check "another BUILD has its own settings (the defaults)" eval \
    'has_line "$T/config-y" "^  CFLAGS +=.* -O2 -g  \[default\]\$" &&
     test ! -e "$src/y/config.mk" || ! grep -q RECORDED_ "$src/y/config.mk"'

TREE_ENV=CFLAGS=-O1 m BUILD=x config >"$T/config-env" 2>&1
check "CFLAGS in the environment overrides and is recorded" eval \
    'has_line "$T/config-env" "^  CFLAGS +=.* -O1  \[environment\]\$" &&
     has_line "$src/x/config.mk" "^RECORDED_CFLAGS = -O1\$" &&
     has_line "$src/x/config.mk" "^RECORDED_NO_ASM = 1\$"'
check "with the new flags there is something to rebuild" eval '! m -q BUILD=x all'
m BUILD=x CFLAGS=-O3 config >"$T/config-cl" 2>&1
check "CFLAGS on the command line overrides again" eval \
    'has_line "$T/config-cl" "^  CFLAGS +=.* -O3  \[command line\]\$" &&
     has_line "$src/x/config.mk" "^RECORDED_CFLAGS = -O3\$"'

cat >"$T/prog.c" <<'EOC'
#include <stdio.h>
#include <mldsa.h>
int main(void)
{
    printf("%zu\n", mldsa_public_key_bytes(MLDSA_65));
    return 0;
}
EOC
check "a program linked with -L. -lmldsa runs with LD_LIBRARY_PATH=." eval \
    'test -L "$src/libmldsa.so.0" &&
     "$cc" -I"$src/include" -o "$T/prog" "$T/prog.c" -L"$src" -lmldsa &&
     [ "$(LD_LIBRARY_PATH="$src" ${RUNNER:-} "$T/prog")" = 1952 ]'

m BUILD=x clean >/dev/null 2>&1
check "clean keeps config.mk, removes the rest" eval \
    'test -f "$src/x/config.mk" && test ! -e "$src/x/config" &&
     test ! -e "$src/libmldsa.so.0" && test ! -e "$src/libmldsa.a"'
m BUILD=x distclean >/dev/null 2>&1
check "distclean removes config.mk" test ! -e "$src/x"

echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
