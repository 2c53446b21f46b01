"""A trick on the table: each seat's card in seat order around a felt table, names,
the leader marked, the winning card highlighted once the trick is complete."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from engine.cards import Card, Suit
from engine.events import TrickWon
from engine.game import Phase
from engine.kinds import AnyView
from i18n import N_, Words, words_for
from render.canvas import draw_mark, fill_rounded, ring_rounded
from render.cards import TABLE_CARD_WIDTH, card_height, card_tile, glow_tile
from render.encoding import encode_picture
from render.names import player_names
from render.options import DEFAULT_OPTIONS, RenderOptions
from render.palette import Palette, blend, palette
from render.text import draw_text
from render.widgets import (
    PAD,
    SMALL,
    TINY,
    draw_pill,
    draw_trump_badge,
    fitted,
    pill_width,
    trump_badge_width,
)

WIDTH: Final = 760
HEIGHT: Final = 560
CARD_WIDTH: Final = TABLE_CARD_WIDTH
NAME_WIDTH: Final = 132
"""The widest a name label may be at seven or eight seats, where neighbours are close."""
ROOMY_NAME_WIDTH: Final = 180
"""The widest a name label may be at up to six seats."""
LABEL_HEIGHT: Final = 28
MAX_SEATS: Final = 8
LEAD_TAG: Final = N_("LEAD")


@dataclass(frozen=True, slots=True)
class TrickScene:
    """Everything a trick picture shows; build it with :meth:`from_view` or
    :meth:`from_trick`."""

    players: tuple[str, ...]
    plays: tuple[tuple[int, Card], ...]
    """(seat, card) in play order."""
    leader: int | None
    winner: int | None
    """Set once the trick is complete."""
    to_play: int | None
    """Whose card is awaited (an unfinished trick)."""
    trump: Suit | None
    deal_number: int
    deal_count: int
    trick_number: int
    hand_size: int
    viewer: int | None
    """The seat drawn at the bottom (the one looking); ``None``: seat 0."""

    @classmethod
    def from_trick(
        cls,
        trick: TrickWon,
        players: Sequence[str],
        *,
        trump: Suit | None,
        deal_number: int,
        deal_count: int,
        hand_size: int,
        viewer: int | None = None,
    ) -> TrickScene:
        """A finished trick, from the engine's ``TrickWon`` event."""
        n = len(players)
        plays = tuple((trick.seat_of(i, n), card) for i, card in enumerate(trick.cards))
        return cls(
            players=tuple(players),
            plays=plays,
            leader=trick.leader,
            winner=trick.winner,
            to_play=None,
            trump=trump,
            deal_number=deal_number,
            deal_count=deal_count,
            trick_number=trick.number,
            hand_size=hand_size,
            viewer=viewer,
        )

    @classmethod
    def from_view(cls, view: AnyView) -> TrickScene:
        """The trick in progress; when none has started, the last finished one (of
        this deal, or of the previous deal once a new deal has been dealt)."""
        if view.trick:
            return cls(
                players=view.players,
                plays=view.trick,
                leader=view.trick_leader,
                winner=None,
                to_play=view.turn,
                trump=view.trump,
                deal_number=view.deal_number,
                deal_count=view.deal_count,
                trick_number=len(view.completed_tricks) + 1,
                hand_size=view.hand_size,
                viewer=view.seat,
            )
        if view.completed_tricks:
            return cls.from_trick(
                view.completed_tricks[-1],
                view.players,
                trump=view.trump,
                deal_number=view.deal_number,
                deal_count=view.deal_count,
                hand_size=view.hand_size,
                viewer=view.seat,
            )
        if view.results and view.phase is not Phase.PLAYING:
            last = view.results[-1]
            return cls.from_trick(
                last.trick_list[-1],
                view.players,
                trump=last.trump,
                deal_number=last.number,
                deal_count=view.deal_count,
                hand_size=last.hand_size,
                viewer=view.seat,
            )
        # Nothing played yet: an empty table waiting for the lead.
        return cls(
            players=view.players,
            plays=(),
            leader=view.turn if view.phase is Phase.PLAYING else None,
            winner=None,
            to_play=view.turn if view.phase is Phase.PLAYING else None,
            trump=view.trump,
            deal_number=view.deal_number,
            deal_count=view.deal_count,
            trick_number=1,
            hand_size=view.hand_size,
            viewer=view.seat,
        )


