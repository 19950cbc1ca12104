/*
 * ops.h - the PTX vocabulary as X-macro tables (internal to src/ptx).
 *
 * Every list that must agree (enum, spelling, size, class, operand shape,
 * accepted modifier classes, target gates) is generated from the rows here;
 * nothing else in src/ptx keeps a parallel list.  Included by ptx.h only.
 */
#ifndef SIMT_PTX_OPS_H
#define SIMT_PTX_OPS_H

/*
 * Fundamental types: id, spelling, size in bits, kind.
 * Kinds: 'b' bits, 'u' unsigned, 's' signed, 'f' float, 'p' predicate,
 * 'x' packed/special (f16x2, bf16x2, ...), treated as bits for sizing.
 */
#define PTX_TYPES(X)                                                           \
	X(B8, "b8", 8, 'b')                                                    \
	X(B16, "b16", 16, 'b')                                                 \
	X(B32, "b32", 32, 'b')                                                 \
	X(B64, "b64", 64, 'b')                                                 \
	X(B128, "b128", 128, 'b')                                              \
	X(U8, "u8", 8, 'u')                                                    \
	X(U16, "u16", 16, 'u')                                                 \
	X(U32, "u32", 32, 'u')                                                 \
	X(U64, "u64", 64, 'u')                                                 \
	X(S8, "s8", 8, 's')                                                    \
	X(S16, "s16", 16, 's')                                                 \
	X(S32, "s32", 32, 's')                                                 \
	X(S64, "s64", 64, 's')                                                 \
	X(F16, "f16", 16, 'f')                                                 \
	X(F16X2, "f16x2", 32, 'x')                                             \
	X(BF16, "bf16", 16, 'f')                                               \
	X(BF16X2, "bf16x2", 32, 'x')                                           \
	X(TF32, "tf32", 32, 'x')                                               \
	X(F32, "f32", 32, 'f')                                                 \
	X(F64, "f64", 64, 'f')                                                 \
	X(U16X2, "u16x2", 32, 'x')                                             \
	X(S16X2, "s16x2", 32, 'x')                                             \
	X(E4M3X2, "e4m3x2", 16, 'x')                                           \
	X(E5M2X2, "e5m2x2", 16, 'x')                                           \
	X(PRED, "pred", 1, 'p')

/* State spaces: id, spelling. */
#define PTX_SPACES(X)                                                          \
	X(REG, "reg")                                                          \
	X(SREG, "sreg")                                                        \
	X(CONST, "const")                                                      \
	X(GLOBAL, "global")                                                    \
	X(LOCAL, "local")                                                      \
	X(PARAM, "param")                                                      \
	X(SHARED, "shared")                                                    \
	X(SHARED_CTA, "shared::cta")                                           \
	X(SHARED_CLUSTER, "shared::cluster")                                   \
	X(PARAM_ENTRY, "param::entry")                                         \
	X(PARAM_FUNC, "param::func")                                           \
	X(TEX, "tex")

/*
 * Instruction modifiers other than types and state spaces: class, id,
 * spelling.  A class is one typed field of ptx_insn (sem, scope, rnd, cmp,
 * op, vec, cache, mode) or FLAG (one bit of ptx_insn.flags).
 * `.lo`/`.hi` are MODE (mul.lo) except on setp/set, where they compare.
 */
