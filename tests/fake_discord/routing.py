"""REST plumbing: the route table, request parsing and what the fake remembers about requests.

Every request under ``/api/v10`` goes through :meth:`RestApi.handle`, which matches the route
table, checks the bot token, applies injected faults and the optional rate limits
(:mod:`.rate_limits`), checks the body against Discord's OpenAPI description
(:mod:`.openapi_check`), runs the handler and turns :class:`ApiError` into Discord's JSON error.
Every request is counted in :class:`~.rate_limits.RequestCounters`. Requests that match no route are
answered 404 (405 for a known path with another method) *and recorded*, so a test fixture can
assert the bot used nothing the fake does not implement.
"""

from __future__ import annotations

import json
import logging
import re
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web
from multidict import MultiMapping

from .errors import ApiError, ErrorCode
from .faults import FaultInjector
from .message_body import MessageBody, UploadedFile, file_index
from .openapi_check import OpenApiBodies
from .rate_limits import (
    CLOUDFLARE,
    INVALID_STATUSES,
    RateLimiter,
    RequestCounters,
    cloudflare_ban,
    request_class,
    scope_of,
)
from .responses import error_response, json_response

log = logging.getLogger(__name__)

API_PREFIX = "/api/v10"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Path parameters that are not snowflakes.
_TEXT_PARAMS = frozenset({"interaction_token", "emoji", "filename"})
_SPECIAL_IDS = frozenset({"@me", "@original"})


@dataclass(frozen=True)
class RequestRecord:
    method: str
    route: str | None  # the route template, None for unknown routes
    path: str
    status: int
    at: float  # time.monotonic()
    injected: bool = False


@dataclass(frozen=True)
class UnknownRoute:
    method: str
    path: str
    body_preview: str


# Statuses of refusals: the request was well formed but Discord will not do it (403) or what
# it names does not exist (any more) (404).
REFUSAL_STATUSES = frozenset({403, 404})


@dataclass(frozen=True)
class ApiErrorRecord:
    """An error the fake answered. ``message`` is Discord's text (what the bot received);
    ``detail`` says more for the test (e.g. which permissions were missing)."""

    method: str
    route: str
    path: str
    status: int
    code: int
    message: str
    detail: str = ""
    injected: bool = False
    channel_id: int | None = None  # from the path, when the route names one
    message_id: int | None = None
    at: float = field(default_factory=time.monotonic)

    @property
    def is_refusal(self) -> bool:
        return self.status in REFUSAL_STATUSES


def error_record(
    method: str,
    route: str,
    path: str,
    params: dict[str, str],
    error: ApiError,
    *,
    injected: bool = False,
) -> ApiErrorRecord:
    def snowflake(name: str) -> int | None:
        value = params.get(name, "")
        return int(value) if value.isdigit() else None

    return ApiErrorRecord(
        method,
        route,
        path,
        error.status,
        error.code,
        error.message,
        detail=error.detail,
        injected=injected,
        channel_id=snowflake("channel_id"),
        message_id=snowflake("message_id"),
    )


@dataclass(frozen=True)
class InternalError:
    method: str
    path: str
    traceback: str


class RequestContext:
    def __init__(self, request: web.Request, params: dict[str, str], body: MessageBody) -> None:
        self.request = request
        self.params = params
        self.body = body

    @property
    def query(self) -> MultiMapping[str]:
        return self.request.query

    def id(self, name: str) -> int:
        return int(self.params[name])

    def query_flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")


Handler = Callable[[RequestContext], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class RouteSpec:
    method: str
    template: str
    pattern: re.Pattern[str]
    handler: Handler
    auth: bool

    @property
    def key(self) -> str:
        return f"{self.method} {self.template}"


async def read_body(request: web.Request) -> MessageBody:
    """JSON bodies and multipart bodies (``payload_json`` + ``files[n]``)."""
    if request.content_type == "multipart/form-data":
        body = MessageBody()
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, BodyPartReader):
                continue
            name = part.name or ""
            if name == "payload_json":
                body.fields = _json_object(await part.text())
                continue
            index = file_index(name)
            if index is None:
                raise ApiError(
                    400, ErrorCode.INVALID_FORM_BODY, f"Invalid Form Body (unknown part {name!r})"
                )
            data = bytes(await part.read(decode=False))
            body.files.append(
                UploadedFile(
                    index=index,
                    filename=part.filename or f"file{index}",
                    content_type=part.headers.get("Content-Type", "application/octet-stream"),
                    data=data,
                )
            )
        return body
    if not request.can_read_body:
        return MessageBody()
    raw = await request.text()
    if not raw:
        return MessageBody()
    return MessageBody(fields=_json_object(raw))


def _json_object(raw: str) -> dict[str, Any]:
    try:
        value = json.loads(raw)
    except ValueError:
        raise ApiError(400, 50109, "The request body contains invalid JSON.") from None
    if isinstance(value, list):
        return {"__list__": value}
    if not isinstance(value, dict):
        raise ApiError(400, 50109, "The request body contains invalid JSON.")
    return value


