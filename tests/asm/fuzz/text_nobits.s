// fuzz: a .text section declared NOBITS (instructions need bytes)
	.section .text.k,"aw",@nobits   // error: a .text section cannot be NOBITS
	BRA `(.L1) ;
.L1:
	EXIT ;
