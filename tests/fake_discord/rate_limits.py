"""Discord's documented rate limits (opt-in) and the request counters (always on).

With :class:`RateLimits` the fake enforces, as Discord documents them:

- the **global** limit, 50 requests per second with the bot token, across all its processes.
  Interaction endpoints (``POST /interactions/{id}/{token}/callback`` and everything under
  ``/webhooks/{application_id}/{token}``) are not bound by it;
- **per-route buckets**: each limited route has its own bucket per channel (sending, editing,
  deleting messages) or per interaction token (webhook routes), announced in the
  ``X-RateLimit-*`` headers discord.py reads;
- the **invalid request limit**: 10,000 responses 401 / 403 / 429 (not ``shared`` 429s) in 10
  minutes ban the bot from the whole API (Cloudflare answers 429 with a text body and no
  ``Via``, which discord.py does not retry).

429s carry the documented bodies and headers. Per-route limits are not published; the defaults
are the figures commonly observed (5 per 5 s per channel).
"""

from __future__ import annotations

import math
import time
from collections import Counter, deque
from collections.abc import Mapping
from dataclasses import dataclass, field

from aiohttp import web

from .faults import bucket_hash
from .responses import json_response

BOT_TOKEN = "bot_token"
INTERACTION = "interaction"
INVALID_STATUSES = frozenset({401, 403, 429})
# The "scope" counted for a banned bot's answers (Cloudflare's, not one of Discord's scopes).
CLOUDFLARE = "cloudflare"

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = MESSAGES + "/{message_id}"
DEFAULT_CHANNEL_ROUTES: Mapping[str, tuple[int, float]] = {
    f"POST {MESSAGES}": (5, 5.0),
    f"PATCH {MESSAGE}": (5, 5.0),
    f"DELETE {MESSAGE}": (5, 5.0),
}


@dataclass(frozen=True)
class RateLimits:
    """What the fake enforces; ``None`` switches one kind of limit off."""

    global_per_second: int | None = 50
    # "METHOD /template" of a /channels/{channel_id}/… route -> (requests, per seconds), one
    # bucket per channel and route.
    channel_routes: Mapping[str, tuple[int, float]] = field(
        default_factory=lambda: dict(DEFAULT_CHANNEL_ROUTES)
    )
    # Every /webhooks/{application_id}/{interaction_token}… route: one bucket per token and route.
    webhook_token: tuple[int, float] | None = (5, 2.0)
    # (invalid responses, within seconds) that get the bot banned, and for how long.
    invalid_requests: tuple[int, float] | None = (10_000, 600.0)
    ban_seconds: float = 3600.0


def request_class(template: str) -> str:
    """``interaction`` for the interaction endpoints, ``bot_token`` for everything else."""
    if template.startswith(("/interactions/", "/webhooks/")):
        return INTERACTION
    return BOT_TOKEN


@dataclass
class RequestCounters:
    """What the bot asked of the fake: requests per class and route, 429s per scope (``global``,
    ``user``, ``shared``; ``cloudflare`` for the answers of a ban), invalid requests (401 / 403
    / 429 but ``shared`` 429s, as Discord counts them) and bans."""

    by_route: dict[str, Counter[str]] = field(
        default_factory=lambda: {BOT_TOKEN: Counter(), INTERACTION: Counter()}
    )
    rate_limited: Counter[str] = field(default_factory=Counter)  # scope -> 429s
    invalid_requests: int = 0
    bans: int = 0
    # The most bot-token requests seen within one second (what the global limit caps).
    peak_bot_token_per_second: int = 0
    _last_second: deque[float] = field(default_factory=deque, repr=False)

    @property
    def by_class(self) -> dict[str, int]:
        """``{"bot_token": n, "interaction": m}``."""
        return {klass: sum(routes.values()) for klass, routes in self.by_route.items()}

    @property
    def global_429s(self) -> int:
        return self.rate_limited["global"]

    def count(self, klass: str, key: str, status: int, scope: str | None) -> None:
        self.by_route[klass][key] += 1
        if klass == BOT_TOKEN:
            now, recent = time.monotonic(), self._last_second
            recent.append(now)
            while now - recent[0] >= 1.0:
                recent.popleft()
            self.peak_bot_token_per_second = max(self.peak_bot_token_per_second, len(recent))
        if status == 429 and scope is not None:
            self.rate_limited[scope] += 1
        if status in INVALID_STATUSES and scope not in ("shared", CLOUDFLARE):
            self.invalid_requests += 1


