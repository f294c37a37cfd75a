"""The bookkeeping of the interop scripts (test/interop.py for the tool,
test/provider_interop.py for the provider): one line per case, and the
closing "N passed, N failed[, N skipped]" line that their shell suites add
to their own (test/summary.sh)."""
import sys

passed = failed = skipped = 0


def no_cryptography(error):
    """Python cryptography is absent, or too old for ML-DSA: one counted skip."""
    print(f"skip interop: Python cryptography with ML-DSA not available ({error})")
    print("0 passed, 0 failed, 1 skipped")
    sys.exit(0)


def case(name, cond, detail=""):
    """One case: passes when cond holds; detail says why it did not."""
    global passed, failed
    if cond:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name}{': ' + detail if detail else ''}")


def skip(name, why):
    """A part that cannot run here, counted."""
    global skipped
    skipped += 1
    print(f"skip {name}: {why}")


def finish():
    """The closing line, and the exit status: 1 when a case failed."""
    print(f"{passed} passed, {failed} failed" + (f", {skipped} skipped" if skipped else ""))
    sys.exit(1 if failed else 0)
