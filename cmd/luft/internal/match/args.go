package match

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/luftchess/luft/engine/game/referee"
	"github.com/luftchess/luft/engine/game/stats"
	"github.com/luftchess/luft/uci/client"
)

// ParseArgs reads a command line in the style of cutechess-cli and
// fastchess (see Usage) into a Config.
func ParseArgs(args []string) (Config, error) {
	var cfg Config
	var engines [][]string
	var each []string
	opts, err := split(args)
	if err != nil {
		return cfg, err
	}
	for _, o := range opts {
		switch o.name {
		case "engine":
			engines = append(engines, o.values)
		case "each":
			each = append(each, o.values...)
		default:
			err = cfg.set(o)
		}
		if err != nil {
			return cfg, err
		}
	}
	for i, e := range engines {
		p, err := parsePlayer(append(append([]string(nil), each...), e...))
		if err != nil {
			return cfg, fmt.Errorf("engine %d: %v", i+1, err)
		}
		cfg.Players = append(cfg.Players, p)
	}
	uniqueNames(cfg.Players)
	return cfg, nil
}

// set applies a match option, any but -engine and -each, to c.
func (c *Config) set(o option) error {
	var err error
	switch o.name {
	case "variant":
		c.Variant, err = o.one()
	case "tournament":
		var v string
		v, err = o.one()
		if v == "roundrobin" {
			v = RoundRobin
		}
		c.Tournament = v
	case "rounds":
		c.Rounds, err = o.num()
	case "games":
		c.Games, err = o.num()
	case "repeat":
		c.Repeat = true
		if len(o.values) > 0 {
			c.Games, err = o.num()
		}
	case "concurrency":
		c.Concurrency, err = o.num()
	case "srand":
		var v string
		if v, err = o.one(); err == nil {
			c.Seed, err = strconv.ParseUint(v, 10, 64)
		}
	case "event":
		c.Event = strings.Join(o.values, " ")
	case "site":
		c.Site = strings.Join(o.values, " ")
	case "pgnout":
		err = keys(o, map[string]func(string) error{
			"file": func(v string) error { c.PGNOut = v; return nil },
		}, &c.PGNOut)
	case "openings":
		c.Book, err = parseOpenings(o)
	case "sprt":
		c.SPRT, err = parseSPRT(o)
	case "resign":
		a := &c.Adjudication
		err = keys(o, map[string]func(string) error{
			"movecount": intKey(&a.ResignMoveCount),
			"score":     intKey(&a.ResignScore),
			"twosided":  func(string) error { return nil }, // always two-sided
		}, nil)
	case "draw":
		a := &c.Adjudication
		err = keys(o, map[string]func(string) error{
			"movenumber": intKey(&a.DrawMoveNumber),
			"movecount":  intKey(&a.DrawMoveCount),
			"score":      intKey(&a.DrawScore),
		}, nil)
	default:
		err = fmt.Errorf("unknown option -%s", o.name)
	}
	return err
}

// parseOpenings reads -openings: the file and how to draw from it. The
// book is returned with the error too, as far as it was read.
func parseOpenings(o option) (*Book, error) {
	b := &Book{}
	err := keys(o, map[string]func(string) error{
		"file":   func(v string) error { b.File = v; return nil },
		"format": func(v string) error { b.Format = v; return nil },
		"order": func(v string) error {
			if v != "random" && v != "sequential" {
				return fmt.Errorf("order must be random or sequential")
			}
			b.Random = v == "random"
			return nil
		},
		"plies":  intKey(&b.Plies),
		"start":  intKey(&b.Start),
		"policy": func(string) error { return nil },
	}, nil)
	if err == nil && b.File == "" {
		err = fmt.Errorf("-openings needs file=")
	}
	return b, err
}

