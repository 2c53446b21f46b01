"""Words the bot shows: pure functions from snapshots to text, no Discord calls.

Each takes the reader's :class:`~i18n.Words`; the adapter decides whose language
that is (see :mod:`bot.adapter.words.languages`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.adapter.words.game_words import (
    callbreak_help,
    game_words_rules_line,
    is_callbreak,
    made,
    points,
    signed_points,
)
from bot.core.effects import LobbySnapshot, SeatLabel, TableSnapshot
from engine import CallBreakRules, Card, DealResult, Phase, Rules
from engine.kinds import AnyRules, AnyView
from engine.rules import PRESETS
from engine.rules_text import RULES_DOC
from i18n import Words, suit_name
from i18n.computer_names import shown_name, shown_names
from render.won_bid import won_of_bid


def trump_text(words: Words, view: AnyView) -> str:
    trump = view.trump
    if trump is None:
        if isinstance(view.rules, Rules) and view.rules.trump == "turn-up":
            return words.t("no trump (no card left to turn up)")
        return words.t("no trump")
    if view.turn_up is not None:
        return words.t("{suit} (turned up {card})", suit=suit_name(words, trump.symbol),
                       card=str(view.turn_up))
    return suit_name(words, trump.symbol)


def preset_name(rules: AnyRules) -> str | None:
    if is_callbreak(rules):
        return None
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return None


def rules_line(words: Words, rules: AnyRules) -> str:
    """The rules in one readable line for the lobby."""
    return game_words_rules_line(words, rules, preset_name(rules))


def rules_help(words: Words, rules: AnyRules, players: int | None) -> str:
    """`/kachuful rules`: short and clear."""
    lines = [rules_line(words, rules)]
    if players:
        sizes = ((rules.hand_size(players),) * rules.deals if isinstance(rules, CallBreakRules)
                 else rules.hand_sizes(players))
        lines.append(words.n("With {players} players: {count} deal, hands {sizes}.",
                             "With {players} players: {count} deals, hands {sizes}.",
                             len(sizes), players=players,
                             sizes=" ".join(str(s) for s in sizes)))
    if isinstance(rules, CallBreakRules):
        return "\n".join(lines + callbreak_help(words, rules))
    lines += [
        words.t("• Everyone bids how many tricks they will take, starting left of the dealer."),
        words.t("• Follow suit if you can; otherwise play anything. Highest trump wins, "
                "else the highest card of the suit led."),
    ]
    if rules.hook:
        lines.append(words.t("• The dealer bids last and may not make the bids add up to "
                             "the tricks."))
    if rules.scoring in ("classic", "ten-times"):
        lines.append(words.t("• Exactly your bid scores; anything else scores 0."))
    else:
        lines.append(words.t("• Exactly your bid scores; anything else costs."))
    lines.append(words.t("The full rules, with every option: `{doc}` in the bot's repository.",
                         doc=RULES_DOC))
    return "\n".join(lines)


def seat_line(words: Words, seat: SeatLabel, number: int) -> str:
    marks = []
    if seat.host:
        marks.append(words.t("host"))
    if seat.left:
        marks.append(words.t("left — computer plays"))
    elif seat.away:
        marks.append(words.t("away — computer plays"))
    if seat.dms_closed:
        marks.append(words.t("DMs closed"))
    extra = f" ({', '.join(marks)})" if marks else ""
    who = f"<@{seat.user_id}>" if seat.user_id is not None and not seat.left \
        else shown_name(words, seat.name)
    return f"{number}. {who}{extra}"


def lobby_description(words: Words, lobby: LobbySnapshot) -> str:
    seats = "\n".join(seat_line(words, seat, n) for n, seat in enumerate(lobby.seats, 1)) or "—"
    text = (
        f"{rules_line(words, lobby.rules)}\n\n"
        + words.t("**Seats ({taken}/{capacity})**", taken=len(lobby.seats),
                  capacity=lobby.capacity)
        + f"\n{seats}\n\n"
        + words.t("Turn timer: {duration}.",
                  duration=format_duration(words, lobby.turn_timeout))
    )
    if lobby.state == "open":
        text += " " + words.t("Join, fill empty seats with computer players, and the host "
                              "starts.")
        if len(lobby.seats) < lobby.capacity and lobby.capacity != lobby.rules.max_players():
            text += " " + words.t("Start fills the empty seats up to {capacity} with computer "
                                  "players.", capacity=lobby.capacity)
    elif lobby.state == "started":
        text += " " + words.t("The game has started.")
    return text


def format_duration(words: Words, seconds: int | float) -> str:
    seconds = int(seconds)
    if seconds < 60:
        return words.t("{seconds} s", seconds=seconds)
    if seconds < 3600:
        minutes, rest = divmod(seconds, 60)
        if rest:
            return words.t("{minutes} min {seconds} s", minutes=minutes, seconds=rest)
        return words.t("{minutes} min", minutes=minutes)
    hours, rest = divmod(seconds, 3600)
    if rest >= 60:
        return words.t("{hours} h {minutes} min", hours=hours, minutes=rest // 60)
    return words.t("{hours} h", hours=hours)


def bids_line(words: Words, view: AnyView, names: Sequence[str]) -> str:
    """Bids so far (hidden ones as ✓ while simultaneous bids are collected)."""
    parts = []
    for seat, name in enumerate(names):
        bid = view.bids[seat]
        if bid is not None:
            if view.blind[seat]:
                parts.append(words.t("{name} {bid} (blind)", name=name, bid=bid))
            else:
                parts.append(f"{name} {bid}")
        elif view.has_bid[seat]:
            parts.append(f"{name} ✓")
        else:
            parts.append(f"{name} –")
    return ", ".join(parts)


def cards_text(words: Words, count: int) -> str:
    return words.n("{count} card", "{count} cards", count)


def table_text(words: Words, table: TableSnapshot) -> str:
    """The table message: deal, trump, bids, tricks, whose turn."""
    view = table.view
    names = shown_names(words, table.names)
    dealer = view.dealer
    lines = [
        words.t("**Deal {number} of {count}** · {cards} · trump {trump}",
                number=view.deal_number, count=view.deal_count,
                cards=cards_text(words, view.hand_size), trump=trump_text(words, view)),
        words.t("Dealer: {name}", name=names[dealer] if dealer is not None else "—"),
        (words.t("Calls: {calls}", calls=bids_line(words, view, names))
         if is_callbreak(view.rules) else
         words.t("Bids: {bids}", bids=bids_line(words, view, names))),
    ]
    if view.forbidden_bid is not None and dealer is not None and not view.has_bid[dealer]:
        lines.append(words.t("The dealer may not bid {bid}.", bid=view.forbidden_bid))
    lines += play_lines(words, view, names)
    lines.append(turn_line(words, table))
    return "\n".join(line for line in lines if line)


def play_lines(words: Words, view: AnyView, names: Sequence[str]) -> list[str]:
    """While cards are played: the tricks won against the bids, and the trick so far."""
    if view.phase is not Phase.PLAYING:
        return []
    figures = [won_of_bid(view.tricks_won[s], view.bids[s] or 0, blind=view.blind[s])
               for s in range(len(names))]
    tricks = ", ".join(f"{name} {figure}" for name, figure in zip(names, figures, strict=True))
    lines = [words.t("Tricks (won/bid): {tricks}", tricks=tricks)]
    if view.trick:
        lines.append(words.t("On the table: {cards}", cards="  ".join(
            f"{names[s]} {c}" for s, c in view.trick)))
    return lines


def turn_line(words: Words, table: TableSnapshot) -> str:
    view = table.view
    if view.results and view.phase is Phase.GAME_OVER:
        return words.t("The game is over.")
    if not view.awaiting:
        return ""
    who = ", ".join(mention(table.seats[s]) for s in view.awaiting)
    if view.phase is Phase.BIDDING:
        if is_callbreak(view.rules):
            return words.t("Waiting for {who} to call.", who=who)
        return words.t("Waiting for {who} to bid.", who=who)
    return words.t("Waiting for {who} to play.", who=who)


def mention(seat: SeatLabel) -> str:
    if seat.user_id is not None and not seat.plays_itself:
        return f"<@{seat.user_id}>"
    return seat.name


def closed_table_text(words: Words) -> str:
    """A cancelled game's table (a finished deal's table is its score sheet)."""
    return words.t("This game was cancelled.")


def deal_summary(
    words: Words, result: DealResult, names: Sequence[str], rules: AnyRules
) -> str:
    lines = [words.t("**Deal {number} scored** ({cards})", number=result.number,
                     cards=cards_text(words, result.hand_size))]
    for seat, name in enumerate(names):
        hit = "✓" if made(rules, result.bids[seat], result.tricks[seat]) else "✗"
        if is_callbreak(rules):
            lines.append(f"{hit} " + words.t(
                "{name}: called {call}, took {tricks}: {score} (total {total})", name=name,
                call=result.bids[seat], tricks=result.tricks[seat],
                score=signed_points(rules, result.scores[seat]),
                total=points(rules, result.totals[seat])))
            continue
        lines.append(f"{hit} " + words.t(
            "{name}: bid {bid}, took {took}, {score} → {total}", name=name,
            bid=result.bids[seat], took=result.tricks[seat],
            score=f"{result.scores[seat]:+d}", total=result.totals[seat]))
    return "\n".join(lines)


def rating_number(rating: int) -> str:
    """A rating with a real minus sign when below zero (−3)."""
    return f"−{-rating}" if rating < 0 else str(rating)


def signed(change: int) -> str:
    """A rating change as people read it: +3, −1 (a real minus sign), ±0."""
    if change > 0:
        return f"+{change}"
    return f"−{-change}" if change < 0 else "±0"


def final_text(
    words: Words, view: AnyView, names: Sequence[str],
    rating_changes: Sequence[int | None] = (),
) -> str:
    places, winners = view.places, view.winners
    order = sorted(range(len(names)), key=lambda s: (places[s], s))
    if len(winners) > 1:
        champion = words.t("🏆 **{names}** share the win!",
                           names=", ".join(names[s] for s in winners))
    else:
        champion = words.t("🏆 **{name}** wins!", name=names[winners[0]])
    lines = [champion]
    for s in order:
        line = f"{places[s]}. {names[s]} — {points(view.rules, view.totals[s])}"
        change = rating_changes[s] if s < len(rating_changes) else None
        if change is not None:
            line += " · " + words.t("rating {change}", change=signed(change))
        lines.append(line)
    return "\n".join(lines)


def card_button_label(position: int, card: Card) -> str:
    return f"{position}·{card}"
