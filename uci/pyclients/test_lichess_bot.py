"""Luft driven by lichess-bot's own engine wrapper: create_engine and
play_move with a lichess clock and ponder, the opponent answering with
the move Luft pondered on (so python-chess sends ponderhit), as lichess-bot
plays on lichess. The mock lichess is lichess-bot's own (test_bot/lichess.py).

Each move checks that it is legal, that the statistics lichess-bot reads
(move_commentary and get_stats) are there, and that the limits are kept:
go_commands depth and nodes also while pondering, and the clock.
"""
import datetime
import queue
import time

import pytest

yaml = pytest.importorskip("yaml")
chess = pytest.importorskip("chess")
import chess.engine  # noqa: E402

from conftest import LICHESS_BOT  # noqa: E402

NODE_MARGIN = 1024


def make_config(luft, tmp_path, go_commands=None):
    """lichess-bot's default configuration, with Luft as its engine."""
    from lib import config

    with open(LICHESS_BOT / "config.yml.default") as f:
        cfg = yaml.safe_load(f)
    engine = cfg["engine"]
    engine.update(dir=str(luft.parent), name=luft.name, protocol="uci", ponder=True, working_dir=str(tmp_path))
    # lichess-bot passes engine_options as --key=value arguments.
    engine["engine_options"] = {"luft-test": "yes"}
    engine["uci_options"] = {"Move Overhead": 100, "Threads": 1, "Hash": 16, "UCI_ShowWDL": True,
                             "SyzygyPath": "./syzygy/"}
    if go_commands:
        engine["uci_options"]["go_commands"] = go_commands
    config.insert_default_values(cfg)
    return config.Configuration(cfg)


class Lichess:
    """lichess-bot's mock lichess, keeping the whole PlayResult of each move."""

    def __init__(self):
        from test_bot.lichess import Lichess as MockLichess

        self.mock = MockLichess(queue.Queue(), queue.Queue(), queue.Queue())
        self.results = []

    def make_move(self, game_id, move):
        self.results.append(move)
        self.mock.make_move(game_id, move)

    def __getattr__(self, name):
        return getattr(self.mock, name)


def game_info(board, clock_ms, inc_ms):
    return {
        "id": "luftTest", "speed": "blitz", "rated": False, "createdAt": int(time.time() * 1000),
        "clock": {"initial": clock_ms, "increment": inc_ms},
        "variant": {"name": "Standard"}, "perf": {"name": "Blitz"}, "initialFen": "startpos",
        "white": {"name": "LuftBot", "title": "BOT", "rating": 2000},
        "black": {"name": "Opponent", "title": "BOT", "rating": 2000},
        "state": {"type": "gameState", "moves": " ".join(m.uci() for m in board.move_stack),
                  "wtime": clock_ms, "btime": clock_ms, "winc": inc_ms, "binc": inc_ms, "status": "started"},
    }


# On the clock (60 s + 1 s) a move may take up to Luft's hard limit, five
# times the per-move share: 5 * (60 s + 39 * 1 s) / 40, about 12.4 s
# (engine/clock.go); a clock lost on the way would search without end.
@pytest.mark.parametrize("name,go_commands,most_seconds", [
    ("clock", None, 13.0),
    ("go_commands depth", {"depth": 5}, 3.0),
    ("go_commands nodes", {"nodes": 20000}, 3.0),
])
def test_play_move(luft, tmp_path, monkeypatch, name, go_commands, most_seconds):
    from lib import engine_wrapper, model
    from lib.timer import Timer

    monkeypatch.chdir(tmp_path)  # lichess-bot writes its files into the working folder
    cfg = make_config(luft, tmp_path, go_commands)
    board = chess.Board()
    for uci in ("e2e4", "e7e5"):  # from the third ply on, lichess-bot plays on the clock
        board.push_uci(uci)
    clock_ms, inc_ms = 60_000, 1_000
    info = game_info(board, clock_ms, inc_ms)
    game = model.Game(info, "LuftBot", "https://lichess.org", datetime.timedelta(seconds=30))
    li = Lichess()
    wtime = clock_ms
    with engine_wrapper.create_engine(cfg) as engine:
        for n in range(4):
            timer = Timer()
            engine.play_move(board, game, li, timer, datetime.timedelta(milliseconds=100), True, False,
                             datetime.timedelta(seconds=60), cfg.engine, datetime.timedelta(0))
            took = timer.time_since_reset().total_seconds()
            result = li.results[-1]
            assert board.is_legal(result.move), f"move {n}: {result.move} in {board.fen()}"
            assert took < most_seconds, f"{name}, move {n}: {took:.2f} s"

            stats = engine.get_stats()
            for stat in ("Evaluation", "Depth", "Nodes", "Speed", "Pv"):
                assert any(s.startswith(stat + ": ") for s in stats), f"{stat} missing from {stats}"
            comment = engine.move_commentary[-1]
            for key in ("depth", "nodes", "score", "pv", "time", "wdl"):
                assert key in comment, f"{key} missing from {comment}"
            assert comment["pv"][0] == result.move
            if go_commands and "depth" in go_commands:
                assert comment["depth"] <= go_commands["depth"], f"move {n}: {comment}"
            if go_commands and "nodes" in go_commands:
                assert comment["nodes"] <= go_commands["nodes"] + NODE_MARGIN, f"move {n}: {comment}"

            # The opponent answers, with the move Luft pondered on when
            # there is one, after a second's thought.
            board.push(result.move)
            reply = result.ponder if result.ponder and board.is_legal(result.ponder) else next(iter(board.legal_moves))
            time.sleep(1)
            board.push(reply)
            wtime = wtime - int(took * 1000) + inc_ms
            info["state"].update(moves=" ".join(m.uci() for m in board.move_stack), wtime=wtime)
            game.state = info["state"]
        assert any(r.ponder for r in li.results), "no move came with a ponder move"
