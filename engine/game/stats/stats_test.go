package stats

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// approx compares floats to 1e-6 relative.
var approx = cmpopts.EquateApprox(1e-6, 1e-9)

func TestEstimateElo(t *testing.T) {
	tests := []struct {
		name string
		x    Sampler
		want Estimate
	}{
		{
			// Pairs scoring 0, 0.5, 1, 1.5, 2 points: 1, 1, 2, 3, 1 (N = 8).
			// Pair means 0, .25, .5, .75, 1:
			//   s   = (0 + .25 + 2*.5 + 3*.75 + 1)/8 = 4.5/8 = 0.5625
			//   var = (1*.5625² + 1*.3125² + 2*.0625² + 3*.1875² + 1*.4375²)/8
			//       = (.31640625 + .09765625 + .0078125 + .10546875 + .19140625)/8
			//       = .71875/8 = 0.08984375
			//   se  = sqrt(var/N) = sqrt(0.01123046875) = 0.105973906
			//   Elo = -400 log10(1/.5625 - 1) = -400 log10(.777778) = 43.6578
			//   CI  = s ± 1.959964 se = [0.354794, 0.770206]
			//       -> Elo [-400 log10(1.818560), -400 log10(0.298354)] = [-103.888, 210.106]
			//   LOS = Φ((s - .5)/se) = Φ(0.589769) = 0.722327
			name: "pentanomial",
			x:    Pentanomial{1, 1, 2, 3, 1},
			want: Estimate{Elo: 43.65778777, Lower: -103.88812300, Upper: 210.10634183, Score: 0.5625, LOS: 0.72232684},
		},
		{
			// W 30, D 40, L 20 (N = 90): s = (30 + 20)/90 = 0.555556
			//   var = (30*(4/9)² + 40*(1/18)² + 20*(5/9)²)/90 = 0.135802
			//   se  = sqrt(var/90) = 0.0388448
			//   Elo = -400 log10(0.8) = 38.764; CI s ± 0.076134 -> [-14.308, 93.716]
			//   LOS = Φ(1.430194) = 0.923669
			name: "trinomial",
			x:    Trinomial{Wins: 30, Draws: 40, Losses: 20},
			want: Estimate{Elo: 38.76400520, Lower: -14.30769654, Upper: 93.71612928, Score: 0.5555555556, LOS: 0.92366931},
		},
		{
			name: "even",
			x:    Trinomial{Wins: 5, Draws: 0, Losses: 5},
			want: Estimate{Elo: 0, Lower: -Elo(0.5 + z95*math.Sqrt(0.025)), Upper: Elo(0.5 + z95*math.Sqrt(0.025)), Score: 0.5, LOS: 0.5},
		},
		{
			name: "empty",
			x:    Pentanomial{},
			want: Estimate{Score: 0.5, LOS: 0.5},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := EstimateElo(tt.x)
			if diff := cmp.Diff(tt.want, got, approx); diff != "" {
				t.Errorf("EstimateElo(%v) mismatch (-want +got):\n%s", tt.x, diff)
			}
		})
	}
}

func TestEloRoundTrip(t *testing.T) {
	for _, elo := range []float64{-400, -5, 0, 5, 100} {
		if got := Elo(ScoreOf(elo)); math.Abs(got-elo) > 1e-9 {
			t.Errorf("Elo(ScoreOf(%v)) = %v", elo, got)
		}
	}
	// An even score is 0 Elo, which the report must not print as -0.0.
	if e := Elo(0.5); e != 0 || math.Signbit(e) {
		t.Errorf("Elo(0.5) = %v, want +0", e)
	}
	// 10^(100/400) = 1.778279: ScoreOf(100) = 1/2.778279 ... = 0.640065
	if diff := cmp.Diff(0.6400649998, ScoreOf(100), approx); diff != "" {
		t.Errorf("ScoreOf(100): %s", diff)
	}
}

func TestSPRT(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	// Bounds: ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = 2.944439.
	lo, hi := sprt.Bounds()
	if diff := cmp.Diff([2]float64{-2.944438979, 2.944438979}, [2]float64{lo, hi}, approx); diff != "" {
		t.Errorf("Bounds mismatch (-want +got):\n%s", diff)
	}
	tests := []struct {
		name string
		x    Sampler
		want float64
	}{
		// s0 = 0.5, s1 = 1/(1 + 10^(-5/400)) = 0.507195082.
		// Pentanomial {1,1,2,3,1}: N 8, s 0.5625, var 0.08984375:
		//   LLR = 0.5*8*0.007195082*(1.125 - 1.007195082)/0.08984375 = 0.037737
		{"pentanomial", Pentanomial{1, 1, 2, 3, 1}, 0.037737339},
		// Trinomial W30 D40 L20: N 90, s 0.555556, var 0.135802:
		//   LLR = 0.5*90*0.007195082*(1.111111 - 1.007195)/0.135802 = 0.247755
		{"trinomial", Trinomial{Wins: 30, Draws: 40, Losses: 20}, 0.247755396},
		// Scaling the sample scales the LLR: 100 times the pentanomial sample.
		{"pentanomial x100", Pentanomial{100, 100, 200, 300, 100}, 3.7737339},
		{"no variance", Trinomial{Draws: 10}, 0},
		{"empty", Pentanomial{}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, sprt.LLR(tt.x), approx); diff != "" {
				t.Errorf("LLR(%v) mismatch (-want +got):\n%s", tt.x, diff)
			}
		})
	}
	decisions := []struct {
		llr  float64
		want Decision
	}{{0, Continue}, {2.9, Continue}, {2.95, AcceptH1}, {-2.95, AcceptH0}, {-2.9, Continue}}
	for _, d := range decisions {
		if got := sprt.Decide(d.llr); got != d.want {
			t.Errorf("Decide(%v) = %v, want %v", d.llr, got, d.want)
		}
	}
}

func TestAdd(t *testing.T) {
	var p Pentanomial
	var tri Trinomial
	for _, pair := range [][2]float64{{0, 0}, {0, 0.5}, {1, 0}, {0.5, 0.5}, {1, 0.5}, {1, 1}} {
		p.Add(pair[0], pair[1])
		tri.Add(pair[0])
		tri.Add(pair[1])
	}
	if diff := cmp.Diff(Pentanomial{1, 1, 2, 1, 1}, p); diff != "" {
		t.Errorf("Pentanomial mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(Trinomial{Losses: 4, Draws: 4, Wins: 4}, tri); diff != "" {
		t.Errorf("Trinomial mismatch (-want +got):\n%s", diff)
	}
	if n, points := tri.Games(), tri.Points(); n != 12 || points != 6 {
		t.Errorf("Trinomial: %d games, %v points; want 12, 6", n, points)
	}
}
