#include "ref.h"

static uint32_t brev32(uint32_t v)
{
	uint32_t r = 0;
	for (int i = 0; i < 32; i++)
		r |= ((v >> i) & 1) << (31 - i);
	return r;
}
static uint64_t brev64(uint64_t v) { return (uint64_t)brev32((uint32_t)v) << 32 | brev32((uint32_t)(v >> 32)); }
static uint32_t clz64(uint64_t v) { uint32_t n = 0; for (uint64_t m = 1ull << 63; m && !(v & m); m >>= 1) n++; return n; }
static uint32_t popc64(uint64_t v) { return (uint32_t)ref_popc((uint32_t)v) + (uint32_t)ref_popc((uint32_t)(v >> 32)); }
static uint32_t ffs64(uint64_t v) { for (uint32_t i = 0; i < 64; i++) if (v >> i & 1) return i + 1; return 0; }

/* PTX prmt.b32, default mode: selector nibble s picks byte s&7 of {b, a};
 * with bit 3 set, the byte's sign bit is replicated over all 8 bits. */
static uint32_t prmt(uint32_t a, uint32_t b, uint32_t s)
{
	uint64_t t = (uint64_t)b << 32 | a;
	uint32_t r = 0;
	for (int i = 0; i < 4; i++) {
		uint32_t sel = (s >> (4 * i)) & 15;
		uint32_t byte = (uint32_t)(t >> (8 * (sel & 7))) & 0xff;
		if (sel & 8)
			byte = byte & 0x80 ? 0xff : 0;
		r |= byte << (8 * i);
	}
	return r;
}

int main(void)
{
	enum { G = 1, B = 64, N = G * B };
	static uint32_t x[N], y[N], out[20 * N];
	static uint64_t z[N];
	for (int i = 0; i < N; i++) {
		x[i] = ref_rand() << 8 ^ ref_rand();
		y[i] = ref_rand() << 8 ^ ref_rand();
		z[i] = (uint64_t)ref_rand() << 40 ^ (uint64_t)ref_rand() << 20 ^ ref_rand();
	}
	x[1] = 0; y[1] = 0; z[1] = 0; /* clz 32/64, ffs 0 */
	x[2] = 0x80000000u; y[2] = 31; z[2] = 1ull << 63;
	for (int i = 0; i < N; i++) {
		uint32_t a = x[i], b = y[i], *o = &out[20 * i];
		uint64_t c = z[i];
		uint32_t sh = (uint32_t)(c & 63);
		uint64_t fw = (uint64_t)b << 32 | a;
		o[0] = brev32(a);
		o[1] = (uint32_t)(brev64(c) >> 17);
		o[2] = clz64((uint64_t)(a >> (b & 31)) << 32 | 0xffffffffu);
		o[3] = clz64(c >> (b & 63));
		o[4] = (uint32_t)ref_popc(a);
		o[5] = popc64(c);
		o[6] = ffs64(a & (b << 3));
		o[7] = ffs64((c & ~(c >> 1)) << (a & 7));
		o[8] = prmt(a, b, 0x7531);
		o[9] = prmt(a, b, b & 0x7777);
		/* CUDA's __byte_perm uses bits 0-2 of each selector nibble only
		 * (nvcc emits prmt with 0x8a4c & 0x7777 = 0x244): no sign mode */
		o[10] = prmt(a, b, 0x8a4c & 0x7777);
		o[11] = (uint32_t)((fw << (sh & 31)) >> 32);
		o[12] = (uint32_t)(fw >> (sh & 31));
		o[13] = sh >= 32 ? a : (uint32_t)((fw << sh) >> 32);
		o[14] = sh >= 32 ? b : (uint32_t)(fw >> sh);
		uint32_t pos = b % 24, len = 1 + (b >> 8) % 8;
		o[15] = (a >> pos) & ((1u << len) - 1);
		o[16] = (uint32_t)((int32_t)(a << (32 - pos - len)) >> (32 - len));
		uint32_t m = ((1u << len) - 1) << pos;
		o[17] = (a & ~m) | ((b << pos) & m);
		o[18] = (a << (b & 31)) | (a >> ((32 - (b & 31)) & 31));
		o[19] = (uint32_t)(c >> 32) ^ (uint32_t)c ^ (a & (0u - a));
	}
	ref_launch("grid=%d block=%d", G, B);
	ref_buffer("x", U32, N, x);
	ref_buffer("y", U32, N, y);
	ref_buffer("z", U64, N, z);
	ref_buffer("out", U32, 20 * N, NULL);
	ref_param("x");
	ref_param("y");
	ref_param("z");
	ref_param("out");
	ref_expect("out", U32, 20 * N, out);
	return 0;
}
