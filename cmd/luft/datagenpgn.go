package main

import (
	"bufio"
	"compress/bzip2"
	"context"
	"fmt"
	"io"
	"os"

	"github.com/luftchess/luft/cmd/luft/internal/datagen"
	"github.com/luftchess/luft/cmd/luft/internal/trainingdata"
)

// convert is the writeFunc of -from-pgn: it converts the games of the
// files r.fromPGN into f, reporting each game it leaves out on stderr,
// and closes f.
func (r *datagenRun) convert(ctx context.Context, f *os.File) (games, positions int, err error) {
	w := trainingdata.NewWriter(f)
	var st datagen.PGNStats
	for _, name := range r.fromPGN {
		if err = ctx.Err(); err != nil {
			break
		}
		if err = convertFile(name, w, &st); err != nil {
			err = fmt.Errorf("%s: %w", name, err)
			break
		}
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Fprintln(os.Stderr, st)
	return st.Games, st.Written, err
}

// convertFile converts the games of the PGN file name, plain or bzip2
// (told by its content), into w.
func convertFile(name string, w *trainingdata.Writer, st *datagen.PGNStats) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	in, err := decompressed(f)
	if err != nil {
		return err
	}
	return datagen.ConvertPGN(in, w, st, func(game int, err error) {
		fmt.Fprintf(os.Stderr, "%s: game %d left out: %v\n", name, game, err)
	})
}

// decompressed returns the text of r, decompressed when it starts as a
// bzip2 stream does.
func decompressed(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic, err := br.Peek(3)
	if err != nil && err != io.EOF {
		return nil, err
	}
	if string(magic) == "BZh" {
		return bzip2.NewReader(br), nil
	}
	return br, nil
}
