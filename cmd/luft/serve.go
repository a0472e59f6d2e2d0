package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/luftchess/luft/cmd/luft/internal/serve"
)

const serveUsage = `usage: luft serve [-addr 127.0.0.1:8080] [-open] [flags]

Serves a web page to play Luft in the browser, and prints the address to
open. Each game has its own engine; the page keeps your games and your
ladder in the browser. Ctrl-C stops the server.

flags:
`

// runServe serves a web page to play Luft in the browser until Ctrl-C.
func runServe(args []string) int {
	d := serve.DefaultConfig()
	fs := newFlagSet("serve", serveUsage)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (loopback unless told otherwise)")
	open := fs.Bool("open", false, "open the page in the default browser (standard error says so when it cannot, with the address to open by hand)")
	maxGames := fs.Int("max-games", d.MaxGames, "games played at once (each has its own engine)")
	moveTime := fs.Duration("move-time", d.MoveTime, "Luft's time per move when the page asks for none")
	maxMoveTime := fs.Duration("max-move-time", d.MaxMoveTime, "the longest Luft thinks on a move, on a clock too: the most a game may ask for")
	analysis := fs.Duration("analysis-time", d.AnalysisTime, "how long analysis mode searches each position")
	idle := fs.Duration("idle", d.IdleTimeout, "close a game left untouched this long")
	hash := fs.Int("hash", d.HashMB, "each engine's transposition table in MiB")
	reviewNodes := fs.Uint64("review-nodes", d.ReviewNodes, "a review searches each position of the game this many `nodes`, on one thread")
	if err := parseFlags(fs, args, os.Stdout); err != nil {
		return flagStatus(err)
	}
	var bad string
	hashErr := checkEngines(1, *hash, 1)
	switch err := checkArgs(fs, 0); {
	case err != nil:
		bad = err.Error()
	case *maxGames < 1 || *reviewNodes < 1:
		bad = "-max-games and -review-nodes must be at least 1"
	case hashErr != nil:
		bad = hashErr.Error()
	case *moveTime <= 0 || *analysis <= 0 || *idle <= 0:
		bad = "-move-time, -analysis-time and -idle must be positive"
	case *maxMoveTime < *moveTime:
		bad = "-max-move-time must be at least -move-time"
	}
	if bad != "" {
		fmt.Fprintf(os.Stderr, "luft serve: %s (see luft serve -h)\n", bad)
		return 2
	}
	cfg := serve.Config{MaxGames: *maxGames, MoveTime: *moveTime, MaxMoveTime: *maxMoveTime,
		AnalysisTime: *analysis, IdleTimeout: *idle, HashMB: *hash, ReviewNodes: *reviewNodes, Version: version}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft serve: %v\n", err)
		return 1
	}
	url := pageURL(ln.Addr())
	fmt.Printf("Luft %s: play at %s (Ctrl-C to stop)\n", version, url)
	if !loopback(ln.Addr()) {
		fmt.Fprintln(os.Stderr, "luft serve: listening beyond loopback: other machines can reach this server")
	}
	if *open {
		openBrowser(os.Stderr, url)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serve.New(cfg).Serve(ctx, ln); err != nil {
		fmt.Fprintf(os.Stderr, "luft serve: %v\n", err)
		return 1
	}
	fmt.Println("luft serve: stopped")
	return 0
}

// pageURL returns the address of the page served on addr: on the
// loopback address when the server listens on every address.
func pageURL(addr net.Addr) string {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return "http://" + addr.String() + "/"
	}
	if ap.Addr().IsUnspecified() {
		ap = netip.AddrPortFrom(netip.AddrFrom4([4]byte{127, 0, 0, 1}), ap.Port())
	}
	return "http://" + ap.String() + "/"
}

// loopback reports whether addr is a loopback address.
func loopback(addr net.Addr) bool {
	ap, err := netip.ParseAddrPort(addr.String())
	return err == nil && ap.Addr().Unmap().IsLoopback()
}

// openBrowser opens url in the desktop's browser. When it cannot, because
// there is no command for it or the command fails (as xdg-open does
// without a display), it says so on w with the address to open by hand.
// It does not wait for the command, which may run as long as the browser:
// a failure is reported when it comes.
func openBrowser(w io.Writer, url string) {
	name, args := "xdg-open", []string{url}
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler", url}
	}
	failed := func(err error) {
		fmt.Fprintf(w, "luft serve: could not open a browser (%v); open %s by hand\n", err, url)
	}
	cmd := exec.Command(name, args...)
	if err := cmd.Start(); err != nil {
		failed(err)
		return
	}
	go func() {
		if err := cmd.Wait(); err != nil {
			failed(fmt.Errorf("%s: %w", name, err))
		}
	}()
}
