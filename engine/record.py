"""Game records (``kachuful-record/1``): the save format, the replay format and the
format a paper game is typed in with. See ``docs/record-format.md``.

Reading a record replays it through :class:`~engine.game.Game`, so a record is
accepted exactly when every step in it is legal. Errors are :class:`RecordError`
with the deal (1-based) and seat (0-based) they concern.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from pydantic import ValidationError

from engine.actions import Bid, DealCards, DealTally, FirstDealer, TricksTaken
from engine.callbreak.game import CallBreakGame
from engine.callbreak.record import callbreak_from_record, callbreak_to_record
from engine.callbreak.rules import GAME as CALLBREAK
from engine.cards import Card
from engine.errors import (
    CardError,
    CardNotInHand,
    ChanceMismatch,
    IllegalAction,
    KachufulError,
    MustFollowSuit,
    RecordError,
)
from engine.game import DealResult, Game, Phase
from engine.record_summary import AnyGame as AnyGame
from engine.record_summary import replay_summary as replay_summary
from engine.record_tally import tally_entry, tally_revokes, tally_trump
from engine.rules import Rules, describe_validation_error
from engine.shuffle import seed_commitment

RECORD_FORMAT: Final = "kachuful-record/1"
_UNMARKED_CHANCE_VERSION: Final = 1
"""Records written before ``chance_version`` existed were all dealt by version 1."""


# --- writing ---------------------------------------------------------------------


GAMES: Final = ("kachuful", CALLBREAK)
"""The values of a record's ``"game"`` field; a record without one is Kachuful."""


def game_to_record(game: AnyGame, *, include_seed: bool = False) -> dict[str, Any]:
    """The record of a game so far. The seed is secret until the game ends, so it is
    only written when asked for (the commitment always is, for seeded games)."""
    if isinstance(game, CallBreakGame):
        return callbreak_to_record(game, RECORD_FORMAT, include_seed=include_seed)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "players": list(game.players),
        "rules": game.rules.changed_fields(),
        "first_dealer": game.first_dealer,
    }
    if game.dealer_draws:
        record["dealer_draw"] = [
            [None if card is None else card.code for card in draw] for draw in game.dealer_draws
        ]
    if game.seed is not None:
        # Only a seed's cards depend on the algorithm; a typed-in game has none.
        record["chance_version"] = game.chance_version
        record["commitment"] = seed_commitment(game.seed)
        if include_seed:
            record["seed"] = game.seed.hex()
    deals = [_deal_entry(game, result) for result in game.results()]
    if game.phase in (Phase.BIDDING, Phase.PLAYING):
        deals.append(_current_deal_entry(game))
    record["deals"] = deals
    return record


def _deal_entry(game: Game, result: DealResult) -> dict[str, Any]:
    if result.tally:
        return tally_entry(game, list(result.bids), list(result.blind), list(result.tricks),
                            list(result.revokes), result.trump)
    entry: dict[str, Any] = {
        "hands": [[card.code for card in hand] for hand in result.hands],
        "bids": list(result.bids),
        "plays": [card.code for card in result.plays],
    }
    if any(result.blind):
        entry["blind"] = list(result.blind)
    if game.rules.trump == "turn-up":
        entry["turn_up"] = None if result.turn_up is None else result.turn_up.code
    return entry


def _current_deal_entry(game: Game) -> dict[str, Any]:
    if game.is_tally_deal:
        return tally_entry(game, list(game.bids()), list(game.blind_bids()), None, [],
                            game.trump)
    plays = [card.code for trick in game.completed_tricks() for card in trick.cards]
    plays += [card.code for _, card in game.current_trick()]
    entry: dict[str, Any] = {
        "hands": [[card.code for card in hand] for hand in game.dealt_hands()],
        "bids": list(game.bids()),
        "plays": plays,
    }
    if any(game.blind_bids()):
        entry["blind"] = list(game.blind_bids())
    if game.rules.trump == "turn-up":
        entry["turn_up"] = None if game.turn_up is None else game.turn_up.code
    return entry


def record_to_json(record: Mapping[str, Any]) -> str:
    """Readable JSON: one line per top-level field and one line per deal."""
    fields = []
    for key, value in record.items():
        if key == "deals" and value:
            deals = ",\n".join("  " + json.dumps(deal, ensure_ascii=False) for deal in value)
            fields.append(f' "deals": [\n{deals}\n ]')
        else:
            fields.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(fields) + "\n}"


# --- reading ---------------------------------------------------------------------