def card_origins(n: int, viewer: int) -> list[tuple[int, int]]:
    """Top-left corner of each seat's card on the picture."""
    height = card_height(CARD_WIDTH)
    return [
        (round(cx - CARD_WIDTH / 2), round(cy - height / 2)) for cx, cy in _seat_centres(n, viewer)
    ]


def _seat_centres(n: int, viewer: int) -> list[tuple[float, float]]:
    """Card centres around the table, clockwise, the viewer at the bottom."""
    cx, cy = WIDTH / 2, HEIGHT / 2 + 6
    rx, ry = WIDTH / 2 - PAD - NAME_WIDTH / 2 - 4, HEIGHT / 2 - PAD - 98
    centres = []
    for seat in range(n):
        # On screen (y down), growing angles turn clockwise: bottom, left, top, right.
        angle = math.pi / 2 + 2 * math.pi * ((seat - viewer) % n) / n
        # Raising |cos| to a power pulls diagonal seats towards the middle column,
        # so that at eight seats a name label never reaches a neighbour's card.
        across = math.copysign(abs(math.cos(angle)) ** 1.6, math.cos(angle))
        centres.append((cx + rx * across, cy + ry * math.sin(angle)))
    return centres


def _check(scene: TrickScene) -> None:
    n = len(scene.players)
    if not 3 <= n <= MAX_SEATS:
        raise ValueError(f"a trick picture seats 3 to {MAX_SEATS} players, not {n}")
    for seat, _card in scene.plays:
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at this table of {n}")


@lru_cache(maxsize=4)
def _empty_table(colours: Palette) -> Image.Image:
    """The background and the felt, the same in every trick picture: built once."""
    canvas = Image.new("RGB", (WIDTH, HEIGHT), colours.background)
    inset = 70
    box = (PAD + inset, PAD + 92, WIDTH - PAD - inset, HEIGHT - PAD - 92)
    radius = (box[3] - box[1]) // 2
    ring_rounded(canvas, box, radius, colours.felt_edge, 8, colours.felt)
    return canvas


