# OpenBench convention: `make EXE=<path>` builds the optimized engine to <path>.
EXE ?= kaleido
CARGO ?= cargo

.PHONY: all test clean

all:
	$(CARGO) build --release --bin kaleido
	cp target/release/kaleido $(EXE)

test:
	$(CARGO) test --workspace

clean:
	$(CARGO) clean
