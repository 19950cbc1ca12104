/* CPU references for the CUDA corpus in tests/ptx (see ../README.md).
 *
 * Each ref/X.c computes, in plain C, what kernel X of X.cu leaves in its
 * buffers, and prints the whole directive block of the test: `.launch`,
 * `.buffer` (inputs), `.param` (in the kernel's parameter order) and
 * `.expect` lines, each prefixed with `//! `. tools/ptx-corpus.sh copies
 * the block into X.cu and into every X.sm_XX.ptx. The inputs are written
 * here and nowhere else, so the reference and the test cannot disagree.
 *
 * Floats are printed as raw bits (hex) unless they are small integers,
 * because the test reader compares bit-exactly and reads f32 decimals
 * through a double. Header-only: each reference is one translation unit.
 */
#ifndef PTX_REF_H
#define PTX_REF_H

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { U8, U16, U32, U64, S8, S16, S32, S64, F32, F64 } ref_type;

static const char *const ref_type_name[] = {"u8",  "u16", "u32", "u64", "s8",
					    "s16", "s32", "s64", "f32", "f64"};
static const int ref_type_size[] = {1, 2, 4, 8, 1, 2, 4, 8, 4, 8};

/* Element i of an array of type t, as the 64-bit pattern of its value. */
static inline uint64_t ref_bits(ref_type t, const void *data, int i)
{
	const unsigned char *p = (const unsigned char *)data + (size_t)i * ref_type_size[t];
	switch (t) {
	case U8: return *(const uint8_t *)p;
	case U16: return *(const uint16_t *)p;
	case U32: return *(const uint32_t *)p;
	case U64: return *(const uint64_t *)p;
	case S8: return (uint64_t)(int64_t)*(const int8_t *)p;
	case S16: return (uint64_t)(int64_t)*(const int16_t *)p;
	case S32: return (uint64_t)(int64_t)*(const int32_t *)p;
	case S64: return (uint64_t)*(const int64_t *)p;
	case F32: { uint32_t u; memcpy(&u, p, 4); return u; }
	case F64: { uint64_t u; memcpy(&u, p, 8); return u; }
	}
	return 0;
}

static inline void ref_print_elem(ref_type t, const void *data, int i)
{
	uint64_t b = ref_bits(t, data, i);
	double v;
	switch (t) {
	case S8: case S16: case S32: case S64:
		printf("%lld", (long long)b);
		return;
	case F32: {
		float f;
		uint32_t u = (uint32_t)b;
		memcpy(&f, &u, 4);
		v = f;
		if (v == floor(v) && fabs(v) < 16777216.0 && !(v == 0 && signbit(v)))
			printf("%.0f", v);
		else
			printf("0x%08x", u);
		return;
	}
	case F64:
		memcpy(&v, &b, 8);
		if (v == floor(v) && fabs(v) < 9007199254740992.0 && !(v == 0 && signbit(v)))
			printf("%.0f", v);
		else
			printf("0x%016llx", (unsigned long long)b);
		return;
	default:
		printf("%llu", (unsigned long long)b);
	}
}

static inline int ref_is_zero(ref_type t, const void *data, int n)
{
	for (int i = 0; i < n; i++)
		if (ref_bits(t, data, i) != 0)
			return 0;
	return 1;
}

static inline int ref_is_iota(ref_type t, const void *data, int n)
{
	for (int i = 0; i < n; i++) {
		if (t == F32) {
			float f = (float)i;
			uint32_t u;
			memcpy(&u, &f, 4);
			if (ref_bits(t, data, i) != u)
				return 0;
		} else if (t == F64) {
			double d = (double)i;
			uint64_t u;
			memcpy(&u, &d, 8);
			if (ref_bits(t, data, i) != u)
				return 0;
		} else {
			uint64_t m = ref_type_size[t] == 8 ? ~0ull : (1ull << (8 * ref_type_size[t])) - 1;
			if ((ref_bits(t, data, i) & m) != ((uint64_t)i & m))
				return 0;
		}
	}
	return 1;
}

