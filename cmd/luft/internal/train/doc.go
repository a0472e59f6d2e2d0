// Package train trains Luft's NNUE evaluation network on the positions of
// datagen files (cmd/luft/internal/datagen), in pure Go on all cores, and
// writes the float checkpoints and the quantised net that eval/nnue reads.
//
// # Network
//
// "(768 -> H) x 2 -> 1" with SCReLU, screlu(x) = clamp(x, 0, 1)². A
// perspective's inputs are the 768 one-hot features
//
//	FeatureIndex(persp, piece, sq) = ((colour(piece) != persp)*6 + type)*64 + s
//
// with types pawn ... king = 0 ... 5, a1 = 0, and s = sq for White, sq^56
// (mirrored vertically) for Black. With the feature weights W (768
// columns of H), the bias B (H), the output weights O (2H) and the output
// bias b:
//
//	us   = B + sum of W[f] over the features from the side to move's perspective
//	them = B + sum of W[f] over the features from the other perspective
//	out  = sum_i screlu(us[i])*O[i] + sum_i screlu(them[i])*O[H+i] + b
//	eval = out * 400 centipawns (Scale), side to move's view
//
// # Training
//
// The loss of a position with search score s (centipawns) and result r
// (0, 0.5, 1), both from the side to move's view as datagen stores them,
// is (sigmoid(out*400/K) - target)² with target = lambda*sigmoid(s/K) +
// (1-lambda)*r; a batch's loss is the mean. Adam (beta1 0.9, beta2 0.999,
// epsilon 1e-8, with bias correction) steps once per batch, at a rate
// decayed per epoch e of E by a cosine, lr*(1+cos(pi*e/E))/2, a step,
// lr*gamma^floor(e/N), or not at all. After each step every weight but
// the output bias is clipped to [-1.98, 1.98], so that W*QA and the
// accumulators stay inside int16 (32 pieces plus the bias: 33*1.98*255 <
// 32767) and O*QB inside int8.
//
// Initial weights: W uniform in ±0.5/sqrt(32), O uniform in ±1/sqrt(2H),
// biases zero, drawn from the seed.
//
// A sample keeps its pieces' features from the side to move's perspective
// only (32 uint16, 68 bytes a position); the other perspective's feature
// of a piece is derived (colour relation swapped, square ^56). Each epoch
// shuffles the training samples with a generator seeded by the seed and
// the epoch's number. A batch is split into max(8, threads) pieces,
// computed on the threads, each into its own dense gradient buffer of
// which only the feature columns its positions touch are written, summed
// and cleared; the pieces are summed in a fixed order, so a run is bit for
// bit the same with 1 to 8 threads. Adam's moments are updated densely
// (every parameter every step): at H = 256 the optimiser step and the
// summing of the pieces take under 1% of the time of a step (profiled),
// and Adam stays exact. Measured at H = 256, batch 16384, on this machine
// (2 cores, shared with other work): about 79,000 positions per second on
// one thread and 130,000 to 170,000 on two; most of the time goes to
// adding weight columns (forward) and gradient columns (backward).
//
// The validation set is the last fraction of the positions, the files
// taken in order; the validation loss is the same loss, unweighted mean
// over the set, after each epoch.
//
// # Float checkpoint
//
// Written after each epoch as epoch-N.ckpt (N epochs done). All numbers
// little-endian:
//
//	offset size   field
//	0      8      magic, "LUFTCKPT"
//	8      4      version, uint32, 1
//	12     4      H, uint32
//	16     4      epochs completed, uint32
//	20     8      Adam steps taken, uint64
//	28     4P     parameters, float32: W (768*H, feature major: feature
//	              f's H weights contiguous), B (H), O (2H, side to move's
//	              first), b (1); P = 771*H + 1
//	28+4P  4P     Adam's first moments, float32, laid out like the parameters
//	28+8P  4P     Adam's second moments, likewise
//	28+12P 4      CRC-32 (IEEE) of all the preceding bytes, uint32
//
// Files are written to a temporary file and renamed, so an interrupted
// run leaves whole files: the last epoch-N.ckpt resumes it.
//
// Resuming from a checkpoint continues with its moments, step count and
// epoch count, so that training with the same data, seed, batch size and
// schedule flags (-epochs counts all epochs, the checkpoint's included)
// gives exactly the net that training without stopping gives.
//
// # Quantised net
//
// net.nnue, written after each epoch (the same format eval/nnue reads).
// All numbers little-endian:
//
//	offset  size  field
//	0       8     magic, "LUFTNNUE"
//	8       4     version, uint32, 1
//	12      4     H, uint32
//	16      4     QA, uint32, 255
//	20      4     QB, uint32, 64
//	24      4     Scale, uint32, 400
//	28      4     activation, uint32, 1 (SCReLU)
//	32      1536H feature weights, int16[768*H], feature major, round(W*QA)
//	        2H    feature bias, int16[H], round(B*QA)
//	        4H    output weights, int16[2H], side to move's first, round(O*QB)
//	        4     output bias, int32, round(b*QA*QB)
//	        4     CRC-32 (IEEE) of all the preceding bytes, uint32
//
// Rounding is to the nearest, halves away from zero (math.Round). The
// integer forward pass this quantisation is meant for: acc = bias + sum
// of columns (fits int16 thanks to the clipping); v = clamp(acc, 0, QA);
// the sum of v*v*w over both halves (formed as (v*w)*v, as v*w fits
// int16), /QA, plus the output bias, then *Scale/(QA*QB) centipawns. The
// test's reference pass sums in int64. Against the float
// net it differs only by rounding: at most about 1 cp from the float net
// with its weights rounded to the grid, and typically a few cp (at most
// 15 cp seen with H = 32 in the tests) from the float net itself.
package train
