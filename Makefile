# Luft's build and test entry points. `make build` and `make test` are the
# two commands a new developer needs; `make ci` is what .ci/run runs.

EXE     ?= luft
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO      ?= go
LDFLAGS := -X main.version=$(VERSION)
STOCKFISH ?= /usr/games/stockfish

.PHONY: build run test test-race fuzz perft-full perft-bench bench match-test ci clean

## build: build the engine binary (make EXE=path builds it there, as OpenBench expects)
build:
	$(GO) build -trimpath -ldflags "$(LDFLAGS)" -o $(EXE) ./cmd/luft

## run: build and start the engine in UCI mode
run: build
	./$(EXE)

## test: the normal test suite
test:
	$(GO) test ./...

## test-race: the concurrent packages under the race detector
test-race:
	$(GO) test -race ./uci/... ./engine/...

## fuzz: bounded fuzzing of the parsers (FEN, and the UCI loop seeded with the checklist's lines)
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParseFEN$$' -fuzztime 30s ./engine/board
	$(GO) test -run '^$$' -fuzz '^FuzzSession$$' -fuzztime 30s -parallel 1 ./uci

## perft-full: every listed depth of the perft suites
perft-full:
	$(GO) test -run TestSuites -full -timeout 30m -v ./perft | grep -E '^(---|ok|FAIL)|counts checked'

## perft-bench: perft speed next to Stockfish's in the same run, and the Go benchmarks
perft-bench:
	$(GO) test -run TestVersusStockfish -stockfish $(STOCKFISH) -v ./perft
	$(GO) test -run '^$$' -bench . -benchmem ./perft ./engine/board

## bench: the search bench signature (nodes) and speed
bench: build
	./$(EXE) bench

## match-test: a short real match of Luft against Stockfish at UCI_Elo 1350
match-test:
	LUFT_MATCH_TEST=1 $(GO) test -run TestLuftVsStockfish -v -timeout 20m ./uci/match/

## ci: everything CI checks
ci: test test-race fuzz perft-full match-test

clean:
	rm -f $(EXE)