def rate_limited(
    retry_after: float,
    *,
    scope: str,
    bucket: tuple[str, int, float] | None = None,
) -> web.Response:
    """Discord's 429: the documented body, ``Retry-After``, ``X-RateLimit-Scope``, the route's
    headers for a route limit (``bucket`` = hash, limit, reset_after) and ``X-RateLimit-Global``
    for the global one. ``Via`` (set on every response) tells discord.py it is not a ban."""
    is_global = scope == "global"
    headers = {
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": scope,
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    if bucket is not None:
        name, limit, reset_after = bucket
        headers.update(route_headers(name, limit, 0, reset_after))
    message = "The resource is being rate limited." if scope == "shared" else None
    body = {
        "message": message or "You are being rate limited.",
        "retry_after": round(retry_after, 3),
        "global": is_global,
    }
    return json_response(body, status=429, headers=headers)


def route_headers(bucket: str, limit: int, remaining: int, reset_after: float) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(limit),
        "X-RateLimit-Remaining": str(remaining),
        "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        "X-RateLimit-Reset-After": f"{reset_after:.3f}",
        "X-RateLimit-Bucket": bucket,
    }


def cloudflare_ban() -> web.Response:
    """What a banned bot gets: a 429 from Cloudflare, text body and no ``Via``."""
    return web.Response(status=429, text="error code: 1015", content_type="text/plain")


def scope_of(response: web.StreamResponse) -> str | None:
    """The rate-limit scope a response announces (``cloudflare`` for a ban's answer)."""
    scope = response.headers.get("X-RateLimit-Scope")
    if scope is None and response.status == 429 and "Via" not in response.headers:
        return CLOUDFLARE
    return scope


class _Window:
    """A route bucket: ``limit`` requests per ``per`` seconds from the window's first one."""

    def __init__(self, limit: int, per: float) -> None:
        self.limit, self.per = limit, per
        self.start = 0.0
        self.used = 0

    def take(self, now: float) -> tuple[int, float]:
        """Count a request: (remaining, reset_after); remaining < 0 means refuse it."""
        if now - self.start >= self.per:
            self.start, self.used = now, 0
        reset_after = self.per - (now - self.start)
        if self.used >= self.limit:
            return -1, reset_after
        self.used += 1
        return self.limit - self.used, reset_after


class RateLimiter:
    """Applies :class:`RateLimits` to each request (see the module docstring)."""

    def __init__(self, limits: RateLimits) -> None:
        self.limits = limits
        self._global: deque[float] = deque()  # admitted bot-token requests, last second
        self._buckets: dict[tuple[str, str], _Window] = {}
        self._invalid: deque[float] = deque()
        self.banned_until = 0.0

    def banned(self) -> bool:
        return time.monotonic() < self.banned_until

    def note_invalid(self) -> bool:
        """Count a 401 / 403 / non-shared 429 toward the ban; True when it starts a ban."""
        if self.limits.invalid_requests is None:
            return False
        most, within = self.limits.invalid_requests
        now = time.monotonic()
        self._invalid.append(now)
        while self._invalid and now - self._invalid[0] > within:
            self._invalid.popleft()
        if len(self._invalid) >= most and not self.banned():
            self.banned_until = now + self.limits.ban_seconds
            return True
        return False

    def admit(
        self, method: str, template: str, params: Mapping[str, str]
    ) -> tuple[web.Response | None, dict[str, str]]:
        """(a 429 to answer, or None and the route headers for the successful response)."""
        now = time.monotonic()
        klass = request_class(template)
        per_second = self.limits.global_per_second
        if klass == BOT_TOKEN and per_second is not None:
            while self._global and now - self._global[0] >= 1.0:
                self._global.popleft()
            if len(self._global) >= per_second:
                return rate_limited(self._global[0] + 1.0 - now, scope="global"), {}
            self._global.append(now)
        found = self._route_limit(method, template, params)
        if found is None:
            return None, {}
        key, (limit, per) = found
        window = self._buckets.get(key)
        if window is None:
            window = self._buckets[key] = _Window(limit, per)
        remaining, reset_after = window.take(now)
        name = bucket_hash(method, template)
        if remaining < 0:
            return rate_limited(reset_after, scope="user", bucket=(name, limit, reset_after)), {}
        return None, route_headers(name, limit, remaining, reset_after)

    def _route_limit(
        self, method: str, template: str, params: Mapping[str, str]
    ) -> tuple[tuple[str, str], tuple[int, float]] | None:
        route = f"{method} {template}"
        if "channel_id" in params and route in self.limits.channel_routes:
            return (route, params["channel_id"]), self.limits.channel_routes[route]
        token = params.get("interaction_token")
        if template.startswith("/webhooks/") and token and self.limits.webhook_token:
            return (route, token), self.limits.webhook_token
        return None
