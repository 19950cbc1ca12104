# limits.sh - every number a user gives is range-checked where it is read;
# a value above its limit is a located error, never a silent wrap
# (issue 9, item 2).  One case per limit of docs/limits.md that a command
# line or a test file can reach; the API's own checks are pinned by
# tests/unit/test_sim_api.c (sim_api_limits).
. "$(dirname "$0")/lib.sh"

# limit OPTION VALUE MESSAGE: simt run store.s OPTION VALUE is exit 1 with
# "OPTION: error: MESSAGE" and the directive line it became.
limit() {
	case_ "run $1 $2 is refused: $3"
	run 1 run "$DATA/store.s" "$1" "$2"
	err_has "$1: error: $3"
	out_is ""
}

limit --shared 4294967312 "shared=4294967312: must be 0..232448 (docs/limits.md)"
limit --shared 232449 "shared=232449: must be 0..232448"
limit --local 4294967296 "local=4294967296: must be 1..65536"
limit --local 65537 "local=65537: must be 1..65536"
limit --copy-latency 4294967297 "copy-latency=4294967297: must be 1..1000000"
limit --max-cycles 1000000000001 "max-cycles=1000000000001: must be 1..1000000000000"
limit --max-cycles 99999999999999999999 "number larger than 2^64-1"
limit --resident-ctas 4097 "resident=4097: must be 1..4096"
limit --threads 65 "threads=65: must be 1..64"
limit --cta-group 0 "cta-group=0: must be 1..4294967295"
limit --grid 2147483648 "grid x = 2147483648: must be 1..2147483647"
limit --grid 1,65536 "grid y = 65536: must be 1..65535"
limit --grid 1,1,65536 "grid z = 65536: must be 1..65535"
limit --block 1025 "block x = 1025: must be 1..1024"
limit --block 1,1025 "block y = 1025: must be 1..1024"
limit --block 1,1,65 "block z = 65: must be 1..64"
limit --block 64,32 "block of 2048 threads: at most 1024 per CTA"
limit --cluster 9 "cluster x = 9: must be 1..8 (docs/limits.md)"
limit --cluster 1,1,9 "cluster z = 9: must be 1..8"
limit --cluster 4,4 "cluster of 16 CTAs: at most 8 per cluster (docs/limits.md)"
limit --cluster 0 "cluster x = 0: must be 1..8"
limit --policy random:99999999999999999999 "bad seed in policy"
limit --buffer 'b=u8[268435457]:0' "count must be 1..268435456"
limit --buffer 'b=u64[33554433]:0' "buffer 'b' is larger than 256 MiB"

case_ "run: the option's directive is shown with a caret"
run 1 run "$DATA/store.s" --local 4294967296
err_is "--local: error: local=4294967296: must be 1..65536 (docs/limits.md)
 .launch local=4294967296
               ^"

case_ "run: .launch shared=4294967312 in the file is a located error"
printf '.launch shared=4294967312\nmain:\n        EXIT ;\n' > sh.s
run 1 run sh.s
err_is "sh.s:1:16: error: shared=4294967312: must be 0..232448 (docs/limits.md)
 .launch shared=4294967312
                ^"

case_ "test: the same file is a FAIL line naming the place"
printf '.launch shared=4294967312\nmain:\n        EXIT ;\n' > sh.s
run 1 test sh.s
out_has "FAIL sh.s: sh.s:1:16: shared=4294967312: must be 0..232448 (docs/limits.md)"

case_ "test: --resident-ctas is checked like the directive"
run 1 test --resident-ctas 0 "$DATA/store.s"
out_has "FAIL $DATA/store.s: command line: resident=0: must be 1..4096"

case_ "run: a grid that is not a multiple of the cluster is refused"
run 1 run "$DATA/store.s" --grid 3 --cluster 2
err_has "grid (3,1,1) is not a multiple of the cluster (2,1,1): grid x = 3 is not divisible by cluster x = 2"

case_ "run: the largest values are accepted"
run 0 run "$DATA/store.s" --shared 232448 --local 65536 --copy-latency 1000000 --resident-ctas 4096 --print out
out_is "out = {0, 1, 2, 3}"

case_ "run: static + dynamic shared above 227 KiB is refused at launch"
printf '.launch shared=232448\nmain:\n        EXIT ;\n\t.section .nv.shared.main,"aw",@nobits\n\t.zero 16\n' > st.s
run 1 run st.s
err_has "shared memory of 232464 bytes per CTA (16 static + 232448 dynamic): at most 232448 (227 KiB)"

case_ "run: resident CTAs whose state passes 1 GiB are refused"
run 1 run "$DATA/store.s" --grid 3000 --block 1024 --resident-ctas 1000
err_has "1000 resident CTAs need 2064 MiB of warp state, shared and local memory (limit 1024 MiB); lower --resident-ctas"

case_ "dis: --base is a whole number below 2^64"
"$SIMT" as "$DATA/store.s" -o k.o
run 2 dis --base -1 k.o
err_is "simt dis: --base: '-1' is not a whole number"
run 2 dis --base 18446744073709551616 k.o
err_is "simt dis: --base: 18446744073709551616 is larger than 18446744073709551615"

finish
