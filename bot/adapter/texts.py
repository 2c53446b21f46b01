"""Words the bot shows: pure functions from snapshots to text, no Discord calls."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.effects import LobbySnapshot, SeatLabel, TableSnapshot
from bot.core.refusals import Refusal, RefusalKey
from engine import Card, DealResult, Phase, Rules, SeatView, Suit
from engine.rules import PRESET_DESCRIPTIONS, PRESETS
from engine.rules_text import RULES_DOC
from render.won_bid import WON_BID_LEGEND, won_of_bid

SUIT_NAMES = {Suit.SPADES: "♠ spades", Suit.DIAMONDS: "♦ diamonds", Suit.CLUBS: "♣ clubs",
              Suit.HEARTS: "♥ hearts"}

REFUSALS: dict[RefusalKey, str] = {
    "game_not_running": "This game has finished or is no longer running.",
    "not_in_game": "You're not playing in this game.",
    "not_your_controls": "Those are another player's controls.",
    "stale_controls": "That button is from an earlier turn — use your newest controls.",
    "move_already_made": "That move was already made — nothing changed.",
    "illegal_move": "{text}",
    "storage": "{text}",
    "lobby_closed": "This lobby is closed.",
    "already_seated": "You're already seated at this table.",
    "seated_elsewhere": "You're already seated in another unfinished game: finish or leave "
                        "it first.",
    "table_full": "This table is full.",
    "host_cannot_leave": "You're the host: use **Cancel** to close the lobby.",
    "not_at_table": "You're not seated at this table.",
    "join_to_add_computers": "Join the table to add computer players.",
    "no_computer_to_remove": "There is no computer player to remove.",
    "only_host_starts": "Only the host can start the game.",
    "already_started": "This game has already started.",
    "need_players": "A game needs 3 to {most} players; add computer players to fill the table.",
    "bad_level": "Pick a level from the menu.",
    "only_host_or_manager": "Only the host or someone with Manage Server can cancel.",
    "already_playing": "You're already playing yourself.",
    "not_away": "You're already playing yourself.",
    "game_over": "This game is over.",
}


def refusal_text(refusal: Refusal) -> str:
    template = REFUSALS.get(refusal.key, "That can't be done now. Nothing changed.")
    try:
        return template.format(**refusal.params)
    except (KeyError, IndexError):
        return template


def plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def trump_text(view: SeatView) -> str:
    trump = view.trump
    if trump is None:
        if view.rules.trump == "turn-up":
            return "no trump (no card left to turn up)"
        return "no trump"
    text = SUIT_NAMES[trump]
    if view.turn_up is not None:
        text += f" (turned up {view.turn_up})"
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
            f"With {players} players: {plural(len(sizes), 'deal', 'deals')}, hands "
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
    lines.append(f"The full rules, with every option: `{RULES_DOC}` in the bot's repository.")
    return "\n".join(lines)


def presets_help() -> str:
    return "\n".join(f"`{name}` — {text}" for name, text in PRESET_DESCRIPTIONS.items())


def seat_line(seat: SeatLabel, number: int) -> str:
    marks = []
    if seat.host:
        marks.append("host")
    if seat.left:
        marks.append("left — computer plays")
    elif seat.away:
        marks.append("away — computer plays")
    if seat.dms_closed:
        marks.append("DMs closed")
    extra = f" ({', '.join(marks)})" if marks else ""
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.left else seat.name
    return f"{number}. {who}{extra}"


def lobby_description(lobby: LobbySnapshot) -> str:
    seats = "\n".join(seat_line(seat, n) for n, seat in enumerate(lobby.seats, 1)) or "—"
    text = (
        f"{rules_line(lobby.rules)}\n\n"
        f"**Seats ({len(lobby.seats)}/{lobby.capacity})**\n{seats}\n\n"
        f"Turn timer: {format_duration(lobby.turn_timeout)}."
    )
    if lobby.state == "open":
        text += " Join, fill empty seats with computer players, and the host starts."
        if len(lobby.seats) < lobby.capacity and lobby.capacity != lobby.rules.max_players():
            text += f" Start fills the empty seats up to {lobby.capacity} with computer players."
    elif lobby.state == "started":
        text += " The game has started."
    return text


def format_duration(seconds: int | float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        minutes, rest = divmod(seconds, 60)
        return f"{minutes} min" + (f" {rest} s" if rest else "")
    hours, rest = divmod(seconds, 3600)
    return f"{hours} h" + (f" {rest // 60} min" if rest >= 60 else "")


def bids_line(view: SeatView, names: Sequence[str]) -> str:
    """Bids so far (hidden ones as ✓ while simultaneous bids are collected)."""
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


def table_text(table: TableSnapshot) -> str:
    """The table message: deal, trump, bids, tricks, whose turn."""
    view = table.view
    names = table.names
    dealer = view.dealer
    lines = [
        f"**Deal {view.deal_number} of {view.deal_count}** · "
        f"{plural(view.hand_size, 'card', 'cards')} · trump {trump_text(view)}",
        f"Dealer: {names[dealer] if dealer is not None else '—'}",
        f"Bids: {bids_line(view, names)}",
    ]
    if view.forbidden_bid is not None and dealer is not None and not view.has_bid[dealer]:
        lines.append(f"The dealer may not bid {view.forbidden_bid}.")
    if view.phase is Phase.PLAYING:
        figures = [won_of_bid(view.tricks_won[s], view.bids[s] or 0, blind=view.blind[s])
                   for s in range(len(names))]
        lines.append(f"Tricks ({WON_BID_LEGEND}): "
                     + ", ".join(f"{name} {figure}" for name, figure in zip(names, figures,
                                                                            strict=True)))
        if view.trick:
            lines.append("On the table: " + "  ".join(f"{names[s]} {c}" for s, c in view.trick))
    lines.append(turn_line(table))
    return "\n".join(line for line in lines if line)


def turn_line(table: TableSnapshot) -> str:
    view = table.view
    if view.results and view.phase is Phase.GAME_OVER:
        return "The game is over."
    if not view.awaiting:
        return ""
    who = ", ".join(mention(table.seats[s]) for s in view.awaiting)
    doing = "bid" if view.phase is Phase.BIDDING else "play"
    return f"Waiting for {who} to {doing}."


def mention(seat: SeatLabel) -> str:
    if seat.user_id is not None and not seat.plays_itself:
        return f"<@{seat.user_id}>"
    return seat.name


def closed_table_text(result: DealResult | None) -> str:
    if result is None:
        return "This game was cancelled."
    return (f"**Deal {result.number} is over** ({plural(result.hand_size, 'card', 'cards')}): "
            "the score sheet follows.")


def deal_summary(result: DealResult, names: Sequence[str]) -> str:
    lines = [f"**Deal {result.number} scored** ({plural(result.hand_size, 'card', 'cards')})"]
    for seat, name in enumerate(names):
        hit = "✓" if result.bids[seat] == result.tricks[seat] else "✗"
        lines.append(
            f"{hit} {name}: bid {result.bids[seat]}, took {result.tricks[seat]}, "
            f"{result.scores[seat]:+d} → {result.totals[seat]}"
        )
    return "\n".join(lines)


def final_text(view: SeatView, names: Sequence[str]) -> str:
    places, winners = view.places, view.winners
    order = sorted(range(len(names)), key=lambda s: (places[s], s))
    champion = " and ".join(names[s] for s in winners)
    verb = "share the win" if len(winners) > 1 else "wins"
    lines = [f"🏆 **{champion}** {verb}!"]
    lines += [f"{places[s]}. {names[s]} — {view.totals[s]}" for s in order]
    return "\n".join(lines)


def card_button_label(position: int, card: Card) -> str:
    return f"{position}·{card}"
