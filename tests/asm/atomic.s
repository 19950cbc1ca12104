// atomic.s - atomics and fences of isa/atomic.isa (ATOM ATOMG ATOMS RED
// MEMBAR FENCE FENCE.PROXY).  Format as in warp.s.
atomic:

// ---- ATOM (generic) -------------------------------------------------------------
ATOM.E.ADD R0, [R2.64], R5 ;
ATOM.E.EXCH.U64 R4, [R2.64+0x8], R6 ;
ATOM.E.CAS R0, [R2.64], R4, R5 ;
ATOM.E.ADD.F64 R4, [R2.64-0x8], R6 ;

// ---- ATOMG: every op, every legal type --------------------------------------------
ATOMG.E.ADD R0, [R2.64+0x10], R5 ;
ATOMG.E.ADD.S32 R0, [R2.64], R5 ;
ATOMG.E.ADD.U64 R0, [R2.64], R6 ;
ATOMG.E.ADD.F32 RZ, [R2.64], R7 ;
ATOMG.E.ADD.F64 R8, [R2.64], R10 ;
ATOMG.E.MIN R0, [R2.64], R5 ;
ATOMG.E.MIN.S32 R0, [R2.64], R5 ;
ATOMG.E.MIN.U64 R4, [R2.64], R6 ;
ATOMG.E.MIN.S64 R4, [R2.64], R6 ;
ATOMG.E.MAX R0, [R2.64], R5 ;
ATOMG.E.MAX.S32 R0, [R2.64], R5 ;
ATOMG.E.MAX.U64 R4, [R2.64], R6 ;
ATOMG.E.MAX.S64 R4, [R2.64], R6 ;
ATOMG.E.INC R0, [R2.64], R5 ;
ATOMG.E.DEC R0, [R2.64], R5 ;
ATOMG.E.AND R0, [R2.64], R5 ;
ATOMG.E.OR.U64 R0, [R2.64], R6 ;
ATOMG.E.XOR R0, [R2.64], R5 ;
ATOMG.E.EXCH R0, [R2.64], R5 ;
ATOMG.E.CAS R0, [R2.64], R4, R5 ;
ATOMG.E.CAS.U64 R4, [R2.64], R6, R8 ;
ATOMG.E.CAS.U64.ACQ_REL.SYS R4, [R2.64], R6, R8 ;
ATOMG.E.EXCH.ACQUIRE.CTA R0, [R2.64], R5 ;
ATOMG.E.ADD.RELEASE R0, [R2.64], R5 ;
@!P0 ATOMG.E.ADD.SYS R0, [R2.64], R5 ;
ATOMG.E.ADD.GPU.RELAXED.U32 R0, [R2.64], R5 ; // => ATOMG.E.ADD R0, [R2.64], R5
ATOMG.E.CAS R0, [R2.64], R4, RZ ;            // => ATOMG.E.CAS R0, [R2.64], R4
ATOMG.CTA.E.INC R0, [R2.64+-0x10], R5 ;      // => ATOMG.E.INC.CTA R0, [R2.64-0x10], R5

// ---- ATOMS --------------------------------------------------------------------------
ATOMS.ADD RZ, [R2], R3 ;
ATOMS.CAS R0, [R2+0x4], R4, R5 ;
ATOMS.MAX.S64 R4, [0x10], R6 ;
ATOMS.DEC R0, [R1-0x8], R5 ;
ATOMS.EXCH.U64 R2, [R4], R6 ;
ATOMS.ADD.F32.ACQ_REL.CTA R0, [R1], R2 ;

// ---- RED ----------------------------------------------------------------------------
RED.E.ADD [R2.64], R5 ;
RED.E.ADD.F32.RELEASE [R2.64+0x4], R5 ;
RED.E.MIN.S64 [R2.64], R4 ;
RED.E.OR.SYS [R2.64], R6 ;
RED.E.INC.CTA [R2.64], R6 ;

// ---- fences ---------------------------------------------------------------------------
MEMBAR.CTA ;
MEMBAR.GPU ;
@P0 MEMBAR.SYS ;
FENCE.SC.CTA ;
FENCE.SC.GPU ;
FENCE.SC.SYS ;
FENCE.ACQ_REL.CTA ;
FENCE.ACQ_REL.GPU ;
FENCE.ACQ_REL.SYS ;
FENCE.PROXY.ALIAS ;
FENCE.PROXY.ASYNC ;
FENCE.PROXY.ASYNC.GLOBAL ;
FENCE.PROXY.ASYNC.SHARED ;
FENCE.PROXY.ASYNC.ALL ;                      // => FENCE.PROXY.ASYNC

// ---- rejected -------------------------------------------------------------------------
ATOMG.E R0, [R2.64], R5 ;                    // error: ATOMG needs one of
ATOMG.ADD R0, [R2.64], R5 ;                  // error: ATOMG needs one of .E
ATOMG.E.ADD.S64 R0, [R2.64], R6 ;            // error: atomic .ADD takes .U32 .S32 .U64 .F32 .F64
ATOMG.E.MIN.F32 R0, [R2.64], R5 ;            // error: atomic .MIN/.MAX take .U32 .S32 .U64 .S64
ATOMG.E.INC.U64 R0, [R2.64], R6 ;            // error: atomic .INC/.DEC take only .U32
ATOMG.E.AND.S32 R0, [R2.64], R5 ;            // error: atomic .AND .OR .XOR .EXCH .CAS take .U32 or .U64
ATOMG.E.CAS.F32 R0, [R2.64], R4, R5 ;        // error: atomic .AND .OR .XOR .EXCH .CAS take .U32 or .U64
ATOMG.E.ADD R0, [R2.64], R4, R5 ;            // error: only .CAS takes a second source register
ATOMG.E.ADD.U64 R1, [R2.64], R6 ;            // error: a 64-bit atomic needs even registers
ATOMG.E.ADD.U64 R0, [R2.64], R5 ;            // error: a 64-bit atomic needs even registers
ATOMG.E.CAS.U64 R0, [R2.64], R4, R7 ;        // error: a 64-bit atomic needs even registers
ATOMG.E.ADD.CTA.SYS R0, [R2.64], R5 ;        // error: modifier
ATOMG.E.ADD R0, [R2], R5 ;                   // error: .64
ATOMS.ADD R0, [R2.64], R5 ;                  // error: no form of ATOMS takes
RED.E.CAS [R2.64], R5 ;                      // error: RED has no .EXCH or .CAS
RED.E.ADD.ACQUIRE [R2.64], R5 ;              // error: RED orders only .RELAXED or .RELEASE
MEMBAR ;                                     // error: MEMBAR needs one of .CTA .GPU .SYS
FENCE.SC ;                                   // error: FENCE needs one of .CTA .GPU .SYS
FENCE.GPU ;                                  // error: FENCE needs one of .SC .ACQ_REL
FENCE.PROXY ;                                // error: FENCE.PROXY needs one of .ALIAS .ASYNC
FENCE.PROXY.ALIAS.GLOBAL ;                   // error: FENCE.PROXY.ALIAS takes no state space
