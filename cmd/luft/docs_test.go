package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
	"github.com/luftchess/luft/engine"
	"github.com/luftchess/luft/engine/player"
	"github.com/luftchess/luft/uci"
)

// repoRoot is the top of the repository, seen from this package.
const repoRoot = "../.."

// markdownPages returns the text of every Markdown page of the
// repository by its path from the top, leaving out hidden directories and
// installed JavaScript packages.
func markdownPages(t *testing.T) map[string]string {
	t.Helper()
	pages := map[string]string{}
	err := filepath.WalkDir(repoRoot, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		hidden := strings.HasPrefix(name, ".") && name != ".ci" // .ci/README.md is the page on building and testing
		if d.IsDir() && path != repoRoot && (hidden || name == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".md") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(repoRoot, path)
		pages[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages["README.md"] == "" {
		t.Fatalf("no README.md among the %d pages found under %s", len(pages), repoRoot)
	}
	return pages
}

// flat returns text with every run of white space as one space, so that
// a phrase matches across the page's line breaks.
func flat(text string) string { return strings.Join(strings.Fields(text), " ") }

// TestDocsBenchSignature checks that every bench signature a page quotes
// as luft bench prints it (`N nodes`) is the one TestBenchSignature holds
// luft bench to, and that the pages OpenBench users read quote it.
func TestDocsBenchSignature(t *testing.T) {
	quoted := regexp.MustCompile("`(\\d+) nodes")
	want := map[uint64]bool{benchSignature: true, benchSignatureHandCrafted: true}
	pages := markdownPages(t)
	for path, text := range pages {
		for _, m := range quoted.FindAllStringSubmatch(text, -1) {
			if n, _ := strconv.ParseUint(m[1], 10, 64); !want[n] {
				t.Errorf("%s quotes the bench signature %s, want %d (or %d with -nnue=false): see benchSignature in bench_test.go",
					path, m[1], benchSignature, benchSignatureHandCrafted)
			}
		}
	}
	for _, path := range []string{"cmd/luft/README.md", "cmd/luft/openbench/README.md", "engine/NOTES.md"} {
		if !strings.Contains(pages[path], fmt.Sprintf("`%d nodes", benchSignature)) {
			t.Errorf("%s does not quote the bench signature `%d nodes`", path, benchSignature)
		}
	}
}

// TestDocsCalibratedRange checks that the pages state the calibrated
// range as player.MinCalibratedElo–MaxCalibratedElo wherever they name
// it, so that raising MaxCalibratedElo cannot leave them behind, and that
// the option tables and the browser game's page say it.
func TestDocsCalibratedRange(t *testing.T) {
	rng := fmt.Sprintf("%d–%d", player.MinCalibratedElo, player.MaxCalibratedElo)
	row := "| `UCI_Elo` | spin | 1500 | " + rng + " |"
	skills := fmt.Sprintf("levels %d–%d are the calibrated %s",
		(player.MinCalibratedElo-player.MinElo)/100, (player.MaxCalibratedElo-player.MinElo)/100, rng)
	wants := map[string][]string{
		"README.md":                         {row, skills},
		"uci/README.md":                     {row, skills},
		"engine/player/NOTES.md":            {"`MinCalibratedElo`–`MaxCalibratedElo` (" + rng + ")", skills},
		"cmd/luft/internal/serve/README.md": {"calibrated `UCI_Elo` level (" + rng + ")"},
		"cmd/luft/internal/play/README.md":  {"(calibrated " + rng + ")"},
	}
	ranges := regexp.MustCompile(fmt.Sprintf(`\b%d–(\d+)\b`, player.MinCalibratedElo))
	pages := markdownPages(t)
	for path, text := range pages {
		text = flat(text)
		for _, w := range wants[path] {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not say %q", path, w)
			}
		}
		for _, m := range ranges.FindAllStringSubmatch(text, -1) {
			if top, _ := strconv.Atoi(m[1]); top != player.MaxCalibratedElo {
				t.Errorf("%s names the range %s, want %s (player.MaxCalibratedElo)", path, m[0], rng)
			}
		}
	}
	for path := range wants {
		if _, ok := pages[path]; !ok {
			t.Errorf("no page %s", path)
		}
	}
}

// TestDocsLinks checks that every relative link of every page names a
// file or directory that exists, and, when it names a heading of a page
// (#fragment), that the page has that heading.
func TestDocsLinks(t *testing.T) {
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	pages := markdownPages(t)
	for path, text := range pages {
		for _, m := range link.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, fragment, _ := strings.Cut(target, "#")
			rel := path
			if file != "" {
				rel = filepath.ToSlash(filepath.Join(filepath.Dir(path), file))
				if _, err := os.Stat(filepath.Join(repoRoot, rel)); err != nil {
					t.Errorf("%s links to %s, which does not exist", path, target)
					continue
				}
			}
			if fragment == "" {
				continue
			}
			page, ok := pages[rel]
			if !ok {
				t.Errorf("%s links to heading #%s of %s, which is not a Markdown page", path, fragment, rel)
			} else if !headingSlugs(page)[fragment] {
				t.Errorf("%s links to %s: %s has no heading #%s", path, target, rel, fragment)
			}
		}
	}
}

