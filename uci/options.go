package uci

import (
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/book"
	"github.com/luftchess/luft/engine/player"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// settings are the current values of the UCI options that the protocol
// and the player use. The options of the engine's search, the evaluation
// among them, are the searcher's own (session.options).
type settings struct {
	ponder  bool
	showWDL bool
	play    playSettings
	syzygy  syzygySettings
}

// playSettings are the options that shape how the engine plays rather
// than how it searches: the opening book and the strength limit.
type playSettings struct {
	ownBook       bool
	bookFile      string
	book          *book.Book // read from bookFile; nil when it is empty
	limitStrength bool
	elo           int
	skillLevel    int
}

// level returns the playing strength the options select.
func (p playSettings) level() player.Level {
	return player.FromUCI(p.limitStrength, p.elo, p.skillLevel)
}

// openingBook returns the book to play from, or nil for none.
func (p playSettings) openingBook() player.Book {
	if !p.ownBook || p.book == nil {
		return nil // not a typed nil: the Player tests for nil
	}
	return p.book
}

// option is one entry of the option table: its declaration and a setter
// that parses and applies a value sent by setoption.
type option struct {
	name     string
	kind     string // check, spin, button or string, as UCI spells them
	def      string // default value as declared
	min, max int    // range of a spin
	// set applies value (already "<empty>"-translated for strings). It
	// returns an error, and changes nothing, when the value is invalid.
	set func(s *session, value string) error
}

// optionTable lists every option in the order the uci command declares them.
// Adding an option is adding one line here. An option is declared only
// when it works over its whole range.
var optionTable = []option{
	memorySpin("Threads", engine.DefaultThreads, engine.MaxThreads, func(o *engine.Options, v int) { o.Threads = v }),
	memorySpin("Hash", engine.DefaultHashMB, engine.MaxHashMB(), func(o *engine.Options, v int) { o.HashMB = v }),
	button("Clear Hash", func(s *session) { s.pendingNewGame = true }),
	check("Ponder", false, func(s *session, v bool) { s.settings.ponder = v }),
	engineSpin("MultiPV", 1, 1, 256, func(o *engine.Options, v int) { o.MultiPV = v }),
	engineSpin("Move Overhead", 30, 0, 5000, func(o *engine.Options, v int) { o.MoveOverhead = time.Duration(v) * time.Millisecond }),
	check("UCI_ShowWDL", false, func(s *session, v bool) { s.settings.showWDL = v }),
	check("UCI_Chess960", false, (*session).setChess960),
	check("OwnBook", false, func(s *session, v bool) { s.settings.play.ownBook = v }),
	{name: "BookFile", kind: "string", set: setBookFile},
	{name: "EvalFile", kind: "string", def: nets.DefaultName, set: setEvalFile},
	{name: "Use NNUE", kind: "check", def: strconv.FormatBool(engine.Network(engine.DefaultOptions(), engine.Limits{}) != nil), set: setUseNNUE},
	check("UCI_LimitStrength", false, func(s *session, v bool) { s.settings.play.limitStrength = v }),
	spin("UCI_Elo", 1500, player.MinCalibratedElo, player.MaxCalibratedElo, func(s *session, v int) { s.settings.play.elo = v }),
	spin("Skill Level", player.MaxSkill, 0, player.MaxSkill, func(s *session, v int) { s.settings.play.skillLevel = v }),
	{name: "SyzygyPath", kind: "string", set: setSyzygyPath},
	spin("SyzygyProbeDepth", 1, 1, 100, func(s *session, v int) { s.syzygyOption(func(z *syzygySettings) { z.probeDepth = v }) }),
	check("Syzygy50MoveRule", true, func(s *session, v bool) { s.syzygyOption(func(z *syzygySettings) { z.rule50 = v }) }),
	spin("SyzygyProbeLimit", 7, 0, 7, func(s *session, v int) { s.syzygyOption(func(z *syzygySettings) { z.probeLimit = v }) }),
}

func init() { optionTable = append(optionTable, tunableOptions()...) }

// tunableOptions declares the search parameters that the build lets UCI
// set (engine.Tunables: those of a build with the spsa tag, for
// OpenBench's SPSA; none by default) as spin options over their ranges.
// A value changes the search at once, so it is refused during a search.
func tunableOptions() []option {
	var opts []option
	for _, t := range engine.Tunables() {
		o := option{name: t.Name, kind: "spin", def: strconv.Itoa(t.Default), min: t.Min, max: t.Max}
		o.set = func(s *session, v string) error {
			n, err := parseSpin(v, t.Min, t.Max)
			if err != nil {
				return err
			}
			if !s.idle() {
				return errors.New("not during a search")
			}
			return engine.SetTunable(t.Name, n)
		}
		opts = append(opts, o)
	}
	return opts
}

// setBookFile reads the Polyglot book named by value (none when empty).
// A book that cannot be read leaves the previous one in place.
func setBookFile(s *session, value string) error {
	if value == "" {
		s.settings.play.bookFile, s.settings.play.book = "", nil
		return nil
	}
	b, err := book.Open(value)
	if err != nil {
		return err
	}
	s.settings.play.bookFile, s.settings.play.book = value, b
	if !s.quiet {
		s.infof("book %s: %d entries", value, b.Len())
	}
	return nil
}

// setEvalFile reads the network named by value; the empty value or
// nets.DefaultName selects the built-in one. The search evaluates with it
// when Use NNUE is set. A network that cannot be read, or whose
// accumulators (per thread) would not fit in memory, leaves the previous
// one in place.
func setEvalFile(s *session, value string) error {
	net, err := engine.ReadNetwork(value)
	if err != nil {
		return err
	}
	if err := s.resize(func(o *engine.Options) { o.Net = net }); err != nil {
		return err
	}
	if !s.quiet {
		what := "network"
		if net == nets.Default() {
			what = "the built-in network"
		}
		unused := ""
		if s.options().HandCrafted {
			unused = " (not used: Use NNUE is false)"
		}
		s.infof("EvalFile %s: %s of %d neurons%s", cmp.Or(value, nets.DefaultName), what, net.Hidden, unused)
	}
	return nil
}

// setUseNNUE switches between the network of EvalFile and the
// hand-crafted evaluation. The network stays in the options either way.
func setUseNNUE(s *session, value string) error {
	use, err := parseCheck(value)
	if err != nil {
		return err
	}
	return s.resize(func(o *engine.Options) { o.HandCrafted = !use })
}

// options returns the engine options the UCI options select: those set
// during a search, for the searcher to have at the next sync, or else the
// searcher's own. The session keeps no copy of its own.
func (s *session) options() engine.Options {
	if s.staged != nil {
		return *s.staged
	}
	return s.inEffect()
}

// inEffect returns the options the searcher holds: the zero Options in
// the session without one that the defaults are set in (defaults).
func (s *session) inEffect() engine.Options {
	if s.searcher == nil {
		return engine.Options{}
	}
	return s.searcher.Options()
}

// change makes edit to the engine options; the searcher gets them at the
// next sync.
func (s *session) change(edit func(*engine.Options)) {
	o := s.options()
	edit(&o)
	s.staged = &o
}

// resize is change for an option that sizes the engine's memory (Hash,
// Threads, the network's accumulators). When the table, threads and
// network would not fit in the memory available now, given that those in
// effect are freed first, it changes nothing and says why.
func (s *session) resize(edit func(*engine.Options)) error {
	o := s.options()
	edit(&o)
	if err := engine.CheckMemory(o, s.inEffect()); err != nil {
		return err
	}
	s.staged = &o
	return nil
}

// engineSpin declares a spin option of the engine's.
func engineSpin(name string, def, min, max int, set func(*engine.Options, int)) option {
	return spin(name, def, min, max, func(s *session, v int) {
		s.change(func(o *engine.Options) { set(o, v) })
	})
}

// spin declares an integer option in [min, max].
func spin(name string, def, min, max int, set func(*session, int)) option {
	return option{name: name, kind: "spin", def: strconv.Itoa(def), min: min, max: max,
		set: func(s *session, v string) error {
			n, err := parseSpin(v, min, max)
			if err != nil {
				return err
			}
			set(s, n)
			return nil
		}}
}

// memorySpin declares a spin option from 1 to max that sizes the engine's
// memory (Hash, Threads). A value whose table and threads would not fit
// in the memory available now is refused, and the old one kept (resize).
func memorySpin(name string, def, max int, set func(*engine.Options, int)) option {
	return option{name: name, kind: "spin", def: strconv.Itoa(def), min: 1, max: max,
		set: func(s *session, v string) error {
			n, err := parseSpin(v, 1, max)
			if err != nil {
				return err
			}
			return s.resize(func(o *engine.Options) { set(o, n) })
		}}
}

// parseSpin parses the value of a spin option in [min, max].
func parseSpin(v string, min, max int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%q is not an integer", v)
	}
	if n < min || n > max {
		return 0, fmt.Errorf("%d is outside [%d, %d]", n, min, max)
	}
	return n, nil
}

