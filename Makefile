# simtkit build.  `make` builds build/simt and build/libsimt.a;
# `make check` builds the normal and the sanitizer (ASan+UBSan) variants and
# runs every test under both; `make docs` regenerates docs/isa from isa/*.isa.
CC      ?= cc
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow -Wstrict-prototypes
CFLAGS  ?= -O2 -g
# The sanitizer variant builds the lane loops once, for base x86-64
# (src/sim/rt.h, RT_LANE_CLONES): `make check` then runs every suite on the
# AVX2 build (build/simt on an AVX2 host) and on the portable one.
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	    -DSIMT_NO_LANE_CLONES
INC     := -Iinclude -Isrc

ISA_FILES := $(wildcard isa/base.isa) $(filter-out isa/base.isa,$(sort $(wildcard isa/*.isa)))
LIB_SRC := $(sort $(wildcard src/util/*.c src/isa/*.c src/codec/*.c src/obj/*.c src/asm/*.c src/ptx/*.c src/sim/*.c src/check/*.c))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/*.c))
HDRS    := $(wildcard include/simt/*.h src/*/*.h tests/unit/*.h)
# fuzz targets tests/fuzz/fuzz_<T>.c (rules at the end of this file)
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
REPLAY_BINS := $(addprefix build/san/fuzz/replay_,$(FUZZ_TARGETS))

all: build/simt

# ---- one set of rules per variant (B = build dir, F = flags) -------------
define variant
$(1)/gen/isa_builtin.c: $(ISA_FILES) $(1)/embed
	$(1)/embed $(ISA_FILES) > $$@.tmp && mv $$@.tmp $$@
$(1)/embed: tools/embed.c
	@mkdir -p $(1)/gen
	$(CC) $(CSTD) $(WARN) -O1 -o $$@ $$<
$(1)/obj/%.o: %.c $(HDRS) Makefile
	@mkdir -p $$(dir $$@)
	$(CC) $(CSTD) $(WARN) $(2) $(INC) -c -o $$@ $$<
$(1)/obj/gen/isa_builtin.o: $(1)/gen/isa_builtin.c Makefile
	@mkdir -p $$(dir $$@)
	$(CC) $(CSTD) $(WARN) $(2) $(INC) -c -o $$@ $$<
$(1)/obj/gen/isa_snap.o: build/gen/isa_snap.c $(HDRS) Makefile
	@mkdir -p $$(dir $$@)
	$(CC) $(CSTD) $(WARN) $(2) $(INC) -c -o $$@ $$<
$(1)/libsimt.a: $(patsubst %.c,$(1)/obj/%.o,$(LIB_SRC)) $(1)/obj/gen/isa_builtin.o $(1)/obj/gen/isa_snap.o
	rm -f $$@ && ar rcs $$@ $$^
$(1)/simt: $(patsubst %.c,$(1)/obj/%.o,$(CLI_SRC)) $(1)/libsimt.a
	$(CC) $(2) $(EXE_LDFLAGS) $(3) -pthread -o $$@ $$^ -lm
$(1)/unit_tests: $(patsubst %.c,$(1)/obj/%.o,$(TEST_SRC)) $(1)/libsimt.a
	$(CC) $(2) $(EXE_LDFLAGS) -pthread -o $$@ $$^ -lm
endef

# The built-in ISA snapshot (docs/isa-language.md "Built-in ISA snapshot"):
# build/isa_snap, linked from the objects of the layers that load an ISA
# (src/util, src/isa, src/codec; src/asm/index.c for the assembler's index)
# and the embedded texts, loads isa/*.isa the way a process without a
# snapshot does and writes the resulting model, decode table and assembler
# index tables as static const data, build/gen/isa_snap.c, which every
# variant compiles into its library.  Generated, never checked in; it depends
# on the .isa files (through isa_builtin.o) and on the loader's sources, so it
# cannot go stale.
SNAP_SRC := $(sort $(wildcard src/util/*.c src/isa/*.c src/codec/*.c)) src/asm/index.c
build/isa_snap: tools/isa_snap.c tools/isa_snap_stub.c $(patsubst %.c,build/obj/%.o,$(SNAP_SRC)) \
		build/obj/gen/isa_builtin.o $(HDRS) Makefile
	$(CC) $(CSTD) $(WARN) $(CFLAGS) $(INC) -o $@ tools/isa_snap.c tools/isa_snap_stub.c \
	  $(patsubst %.c,build/obj/%.o,$(SNAP_SRC)) build/obj/gen/isa_builtin.o -lm
build/gen/isa_snap.c: build/isa_snap
	@mkdir -p build/gen
	build/isa_snap > $@.tmp && mv $@.tmp $@

# The programs link as fixed-position executables: the snapshot's pointers
# are then resolved by the linker, where a PIE would apply ~17000 relocations
# and copy every page of the snapshot that holds one at each start (about
# 1.5 ms of the 2-4 ms a process took; bench/RESULTS.md, session 6).
EXE_LDFLAGS ?= -no-pie
# build/simt is also linked statically when the C library allows it: no
# dynamic loader, symbol lookup or mapping of libc/libm at each start (the
# corpus's 168 `simt ptx -o` processes: 285 -> 241 page faults each, about
# 20% less CPU; bench/RESULTS.md, session 7).  Not the sanitizer variants
# (ASan and TSan need the dynamic runtime); EXE_STATIC= turns it off.
ifndef EXE_STATIC
EXE_STATIC := $(shell printf 'int main(void){return 0;}\n' | $(CC) -x c -static -o /dev/null - 2>/dev/null && echo -static)
endif

# The normal variant is position-independent with hidden visibility, so the
# same objects make libsimt.a and libsimt.so; only SIMT_API symbols export.
$(eval $(call variant,build,$(CFLAGS) -fPIC -fvisibility=hidden,$(EXE_STATIC)))
$(eval $(call variant,build/san,$(SANFLAGS)))
# ThreadSanitizer variant (CTA groups on worker threads, src/sim/par.c):
# `make build/tsan/simt`, then tests/threads.sh or `simt test` with it.
# One build of the lane loops here too: the indirect-function resolvers of
# RT_LANE_CLONES run before ThreadSanitizer's run-time is up and crash it.
TSANFLAGS := -O1 -g -fsanitize=thread -fno-omit-frame-pointer -DSIMT_NO_LANE_CLONES
$(eval $(call variant,build/tsan,$(TSANFLAGS)))

# The test command of README.md: both variants, every test, one closing line.
check: build/simt build/unit_tests build/san/simt build/san/unit_tests build/libsimt.so build/simt.1 \
	$(REPLAY_BINS)
	@sh tests/run.sh build build/san

docs: build/simt
	build/simt isa doc -o docs/isa

# Fails when the checked-in docs/isa differs from what the ISA generates.
docs-check: build/simt
	@rm -rf build/docs-check && build/simt isa doc -o build/docs-check
	@diff -r docs/isa build/docs-check >/dev/null || \
	  { echo "docs/isa is stale: run 'make docs'"; exit 1; }

# The main job on an example: assemble, disassemble the object back, and
# run a divergent kernel on the simulator.
EXAMPLE_CU := tests/ptx/reduce_smem_tree
example: build/simt
	@echo "== a CUDA kernel ($(EXAMPLE_CU).cu; its nvcc -ptx output is checked in)"
	@sed -n '/__global__/,/^}/p' $(EXAMPLE_CU).cu
	@echo "== simt ptx -S $(EXAMPLE_CU).sm_80.ptx (lowered, each PTX line beside its instructions; first 24 lines)"
	@build/simt ptx -S $(EXAMPLE_CU).sm_80.ptx | head -n 24
	@echo "== simt run $(EXAMPLE_CU).sm_80.ptx --print out (launch and inputs from its //! lines)"
	@build/simt run $(EXAMPLE_CU).sm_80.ptx --print out
	@echo "== examples/brx_test.s"; cat examples/brx_test.s
	@build/simt as examples/brx_test.s -o build/brx_test.o
	@echo "== simt dis build/brx_test.o"; build/simt dis build/brx_test.o
	@echo "== simt run examples/diverge.s --print out"
	@build/simt run examples/diverge.s --print out

# ---- shared library and installation ---------------------------------------
VERSION := $(shell sed -n 's/^\#define SIMT_VERSION "\(.*\)"/\1/p' include/simt/simt.h)
MAJOR   := $(firstword $(subst ., ,$(VERSION)))
PREFIX  ?= /usr/local
LIB_OBJ := $(patsubst %.c,build/obj/%.o,$(LIB_SRC)) build/obj/gen/isa_builtin.o \
	build/obj/gen/isa_snap.o

build/libsimt.so.$(VERSION): $(LIB_OBJ) tools/libsimt.map
	$(CC) -shared -pthread -Wl,-soname,libsimt.so.$(MAJOR) \
	  -Wl,--version-script=tools/libsimt.map -o $@ $(LIB_OBJ) -lm
build/libsimt.so: build/libsimt.so.$(VERSION)
	ln -sf libsimt.so.$(VERSION) build/libsimt.so.$(MAJOR)
	ln -sf libsimt.so.$(VERSION) $@
build/simt.1: build/simt tools/man.sh
	sh tools/man.sh build/simt > $@.tmp && mv $@.tmp $@
lib: build/libsimt.so build/libsimt.a

install: build/simt build/libsimt.a build/libsimt.so build/simt.1 tools/simt.pc.in
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
	  $(DESTDIR)$(PREFIX)/include/simt $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 build/simt $(DESTDIR)$(PREFIX)/bin/simt
	install -m 644 build/libsimt.a $(DESTDIR)$(PREFIX)/lib/libsimt.a
	install -m 755 build/libsimt.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libsimt.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libsimt.so.$(MAJOR)
	ln -sf libsimt.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libsimt.so
	install -m 644 include/simt/*.h $(DESTDIR)$(PREFIX)/include/simt/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' tools/simt.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/simt.pc
	install -m 644 build/simt.1 $(DESTDIR)$(PREFIX)/share/man/man1/simt.1

# A one-node Slurm cluster on localhost runs the simulator suite as a job
# array (needs root, slurm-wlm and munge): docs/regressions.md.
check-slurm: build/simt
	@sh tests/slurm/local-cluster.sh build/simt

# Co-simulation: a SystemVerilog testbench drives libsimt through DPI-C
# and compares a tiny DUT with it, built and run by Verilator
# (docs/cosim.md).  `make cosim` runs the DUT (must match) and its
# injected-bug variant (must fail with a mismatch); `make cosim COSIM_BUG=1`
# runs only the bug variant and exits with its failure.
COSIM_BUG ?=
cosim: build/libsimt.a
	@sh examples/cosim/run.sh $(if $(COSIM_BUG),bug,both)

clean:
	rm -rf build

.PHONY: all check docs docs-check example clean lib install check-slurm cosim

# ---- fuzzing: one scheme for every tests/fuzz/fuzz_<T>.c ------------------
# build/fuzz/fuzz_<T>: the libFuzzer binary (clang; library and target under
#   ASan+UBSan with coverage).  `make fuzz FUZZ_SECONDS=N` runs every target
#   N seconds, one after the other (tests/fuzz/run.sh: corpus
#   tests/fuzz/corpus/<T>.tar.xz, crashes in build/fuzz/artifacts/<T>/);
#   `make fuzz-<T>` runs one; `make fuzz-merge` minimises the corpora.
# build/san/fuzz/replay_<T>: the same target with a plain main()
#   (tests/fuzz/replay_main.c) under the sanitizer build; `make check` replays
#   tests/fuzz/regress/<T>/ through it.  Procedure: tests/fuzz/README.md.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_LIBFLAGS := -O1 -g -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_HDRS := $(HDRS) $(wildcard tests/fuzz/*.h)
# clang warns where gcc does not: warnings stay, -Werror belongs to `make check`
FUZZ_WARN := $(filter-out -Werror,$(WARN))

build/fuzz/obj/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) $(FUZZ_WARN) $(FUZZ_LIBFLAGS) $(INC) -c -o $@ $<
build/fuzz/obj/gen/isa_builtin.o: build/gen/isa_builtin.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) $(FUZZ_WARN) $(FUZZ_LIBFLAGS) $(INC) -c -o $@ $<
build/fuzz/obj/gen/isa_snap.o: build/gen/isa_snap.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CSTD) $(FUZZ_WARN) $(FUZZ_LIBFLAGS) $(INC) -c -o $@ $<
build/fuzz/libsimt.a: $(patsubst %.c,build/fuzz/obj/%.o,$(LIB_SRC)) build/fuzz/obj/gen/isa_builtin.o \
	build/fuzz/obj/gen/isa_snap.o
	rm -f $@ && ar rcs $@ $^
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c build/fuzz/libsimt.a $(FUZZ_HDRS)
	$(FUZZ_CC) $(CSTD) $(FUZZ_WARN) $(FUZZ_LIBFLAGS) -fsanitize=fuzzer $(INC) \
	  -o $@ $< build/fuzz/libsimt.a -lm
build/san/fuzz/replay_%: tests/fuzz/fuzz_%.c tests/fuzz/replay_main.c build/san/libsimt.a $(FUZZ_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CSTD) $(WARN) $(SANFLAGS) $(INC) -o $@ $< tests/fuzz/replay_main.c \
	  build/san/libsimt.a -lm

FUZZ_BINS := $(addprefix build/fuzz/fuzz_,$(FUZZ_TARGETS))

fuzz: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do \
	  sh tests/fuzz/run.sh $$t $(FUZZ_SECONDS) || exit 1; done
fuzz-merge: $(FUZZ_BINS)
	@for t in $(FUZZ_TARGETS); do sh tests/fuzz/run.sh --merge $$t || exit 1; done
fuzz-build: $(FUZZ_BINS)
$(addprefix fuzz-,$(FUZZ_TARGETS)): fuzz-%: build/fuzz/fuzz_%
	@sh tests/fuzz/run.sh $* $(FUZZ_SECONDS)

.PHONY: fuzz fuzz-merge fuzz-build $(addprefix fuzz-,$(FUZZ_TARGETS))
