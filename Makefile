# Luft's build and test entry points. `make run` and `make test` are the
# two commands a new developer needs; `make ci` is what .ci/run runs, every
# check CI makes; `make help` lists every target. Each target has a
# `## target: what it does` comment (continued on further `## ` lines),
# which make help prints.

# Recipes run in bash with pipefail, so that a command failing on the left
# of a pipe (luft perft 5 | tail -3) fails its target.
SHELL       := bash
.SHELLFLAGS := -o pipefail -c

EXE     ?= luft
# TAGS are build tags of the engine: TAGS=spsa declares the search's
# margins and reductions as UCI options for OpenBench's SPSA (cmd/luft/openbench/README.md).
TAGS    ?=
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
GO      ?= go
LDFLAGS := -X main.version=$(VERSION)
# GOBUILD builds a binary stamped with the version.
GOBUILD  = $(GO) build -trimpath $(if $(TAGS),-tags $(TAGS)) -ldflags "$(LDFLAGS)"
# GOTESTSUM runs go test with its arguments and ends with the tests that
# skipped and a count (DONE N tests, M skipped); -v in TESTFLAGS keeps
# go test -v's output.
GOTESTSUM = $(GO) tool gotestsum --format $(if $(filter -v,$(TESTFLAGS)),standard-verbose,standard-quiet) --
# TEST is make test's command.
TEST      = $(GOTESTSUM) $(TESTFLAGS) ./...
# RUN is the command that runs $(EXE): EXE may be a bare name or a path.
RUN      = $(if $(findstring /,$(EXE)),$(EXE),./$(EXE))
STOCKFISH ?= /usr/games/stockfish

TUNE_DIR    ?= ../tune-data
TUNE_ROUNDS ?= 8500
TUNE_NODES  ?= 2500
TUNE_EPOCHS ?= 200
TUNE_LAMBDA ?= 1e-8

.PHONY: build build-basic dist web web-e2e run test test-noskip test-purego test-spsa test-race clients-test serve-e2e serve-soak test-fathom bench-fathom tb-match fuzz perft-full perft-bench eval-bench bench tactics calibrate reference chess960-match ablation time-check ponder-check match-test tune-data tune nnue-data nnue-train nnue-match lint fmt-check vet staticcheck smoke ci clean help

## build: build the engine binary (make EXE=path builds it there, as OpenBench expects; TAGS=spsa
## for the build whose search parameters are UCI options)
build:
	$(GOBUILD) -o $(EXE) ./cmd/luft

## build-basic: engine with material+PSQT evaluation only ($(EXE)-basic), baseline for tuned-vs-plain matches
build-basic:
	$(GOBUILD) -tags evalbasic -o $(EXE)-basic ./cmd/luft

## dist: the engine for each of DIST_PLATFORMS (linux/amd64, linux/arm64, windows/amd64, darwin/arm64),
## stamped with the version, pure Go (CGO_ENABLED=0), as dist/luft-VERSION-OS-ARCH (.exe on Windows),
## and their SHA-256 sums in dist/SHA256SUMS (sha256sum -c SHA256SUMS in dist/ checks them)
DIST_PLATFORMS ?= linux/amd64 linux/arm64 windows/amd64 darwin/arm64
dist:
	rm -rf dist
	mkdir dist
	for p in $(DIST_PLATFORMS); do \
	  os=$${p%/*} arch=$${p#*/}; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GOBUILD) -o dist/luft-$(VERSION)-$$os-$$arch$$([ $$os = windows ] && echo .exe) ./cmd/luft || exit 1; \
	done
	cd dist && sha256sum luft-* >SHA256SUMS
	cat dist/SHA256SUMS

