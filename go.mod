module github.com/luftchess/luft

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0
	github.com/notnil/chess v1.10.0
)

require (
	github.com/muesli/termenv v0.16.0
	golang.org/x/sys v0.50.0
)

require (
	github.com/aymanbagabas/go-osc52/v2 v2.0.1 // indirect
	github.com/lucasb-eyer/go-colorful v1.2.0 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
)
