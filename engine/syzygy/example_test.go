package syzygy_test

import (
	"fmt"
	"log"

	"github.com/luftchess/luft/engine/board"
	"github.com/luftchess/luft/engine/syzygy"
)

// Open takes the directories as the SyzygyPath option gives them; its
// error lists what it skipped, and the tables it found work regardless.
func ExampleOpen() {
	tb, err := syzygy.Open("/tables/wdl:/tables/dtz")
	if err != nil {
		log.Print(err) // an engine says it in an "info string"
	}
	defer tb.Close()
	pos, err := board.ParseFEN("8/8/8/8/8/3k4/8/1KQ5 b - - 0 1")
	if err != nil {
		log.Fatal(err)
	}
	if wdl, ok := tb.ProbeWDL(pos); ok {
		dtz, _ := tb.ProbeDTZ(pos)
		fmt.Println(wdl, dtz) // Loss -14
	}
}
