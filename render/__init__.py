"""Card-table pictures for Kachuful, drawn with Pillow: pure functions from the
engine's views and results to PNG bytes.

Every ``render_*`` function returns PNG bytes; the matching ``draw_*`` function
returns the Pillow image (for tests and for composing). Card faces, fonts and other
pieces are cached, so each picture only composes them; call :func:`warm_up` once at
start-up to build the caches before the first player waits.
"""

from render.assets import warm_up
from render.dealer_draw import draw_dealer_draw, render_dealer_draw
from render.encoding import encode_picture
from render.hand import draw_hand, render_hand
from render.names import clean_name
from render.options import DEFAULT_OPTIONS, RenderOptions, Theme
from render.order import hand_order, suit_order
from render.scoresheet import draw_score_sheet, render_score_sheet
from render.standings import draw_final_standings, render_final_standings
from render.status import draw_table_status, render_table_status
from render.trick import TrickScene, draw_trick, render_trick, render_trick_won

__all__ = [
    "DEFAULT_OPTIONS",
    "RenderOptions",
    "Theme",
    "TrickScene",
    "clean_name",
    "draw_dealer_draw",
    "draw_final_standings",
    "draw_hand",
    "draw_score_sheet",
    "draw_table_status",
    "draw_trick",
    "encode_picture",
    "hand_order",
    "render_dealer_draw",
    "render_final_standings",
    "render_hand",
    "render_score_sheet",
    "render_table_status",
    "render_trick",
    "render_trick_won",
    "suit_order",
    "warm_up",
]
