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
