// Package webworker runs an http.Handler in a browser's web worker, for
// the static build of luft serve's page (make web): the page posts each
// API request to the worker as a message, and the reply goes back in
// parts, its head (status and headers), each piece of its body as the
// handler flushes it, and its end. Streams (Server-Sent Events, JSON
// lines) thus reach the page as they are written, as over HTTP. The
// package has no JavaScript of its own: package main in wasm/ passes the
// messages between the browser and Serve.
package webworker

import (
	"bytes"
	"context"
	"net/http"
	"strings"
)

// Request is an API request as the page posts it.
type Request struct {
	Method string
	URL    string // the path and query, /api/games for example
	Body   string
}

// Replier takes a reply's parts, in order: Head once, Chunk any number of
// times, End once.
type Replier interface {
	Head(status int, header http.Header)
	Chunk(b []byte)
	End()
}

// Serve runs h on req and sends the reply to out. ctx is the request's
// context: cancelling it, as the page does when it aborts a request or
// closes an event stream, ends a handler that streams.
func Serve(ctx context.Context, h http.Handler, req Request, out Replier) {
	r, err := http.NewRequestWithContext(ctx, req.Method, req.URL, strings.NewReader(req.Body))
	if err != nil {
		out.Head(http.StatusBadRequest, http.Header{"Content-Type": {"text/plain; charset=utf-8"}})
		out.Chunk([]byte(err.Error()))
		out.End()
		return
	}
	if req.Body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	w := &writer{out: out, header: http.Header{}}
	h.ServeHTTP(w, r)
	w.Flush()
	out.End()
}

// writer is the http.ResponseWriter of a request: it keeps what the
// handler writes until the handler flushes or returns.
type writer struct {
	out    Replier
	header http.Header
	status int // 0 until the head is written
	sent   bool
	buf    bytes.Buffer
}

func (w *writer) Header() http.Header { return w.header }

func (w *writer) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *writer) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.buf.Write(b)
}

// Flush sends the head, if it has not gone yet, and the body written since
// the last flush.
func (w *writer) Flush() {
	w.WriteHeader(http.StatusOK)
	if !w.sent {
		w.out.Head(w.status, w.header.Clone())
		w.sent = true
	}
	if w.buf.Len() > 0 {
		w.out.Chunk(bytes.Clone(w.buf.Bytes()))
		w.buf.Reset()
	}
}
