/*
 * ops_runtime.h - the runtime's rows of the simulator handler list
 * (owned by the runtime helper: ALU, FP32, S2R, LDC, loads/stores).
 * Format: X(OPTYPE, exec, prep, flags), see SIM_OPS_CORE in sim.h.
 */
#ifndef SIMT_SIM_OPS_RUNTIME_H
#define SIMT_SIM_OPS_RUNTIME_H

#define SIM_OPS_RUNTIME(X)

#endif
