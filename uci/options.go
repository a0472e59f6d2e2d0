package uci

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/book"
	"github.com/luftchess/luft/engine/datafile"
	"github.com/luftchess/luft/engine/skill"
	"github.com/luftchess/luft/eval/nnue"
)

// settings are the current values of the UCI options.
type settings struct {
	engine  engine.Options
	ponder  bool
	showWDL bool
	play    playSettings
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
func (p playSettings) level() skill.Level {
	return skill.FromUCI(p.limitStrength, p.elo, p.skillLevel)
}

// openingBook returns the book to play from, or nil for none.
func (p playSettings) openingBook() skill.Book {
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
// when it works over its whole range: Chess960 and tablebases are not
// declared until Luft supports them.
var optionTable = []option{
	memorySpin("Threads", 1, engine.MaxThreads, func(o *engine.Options) *int { return &o.Threads }),
	memorySpin("Hash", 16, engine.MaxHashMB(), func(o *engine.Options) *int { return &o.HashMB }),
	button("Clear Hash", func(s *session) { s.pendingNewGame = true }),
	check("Ponder", false, func(s *session, v bool) { s.settings.ponder = v }),
	spin("MultiPV", 1, 1, 256, func(s *session, v int) { s.settings.engine.MultiPV = v }),
	spin("Move Overhead", 30, 0, 5000, func(s *session, v int) {
		s.settings.engine.MoveOverhead = time.Duration(v) * time.Millisecond
	}),
	check("UCI_ShowWDL", false, func(s *session, v bool) { s.settings.showWDL = v }),
	check("OwnBook", false, func(s *session, v bool) { s.settings.play.ownBook = v }),
	{name: "BookFile", kind: "string", set: setBookFile},
	{name: "EvalFile", kind: "string", set: setEvalFile},
	check("UCI_LimitStrength", false, func(s *session, v bool) { s.settings.play.limitStrength = v }),
	spin("UCI_Elo", 1500, skill.MinCalibratedElo, skill.MaxCalibratedElo, func(s *session, v int) { s.settings.play.elo = v }),
	spin("Skill Level", skill.MaxSkill, 0, skill.MaxSkill, func(s *session, v int) { s.settings.play.skillLevel = v }),
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

// maxEvalFileSize bounds the size of a network file EvalFile reads; the
// largest network the format allows (nnue.MaxHidden) takes 6.3 MB.
const maxEvalFileSize = 64 << 20

// setEvalFile reads the network named by value and makes the search
// evaluate with it; an empty value returns to the hand-crafted
// evaluation. A network that cannot be read, or whose accumulators
// (per thread) would not fit in memory, leaves the previous evaluation in
// place.
func setEvalFile(s *session, value string) error {
	if value == "" {
		s.settings.engine.Net = nil
		return nil
	}
	net, err := readNetwork(value)
	if err != nil {
		return err
	}
	o := s.settings.engine
	o.Net = net
	if err := engine.CheckMemory(o, s.applied); err != nil {
		return err
	}
	s.settings.engine = o
	if !s.quiet {
		s.infof("EvalFile %s: network of %d neurons", value, net.Hidden)
	}
	return nil
}

// readNetwork reads the network file name, a regular file of at most
// maxEvalFileSize bytes.
func readNetwork(name string) (*nnue.Network, error) {
	f, err := datafile.Open("network", name, maxEvalFileSize)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	net, err := nnue.Read(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("network %s: %w", name, err)
	}
	return net, nil
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
// in the memory available now is refused, and the old one kept.
func memorySpin(name string, def, max int, field func(*engine.Options) *int) option {
	return option{name: name, kind: "spin", def: strconv.Itoa(def), min: 1, max: max,
		set: func(s *session, v string) error {
			n, err := parseSpin(v, 1, max)
			if err != nil {
				return err
			}
			o := s.settings.engine
			*field(&o) = n
			if err := engine.CheckMemory(o, s.applied); err != nil {
				return err
			}
			s.settings.engine = o
			return nil
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
			switch strings.ToLower(v) {
			case "true":
				set(s, true)
			case "false":
				set(s, false)
			default:
				return fmt.Errorf("%q is neither true nor false", v)
			}
			return nil
		}}
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

// defaultSettings returns the settings with every option at its default.
func defaultSettings() settings {
	s := &session{quiet: true}
	for _, o := range optionTable {
		if o.kind != "button" {
			if err := o.set(s, o.def); err != nil {
				panic("uci: bad default for option " + o.name + ": " + err.Error())
			}
		}
	}
	return s.settings
}

// DefaultOptions returns the engine options that the UCI options' defaults
// select; create the searcher with them.
func DefaultOptions() engine.Options { return defaultSettings().engine }
