package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/luftchess/luft/cmd/luft/internal/serve"
)

// runServe serves a web page to play Luft in the browser until Ctrl-C.
func runServe(args []string) int {
	d := serve.DefaultConfig()
	fs := flag.NewFlagSet("luft serve", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (loopback unless told otherwise)")
	open := fs.Bool("open", false, "open the page in the default browser")
	maxGames := fs.Int("max-games", d.MaxGames, "games played at once (each has its own engine)")
	moveTime := fs.Duration("move-time", d.MoveTime, "Luft's time per move when the page asks for none")
	maxMoveTime := fs.Duration("max-move-time", d.MaxMoveTime, "the longest time per move a game may ask for")
	analysis := fs.Duration("analysis-time", d.AnalysisTime, "how long analysis mode searches each position")
	idle := fs.Duration("idle", d.IdleTimeout, "close a game left untouched this long")
	hash := fs.Int("hash", d.HashMB, "each engine's transposition table in MiB")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 || *maxGames < 1 || *moveTime <= 0 || *maxMoveTime < *moveTime || *analysis <= 0 || *idle <= 0 || *hash < 1 {
		fmt.Fprintln(os.Stderr, "luft serve: bad arguments (see luft serve -h): times must be positive, -max-move-time at least -move-time, -max-games and -hash at least 1")
		return 2
	}
	cfg := serve.Config{MaxGames: *maxGames, MoveTime: *moveTime, MaxMoveTime: *maxMoveTime,
		AnalysisTime: *analysis, IdleTimeout: *idle, HashMB: *hash, Version: version}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft serve: %v\n", err)
		return 1
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Printf("Luft %s: play at %s (Ctrl-C to stop)\n", version, url)
	if *open {
		openBrowser(url)
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

// openBrowser opens url in the desktop's browser, if it can; failing
// that, the printed address is there to copy.
func openBrowser(url string) {
	name, args := "xdg-open", []string{url}
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler", url}
	}
	cmd := exec.Command(name, args...)
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "luft serve: cannot open a browser (%v): open %s yourself\n", err, url)
		return
	}
	go func() {
		_ = cmd.Wait()
	}()
}
