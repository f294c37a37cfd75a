#!/usr/bin/env python3
"""Static constant-time check of aarch64 code: the NEON poly ops and the
2-way Keccak kernels, in their disassembly.

Valgrind and MemorySanitizer cannot run the aarch64 backends here (the
suites run under qemu-user, which neither tool runs inside), so this checks
the compiled code itself.  In the functions of the given objects (the
NEON poly ops and the 2-way Keccak kernels), a value is secret when it
comes from memory into a general register inside a loop (the loops walk
the coefficients, the states and the inputs; what is loaded before them
is a parameter: a pointer, gamma2, *count) or from a SIMD register (where
the coefficients and the states are); what is computed from a secret is
secret, through general registers and the flags.  No secret may be an
address register (base or index) or decide a conditional branch
(b.cond on its flags, cbz/cbnz/tbz/tbnz on it); it may be stored, moved
back to SIMD registers, returned, or used in a conditional select.

Calls (bl) leave x0 public: each callee is checked where it is defined (the
generic C ones the backends fall back to are the valgrind harness's, on
x86-64).  The rejection samplers' front ends are not checked: FIPS 204
makes which candidates they keep public (the check rightly reports their
stores at the running count).  Nor are the functions of PUBLIC_INPUT, which
see only data the caller has declassified (ML_DSA_CT_DECLASSIFY, as the
valgrind harness sees it on x86-64): they are listed with the reason.  A
self-test first runs the check
on a leaky function (a secret lane as a table index and a branch) and must
see both.  Prints one line per function, then "N passed, N failed".
Usage: static_aarch64.py OBJDUMP OBJECT...
"""
import re
import subprocess
import sys

GPR = re.compile(r"\b([wx](?:[0-9]|[12][0-9]|30)|[wx]zr)\b")
SIMD = re.compile(r"\b(v[0-9]+|[bhsdq][0-9]+)\b")
BRANCH_COND = re.compile(r"^(b\.[a-z]+|cbz|cbnz|tbz|tbnz)$")
FLAG_SETTERS = {"cmp", "cmn", "tst", "subs", "adds", "ands", "bics",
                "ccmp", "ccmn", "negs", "sbcs", "adcs"}
FLAG_USERS = {"csel", "csinc", "csinv", "csneg", "cset", "csetm", "cinc",
              "cinv", "cneg", "adc", "sbc", "ngc"}


def parse(text):
    """{function: [(address, mnemonic, operands)]} from objdump -d."""
    funcs, cur = {}, None
    for line in text.splitlines():
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            cur = m.group(1)
            funcs[cur] = []
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m and cur is not None:
            ops = m.group(3).split("//")[0].strip()
            funcs[cur].append((int(m.group(1), 16), m.group(2), ops))
    return funcs


def norm(reg):
    """x5 and w5 are one register."""
    return reg[1:] if reg[0] in "wx" else reg


def branch_target(mnem, ops, func):
    """The target of a branch within func (a tail call is not one)."""
    if mnem == "b" or BRANCH_COND.match(mnem):
        m = re.search(r"\b([0-9a-f]+) <([^+>]+)", ops)
        if m and m.group(2) == func:
            return int(m.group(1), 16)
    return None


def address_regs(ops):
    """The registers of a memory operand ([base, index] and post-index)."""
    regs = []
    m = re.search(r"\[([^\]]*)\](.*)$", ops)
    if m:
        regs += GPR.findall(m.group(1)) + GPR.findall(m.group(2))
    return [norm(r) for r in regs if not r.endswith("zr")]


