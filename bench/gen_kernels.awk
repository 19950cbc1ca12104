# gen_kernels.awk - a source of n kernels (awk -v n=5000 -f gen_kernels.awk),
# each in its own .text section with a global symbol, a local label, a loop
# and an EXIT: the input of bench/kernels_bench.sh (assembly must stay
# linear in the number of kernels).
BEGIN {
	for (k = 0; k < n; k++) {
		printf "\t.section .text.k%d,\"ax\",@progbits\n", k
		printf "\t.global k%d\n\t.type k%d,@function\n", k, k
		printf "k%d:\n", k
		printf "        MOV R1, 0x%x ;\n", k
		printf ".L_%d:\n", k
		printf "        IADD3 R1, R1, 0x1, RZ ;\n"
		printf "        BRA `(.L_%d) ;\n", k
		printf "        EXIT ;\n"
	}
}
