package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/engine"
)

// TestOpenBenchEngineFile checks the engine file for OpenBench's Engines
// directory: that it reads as JSON with the sections OpenBench looks up,
// that its build path holds the Makefile OpenBench runs, and that every
// preset group has a default, and that its DATAGEN preset plays at the
// engine's defaults.
func TestOpenBenchEngineFile(t *testing.T) {
	data, err := os.ReadFile("openbench/luft.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		NPS   int `json:"nps"`
		Build struct {
			Path      string   `json:"path"`
			Compilers []string `json:"compilers"`
		} `json:"build"`
		Test    map[string]map[string]any `json:"test_presets"`
		Tune    map[string]map[string]any `json:"tune_presets"`
		Datagen map[string]map[string]any `json:"datagen_presets"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join("../..", f.Build.Path, "Makefile")); err != nil {
		t.Errorf("build path %q: %v", f.Build.Path, err)
	}
	if f.NPS <= 0 || !slices.ContainsFunc(f.Build.Compilers, func(c string) bool { return strings.HasPrefix(c, "go") }) {
		t.Errorf("nps %d, compilers %q", f.NPS, f.Build.Compilers)
	}
	for name, presets := range map[string]map[string]map[string]any{"test": f.Test, "tune": f.Tune, "datagen": f.Datagen} {
		if presets["default"] == nil {
			t.Errorf("%s_presets has no default", name)
		}
	}
	// The DATAGEN preset plays as luft datagen does by default.
	nodes := f.Datagen["Nodes"]
	want := map[string]any{
		"dev_options":      fmt.Sprintf("Threads=%d Hash=%d", engine.DefaultThreads, engine.DefaultHashMB),
		"dev_time_control": fmt.Sprintf("N=%d", engine.DefaultDataNodes),
	}
	if diff := cmp.Diff(want, nodes); diff != "" {
		t.Errorf("datagen preset Nodes, want the engine's defaults (-want +got):\n%s", diff)
	}
}
