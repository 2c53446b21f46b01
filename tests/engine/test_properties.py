"""Property tests: random rules × random legal games keep every invariant."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    DECK,
    Bid,
    DealScored,
    Game,
    KachufulError,
    Phase,
    Play,
    Rules,
    TrickWon,
    game_from_record,
    game_to_record,
    score_function,
)
from tests.engine.strategies import rules_and_players

SETTINGS = settings(max_examples=60, deadline=None)


def random_game(rules: Rules, players: int, seed: int) -> tuple[Game, list[object]]:
    rng = random.Random(seed)
    game = Game(rules, [f"P{i}" for i in range(players)], seed)
    events: list[object] = []
    while not game.is_over:
        events.extend(game.apply(rng.choice(game.legal_actions())))
    return game, events


@SETTINGS
@given(rules_and_players(), st.integers(0, 2**32))
def test_random_legal_games_keep_the_invariants(setup: tuple[Rules, int], seed: int) -> None:
    rules, players = setup
    game, events = random_game(rules, players, seed)
    score = score_function(rules)
    assert len(game.results()) == len(rules.hand_sizes(players))
    running = [0] * players
    for result in game.results():
        dealt = [card for hand in result.hands for card in hand]
        assert len(dealt) == len(set(dealt)) == players * result.hand_size, "each card dealt once"
        assert sorted(result.plays) == sorted(dealt), "every dealt card is played once"
        assert sum(result.tricks) == result.hand_size, "tricks sum to the hand size"
        if rules.hook:
            assert sum(result.bids) != result.hand_size or (
                result.forbidden_bid(True) is None
            ), "the hook holds"
        for seat in range(players):
            expected = score(result.bids[seat], result.tricks[seat], result.hand_size,
                             result.blind[seat])
            assert result.scores[seat] == expected
            running[seat] += expected
        assert list(result.totals) == running
        for trick in result.trick_list:
            led = trick.cards[0].suit
            trumps = [c for c in trick.cards if c.suit == result.trump]
            best = max(trumps or [c for c in trick.cards if c.suit == led], key=lambda c: c.rank)
            assert trick.winning_card == best
            assert trick.cards[(trick.winner - trick.leader) % players] == best
    assert sum(isinstance(e, DealScored) for e in events) == game.deal_count
    assert sum(isinstance(e, TrickWon) for e in events) == sum(rules.hand_sizes(players))


@SETTINGS
@given(rules_and_players(), st.integers(0, 2**32))
def test_record_then_replay_gives_the_same_game(setup: tuple[Rules, int], seed: int) -> None:
    rules, players = setup
    rng = random.Random(seed)
    game = Game(rules, [f"P{i}" for i in range(players)], seed)
    stop = rng.randrange(1, 400)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    again = game_from_record(game_to_record(game))
    assert again.results() == game.results()
    assert again.totals() == game.totals()
    assert again.phase == game.phase
    assert again.view(None) == game.view(None)
    for seat in range(players):
        assert again.legal_bids(seat) == game.legal_bids(seat)
        assert again.legal_cards(seat) == game.legal_cards(seat)
    rebuilt = Game.replay(rules, game.players, game.seed, game.player_actions())
    assert rebuilt.log == game.log


@SETTINGS
@given(rules_and_players(), st.integers(0, 2**32))
def test_illegal_actions_never_change_state(setup: tuple[Rules, int], seed: int) -> None:
    rules, players = setup
    rng = random.Random(seed)
    game = Game(rules, [f"P{i}" for i in range(players)], seed)
    for _ in range(rng.randrange(0, 120)):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    legal = set(game.legal_actions())
    candidates: list[Bid | Play] = [Play(s, c) for s in range(players) for c in DECK]
    candidates += [Bid(s, b, blind) for s in range(players) for b in range(-1, 19)
                   for blind in (False, True)]
    before = (game.log, game.view(None), [game.hand(s) for s in range(players)])
    for action in rng.sample(candidates, 150):
        if action in legal:
            assert game.can_apply(action)
            continue
        assert not game.can_apply(action)
        try:
            game.apply(action)
        except KachufulError:
            pass
        else:
            raise AssertionError(f"{action} was accepted but is not in legal_actions()")
        assert (game.log, game.view(None), [game.hand(s) for s in range(players)]) == before
    if game.phase in (Phase.BIDDING, Phase.PLAYING):
        for action in legal:
            assert game.can_apply(action)
