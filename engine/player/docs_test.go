package player

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"testing"

	"github.com/luftchess/luft/engine/game/stats"
)

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
		c := Calibration{Elo: n[0], Trinomial: stats.Trinomial{Wins: n[2], Losses: n[3], Draws: n[4]}}
		if n[0] != n[1] || c.Games() != 100 {
			continue
		}
		_, score, _ := c.Score()
		if got := fmt.Sprintf("%.1f", 100*score); got != m[6] {
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
