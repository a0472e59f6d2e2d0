package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"
)

// errFull is returned when the server already plays its most games.
var errFull = errors.New("too many games")

// manager holds the games being played, at most max of them.
type manager struct {
	cfg     Config
	mu      sync.Mutex
	games   map[string]*game
	pending int // games being started
}

func newManager(cfg Config) *manager {
	return &manager{cfg: cfg, games: map[string]*game{}}
}

// create starts a game with checked settings. When the server is full it
// first closes the games idle for longer than the idle timeout.
func (m *manager) create(ctx context.Context, set Settings) (*game, error) {
	if !m.reserve() {
		m.reap(time.Now())
		if !m.reserve() {
			return nil, fmt.Errorf("%w: this server plays at most %d at once; try again later", errFull, m.cfg.MaxGames)
		}
	}
	g, err := newGame(ctx, newID(), m.cfg, set)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.pending--
	if err != nil {
		return nil, err
	}
	m.games[g.id] = g
	return g, nil
}

// reserve takes a place for a new game if there is one.
func (m *manager) reserve() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.games)+m.pending >= m.cfg.MaxGames {
		return false
	}
	m.pending++
	return true
}

// get returns the game with the given id and marks it used.
func (m *manager) get(id string) (*game, bool) {
	m.mu.Lock()
	g, ok := m.games[id]
	m.mu.Unlock()
	if ok {
		g.touch()
	}
	return g, ok
}

// remove closes the game with the given id and reports whether there was one.
func (m *manager) remove(id string) bool {
	m.mu.Lock()
	g, ok := m.games[id]
	delete(m.games, id)
	m.mu.Unlock()
	if ok {
		g.close()
	}
	return ok
}

// reap closes the games unused since before now less the idle timeout.
func (m *manager) reap(now time.Time) {
	m.mu.Lock()
	var idle []*game
	for id, g := range m.games {
		if now.Sub(g.lastUsed()) > m.cfg.IdleTimeout {
			idle = append(idle, g)
			delete(m.games, id)
		}
	}
	m.mu.Unlock()
	for _, g := range idle {
		g.close()
	}
}

// closeAll closes every game.
func (m *manager) closeAll() {
	m.mu.Lock()
	all := m.games
	m.games = map[string]*game{}
	m.mu.Unlock()
	for _, g := range all {
		g.close()
	}
}

// count returns the number of games.
func (m *manager) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.games)
}

// newID returns a random game id: 128 bits in hex.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// touch marks the game used now.
func (g *game) touch() {
	g.mu.Lock()
	g.used = time.Now()
	g.mu.Unlock()
}

// lastUsed returns when the game was last used.
func (g *game) lastUsed() time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.used
}