class RestApi:
    def __init__(self, *, token: str, faults: FaultInjector) -> None:
        self.token = token
        self.faults = faults
        self.routes: list[RouteSpec] = []
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[UnknownRoute] = []
        self.api_errors: list[ApiErrorRecord] = []
        # Every 403/404 answered, injected ones included, in order.
        self.refusals: list[ApiErrorRecord] = []
        self.internal_errors: list[InternalError] = []
        self.limiter: RateLimiter | None = None
        self.counters = RequestCounters()
        self.openapi: OpenApiBodies | None = None
        self.record_requests = True
        self.request_total = 0
        """Every request served, also when they are not recorded (benchmarks)."""

    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        parts = _PLACEHOLDER.split(template)  # literal, name, literal, name, ..., literal
        regex = "".join(
            re.escape(part) if i % 2 == 0 else f"(?P<{part}>[^/]+)" for i, part in enumerate(parts)
        )
        self.routes.append(RouteSpec(method, template, re.compile(f"^{regex}$"), handler, auth))

    def route_keys(self) -> list[str]:
        return [spec.key for spec in self.routes]

    def match(self, method: str, path: str) -> tuple[RouteSpec | None, dict[str, str], bool]:
        """(route, path params, whether the path exists with another method)."""
        other_method = False
        for spec in self.routes:
            found = spec.pattern.match(path)
            if found is None:
                continue
            if spec.method == method:
                return spec, found.groupdict(), False
            other_method = True
        return None, {}, other_method

    async def handle(self, request: web.Request) -> web.StreamResponse:
        method, full_path = request.method, request.path
        path = full_path[len(API_PREFIX) :] if full_path.startswith(API_PREFIX + "/") else None
        spec, params, other_method = (
            self.match(method, path) if path is not None else (None, {}, False)
        )
        if spec is None:
            preview = (await request.text())[:200] if request.can_read_body else ""
            self.unknown_routes.append(UnknownRoute(method, full_path, preview))
            log.error("fake Discord: unknown route %s %s", method, full_path)
            status = 405 if other_method else 404
            text = "405: Method Not Allowed" if other_method else "404: Not Found"
            self._log(method, None, full_path, status)
            return json_response(
                {"message": f"{text} (fake Discord has no {method} {full_path})", "code": 0},
                status=status,
            )
        response, injected = await self._respond(spec, request, params)
        scope = scope_of(response)
        self._log(method, spec.template, full_path, response.status, injected=injected, scope=scope)
        return response

    async def _respond(
        self, spec: RouteSpec, request: web.Request, params: dict[str, str]
    ) -> tuple[web.StreamResponse, bool]:
        """The response, and whether it is an injected fault."""
        method, full_path = request.method, request.path
        if self.limiter is not None and self.limiter.banned():
            return cloudflare_ban(), False
        if spec.auth and request.headers.get("Authorization") != f"Bot {self.token}":
            self.api_errors.append(
                ApiErrorRecord(method, spec.template, full_path, 401, 0, "401: Unauthorized")
            )
            return json_response({"message": "401: Unauthorized", "code": 0}, status=401), False
        rule = self.faults.take(method, spec.template, params)
        if rule is not None:
            if request.can_read_body:
                await request.read()
            refusal = rule.refusal()
            if refusal is not None and refusal.status in REFUSAL_STATUSES:
                self.refusals.append(
                    error_record(method, spec.template, full_path, params, refusal, injected=True)
                )
            return rule.response(method, spec.template), True
        limit_headers: dict[str, str] = {}
        if self.limiter is not None:
            limited, limit_headers = self.limiter.admit(method, spec.template, params)
            if limited is not None:
                return limited, False
        response = await self._run(spec, request, params)
        response.headers.update(limit_headers)
        return response, False

    async def _run(
        self, spec: RouteSpec, request: web.Request, params: dict[str, str]
    ) -> web.StreamResponse:
        try:
            for name, value in params.items():
                if name not in _TEXT_PARAMS and value not in _SPECIAL_IDS and not value.isdigit():
                    raise ApiError(
                        400, ErrorCode.INVALID_FORM_BODY, f'Value "{value}" is not snowflake.'
                    )
            body = (
                await read_body(request)
                if request.method in ("POST", "PUT", "PATCH")
                else MessageBody()
            )
            if self.openapi is not None and request.method in ("POST", "PUT", "PATCH"):
                fields = body.fields.get("__list__", body.fields)
                self.openapi.check(request.method, request.path[len(API_PREFIX) :], fields)
            return await spec.handler(RequestContext(request, params, body))
        except ApiError as error:
            record = error_record(spec.method, spec.template, request.path, params, error)
            self.api_errors.append(record)
            if record.is_refusal:
                self.refusals.append(record)
            return error_response(error)
        except Exception:
            # A bug in the fake, not in the bot: answer 500 and make the test fail loudly.
            text = traceback.format_exc()
            log.error("fake Discord internal error on %s %s\n%s", spec.method, request.path, text)
            self.internal_errors.append(InternalError(spec.method, request.path, text))
            return json_response({"message": "fake Discord internal error", "code": 0}, status=500)

    def _log(
        self,
        method: str,
        route: str | None,
        path: str,
        status: int,
        *,
        injected: bool = False,
        scope: str | None = None,
    ) -> None:
        self.request_total += 1
        klass = request_class(route or path[len(API_PREFIX) :])
        self.counters.count(klass, f"{method} {route or path}", status, scope)
        counted = scope not in ("shared", CLOUDFLARE)
        if self.limiter is not None and status in INVALID_STATUSES and counted:
            self.counters.bans += self.limiter.note_invalid()
        if self.record_requests or route is None:
            self.requests.append(
                RequestRecord(method, route, path, status, time.monotonic(), injected)
            )
