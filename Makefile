# simtkit build.  `make` builds build/simt and build/libsimt.a;
# `make check` builds the normal and the sanitizer (ASan+UBSan) variants and
# runs every test under both; `make docs` regenerates docs/isa from isa/*.isa.
CC      ?= cc
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN    := -Wall -Wextra -Werror -Wno-unused-parameter -Wshadow -Wstrict-prototypes
CFLAGS  ?= -O2 -g
SANFLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
INC     := -Iinclude -Isrc

ISA_FILES := $(wildcard isa/base.isa) $(filter-out isa/base.isa,$(sort $(wildcard isa/*.isa)))
LIB_SRC := $(sort $(wildcard src/util/*.c src/isa/*.c src/codec/*.c src/obj/*.c src/asm/*.c src/ptx/*.c src/sim/*.c src/check/*.c))
CLI_SRC := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/*.c))
HDRS    := $(wildcard include/simt/*.h src/*/*.h tests/unit/*.h)

all: build/simt

# ---- one set of rules per variant (B = build dir, F = flags) -------------
define variant
$(1)/gen/isa_builtin.c: $(ISA_FILES) $(1)/embed
	$(1)/embed $(ISA_FILES) > $$@.tmp && mv $$@.tmp $$@
$(1)/embed: tools/embed.c
	@mkdir -p $(1)/gen
	$(CC) $(CSTD) $(WARN) -O1 -o $$@ $$<
$(1)/obj/%.o: %.c $(HDRS)
	@mkdir -p $$(dir $$@)
	$(CC) $(CSTD) $(WARN) $(2) $(INC) -c -o $$@ $$<
$(1)/obj/gen/isa_builtin.o: $(1)/gen/isa_builtin.c
	@mkdir -p $$(dir $$@)
	$(CC) $(CSTD) $(WARN) $(2) $(INC) -c -o $$@ $$<
$(1)/libsimt.a: $(patsubst %.c,$(1)/obj/%.o,$(LIB_SRC)) $(1)/obj/gen/isa_builtin.o
	rm -f $$@ && ar rcs $$@ $$^
$(1)/simt: $(patsubst %.c,$(1)/obj/%.o,$(CLI_SRC)) $(1)/libsimt.a
	$(CC) $(2) -pthread -o $$@ $$^ -lm
$(1)/unit_tests: $(patsubst %.c,$(1)/obj/%.o,$(TEST_SRC)) $(1)/libsimt.a
	$(CC) $(2) -pthread -o $$@ $$^ -lm
endef

# The normal variant is position-independent with hidden visibility, so the
# same objects make libsimt.a and libsimt.so; only SIMT_API symbols export.
$(eval $(call variant,build,$(CFLAGS) -fPIC -fvisibility=hidden))
$(eval $(call variant,build/san,$(SANFLAGS)))

# The test command of README.md: both variants, every test, one closing line.
check: build/simt build/unit_tests build/san/simt build/san/unit_tests build/libsimt.so build/simt.1
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
example: build/simt
	@echo "== examples/brx_test.s"; cat examples/brx_test.s
	@build/simt as examples/brx_test.s -o build/brx_test.o
	@echo "== simt dis build/brx_test.o"; build/simt dis build/brx_test.o
	@echo "== simt run examples/diverge.s --print out"
	@build/simt run examples/diverge.s --print out

# libFuzzer target of the assembler (clang): make fuzz-asm, then
# build/fuzz/fuzz_asm -max_total_time=300 build/fuzz/asm_corpus
FUZZFLAGS  := -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
build/fuzz/fuzz_asm: tests/fuzz/fuzz_asm.c $(LIB_SRC) build/gen/isa_builtin.c $(HDRS)
	@mkdir -p build/fuzz/asm_corpus
	$(FUZZ_CC) $(CSTD) $(INC) $(FUZZFLAGS) -o $@ $< $(LIB_SRC) build/gen/isa_builtin.c -lm
	cp tests/asm/*.s build/fuzz/asm_corpus/ 2>/dev/null; cp examples/*.s build/fuzz/asm_corpus/ 2>/dev/null; true
fuzz-asm: build/fuzz/fuzz_asm

# ---- shared library and installation ---------------------------------------
VERSION := $(shell sed -n 's/^\#define SIMT_VERSION "\(.*\)"/\1/p' include/simt/simt.h)
MAJOR   := $(firstword $(subst ., ,$(VERSION)))
PREFIX  ?= /usr/local
LIB_OBJ := $(patsubst %.c,build/obj/%.o,$(LIB_SRC)) build/obj/gen/isa_builtin.o

build/libsimt.so.$(VERSION): $(LIB_OBJ)
	$(CC) -shared -pthread -Wl,-soname,libsimt.so.$(MAJOR) -o $@ $^ -lm
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

clean:
	rm -rf build

.PHONY: all check docs docs-check example clean lib install check-slurm

# libFuzzer target for the ISA front end (needs clang); corpus: tests/isa.
FUZZ_CC ?= clang
SIMT_SEEDS_DIR ?= /work/shared/seeds
FUZZ_ISA_SRC := $(sort $(wildcard src/util/*.c src/isa/*.c src/codec/*.c))
build/fuzz_isa: tests/fuzz/fuzz_isa.c $(FUZZ_ISA_SRC) build/gen/isa_builtin.c $(HDRS)
	@mkdir -p build
	$(FUZZ_CC) $(CSTD) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  $(INC) -o $@ \
	  tests/fuzz/fuzz_isa.c $(FUZZ_ISA_SRC) build/gen/isa_builtin.c -lm
fuzz-isa: build/fuzz_isa
	@mkdir -p build/fuzz-isa-corpus
	cp tests/isa/*.isa tests/isa/bad/*.isa isa/*.isa build/fuzz-isa-corpus/ 2>/dev/null || true
	cp $(SIMT_SEEDS_DIR)/000_*.txt $(SIMT_SEEDS_DIR)/001_*.txt build/fuzz-isa-corpus/ 2>/dev/null || true
	build/fuzz_isa -max_total_time=$${FUZZ_SECONDS:-180} -max_len=65536 -timeout=10 \
	  -artifact_prefix=build/fuzz-isa- \
	  build/fuzz-isa-corpus

.PHONY: fuzz-isa

# libFuzzer target for the object reader: `make fuzz-elf FUZZ_TIME=300`
# runs it for FUZZ_TIME seconds from the seeds in tests/object/good.
FUZZ_TIME ?= 300
FUZZ_ELF_SRC := tests/fuzz/fuzz_elf.c src/obj/object.c src/obj/lines.c src/obj/elf_read.c \
	src/obj/elf_write.c src/util/util.c src/util/diag.c
build/fuzz_elf: $(FUZZ_ELF_SRC) $(HDRS)
	@mkdir -p build
	clang $(CSTD) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined \
	  -fno-sanitize-recover=all $(INC) -o $@ $(FUZZ_ELF_SRC)
fuzz-elf: build/fuzz_elf
	@mkdir -p build/fuzz-elf-corpus
	build/fuzz_elf -max_total_time=$(FUZZ_TIME) -max_len=8192 \
	  -artifact_prefix=build/ build/fuzz-elf-corpus tests/object/good
.PHONY: fuzz-elf
.PHONY: fuzz-asm