def parse_record_text(text: str) -> dict[str, Any]:
    """JSON text to a record mapping; malformed JSON is a :class:`RecordError`."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def record_rules(record: Mapping[str, Any]) -> Rules:
    rules = record.get("rules", {})
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        raise RecordError("rules must be an object of the options that differ from classic")
    try:
        return Rules.model_validate(rules)
    except ValidationError as exc:
        raise RecordError(f"rules: {describe_validation_error(exc)}") from None


def record_chance_version(record: Mapping[str, Any]) -> int:
    """The record's ``chance_version``; records from before the field are version 1."""
    version = record.get("chance_version", _UNMARKED_CHANCE_VERSION)
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(f"chance_version must be a whole number, not {version!r}")
    return version


def record_game(record: Mapping[str, Any]) -> str:
    """Which game a record holds: its ``"game"`` field, ``"kachuful"`` when absent."""
    game = record.get("game", "kachuful")
    if game not in GAMES:
        raise RecordError(f'"game" must be one of {", ".join(GAMES)}, not {game!r}')
    return str(game)


def game_from_record(record: Mapping[str, Any], *, check_seed: bool = False) -> AnyGame:
    """Replay a record into a game of the kind it names. With ``check_seed``, the
    record's seed must be present and must produce its dealer draw and every deal."""
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f'not a game record: "format" must be "{RECORD_FORMAT}"')
    players = record.get("players")
    if (
        not isinstance(players, list)
        or not all(isinstance(p, str) and p.strip() for p in players)
    ):
        raise RecordError("players must be a list of names")
    kind = record_game(record)
    rules = None if kind == CALLBREAK else record_rules(record)
    chance_version = record_chance_version(record)
    seed: str | None = None
    if check_seed:
        seed = record.get("seed")
        if not isinstance(seed, str):
            raise RecordError("this record has no seed to check")
    if rules is None:
        return callbreak_from_record(record, players, chance_version, seed)
    return kachuful_from_record(record, rules, players, chance_version, seed)


def kachuful_from_record(
    record: Mapping[str, Any],
    rules: Rules,
    players: list[str],
    chance_version: int,
    seed: str | None,
) -> Game:
    """Replay a Kachuful record (already checked for format, players and version)."""
    check_seed = seed is not None
    try:
        game = Game(rules, players, seed, chance_version=chance_version)
    except KachufulError as exc:
        raise RecordError(str(exc)) from None
    if not check_seed:
        _apply_first_dealer(game, record)
    else:
        if record.get("first_dealer") != game.first_dealer:
            raise RecordError("first_dealer is not the one the seed's draw makes")
        drawn = [[None if c is None else c.code for c in draw] for draw in game.dealer_draws]
        if record.get("dealer_draw", drawn) != drawn:
            raise RecordError("dealer_draw is not the draw the seed makes")
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        raise RecordError("deals must be a list")
    for index, deal in enumerate(deals):
        number = index + 1
        if number > game.deal_count:
            raise RecordError(
                f"too many deals: these rules have {game.deal_count} deals for "
                f"{game.player_count} players",
                deal=number,
            )
        # A seeded game has dealt the next deal itself; an unseeded one waits for it.
        ready = game.deal_number == number if check_seed else game.phase is Phase.DEAL
        if not ready:
            raise RecordError(
                "the previous deal is unfinished, so no deal can follow it", deal=number
            )
        _apply_deal(game, deal, number)
    return game


def _apply_first_dealer(game: Game, record: Mapping[str, Any]) -> None:
    dealer = record.get("first_dealer")
    if isinstance(dealer, bool) or not isinstance(dealer, int):
        raise RecordError("first_dealer must be a seat number")
    draws: tuple[tuple[Card | None, ...], ...] = ()
    raw = record.get("dealer_draw")
    if raw is not None:
        if not isinstance(raw, list) or not all(isinstance(r, list) for r in raw):
            raise RecordError("dealer_draw must be a list of rounds, each a card or null per seat")
        try:
            draws = tuple(
                tuple(None if text is None else Card.parse(text) for text in draw) for draw in raw
            )
        except CardError as exc:
            raise RecordError(f"dealer_draw: {exc}") from None
    try:
        game.choose_first_dealer(FirstDealer(dealer, draws))
    except KachufulError as exc:
        raise RecordError(str(exc)) from None


def _cards(texts: Any, what: str, number: int, seat: int | None) -> tuple[Card, ...]:
    if not isinstance(texts, list):
        raise RecordError(f"{what} must be a list of cards", deal=number, seat=seat)
    try:
        return tuple(Card.parse(text) for text in texts)
    except CardError as exc:
        raise RecordError(str(exc), deal=number, seat=seat) from None


