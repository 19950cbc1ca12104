#include "ref.h"

int main(void)
{
	enum { GX = 2, GY = 2, GZ = 2, BX = 4, BY = 4, BZ = 2, N = GX * GY * GZ * BX * BY * BZ };
	static uint32_t out[2 * N];
	for (uint32_t cz = 0; cz < GZ; cz++)
		for (uint32_t cy = 0; cy < GY; cy++)
			for (uint32_t cx = 0; cx < GX; cx++)
				for (uint32_t tz = 0; tz < BZ; tz++)
					for (uint32_t ty = 0; ty < BY; ty++)
						for (uint32_t tx = 0; tx < BX; tx++) {
							uint32_t cta = (cz * GY + cy) * GX + cx;
							uint32_t g = cta * BX * BY * BZ + (tz * BY + ty) * BX + tx;
							out[2 * g] = g;
							out[2 * g + 1] = tx | ty << 4 | tz << 8 | cx << 12 | cy << 16 |
									 cz << 20 | (uint32_t)(GX * GY * GZ) << 24;
						}
	ref_launch("grid=%d,%d,%d block=%d,%d,%d", GX, GY, GZ, BX, BY, BZ);
	ref_buffer("out", U32, 2 * N, NULL);
	ref_param("out");
	ref_expect("out", U32, 2 * N, out);
	return 0;
}
