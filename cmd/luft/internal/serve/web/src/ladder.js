// The person's ladder: a record against each level of Luft and a rating
// estimate that moves with each result, kept in localStorage.

const KEY = 'luft.ladder.v1';

// The standard starting position: only games from it count.
export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// load returns the stored ladder, or a fresh one for the levels.
export function load(levels, storage = localStorage) {
  try {
    const l = JSON.parse(storage.getItem(KEY));
    if (l && typeof l.rating === 'number' && l.records && Array.isArray(l.counted)) return l;
  } catch (e) {
    // a damaged record starts again
  }
  return fresh(levels);
}

// fresh returns an empty ladder whose estimate starts at the lowest
// level's rating, where an unknown player starts.
export function fresh(levels) {
  return { rating: Math.min(...levels.map((lv) => lv.rating)), games: 0, records: {}, counted: [] };
}

// unrated returns why a finished game does not count on the ladder, or
// '' when it does: only games of standard chess against a level, from the
// standard position, with no move taken back, count (the levels were
// calibrated in standard chess).
export function unrated(st, tookBack) {
  if (st.settings.analysis) return 'analysis';
  if (st.settings.variant === 'chess960') return 'the ladder counts standard chess only';
  if (st.startFen !== START_FEN) return 'it started from a position of your own';
  if (tookBack) return 'a move was taken back';
  return '';
}

export function save(l, storage = localStorage) {
  storage.setItem(KEY, JSON.stringify(l));
}

// expected is the score a player rated r expects against rating opp.
export function expected(r, opp) {
  return 1 / (1 + Math.pow(10, (opp - r) / 400));
}

// kFactor is large while the estimate is provisional.
export function kFactor(games) {
  return games < 10 ? 40 : 20;
}

// record adds a finished game's score (1, 0.5 or 0) against a level to
// the ladder, once per game id, and returns the change of the estimate.
export function record(l, gameId, level, score) {
  if (l.counted.includes(gameId)) return null;
  const key = String(level.elo);
  const rec = l.records[key] || { w: 0, d: 0, l: 0 };
  if (score === 1) rec.w++;
  else if (score === 0) rec.l++;
  else rec.d++;
  l.records[key] = rec;
  const delta = Math.round(kFactor(l.games) * (score - expected(l.rating, level.rating)));
  l.rating += delta;
  l.games++;
  l.counted = [...l.counted, gameId].slice(-50);
  return delta;
}

// suggest returns the level to try next: the lowest one rated above the
// estimate less 50, so that it is a fair fight or a little harder; the
// top level once the estimate passes it.
export function suggest(l, levels) {
  const byRating = [...levels].sort((a, b) => a.rating - b.rating);
  return byRating.find((lv) => lv.rating >= l.rating - 50) || byRating[byRating.length - 1];
}
