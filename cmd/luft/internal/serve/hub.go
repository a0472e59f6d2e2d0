package serve

import (
	"encoding/json"
	"sync"
)

// event is one Server-Sent Event: its name and its JSON data.
type event struct {
	name string
	data []byte
}

// subBuffer is how many events a subscriber may fall behind before it is
// dropped; its page reconnects and starts again from the current state.
const subBuffer = 256

// hub passes a game's events to the pages that watch it.
type hub struct {
	mu     sync.Mutex
	subs   map[chan event]bool
	closed bool
}

func newHub() *hub { return &hub{subs: map[chan event]bool{}} }

// subscribe returns a channel of the events to come, closed when the
// subscriber falls too far behind or the hub closes, and a function that
// ends the subscription.
func (h *hub) subscribe() (<-chan event, func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	ch := make(chan event, subBuffer)
	if h.closed {
		close(ch)
		return ch, func() {}
	}
	h.subs[ch] = true
	return ch, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.subs[ch] {
			delete(h.subs, ch)
			close(ch)
		}
	}
}

// publish sends an event to every subscriber without waiting for any.
func (h *hub) publish(name string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs {
		select {
		case ch <- event{name, data}:
		default:
			delete(h.subs, ch)
			close(ch)
		}
	}
}

// close ends every subscription; later ones end at once.
func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for ch := range h.subs {
		delete(h.subs, ch)
		close(ch)
	}
}

// mustJSON returns v in JSON; v is one of the package's own types, which
// always marshal.
func mustJSON(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}
