"""Deal reviews in the reader's words (``kachuful review`` and ``/kachuful review``).

:mod:`ai.review` measures and keeps English one-liners for its JSON export; the
text people read is worded here from the review's numbers, so it follows the
reader's language. In English it reads exactly as :mod:`ai.review.text` does.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.review.model import BidReview, DealReview, GameReview, PlayMoment
from ai.review.verdict import FAIR_BID_POINTS, NEAR_BEST_POINTS
from engine import Suit
from i18n.catalogues import Words
from i18n.computer_names import shown_name
from i18n.suits import suit_name


def _percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def _trump(words: Words, trump: Suit | None) -> str:
    if trump is None:
        return words.t("no trump")
    # English shows the symbol alone, as it always has; other languages add the
    # card players' name for the suit.
    shown = trump.symbol if words.language == "en" else suit_name(words, trump.symbol)
    return words.t("trump {trump}", trump=shown)


def _listed(words: Words, numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return str(numbers[0])
    first = ", ".join(str(number) for number in numbers[:-1])
    return words.t("{names} and {last}", names=first, last=numbers[-1])


def bid_verdict(words: Words, bid: BidReview) -> str:
    if bid.points_behind_best <= NEAR_BEST_POINTS:
        return words.t("good bid")
    more = f"{bid.points_behind_best:.1f}"
    if bid.points_behind_best <= FAIR_BID_POINTS:
        return words.t("fair bid ({best} was worth {points} points more)",
                       best=bid.best_bid, points=more)
    return words.t("costly bid ({best} was worth {points} points more)",
                   best=bid.best_bid, points=more)


def play_verdict(words: Words, costly: Sequence[PlayMoment], decisions: int) -> str:
    if not costly:
        return words.t("no card choices") if decisions == 0 else words.t("no costly plays")
    tricks = sorted(moment.trick for moment in costly)
    if len(tricks) == 1:
        return words.t("one costly play in trick {trick}", trick=tricks[0])
    return words.t("{count} costly plays, in tricks {tricks}", count=len(tricks),
                   tricks=_listed(words, tricks))


def deal_verdict(words: Words, review: DealReview) -> str:
    """E.g. "good bid, one costly play in trick 4"."""
    return words.t("{bid}, {plays}", bid=bid_verdict(words, review.bid),
                   plays=play_verdict(words, review.costly_plays, review.decisions))


def review_lines(words: Words, review: DealReview, players: Sequence[str]) -> list[str]:
    """The review of one deal; ``players`` names the seats."""
    bid = review.bid
    deal = words.t("Deal {number}", number=review.deal_number)
    cards = words.n("{count} card", "{count} cards", review.hand_size)
    hand = (" ".join(card.label for card in bid.hand)
            or words.t("(hidden: one-card blind deal)"))
    before = (", ".join(f"{shown_name(words, players[seat])} {made}"
                        for seat, made in bid.bids_before)
              or words.t("none"))
    took = {"bid": bid.bid, "took": review.tricks_taken, "points": review.points}
    chances = "  ".join(f"{k}: {_percent(p)}" for k, p in enumerate(bid.trick_chances))
    options = "  ".join(
        f"{o.bid}: {o.expected_points:.1f}" + ("" if o.legal else " " + words.t("(not allowed)"))
        for o in bid.options
    )
    yours = {"best": bid.best_bid, "hard": bid.hard_bid,
             "points": f"{bid.expected_points:.1f}", "chance": _percent(bid.hit_chance)}
    lines = [
        f"{deal} · {shown_name(words, review.player)} · {cards} · {_trump(words, bid.trump)}",
        words.t("Verdict: {verdict}.", verdict=deal_verdict(words, review)),
        words.t("You held {hand}; bids before yours: {before}.", hand=hand, before=before),
        words.t("You bid {bid} blind and took {took} ({points} points).", **took) if bid.blind
        else words.t("You bid {bid} and took {took} ({points} points).", **took),
        words.t("Tricks you would take playing for {bid}: {chances}", bid=bid.bid,
                chances=chances),
        words.t("Expected points per bid: {options}", options=options),
        words.t("Best bid {best}, hard would bid {hard}; yours ({points} expected points, "
                "{chance} to make) was the best.", **yours)
        if bid.points_behind_best == 0
        else words.t("Best bid {best}, hard would bid {hard}; yours ({points} expected points, "
                     "{chance} to make) was {behind} points behind.",
                     behind=f"{bid.points_behind_best:.1f}", **yours),
    ]
    for moment in review.costly_plays:
        lines.append(words.t(
            "Trick {trick}: you played {played} ({chance_played} to make your bid); "
            "{better} gave {chance_better}.", trick=moment.trick, played=moment.played.label,
            chance_played=_percent(moment.chance_played), better=moment.better.label,
            chance_better=_percent(moment.chance_better)))
    return lines


def game_summary(words: Words, review: GameReview) -> str:
    """E.g. "bids within 1 point of the best: 9 of 12; costly plays: 2 (deals 3, 7)"."""
    deals = review.deals
    if not deals:
        return words.t("no finished deal to review")
    costly = [deal.deal_number for deal in deals if deal.costly_plays]
    summary = words.t(
        "bids within {points} point of the best: {near} of {count}; costly plays: {costly}",
        points=f"{NEAR_BEST_POINTS:g}", near=review.bids_near_best, count=len(deals),
        costly=review.costly_plays)
    if not costly:
        return summary
    numbers = ", ".join(str(number) for number in costly)
    where = words.n("deal {numbers}", "deals {numbers}", len(costly), numbers=numbers)
    return f"{summary} ({where})"


def game_review_lines(words: Words, review: GameReview) -> list[str]:
    """Every deal's verdict and the game's summary line."""
    lines = [words.t("{name}: {summary}.", name=shown_name(words, review.player),
                     summary=game_summary(words, review))]
    lines += [words.t("Deal {number}: {verdict}.", number=deal.deal_number,
                      verdict=deal_verdict(words, deal)) for deal in review.deals]
    return lines
