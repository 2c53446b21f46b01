"""Scores, standings and the first-dealer draw as text lines for ``kachuful play``:
pure functions of the engine's events and views, in the seating's words."""

from __future__ import annotations

from collections.abc import Sequence

from cli.terminal_table import (
    BLIND_LEGEND,
    CHECK,
    CROSS,
    Seating,
    card_count,
    cells,
    glue,
    pad,
    pad_left,
    suit_word,
    won_bid_heading,
    wrap,
)
from engine.cards import Card
from engine.events import DealScored, GameOver
from engine.view import SeatView
from i18n import N_
from render.won_bid import won_of_bid


def score_lines(event: DealScored, deal_count: int, seating: Seating) -> list[str]:
    """The deal's score table: tricks won/bid, hit or miss, points, running total."""
    words = seating.words
    width = seating.names_width()
    trump = (words.t("no trump") if event.trump is None
             else words.t("trump {trump}", trump=suit_word(words, event.trump)))
    heading = won_bid_heading(words)
    column = max(7, cells(heading))
    points, total = words.t("Points"), words.t("Total")
    points_width, total_width = max(6, cells(points)), max(6, cells(total))
    player = words.t("Player")
    lines = [
        "",
        words.t("Scores after deal {number} of {count} ({cards}, {trump}):",
                number=event.number, count=deal_count,
                cards=card_count(words, event.hand_size), trump=trump),
        f"  {pad(player, width)} {pad_left(heading, column)}    "
        f"{pad_left(points, points_width)} {pad_left(total, total_width)}",
    ]
    for seat in range(len(seating.players)):
        blind = event.blind[seat]
        played = won_of_bid_cell(event, seat)
        mark = CHECK if event.bids[seat] == event.tricks[seat] else CROSS
        lines.append(
            f"  {seating.cell(seat)} {pad_left(played if blind else played + ' ', column)}  "
            f"{mark} {_signed(event.scores[seat]):>{points_width}} "
            f"{event.totals[seat]:>{total_width}}"
        )
    if any(event.blind):
        lines.append(words.t(BLIND_LEGEND))
    return lines


def won_of_bid_cell(event: DealScored, seat: int) -> str:
    return won_of_bid(event.tricks[seat], event.bids[seat], blind=event.blind[seat])


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def running_totals_lines(view: SeatView, seating: Seating) -> list[str]:
    """Totals so far and exact bids per player (the ``scores`` command)."""
    words = seating.words
    done = len(view.results)
    if not done:
        return [words.t("No deal has been scored yet.")]
    width = seating.names_width()
    total = words.t("Total")
    total_width = max(6, cells(total))
    player, exact_bids = words.t("Player"), words.t("Exact bids")
    lines = [
        words.n("After {count} deal of {total}:", "After {count} deals of {total}:", done,
                total=view.deal_count),
        f"  {pad(player, width)} {pad_left(total, total_width)}  {exact_bids}",
    ]
    for seat in range(len(seating.players)):
        hits = sum(1 for result in view.results if result.hits[seat])
        exact = words.t("{hits} of {count}", hits=hits, count=done)
        lines.append(f"  {seating.cell(seat)} {view.totals[seat]:>{total_width}}  {exact}")
    return lines


def standings_lines(event: GameOver, deal_count: int, seating: Seating) -> list[str]:
    """Final places (equal totals share a place) and who won."""
    words = seating.words
    order = sorted(range(len(seating.players)), key=lambda seat: (event.places[seat], seat))
    lines = ["", words.n("Final standings after {count} deal:",
                         "Final standings after {count} deals:", deal_count)]
    winner = words.t("winner")
    for seat in order:
        note = f"  {winner}" if seat in event.winners else ""
        lines.append(
            f"  {event.places[seat]:>2}. {seating.cell(seat)} {event.totals[seat]:>6}{note}"
        )
    winners = [seating.name(seat) for seat in event.winners]
    if len(winners) == 1:
        lines.extend(wrap(seating.says(event.winners[0], N_("You win the game!"),
                                       N_("{name} wins the game!"))))
    else:
        names = words.t("{names} and {last}", names=", ".join(winners[:-1]), last=winners[-1])
        lines.extend(wrap(words.t("{names} share the win with {points}!", names=names,
                                  points=event.totals[event.winners[0]])))
    return lines


def draw_lines(draws: Sequence[Sequence[Card | None]], dealer: int, seating: Seating) -> list[str]:
    """The first-dealer draw, round by round (ties draw again)."""
    words = seating.words
    lines = [words.t("Drawing for first dealer (highest card deals, ties draw again):")]
    for number, drawn in enumerate(draws, start=1):
        shown = " · ".join(
            glue(f"{seating.name(seat)} {card}")
            for seat, card in enumerate(drawn)
            if card is not None
        )
        lines.extend(wrap("  " + words.t("Round {number}: {cards}", number=number, cards=shown),
                          indent="    "))
    lines.append(seating.says(dealer, N_("You deal first."), N_("{name} deals first.")))
    return lines
