/*
 * isa_snap_stub.c - no snapshot: linked only into tools/isa_snap.c, the
 * generator of the snapshot, so that the library it runs parses the isa/ files.
 */
#include "asm/index.h"
#include "codec/codec.h"

const isa_model *const codec_snapshot = NULL;
const struct asm_index *const asm_index_snapshot = NULL;
