package serve

import (
	"context"
	"io"
	"strconv"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/uci"
	"github.com/luftchess/luft/uci/client"
)

// handshakeTimeout bounds each wait of an engine's start-up and of its
// answers to isready.
const handshakeTimeout = 10 * time.Second

// startEngine runs a Luft engine in-process, speaking UCI over a pair of
// pipes as it would on standard input and output, and returns the client
// end after the handshake with the game's options. Why a UCI engine,
// though it runs in the server's process: the package comment.
func startEngine(ctx context.Context, cfg Config, set Settings) (*client.Engine, error) {
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	id := uci.ID{Name: "Luft " + cfg.Version, Author: "the Luft developers"}
	var searcher engine.Searcher
	if cfg.newEngine != nil {
		searcher = cfg.newEngine()
	} else {
		searcher = engine.New(uci.DefaultOptions())
	}
	go func() {
		err := uci.Run(cmdR, outW, searcher, id)
		outW.CloseWithError(err) // nil closes with io.EOF
		cmdR.Close()
	}()
	e := client.Connect(cmdW, outR)
	if err := e.Handshake(ctx, engineOptions(cfg, set), handshakeTimeout); err != nil {
		e.Close(time.Second)
		return nil, err
	}
	if err := e.NewGame(ctx, handshakeTimeout); err != nil {
		e.Close(time.Second)
		return nil, err
	}
	return e, nil
}

// engineOptions returns the UCI options that set up an engine for a game:
// its strength, one thread, its table, the rules of Chess960 in a game of
// Chess960, and three lines in analysis mode.
func engineOptions(cfg Config, set Settings) []client.Option {
	opts := []client.Option{
		{Name: "Threads", Value: "1"},
		{Name: "Hash", Value: strconv.Itoa(cfg.HashMB)},
	}
	if set.chess960() {
		opts = append(opts, client.Option{Name: "UCI_Chess960", Value: "true"})
	}
	switch {
	case set.Analysis:
		opts = append(opts, client.Option{Name: "MultiPV", Value: "3"})
	case set.Elo != 0:
		opts = append(opts,
			client.Option{Name: "UCI_LimitStrength", Value: "true"},
			client.Option{Name: "UCI_Elo", Value: strconv.Itoa(set.Elo)})
	}
	return opts
}
