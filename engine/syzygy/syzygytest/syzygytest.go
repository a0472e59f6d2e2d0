// Package syzygytest gives tests the real Syzygy tables that the
// repository's tests share: ../shared/data/syzygy from its root.
package syzygytest

import (
	"sync"
	"testing"

	"github.com/luftchess/luft/engine/board/boardtest"
	"github.com/luftchess/luft/engine/syzygy"
)

// Dir returns the directory of the shared tables. When it is missing the
// test fails under CI=true and is skipped elsewhere.
func Dir(t testing.TB) string {
	t.Helper()
	return boardtest.SharedData(t, "syzygy")
}

var shared struct {
	once sync.Once
	tb   *syzygy.Tables
	err  error
}

// Open returns the tables of Dir, opened once for all the tests of a
// test binary and never closed.
func Open(t testing.TB) *syzygy.Tables {
	t.Helper()
	dir := Dir(t)
	shared.once.Do(func() { shared.tb, shared.err = syzygy.Open(dir) })
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.tb
}
