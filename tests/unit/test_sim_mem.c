/* test_sim_mem.c - the memory spaces: mapping, guard pages, faults, bank 0. */
#include "sim/mem.h"
#include "test.h"

TEST(sim_mem_global_alloc_and_faults)
{
	sim_gmem g;
	sim_gmem_init(&g);
	uint64_t a = sim_gmem_alloc(&g, 10), b = sim_gmem_alloc(&g, 5000);
	CHECK(a >= SIM_GLOBAL_BASE);
	CHECK(b > a + SIM_PAGE_SIZE);
	CHECK_EQ(a & 255, 0);
	sim_fault why = SIM_FAULT_NONE;
	CHECK(sim_gmem_ptr(&g, a, 4, &why) != NULL);
	CHECK(sim_gmem_ptr(&g, a + 8, 2, &why) != NULL);
	/* one byte past the 10-byte buffer, inside its mapped page */
	CHECK(sim_gmem_ptr(&g, a + 10, 2, &why) == NULL);
	CHECK_EQ(why, SIM_FAULT_UNMAPPED);
	CHECK(sim_gmem_ptr(&g, a + 2, 4, &why) == NULL);
	CHECK_EQ(why, SIM_FAULT_ALIGN);
	CHECK(sim_gmem_ptr(&g, 0, 4, &why) == NULL);
	CHECK_EQ(why, SIM_FAULT_UNMAPPED);
	CHECK(sim_gmem_ptr(&g, b + 4996, 4, &why) != NULL);
	CHECK(sim_gmem_ptr(&g, b + 5000, 4, &why) == NULL);
	uint32_t in[1300], out[1300];
	for (int i = 0; i < 1250; i++)
		in[i] = (uint32_t)i * 7u;
	CHECK(sim_gmem_write(&g, b, in, 5000));
	CHECK(sim_gmem_read(&g, b, out, 5000));
	CHECK(memcmp(in, out, 5000) == 0);
	CHECK(!sim_gmem_write(&g, b, in, 5001));
	CHECK(sim_gmem_buffer(&g, b + 4999) != NULL);
	CHECK(sim_gmem_buffer(&g, b + 5000) == NULL);
	/* many buffers force rehashing; all stay reachable */
	uint64_t addr[200];
	for (int i = 0; i < 200; i++) {
		addr[i] = sim_gmem_alloc(&g, 64);
		CHECK(sim_gmem_write(&g, addr[i], &i, sizeof i));
	}
	for (int i = 0; i < 200; i++) {
		int v = -1;
		CHECK(sim_gmem_read(&g, addr[i], &v, sizeof v));
		CHECK_EQ(v, i);
	}
	sim_gmem_free(&g);
}

TEST(sim_mem_span_and_generic)
{
	uint8_t buf[64];
	sim_fault why = SIM_FAULT_NONE;
	CHECK(sim_span_ptr(buf, 64, 60, 4, &why) == buf + 60);
	CHECK(sim_span_ptr(buf, 64, 64, 4, &why) == NULL);
	CHECK_EQ(why, SIM_FAULT_RANGE);
	CHECK(sim_span_ptr(buf, 64, 6, 4, &why) == NULL);
	CHECK_EQ(why, SIM_FAULT_ALIGN);
	uint64_t off;
	CHECK_EQ(sim_generic_space(SIM_SHARED_WINDOW + 16, &off), SIM_SPACE_SHARED);
	CHECK_EQ(off, 16);
	CHECK_EQ(sim_generic_space(SIM_LOCAL_WINDOW + 8, &off), SIM_SPACE_LOCAL);
	CHECK_EQ(off, 8);
	CHECK_EQ(sim_generic_space(SIM_GLOBAL_BASE, &off), SIM_SPACE_GLOBAL);
	CHECK_STR(sim_space_name(SIM_SPACE_SHARED), "shared");
	CHECK_STR(sim_fault_name(SIM_FAULT_ALIGN), "misaligned");
}

TEST(sim_mem_bank0_layout)
{
	sim_cbank b = {0};
	sim_launch_bank l = {{64, 2, 1}, {3, 1, 1}, 128};
	uint8_t params[12] = {1, 0, 0, 0, 0, 0, 0, 0, 0xaa, 0xbb, 0xcc, 0xdd};
	CHECK(sim_cbank0_build(&b, &l, params, sizeof params));
	CHECK_EQ(b.size, 0x100 + 12);
	uint32_t v;
	memcpy(&v, b.data + 0x04, 4);
	CHECK_EQ(v, 2);
	memcpy(&v, b.data + 0x0c, 4);
	CHECK_EQ(v, 3);
	memcpy(&v, b.data + 0x18, 4);
	CHECK_EQ(v, 128);
	uint64_t w;
	memcpy(&w, b.data + 0x20, 8);
	CHECK_EQ(w, SIM_SHARED_WINDOW);
	memcpy(&w, b.data + 0x28, 8);
	CHECK_EQ(w, SIM_LOCAL_WINDOW);
	memcpy(&v, b.data + 0x108, 4);
	CHECK_EQ(v, 0xddccbbaa);
	free(b.data);
	sim_local loc = {0};
	sim_fault why = SIM_FAULT_NONE;
	CHECK(sim_local_ptr(&loc, 31, SIM_LOCAL_DEFAULT - 4, 4, &why) != NULL);
	CHECK(sim_local_ptr(&loc, 31, SIM_LOCAL_DEFAULT, 4, &why) == NULL);
	CHECK_EQ(why, SIM_FAULT_RANGE);
	free(loc.data);
}
