"""The bot draws in worker threads: concurrent pictures equal sequential ones."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from engine.game import Game, Phase
from render import render_table_status, render_trick, samples


def position(index: int) -> Game:
    # Names never drawn before, so text is laid out (cache misses) during the race.
    names = [f"Thread{index}-{seat}-ñ" for seat in range(4)]
    game = Game(samples.new_game(4, index).rules, names, seed=1000 + index)
    return samples.play_until(
        game, lambda g: g.phase is Phase.PLAYING and len(g.current_trick()) == 2
    )


def pictures(game: Game) -> tuple[bytes, bytes]:
    return render_trick(game.view(0)), render_table_status(game.view(None))


def test_concurrent_rendering_gives_the_same_bytes() -> None:
    games = [position(index) for index in range(12)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        concurrent = list(pool.map(pictures, games))
    assert concurrent == [pictures(game) for game in games]