// parseSPRT reads -sprt: the hypotheses and error rates (alpha and beta
// 0.05 unless given). The test is returned with the error too, as far as
// it was read.
func parseSPRT(o option) (*stats.SPRT, error) {
	t := &stats.SPRT{Alpha: 0.05, Beta: 0.05}
	err := keys(o, map[string]func(string) error{
		"elo0":  floatKey(&t.Elo0),
		"elo1":  floatKey(&t.Elo1),
		"alpha": floatKey(&t.Alpha),
		"beta":  floatKey(&t.Beta),
		"model": func(v string) error {
			if v != "logistic" {
				return fmt.Errorf("only model=logistic is supported")
			}
			return nil
		},
	}, nil)
	return t, err
}

// option is one -name followed by its values.
type option struct {
	name   string
	values []string
}

func split(args []string) ([]option, error) {
	var opts []option
	for _, a := range args {
		if strings.HasPrefix(a, "-") && len(a) > 1 && (a[1] < '0' || a[1] > '9') {
			opts = append(opts, option{name: strings.TrimLeft(a, "-")})
			continue
		}
		if len(opts) == 0 {
			return nil, fmt.Errorf("unexpected %q", a)
		}
		opts[len(opts)-1].values = append(opts[len(opts)-1].values, a)
	}
	return opts, nil
}

// one returns the option's single value.
func (o option) one() (string, error) {
	if len(o.values) != 1 {
		return "", fmt.Errorf("-%s takes one value", o.name)
	}
	return o.values[0], nil
}

// num returns the option's single value as a number.
func (o option) num() (int, error) {
	v, err := o.one()
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("-%s: %q is not a number", o.name, v)
	}
	return n, nil
}

// keys applies key=value values; a bare value sets *bare when not nil.
func keys(o option, set map[string]func(string) error, bare *string) error {
	for _, v := range o.values {
		k, val, ok := strings.Cut(v, "=")
		if !ok {
			if bare != nil {
				*bare = v
				bare = nil
				continue
			}
			return fmt.Errorf("-%s: expected key=value, got %q", o.name, v)
		}
		f := set[k]
		if f == nil {
			return fmt.Errorf("-%s: unknown key %q", o.name, k)
		}
		if err := f(val); err != nil {
			return fmt.Errorf("-%s %s: %v", o.name, v, err)
		}
	}
	return nil
}

func intKey(p *int) func(string) error {
	return func(v string) error {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("not a number")
		}
		*p = n
		return nil
	}
}

func floatKey(p *float64) func(string) error {
	return func(v string) error {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("not a number")
		}
		*p = f
		return nil
	}
}

// parsePlayer reads an engine's key=value settings, later ones winning.
func parsePlayer(kv []string) (Player, error) {
	var p Player
	var tc referee.TimeControl
	var margin time.Duration
	options := map[string]int{} // index in p.Engine.Options
	for _, s := range kv {
		k, v, ok := strings.Cut(s, "=")
		if !ok {
			return p, fmt.Errorf("expected key=value, got %q", s)
		}
		var err error
		switch {
		case k == "cmd":
			p.Engine.Cmd = v
		case k == "name":
			p.Name = v
		case k == "dir":
			p.Engine.Dir = v
		case k == "args" || k == "arg":
			p.Engine.Args = append(p.Engine.Args, strings.Fields(v)...)
		case strings.HasPrefix(k, "option."):
			name := strings.TrimPrefix(k, "option.")
			if i, dup := options[name]; dup {
				p.Engine.Options[i].Value = v
			} else {
				options[name] = len(p.Engine.Options)
				p.Engine.Options = append(p.Engine.Options, client.Option{Name: name, Value: v})
			}
		case k == "tc":
			var t referee.TimeControl
			t, err = referee.ParseTimeControl(v)
			tc.Moves, tc.Base, tc.Inc = t.Moves, t.Base, t.Inc
		case k == "st":
			var f float64
			err = floatKey(&f)(v)
			tc.MoveTime = time.Duration(f * float64(time.Second))
		case k == "nodes":
			tc.Nodes, err = strconv.ParseInt(v, 10, 64)
		case k == "depth" || k == "plies":
			err = intKey(&tc.Depth)(v)
		case k == "timemargin":
			var ms int
			err = intKey(&ms)(v)
			margin = time.Duration(ms) * time.Millisecond
		case k == "restart":
			if v != "on" && v != "off" {
				err = fmt.Errorf("restart must be on or off")
			}
			p.Restart = v == "on"
		case k == "ponder":
			if v != "on" && v != "off" {
				err = fmt.Errorf("ponder must be on or off")
			}
			p.Ponder = v == "on"
		case k == "proto":
			if v != "uci" {
				err = fmt.Errorf("only proto=uci is supported")
			}
		default:
			err = fmt.Errorf("unknown key %q", k)
		}
		if err != nil {
			return p, fmt.Errorf("%s: %v", s, err)
		}
	}
	tc.Margin = margin
	p.TC = tc
	if p.Engine.Cmd == "" {
		return p, fmt.Errorf("no cmd=")
	}
	if p.Name == "" {
		p.Name = filepath.Base(p.Engine.Cmd)
	}
	return p, nil
}

