"""Luft driven by python-chess's chess.engine, as most UCI scripts (and
lichess-bot) drive it: analyse with MultiPV, play with each Limit, ponder,
stop of an infinite analysis, options good and bad. Every search checks the
statistics python-chess returns and that its limit was kept.

Time bounds are loose (seconds, not milliseconds): a loaded machine must not
fail them; the limits that are exact (depth, nodes, mate) are checked exactly.
"""
import time

import pytest

chess = pytest.importorskip("chess")
import chess.engine  # noqa: E402

MIDDLE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10"
MATE_IN_2 = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"
NODE_MARGIN = 1024  # the search looks at its node count every 1024 nodes


@pytest.fixture
def engine(luft):
    eng = chess.engine.SimpleEngine.popen_uci(str(luft))
    eng.configure({"Hash": 16, "Threads": 1})
    yield eng
    eng.quit()


def check_stats(info, board):
    """The statistics lichess-bot and most scripts read are there and sane."""
    for key in ("depth", "seldepth", "nodes", "nps", "time", "score", "pv"):
        assert key in info, f"{key} missing from {info}"
    assert info["depth"] >= 1
    assert info["nodes"] > 0
    assert info["time"] >= 0
    assert info["pv"], "empty pv"
    probe = board.copy()
    for move in info["pv"]:
        assert probe.is_legal(move), f"pv {info['pv']} illegal at {move}"
        probe.push(move)


def test_analyse_multipv(engine):
    board = chess.Board(MIDDLE)
    infos = engine.analyse(board, chess.engine.Limit(depth=8), multipv=3)
    assert len(infos) == 3
    firsts = {info["pv"][0] for info in infos}
    assert len(firsts) == 3, "the lines repeat a move"
    scores = [info["score"].relative.score(mate_score=100000) for info in infos]
    assert scores == sorted(scores, reverse=True), scores
    for i, info in enumerate(infos):
        check_stats(info, board)
        assert info["multipv"] == i + 1
        assert info["depth"] == 8, info


@pytest.mark.parametrize("name,limit,check", [
    ("depth", chess.engine.Limit(depth=7), lambda info, took: info["depth"] == 7),
    ("nodes", chess.engine.Limit(nodes=30000), lambda info, took: 30000 <= info["nodes"] <= 30000 + NODE_MARGIN),
    ("time", chess.engine.Limit(time=0.5), lambda info, took: took < 3 and info["time"] <= 0.5 + 0.5),
    ("clock", chess.engine.Limit(white_clock=6, black_clock=6, white_inc=0.1, black_inc=0.1),
     lambda info, took: took < 3),
    ("clock and moves to go", chess.engine.Limit(white_clock=2, black_clock=2, remaining_moves=2),
     lambda info, took: took < 1.9),
])
def test_play_limits(engine, name, limit, check):
    board = chess.Board(MIDDLE)
    start = time.monotonic()
    result = engine.play(board, limit, info=chess.engine.INFO_ALL)
    took = time.monotonic() - start
    assert board.is_legal(result.move)
    check_stats(result.info, board)
    assert result.info["pv"][0] == result.move, "the last line's pv does not start with the move played"
    assert check(result.info, took), f"{name}: {result.info} in {took:.2f} s"


def test_play_mate(engine):
    board = chess.Board(MATE_IN_2)
    result = engine.play(board, chess.engine.Limit(mate=2), info=chess.engine.INFO_ALL)
    assert result.move == chess.Move.from_uci("d5f6")
    assert result.info["score"].relative == chess.engine.Mate(2)
    assert result.info["depth"] <= 8, result.info


def test_mate_in_one_depth(engine):
    board = chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    result = engine.play(board, chess.engine.Limit(time=0.3), info=chess.engine.INFO_ALL)
    assert result.move == chess.Move.from_uci("a1a8")
    assert result.info["score"].relative == chess.engine.Mate(1)
    assert result.info["depth"] <= 4, result.info


@pytest.mark.parametrize("limit", [
    chess.engine.Limit(depth=5),
    chess.engine.Limit(nodes=20000),
    chess.engine.Limit(white_clock=5, black_clock=5, white_inc=0.1, black_inc=0.1),
])
def test_ponder(engine, limit):
    """play(ponder=True), then the predicted reply: python-chess sends
    ponderhit, and the answer must come within the limit (before, a depth
    limit was ignored while pondering, and the iteration under way at the
    ponderhit finished first). Then a ponder miss: stop and a new search."""
    board = chess.Board(MIDDLE)
    first = engine.play(board, limit, ponder=True, game="g", info=chess.engine.INFO_ALL)
    assert board.is_legal(first.move)
    assert first.ponder is not None
    board.push(first.move)
    assert board.is_legal(first.ponder)
    board.push(first.ponder)
    time.sleep(1.5)  # the opponent thinks; Luft ponders
    start = time.monotonic()
    second = engine.play(board, limit, ponder=True, game="g", info=chess.engine.INFO_ALL)
    took = time.monotonic() - start
    assert board.is_legal(second.move)
    check_stats(second.info, board)
    if limit.depth:
        assert second.info["depth"] <= limit.depth, second.info
        assert took < 2, f"{took:.2f} s after the ponderhit of a finished depth {limit.depth} search"
    if limit.nodes:
        assert second.info["nodes"] <= limit.nodes + NODE_MARGIN, second.info
        assert took < 2, f"{took:.2f} s after the ponderhit of a finished search"
    if limit.white_clock:
        assert took < 3
    # A ponder miss: another reply than the predicted one.
    board.push(second.move)
    miss = next(m for m in board.legal_moves if m != second.ponder)
    board.push(miss)
    third = engine.play(board, limit, ponder=False, game="g", info=chess.engine.INFO_ALL)
    assert board.is_legal(third.move)
    check_stats(third.info, board)


@pytest.mark.parametrize("multipv", [1, 2])
def test_stop_infinite(engine, multipv):
    board = chess.Board(MIDDLE)
    with engine.analysis(board, multipv=multipv) as analysis:
        time.sleep(1.5)
        analysis.stop()
        best = analysis.wait()
    assert board.is_legal(best.move)
    assert len(analysis.multipv) == multipv
    info = analysis.info
    check_stats(info, board)
    assert info["pv"][0] == best.move
    # The last line is for the whole search: its time is the search's,
    # not that of the iteration finished before the stop.
    assert info["time"] >= 1.3, info


def test_options(engine):
    engine.configure({"Hash": 32, "Move Overhead": 50, "UCI_ShowWDL": True})
    board = chess.Board()
    info = engine.analyse(board, chess.engine.Limit(depth=5))
    assert "wdl" in info and sum(info["wdl"].relative) == 1000
    # Refused by python-chess from the options Luft declares.
    for bad in ({"Hash": "abc"}, {"Hash": 10 ** 9}, {"Threads": 0}, {"No Such Option": 1}):
        with pytest.raises(chess.engine.EngineError):
            engine.configure(bad)
    # Sent, and refused by Luft with an info string.
    engine.configure({"SyzygyPath": "/no/such/folder", "EvalFile": "/no/such/net.nnue"})
    # The engine plays on after the refused settings.
    result = engine.play(board, chess.engine.Limit(depth=4))
    assert board.is_legal(result.move)


def test_searchmoves(engine):
    board = chess.Board()
    only = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h4")]
    result = engine.play(board, chess.engine.Limit(depth=5), root_moves=only)
    assert result.move in only
