// Sections, data directives and symbol directives of the listing style.
	.section	.nv.constant2.brx_test,"a",@"SHT_CUDA_CONSTANT_B2"
	.sectionflags	@""
	.align	4
	.type		brx_test.table,@"STT_CUDA_OBJECT"
	.size		brx_test.table,(.L_0 - brx_test.table)
	.other		brx_test.table,@"STO_CUDA_CONSTANT STV_INTERNAL"
brx_test.table:
        /*0000*/ 	.word	(.L_x_1 - .text.brx_test)
        /*0004*/ 	.word	(.L_x_2 - .text.brx_test), 7, -1
        .byte 1, 2, 0xff
        .align 8
        .dword 0x123456789
        .zero 12
.L_0:
	.section	.text.brx_test,"ax",@progbits
	.sectioninfo	@"SHI_REGISTERS=24"
	.align	128
        .global         brx_test
        .type           brx_test,@function
        .size           brx_test,(.L_end - brx_test)
brx_test:
.text.brx_test:
        /*0000*/   BSSY B0, `(.L_x_2) ;
        /*0010*/   BRX R6, `(.text.brx_test - . - 0x10) (*"BRANCH_TARGETS .L_x_1,.L_x_2"*) ;
.L_x_1:
        /*0020*/   BSYNC B0 ;
.L_x_2:
        /*0030*/   EXIT ;
.L_end:
	.section .nv.shared.brx_test,"aw",@nobits
        .zero 256
