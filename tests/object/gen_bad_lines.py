#!/usr/bin/env python3
# gen_bad_lines.py - writes tests/object/bad/lines_*.elf and branch_*.elf
# (with their .expect messages) by patching one field of
# tests/object/good/lines.elf (`simt as brx_labels.s` run in tests/dis: a
# kernel with a line table and an indirect branch).  Each file breaks one
# rule of the line table or of INDIRECT_BRANCH_TARGETS
# (docs/object-format.md); the reader must refuse it with the message in
# NAME.expect (tests/unit/test_object_bad.c).  Run from the repository root.
import struct

good = open("tests/object/good/lines.elf", "rb").read()

def shdr(img, name):
    shoff, = struct.unpack_from("<Q", img, 40)
    n, strx = struct.unpack_from("<HH", img, 60)
    names, = struct.unpack_from("<Q", img, shoff + strx * 64 + 24)
    for i in range(n):
        h = shoff + i * 64
        nm, = struct.unpack_from("<I", img, h)
        end = img.index(b"\0", names + nm)
        if img[names + nm:end].decode() == name:
            return h
    raise KeyError(name)

LINES = ".nv.simt.lines.brx_labels"
INFO = ".nv.info.brx_labels"

def section(name):
    off, = struct.unpack_from("<Q", good, shdr(good, name) + 24)
    return off

# (file, where: "sec"/"hdr", section, offset, format, value, expected message)
cases = [
    ("lines_size", "sec", LINES, 4, "<I", 13,
     "(.nv.simt.lines.brx_labels): header (1 files, 13 + 0 rows, 13 string bytes) needs 0xbd bytes, the section has 0xb1"),
    ("lines_pc_order", "sec", LINES, 0x20, "<I", 0,
     "site row 1 (pc 0x0, file 0, line 10): pc does not increase"),
    ("lines_file_index", "sec", LINES, 0x34, "<H", 3,
     "site row 2 (pc 0x20, file 3, line 11): file index out of range"),
    ("lines_pc_outside", "sec", LINES, 0x98, "<I", 0xc0,
     "site row 11 (pc 0xc0, file 0, line 25): pc lies outside the text"),
    ("lines_line_zero", "sec", LINES, 0x18, "<I", 0,
     "site row 0 (pc 0x0, file 0, line 0): line 0 with a file, or a line without one"),
    ("lines_name_offset", "sec", LINES, 0x10, "<I", 0x20,
     "file name 0 at 0x20 lies outside the strings"),
    ("lines_name_nul", "sec", LINES, 0xb0, "<B", 0x78,
     "the file names do not end with a NUL"),
    ("lines_info", "hdr", LINES, 44, "<I", 7,
     "section 5 (.nv.simt.lines.brx_labels): info 7 is not the code section of kernel brx_labels"),
    ("lines_flags", "hdr", LINES, 8, "<Q", 0x42,
     "line table with flags 0x42, link 0 (wants flags I, link 0)"),
    ("branch_target", "sec", INFO, 0x44, "<I", 0x74,
     "branch target 0x74 is not an instruction of the kernel"),
    ("branch_at", "sec", INFO, 0x3c, "<I", 0xc0,
     "branch at 0xc0 is not an instruction of the kernel"),
]

for name, where, sec, off, fmt, value, expect in cases:
    img = bytearray(good)
    at = shdr(good, sec) + off if where == "hdr" else section(sec) + off
    struct.pack_into(fmt, img, at, value)
    open(f"tests/object/bad/{name}.elf", "wb").write(img)
    open(f"tests/object/bad/{name}.expect", "w").write(expect + "\n")
