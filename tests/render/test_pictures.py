"""Every picture: valid PNG, within size, deterministic, themed, and safe with any name."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.game import Game, Phase
from render import (
    RenderOptions,
    render_dealer_draw,
    render_final_standings,
    render_hand,
    render_score_sheet,
    render_table_status,
    render_trick,
    samples,
)
from render.palette import palette
from tests.render.helpers import decode, pixel

MAX_BYTES = 150_000
OPTIONS = [
    RenderOptions(),
    RenderOptions(theme="light"),
    RenderOptions(four_colour=True),
    RenderOptions(four_colour=True, theme="light"),
]

Maker = Callable[[RenderOptions], bytes]


def makers(game: Game, finished: Game) -> dict[str, Maker]:
    """One maker per kind of picture, from real positions."""
    seat = game.turn if game.turn is not None else 0
    return {
        "hand": lambda o: render_hand(game.view(seat), o),
        "trick": lambda o: render_trick(game.view(seat), o),
        "status": lambda o: render_table_status(game.view(None), o),
        "score sheet": lambda o: render_score_sheet(finished.players, finished.results(), o),
        "standings": lambda o: render_final_standings(finished.players, finished.totals(), o),
        "dealer draw": lambda o: render_dealer_draw(
            game.players, game.dealer_draws, game.first_dealer or 0, o
        ),
    }


@pytest.fixture(scope="module")
def mid_game() -> Game:
    game = samples.game_after_deals(5, 2, seed=11)
    return samples.play_until(game, lambda g: len(g.current_trick()) == 2)


@pytest.mark.parametrize(
    "options", OPTIONS, ids=lambda o: f"{o.theme}-{'four' if o.four_colour else 'two'}"
)
def test_every_picture_is_a_small_deterministic_png_on_its_theme(
    mid_game: Game, finished_seven: Game, options: RenderOptions
) -> None:
    for name, make in makers(mid_game, finished_seven).items():
        png = make(options)
        assert len(png) <= MAX_BYTES, name
        assert make(options) == png, name
        image = decode(png)
        assert pixel(image, 1, 1) == palette(options).background, name


def test_options_change_the_picture(mid_game: Game, finished_seven: Game) -> None:
    for name, make in makers(mid_game, finished_seven).items():
        assert len({make(options) for options in OPTIONS[:2]}) == 2, name


def test_different_positions_give_different_pictures(mid_game: Game) -> None:
    seat = mid_game.turn
    assert seat is not None
    before = render_trick(mid_game.view(seat))
    after_game = samples.game_after_deals(5, 2, seed=11)
    samples.play_until(after_game, lambda g: len(g.current_trick()) == 3)
    assert render_trick(after_game.view(seat)) != before


def test_unknown_theme_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="theme must be one of dark, light"):
        RenderOptions(theme="blue")  # type: ignore[arg-type]


HARD_NAMES = [
    "🦄🔥✨",  # nothing the font can draw: falls back to "Player 1"
    "Dr. Ranjit Singh Ahluwalia-Venkataraman the Third of Kathmandu",
    "שרה כהן",
    "محمد علي 👨‍👩‍👧",
    "\u202eevil\u200d\tname\n",
]


def test_hard_names_never_break_a_picture() -> None:
    game = Game(samples.new_game(5, 1).rules, HARD_NAMES, seed=21)
    samples.play_until(game, lambda g: g.phase is Phase.PLAYING and len(g.current_trick()) == 3)
    finished = Game(game.rules, HARD_NAMES, seed=22)
    samples.play_until(finished, lambda g: len(g.results()) >= 3)
    for name, make in makers(game, finished).items():
        assert decode(make(RenderOptions())).width > 0, name
    standings = render_final_standings(HARD_NAMES, (10, 20, 30, 40, 40), results=finished.results())
    assert decode(standings).width > 0


def test_views_before_the_first_deal_render() -> None:
    # Without a seed the game waits for its first-dealer draw: nothing dealt yet.
    game = Game(samples.new_game(4, 1).rules, samples.NAMES[:4], seed=None)
    assert game.phase is Phase.DRAW
    for make in (render_trick, render_table_status):
        assert decode(make(game.view(None))).width > 0
    assert decode(render_hand(game.view(0))).width > 0


def test_random_positions_under_every_preset_render() -> None:
    import random

    from engine.rules import PRESETS

    chooser = random.Random(2024)
    for index, (name, rules) in enumerate(sorted(PRESETS.items())):
        players = 3 + index % 5
        game = Game(rules, samples.NAMES[:players], seed=index)
        for _ in range(chooser.randrange(5, 120)):
            if game.is_over:
                break
            seat = game.awaiting()[0]
            if game.phase is Phase.BIDDING:
                game.bid(seat, chooser.choice(game.legal_bids(seat)))
            else:
                game.play(seat, chooser.choice(game.legal_cards(seat)))
        seat = game.awaiting()[0] if game.awaiting() else 0
        for picture in (
            render_hand(game.view(seat)),
            render_trick(game.view(seat)),
            render_table_status(game.view(None)),
            render_score_sheet(game.players, game.results(), deal_count=game.deal_count),
        ):
            assert len(picture) <= MAX_BYTES, name
