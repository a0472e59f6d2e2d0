package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
)

// module is the path of Luft's module.
const module = "github.com/luftchess/luft"

// layers are Luft's package layers, lowest first: data flows one way,
// cmd -> uci -> engine -> eval -> engine/board, and a package imports only
// packages of its own layer or a lower one. A package belongs to the layer
// with the longest matching path prefix (engine/board/epd to engine/board,
// engine/player to engine).
var layers = []struct {
	name     string
	prefixes []string // paths in the module; each covers its sub-packages
}{
	{"engine/board", []string{"engine/board"}},
	{"eval", []string{"eval"}},
	{"engine", []string{"engine", "perft"}},
	{"uci", []string{"uci"}},
	{"cmd", []string{"cmd"}},
}

// private are trees only their own packages may import: tools only the
// luft command uses.
var private = []string{"cmd/luft"}

// listedPackage is what go list -json says of a package that matters here.
type listedPackage struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
}

// within reports whether the module path rel is prefix or below it.
func within(rel, prefix string) bool {
	return rel == prefix || strings.HasPrefix(rel, prefix+"/")
}

// layerOf returns the index in layers of the module path rel, or -1.
func layerOf(rel string) int {
	best, bestLen := -1, -1
	for i, l := range layers {
		for _, p := range l.prefixes {
			if within(rel, p) && len(p) > bestLen {
				best, bestLen = i, len(p)
			}
		}
	}
	return best
}

// layerNames returns the names of layers[:n].
func layerNames(n int) string {
	var names []string
	for _, l := range layers[:n] {
		names = append(names, l.name)
	}
	return strings.Join(names, ", ")
}

// checkLayers returns a description of every import of a module package
// that breaks the layering.
func checkLayers(pkgs []listedPackage) []string {
	var bad []string
	for _, p := range pkgs {
		from, ok := strings.CutPrefix(p.ImportPath, module+"/")
		if !ok {
			continue
		}
		fromLayer := layerOf(from)
		if fromLayer < 0 {
			bad = append(bad, fmt.Sprintf("%s is in no layer: add it to layers in cmd/luft/layers_test.go", from))
			continue
		}
		for _, kind := range []struct {
			name    string
			imports []string
		}{{"imports", p.Imports}, {"test imports", p.TestImports}, {"external test imports", p.XTestImports}} {
			for _, imp := range kind.imports {
				to, ok := strings.CutPrefix(imp, module+"/")
				if !ok || within(to, from) {
					continue
				}
				toLayer := layerOf(to)
				if toLayer > fromLayer {
					bad = append(bad, fmt.Sprintf("%s %s %s: the %s layer may import only %s", from, kind.name, to, layers[fromLayer].name, layerNames(fromLayer+1)))
				}
				for _, tree := range private {
					if within(to, tree) && !within(from, tree) {
						bad = append(bad, fmt.Sprintf("%s %s %s: only %s/... may import %s/...", from, kind.name, to, tree, tree))
					}
				}
			}
		}
	}
	return bad
}

// listPackages runs go list -json on the whole module with the build tags.
func listPackages(t *testing.T, tags string) []listedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-tags", tags, "-json", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -tags %q: %v\n%s", tags, err, stderr.Bytes())
	}
	var pkgs []listedPackage
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list -tags %q: %v", tags, err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		t.Fatalf("go list -tags %q listed no packages", tags)
	}
	return pkgs
}

// TestLayers checks the imports of every package of the module, with and
// without the optional build tags, tests included.
func TestLayers(t *testing.T) {
	for _, tags := range []string{"", "stockfish,matchtest,tactics,evalbasic"} {
		for _, bad := range checkLayers(listPackages(t, tags)) {
			t.Errorf("tags %q: %s", tags, bad)
		}
	}
}

// TestCheckLayers checks that checkLayers catches imports against the
// layering and lets the others pass.
func TestCheckLayers(t *testing.T) {
	pkg := func(path string, imports ...string) listedPackage {
		for i, imp := range imports {
			imports[i] = module + "/" + imp
		}
		return listedPackage{ImportPath: module + "/" + path, Imports: imports}
	}
	good := []listedPackage{
		pkg("engine/board"),
		pkg("engine/board/epd"),
		pkg("eval", "engine/board"),
		pkg("engine", "engine/board", "eval", "engine/tt"),
		pkg("engine/player", "engine", "engine/board"),
		pkg("perft", "engine/board"),
		pkg("uci", "engine", "engine/player"),
		pkg("cmd/luft", "uci", "cmd/luft/internal/match"),
		pkg("cmd/luft/internal/match", "cmd/luft/internal/match/pgn", "uci/client"),
		{ImportPath: "fmt", Imports: []string{"errors"}},
	}
	if bad := checkLayers(good); len(bad) > 0 {
		t.Errorf("good layering refused: %q", bad)
	}
	for _, tt := range []struct {
		p    listedPackage
		want string
	}{
		{pkg("engine/board", "eval"), "engine/board imports eval: the engine/board layer may import only engine/board"},
		{pkg("engine/board/epd", "engine"), "engine/board/epd imports engine:"},
		{pkg("eval", "engine/tt"), "eval imports engine/tt: the eval layer may import only engine/board, eval"},
		{pkg("engine/player", "uci"), "engine/player imports uci:"},
		{listedPackage{ImportPath: module + "/engine", TestImports: []string{module + "/cmd/luft/internal/play"}}, "engine test imports cmd/luft/internal/play:"},
		{pkg("uci/client", "cmd/luft/internal/match"), "uci/client imports cmd/luft/internal/match:"},
		{pkg("cmd/other", "cmd/luft/internal/tune"), "cmd/other imports cmd/luft/internal/tune: only cmd/luft/... may import cmd/luft/..."},
		{pkg("tools"), "tools is in no layer"},
	} {
		bad := checkLayers([]listedPackage{tt.p})
		if len(bad) == 0 || !strings.HasPrefix(bad[0], tt.want) {
			t.Errorf("checkLayers(%+v) = %q, want a message starting %q", tt.p, bad, tt.want)
		}
	}
}
