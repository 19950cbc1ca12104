/* isa_free.c - releasing the model and the parse results (see isa_priv.h). */
#include <stdlib.h>

#include "isa/isa_priv.h"

void isa_expr_free(isa_expr *e)
{
	if (!e)
		return;
	isa_expr_free(e->a);
	isa_expr_free(e->b);
	free(e->str);
	free(e);
}

void isa_type_free(isa_type *t)
{
	if (!t)
		return;
	free(t->name);
	for (int i = 0; i < t->nvalues; i++)
		free(t->values[i]);
	free(t->values);
	free(t->prefix);
	free(t->zero);
	free(t);
}

static void free_names(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void isa_class_free(isa_class *c)
{
	if (!c)
		return;
	free(c->name);
	free(c->parents);
	for (int i = 0; i < c->nfields; i++)
		free(c->fields[i].name);
	free(c->fields);
	free_names(c->order, c->norder > 0 ? c->norder : 0);
	free_names(c->in, c->nin > 0 ? c->nin : 0);
	free_names(c->out, c->nout > 0 ? c->nout : 0);
	free_names(c->bitwidth_name, c->nbitwidth);
	free(c->bitwidth);
	for (int i = 0; i < c->nformat; i++) {
		free(c->formats[i].operand);
		for (int k = 0; k < 3; k++)
			free(c->formats[i].args[k]);
	}
	free(c->formats);
	for (int i = 0; i < c->nexc; i++) {
		free(c->exc[i].kind);
		free(c->exc[i].message);
		isa_expr_free(c->exc[i].cond);
	}
	free(c->exc);
	for (int i = 0; i < c->ndocs; i++) {
		free(c->docs[i].section);
		free(c->docs[i].text);
	}
	free(c->docs);
	free(c->syntax);
	free(c);
}

void isa_ast_free(isa_ast *ast)
{
	for (int i = 0; i < ast->nclasses; i++) {
		isa_raw_class *rc = &ast->classes[i];
		free_names(rc->parent_names, rc->nparents);
		free(rc->parent_locs);
		free(rc->parent_idx);
		int nf = rc->cls ? rc->cls->nfields : 0;
		for (int k = 0; k < nf; k++) {
			free(rc->fields[k].type_name);
			free(rc->fields[k].val.name);
		}
		free(rc->fields);
		free(rc->order_locs);
		free(rc->in_locs);
		free(rc->out_locs);
		free(rc->bitwidth_locs);
	}
	free(ast->classes);
	for (int i = 0; i < ast->naliases; i++) {
		free(ast->aliases[i].mnemonic);
		free(ast->aliases[i].target);
	}
	free(ast->aliases);
}

void isa_free(isa_model *m)
{
	if (!m)
		return;
	if (m->static_data) { /* the snapshot: only the struct is ours */
		free(m);
		return;
	}
	for (int i = 0; i < m->nopcodes; i++) {
		isa_opcode *op = m->opcodes[i];
		free(op->name);
		free(op->mnemonic);
		free(op->exc);
		free(op);
	}
	free(m->opcodes);
	util_names_free(&m->type_names);
	util_names_free(&m->class_names);
	util_names_free(&m->opcode_names);
	for (int i = 0; i < m->nclasses; i++)
		isa_class_free(m->classes[i]);
	free(m->classes);
	for (int i = 0; i < m->ntypes; i++)
		isa_type_free(m->types[i]);
	free(m->types);
	for (int i = 0; i < m->naliases; i++)
		free(m->aliases[i].mnemonic);
	free(m->aliases);
	for (int i = 0; i < m->nfiles; i++) {
		free(m->files[i]);
		free(m->sources[i]);
	}
	free(m->files);
	free(m->sources);
	free(m);
}