def _apply_deal(game: Game, deal: Any, number: int) -> None:
    if not isinstance(deal, dict):
        raise RecordError("each deal is an object with hands, bids and plays", deal=number)
    if "tricks" in deal:
        _apply_tally_deal(game, deal, number)
        return
    n = game.player_count
    hands_raw = deal.get("hands")
    if not isinstance(hands_raw, list) or len(hands_raw) != n:
        raise RecordError(f"hands must list {n} hands, one per seat", deal=number)
    hands = tuple(_cards(hand, "a hand", number, seat) for seat, hand in enumerate(hands_raw))
    turn_up = None
    if deal.get("turn_up") is not None:
        try:
            turn_up = Card.parse(deal["turn_up"])
        except CardError as exc:
            raise RecordError(f"turn_up: {exc}", deal=number) from None
    try:
        if game.seed is None:
            game.deal(DealCards(hands, turn_up))
        elif not _same_deal(game, hands, turn_up):
            raise ChanceMismatch("these cards are not the ones the game's seed deals")
    except ChanceMismatch as exc:
        raise RecordError(str(exc), deal=number, seat=exc.seat) from None
    except KachufulError as exc:
        raise RecordError(str(exc), deal=number) from None
    _apply_bids(game, deal, number)
    plays = _cards(deal.get("plays", []), "plays", number, None)
    if plays and game.phase is Phase.BIDDING:
        raise RecordError("cards were played before every bid was made", deal=number)
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
                deal=number,
                seat=seat,
            ) from None
        except MustFollowSuit as exc:
            raise RecordError(
                f"{game.players[seat]} plays {card} but holds the led suit: "
                f"{exc} (a revoke)",
                deal=number,
                seat=seat,
            ) from None
        except IllegalAction as exc:
            raise RecordError(str(exc), deal=number, seat=seat) from None


def _apply_tally_deal(game: Game, deal: Mapping[str, Any], number: int) -> None:
    """A score-only deal: its trump (turn-up rules only), bids, then trick counts."""
    if "hands" in deal or "plays" in deal:
        raise RecordError("a deal has either hands and plays or tricks, not both", deal=number)
    try:
        game.deal_tally(DealTally(tally_trump(deal, number)))
    except KachufulError as exc:
        raise RecordError(str(exc), deal=number) from None
    _apply_bids(game, deal, number)
    tricks = deal["tricks"]
    if tricks is None:
        return
    if game.phase is Phase.BIDDING:
        raise RecordError("tricks were counted before every bid was made", deal=number)
    n = game.player_count
    if not isinstance(tricks, list) or len(tricks) != n:
        raise RecordError(f"tricks must list {n} counts, one per seat", deal=number)
    revokes = tally_revokes(deal, n, number)
    try:
        game.take_tricks(TricksTaken(tuple(tricks), revokes))
    except KachufulError as exc:
        seat = exc.seat if isinstance(exc, IllegalAction) else None
        raise RecordError(str(exc), deal=number, seat=seat) from None


def _same_deal(game: Game, hands: tuple[tuple[Card, ...], ...], turn_up: Card | None) -> bool:
    dealt = game.dealt_hands()
    same_hands = all(set(mine) == set(theirs) for mine, theirs in zip(hands, dealt, strict=True))
    return same_hands and turn_up == game.turn_up


def _apply_bids(game: Game, deal: Mapping[str, Any], number: int) -> None:
    n = game.player_count
    bids = deal.get("bids", [None] * n)
    if not isinstance(bids, list) or len(bids) != n:
        raise RecordError(f"bids must list {n} entries, one per seat (null = not yet bid)",
                          deal=number)
    blind = deal.get("blind", [False] * n)
    if not isinstance(blind, list) or len(blind) != n or not all(
        isinstance(b, bool) for b in blind
    ):
        raise RecordError(f"blind must list {n} true/false entries, one per seat", deal=number)
    dealer = game.dealer
    assert dealer is not None
    order = [(dealer + 1 + i) % n for i in range(n)]
    missing: int | None = None
    for seat in order:
        bid = bids[seat]
        if bid is None:
            if blind[seat]:
                raise RecordError("a blind entry needs a bid", deal=number, seat=seat)
            missing = seat if missing is None else missing
            continue
        if missing is not None and game.rules.bidding == "in-turn":
            raise RecordError(
                f"{game.players[seat]} has a bid but {game.players[missing]}, who bids "
                "earlier, has none",
                deal=number,
                seat=seat,
            )
        try:
            game.apply(Bid(seat, bid, blind[seat]))
        except KachufulError as exc:
            raise RecordError(str(exc), deal=number, seat=seat) from None


def load_record(text: str, *, check_seed: bool = False) -> AnyGame:
    """Parse and replay a record's JSON text."""
    return game_from_record(parse_record_text(text), check_seed=check_seed)

