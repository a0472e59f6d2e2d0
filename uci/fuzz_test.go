package uci

import (
	"bufio"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// syncBuffer is an io.Writer safe for the loop and the search goroutine.
type syncBuffer struct {
	mu     sync.Mutex
	writes []string
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.writes = append(b.writes, string(p))
	return len(p), nil
}

// FuzzSession feeds arbitrary input to the protocol loop with a fake
// searcher. Whatever the input, the loop must not panic, every write must
// be one whole valid line, and every go executed must get exactly one
// bestmove. The seed corpus holds every command line of the checklist's
// test scenarios (testdata/checklist-lines.txt) and a few scripts.
func FuzzSession(f *testing.F) {
	file, err := os.Open("testdata/checklist-lines.txt")
	if err != nil {
		f.Fatal(err)
	}
	sc := bufio.NewScanner(file)
	var all []string
	for sc.Scan() {
		f.Add(sc.Text())
		all = append(all, sc.Text())
	}
	file.Close()
	f.Add(strings.Join(all, "\n"))
	f.Add("position startpos\r\ngo infinite\r\nisready\r\nstop\r\n")
	f.Add("go ponder wtime 10 btime 10\rponderhit\rgo depth 2\rquit\rgo")
	f.Add("setoption name Hash value 64\ngo infinite\nsetoption name Hash value 32\nucinewgame\nstop\nisready")

	f.Fuzz(func(t *testing.T, input string) {
		var out syncBuffer
		fake := &fakeSearcher{}
		s := newSession(&out, fake, ID{Name: "Luft fuzz", Author: "fuzzer"})
		if err := s.run(strings.NewReader(input)); err != nil {
			t.Fatalf("run: %v", err)
		}
		if s.search != nil {
			select {
			case <-s.search.done:
			case <-time.After(10 * time.Second):
				t.Fatal("search never ended")
			}
		}
		gos := 0
	lines:
		for _, l := range strings.Split(input, "\n") {
			for _, part := range strings.Split(l, "\r") {
				switch parseLine(part).name {
				case "go":
					gos++
				case "quit":
					break lines
				}
			}
		}
		out.mu.Lock()
		defer out.mu.Unlock()
		bestmoves := 0
		for _, w := range out.writes {
			if !strings.HasSuffix(w, "\n") || strings.Count(w, "\n") != 1 || strings.ContainsRune(w, '\r') || !utf8.ValidString(w) {
				t.Fatalf("write %q is not one valid line", w)
			}
			if strings.HasPrefix(w, "bestmove ") {
				bestmoves++
				if f := strings.Fields(w); len(f) != 2 && (len(f) != 4 || f[2] != "ponder") {
					t.Errorf("malformed %q", w)
				}
			}
		}
		if bestmoves != gos {
			t.Errorf("%d bestmoves for %d go commands", bestmoves, gos)
		}
		fake.mu.Lock()
		defer fake.mu.Unlock()
		if fake.overlap {
			t.Error("searcher reconfigured or restarted during a search")
		}
	})
}