// uniqueNames appends a number to repeated player names, so that the PGN
// and the report can tell the players apart.
func uniqueNames(ps []Player) {
	seen := map[string]int{}
	for _, p := range ps {
		seen[p.Name]++
	}
	count := map[string]int{}
	for i, p := range ps {
		if seen[p.Name] > 1 {
			count[p.Name]++
			ps[i].Name = fmt.Sprintf("%s-%d", p.Name, count[p.Name])
		}
	}
}

// Usage describes the command line.
const Usage = `usage: luft match -engine cmd=PATH [key=value ...] -engine cmd=PATH ... [options]
       luft match -check-pgn FILE

Engine settings (-engine for one engine, -each for all; -engine wins):
  cmd=PATH          the engine executable (required)
  name=NAME         name in the PGN and report (default: file name)
  args="A B"        command-line arguments, split on spaces
  dir=DIR           working directory
  option.NAME=VALUE UCI option sent with setoption after uciok
  tc=[MOVES/]BASE[+INC]  clock in seconds, e.g. 10+0.1, 40/60, 1:00+1
  st=SECONDS        fixed time per move (go movetime)
  nodes=N           node limit per move (go nodes)
  depth=N           depth limit per move (go depth)
  timemargin=MS     overrun tolerated before a time forfeit (default 0)
  restart=on|off    new process per game (on) or ucinewgame (off, default)
  ponder=on|off     think on the opponent's time: go ponder on the reply the
                    bestmove suggests, then ponderhit or stop (default off)

Match options:
  -variant standard|fischerandom   fischerandom: Chess960; engines get
                      UCI_Chess960 true (and must declare it), the openings
                      are start positions in X-FEN or Shredder-FEN (without
                      -openings, random ones drawn with -srand), and the PGN
                      gets Variant "fischerandom"
  -tournament round-robin|gauntlet   gauntlet: the first engine plays the rest
  -rounds N           encounters of each pair of engines (default 1)
  -games N            games per encounter (default 1; 2 with -repeat)
  -repeat             play each opening twice with colours reversed
  -concurrency N      games at once, 1 to 256 (default 1)
  -openings file=F [format=epd|pgn] [order=random|sequential] [plies=N] [start=N]
  -srand N            seed for order=random (default 0)
  -pgnout file=F      append the games to F
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]   stop on an SPRT decision
  -resign movecount=M score=CP   adjudicate a loss once both engines agree
                      for M moves each that a side is CP or more behind
  -draw movenumber=K movecount=M score=CP   adjudicate a draw from move K
                      once both scores stay within CP for M moves each
  -event NAME, -site NAME   PGN Event and Site tags
  -check-pgn FILE     replay every game of FILE and check each move is legal
                      (by the rules of Chess960 where the Variant tag says so)
`
