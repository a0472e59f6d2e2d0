//go:build unix

package client

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the engine in a process group of its own, so that
// kill reaches the children of wrapper scripts (gnuchessu is one) too.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func (e *Engine) kill() {
	if e.cmd == nil {
		return // Connect's engine has no process
	}
	if p := e.cmd.Process; p != nil {
		_ = syscall.Kill(-p.Pid, syscall.SIGKILL)
	}
}
