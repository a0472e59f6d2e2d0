package engine

import (
	"bufio"
	"io"

	"github.com/luftchess/luft/engine/userfile"
	"github.com/luftchess/luft/eval/nnue"
	"github.com/luftchess/luft/eval/nnue/nets"
)

// MaxNetworkFileSize bounds the size of a network file ReadNetwork reads;
// the largest network the format allows (nnue.MaxHidden) takes 6.3 MB.
const MaxNetworkFileSize = 64 << 20

// ReadNetwork returns the built-in network (nets.Default) when name is
// empty or nets.DefaultName, and otherwise the network in the file name,
// which must be a regular file of at most MaxNetworkFileSize bytes.
func ReadNetwork(name string) (*nnue.Network, error) {
	if name == "" || name == nets.DefaultName {
		return nets.Default(), nil
	}
	return userfile.Read("network", name, MaxNetworkFileSize, func(r io.Reader) (*nnue.Network, error) {
		return nnue.Read(bufio.NewReader(r))
	})
}