#define PTX_MODS(X)                                                            \
	X(SEM, RELAXED, "relaxed")                                             \
	X(SEM, ACQUIRE, "acquire")                                             \
	X(SEM, RELEASE, "release")                                             \
	X(SEM, ACQ_REL, "acq_rel")                                             \
	X(SEM, SC, "sc")                                                       \
	X(SEM, WEAK, "weak")                                                   \
	X(SEM, VOLATILE, "volatile")                                           \
	X(SCOPE, CTA, "cta")                                                   \
	X(SCOPE, CLUSTER, "cluster")                                           \
	X(SCOPE, GPU, "gpu")                                                   \
	X(SCOPE, SYS, "sys")                                                   \
	X(SCOPE, GL, "gl")                                                     \
	X(RND, RN, "rn")                                                       \
	X(RND, RZ, "rz")                                                       \
	X(RND, RM, "rm")                                                       \
	X(RND, RP, "rp")                                                       \
	X(RND, RNI, "rni")                                                     \
	X(RND, RZI, "rzi")                                                     \
	X(RND, RMI, "rmi")                                                     \
	X(RND, RPI, "rpi")                                                     \
	X(RND, RNA, "rna")                                                     \
	X(RND, RS, "rs")                                                       \
	X(CMP, EQ, "eq")                                                       \
	X(CMP, NE, "ne")                                                       \
	X(CMP, LT, "lt")                                                       \
	X(CMP, LE, "le")                                                       \
	X(CMP, GT, "gt")                                                       \
	X(CMP, GE, "ge")                                                       \
	X(CMP, LO, "lo")                                                       \
	X(CMP, LS, "ls")                                                       \
	X(CMP, HI, "hi")                                                       \
	X(CMP, HS, "hs")                                                       \
	X(CMP, EQU, "equ")                                                     \
	X(CMP, NEU, "neu")                                                     \
	X(CMP, LTU, "ltu")                                                     \
	X(CMP, LEU, "leu")                                                     \
	X(CMP, GTU, "gtu")                                                     \
	X(CMP, GEU, "geu")                                                     \
	X(CMP, NUM, "num")                                                     \
	X(CMP, NAN, "nan")                                                     \
	X(OP, ADD, "add")                                                      \
	X(OP, MIN, "min")                                                      \
	X(OP, MAX, "max")                                                      \
	X(OP, INC, "inc")                                                      \
	X(OP, DEC, "dec")                                                      \
	X(OP, AND, "and")                                                      \
	X(OP, OR, "or")                                                        \
	X(OP, XOR, "xor")                                                      \
	X(OP, CAS, "cas")                                                      \
	X(OP, EXCH, "exch")                                                    \
	X(OP, POPC, "popc")                                                    \
	X(OP, ANY, "any")                                                      \
	X(OP, ALL, "all")                                                      \
	X(OP, UNI, "uni")                                                      \
	X(OP, BALLOT, "ballot")                                                \
	X(OP, UP, "up")                                                        \
	X(OP, DOWN, "down")                                                    \
	X(OP, BFLY, "bfly")                                                    \
	X(OP, IDX, "idx")                                                      \
	X(VEC, V2, "v2")                                                       \
	X(VEC, V4, "v4")                                                       \
	X(VEC, V8, "v8")                                                       \
	X(CACHE, CA, "ca")                                                     \
	X(CACHE, CG, "cg")                                                     \
	X(CACHE, CS, "cs")                                                     \
	X(CACHE, LU, "lu")                                                     \
	X(CACHE, CV, "cv")                                                     \
	X(CACHE, WB, "wb")                                                     \
	X(CACHE, WT, "wt")                                                     \
	X(MODE, MLO, "lo")                                                     \
	X(MODE, MHI, "hi")                                                     \
	X(MODE, WIDE, "wide")                                                  \
	X(FLAG, MMIO, "mmio")                                                  \
	X(FLAG, SAT, "sat")                                                    \
	X(FLAG, FTZ, "ftz")                                                    \
	X(FLAG, APPROX, "approx")                                              \
	X(FLAG, FULL, "full")                                                  \
	X(FLAG, NC, "nc")                                                      \
	X(FLAG, SYNC, "sync")                                                  \
	X(FLAG, ALIGNED, "aligned")                                            \
	X(FLAG, SHIFTAMT, "shiftamt")                                          \
	X(FLAG, WRAP, "wrap")                                                  \
	X(FLAG, CLAMP, "clamp")                                                \
	X(FLAG, L, "l")                                                        \
	X(FLAG, R, "r")                                                        \
	X(FLAG, CC, "cc")                                                      \
	X(FLAG, TO, "to")                                                      \
	X(FLAG, NOCOMPLETE, "noComplete")                                      \
	X(FLAG, EXPECT_TX, "expect_tx")                                        \
	X(FLAG, PARITY, "parity")                                              \
	X(FLAG, RELU, "relu")                                                  \
	X(FLAG, NANMOD, "NaN")                                                 \
	X(FLAG, ABS, "abs")                                                    \
	X(FLAG, XORSIGN, "xorsign")                                            \
	X(FLAG, OOB, "oob")                                                    \
	X(FLAG, SATFINITE, "satfinite")                                        \
	X(FLAG, PRMT_F4E, "f4e")                                               \
	X(FLAG, PRMT_B4E, "b4e")                                               \
	X(FLAG, PRMT_RC8, "rc8")                                               \
	X(FLAG, PRMT_ECL, "ecl")                                               \
	X(FLAG, PRMT_ECR, "ecr")                                               \
	X(FLAG, PRMT_RC16, "rc16")                                             \
	X(FLAG, COMPLETE_TX, "mbarrier::complete_tx::bytes")                   \
	X(FLAG, BULK_GROUP, "bulk_group")                                      \
	X(FLAG, MULTICAST, "multicast::cluster")                               \
	X(FLAG, NOINC, "noinc")                                                \
	X(FLAG, ASYNC, "async")                                                \
	X(FLAG, PROXY_ALIAS, "alias")                                          \
	X(FLAG, TENSORMAP_GENERIC, "tensormap::generic")                       \
	X(FLAG, MBARRIER_INIT, "mbarrier_init")                                \
	X(FLAG, READ, "read")                                                  \
	X(FLAG, L1_EVICT_NORMAL, "L1::evict_normal")                           \
	X(FLAG, L1_EVICT_UNCHANGED, "L1::evict_unchanged")                     \
	X(FLAG, L1_EVICT_FIRST, "L1::evict_first")                             \
	X(FLAG, L1_EVICT_LAST, "L1::evict_last")                               \
	X(FLAG, L1_NO_ALLOCATE, "L1::no_allocate")                             \
	X(FLAG, L2_EVICT_FIRST, "L2::evict_first")                             \
	X(FLAG, L2_EVICT_LAST, "L2::evict_last")                               \
	X(FLAG, L2_EVICT_NORMAL, "L2::evict_normal")                           \
	X(FLAG, L2_EVICT_UNCHANGED, "L2::evict_unchanged")                     \
	X(FLAG, L2_CACHE_HINT, "L2::cache_hint")                               \
	X(FLAG, L2_64B, "L2::64B")                                             \
	X(FLAG, L2_128B, "L2::128B")                                           \
	X(FLAG, L2_256B, "L2::256B")                                           \
	X(FLAG, LEVEL_L1, "L1")                                                \
	X(FLAG, LEVEL_L2, "L2")                                                \
	X(FLAG, FRACTIONAL, "fractional")                                      \
	X(FLAG, ROW, "row")                                                    \
	X(FLAG, COL, "col")                                                    \
	X(FLAG, TRANS, "trans")                                                \
	X(FLAG, X1, "x1")                                                      \
	X(FLAG, X2, "x2")                                                      \
	X(FLAG, X4, "x4")                                                      \
	X(FLAG, M8N8, "m8n8")                                                  \
	X(FLAG, M16N8K8, "m16n8k8")                                            \
	X(FLAG, M16N8K16, "m16n8k16")                                          \
	X(FLAG, M16N16K16, "m16n16k16")                                        \
	X(FLAG, M8N8K4, "m8n8k4")                                              \
	X(FLAG, FINITE, "finite")                                              \
	X(FLAG, INFINITE, "infinite")                                          \
	X(FLAG, NUMBER, "number")                                              \
	X(FLAG, NOTANUMBER, "notanumber")                                      \
	X(FLAG, NORMAL, "normal")                                              \
	X(FLAG, SUBNORMAL, "subnormal")                                        \
	X(FLAG, TILE, "tile")                                                  \
	X(FLAG, D1, "1d")                                                      \
	X(FLAG, D2, "2d")                                                      \
	X(FLAG, D3, "3d")                                                      \
	X(FLAG, LAUNCH_DEPENDENTS, "launch_dependents")                        \
	X(FLAG, WAITMOD, "wait")                                               \
	X(FLAG, ARRIVEMOD, "arrive")                                           \
	X(FLAG, ASYNC_SHARED_CTA, "async::generic")                           \
	X(FLAG, SYNC_RESTRICT_CLUSTER, "sync_restrict::shared::cluster")      \
	X(FLAG, SYNC_RESTRICT_CTA, "sync_restrict::shared::cta")              \
	X(FLAG, OP_RESTRICT, "op_restrict::mbarrier_init")                     \
	X(FLAG, PROXY, "proxy")                                                \
	X(FLAG, NOFTZ, "noftz")                                                \
	X(FLAG, TENSORMAP, "tensormap")

