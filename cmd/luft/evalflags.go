package main

import (
	"flag"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// evalFlags are the flags that choose the evaluation of the subcommands
// that search (bench, datagen, eval), as the UCI options Use NNUE and
// EvalFile do, with the engine's defaults.
type evalFlags struct {
	nnue bool
	file string
}

// addEvalFlags declares -nnue and -evalfile on fs.
func addEvalFlags(fs *flag.FlagSet) *evalFlags {
	f := &evalFlags{}
	fs.BoolVar(&f.nnue, "nnue", engine.Network(engine.DefaultOptions(), engine.Limits{}) != nil,
		"evaluate with the network (false: the hand-crafted evaluation)")
	fs.StringVar(&f.file, "evalfile", "",
		"evaluate with the network in `file` (implies -nnue; default: the built-in network, "+nets.DefaultName+")")
	return f
}

// network returns the network the flags choose, or nil for the
// hand-crafted evaluation.
func (f *evalFlags) network() (*nnue.Network, error) {
	if !f.nnue && f.file == "" {
		return nil, nil
	}
	return engine.ReadNetwork(f.file)
}

// name returns what the flags choose, as the data store's manifest says
// it: datagen.HandCrafted for the hand-crafted evaluation, else the
// network's name or file.
func (f *evalFlags) name() string {
	switch {
	case !f.nnue && f.file == "":
		return datagen.HandCrafted
	case f.file == "":
		return nets.DefaultName
	}
	return f.file
}
