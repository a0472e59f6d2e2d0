//go:build !unix

package client

import "os/exec"

func setProcessGroup(cmd *exec.Cmd) {}

func (e *Engine) kill() {
	if p := e.cmd.Process; p != nil {
		_ = p.Kill()
	}
}