/*
 * Special registers: id, spelling, size in bits, has .x/.y/.z components.
 */
#define PTX_SREGS(X)                                                           \
	X(TID, "%tid", 32, 1)                                                  \
	X(NTID, "%ntid", 32, 1)                                                \
	X(CTAID, "%ctaid", 32, 1)                                              \
	X(NCTAID, "%nctaid", 32, 1)                                            \
	X(CLUSTERID, "%clusterid", 32, 1)                                      \
	X(NCLUSTERID, "%nclusterid", 32, 1)                                    \
	X(CLUSTER_CTAID, "%cluster_ctaid", 32, 1)                              \
	X(CLUSTER_NCTAID, "%cluster_nctaid", 32, 1)                            \
	X(CLUSTER_CTARANK, "%cluster_ctarank", 32, 0)                          \
	X(CLUSTER_NCTARANK, "%cluster_nctarank", 32, 0)                        \
	X(IS_EXPLICIT_CLUSTER, "%is_explicit_cluster", 1, 0)                   \
	X(LANEID, "%laneid", 32, 0)                                            \
	X(WARPID, "%warpid", 32, 0)                                            \
	X(NWARPID, "%nwarpid", 32, 0)                                          \
	X(WARPSZ, "WARP_SZ", 32, 0)                                            \
	X(SMID, "%smid", 32, 0)                                                \
	X(NSMID, "%nsmid", 32, 0)                                              \
	X(GRIDID, "%gridid", 64, 0)                                            \
	X(LANEMASK_EQ, "%lanemask_eq", 32, 0)                                  \
	X(LANEMASK_LE, "%lanemask_le", 32, 0)                                  \
	X(LANEMASK_LT, "%lanemask_lt", 32, 0)                                  \
	X(LANEMASK_GE, "%lanemask_ge", 32, 0)                                  \
	X(LANEMASK_GT, "%lanemask_gt", 32, 0)                                  \
	X(CLOCK, "%clock", 32, 0)                                              \
	X(CLOCK_HI, "%clock_hi", 32, 0)                                        \
	X(CLOCK64, "%clock64", 64, 0)                                          \
	X(GLOBALTIMER, "%globaltimer", 64, 0)                                  \
	X(GLOBALTIMER_LO, "%globaltimer_lo", 32, 0)                            \
	X(GLOBALTIMER_HI, "%globaltimer_hi", 32, 0)                            \
	X(DYNAMIC_SMEM_SIZE, "%dynamic_smem_size", 32, 0)                      \
	X(TOTAL_SMEM_SIZE, "%total_smem_size", 32, 0)                          \
	X(AGGR_SMEM_SIZE, "%aggr_smem_size", 32, 0)                            \
	X(PM0, "%pm0", 32, 0) \
	X(PM1, "%pm1", 32, 0) \
	X(PM2, "%pm2", 32, 0) \
	X(PM3, "%pm3", 32, 0) \
	X(PM4, "%pm4", 32, 0) \
	X(PM5, "%pm5", 32, 0) \
	X(PM6, "%pm6", 32, 0) \
	X(PM7, "%pm7", 32, 0) \
	X(PM0_64, "%pm0_64", 64, 0) \
	X(PM1_64, "%pm1_64", 64, 0) \
	X(PM2_64, "%pm2_64", 64, 0) \
	X(PM3_64, "%pm3_64", 64, 0) \
	X(PM4_64, "%pm4_64", 64, 0) \
	X(PM5_64, "%pm5_64", 64, 0) \
	X(PM6_64, "%pm6_64", 64, 0) \
	X(PM7_64, "%pm7_64", 64, 0) \
	X(ENVREG0, "%envreg0", 32, 0) \
	X(ENVREG1, "%envreg1", 32, 0) \
	X(ENVREG2, "%envreg2", 32, 0) \
	X(ENVREG3, "%envreg3", 32, 0) \
	X(ENVREG4, "%envreg4", 32, 0) \
	X(ENVREG5, "%envreg5", 32, 0) \
	X(ENVREG6, "%envreg6", 32, 0) \
	X(ENVREG7, "%envreg7", 32, 0) \
	X(ENVREG8, "%envreg8", 32, 0) \
	X(ENVREG9, "%envreg9", 32, 0) \
	X(ENVREG10, "%envreg10", 32, 0) \
	X(ENVREG11, "%envreg11", 32, 0) \
	X(ENVREG12, "%envreg12", 32, 0) \
	X(ENVREG13, "%envreg13", 32, 0) \
	X(ENVREG14, "%envreg14", 32, 0) \
	X(ENVREG15, "%envreg15", 32, 0) \
	X(ENVREG16, "%envreg16", 32, 0) \
	X(ENVREG17, "%envreg17", 32, 0) \
	X(ENVREG18, "%envreg18", 32, 0) \
	X(ENVREG19, "%envreg19", 32, 0) \
	X(ENVREG20, "%envreg20", 32, 0) \
	X(ENVREG21, "%envreg21", 32, 0) \
	X(ENVREG22, "%envreg22", 32, 0) \
	X(ENVREG23, "%envreg23", 32, 0) \
	X(ENVREG24, "%envreg24", 32, 0) \
	X(ENVREG25, "%envreg25", 32, 0) \
	X(ENVREG26, "%envreg26", 32, 0) \
	X(ENVREG27, "%envreg27", 32, 0) \
	X(ENVREG28, "%envreg28", 32, 0) \
	X(ENVREG29, "%envreg29", 32, 0) \
	X(ENVREG30, "%envreg30", 32, 0) \
	X(ENVREG31, "%envreg31", 32, 0) \
	X(CURRENT_GRAPH_EXEC, "%current_graph_exec", 64, 0) \
	X(RESERVED_SMEM_OFFSET_BEGIN, "%reserved_smem_offset_begin", 32, 0) \
	X(RESERVED_SMEM_OFFSET_END, "%reserved_smem_offset_end", 32, 0) \
	X(RESERVED_SMEM_OFFSET_CAP, "%reserved_smem_offset_cap", 32, 0) \
	X(RESERVED_SMEM_OFFSET_0, "%reserved_smem_offset_0", 32, 0) \
	X(RESERVED_SMEM_OFFSET_1, "%reserved_smem_offset_1", 32, 0)

