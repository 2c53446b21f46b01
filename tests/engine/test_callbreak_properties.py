"""Property tests: random Call Break rules × random legal games keep every invariant."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Bid, KachufulError, Phase, Play, game_from_record, game_to_record
from engine.callbreak import CallBreakGame, CallBreakRules, points
from engine.events import TrickWon
from engine.record import record_to_json, replay_summary
from tests.engine.callbreak_reference import allowed_cards, score, winning_card

SETTINGS = settings(max_examples=40, deadline=None)


@st.composite
def callbreak_setups(draw: st.DrawFn) -> tuple[CallBreakRules, int]:
    rules = CallBreakRules(
        deals=draw(st.integers(1, 3)),
        min_call=draw(st.sampled_from((1, 2))),
        max_call=draw(st.sampled_from((8, 13))),
        must_head=draw(st.booleans()),
        strict=draw(st.booleans()),
    )
    return rules, draw(st.integers(3, 5))


def random_game(rules: CallBreakRules, players: int, seed: int) -> CallBreakGame:
    rng = random.Random(seed)
    game = CallBreakGame(rules, [f"P{i}" for i in range(players)], seed)
    while not game.is_over:
        seat = game.turn
        assert seat is not None
        if game.phase is Phase.PLAYING:
            trick = [card for _, card in game.current_trick()]
            expected = allowed_cards(game.hand(seat), trick, rules.must_head)
            assert set(game.legal_cards(seat)) == expected, "legal cards follow the rules"
            for other in range(players):
                if other != seat:
                    assert game.legal_cards(other) == (), "only the seat to play may play"
        game.apply(rng.choice(game.legal_actions()))
    return game


@SETTINGS
@given(callbreak_setups(), st.integers(0, 2**32))
def test_random_legal_games_keep_the_invariants(
    setup: tuple[CallBreakRules, int], seed: int
) -> None:
    rules, players = setup
    game = random_game(rules, players, seed)
    size = 52 // players
    assert len(game.results()) == rules.deals
    running = [0.0] * players
    for result in game.results():
        dealt = [card for hand in result.hands for card in hand]
        assert result.hand_size == size
        assert len(dealt) == len(set(dealt)) == players * size, "each card dealt once"
        assert sorted(result.plays) == sorted(dealt), "every dealt card is played once"
        assert len(result.trick_list) == size and sum(result.tricks) == size
        for trick in result.trick_list:
            assert trick.winning_card == winning_card(trick.cards)
        for seat in range(players):
            low, high = rules.min_call, min(rules.max_call, size)
            assert low <= result.bids[seat] <= high
            expected = score(result.bids[seat], result.tricks[seat], rules.strict)
            assert abs(points(result.scores[seat]) - expected) < 1e-9
            running[seat] += expected
        assert all(abs(points(t) - r) < 1e-9 for t, r in zip(result.totals, running, strict=True))
    places, winners = game.standings()
    best = max(game.totals())
    assert set(winners) == {s for s, t in enumerate(game.totals()) if t == best}
    assert all(places[s] == 1 for s in winners)


@SETTINGS
@given(callbreak_setups(), st.integers(0, 2**32), st.integers(0, 400))
def test_replay_equals_play_at_any_point(
    setup: tuple[CallBreakRules, int], seed: int, cut: int
) -> None:
    rules, players = setup
    whole = random_game(rules, players, seed)
    actions = whole.player_actions()[: cut % (len(whole.player_actions()) + 1)]
    names = list(whole.players)
    again = CallBreakGame.replay(rules, names, seed, actions)
    from_log = CallBreakGame.replay(rules, names, seed, whole.log[: len(again.log)])
    record = game_to_record(again, include_seed=True)
    assert record["game"] == "callbreak"
    for other in (from_log, game_from_record(record), game_from_record(record, check_seed=True)):
        assert isinstance(other, CallBreakGame)
        assert other.log == again.log
        assert other.totals() == again.totals()
        rewritten = game_to_record(other, include_seed=True)
        if other.seed is None:  # a record read without its seed is a typed-in game
            rewritten |= {k: record[k] for k in ("chance_version", "commitment", "seed")}
        assert rewritten == record
    assert replay_summary(game_from_record(record)) == replay_summary(again)
    assert record_to_json(record).startswith('{\n "format": "kachuful-record/1",\n "game"')


@SETTINGS
@given(callbreak_setups(), st.integers(0, 2**32), st.integers(0, 2**32))
def test_an_illegal_move_raises_and_changes_nothing(
    setup: tuple[CallBreakRules, int], seed: int, pick: int
) -> None:
    rules, players = setup
    rng = random.Random(pick)
    game = CallBreakGame(rules, [f"P{i}" for i in range(players)], seed)
    for _ in range(rng.randrange(60)):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over:
        return
    seat = game.turn
    assert seat is not None
    before = (game.log, game.hand(seat), game.totals(), game.bids(), game.current_trick())
    legal = set(game.legal_actions())
    tried: list[Bid | Play] = [Play(seat, card) for card in game.hand(seat)]
    tried += [Bid(seat, call) for call in range(0, 15)]
    tried += [Play((seat + 1) % players, card) for card in game.hand((seat + 1) % players)]
    for action in tried:
        if action in legal:
            continue
        try:
            game.apply(action)
        except KachufulError:
            pass
        else:
            raise AssertionError(f"{action} was accepted but is not legal")
        after = (game.log, game.hand(seat), game.totals(), game.bids(), game.current_trick())
        assert after == before


def test_events_announce_every_trick_and_the_end() -> None:
    rng = random.Random(5)
    game = CallBreakGame(CallBreakRules(deals=2), ["A", "B", "C", "D"], 5)
    tricks = 0
    ended = False
    while not game.is_over:
        for event in game.apply(rng.choice(game.legal_actions())):
            tricks += isinstance(event, TrickWon)
            ended = ended or type(event).__name__ == "GameOver"
    assert tricks == 26 and ended
