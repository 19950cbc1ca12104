// fuzz: .align before any byte of a fresh section (zero-length emit)
	.section .nv.constant2.k,"a"
	.align 4