// headingSlugs returns the anchors that GitHub gives the headings of a
// Markdown page: each heading's text in lower case, with spaces as
// hyphens and other punctuation left out.
func headingSlugs(page string) map[string]bool {
	slugs := map[string]bool{}
	inFence := false
	for line := range strings.SplitSeq(page, "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
		}
		if inFence || !strings.HasPrefix(line, "#") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#"))) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		slugs[b.String()] = true
	}
	return slugs
}

func TestHeadingSlugs(t *testing.T) {
	page := "# The `luft` command line\n\n## `luft datagen` and `luft train`\n```sh\n# not a heading\n```\n### Data for tests, and matches\n"
	got := headingSlugs(page)
	for _, want := range []string{"the-luft-command-line", "luft-datagen-and-luft-train", "data-for-tests-and-matches"} {
		if !got[want] {
			t.Errorf("headingSlugs lacks %q: %v", want, got)
		}
	}
	if got["not-a-heading"] || len(got) != 3 {
		t.Errorf("headingSlugs = %v, want the three headings", got)
	}
}

// TestDocsOptions checks that the option tables of the README and of
// uci/README.md list every UCI option the engine declares, in its order,
// with its type, default and range (a Hash maximum that depends on the
// machine is written *M*).
func TestDocsOptions(t *testing.T) {
	var out strings.Builder
	if err := uci.Run(strings.NewReader("uci\nquit\n"), &out, engine.New(uci.DefaultOptions()), uci.ID{Name: "Luft"}); err != nil {
		t.Fatal(err)
	}
	declared := regexp.MustCompile(`(?m)^option name (.+?) type (\w+)(?: default (.*?))?(?: min (\d+) max (\d+))?$`)
	var want []string
	for _, m := range declared.FindAllStringSubmatch(out.String(), -1) {
		def, rng := m[3], ""
		if m[4] != "" {
			rng = m[4] + "–" + m[5]
		}
		if m[1] == "Hash" {
			rng = m[4] + "–*M*"
		}
		if m[2] == "string" {
			def = "`" + def + "`"
		}
		want = append(want, fmt.Sprintf("`%s` | %s | %s | %s", m[1], m[2], def, rng))
	}
	if len(want) < 19 {
		t.Fatalf("uci declared %d options:\n%s", len(want), out.String())
	}
	kinds := []string{"spin", "check", "button", "string"}
	pages := markdownPages(t)
	for _, path := range []string{"README.md", "uci/README.md"} {
		var got []string
		for line := range strings.SplitSeq(pages[path], "\n") {
			cells := strings.Split(line, "|")
			if len(cells) < 6 || !slices.Contains(kinds, strings.TrimSpace(cells[2])) {
				continue
			}
			for i := range cells {
				cells[i] = strings.TrimSpace(cells[i])
			}
			got = append(got, strings.Join(cells[1:5], " | "))
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s's option table differs from what uci declares (-want +got):\n%s", path, diff)
		}
	}
}

// TestDocsStrength checks that each match of the README's strength table
// is a row of engine/NOTES.md's reference matches, with the same W–L–D,
// score and Elo difference.
func TestDocsStrength(t *testing.T) {
	pages := markdownPages(t)
	row := regexp.MustCompile(`(?m)^\| [^|]+ \| \d+ \| (\d+–\d+–\d+ \| [\d.]+% \| [−+][\d.]+ ± [\d.]+) \|$`)
	rows := row.FindAllStringSubmatch(pages["README.md"], -1)
	if len(rows) == 0 {
		t.Fatal("README.md has no strength table")
	}
	for _, m := range rows {
		if !strings.Contains(pages["engine/NOTES.md"], "| "+m[1]+" |") {
			t.Errorf("README.md's strength row %q is not a match of engine/NOTES.md", m[1])
		}
	}
}
