#!/bin/sh
# bench/dis_identity.sh - a speed change to the disassembler must not change
# one byte: `simt dis` of two builds on the objects of every tests/**/*.s and
# examples/*.s (assembled by BEFORE), in five flag sets, on the bench object,
# on two bad inputs and on 32,000 bench words with random bits flipped
# (bench/dis_mutate.py, when python3 is there); stdout, stderr and the exit
# status must match.
#
#   sh bench/dis_identity.sh BEFORE AFTER        (from the repo root)
B=$1; A=$2; D=$(mktemp -d); n=0; bad=0
i=0
for s in $(find tests examples -name '*.s' | sort); do
  i=$((i+1)); o=$D/o$i.o
  "$B" as "$s" -o "$o" >/dev/null 2>&1 || continue
  for fl in "" "--hex" "--lines" "--no-labels --no-addr" "--raw"; do
    "$B" dis $fl "$o" >$D/b.out 2>$D/b.err; rb=$?
    "$A" dis $fl "$o" >$D/a.out 2>$D/a.err; ra=$?
    n=$((n+1))
    if ! cmp -s $D/a.out $D/b.out || ! cmp -s $D/a.err $D/b.err || [ $ra != $rb ]; then bad=$((bad+1)); echo "DIFF $s [$fl]"; fi
  done
  rm -f "$o"
done
for fl in "" "--hex" "--lines"; do
  "$B" dis $fl build/bench/simt.o >$D/b.out 2>&1; "$A" dis $fl build/bench/simt.o >$D/a.out 2>&1
  n=$((n+1)); cmp -s $D/a.out $D/b.out || { bad=$((bad+1)); echo "DIFF bench [$fl]"; }
done
# bad input: random bytes, truncated object, corrupted words
head -c 1000 /dev/urandom > $D/rnd.bin 2>/dev/null
for f in build/bench/simt.o; do head -c 5000 $f > $D/trunc.o; done
for x in $D/rnd.bin $D/trunc.o; do for fl in "" "--raw"; do
  "$B" dis $fl $x >$D/b.out 2>&1; rb=$?; "$A" dis $fl $x >$D/a.out 2>&1; ra=$?
  n=$((n+1)); { cmp -s $D/a.out $D/b.out && [ $ra = $rb ]; } || { bad=$((bad+1)); echo "DIFF bad $x [$fl]"; }
done; done
# mutated words (bench/dis_mutate.py): every way a word can fail to decode,
# and valid neighbours of the bench's instructions, through --raw
if command -v python3 >/dev/null 2>&1 &&
   python3 bench/dis_mutate.py build/bench/simt.o $D 13 2>/dev/null; then
  for x in $D/m*.bin; do for fl in "" "--hex"; do
    "$B" dis --raw $fl $x >$D/b.out 2>&1; rb=$?; "$A" dis --raw $fl $x >$D/a.out 2>&1; ra=$?
    n=$((n+1)); { cmp -s $D/a.out $D/b.out && [ $ra = $rb ]; } || { bad=$((bad+1)); echo "DIFF mutated $x [$fl]"; }
  done; done
fi
echo "identity: $n compared, $bad differ"
rm -rf "$D"
[ "$bad" -eq 0 ]
