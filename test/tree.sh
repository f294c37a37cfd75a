# Sourced by the shell tests that build a copy of the tree
# (test_reproducible.sh, test_config.sh); needs ROOT, the tree's top.

# not_for_windows_cc WHAT: a Windows CC (make test RUNNER=wine) builds none
# of WHAT, which the test checks: one counted skip and exit (the DLL and its
# install are test/cross_windows.sh's).
not_for_windows_cc() {
    case $(${CC:-cc} -dumpmachine 2>/dev/null) in
    *mingw* | *windows*)
        echo "skip $(basename "$0"): checks $1, not a Windows build"
        echo "0 passed, 0 failed, 1 skipped"
        exit 0 ;;
    esac
}

# copy_tree DIR: the sources as they are in the work tree (tracked and new
# files, not the build outputs, nor the 28 MB of test/vectors, which no
# build reads) into DIR, or every file but those when the tree is not a git
# checkout.
copy_tree() {
    mkdir -p "$1" || return 1
    if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
        (cd "$ROOT" && git ls-files -co --exclude-standard -z -- . ':!test/vectors' |
            tar --null -T - -cf -) | tar -xf - -C "$1"
    else
        (cd "$ROOT" && tar --exclude='./build*' --exclude='./libmldsa.*' \
            --exclude='./apps/mldsa' --exclude='./test/vectors' -cf - .) | tar -xf - -C "$1"
    fi
}

# tree_make DIR ARGS...: make in DIR with ARGS only, none of the settings a
# make that runs the test passes down (MAKEFLAGS, and the recorded
# variables in the environment, which that make would record); TREE_ENV,
# words VAR=VALUE, puts those in its environment.
tree_make() {
    local dir=$1
    shift
    env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u CC -u AR -u PERL -u OBJCOPY \
        -u CFLAGS -u CPPFLAGS -u LDFLAGS -u NO_ASM -u NO_OPENSSL -u SANITIZE \
        -u CT -u PCT -u CONTRACTS -u ASM_FLAVOUR -u RUNNER -u OUT -u PREFIX -u LIBDIR -u INCLUDEDIR \
        -u BINDIR -u MANDIR -u DESTDIR -u BUILD -u V ${TREE_ENV:-} \
        make -C "$dir" --no-print-directory "$@"
}
