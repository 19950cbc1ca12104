// brx_test.s - an indirect branch through a jump table, in the listing style
// of the seed's brx_test (seeds/001, BRX) rewritten for the simtkit ISA.
//
// The jump table lives in constant bank 2 (.nv.constant2.brx_test): four
// 32-bit entries, each the distance of a case label from the start of the
// kernel.  The kernel scales the case number in R6 by 4, loads the entry with
// a register-indexed LDC, sign-extends it into R7 (so R[6:7] is a signed
// 64-bit distance, as NVIDIA's code does) and jumps with
//     BRX R6, (.text.brx_test - .) - 0x10
// i.e. target = PC + 16 + R6 + (kernel start - PC - 16) = kernel start + R6.
// BSSY/BSYNC B0 and B1 reconverge the cases.  Differences from the seed:
// the LDC names its bank (c[0x2][...]) and the seed's final
// `RET.ABS.NODEC R20 0x0` (no .NODEC modifier exists here) is an EXIT, so
// the example runs as a kernel: with R6 = 0 it takes case 0 (R4 = R4 + 1).

//--------------------- .nv.constant2.brx_test    --------------------------
	.section	.nv.constant2.brx_test,"a",@"SHT_CUDA_CONSTANT_B2"
	.sectionflags	@""
	.align	4
	.type		brx_test.const_opt.0.16,@"STT_CUDA_OBJECT"
	.size		brx_test.const_opt.0.16,(.L_0 - brx_test.const_opt.0.16)
	.other		brx_test.const_opt.0.16,@"STO_CUDA_CONSTANT STV_INTERNAL"
brx_test.const_opt.0.16:
.nv.constant2.brx_test:
        /*0000*/ 	.word	(.L_x_7 - .text.brx_test)
        /*0004*/ 	.word	(.L_x_8 - .text.brx_test)
        /*0008*/ 	.word	(.L_x_9 - .text.brx_test)
        /*000c*/ 	.word	(.L_x_10 - .text.brx_test)
.L_0:

//--------------------- .text.brx_test            --------------------------
	.section	.text.brx_test,"ax",@progbits
	.sectioninfo	@"SHI_REGISTERS=24"
	.align	128
        .global         brx_test
        .type           brx_test,@function
        .size           brx_test,(.L_x_15 - brx_test)
brx_test:
.text.brx_test:
        /*0000*/                   BSSY B0, `(.L_x_0) ;
        /*0010*/                   IMAD.SHL.U32 R6, R6, 0x4, RZ ;
        /*0020*/                   BSSY B1, `(.L_x_1) ;
        /*0030*/                   IADD3 R0, R6, 0x8000, RZ ;
        /*0040*/                   LDC R6, c[0x2][R0+`((brx_test.const_opt.0.16 + -0x8000))] ;  // 32-bit table entry
        /*0050*/                   SHF.R.S32.HI R7, RZ, 0x1f, R6 ;                               // sign into R7
.L_x_6:
        /*0060*/                   BRX R6 `(((.text.brx_test - .) - 0x10))               (*"BRANCH_TARGETS .L_x_7,.L_x_8,.L_x_9,.L_x_10"*) ;
.L_x_7:
        /*0070*/                   IADD3 R4, R4, 0x1, RZ ;
        /*0080*/                   BRA `(.L_x_3) ;
.L_x_8:
        /*0090*/                   SHF.L.U32 R4, R4, 0x1, RZ ;
        /*00a0*/                   BRA `(.L_x_3) ;
.L_x_9:
        /*00b0*/                   IADD3 R4, R4, -0x3, RZ ;
.L_x_3:
        /*00c0*/                   BSYNC B1 ;
.L_x_1:
        /*00d0*/                   BRA `(.L_x_4) ;
.L_x_10:
        /*00e0*/                   EXIT ;
.L_x_4:
        /*00f0*/                   BSYNC B0 ;
.L_x_0:
        /*0100*/                   EXIT ;
.L_x_5:
        /*0110*/                   BRA `(.L_x_5) ;
.L_x_15:
