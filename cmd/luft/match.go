package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/luftchess/luft/cmd/luft/internal/match"
	"github.com/luftchess/luft/engine/game/pgn"
	"github.com/luftchess/luft/uci/client"
)

// runMatch plays a match, or checks a PGN file with -check-pgn FILE.
func runMatch(args []string) int {
	if asksHelp(args) {
		fmt.Fprint(os.Stdout, match.Usage)
		return 0
	}
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, match.Usage)
		return 2
	}
	if args[0] == "-check-pgn" {
		if len(args) != 2 {
			fmt.Fprint(os.Stderr, match.Usage)
			return 2
		}
		return checkPGN(args[1])
	}
	cfg, err := match.ParseArgs(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft match: %v\n", err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		// A second signal kills every engine and exits at once.
		<-ctx.Done()
		stop()
		c := make(chan os.Signal, 1)
		signal.Notify(c, os.Interrupt, syscall.SIGTERM)
		<-c
		client.KillAll()
		os.Exit(130)
	}()
	if _, err := match.Run(ctx, cfg, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "luft match: %v\n", err)
		return 1
	}
	if ctx.Err() != nil {
		return 130
	}
	return 0
}

func checkPGN(name string) int {
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft match: %v\n", err)
		return 1
	}
	defer f.Close()
	n, err := pgn.CheckAll(f)
	if err != nil {
		fmt.Fprintf(os.Stderr, "luft match: %s: %d games good, these bad:\n%v\n", name, n, err)
		return 1
	}
	fmt.Printf("%s: %d games, every move legal and every result consistent\n", name, n)
	return 0
}
