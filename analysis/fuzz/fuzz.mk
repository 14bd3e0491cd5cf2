# The fuzzers (make -C analysis fuzz): our sources again, built with
# clang's libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer.
# Included by ../Makefile, which defines LIB_SRC, TRACE_CFLAGS and LIBS.
FZ := $(B)/fuzz
FUZZ_CC ?= clang
SAN := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS = -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror $(TRACE_CFLAGS) \
	-Isrc -O1 -g -fno-omit-frame-pointer $(SAN)
FUZZ_OBJ := $(LIB_SRC:%.c=$(FZ)/%.o)
FUZZERS := $(FZ)/fuzz_trace $(FZ)/fuzz_cli
FUZZ_SECONDS ?= 60

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZERS) $(FZ)/mkseed $(FZ)/asan-report

# --- run: seeds from the fixtures, then both fuzzers side by side, nice'd
fuzz: fuzz-build
	@fuzz/run.sh $(FZ) $(FUZZ_SECONDS)

$(FZ)/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -MMD -MP -c -o $@ $<

$(FZ)/fuzz_%: fuzz/fuzz_%.c fuzz/zygote.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LIBS)

# the command line tool under the same sanitizers, no fuzzer
$(FZ)/asan-report: src/main.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $^ $(LIBS)

# seeds: a plain build, it only cuts traces down
$(FZ)/mkseed: fuzz/mkseed.c $(addprefix src/,tdat.c tdat_meta.c tdat_opt.c \
		tdat_v6.c tdat_v7.c zdec.c)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc -o $@ $^ -lzstd -lz

-include $(wildcard $(FZ)/*.d)