def _draw_centre(
    canvas: Image.Image,
    scene: TrickScene,
    colours: Palette,
    options: RenderOptions,
    names: tuple[str, ...],
    words: Words,
) -> None:
    cx, cy = WIDTH // 2, HEIGHT // 2 + 6
    where = words.t("Deal {number} of {count} · trick {trick} of {tricks}",
                    number=scene.deal_number, count=scene.deal_count,
                    trick=scene.trick_number, tricks=scene.hand_size)
    draw_text(
        canvas,
        cx,
        cy - 34,
        fitted(where, SMALL, False, WIDTH // 2 - 40),
        SMALL,
        colours.felt_text,
        align="m",
    )
    badge = trump_badge_width(scene.trump, words)
    draw_trump_badge(
        canvas, cx - badge // 2, cy, scene.trump, colours, options.four_colour, words
    )
    if scene.winner is not None:
        winner = words.t("{name} wins the trick", name=names[scene.winner])
        text = fitted(winner, SMALL, True, WIDTH // 2 - 80)
        draw_pill(canvas, cx, cy + 40, text, (colours.on_gold, colours.gold), align="m")
    elif scene.to_play is not None:
        to_play = words.t("{name} to play", name=names[scene.to_play])
        text = fitted(to_play, SMALL, False, WIDTH // 2 - 60)
        draw_text(canvas, cx, cy + 38, text, SMALL, colours.felt_text, align="m")


def _draw_slot(
    canvas: Image.Image, x: int, y: int, height: int, colours: Palette, waiting: bool
) -> None:
    """An empty place for a card not played yet; the awaited one is outlined boldly."""
    edge = colours.accent if waiting else blend(colours.felt, colours.felt_text, 0.3)
    ImageDraw.Draw(canvas).rounded_rectangle(
        (x, y, x + CARD_WIDTH - 1, y + height - 1), 7, outline=edge, width=3 if waiting else 2
    )


def draw_trick(scene: TrickScene, options: RenderOptions = DEFAULT_OPTIONS) -> Image.Image:
    """A trick around the table, the viewer's seat at the bottom (see :func:`card_origins`)."""
    _check(scene)
    colours = palette(options)
    words = words_for(options.language)
    names = player_names(scene.players, words)
    n = len(names)
    canvas = _empty_table(colours).copy()
    _draw_centre(canvas, scene, colours, options, names, words)
    played = dict(scene.plays)
    height = card_height(CARD_WIDTH)
    viewer = scene.viewer if scene.viewer is not None and 0 <= scene.viewer < n else 0
    origins = card_origins(n, viewer)
    for seat, (x, y) in enumerate(origins):
        card = played.get(seat)
        if card is None:
            _draw_slot(canvas, x, y, height, colours, seat == scene.to_play)
            continue
        if seat == scene.winner:
            glow_tile(CARD_WIDTH, colours.gold).paste(canvas, x, y)
        card_tile(card, options.four_colour, CARD_WIDTH).paste(canvas, x, y)
        if seat == scene.winner:
            badge = (x + CARD_WIDTH - 20, y - 14, x + CARD_WIDTH + 14, y + 20)
            fill_rounded(canvas, badge, 17, colours.gold)
            draw_mark(canvas, "crown", x + CARD_WIDTH - 3, y + 3, 22, colours.on_gold)
    # Labels go on last, over any card, outside their own card: above it in the top
    # half of the table, below it otherwise.
    for seat, (x, y) in enumerate(origins):
        above = y + height / 2 < HEIGHT / 2 - 10
        label_y = y - 8 - LABEL_HEIGHT // 2 if above else y + height + 8 + LABEL_HEIGHT // 2
        _draw_label(
            canvas, x + CARD_WIDTH // 2, label_y, names[seat], seat, scene, colours, words
        )
    return canvas


def _draw_label(
    canvas: Image.Image,
    cx: int,
    cy: int,
    name: str,
    seat: int,
    scene: TrickScene,
    colours: Palette,
    words: Words,
) -> None:
    """The seat's name in a pill; the leader's pill starts with a "LEAD" tag."""
    if seat == scene.winner:
        style = (colours.on_gold, colours.gold)
    elif seat == scene.to_play:
        style = (colours.on_accent, colours.accent)
    elif seat == scene.viewer:
        style = (colours.text, colours.line)
    else:
        style = (colours.text, colours.panel)
    leads = seat == scene.leader
    lead_tag = words.t(LEAD_TAG)
    tag_width = pill_width(lead_tag, TINY) if leads else 0
    room = NAME_WIDTH if len(scene.players) > 6 else ROOMY_NAME_WIDTH
    text = fitted(name, SMALL, True, room - SMALL - tag_width)
    width = pill_width(text, SMALL) + tag_width
    left = cx - width // 2
    draw_pill(canvas, left + tag_width, cy, text, style, size=SMALL, height=LABEL_HEIGHT)
    if leads:
        tag_style = (colours.on_accent, colours.accent)
        if style[1] == colours.accent:  # the leader is also awaited: keep the tag visible
            tag_style = (colours.accent, colours.on_accent)
        draw_pill(canvas, left, cy, lead_tag, tag_style, size=TINY, height=LABEL_HEIGHT)


def render_trick(view: AnyView, options: RenderOptions = DEFAULT_OPTIONS) -> bytes:
    """The trick in progress from ``view``'s seat; when none has started, the last
    one won (see :meth:`TrickScene.from_view`)."""
    return encode_picture(draw_trick(TrickScene.from_view(view), options), options)


def render_trick_won(
    trick: TrickWon,
    players: Sequence[str],
    options: RenderOptions = DEFAULT_OPTIONS,
    *,
    trump: Suit | None,
    deal_number: int,
    deal_count: int,
    hand_size: int,
    viewer: int | None = None,
) -> bytes:
    """A finished trick from the engine's ``TrickWon`` event, the winner highlighted."""
    scene = TrickScene.from_trick(
        trick,
        players,
        trump=trump,
        deal_number=deal_number,
        deal_count=deal_count,
        hand_size=hand_size,
        viewer=viewer,
    )
    return encode_picture(draw_trick(scene, options), options)