def check(insns, func):
    """The list of violations of one function."""
    loops = []
    for addr, mnem, ops in insns:
        t = branch_target(mnem, ops, func)
        if t is not None and t <= addr:
            loops.append((t, addr))

    def in_loop(a):
        return any(lo <= a <= hi for lo, hi in loops)

    bad = []
    state = {"tainted": set(), "flags": False}

    def step(addr, mnem, ops):
        tainted = state["tainted"]
        gprs = [norm(r) for r in GPR.findall(ops) if not r.endswith("zr")]
        simd = SIMD.findall(ops)
        is_mem = mnem.startswith(("ld", "st")) and "[" in ops
        where = "%x %s %s" % (addr, mnem, ops)
        if is_mem:
            for r in address_regs(ops):
                if r in tainted:
                    bad.append("secret address: " + where)
            if mnem.startswith("ld") and gprs and not simd:
                dest = gprs[:2] if mnem.startswith("ldp") else gprs[:1]
                base = address_regs(ops)
                if in_loop(addr) and base and base[0] != "sp":
                    tainted.update(dest)         # data
                else:
                    tainted.difference_update(dest)  # a parameter, a spill
            return
        if mnem in ("bl", "blr"):
            tainted.discard("0")
            return
        if BRANCH_COND.match(mnem):
            if (mnem.startswith("b.") and state["flags"]) or \
                    (not mnem.startswith("b.") and gprs and gprs[0] in tainted):
                bad.append("secret branch: " + where)
            return
        if mnem in ("b", "ret", "br", "nop"):
            return
        if mnem in FLAG_SETTERS:
            state["flags"] = any(r in tainted for r in gprs)
            if mnem in ("subs", "adds", "ands", "bics", "negs") and gprs:
                if any(r in tainted for r in gprs[1:]):
                    tainted.add(gprs[0])
                else:
                    tainted.discard(gprs[0])
            return
        first = ops.split(",")[0].strip()
        if GPR.fullmatch(first) and not first.endswith("zr"):
            dest = norm(first)
            if simd:
                tainted.add(dest)
            elif any(r in tainted for r in gprs[1:]) or \
                    (mnem in FLAG_USERS and state["flags"]):
                tainted.add(dest)
            else:
                tainted.discard(dest)

    # In address order: the state at an instruction is what falls through
    # to it joined with what each forward branch to it carried (only the
    # latter after a ret or an unconditional branch); at a loop's back edge
    # its body runs once more, so that what the end of the body taints
    # reaches its start.
    pending = {}
    falls = True
    for addr, mnem, ops in insns:
        carried = pending.pop(addr, None)
        if not falls:
            state["tainted"], state["flags"] = set(), False
        if carried is not None:
            state["tainted"] |= carried[0]
            state["flags"] = state["flags"] or carried[1]
        t = branch_target(mnem, ops, func)
        if t is not None and t > addr:
            old = pending.get(t, (set(), False))
            pending[t] = (old[0] | state["tainted"], old[1] or state["flags"])
        step(addr, mnem, ops)
        if t is not None and t <= addr:
            for a2, m2, o2 in insns:
                if t <= a2 <= addr:
                    step(a2, m2, o2)
        falls = mnem not in ("ret", "b", "br")
    return sorted(set(bad))


LEAKY = """
0000000000000000 <leaky>:
   0:	ld1	{v0.4s}, [x0], #16
   4:	umov	w1, v0.s[0]
   8:	ldr	w2, [x3, x1, lsl #2]
   c:	cbnz	w1, 4 <leaky+0x4>
  10:	ldr	x5, [x0], #8
  14:	eor	x6, x5, x4
  18:	tst	x6, #1
  1c:	b.eq	24 <leaky+0x24>
  20:	subs	x4, x4, #1
  24:	b.ne	0 <leaky>
  28:	ret
"""


# Functions whose every input is public where they are called, and why.
PUBLIC_INPUT = {
    "ossl_ml_dsa_hint_encode_neon":
        "HintBitPack of the released signature's hint (ml_dsa_sign.c "
        "declassifies h before it)",
}


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-1])
        print("0 passed, 1 failed")
        return 2
    passed = failed = 0
    found = check(parse(LEAKY)["leaky"], "leaky")
    kinds = {v.split(":")[0] for v in found}
    want = {"secret address", "secret branch"}
    if want <= kinds and len(found) >= 3:
        print("ok   self-test: the leaky function's index and branches are caught")
        passed += 1
    else:
        print("FAIL self-test: caught only %s" % sorted(kinds))
        failed += 1
    objdump = sys.argv[1]
    for obj in sys.argv[2:]:
        try:
            text = subprocess.run([objdump, "-d", "--no-show-raw-insn", obj],
                                  check=True, capture_output=True,
                                  text=True).stdout
        except (OSError, subprocess.CalledProcessError) as e:
            print("FAIL %s: %s" % (obj, e))
            failed += 1
            continue
        funcs = parse(text)
        if not funcs:
            print("FAIL %s: no functions" % obj)
            failed += 1
        for name, insns in sorted(funcs.items()):
            if name in PUBLIC_INPUT:
                passed += 1
                print("ok   %s %s (public input: %s)" % (obj, name,
                                                         PUBLIC_INPUT[name]))
                continue
            bad = check(insns, name)
            if bad:
                failed += 1
                print("FAIL %s %s" % (obj, name))
                for b in bad:
                    print("       " + b)
            else:
                passed += 1
                print("ok   %s %s (%d instructions)" % (obj, name, len(insns)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
