package player

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDocsCalibratedRange checks that the README and NOTES.md state the
// calibrated range as MinCalibratedElo–MaxCalibratedElo wherever they
// name it, in the UCI_Elo option's row and for the Skill Levels that play
// it, so that raising MaxCalibratedElo cannot leave them behind.
func TestDocsCalibratedRange(t *testing.T) {
	rng := fmt.Sprintf("%d–%d", MinCalibratedElo, MaxCalibratedElo)
	skills := fmt.Sprintf("levels %d–%d are the calibrated %s", (MinCalibratedElo-MinElo)/100, (MaxCalibratedElo-MinElo)/100, rng)
	ranges := regexp.MustCompile(fmt.Sprintf(`\b%d–(\d+)\b`, MinCalibratedElo))
	for _, tt := range []struct {
		file    string
		atLeast int // ranges named
		want    []string
	}{
		{"../../README.md", 5, []string{"| `UCI_Elo` | spin | 1500 | " + rng + " |", skills, "calibrated `UCI_Elo` level (" + rng + ")"}},
		{"NOTES.md", 2, []string{"`MinCalibratedElo`–`MaxCalibratedElo` (" + rng + ")", skills}},
	} {
		b, err := os.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(b)), " ")
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not say %q", tt.file, w)
			}
		}
		found := ranges.FindAllStringSubmatch(text, -1)
		for _, m := range found {
			if top, _ := strconv.Atoi(m[1]); top != MaxCalibratedElo {
				t.Errorf("%s names the range %s, want %s (MaxCalibratedElo)", tt.file, m[0], rng)
			}
		}
		if len(found) < tt.atLeast {
			t.Errorf("%s names the calibrated range %d times, want at least %d", tt.file, len(found), tt.atLeast)
		}
	}
}

// TestDocsCalibrations checks that each calibration match Calibrated
// returns is a row of NOTES.md's table of matches, with its W–L–D and
// score, and that every rating from MinCalibratedElo to MaxCalibratedElo
// that the table measures has its latest match in calibrations.
func TestDocsCalibrations(t *testing.T) {
	b, err := os.ReadFile("NOTES.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile(`(?m)^\| (\d+) \| (\d+) \| (\d+)–(\d+)–(\d+) \| ([\d.]+)% \|`)
	latest := map[int]Calibration{} // the last 100-game row of each rating
	for _, m := range row.FindAllStringSubmatch(string(b), -1) {
		n := make([]int, 5)
		for i := range n {
			n[i], _ = strconv.Atoi(m[i+1])
		}
		c := Calibration{Elo: n[0], Wins: n[2], Losses: n[3], Draws: n[4]}
		if n[0] != n[1] || c.Games() != 100 {
			continue
		}
		if got := fmt.Sprintf("%.1f", 100*c.Score()); got != m[6] {
			t.Errorf("NOTES.md: %s scores %s%%, not %s%%", m[0], got, m[6])
		}
		latest[c.Elo] = c
	}
	for elo := MinCalibratedElo; elo <= MaxCalibratedElo; elo += 100 {
		want, measured := latest[elo]
		got, ok := Calibrated(elo)
		if ok != measured || got != want {
			t.Errorf("Calibrated(%d) = %+v, %v; NOTES.md's latest match is %+v, %v", elo, got, ok, want, measured)
		}
	}
}
