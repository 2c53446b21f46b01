"""HTTP responses shaped like Discord's."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from .errors import ApiError


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """A JSON response with Discord's exact ``Content-Type`` (discord.py compares it verbatim:
    ``application/json; charset=utf-8`` would make it treat the body as text)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", "Via": "1.1 google", **(headers or {})},
    )


def no_content() -> web.Response:
    return web.Response(status=204, headers={"Via": "1.1 google"})


def error_response(error: ApiError) -> web.Response:
    return json_response(error.body(), status=error.status)
