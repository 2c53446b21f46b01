"""Fault injection: make chosen requests fail with 429 or 5xx, the way Discord does.

A 429 carries what discord.py needs to retry instead of giving up: a JSON body with
``retry_after`` and ``global``, the ``X-RateLimit-*`` headers, and a ``Via`` header (without it
discord.py assumes a Cloudflare ban and raises).
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from aiohttp import web

from .responses import json_response

ANY = "*"


@dataclass
class FaultRule:
    """Fail the next ``count`` requests matching ``method`` + ``route`` (+ path ``params``)."""

    method: str
    route: str
    status: int
    count: int
    retry_after: float = 0.05
    is_global: bool = False
    params: Mapping[str, str] = field(default_factory=dict)
    hits: int = 0

    @property
    def remaining(self) -> int:
        return self.count - self.hits

    def matches(self, method: str, route: str, params: Mapping[str, str]) -> bool:
        if self.remaining <= 0:
            return False
        if self.method not in (ANY, method):
            return False
        if self.route not in (ANY, route):
            return False
        return all(params.get(k) == v for k, v in self.params.items())

    def response(self, method: str, route: str) -> web.Response:
        self.hits += 1
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

    def take(self, method: str, route: str, params: Mapping[str, str]) -> web.Response | None:
        """The injected response for this request, if a rule still wants one."""
        for rule in self.rules:
            if rule.matches(method, route, params):
                return rule.response(method, route)
        return None

    def clear(self) -> None:
        self.rules.clear()
