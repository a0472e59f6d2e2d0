//go:build js

package engine

import (
	"runtime"
	"time"
)

// pauseEvery is how long a search on js/wasm runs before it lets the
// browser's event loop run.
const pauseEvery = 100 * time.Millisecond

// lastPause is when the search last let the event loop run. js/wasm has
// one thread, so it needs no lock.
var lastPause time.Time

// yieldThread lets the other goroutines run and, every pauseEvery, the
// browser's event loop too. js/wasm has no preemption, and Go hands the
// thread back to JavaScript only when every goroutine waits: without the
// pause a search would hold the page's requests ("stop" among them) in
// the worker's queue until it ended. A sleep of any length parks the
// goroutine, so Go sets a timeout (at least a millisecond, up to four
// when the browser clamps it) and returns to the event loop, which runs
// what waits and then resumes the search: at most 4% of its time.
func yieldThread() {
	if time.Since(lastPause) < pauseEvery {
		runtime.Gosched()
		return
	}
	time.Sleep(time.Nanosecond)
	lastPause = time.Now()
}