/*
 * Opcodes: id, dotted name, operand count min..max, accepted modifier
 * classes (M_ bits of ptx.h), operand shape, minimum sm, minimum PTX
 * version (major*10+minor).
 *
 * Shape: one letter per operand, checked in check.c; '?' makes the rest
 * optional, '*' repeats the previous letter.
 *   d dest of the instruction type T   s source of T (reg or immediate)
 *   D dest of twice T (mul.wide)        S source of twice T (mad.wide)
 *   t source of the second type T2      e dest of T1 (cvt: dest first type)
 *   p predicate dest (or _)             q predicate source (!p allowed)
 *   u .u32/.b32 source (mask, shift)    U .u32/.b32 dest
 *   w .b64 dest (mbarrier state)        W .b64 source
 *   m memory address [..]               l label
 *   f function or register (call target) x anything (not checked)
 * The longest dotted name that prefixes an instruction wins, so
 * "cp.async.bulk" beats "cp.async".
 */
#define PTX_OPCODES(X)                                                         \
	X(ABS, "abs", 2, 2, M_T | M_F, "ds", 20, 10)                           \
	X(ACTIVEMASK, "activemask", 1, 1, M_T, "d", 30, 62)                    \
	X(ADD, "add", 3, 3, M_T | M_RND | M_F, "dss", 20, 10)                  \
	X(ADDC, "addc", 3, 3, M_T | M_F, "dss", 20, 10)                        \
	X(ALLOCA, "alloca", 2, 3, M_T, "dx?x", 52, 73)                         \
	X(AND, "and", 3, 3, M_T, "dss", 20, 10)                                \
	X(APPLYPRIORITY, "applypriority", 2, 2, M_SP | M_F, "mu", 80, 74)      \
	X(ATOM, "atom", 3, 5, M_T | M_SP | M_SEM | M_SCOPE | M_OP | M_VEC | M_F, \
	  "dms?sx", 20, 10)                                                    \
	X(BAR, "bar", 0, 2, M_F, "u?u", 20, 10)                                \
	X(BAR_ARRIVE, "bar.arrive", 2, 2, M_F, "uu", 20, 20)                   \
	X(BAR_RED, "bar.red", 3, 4, M_T | M_OP | M_F, "dxx?x", 20, 20)         \
	X(BAR_SYNC, "bar.sync", 1, 2, M_F, "u?u", 20, 10)                      \
	X(BAR_WARP_SYNC, "bar.warp.sync", 1, 1, M_F, "u", 30, 60)              \
	X(BARRIER_ARRIVE, "barrier.arrive", 2, 2, M_F, "uu", 30, 60)          \
	X(BARRIER_CLUSTER_ARRIVE, "barrier.cluster.arrive", 0, 0, M_SEM | M_F, \
	  "", 90, 78)                                                          \
	X(BARRIER_CLUSTER_WAIT, "barrier.cluster.wait", 0, 0, M_SEM | M_F, "", \
	  90, 78)                                                              \
	X(BARRIER_RED, "barrier.red", 3, 4, M_T | M_OP | M_F, "dxx?x", 30, 60) \
	X(BARRIER_SYNC, "barrier.sync", 1, 2, M_F, "u?u", 30, 60)              \
	X(BFE, "bfe", 4, 4, M_T, "dsuu", 20, 20)                               \
	X(BFI, "bfi", 5, 5, M_T, "dssuu", 20, 20)                              \
	X(BFIND, "bfind", 2, 2, M_T | M_F, "Us", 20, 20)                       \
	X(BMSK, "bmsk", 3, 3, M_T | M_F, "duu", 70, 76)                        \
	X(BRA, "bra", 1, 1, M_OP, "l", 10, 10)                                 \
	X(BREV, "brev", 2, 2, M_T, "ds", 20, 20)                               \
	X(BRKPT, "brkpt", 0, 0, 0, "", 11, 10)                                 \
	X(BRX_IDX, "brx.idx", 2, 2, M_OP, "ul", 30, 60)                        \
	X(CALL, "call", 1, 4, M_OP, "xxxx", 20, 10)                            \
	X(CLZ, "clz", 2, 2, M_T, "Us", 20, 20)                                 \
	X(CNOT, "cnot", 2, 2, M_T, "ds", 10, 10)                               \
	X(COPYSIGN, "copysign", 3, 3, M_T, "dss", 20, 30)                      \
	X(COS, "cos", 2, 2, M_T | M_F, "ds", 10, 10)                           \
	X(CP_ASYNC, "cp.async", 3, 5, M_SP | M_CACHE | M_F, "mmu?xx", 80, 70)  \
	X(CP_ASYNC_BULK, "cp.async.bulk", 3, 6, M_SP | M_F, "mmu?xxx", 90, 80) \
	X(CP_ASYNC_BULK_COMMIT_GROUP, "cp.async.bulk.commit_group", 0, 0, 0,  \
	  "", 90, 80)                                                          \
	X(CP_ASYNC_BULK_WAIT_GROUP, "cp.async.bulk.wait_group", 1, 1, M_F,    \
	  "u", 90, 80)                                                         \
	X(CP_ASYNC_BULK_PREFETCH, "cp.async.bulk.prefetch", 2, 3,              \
	  M_SP | M_F, "mu?x", 90, 80)                                          \
	X(CP_ASYNC_BULK_TENSOR, "cp.async.bulk.tensor", 3, 6, M_SP | M_F,      \
	  "xxx?xxx", 90, 80)                                                   \
	X(CP_ASYNC_COMMIT_GROUP, "cp.async.commit_group", 0, 0, 0, "", 80, 70) \
	X(CP_ASYNC_MBARRIER_ARRIVE, "cp.async.mbarrier.arrive", 1, 1,          \
	  M_T | M_SP | M_F, "m", 80, 70)                                       \
	X(CP_ASYNC_WAIT_ALL, "cp.async.wait_all", 0, 0, 0, "", 80, 70)         \
	X(CP_ASYNC_WAIT_GROUP, "cp.async.wait_group", 1, 1, 0, "u", 80, 70)    \
	X(CREATEPOLICY, "createpolicy", 2, 3, M_T | M_F, "dx?x", 80, 74)       \
	X(CVT, "cvt", 2, 3, M_T | M_RND | M_F, "et?t", 10, 10)                 \
	X(CVTA, "cvta", 2, 2, M_T | M_SP | M_F, "ds", 20, 10)                  \
	X(DISCARD, "discard", 2, 2, M_SP | M_F, "mu", 80, 74)                  \
	X(DIV, "div", 3, 3, M_T | M_RND | M_F, "dss", 10, 10)                  \
	X(DP2A, "dp2a", 4, 4, M_T | M_MODE, "dttd", 61, 50)                    \
	X(DP4A, "dp4a", 4, 4, M_T, "dttd", 61, 50)                             \
	X(ELECT, "elect", 1, 2, M_F, "xx", 90, 80)                            \
	X(ELECT_SYNC, "elect.sync", 2, 2, 0, "Uu", 90, 80)                     \
	X(EX2, "ex2", 2, 2, M_T | M_F, "ds", 10, 10)                           \
	X(EXIT, "exit", 0, 0, 0, "", 10, 10)                                   \
	X(FENCE, "fence", 0, 2, M_SEM | M_SCOPE | M_SP | M_F, "xx", 70, 60)    \
	X(FENCE_PROXY, "fence.proxy", 0, 2, M_SEM | M_SCOPE | M_SP | M_F,      \
	  "xx", 70, 75)                                                        \
	X(FMA, "fma", 4, 4, M_T | M_RND | M_F, "dsss", 20, 10)                 \
	X(FNS, "fns", 4, 4, M_T, "duus", 30, 60)                               \
	X(GETCTARANK, "getctarank", 2, 2, M_T | M_SP, "Ux", 90, 78)            \
	X(GRIDDEPCONTROL, "griddepcontrol", 0, 0, M_F, "", 90, 78)             \
	X(ISSPACEP, "isspacep", 2, 2, M_SP, "pW", 20, 20)                      \
	X(LD, "ld", 2, 3, M_T | M_SP | M_SEM | M_SCOPE | M_VEC | M_CACHE | M_F, \
	  "dm?x", 10, 10)                                                      \
	X(LDMATRIX, "ldmatrix", 2, 2, M_T | M_SP | M_F, "xm", 75, 65)          \
	X(LDU, "ldu", 2, 2, M_T | M_SP | M_VEC, "dm", 20, 20)                  \
	X(LG2, "lg2", 2, 2, M_T | M_F, "ds", 10, 10)                           \
	X(LOP3, "lop3", 5, 5, M_T, "dsssu", 50, 43)                            \
	X(MAD, "mad", 4, 4, M_T | M_RND | M_MODE | M_F, "dsss", 10, 10)        \
	X(MAD24, "mad24", 4, 4, M_T | M_MODE | M_F, "dsss", 10, 10)            \
	X(MADC, "madc", 4, 4, M_T | M_MODE | M_F, "dsss", 20, 30)              \
	X(MAPA, "mapa", 3, 3, M_T | M_SP, "dsu", 90, 78)                       \
	X(MATCH_SYNC, "match", 3, 3, M_T | M_OP | M_F, "Usu", 70, 60)          \
	X(MAX, "max", 3, 3, M_T | M_F, "dss", 10, 10)                          \
	X(MBAR_ARRIVE, "mbarrier.arrive", 1, 3,                                \
	  M_T | M_SP | M_SEM | M_SCOPE | M_F, "wm?u", 80, 70)                  \
	X(MBAR_ARRIVE_DROP, "mbarrier.arrive_drop", 1, 3,                      \
	  M_T | M_SP | M_SEM | M_SCOPE | M_F, "wm?u", 80, 70)                  \
	X(MBAR_COMPLETE_TX, "mbarrier.complete_tx", 2, 2,                      \
	  M_T | M_SP | M_SEM | M_SCOPE, "mu", 90, 80)                          \
	X(MBAR_EXPECT_TX, "mbarrier.expect_tx", 2, 2,                          \
	  M_T | M_SP | M_SEM | M_SCOPE, "mu", 90, 80)                          \
	X(MBAR_INIT, "mbarrier.init", 2, 2, M_T | M_SP, "mu", 80, 70)          \
	X(MBAR_INVAL, "mbarrier.inval", 1, 1, M_T | M_SP, "m", 80, 70)         \
	X(MBAR_PENDING_COUNT, "mbarrier.pending_count", 2, 2, M_T, "UW", 80,   \
	  70)                                                                  \
	X(MBAR_TEST_WAIT, "mbarrier.test_wait", 3, 3,                          \
	  M_T | M_SP | M_SEM | M_SCOPE | M_F, "pmx", 80, 70)                   \
	X(MBAR_TRY_WAIT, "mbarrier.try_wait", 3, 4,                            \
	  M_T | M_SP | M_SEM | M_SCOPE | M_F, "pmx?u", 90, 78)                 \
	X(MEMBAR, "membar", 0, 0, M_SCOPE | M_F, "", 20, 14)                   \
	X(MIN, "min", 3, 3, M_T | M_F, "dss", 10, 10)                          \
	X(MMA, "mma", 4, 4, M_T | M_F, "xxxx", 70, 64)                         \
	X(MOV, "mov", 2, 2, M_T, "ds", 10, 10)                                 \
	X(MULTIMEM_LD_REDUCE, "multimem.ld_reduce", 2, 2,                      \
	  M_T | M_SP | M_SEM | M_SCOPE | M_OP | M_VEC | M_F, "xm", 90, 81)    \
	X(MULTIMEM_RED, "multimem.red", 2, 2,                                  \
	  M_T | M_SP | M_SEM | M_SCOPE | M_OP | M_VEC | M_F, "mx", 90, 81)    \
	X(MULTIMEM_ST, "multimem.st", 2, 2, M_T | M_SP | M_SEM | M_SCOPE | M_VEC | M_F, \
	  "mx", 90, 81)                                                        \
	X(MUL, "mul", 3, 3, M_T | M_RND | M_MODE | M_F, "dss", 10, 10)         \
	X(MUL24, "mul24", 3, 3, M_T | M_MODE, "dss", 10, 10)                   \
	X(NANOSLEEP, "nanosleep", 1, 1, M_T, "u", 70, 63)                      \
	X(NEG, "neg", 2, 2, M_T | M_F, "ds", 10, 10)                           \
	X(NOT, "not", 2, 2, M_T, "ds", 10, 10)                                 \
	X(OR, "or", 3, 3, M_T, "dss", 10, 10)                                  \
	X(PMEVENT, "pmevent", 1, 1, M_F, "u", 10, 10)                          \
	X(POPC, "popc", 2, 2, M_T, "Us", 20, 20)                               \
	X(PREFETCH, "prefetch", 1, 1, M_SP | M_F, "m", 20, 20)                 \
	X(PREFETCHU, "prefetchu", 1, 1, M_F, "m", 20, 20)                      \
	X(PRMT, "prmt", 4, 4, M_T | M_F, "dssu", 20, 20)                       \
	X(RCP, "rcp", 2, 2, M_T | M_RND | M_F, "ds", 10, 10)                   \
	X(RED, "red", 2, 3, M_T | M_SP | M_SEM | M_SCOPE | M_OP | M_VEC | M_F, \
	  "ms?x", 20, 10)                                                      \
	X(REDUX, "redux", 2, 3, M_T | M_OP | M_F, "dsu", 80, 70)               \
	X(RED_ASYNC, "red.async", 3, 3, M_T | M_SP | M_SEM | M_SCOPE | M_OP | M_F, \
	  "msm", 90, 81)                                                       \
	X(REDUX_SYNC, "redux.sync", 3, 3, M_T | M_OP | M_F, "dsu", 80, 70)     \
	X(REM, "rem", 3, 3, M_T, "dss", 10, 10)                                \
	X(RET, "ret", 0, 0, M_OP, "", 10, 10)                                  \
	X(RSQRT, "rsqrt", 2, 2, M_T | M_F, "ds", 10, 10)                       \
	X(SAD, "sad", 4, 4, M_T, "dsss", 10, 10)                               \
	X(SELP, "selp", 4, 4, M_T, "dssq", 10, 10)                             \
	X(SET, "set", 3, 4, M_T | M_CMP | M_OP | M_F, "ett?q", 10, 10)         \
	X(SETMAXNREG, "setmaxnreg", 1, 1, M_T | M_OP | M_F, "u", 90, 80)       \
	X(SETP, "setp", 3, 4, M_T | M_CMP | M_OP | M_F, "pss?q", 10, 10)       \
	X(SHF, "shf", 4, 4, M_T | M_F, "dssu", 32, 31)                         \
	X(SHFL, "shfl", 4, 4, M_T | M_OP, "dsuu", 30, 10)                      \
	X(SHFL_SYNC, "shfl.sync", 5, 5, M_T | M_OP, "dsuuu", 30, 60)           \
	X(SHL, "shl", 3, 3, M_T, "dsu", 10, 10)                                \
	X(SHR, "shr", 3, 3, M_T, "dsu", 10, 10)                                \
	X(SIN, "sin", 2, 2, M_T | M_F, "ds", 10, 10)                           \
	X(SLCT, "slct", 4, 4, M_T | M_F, "ddds", 10, 10)                       \
	X(SQRT, "sqrt", 2, 2, M_T | M_RND | M_F, "ds", 10, 10)                 \
	X(ST, "st", 2, 3, M_T | M_SP | M_SEM | M_SCOPE | M_VEC | M_CACHE | M_F, \
	  "ms?x", 10, 10)                                                      \
	X(ST_ASYNC, "st.async", 3, 3, M_T | M_SP | M_SEM | M_SCOPE | M_VEC | M_F, \
	  "mxm", 90, 81)                                                       \
	X(STACKRESTORE, "stackrestore", 1, 1, M_T, "s", 52, 73)                \
	X(STACKSAVE, "stacksave", 1, 1, M_T, "d", 52, 73)                      \
	X(STMATRIX, "stmatrix", 2, 2, M_T | M_SP | M_F, "mx", 90, 78)          \
	X(SUB, "sub", 3, 3, M_T | M_RND | M_F, "dss", 10, 10)                  \
	X(SUBC, "subc", 3, 3, M_T | M_F, "dss", 20, 30)                        \
	X(SZEXT, "szext", 3, 3, M_T | M_F, "dsu", 70, 76)                      \
	X(TANH, "tanh", 2, 2, M_T | M_F, "ds", 75, 70)                         \
	X(TESTP, "testp", 2, 2, M_T | M_F, "ps", 20, 20)                       \
	X(TRAP, "trap", 0, 0, 0, "", 10, 10)                                   \
	X(VOTE, "vote", 2, 3, M_T | M_OP | M_F, "dqu", 10, 10)                 \
	X(WGMMA_COMMIT_GROUP, "wgmma.commit_group", 0, 0, M_F, "", 90, 80)     \
	X(WGMMA_FENCE, "wgmma.fence", 0, 0, M_F, "", 90, 80)                   \
	X(WGMMA_MMA_ASYNC, "wgmma.mma_async", 4, 8, M_T | M_F, "xxxxxxxx", 90, 80) \
	X(WGMMA_WAIT_GROUP, "wgmma.wait_group", 1, 1, M_F, "u", 90, 80)                 \
	X(WMMA_LOAD, "wmma.load", 2, 3, M_T | M_SP | M_F, "xm?u", 70, 60)      \
	X(WMMA_MMA, "wmma.mma", 4, 4, M_T | M_F, "xxxx", 70, 60)               \
	X(WMMA_STORE, "wmma.store", 2, 3, M_T | M_SP | M_F, "mx?u", 70, 60)    \
	X(XOR, "xor", 3, 3, M_T, "dss", 10, 10)

#endif
