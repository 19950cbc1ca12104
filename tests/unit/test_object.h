/* test_object.h - helpers shared by the object tests (test_object*.c). */
#ifndef SIMT_TEST_OBJECT_H
#define SIMT_TEST_OBJECT_H

#include <stddef.h>
#include <stdint.h>

#include "simt/simt.h"

/* A two-kernel object built through the obj_* API. */
simt_object *tobj_sample(void);
/* Its ELF image (CHECKs that writing succeeds); caller frees. */
uint8_t *tobj_image(simt_object *o, size_t *len);
/* readelf -a -W complaints (Warning/Error lines), -1 when no readelf; the
 * output is copied into out when given. */
int tobj_readelf_complaints(const uint8_t *img, size_t len, char *out,
			    size_t outsize);

#endif
