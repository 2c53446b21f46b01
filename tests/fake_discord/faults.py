"""Fault injection: make chosen requests fail with 429, 5xx or a 4xx refusal, as Discord does.

A 429 carries what discord.py needs to retry instead of giving up: a JSON body with
``retry_after`` and ``global``, the ``X-RateLimit-*`` headers, and a ``Via`` header (without it
discord.py assumes a Cloudflare ban and raises). A refusal (403 / 404 ...) carries Discord's
``{"message", "code"}`` body, from which discord.py builds ``Forbidden`` / ``NotFound`` with
``.code``.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from aiohttp import web

from .errors import REFUSAL_TEXTS, ApiError, DriverError
from .responses import error_response, json_response

ANY = "*"


@dataclass
class FaultRule:
    """Fail the next ``count`` requests (every one while ``count`` is None) matching ``method``
    + ``route`` (+ path ``params``). A 4xx rule answers with Discord error ``code``."""

    method: str
    route: str
    status: int
    count: int | None
    retry_after: float = 0.05
    is_global: bool = False
    params: Mapping[str, str] = field(default_factory=dict)
    code: int | None = None
    message: str = ""
    hits: int = 0

    @property
    def remaining(self) -> int | None:
        """Requests still to fail; None for a rule that fails every match until cleared."""
        return None if self.count is None else self.count - self.hits

    def matches(self, method: str, route: str, params: Mapping[str, str]) -> bool:
        if self.count is not None and self.hits >= self.count:
            return False
        if self.method not in (ANY, method):
            return False
        if self.route not in (ANY, route):
            return False
        return all(params.get(k) == v for k, v in self.params.items())

    def refusal(self) -> ApiError | None:
        """The Discord error of a 4xx rule (None for 429 and 5xx)."""
        if self.code is None:
            return None
        return ApiError(self.status, self.code, self.message)

    def response(self, method: str, route: str) -> web.Response:
        self.hits += 1
        refusal = self.refusal()
        if refusal is not None:
            return error_response(refusal)
        if self.status == 429:
            return rate_limited_response(
                self.retry_after, is_global=self.is_global, bucket=bucket_hash(method, route)
            )
        messages = {
            500: "500: Internal Server Error",
            502: "502: Bad Gateway",
            503: "503: Service Unavailable",
            504: "504: Gateway Timeout",
        }
        return json_response(
            {"message": messages.get(self.status, f"{self.status}: injected"), "code": 0},
            status=self.status,
        )


def fault_text(status: int, code: int | None, message: str | None) -> str:
    """Check an injection request and return the error text a refusal carries ("" for 429 and
    5xx, whose bodies are fixed). A 4xx needs Discord's ``code``; for the codes in
    :data:`REFUSAL_TEXTS` the status must be Discord's and the text defaults to Discord's."""
    if status == 429 or 500 <= status <= 599:
        if code is not None:
            raise DriverError(f"a {status} has no Discord error code; drop code={code}")
        return ""
    if not 400 <= status <= 499:
        raise DriverError(f"inject() takes 429, 5xx or a 4xx refusal, not {status}")
    if code is None:
        raise DriverError(f"a {status} refusal needs Discord's code, e.g. code=50013")
    known = REFUSAL_TEXTS.get(code)
    if known is None:
        if not message:
            raise DriverError(f"code {code} has no known text; pass message=")
        return message
    known_status, known_text = known
    if status != known_status:
        raise DriverError(f"Discord answers code {code} with {known_status}, not {status}")
    return message or known_text


def bucket_hash(method: str, route: str) -> str:
    """A stable per-route bucket id: discord.py groups requests by this header."""
    return hashlib.sha1(f"{method} {route}".encode()).hexdigest()[:16]


def rate_limited_response(retry_after: float, *, is_global: bool, bucket: str) -> web.Response:
    headers = {
        "Via": "1.1 google",
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{time.time() + retry_after:.3f}",
        "X-RateLimit-Reset-After": f"{retry_after:.3f}",
        "X-RateLimit-Bucket": bucket,
        "X-RateLimit-Scope": "global" if is_global else "user",
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    body = {
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": is_global,
    }
    if is_global:
        body["code"] = 0
    return json_response(body, status=429, headers=headers)


class FaultInjector:
    def __init__(self) -> None:
        self.rules: list[FaultRule] = []

    def add(self, rule: FaultRule) -> FaultRule:
        self.rules.append(rule)
        return rule

    def take(self, method: str, route: str, params: Mapping[str, str]) -> FaultRule | None:
        """The rule that fails this request, if one still wants to (the caller answers with
        ``rule.response(...)``, which counts the hit)."""
        for rule in self.rules:
            if rule.matches(method, route, params):
                return rule
        return None

    def clear(self) -> None:
        self.rules.clear()
