#!/usr/bin/env python3
"""bench/dis_mutate.py OBJ OUTDIR [SEED]: bare-word files for `simt dis --raw`
made from the instruction words of OBJ's .text sections with 0-3 random
bits flipped each (8 files of 4,000 words; deterministic for a seed).
bench/dis_identity.sh lists them with two builds: most flips leave a word
that does not decode (no opcode, stray bits, an enum hole, an odd register
pair, an __Exception rule), the rest another valid instruction."""
import random
import struct
import sys


def words_of(data):
    shoff = struct.unpack_from('<Q', data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    secs = [struct.unpack_from('<IIQQQQIIQQ', data, shoff + i * shentsize)
            for i in range(shnum)]
    names = secs[shstrndx][4]
    out = []
    for s in secs:
        name = data[names + s[0]:data.index(b'\0', names + s[0])]
        if name.startswith(b'.text') and s[1] == 1:  # SHT_PROGBITS
            text = data[s[4]:s[4] + s[5]]
            out += [text[i:i + 16] for i in range(0, len(text) - 15, 16)]
    return out


def main():
    words = words_of(open(sys.argv[1], 'rb').read())
    rnd = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 13)
    for f in range(8):
        out = bytearray()
        for w in rnd.sample(words, min(len(words), 4000)):
            x = int.from_bytes(w, 'little')
            for _ in range(rnd.randint(0, 3)):
                x ^= 1 << rnd.randrange(128 if rnd.random() < 0.3 else 64)
            out += x.to_bytes(16, 'little')
        with open('%s/m%d.bin' % (sys.argv[2], f), 'wb') as fh:
            fh.write(out)


main()
