//go:build js && wasm

// Command wasm is luft.wasm, the static build's engine (make web): luft
// serve's handlers, package serve, compiled to WebAssembly and run in the
// page's web worker (worker.js, beside the page's sources). The worker
// queues the page's messages in self.pending until this program takes
// them over:
//
//	{id, method, url, body}  a request; the replies are {id, status,
//	                         headers}, then {id, chunk} (a Uint8Array) for
//	                         each piece of the body, then {id, end: true}
//	{abort: id}              cancels request id's context: the page closed
//	                         an event stream or aborted a review
package main

import (
	"context"
	"net/http"
	"syscall/js"

	"github.com/luftchess/luft/cmd/luft/internal/serve"
	"github.com/luftchess/luft/cmd/luft/internal/webworker"
)

// version is the build's version, set by make web's -ldflags.
var version = "dev"

func main() {
	s := serve.New(serve.Config{Version: version, Browser: true})
	cancels := map[int]context.CancelFunc{} // one thread: no lock needed
	handle := func(msg js.Value) {
		if id := msg.Get("abort"); !id.IsUndefined() {
			if cancel, ok := cancels[id.Int()]; ok {
				cancel()
			}
			return
		}
		id := msg.Get("id").Int()
		req := webworker.Request{Method: msg.Get("method").String(), URL: msg.Get("url").String(), Body: msg.Get("body").String()}
		ctx, cancel := context.WithCancel(context.Background())
		cancels[id] = cancel
		go func() { // a callback from JavaScript must not block
			webworker.Serve(ctx, s, req, replier(id))
			cancel()
			delete(cancels, id)
		}()
	}
	onMessage := js.FuncOf(func(this js.Value, args []js.Value) any {
		handle(args[0].Get("data"))
		return nil
	})
	self := js.Global()
	pending := self.Get("pending")
	self.Set("onmessage", onMessage)
	for i := range pending.Length() {
		handle(pending.Index(i))
	}
	self.Set("pending", js.Undefined())
	select {} // the callbacks run for as long as the worker does
}

// replier posts a request's reply to the page.
type replier int

func (id replier) Head(status int, header http.Header) {
	h := map[string]any{}
	for k := range header {
		h[k] = header.Get(k)
	}
	post(map[string]any{"id": int(id), "status": status, "headers": h})
}

func (id replier) Chunk(b []byte) {
	a := js.Global().Get("Uint8Array").New(len(b))
	js.CopyBytesToJS(a, b)
	js.Global().Call("postMessage", map[string]any{"id": int(id), "chunk": a}, []any{a.Get("buffer")})
}

func (id replier) End() { post(map[string]any{"id": int(id), "end": true}) }

// post sends a message to the page.
func post(msg map[string]any) { js.Global().Call("postMessage", msg) }
