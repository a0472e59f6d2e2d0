// Package nnue is the inference side of Luft's neural network evaluation:
// the network's file format, its quantised arithmetic and the accumulators
// the search updates incrementally. The trainer writes files this package
// reads; everything a trainer needs to match is described here.
//
// # The network
//
// A perspective network "(768 -> H) x 2 -> 1" with SCReLU and output
// buckets. Each side has an accumulator of H neurons: the feature bias
// plus the weight column of every piece on the board, seen from that
// side's point of view. The output layer has B buckets, each its own 2H
// weights W_k and bias b_k; a position uses bucket k = (n-2)*B/31 of its
// number of pieces n (Bucket), so that the opening, the middlegame and the
// endgame weigh the same neurons differently. It reads the side to move's
// accumulator first, then the other's:
//
//	out = sum_i screlu(us[i])*W_k[i] + sum_i screlu(them[i])*W_k[H+i] + b_k
//	screlu(x) = clamp(x, 0, 1)^2
//	centipawns = out * Scale, from the side to move's point of view
//
// Scale, the centipawns of one unit of output, is the network's own (the
// file states it): the trainer learns at DefaultScale, 400, and a network
// is rescaled exactly by its Scale alone (the built-in one's is 300:
// nets/ROUNDS.md).
//
// One set of feature weights serves both perspectives: the features are
// relative to the perspective, so a position and its mirror (board flipped
// vertically, colours and side to move swapped) evaluate the same.
//
// # Features
//
// 768 inputs per perspective, one-hot, at most 32 active. Piece pc on
// square sq (a1 = 0, b1 = 1, ..., h8 = 63) from perspective persp has the
// index
//
//	((pc's colour != persp)*6 + type)*64 + (persp == White ? sq : sq^56)
//
// with types pawn, knight, bishop, rook, queen, king = 0..5 (FeatureIndex).
// So indices 0..383 are the perspective's own pieces and 384..767 the
// opponent's, and Black sees the board flipped (sq^56 mirrors the rank):
// a black pawn on e7 is feature 12 for Black, as a white pawn on e2 is for
// White.
//
// # Quantisation
//
// The trainer works in floats and writes integers:
//
//	FeatureWeights, FeatureBias = round(float * QA)        int16, QA = 255
//	OutputWeights               = round(float * QB)        int16, QB = 64
//	OutputBias                  = round(float * QA * QB)   int32
//
// Clip the float feature weights and biases to |w| <= 1.98 while training
// (and the output weights likewise, so that they fit easily): then an
// accumulator, the bias plus at most 32 columns, stays within
// 33 * 1.98 * 255 = 16,662 < 32,767. Accumulators are int16 and Add and Sub
// wrap around like Go's int16 arithmetic, so an intermediate value out of
// range during an update is harmless as long as the final sum is in range;
// the clipping guarantees that it is. Unclipped weights can overflow and
// give wrong evaluations silently.
//
// # Computing the output (Evaluate)
//
// With us and them the int16 accumulators of the side to move and of the
// other side, W_k = OutputWeights[2Hk : 2H(k+1)] the weights of the
// position's bucket k, and v = clamp(acc, 0, QA):
//
//	sum = sum_i v(us[i])^2 * W_k[i] + sum_i v(them[i])^2 * W_k[H+i]   (int64)
//	out = sum / QA + OutputBias[k]                  (scaled by QA*QB)
//	cp  = out * Scale / (QA * QB)
//
// Both divisions are Go's integer division, which truncates toward zero.
// Output weights are within ±MaxOutputWeight (127, what the clipping
// gives), so that v*w fits an int16: the AVX2 kernel multiplies v by w in
// 16 bits and by v again while adding pairs into 32 bits (VPMULLW,
// VPMADDWD), which gives exactly the pure-Go sum.
// Each term v^2*w fits an int32 (at most 255*255*32768 < 2^31); the sums
// are int64. Since v^2 = QA^2 * screlu(acc/QA), cp equals the float
// network's output times Scale, with float weights quantised/QA (feature
// layer), quantised/QB (output weights) and OutputBias[k]/(QA*QB), to within
// the truncations (less than 1.03 cp). The rounding of the weights
// themselves adds a few cp of noise (tested: a mean of 3 cp at H=16, 11 cp
// at H=64 on random weights).
//
// # File format
//
// All values little-endian, no padding:
//
//	offset  size              field
//	0       8                 magic "LUFTNNUE"
//	8       4                 version, uint32 = 2
//	12      4                 Hidden H, uint32, 1..4096
//	16      4                 Buckets B, uint32, 1..16
//	20      4                 QA, uint32 = 255
//	24      4                 QB, uint32 = 64
//	28      4                 Scale, uint32, 1..4000 (MaxScale)
//	32      4                 activation, uint32 = 1 (SCReLU)
//	36      2*768*H           FeatureWeights, int16, feature-major: feature f's
//	                          H weights at [f*H, (f+1)*H)
//	...     2*H               FeatureBias, int16
//	...     2*2*H*B           OutputWeights, int16, bucket-major: for each bucket
//	                          the side to move's H, then the other side's H
//	...     4*B               OutputBias, int32, one per bucket
//	...     4                 CRC-32 (IEEE, as hash/crc32.ChecksumIEEE) of every byte before it, uint32
//
// The total size is 36 + 2*(768*H + H + 2*H*B) + 4*B + 4 bytes: 401,992
// for H = 256 and B = 8. Read checks, in order, the magic, the version,
// the hidden size, the number of buckets, each constant, the length
// (truncated or trailing bytes), the checksum and the range of the output
// weights, and returns an error wrapping ErrMagic, ErrVersion, ErrHidden,
// ErrBuckets, ErrConstant, ErrTruncated, ErrTrailing, ErrChecksum or
// ErrOutputWeight with the details. It reads at
// most the declared length plus one byte, allocating as the data arrives.
//
// # Accumulators and incremental updates
//
// An Accumulator holds both perspectives (Values[White], Values[Black]) in
// slices sized for the network once, by NewAccumulator or the first
// Refresh; Refresh, Add, Sub, Move, Update, ApplyMove, CopyFrom and
// Evaluate never allocate. Refresh computes an accumulator from scratch. A quiet move is
// one Move (a subtraction and an addition per perspective), a capture adds
// a Sub, castling moves the king and the rook, a promotion removes the pawn
// and adds the new piece; Update (into another accumulator, as a search's
// stack does) and ApplyMove (in place) do the right thing for a board.Move
// when called before Position.Make, reading and writing each perspective
// once.
//
// # Kernels
//
// The element-wise updates and the output layer run as AVX2 assembly
// (kernel_amd64.s) where the processor has it, 16 neurons per
// instruction, and as pure-Go loops elsewhere or when built with the tag
// purego; both give identical results (TestKernels). At H=256 the kernels
// make Evaluate about 16 times and an update about 5 times faster than
// the loops.
//
// A Network is read-only once loaded, so search threads may share one,
// each with its own accumulators.
package nnue
