"""Call Break records: Kachuful's ``kachuful-record/1`` with ``"game": "callbreak"``.

The fields are Kachuful's (``players``, ``rules``, ``first_dealer``, ``dealer_draw``,
``chance_version``, ``commitment``, ``seed``, ``deals`` of ``hands``/``bids``/``plays``);
``rules`` holds the :class:`CallBreakRules` fields that differ from the defaults and
``bids`` holds the calls. See ``docs/record-format.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from engine.actions import DealCards, DealTally, FirstDealer, TricksTaken
from engine.callbreak.game import CallBreakGame
from engine.callbreak.points import points
from engine.callbreak.rules import GAME, CallBreakRules
from engine.cards import Card
from engine.errors import CardError, CardNotInHand, IllegalAction, KachufulError, RecordError
from engine.game_phase import Phase
from engine.results import DealResult
from engine.rules import describe_validation_error
from engine.shuffle import seed_commitment


def callbreak_to_record(
    game: CallBreakGame, record_format: str, *, include_seed: bool = False
) -> dict[str, Any]:
    """The record of a Call Break game so far (the seed only when asked for)."""
    record: dict[str, Any] = {
        "format": record_format,
        "game": GAME,
        "players": list(game.players),
        "rules": game.rules.changed_fields(),
        "first_dealer": game.first_dealer,
    }
    if game.dealer_draws:
        record["dealer_draw"] = [
            [None if card is None else card.code for card in draw] for draw in game.dealer_draws
        ]
    if game.seed is not None:
        record["chance_version"] = game.chance_version
        record["commitment"] = seed_commitment(game.seed)
        if include_seed:
            record["seed"] = game.seed.hex()
    deals: list[dict[str, Any]] = [
        {"bids": list(r.bids), "tricks": list(r.tricks)} if r.tally
        else _entry(r.hands, r.bids, r.plays)
        for r in game.results()
    ]
    if game.phase in (Phase.BIDDING, Phase.PLAYING) and game.is_tally_deal:
        deals.append({"bids": list(game.bids()), "tricks": None})  # not counted yet
    elif game.phase in (Phase.BIDDING, Phase.PLAYING):
        plays = [card for trick in game.completed_tricks() for card in trick.cards]
        plays += [card for _, card in game.current_trick()]
        deals.append(_entry(game.dealt_hands(), game.bids(), tuple(plays)))
    record["deals"] = deals
    return record


def _entry(
    hands: tuple[tuple[Card, ...], ...], bids: tuple[int | None, ...], plays: tuple[Card, ...]
) -> dict[str, Any]:
    return {
        "hands": [[card.code for card in hand] for hand in hands],
        "bids": list(bids),
        "plays": [card.code for card in plays],
    }


def callbreak_rules(record: Mapping[str, Any]) -> CallBreakRules:
    rules = record.get("rules") or {}
    if not isinstance(rules, dict):
        raise RecordError("rules must be an object of the options that differ from the defaults")
    try:
        return CallBreakRules.model_validate(rules)
    except ValidationError as exc:
        reason = describe_validation_error(exc, CallBreakRules.model_fields)
        raise RecordError(f"rules: {reason}") from None


def callbreak_from_record(
    record: Mapping[str, Any],
    players: list[str],
    chance_version: int,
    seed: str | None,
) -> CallBreakGame:
    """Replay a Call Break record (already checked for format, players and version)."""
    rules = callbreak_rules(record)
    try:
        game = CallBreakGame(rules, players, seed, chance_version=chance_version)
    except KachufulError as exc:
        raise RecordError(str(exc)) from None
    if seed is None:
        _first_dealer(game, record)
    else:
        if record.get("first_dealer") != game.first_dealer:
            raise RecordError("first_dealer is not the one the seed's draw makes")
        drawn = [[None if c is None else c.code for c in draw] for draw in game.dealer_draws]
        if record.get("dealer_draw", drawn) != drawn:
            raise RecordError("dealer_draw is not the draw the seed makes")
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("deals must be a list")
    # A record is of a dealt game (hands and plays) or of a score pad (trick counts).
    tally = bool(deals) and isinstance(deals[0], dict) and "tricks" in deals[0]
    for index, deal in enumerate(deals):
        number = index + 1
        if isinstance(deal, dict) and ("tricks" in deal) != tally:
            raise RecordError("a Call Break record's deals are all dealt (hands and plays) "
                              "or all counted at the table (tricks)", deal=number)
        if number > game.deal_count:
            raise RecordError(f"too many deals: these rules have {game.deal_count}", deal=number)
        ready = game.deal_number == number if seed is not None else game.phase is Phase.DEAL
        if not ready:
            raise RecordError(
                "the previous deal is unfinished, so no deal can follow it", deal=number
            )
        _apply_deal(game, deal, number)
    return game


def _first_dealer(game: CallBreakGame, record: Mapping[str, Any]) -> None:
    dealer = record.get("first_dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise RecordError("first_dealer must be a seat number")
    raw = record.get("dealer_draw") or []
    if not isinstance(raw, list) or not all(isinstance(r, list) for r in raw):
        raise RecordError("dealer_draw must be a list of rounds, each a card or null per seat")
    try:
        draws = tuple(tuple(None if t is None else Card.parse(t) for t in draw) for draw in raw)
        game.choose_first_dealer(FirstDealer(dealer, draws))
    except KachufulError as exc:
        reason = f"dealer_draw: {exc}" if isinstance(exc, CardError) else str(exc)
        raise RecordError(reason) from None


def _cards(texts: Any, what: str, number: int, seat: int | None) -> tuple[Card, ...]:
    if not isinstance(texts, list):
        raise RecordError(f"{what} must be a list of cards", deal=number, seat=seat)
    try:
        return tuple(Card.parse(text) for text in texts)
    except CardError as exc:
        raise RecordError(str(exc), deal=number, seat=seat) from None


def _apply_deal(game: CallBreakGame, deal: Any, number: int) -> None:
    if not isinstance(deal, dict):
        raise RecordError("each deal is an object with hands, bids and plays", deal=number)
    if "tricks" in deal:
        if game.seed is not None:
            raise RecordError("a dealt Call Break game keeps every card: a deal needs hands "
                              "and plays", deal=number)
        _apply_tally_deal(game, deal, number)
        return
    n = game.player_count
    raw = deal.get("hands")
    if not isinstance(raw, list) or len(raw) != n:
        raise RecordError(f"hands must list {n} hands, one per seat", deal=number)
    hands = tuple(_cards(hand, "a hand", number, seat) for seat, hand in enumerate(raw))
    try:
        if game.seed is None:
            game.deal(DealCards(hands))
        elif any(set(a) != set(b) for a, b in zip(hands, game.dealt_hands(), strict=True)):
            raise RecordError("these cards are not the ones the game's seed deals", deal=number)
    except IllegalAction as exc:
        raise RecordError(str(exc), deal=number, seat=exc.seat) from None
    _apply_calls(game, deal, number)
    plays = _cards(deal.get("plays", []), "plays", number, None)
    if plays and game.phase is Phase.BIDDING:
        raise RecordError("cards were played before every call was made", deal=number)
    for card in plays:
        if game.phase is not Phase.PLAYING:
            raise RecordError(
                f"more cards are played than were dealt ({n} × {game.hand_size})", deal=number
            )
        seat = game.turn
        assert seat is not None
        try:
            game.play(seat, card)
        except CardNotInHand:
            raise RecordError(
                f"{game.players[seat]} plays {card}, which is not in their hand",
                deal=number, seat=seat,
            ) from None
        except IllegalAction as exc:
            raise RecordError(f"{game.players[seat]} plays {card}: {exc}", deal=number,
                              seat=seat) from None


def _apply_tally_deal(game: CallBreakGame, deal: Mapping[str, Any], number: int) -> None:
    """A score pad's deal: the calls, then the tricks counted at the table (``null``
    until counted)."""
    try:
        game.deal_tally(DealTally())
    except KachufulError as exc:
        raise RecordError(str(exc), deal=number) from None
    _apply_calls(game, deal, number)
    tricks = deal.get("tricks")
    if tricks is None:
        return
    if game.phase is not Phase.PLAYING:
        raise RecordError("tricks are counted once every call is made", deal=number)
    if not isinstance(tricks, list):
        raise RecordError("tricks must list one count per seat", deal=number)
    try:
        game.take_tricks(TricksTaken(tuple(tricks)))
    except KachufulError as exc:
        raise RecordError(str(exc), deal=number, seat=getattr(exc, "seat", None)) from None


def _apply_calls(game: CallBreakGame, deal: Mapping[str, Any], number: int) -> None:
    n = game.player_count
    calls = deal.get("bids", [None] * n)
    if not isinstance(calls, list) or len(calls) != n:
        raise RecordError(f"bids must list {n} calls, one per seat (null = not yet called)",
                          deal=number)
    dealer = game.dealer
    assert dealer is not None
    missing: int | None = None
    for seat in ((dealer + 1 + i) % n for i in range(n)):
        call = calls[seat]
        if call is None:
            missing = seat if missing is None else missing
            continue
        if missing is not None:
            raise RecordError(
                f"{game.players[seat]} has a call but {game.players[missing]}, who calls "
                "earlier, has none", deal=number, seat=seat,
            )
        try:
            game.bid(seat, call)
        except KachufulError as exc:
            raise RecordError(str(exc), deal=number, seat=seat) from None


def callbreak_summary_deal(result: DealResult) -> dict[str, Any]:
    """One deal of ``kachuful replay``'s output, scores and totals as JSON numbers."""
    return {
        "number": result.number,
        "hand_size": result.hand_size,
        "trump": "S",
        "dealer": result.dealer,
        "bids": list(result.bids),
        "tricks": list(result.tricks),
        "trick_winners": list(result.trick_winners),
        "scores": [points(score) for score in result.scores],
        "totals": [points(total) for total in result.totals],
    }
