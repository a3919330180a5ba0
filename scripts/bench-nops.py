#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# bench-nops.py VMLINUX FUNCTION...: the static-key sites of tracepoints in
# each FUNCTION of an x86_64 vmlinux, and whether each is a NOP as built
# (a disabled tracepoint then costs its NOP and nothing else).
#
# The sites come from the jump table (__start___jump_table to
# __stop___jump_table, in .data): on x86_64 each entry holds
# three offsets relative to their own address (the code, the target, the
# static key; the key's low two bits are flags).  A site belongs to a
# tracepoint when its key is the "key" member of a __tracepoint_NAME
# object (struct tracepoint: a name pointer, then the key).  A site is a
# NOP when its bytes are the 5-byte NOP (0f 1f 44 00 00) or the 2-byte one
# (66 90) objtool may shorten it to.  Prints one line per function and
# exits 1 if a function is missing, a site is not a NOP, or no function
# has a tracepoint site at all.

import struct
import subprocess
import sys

NOPS = (bytes.fromhex('0f1f440000'), bytes.fromhex('6690'))


def sections(vmlinux):
    """{name: (address, file offset, size)} from readelf."""
    out = subprocess.run(['readelf', '-SW', vmlinux], capture_output=True,
                         text=True, check=True).stdout
    res = {}
    for line in out.splitlines():
        f = line.replace('[ ', '[').split()
        if len(f) > 6 and f[0].startswith('[') and f[0] != '[Nr]':
            res[f[1]] = (int(f[3], 16), int(f[4], 16), int(f[5], 16))
    return res


def symbols(vmlinux):
    """{name: (address, size)} from nm."""
    out = subprocess.run(['nm', '-S', vmlinux], capture_output=True,
                         text=True, check=True).stdout
    res = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4:
            res[f[3]] = (int(f[0], 16), int(f[1], 16))
        elif len(f) == 3:
            res[f[2]] = (int(f[0], 16), 0)
    return res


def main():
    vmlinux, funcs = sys.argv[1], sys.argv[2:]
    secs, syms = sections(vmlinux), symbols(vmlinux)
    keys = {addr + 8: name[len('__tracepoint_'):]
            for name, (addr, _) in syms.items()
            if name.startswith('__tracepoint_')}
    with open(vmlinux, 'rb') as f:
        image = f.read()

    def read(addr, n):
        for a, off, size in secs.values():
            if a <= addr < a + size and a:
                return image[off + addr - a:off + addr - a + n]
        return b''

    if '__start___jump_table' not in syms:
        print('nops: no jump table (CONFIG_JUMP_LABEL off)')
        return 1
    jt_start = syms['__start___jump_table'][0]
    jt = read(jt_start, syms['__stop___jump_table'][0] - jt_start)
    sites = []
    for i in range(0, len(jt) - 15, 16):
        code, _, key = struct.unpack_from('<iiq', jt, i)
        a = jt_start + i
        sites.append((a + code, (a + 8 + key) & ~3))

    bad = total = 0
    for fn in funcs:
        if fn not in syms:
            print(f'nops: {fn}: no such symbol')
            bad = 1
            continue
        start, size = syms[fn]
        mine = [(c, keys[k]) for c, k in sites
                if start <= c < start + size and k in keys]
        nops = [(c, t) for c, t in mine
                if any(read(c, len(n)) == n for n in NOPS)]
        events = sorted({t for _, t in mine})
        print(f'nops: {fn}: {len(nops)} of {len(mine)} tracepoint sites '
              f'are NOPs ({", ".join(events) or "none"})')
        total += len(mine)
        if len(nops) != len(mine):
            bad = 1
    return bad or not total


if __name__ == '__main__':
    sys.exit(main())
