"""Words the bot shows: pure functions from game state to text, no Discord types."""

from __future__ import annotations

from collections.abc import Sequence

from bot.session import GameSession
from engine import Card, DealResult, Game, Phase, Rules, Suit
from engine.rules import PRESET_DESCRIPTIONS, PRESETS

SUIT_NAMES = {Suit.SPADES: "♠ spades", Suit.DIAMONDS: "♦ diamonds", Suit.CLUBS: "♣ clubs",
              Suit.HEARTS: "♥ hearts"}


def trump_text(game: Game) -> str:
    trump = game.trump
    if trump is None:
        if game.rules.trump == "turn-up":
            return "no trump (no card left to turn up)"
        return "no trump"
    text = SUIT_NAMES[trump]
    if game.turn_up is not None:
        text += f" (turned up {game.turn_up})"
    return text


def preset_name(rules: Rules) -> str | None:
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return None


def rules_line(rules: Rules) -> str:
    """The rules in one readable line for the lobby."""
    name = preset_name(rules)
    prefix = f"**{name}** — " if name else "**custom** — "
    return prefix + rules.summary()


def rules_help(rules: Rules, players: int | None) -> str:
    """`/kachuful rules`: short and clear."""
    lines = [rules_line(rules)]
    if players:
        sizes = rules.hand_sizes(players)
        lines.append(
            f"With {players} players: {len(sizes)} deals, hands "
            f"{' '.join(str(s) for s in sizes)}."
        )
    lines += [
        "• Everyone bids how many tricks they will take, starting left of the dealer.",
        "• Follow suit if you can; otherwise play anything. Highest trump wins, "
        "else the highest card of the suit led.",
    ]
    if rules.hook:
        lines.append("• The dealer bids last and may not make the bids add up to the tricks.")
    lines.append("• Exactly your bid scores; anything else " +
                 ("scores 0." if rules.scoring in ("classic", "ten-times") else "costs."))
    return "\n".join(lines)


def presets_help() -> str:
    return "\n".join(f"`{name}` — {text}" for name, text in PRESET_DESCRIPTIONS.items())


def seat_line(session: GameSession, seat: int) -> str:
    state = session.seats[seat]
    marks = []
    if state.user_id is not None and state.user_id == session.host_id:
        marks.append("host")
    if state.left:
        marks.append("left — computer plays")
    elif state.autoplay:
        marks.append("away — computer plays")
    if state.dms_closed:
        marks.append("DMs closed")
    extra = f" ({', '.join(marks)})" if marks else ""
    who = f"<@{state.user_id}>" if state.user_id is not None and not state.left else state.name
    return f"{seat + 1}. {who}{extra}"


def lobby_description(session: GameSession, max_players: int) -> str:
    seats = "\n".join(seat_line(session, s) for s in range(len(session.seats))) or "—"
    return (
        f"{rules_line(session.rules)}\n\n"
        f"**Seats ({len(session.seats)}/{max_players})**\n{seats}\n\n"
        f"Turn timer: {format_duration(session.turn_timeout)}. "
        "Join, fill empty seats with computer players, and the host starts with 3 or more."
    )


def format_duration(seconds: int | float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        minutes, rest = divmod(seconds, 60)
        return f"{minutes} min" + (f" {rest} s" if rest else "")
    hours, rest = divmod(seconds, 3600)
    return f"{hours} h" + (f" {rest // 60} min" if rest >= 60 else "")


def bids_line(game: Game, names: Sequence[str]) -> str:
    """Bids so far (hidden ones as ✓ while simultaneous bids are collected)."""
    view = game.view(None)
    parts = []
    for seat, name in enumerate(names):
        if view.bids[seat] is not None:
            blind = " (blind)" if view.blind[seat] else ""
            parts.append(f"{name} {view.bids[seat]}{blind}")
        elif view.has_bid[seat]:
            parts.append(f"{name} ✓")
        else:
            parts.append(f"{name} –")
    return ", ".join(parts)


def table_text(session: GameSession) -> str:
    """The table message: deal, trump, bids, tricks, whose turn."""
    game = session.game
    assert game is not None
    names = session.names()
    dealer = game.dealer
    lines = [
        f"**Deal {game.deal_number} of {game.deal_count}** · {game.hand_size} "
        f"card{'s' if game.hand_size != 1 else ''} · trump {trump_text(game)}",
        f"Dealer: {names[dealer] if dealer is not None else '—'}",
        f"Bids: {bids_line(game, names)}",
    ]
    forbidden = game.forbidden_bid()
    if forbidden is not None and dealer is not None:
        lines.append(f"The dealer may not bid **{forbidden}**.")
    if game.phase is Phase.PLAYING:
        won = game.tricks_won()
        bids = game.bids()
        lines.append(
            "Tricks: " + ", ".join(f"{names[s]} {won[s]}/{bids[s]}" for s in range(len(names)))
        )
        trick = game.current_trick()
        if trick:
            lines.append("On the table: " + "  ".join(f"{names[s]} {c}" for s, c in trick))
    lines.append(turn_line(session))
    return "\n".join(lines)


def turn_line(session: GameSession) -> str:
    game = session.game
    assert game is not None
    if game.is_over:
        return "The game is over."
    waiting = game.awaiting()
    if not waiting:
        return ""
    who = ", ".join(mention(session, s) for s in waiting)
    doing = "bid" if game.phase is Phase.BIDDING else "play"
    return f"Waiting for {who} to {doing}."


def mention(session: GameSession, seat: int) -> str:
    state = session.seats[seat]
    if state.user_id is not None and not state.plays_itself:
        return f"<@{state.user_id}>"
    return state.name


def deal_summary(result: DealResult, names: Sequence[str]) -> str:
    lines = [f"**Deal {result.number} scored** ({result.hand_size} cards)"]
    for seat, name in enumerate(names):
        hit = "✓" if result.bids[seat] == result.tricks[seat] else "✗"
        lines.append(
            f"{hit} {name}: bid {result.bids[seat]}, took {result.tricks[seat]}, "
            f"{result.scores[seat]:+d} → {result.totals[seat]}"
        )
    return "\n".join(lines)


def final_text(game: Game, names: Sequence[str]) -> str:
    places, winners = game.standings()
    totals = game.totals()
    order = sorted(range(len(names)), key=lambda s: (places[s], s))
    champion = " and ".join(names[s] for s in winners)
    verb = "share the win" if len(winners) > 1 else "wins"
    lines = [f"🏆 **{champion}** {verb}!"]
    lines += [f"{places[s]}. {names[s]} — {totals[s]}" for s in order]
    return "\n".join(lines)


def card_button_label(position: int, card: Card) -> str:
    return f"{position}·{card}"