/* `= 0`, `= iota` or `= {v0, v1, ...}`, whichever says it exactly. */
static inline void ref_print_init(ref_type t, const void *data, int n)
{
	if (!data || ref_is_zero(t, data, n)) {
		printf(" = 0\n");
		return;
	}
	if (n > 1 && ref_is_iota(t, data, n)) {
		printf(" = iota\n");
		return;
	}
	printf(" = {");
	for (int i = 0; i < n; i++) {
		if (i)
			printf(", ");
		ref_print_elem(t, data, i);
	}
	printf("}\n");
}

/* `//! .launch ...`: the whole launch line after `.launch`. */
static inline void ref_launch(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("//! .launch ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

/* An input buffer; data NULL means zero-filled. */
static inline void ref_buffer(const char *name, ref_type t, int n, const void *data)
{
	printf("//! .buffer %s %s[%d]", name, ref_type_name[t], n);
	ref_print_init(t, data, n);
}

/* The next kernel parameter: a buffer name, or `TYPE:VALUE`. */
static inline void ref_param(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	printf("//! .param ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

/* The whole buffer after the run. */
static inline void ref_expect(const char *name, ref_type t, int n, const void *data)
{
	printf("//! .expect %s", name);
	ref_print_init(t, data, n);
}

/* Bit casts. */
static inline uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint64_t d2u(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static inline double u2d(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

/* Directed rounding without touching the FPU mode: s is the round-to-
 * nearest result and e the sign of (exact - s) (0 when exact); the result
 * rounded toward zero ('z'), up ('u') or down ('d'). Inputs must keep the
 * exact result finite and normal, so that the error terms below are exact. */
static inline double ref_dir(double s, double e, char mode)
{
	if (e == 0)
		return s;
	switch (mode) {
	case 'u': return e > 0 ? nextafter(s, INFINITY) : s;
	case 'd': return e < 0 ? nextafter(s, -INFINITY) : s;
	default: return (s > 0) == (e < 0) ? nextafter(s, 0.0) : s;
	}
}
static inline float ref_dirf(float s, float e, char mode)
{
	if (e == 0)
		return s;
	switch (mode) {
	case 'u': return e > 0 ? nextafterf(s, INFINITY) : s;
	case 'd': return e < 0 ? nextafterf(s, -INFINITY) : s;
	default: return (s > 0) == (e < 0) ? nextafterf(s, 0.0f) : s;
	}
}
/* Error terms: TwoSum for add, fma for mul, the fma remainder for div and sqrt. */
static inline double ref_add(double a, double b, char m)
{
	double s = a + b, bb = s - a, e = (a - (s - bb)) + (b - bb);
	return ref_dir(s, e, m);
}
static inline double ref_mul(double a, double b, char m) { double s = a * b; return ref_dir(s, fma(a, b, -s), m); }
static inline double ref_div(double a, double b, char m)
{
	double q = a / b, r = fma(-q, b, a);
	return ref_dir(q, (r > 0) == (b > 0) ? r != 0 : -(r != 0), m);
}
static inline double ref_sqrt(double a, char m) { double s = sqrt(a); return ref_dir(s, fma(-s, s, a), m); }
static inline float ref_addf(float a, float b, char m)
{
	float s = a + b, bb = s - a, e = (a - (s - bb)) + (b - bb);
	return ref_dirf(s, e, m);
}
static inline float ref_mulf(float a, float b, char m) { float s = a * b; return ref_dirf(s, fmaf(a, b, -s), m); }
static inline float ref_divf(float a, float b, char m)
{
	float q = a / b, r = fmaf(-q, b, a);
	return ref_dirf(q, (r > 0) == (b > 0) ? r != 0 : -(r != 0), m);
}
static inline float ref_sqrtf(float a, char m) { float s = sqrtf(a); return ref_dirf(s, fmaf(-s, s, a), m); }

/* A small deterministic generator for inputs written out as lists. */
static uint32_t ref_rng_state = 12345;
static inline uint32_t ref_rand(void)
{
	ref_rng_state = ref_rng_state * 1664525u + 1013904223u;
	return ref_rng_state >> 8;
}

static inline int ref_popc(uint32_t x) { int c = 0; for (; x; x &= x - 1) c++; return c; }

#endif
