//go:build evalbasic

package eval

const basic = true