// check declares a boolean option.
func check(name string, def bool, set func(*session, bool)) option {
	return option{name: name, kind: "check", def: strconv.FormatBool(def),
		set: func(s *session, v string) error {
			b, err := parseCheck(v)
			if err != nil {
				return err
			}
			set(s, b)
			return nil
		}}
}

// parseCheck parses the value of a check option.
func parseCheck(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("%q is neither true nor false", v)
}

// button declares an option without a value.
func button(name string, press func(*session)) option {
	return option{name: name, kind: "button",
		set: func(s *session, _ string) error { press(s); return nil }}
}

// String returns the option's declaration line.
func (o option) String() string {
	switch o.kind {
	case "spin":
		return fmt.Sprintf("option name %s type spin default %s min %d max %d", o.name, o.def, o.min, o.max)
	case "button":
		return fmt.Sprintf("option name %s type button", o.name)
	case "string":
		def := o.def
		if def == "" {
			def = "<empty>"
		}
		return fmt.Sprintf("option name %s type string default %s", o.name, def)
	}
	return fmt.Sprintf("option name %s type %s default %s", o.name, o.kind, o.def)
}

// findOption returns the option called name, ignoring case.
func findOption(name string) (option, bool) {
	for _, o := range optionTable {
		if strings.EqualFold(o.name, name) {
			return o, true
		}
	}
	return option{}, false
}

// defaults returns the settings and the engine options with every option
// at its default.
func defaults() (settings, engine.Options) {
	s := &session{quiet: true}
	for _, o := range optionTable {
		if o.kind != "button" {
			if err := o.set(s, o.def); err != nil {
				panic("uci: bad default for option " + o.name + ": " + err.Error())
			}
		}
	}
	return s.settings, s.options()
}

// defaultSettings returns the settings with every option at its default.
func defaultSettings() settings {
	st, _ := defaults()
	return st
}

// DefaultOptions returns the engine options that the UCI options' defaults
// select; create the searcher with them.
func DefaultOptions() engine.Options {
	_, o := defaults()
	return o
}
