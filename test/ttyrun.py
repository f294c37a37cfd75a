#!/usr/bin/env python3
"""Run a command on a new terminal (a pty), as a person at the keyboard.

Each ANSWER is typed (Python escapes: \\n, \\x03 for Ctrl-C) when the
command's output shows one more "password" (or "seed") prompt.  Prints
"exit N echo on|off" (the terminal's echo after the command ended: a
prompt must give it back), then what the terminal showed.
usage: ttyrun.py ANSWER... -- COMMAND [ARG...]
"""
import os
import pty
import sys
import termios

PROMPTS = (b"password for", b"seed for")


def main(argv):
    sep = argv.index("--")
    answers = [a.encode().decode("unicode_escape").encode("latin-1") for a in argv[1:sep]]
    cmd = argv[sep + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(cmd[0], cmd)
    seen = b""

    def more():
        nonlocal seen
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            return False
        seen += chunk
        return chunk != b""

    asked = 0
    for answer in answers:
        while sum(seen.count(p) for p in PROMPTS) <= asked and more():
            pass
        asked += 1
        os.write(fd, answer)
    while more():
        pass
    _, status = os.waitpid(pid, 0)
    try:
        echo = "on" if termios.tcgetattr(fd)[3] & termios.ECHO else "off"
    except termios.error:
        echo = "unknown"
    code = os.waitstatus_to_exitcode(status)
    print("exit", code if code >= 0 else "signal %d" % -code, "echo", echo)
    sys.stdout.write(seen.decode("utf-8", "replace"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
