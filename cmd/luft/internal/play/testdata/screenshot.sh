#!/bin/sh
# Makes screenshot.png beside this script, the README's picture of luft
# play in a terminal: a short game in tmux, its pane captured with the
# colours (tmux capture-pane -e), turned into HTML by aha and photographed
# by headless Chromium. Needs tmux, aha and chromium (Debian packages).
# Run from the repository root:
#
#	sh cmd/luft/internal/play/testdata/screenshot.sh
set -eu
out=$(dirname "$0")/screenshot.png
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/luft" ./cmd/luft

# 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?: a refused move, then mate.
fen='r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4'
session=luft-screenshot-$$
tmux new-session -d -s "$session" -x 86 -y 24 -e COLORTERM=truecolor \
	"$tmp/luft play -fen '$fen'; sleep 60"
sleep 1
for move in Nf7 qxf7; do
	tmux send-keys -t "$session" "$move" Enter
	sleep 1
done
tmux capture-pane -N -e -p -t "$session" >"$tmp/pane.ansi"
tmux kill-session -t "$session"

{
	printf '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
	printf 'body{margin:0;background:#1d1f21}'
	printf 'pre{margin:0;padding:12px 14px;color:#d8d8d8;font:18px/1.2 "DejaVu Sans Mono",monospace}'
	printf '</style></head><body><pre>'
	aha --no-header <"$tmp/pane.ansi"
	printf '</pre></body></html>\n'
} >"$tmp/pane.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--window-size=960,544 --screenshot="$tmp/pane.png" "file://$tmp/pane.html" 2>/dev/null
cp "$tmp/pane.png" "$out"
echo "wrote $out"
