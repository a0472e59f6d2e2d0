package eval

// A score packs a middlegame and an endgame value into one integer so
// that both are summed with a single addition: the endgame value in the
// upper 16 bits, the middlegame value (sign-extended) in the lower ones.
// Either half must stay within ±32767.
type score int32

func pack(mg, eg int) score { return score(int32(uint32(eg)<<16) + int32(mg)) }

func (s score) mg() int { return int(int16(uint16(uint32(s)))) }

func (s score) eg() int { return int(int16(uint16((uint32(s) + 0x8000) >> 16))) }
