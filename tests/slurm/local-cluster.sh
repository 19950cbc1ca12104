#!/bin/sh
# local-cluster.sh - `make check-slurm`: start a one-node Slurm cluster on
# localhost (munge + slurmctld + slurmd, private config, state and ports in
# a temporary directory; needs root and Debian's slurm-wlm and munge), run
# the repository's simulator suite as a 4-task job array through
# tools/slurm/simt-array.sbatch, merge the shards' JUnit reports and check
# that the merged report has exactly the testcases and verdicts of a local
# `simt test` run.  Stops every daemon it started, whatever happens.
set -u
simt=$(realpath "${1:-build/simt}")
tasks=4
d=$(mktemp -d /tmp/simt-slurm.XXXXXX)
chmod 755 "$d"
pids=""
cleanup() {
	[ -n "$pids" ] && kill $pids 2>/dev/null
	sleep 1
	[ -n "$pids" ] && kill -9 $pids 2>/dev/null
	rm -rf "$d"
}
trap cleanup EXIT INT TERM
die() { echo "FAIL slurm: $*"; for f in "$d"/*.log; do [ -f "$f" ] && tail -n 5 "$f"; done; echo "0 passed, 1 failed"; exit 1; }
for t in munged slurmctld slurmd sbatch; do
	command -v $t >/dev/null || [ -x /usr/sbin/$t ] || die "$t not installed (apt-get install slurm-wlm munge)"
done
PATH=$PATH:/usr/sbin
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
p1=$(port); p2=$(port)
mkdir -p "$d/state" "$d/spool" "$d/munge" "$d/out"
# munge with its own socket and key, so a system munged is left alone
dd if=/dev/urandom of="$d/munge/key" bs=1024 count=1 2>/dev/null
chmod 600 "$d/munge/key"
munged --force -S "$d/munge/sock" --key-file="$d/munge/key" \
	--pid-file="$d/munge/pid" --log-file="$d/munge.log" --seed-file="$d/munge/seed" || die "munged did not start"
pids="$(cat "$d/munge/pid")"
cat >"$d/slurm.conf" <<CONF
ClusterName=simtkit
SlurmctldHost=localhost(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge/sock
CredType=cred/munge
SlurmctldPort=$p1
SlurmdPort=$p2
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/slurmctld.pid
SlurmdPidFile=$d/slurmd.pid
SlurmctldLogFile=$d/slurmctld.log
SlurmdLogFile=$d/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=simtnode NodeAddr=127.0.0.1 NodeHostname=$(hostname -s) CPUs=$(nproc) State=UNKNOWN
PartitionName=simt Nodes=simtnode Default=YES MaxTime=60 State=UP
CONF
export SLURM_CONF="$d/slurm.conf"
slurmctld -f "$SLURM_CONF" || die "slurmctld did not start"
slurmd -f "$SLURM_CONF" -N simtnode || die "slurmd did not start"
sleep 1
pids="$pids $(cat "$d/slurmctld.pid" 2>/dev/null) $(cat "$d/slurmd.pid" 2>/dev/null)"
i=0
until sinfo -h -o %T 2>/dev/null | grep -q idle; do
	i=$((i + 1)); [ $i -gt 60 ] && die "the node never became idle"; sleep 1
done
files=$(ls "$PWD"/tests/sim/*.s)
t0=$(date +%s.%N)
timeout 600 sbatch --wait --array=1-$tasks --chdir="$PWD" \
	tools/slurm/simt-array.sbatch "$d/out" "$simt" $files >"$d/sbatch.log" 2>&1 \
	|| die "the job array failed: $(cat "$d/sbatch.log")"
t1=$(date +%s.%N)
python3 tools/slurm/merge-junit.py "$d/merged.xml" "$d"/out/shard-*.xml >/dev/null || die "merge"
"$simt" test --junit "$d/local.xml" $files >/dev/null 2>&1
verdicts() { python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
for c in sorted(ET.parse(sys.argv[1]).getroot().iter("testcase"), key=lambda c: c.get("name")):
    print(c.get("name"), "fail" if c.find("failure") is not None else "ok")
PY
}
verdicts "$d/merged.xml" >"$d/merged.txt"; verdicts "$d/local.xml" >"$d/local.txt"
n=$(wc -l <"$d/local.txt")
if cmp -s "$d/merged.txt" "$d/local.txt" && [ "$n" -eq "$(echo $files | wc -w)" ]; then
	printf 'ok slurm: %d files over a %d-task job array = the local run (array %.1f s)\n' \
		"$n" "$tasks" "$(awk "BEGIN{print $t1 - $t0}")"
	echo "1 passed, 0 failed"
else
	diff "$d/local.txt" "$d/merged.txt" | head
	die "merged report differs from the local run"
fi