## web: the static build of luft serve's page into WEB_DIR (default www/), for any static file server:
## the page, luft.wasm (luft serve's handlers and the engine, GOOS=js GOARCH=wasm, the pure-Go
## evaluation, one thread), the worker that runs it, Go's wasm_exec.js and the service worker that
## caches them (cmd/luft/internal/serve/web/README.md); prints luft.wasm's size, raw and gzip -9
WEB_DIR ?= www
WEB_SRC := cmd/luft/internal/serve/web
web:
	rm -rf $(WEB_DIR)
	mkdir -p $(WEB_DIR)
	GOOS=js GOARCH=wasm $(GOBUILD) -o $(WEB_DIR)/luft.wasm ./cmd/luft/internal/webworker/wasm
	root=$$($(GO) env GOROOT); cp "$$(ls $$root/lib/wasm/wasm_exec.js $$root/misc/wasm/wasm_exec.js 2>/dev/null | head -1)" $(WEB_DIR)/
	cp $(WEB_SRC)/dist/* $(WEB_SRC)/static/worker.js $(WEB_DIR)/
	sed 's/<html lang="en">/<html lang="en" data-api="worker">/' $(WEB_SRC)/src/index.html >$(WEB_DIR)/index.html
	grep -q 'data-api="worker"' $(WEB_DIR)/index.html
	v=$$(cat $(WEB_DIR)/* | sha256sum | cut -c1-16); sed "s/@VERSION@/$$v/" $(WEB_SRC)/static/sw.js >$(WEB_DIR)/sw.js
	@echo "luft.wasm: $$(wc -c <$(WEB_DIR)/luft.wasm) bytes, $$(gzip -9c $(WEB_DIR)/luft.wasm | wc -c) gzipped"

## web-e2e: make web, then the static build in headless Chromium from a plain static file server
## (python3 -m http.server), no luft serve running: games at a level and at full strength, in standard
## chess and Chess960, to their end, and their review (cmd/luft/internal/serve/web/e2e/static.mjs)
web-e2e: web
	cmd/luft/internal/serve/web/e2e/run.sh static $(abspath $(WEB_DIR))

## run: build and start the engine in UCI mode
run: build
	$(RUN)

## test: the normal test suite (TESTFLAGS=-v to list every test, as CI does)
test:
	$(TEST)

## test-noskip: make test TESTFLAGS=-v as CI runs it: prints go test's ok and FAIL lines and the count,
## the whole output when a test fails, and fails when any test skipped (under CI=true, tests that miss
## ../shared or Debian's engines fail instead)
test-noskip:
	log=$$(mktemp); trap 'rm -f "$$log"' EXIT; \
	if ! $(MAKE) --no-print-directory test TESTFLAGS=-v >"$$log" 2>&1; then cat "$$log" >&2; exit 1; fi; \
	grep -E '^(ok|FAIL|\?) |^DONE ' "$$log"; \
	if grep -- '--- SKIP' "$$log"; then echo 'tests were skipped (above): CI runs every test' >&2; exit 1; fi

## test-spsa: the SPSA build's tests: its UCI options, and that a value set through them changes the search
test-spsa:
	$(GO) test $(TESTFLAGS) -tags spsa -run SPSA ./uci

## test-purego: the network's tests with the pure-Go loops instead of the AVX2 kernels
test-purego:
	$(GO) test $(TESTFLAGS) -tags purego ./eval/nnue
	$(GO) test $(TESTFLAGS) -tags purego -run Net ./engine

## test-race: the concurrent packages under the race detector (the board is single-threaded), then
## the torture test: 4000 random commands to a race-built binary on four threads
test-race:
	$(GO) test -race -skip '^TestTorture$$' ./uci/... ./cmd/luft/internal/match/... ./cmd/luft/internal/serve ./engine ./engine/tt ./engine/player ./engine/book ./engine/syzygy
	$(GO) test -race -run '^TestTorture$$' -timeout 10m -v ./uci -torture.commands=4000

## fuzz: bounded fuzzing of the parsers: the board's FEN (standard and Chess960), Syzygy table files, the UCI loop's session, position,
## go, FEN and setoption handling (seeded with the checklist's lines and the hardening issues' inputs)
## The budgets are counts of inputs, not durations: Go 1.26's fuzzer can fail a target with
## "context deadline exceeded" when a -fuzztime duration runs out (go.dev/issue/75804). Each count
## is about 30 s of one target on two cores here (FUZZTIME for the board and Syzygy parsers,
## FUZZTIME_UCI for the slower UCI targets).
FUZZTIME     ?= 800000x
FUZZTIME_UCI ?= 40000x
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParseFEN$$' -fuzztime $(FUZZTIME) ./engine/board
	$(GO) test -run '^$$' -fuzz '^FuzzParseFEN960$$' -fuzztime $(FUZZTIME) ./engine/board
	$(GO) test -run '^$$' -fuzz '^FuzzTableFile$$' -fuzztime $(FUZZTIME) -fuzzminimizetime 2s ./engine/syzygy
	for f in FuzzSession FuzzGo FuzzPosition FuzzFEN FuzzSetOption; do \
	  $(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME_UCI) -parallel 1 ./uci || exit 1; done

## clients-test: the built engine driven by the real clients of ../shared/clients on Debian's Python 3
## (PYTHON) with pytest (uci/pyclients): python-chess's chess.engine (analyse with MultiPV, play with each
## Limit, ponder, stop, options) and lichess-bot's engine wrapper (play_move with clock, ponder and
## go_commands), checking the statistics they read and that every limit is kept; skipped when
## PYTHON, its packages or the clients are missing, failed instead under CI=true
PYTHON ?= /usr/bin/python3
clients-test:
	@if ! $(PYTHON) -c 'import pytest, yaml, requests, backoff' 2>/dev/null; then \
	  msg="$(PYTHON) with pytest, yaml, requests and backoff is missing (apt-get install python3-yaml python3-requests python3-backoff python3-pytest python3-rich)"; \
	  if [ "$$CI" = true ]; then echo "clients-test: $$msg" >&2; exit 1; fi; \
	  echo "clients-test skipped: $$msg"; exit 0; \
	fi
	PYTHONDONTWRITEBYTECODE=1 $(PYTHON) -m pytest -p no:cacheprovider -q -rs uci/pyclients

## perft-full: every listed depth of the perft suites
perft-full:
	$(GO) test ./perft -run TestSuites -timeout 30m -v -full

## perft-bench: perft speed next to Stockfish's in the same run, and the Go benchmarks
perft-bench:
	$(GO) test -tags stockfish ./cmd/luft -run 'TestPerftVersusStockfish|TestPerft960VersusStockfish' -v -stockfish $(STOCKFISH)
	$(GO) test -run '^$$' -bench . -benchmem ./perft ./engine/board

## eval-bench: evaluation speed (ns/op, min-ns/eval, allocs/op)
eval-bench:
	$(GO) test -run '^$$' -bench Evaluate -benchmem -count 5 ./eval

## tune-data: self-play games into $(TUNE_DIR)/games.pgn (appending), their quiet positions into
## $(TUNE_DIR)/data.txt, labelled with results blended with Stockfish's scores in $(TUNE_DIR)/labelled.txt
tune-data: build
	mkdir -p $(TUNE_DIR)
	$(RUN) match -engine cmd=$(RUN) name=a -engine cmd=$(RUN) name=b -each nodes=$(TUNE_NODES) \
	    -rounds $(TUNE_ROUNDS) -games 2 -repeat -concurrency 2 \
	    -openings file=../shared/data/openings/noob_3moves_20k.epd format=epd order=random \
	    -resign movecount=3 score=1000 -draw movenumber=40 movecount=8 score=10 \
	    -pgnout file=$(TUNE_DIR)/games.pgn
	$(RUN) tune extract -out $(TUNE_DIR)/data.txt $(TUNE_DIR)/games.pgn
	$(RUN) tune label -engine $(STOCKFISH) -depth 6 -weight 0.5 -threads 2 -out $(TUNE_DIR)/labelled.txt $(TUNE_DIR)/data.txt

## tune: fit the evaluation weights to $(TUNE_DIR)/labelled.txt and write eval/weights.txt (rebuild to use them)
tune: build
	$(RUN) tune fit -threads 2 -epochs $(TUNE_EPOCHS) -lambda $(TUNE_LAMBDA) -out eval/weights.txt.new $(TUNE_DIR)/labelled.txt
	mv eval/weights.txt.new eval/weights.txt

## bench: the search bench signature (nodes) and speed
bench: build
	$(RUN) bench

## tactics: the WAC floors: 300 positions at 200,000 nodes each, one thread, with the hand-crafted
## evaluation and with the built-in network; prints the number each solved and fails below its floor
tactics:
	$(GO) test -tags tactics -run '^TestTactics$$' -count=1 -v ./engine

## calibrate: Luft at UCI_Elo $(ELO) against Stockfish at the same UCI_Elo, 100 games at 10+0.1
## with both engines' default Move Overhead (openings drawn with seed ELO unless CAL_SRAND is set);
## 2300-2700, which UCI_Elo declares only once measured (player.MaxCalibratedElo), are set by
## Skill Level (ELO-800)/100, the same level
ELO ?= 1500
CAL_SRAND ?= $(ELO)
CAL_LUFT = $(if $(filter 2300 2400 2500 2600 2700,$(ELO)),"option.Skill Level=$(shell expr \( $(ELO) - 800 \) / 100)",option.UCI_LimitStrength=true option.UCI_Elo=$(ELO))
calibrate: build
	rm -f calibrate-$(ELO).pgn
	$(RUN) match -engine cmd=$(RUN) name=Luft-$(ELO) $(CAL_LUFT) \
	  -engine cmd=$(STOCKFISH) name=SF-$(ELO) option.UCI_LimitStrength=true option.UCI_Elo=$(ELO) option.Threads=1 option.Hash=16 \
	  -each tc=10+0.1 -rounds 50 -games 2 -repeat -concurrency 2 -srand $(CAL_SRAND) \
	  -openings $(OPENINGS) -pgnout file=calibrate-$(ELO).pgn
	$(RUN) match -check-pgn calibrate-$(ELO).pgn

## reference: 300 games at 10+0.1 against a Debian reference engine,
## REF=gnuchessu|glaurung|toga2|ethereal|stockfish2400|stockfish2600 (the README's strength table)
REF     ?= gnuchessu
ROUNDS  ?= 150
SRAND   ?= 1
OPENINGS := file=../shared/data/openings/noob_3moves_20k.epd format=epd order=random
ADJUDICATE := -resign movecount=4 score=600 -draw movenumber=40 movecount=8 score=10
REF_gnuchessu     := cmd=/usr/games/gnuchessu name=gnuchess option.OwnBook=false
REF_glaurung      := cmd=/usr/games/glaurung name=glaurung option.OwnBook=false option.Threads=1
REF_toga2         := cmd=/usr/games/toga2 name=toga2 option.OwnBook=false
REF_stockfish2400 := cmd=$(STOCKFISH) name=sf2400 option.UCI_LimitStrength=true option.UCI_Elo=2400 option.Threads=1
REF_stockfish2600 := cmd=$(STOCKFISH) name=sf2600 option.UCI_LimitStrength=true option.UCI_Elo=2600 option.Threads=1
REF_ethereal      := cmd=/usr/games/ethereal-chess name=ethereal option.Threads=1
reference: build
	@test -n "$(REF_$(REF))" || { echo "unknown REF=$(REF)"; exit 2; }
	rm -f reference-$(REF).pgn
	PATH=/usr/games:$$PATH $(RUN) match -engine cmd=$(RUN) name=Luft -engine $(REF_$(REF)) \
	  -each tc=10+0.1 option.Hash=64 -rounds $(ROUNDS) -games 2 -repeat -concurrency 2 \
	  -openings $(OPENINGS) -srand $(SRAND) $(ADJUDICATE) -pgnout file=reference-$(REF).pgn
	$(RUN) match -check-pgn reference-$(REF).pgn

## chess960-match: Luft against Stockfish in Chess960 (acceptance 2 of the Chess960 issue): C960_ROUNDS
## rounds of 2 games (default 100, so 200 games) at C960_LIMIT (default tc=10+0.1), Stockfish at UCI_Elo
## C960_ELO (default 2300), start positions drawn from the 960 of engine/board/suites/testdata/chess960.epd with seed
## C960_SRAND, two games at a time; the match runner sets UCI_Chess960 on both; then -check-pgn of
## C960_PGN (removed first). A quick trial: make chess960-match C960_ROUNDS=2 C960_LIMIT=nodes=20000
C960_ROUNDS ?= 100
C960_LIMIT  ?= tc=10+0.1
C960_ELO    ?= 2300
C960_SRAND  ?= 960
C960_PGN    ?= chess960-match.pgn
chess960-match: build
	rm -f $(C960_PGN)
	$(RUN) match -variant fischerandom -engine cmd=$(RUN) name=Luft \
	  -engine cmd=$(STOCKFISH) name=sf$(C960_ELO) option.UCI_LimitStrength=true option.UCI_Elo=$(C960_ELO) option.Threads=1 \
	  -each $(C960_LIMIT) option.Hash=64 -rounds $(C960_ROUNDS) -games 2 -repeat -concurrency 2 \
	  -openings file=engine/board/suites/testdata/chess960.epd format=epd order=random -srand $(C960_SRAND) \
	  $(ADJUDICATE) -pgnout file=$(C960_PGN)
	$(RUN) match -check-pgn $(C960_PGN)

## time-check: Luft against Stockfish at 1+0.01 (400 games, UCI_Elo 2000) and 0.2+0.01 (120 games,
## UCI_Elo 1800) on an honest clock; every game lost on time or by an illegal move shows in the report
TIME_OPENINGS := file=../shared/data/openings/uho_4060_v2_20k.epd format=epd order=random
# time_match: Luft (with the engine settings $(5)) against Stockfish at UCI_Elo $(1), clock $(2),
# $(3) rounds of 2 games, $(6) at a time, PGN $(4)
time_match = rm -f $(4) && $(RUN) match -engine cmd=$(RUN) name=Luft $(5) -engine cmd=$(STOCKFISH) name=sf$(1) \
	  option.UCI_LimitStrength=true option.UCI_Elo=$(1) option.Threads=1 \
	  -each tc=$(2) option.Hash=16 -rounds $(3) -games 2 -repeat -concurrency $(6) \
	  -openings $(TIME_OPENINGS) -srand $(SRAND) -pgnout file=$(4) && $(RUN) match -check-pgn $(4)
time-check: build
	$(call time_match,2000,1+0.01,200,time-1s.pgn,,2)
	$(call time_match,1800,0.2+0.01,60,time-02s.pgn,,2)

## ponder-check: 200 games at 1+0.01 against Stockfish at UCI_Elo 2000, Luft on two threads and
## pondering, one game at a time on a loaded machine (three search threads on two cores)
ponder-check: build
	$(call time_match,2000,1+0.01,100,ponder-check.pgn,option.Threads=2 option.Ponder=true ponder=on,1)

## ablation: Luft against itself with search features switched OFF=a,b and/or optional ones ON=c, NODES
## a move (names: nmp,rfp,fp,lmr,lmp,see,checkext,mdp,asp,se; optional, off by default: iir,hp,pc,tthist)
NODES ?= 20000
ABLATION_PGN = ablation$(if $(OFF),-no-$(OFF))$(if $(ON),-with-$(ON)).pgn
ablation:
	$(GOBUILD) -o $(EXE)-base ./cmd/luft
	$(GO) build -trimpath -ldflags "$(LDFLAGS) -X github.com/luftchess/luft/engine.buildDisabled=$(OFF) -X github.com/luftchess/luft/engine.buildEnabled=$(ON)" -o $(EXE)-test ./cmd/luft
	rm -f $(ABLATION_PGN)
	$(RUN)-test match -engine cmd=$(RUN)-test name=test -engine cmd=$(RUN)-base name=base \
	  -each nodes=$(NODES) -rounds $(ROUNDS) -games 2 -repeat -concurrency 2 \
	  -openings $(OPENINGS) -srand $(SRAND) -resign movecount=4 score=500 -pgnout file=$(ABLATION_PGN)
	$(RUN)-test match -check-pgn $(ABLATION_PGN)

## serve-e2e: the browser page of luft serve: the committed bundle equals a fresh build (npm ci, esbuild)
## and the page's unit tests pass; then the end-to-end test in headless Chromium (Debian's, installed if
## missing) driven by the pinned playwright-core, screenshots in cmd/luft/internal/serve/web/e2e/out/
serve-e2e:
	$(GO) test -tags web -run '^TestBundle$$' -v ./cmd/luft/internal/serve
	cmd/luft/internal/serve/web/e2e/run.sh

## serve-soak: 20 games at once through luft serve's HTTP API for three minutes: legality, memory, goroutines
## (make ci runs it with SOAK_TIME=30s)
SOAK_GAMES ?= 20
SOAK_TIME ?= 3m
serve-soak:
	$(GO) test -tags soak -run '^TestSoak$$' -v -timeout 20m ./cmd/luft/internal/serve -soak.games $(SOAK_GAMES) -soak.time $(SOAK_TIME)

## test-fathom: Syzygy probes against Debian's fathom (apt-get install fathom): WDL and DTZ of over 100,000
## positions (random ones of every table and those one move on, TestFathomMoves), and random, cursed and
## rare positions one by one (TestFathom)
test-fathom:
	PATH="$$PATH:/usr/games" $(GO) test -tags fathom -run '^TestFathom' -count=1 -timeout 20m -v ./engine/syzygy

## bench-fathom: Syzygy probes per second against fathom's on the same positions (engine/syzygy/NOTES.md)
bench-fathom:
	PATH="$$PATH:/usr/games" $(GO) test -tags fathom -run '^TestProbeSpeedVersusFathom$$' -count=1 -v ./engine/syzygy
	$(GO) test -run '^$$' -bench ProbeWDL -benchmem ./engine/syzygy

## tb-match: Luft with the tables of $(SYZYGY) against Stockfish without (full strength, one thread) at
## $(TB_TC), from each of the 50 won positions of engine/syzygy/testdata/won.epd with Luft on the winning
## side (the file alternates the winner as luft match alternates colours); then the same without tables.
## Prints how many games Luft won by mate in each run (so within the fifty-move rule, which the referee
## applies) and fails unless it won all of them with the tables. TB_POSITIONS=N plays the first N only
SYZYGY         ?= ../shared/data/syzygy
TB_TC          ?= tc=10+0.1
TB_POSITIONS   ?= 50
TB_CONCURRENCY ?= 1
# tb_match plays the games with Luft's extra settings $(1) into the PGN $(2) and replays it.
tb_match = rm -f $(2) && $(RUN) match -engine cmd=$(RUN) name=Luft $(1) \
	  -engine cmd=$(STOCKFISH) name=sf option.Threads=1 option.Hash=16 -each $(TB_TC) \
	  -rounds $(TB_POSITIONS) -games 1 -concurrency $(TB_CONCURRENCY) \
	  -openings file=engine/syzygy/testdata/won.epd format=epd order=sequential -pgnout file=$(2) && \
	  $(RUN) match -check-pgn $(2)
# tb_wins counts the games of the PGN $(1) that Luft won by mate (a decisive result with a normal
# termination), failing when $(2) is 1 and it did not win them all.
tb_wins = awk -v must=$(2) -v file=$(1) 'function tag(s) { sub(/^[^"]*"/, "", s); sub(/"[^"]*$$/, "", s); return s } \
	  /^\[White /{w=tag($$0)} /^\[Black /{b=tag($$0)} /^\[Termination /{e=tag($$0)} /^\[Result /{r=tag($$0)} \
	  /^$$/ && r != "" { n++; if (e == "normal" && (w == "Luft" && r == "1-0" || b == "Luft" && r == "0-1")) won++; r = "" } \
	  END { printf "%s: Luft won %d of %d games by mate\n", file, won, n; exit must && won < n }' $(1)
tb-match: build
	$(call tb_match,option.SyzygyPath=$(SYZYGY),tb-match-tables.pgn)
	$(call tb_match,,tb-match-none.pgn)
	@$(call tb_wins,tb-match-none.pgn,0)
	@$(call tb_wins,tb-match-tables.pgn,1)

## nnue-data: a training round's data (eval/nnue/nets/ROUNDS.md): NNUE_POSITIONS (default 4000000, about
## two hours on two quiet cores) self-play positions at NNUE_NODES a move (default: luft datagen's,
## engine.DefaultDataNodes) on two threads, seed NNUE_SEED, played with NNUE_EVAL (hce, or net: the
## built-in network), a tenth of the games from Chess960 start positions, added to the local data store
## (LUFT_DATA, default ~/.local/share/luft/data) and its manifest, the fresh part of the next round,
## which trains on it and the bank NNUE_BANK (nnue-train). Ctrl-C keeps every complete game.
## `luft datagen -list -verify` shows and checks the local store and the bank; `luft datagen -export
## DIR` compresses the finished local files into DIR, as a bank keeps them
NNUE_DIR       ?= ../nnue
NNUE_POSITIONS ?= 4000000
NNUE_NODES     ?=
NNUE_SEED      ?= 1
NNUE_EVAL      ?= net
NNUE_OPENINGS  ?= ../shared/data/openings/noob_3moves_20k.epd
nnue_eval_hce  := -nnue=false
nnue_eval_net  := -nnue
nnue-data: build
	@test -n "$(nnue_eval_$(NNUE_EVAL))" || { echo "unknown NNUE_EVAL=$(NNUE_EVAL) (hce or net)"; exit 2; }
	$(RUN) datagen -positions $(NNUE_POSITIONS) $(if $(NNUE_NODES),-nodes $(NNUE_NODES)) -threads 2 -seed $(NNUE_SEED) \
	  $(nnue_eval_$(NNUE_EVAL)) -openings $(NNUE_OPENINGS) -random-plies 6 -chess960 0.1

## nnue-train: a candidate network from every file of the self-play bank NNUE_BANK (default
## ../shared/data/selfplay, the data kept off the machine, read-only; a round fails without it) and of
## the local data store, the newest games held out, into NNUE_DIR/net (net.nnue and the checkpoints;
## the log says how many positions came from each store): NNUE_HIDDEN (256) neurons, 8 output
## buckets, mirroring, NNUE_EPOCHS (10) epochs at lambda NNUE_LAMBDA (1: the search score only) and
## learning rate NNUE_LR (0.0001, which fine-tunes a network; round 4 in ROUNDS.md: 0.001 undid much
## of what the start knew), starting from NNUE_INIT (default the built-in network; empty: random,
## which wants NNUE_LR=0.001)
NNUE_BANK   ?= ../shared/data/selfplay
NNUE_EPOCHS ?= 10
NNUE_LAMBDA ?= 1.0
NNUE_LR     ?= 0.0001
NNUE_HIDDEN ?= 256
NNUE_INIT   ?= $(shell sed -n 's/^const DefaultName = "\(.*\)"$$/\1/p' eval/nnue/nets/nets.go)
nnue-train: build
	$(RUN) train -out $(NNUE_DIR)/net -hidden $(NNUE_HIDDEN) -buckets 8 -mirror -epochs $(NNUE_EPOCHS) \
	  -lambda $(NNUE_LAMBDA) -lr $(NNUE_LR) -seed 1 $(if $(NNUE_INIT),-init $(NNUE_INIT)) -store -bank $(NNUE_BANK)

## nnue-match: the candidate NNUE_DIR/net/net.nnue against NNUE_BASE (net: the built-in network, or hce)
## in the same binary, at NNUE_LIMIT (default nodes=20000; tc=10+0.1 for the round's verdict), with an
## SPRT of elo0 0, elo1 10 that stops as soon as it decides (at most NNUE_ROUNDS pairs, default 1000)
NNUE_BASE   ?= net
NNUE_LIMIT  ?= nodes=20000
NNUE_ROUNDS ?= 1000
nnue_base_hce := "option.Use NNUE=false"
nnue_base_net := "option.Use NNUE=true"
nnue-match: build
	@test -n '$(nnue_base_$(NNUE_BASE))' || { echo "unknown NNUE_BASE=$(NNUE_BASE) (net or hce)"; exit 2; }
	rm -f nnue-match.pgn
	$(RUN) match -engine cmd=$(RUN) name=candidate "option.Use NNUE=true" "option.EvalFile=$(abspath $(NNUE_DIR)/net/net.nnue)" \
	  -engine cmd=$(RUN) name=$(NNUE_BASE) $(nnue_base_$(NNUE_BASE)) -each $(NNUE_LIMIT) option.Hash=16 \
	  -rounds $(NNUE_ROUNDS) -games 2 -repeat -concurrency 2 -openings $(OPENINGS) -srand $(NNUE_SEED) \
	  $(ADJUDICATE) -sprt elo0=0 elo1=10 alpha=0.05 beta=0.05 -pgnout file=nnue-match.pgn

## match-test: a short real match of Luft against Stockfish at UCI_Elo 1350
match-test:
	$(GO) test -tags matchtest -run TestLuftVsStockfish -count=1 -v -timeout 20m ./cmd/luft/internal/match/

## lint: gofmt, go vet and staticcheck over the default build and each of LINT_TAGS, and go vet
## for Windows and macOS
lint: fmt-check vet staticcheck

# LINT_TAGS are the builds checked beside the default one, one per word: the long tests' tags, the
# network's pure-Go loops, the hand-crafted evaluation alone, the search
# parameters as UCI options.
LINT_TAGS := stockfish,matchtest,tactics,soak,web,fathom purego evalbasic spsa

## fmt-check: fail when gofmt would change a Go file
fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change: $$out" >&2; exit 1; fi

## vet: go vet over the default build and each of LINT_TAGS, and over the default build for Windows
## and macOS (make dist builds the binary for them, not the tests), and luft.wasm's packages for js/wasm
vet:
	$(GO) vet ./...
	for t in $(LINT_TAGS); do $(GO) vet -tags $$t ./... || exit 1; done
	GOOS=windows $(GO) vet ./...
	GOOS=darwin $(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./cmd/luft/internal/webworker/... ./engine

## staticcheck: the pinned staticcheck (a go tool in go.mod) with every check, over the default build and
## each of LINT_TAGS in one run (-matrix), so code used under one tag only is not reported as unused
# The checks are given here: staticcheck reads staticcheck.conf only from a package's directory and
# those above it, so a configuration file would have to sit at the top level or in each top-level directory.
STATICCHECK_CHECKS := all
# A build's name in the matrix is its tags joined by _ (a name is letters, digits and _ only).
comma := ,
staticcheck:
	printf '%s\n' 'default:' $(foreach t,$(LINT_TAGS),'$(subst $(comma),_,$(t)): -tags=$(t)') | \
	  $(GO) tool staticcheck -checks $(STATICCHECK_CHECKS) -matrix ./...

## smoke: build, then the binary's quick checks: its version stamp, perft 5, the bench signature,
## one move of luft play
# grep without -q: luft play would get SIGPIPE, and pipefail fail the target.
smoke: build
	$(RUN) version | grep -F 'Luft $(VERSION) '
	$(RUN) perft 5 | tail -3
	$(RUN) bench 2>&1 | tail -1
	printf 'e4\nquit\n' | $(RUN) play -elo 800 -time 0.1 | grep 'Luft plays' >/dev/null

## ci: everything CI checks, in this order: lint, smoke, dist (so every platform compiles), the test
## suite with no test skipped, the race detector and torture test, the network without its assembly, the SPSA build,
## python-chess and lichess-bot driving the engine, fuzzing, every perft depth, the WAC floors,
## Syzygy probes against fathom, a real match, the browser page, served and static, and half a minute
## of 20 browser games at once (serve-soak with SOAK_TIME=30s)
# As CI runs it: tests that need ../shared or Debian's engines fail, rather than skip, when these are
# missing (CI=true); no test result comes from the cache, as tests that build and run the luft binary
# would otherwise pass from it after a change that only the binary sees (GOFLAGS=-count=1); Debian's
# engines are found in /usr/games.
ci: export CI := true
ci: export GOFLAGS := -count=1
ci: export PATH := $(PATH):/usr/games
ci: SOAK_TIME := 30s
ci: lint smoke dist test-noskip test-race test-purego test-spsa clients-test fuzz perft-full tactics test-fathom match-test serve-e2e web-e2e serve-soak

## clean: remove the engine binary and dist/
clean:
	rm -f $(EXE)
	rm -rf dist

## help: list the targets with what they do
help:
	@awk '/^## [a-z0-9-]+:/ { t = $$2; sub(/:$$/, "", t); sub(/^## [a-z0-9-]+: */, ""); printf "  %-15s %s\n", t, $$0; next } \
	     /^## / && t != "" { sub(/^## /, ""); printf "  %-15s %s\n", "", $$0; next } \
	     { t = "" }' $(firstword $(MAKEFILE_LIST))
