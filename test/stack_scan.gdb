# gdb -batch -x test/stack_scan.gdb --args PROGRAM ARGS...: run PROGRAM and,
# as it calls exit_group, search its stack and heap for each of the byte
# strings that the environment variable SCAN_HEX lists, in hex, separated
# by commas (in hex, so that the environment, on the stack too, does not
# hold them); prints "scan stack found|clean" and "scan heap found|clean":
# found when any of them is there.  (A secret that is wiped is not.)
set pagination off
set confirm off
catch syscall exit_group
run
python
import os
markers = [bytes.fromhex(h) for h in os.environ["SCAN_HEX"].split(",") if h]
inf = gdb.selected_inferior()
hits = {"stack": False, "heap": False}
for line in gdb.execute("info proc mappings", to_string=True).splitlines():
    parts = line.split()
    if len(parts) < 2 or not parts[0].startswith("0x"):
        continue
    kind = "stack" if "[stack]" in line else "heap" if "[heap]" in line else None
    if kind is None:
        continue
    start, end = int(parts[0], 16), int(parts[1], 16)
    for marker in markers:
        if inf.search_memory(start, end - start, marker) is not None:
            hits[kind] = True
for kind in ("stack", "heap"):
    print("scan", kind, "found" if hits[kind] else "clean")
end
kill
quit
