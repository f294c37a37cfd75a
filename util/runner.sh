# shellcheck shell=bash
# Sourced by util/run-tests, test/asm_matrix.sh and test/win64/run.sh: what
# a RUNNER (make test RUNNER=..., a command prefix that runs the built
# programs: an emulator such as 'qemu-s390x -L /usr/s390x-linux-gnu', or
# wine) needs around the programs it runs.

# runner_start: RUNNER split into words by the shell, into the array
# runner.  When RUNNER is set, exports MLDSA_TEST_RUNNER (a suite that
# starts itself again does so through it) and CK_TIMEOUT_MULTIPLIER
# (default 20: Check's timeouts are for native runs).  When it is wine,
# exports WINEDEBUG (default -all: no fixme lines, no wine32 hint) and keeps
# one wine server up for the whole run: Debian's wineserver quits the moment
# its last client has (-p0), and a program started in that moment dies with
# "wine client error:0: recvmsg: Connection reset by peer" (1 run in 400 of
# back-to-back runs on a loaded machine; none in 800 with the server kept).
# Call runner_stop on exit.
runner_start() {
    read -r -a runner <<<"${RUNNER:-}"
    [ -n "${RUNNER:-}" ] || return 0
    export MLDSA_TEST_RUNNER="$RUNNER"
    export CK_TIMEOUT_MULTIPLIER=${CK_TIMEOUT_MULTIPLIER:-20}
    case ${runner[0]##*/} in
    wine | wine64) runner_wine_start ;;
    esac
}

# runner_wine_start: the prefix made if there is none (wineserver needs it),
# then a persistent server, unless one runs already (its owner keeps it),
# and the prefix's services started with none of our output: they live as
# long as the server, and would hold a pipe such as make test | tee open.
runner_wine_start() {
    export WINEDEBUG=${WINEDEBUG:--all}
    command -v wineserver >/dev/null 2>&1 || return 0
    if [ ! -d "${WINEPREFIX:-$HOME/.wine}" ]; then
        wineboot -i </dev/null >/dev/null 2>&1
        wineserver -w </dev/null >/dev/null 2>&1
    fi
    wineserver -p </dev/null >/dev/null 2>&1 || return 0
    runner_wineserver=1
    wineboot </dev/null >/dev/null 2>&1
}

# runner_stop: ends the wine server that runner_start started, if it did.
runner_stop() {
    if [ -n "${runner_wineserver:-}" ]; then
        wineserver -k </dev/null >/dev/null 2>&1
        runner_wineserver=
    fi
}
