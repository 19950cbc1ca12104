/* isa_doc.c - Markdown reference pages of a model (simt isa doc). */
#include "isa/isa_priv.h"

simt_status isa_write_docs(const isa_model *m, const char *dir, simt_diags *d)
{
	(void)m;
	util_diag(d, SIMT_SEV_ERROR, dir, NULL, 0, 0, "isa doc is not implemented yet");
	return SIMT_ERR_ARG;
}
