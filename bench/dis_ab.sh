#!/bin/sh
# bench/dis_ab.sh - `simt dis` of two builds by CPU time, alternating, in the
# same run (perf stat task-clock, -r 10 per round; medians over the rounds).
#
#   sh bench/dis_ab.sh BEFORE AFTER [ROUNDS]     (default 7; run from the
#                                                 repo root after bench/run.sh)
B=$1; A=$2; R=${3:-7}; in=build/bench/simt.o; log=$(mktemp)
ms() { perf stat -r 10 -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'; }
i=0; while [ $i -lt $R ]; do i=$((i+1))
 echo "b $(ms $B dis "$in" -o /dev/null)" >>$log
 echo "a $(ms $A dis "$in" -o /dev/null)" >>$log
done
med() { grep "^$1 " $log | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
echo "before median $(med b) ms; after median $(med a) ms; rounds b: $(grep '^b' $log | awk '{printf "%s ", $2}') a: $(grep '^a' $log | awk '{printf "%s ", $2}')"
rm -f $log
