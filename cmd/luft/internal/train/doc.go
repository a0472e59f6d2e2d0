// Package train trains Luft's NNUE evaluation network on the positions of
// training data files (cmd/luft/internal/trainingdata), in pure Go on all
// cores, and writes the float checkpoints and the quantised net that
// eval/nnue reads.
//
// # Network
//
// "(768 -> H) x 2 -> 1" with SCReLU, screlu(x) = clamp(x, 0, 1)², and B
// output buckets chosen by the number of pieces n, k = (n-2)*B/31
// (nnue.Bucket). A perspective's inputs are the 768 one-hot features
//
//	FeatureIndex(persp, piece, sq) = ((colour(piece) != persp)*6 + type)*64 + s
//
// with types pawn ... king = 0 ... 5, a1 = 0, and s = sq for White, sq^56
// (mirrored vertically) for Black. With the feature weights W (768
// columns of H), the bias B (H), the output weights O_k (2H for each
// bucket k) and the output biases b_k:
//
//	us   = B + sum of W[f] over the features from the side to move's perspective
//	them = B + sum of W[f] over the features from the other perspective
//	out  = sum_i screlu(us[i])*O_k[i] + sum_i screlu(them[i])*O_k[H+i] + b_k
//	eval = out * Scale centipawns, side to move's view
//
// Scale is the network's own (Net.Scale, the quantised file's Scale): 400
// (nnue.DefaultScale) for a new network unless -scale says otherwise, and
// that of the network -init or -resume starts from, kept. The weights
// mean the same at any scale; the scale says how many centipawns a unit
// of output is worth, and training at it teaches the network labels of
// that many centipawns a unit. Labels searched by a network of another
// scale are rescaled to it first (Rescale): a score s searched at scale
// from is s*Scale/from.
//
// # Training
//
// The loss of a position with search score s (centipawns) and result r
// (0, 0.5, 1), both from the side to move's view as the records hold them,
// is (sigmoid(out*Scale/K) - target)² with target = lambda*sigmoid(s/K) +
// (1-lambda)*r; a batch's loss is the mean. Adam (beta1 0.9, beta2 0.999,
// epsilon 1e-8, with bias correction) steps once per batch, at a rate
// decayed per epoch e of E by a cosine, lr*(1+cos(pi*e/E))/2, a step,
// lr*gamma^floor(e/N), or not at all. After each step every weight but
// the output biases is clipped to [-1.98, 1.98], so that W*QA and the
// accumulators stay inside int16 (32 pieces plus the bias: 33*1.98*255 <
// 32767) and O*QB inside int8.
//
// Initial weights: W uniform in ±0.5/sqrt(32), O uniform in ±1/sqrt(2H),
// biases zero, drawn from the seed.
//
// With -mirror each training position is used, in each epoch, either as
// it is or mirrored from the a file to the h file (every feature's square
// s becomes s^7), drawn from the seed, the epoch and the position's
// index. A position and its mirror have the same value when no side can
// castle, and nearly so otherwise; the inputs do not see castling rights,
// so the network cannot tell them apart anyway. It doubles the distinct
// positions the network sees. Validation uses the positions as they are.
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
// (every parameter every step): at H = 256 and batch 16384 the optimiser
// step and the summing of the pieces take under 1% of the time of a step
// (profiled), and Adam stays exact. Measured on this machine (2 cores,
// shared with other work) at that size: about 79,000 positions per second
// on one thread and 130,000 to 170,000 on two, most of the time spent
// adding weight columns (forward) and gradient columns (backward); at the
// default batch of 4096, 150,000 to 175,000 on two (round 3 in
// eval/nnue/nets/ROUNDS.md).
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
//	8      4      version, uint32, 3
//	12     4      H, uint32
//	16     4      B, output buckets, uint32
//	20     4      epochs completed, uint32
//	24     8      Adam steps taken, uint64
//	32     4      Scale, centipawns per unit of output, uint32, 1 to 4000
//	36     4P     parameters, float32: W (768*H, feature major: feature
//	              f's H weights contiguous), B (H), O (2H per bucket,
//	              bucket-major, side to move's first), b (B);
//	              P = 769*H + (2H+1)*B
//	36+4P  4P     Adam's first moments, float32, laid out like the parameters
//	36+8P  4P     Adam's second moments, likewise
//	36+12P 4      CRC-32 (IEEE) of all the preceding bytes, uint32
//
// Version 2 is the same without Scale (the parameters from offset 32),
// and is read at scale 400, the only one the trainer had then.
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
// net.nnue, written after each epoch, in the format eval/nnue reads
// (version 2; eval/nnue/doc.go has the byte layout): the header, then
// round(W*QA) and round(B*QA) as int16, round(O*QB) as int16 and
// round(b*QA*QB) as int32, then a CRC-32.
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
