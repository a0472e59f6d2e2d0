//go:build !unix

package client

import "os/exec"

func setProcessGroup(cmd *exec.Cmd) {}

func (e *Engine) kill() {
	if e.cmd == nil {
		return // Connect's engine has no process
	}
	if p := e.cmd.Process; p != nil {
		_ = p.Kill()
	}
}
