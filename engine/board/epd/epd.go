// Package epd reads Extended Position Description records: a FEN's first
// four fields followed by semicolon-separated operations, as in test
// suites ("bm Qxf7+; id \"WAC.001\";") and perft files (";D1 20 ;D2 400").
package epd

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// Record is one EPD line.
type Record struct {
	FEN  string            // the position; move counters are kept when the line has them
	Ops  map[string]string // operation name to its operand, quotes removed
	Line int               // 1-based line number in the source
}

// Parse parses one EPD line. A line may carry a full six-field FEN; the
// counters are then kept in FEN, signed ones too, so that the FEN's reader
// refuses a negative counter. An operation's name starts with a letter, so
// that a stray word after the position ("0" of a five-field FEN, "1abc")
// is refused rather than read as an operation.
func Parse(line string) (Record, error) {
	fenPart, opsPart, _ := strings.Cut(line, ";")
	fields := strings.Fields(fenPart)
	if len(fields) < 4 {
		return Record{}, fmt.Errorf("epd %q: want at least 4 FEN fields", line)
	}
	r := Record{Ops: map[string]string{}}
	n := 4
	if len(fields) >= 6 && isCounter(fields[4]) && isCounter(fields[5]) {
		n = 6
	}
	r.FEN = strings.Join(fields[:n], " ")
	// Operations may also follow the FEN before the first semicolon.
	ops := strings.Join(fields[n:], " ")
	if opsPart != "" || strings.Contains(line, ";") {
		ops += ";" + opsPart
	}
	for _, op := range strings.Split(ops, ";") {
		op = strings.TrimSpace(op)
		if op == "" {
			continue
		}
		name, operand, _ := strings.Cut(op, " ")
		if c := name[0]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return Record{}, fmt.Errorf("epd %q: operation %q does not start with a letter", line, name)
		}
		r.Ops[name] = strings.Trim(strings.TrimSpace(operand), `"`)
	}
	return r, nil
}

// isCounter reports whether s is written as a FEN's move counter: digits,
// perhaps after a sign.
func isCounter(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// Read parses every non-blank line of r.
func Read(r io.Reader) ([]Record, error) {
	var recs []Record
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rec, err := Parse(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		rec.Line = n
		recs = append(recs, rec)
	}
	return recs, sc.Err()
}

// ReadFile parses the EPD file at path.
func ReadFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return recs, nil
}

// ReadFENs returns the positions of the EPD files at paths, in order.
func ReadFENs(paths ...string) ([]string, error) {
	var fens []string
	for _, path := range paths {
		recs, err := ReadFile(path)
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			fens = append(fens, r.FEN)
		}
	}
	return fens, nil
}
