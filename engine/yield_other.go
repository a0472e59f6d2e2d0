//go:build !js

package engine

import "runtime"

// yieldThread lets the other goroutines run (thread.yield says when).
func yieldThread() { runtime.Gosched() }
