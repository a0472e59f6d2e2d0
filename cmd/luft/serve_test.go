package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/luftchess/luft/uci/client/clienttest"
)

// TestServeFlags checks that bad flags are refused before the server starts.
func TestServeFlags(t *testing.T) {
	checkExits(t, "serve", runServe, []exitCase{
		{[]string{"-max-games", "0"}, 2},
		{[]string{"-move-time", "0s"}, 2},
		{[]string{"-move-time", "20s", "-max-move-time", "10s"}, 2},
		{[]string{"-hash", "0"}, 2},
		{[]string{"-idle", "-1m"}, 2},
		{[]string{"-analysis-time", "0s"}, 2},
		{[]string{"-h"}, 0}, // help asked for
		{[]string{"extra"}, 2},
		{[]string{"-nonsense"}, 2},
		{[]string{"-addr", "256.0.0.1:80"}, 1},
	})
}

func TestServeAddress(t *testing.T) {
	tests := []struct {
		addr, url string
		loopback  bool
	}{
		{"127.0.0.1:8080", "http://127.0.0.1:8080/", true},
		{"[::1]:8080", "http://[::1]:8080/", true},
		{"0.0.0.0:8080", "http://127.0.0.1:8080/", false},
		{"[::]:8080", "http://127.0.0.1:8080/", false},
		{"192.0.2.7:80", "http://192.0.2.7:80/", false},
	}
	for _, tt := range tests {
		addr := net.TCPAddrFromAddrPort(netip.MustParseAddrPort(tt.addr))
		if got := pageURL(addr); got != tt.url {
			t.Errorf("pageURL(%s) = %s, want %s", tt.addr, got, tt.url)
		}
		if got := loopback(addr); got != tt.loopback {
			t.Errorf("loopback(%s) = %v, want %v", tt.addr, got, tt.loopback)
		}
	}
}

// TestServeBinary starts the built luft serve, which prints the address
// to open, fetches the page and the API there, and stops it as Ctrl-C
// does: it must shut down cleanly.
func TestServeBinary(t *testing.T) {
	luft := clienttest.Build(t, clienttest.Luft)
	cmd := exec.Command(luft, "serve", "-addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	out := bufio.NewReader(stdout)
	first, err := out.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`play at (http://127\.0\.0\.1:\d+/) \(Ctrl-C to stop\)`).FindStringSubmatch(first)
	if m == nil {
		t.Fatalf("first line %q does not give the address", first)
	}
	for _, path := range []string{"", "api/config"} {
		res, err := http.Get(m[1] + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET /%s: status %d", path, res.StatusCode)
		}
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	rest := make(chan string, 1)
	go func() {
		data, _ := io.ReadAll(out)
		rest <- string(data)
	}()
	select {
	case s := <-rest:
		if !strings.Contains(s, "stopped") {
			t.Errorf("after Ctrl-C luft serve printed %q", s)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("luft serve did not stop after Ctrl-C")
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("luft serve exited with %v", err)
	}
}

// TestServeOpenWithoutBrowser starts the built luft serve -open where the
// browser cannot open: xdg-open missing, or failing as it does without a
// display. Standard error must say so, with the address to open by hand.
func TestServeOpenWithoutBrowser(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("xdg-open is the browser command on Linux")
	}
	luft := clienttest.Build(t, clienttest.Luft)
	failing := t.TempDir()
	writeFile(t, failing, "xdg-open", "#!/bin/sh\necho 'xdg-open: no method available for opening' >&2\nexit 3\n")
	if err := os.Chmod(filepath.Join(failing, "xdg-open"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{t.TempDir(), `could not open a browser \(exec: "xdg-open": executable file not found in \$PATH\); open (http://127\.0\.0\.1:\d+/) by hand`},
		{failing, `could not open a browser \(xdg-open: exit status 3\); open (http://127\.0\.0\.1:\d+/) by hand`},
	}
	for _, tt := range tests {
		cmd := exec.Command(luft, "serve", "-open", "-addr", "127.0.0.1:0")
		cmd.Env = append(os.Environ(), "PATH="+tt.path, "DISPLAY=", "WAYLAND_DISPLAY=")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		line := make(chan string, 1)
		go func() {
			first, _ := bufio.NewReader(stderr).ReadString('\n')
			line <- first
		}()
		select {
		case got := <-line:
			if !regexp.MustCompile(tt.want).MatchString(got) {
				t.Errorf("PATH=%s: luft serve -open wrote %q to stderr, want a line matching %s", tt.path, got, tt.want)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("PATH=%s: luft serve -open said nothing of the browser it could not open", tt.path)
		}
		cmd.Process.Kill()
		cmd.Wait()
	}
}
