module github.com/luftchess/luft

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0
	github.com/notnil/chess v1.10.0
)

require golang.org/x/sys v0.50.0
