"""Errors the fake answers with (Discord's JSON error format) and errors of the test driver."""

from __future__ import annotations

from typing import Any


class ErrorCode:
    """Discord JSON error codes the fake uses."""

    GENERAL = 0
    UNKNOWN_CHANNEL = 10003
    UNKNOWN_GUILD = 10004
    UNKNOWN_MEMBER = 10007
    UNKNOWN_MESSAGE = 10008
    UNKNOWN_WEBHOOK = 10015
    INVALID_WEBHOOK_TOKEN = 50027
    UNKNOWN_USER = 10013
    UNKNOWN_APPLICATION_COMMAND = 10063
    UNKNOWN_INTERACTION = 10062
    INTERACTION_ALREADY_ACKNOWLEDGED = 40060
    MISSING_ACCESS = 50001
    CANNOT_EDIT_OTHERS_MESSAGE = 50005
    EMPTY_MESSAGE = 50006
    CANNOT_SEND_TO_USER = 50007
    MISSING_PERMISSIONS = 50013
    INVALID_FORM_BODY = 50035
    THREAD_ALREADY_CREATED = 160004


# Discord's status and message text for the refusals a test may inject (as Discord words them).
REFUSAL_TEXTS: dict[int, tuple[int, str]] = {
    ErrorCode.UNKNOWN_CHANNEL: (404, "Unknown Channel"),
    ErrorCode.UNKNOWN_GUILD: (404, "Unknown Guild"),
    ErrorCode.UNKNOWN_MEMBER: (404, "Unknown Member"),
    ErrorCode.UNKNOWN_MESSAGE: (404, "Unknown Message"),
    ErrorCode.UNKNOWN_USER: (404, "Unknown User"),
    ErrorCode.UNKNOWN_WEBHOOK: (404, "Unknown Webhook"),
    ErrorCode.INVALID_WEBHOOK_TOKEN: (401, "Invalid Webhook Token"),
    ErrorCode.UNKNOWN_INTERACTION: (404, "Unknown interaction"),
    ErrorCode.MISSING_ACCESS: (403, "Missing Access"),
    ErrorCode.CANNOT_EDIT_OTHERS_MESSAGE: (403, "Cannot edit a message authored by another user"),
    ErrorCode.CANNOT_SEND_TO_USER: (403, "Cannot send messages to this user"),
    ErrorCode.MISSING_PERMISSIONS: (403, "Missing Permissions"),
}


class ApiError(Exception):
    """An HTTP error response in Discord's format: ``{"message", "code", "errors"?}``.

    ``detail`` (e.g. which permission is missing) is for the test's records only: Discord's
    body carries just its fixed text, so the wire message stays exactly Discord's."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        detail: str = "",
    ) -> None:
        super().__init__(f"{status} {message} (code {code})" + (f": {detail}" if detail else ""))
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.detail = detail

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return body


def invalid_form(field: str, message: str) -> ApiError:
    """A 400 Invalid Form Body naming the offending field, the way Discord nests it."""
    nested: dict[str, Any] = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": message}]}
    for part in reversed(field.split(".")):
        nested = {part: nested}
    return ApiError(
        400, ErrorCode.INVALID_FORM_BODY, f"Invalid Form Body ({field}: {message})", nested
    )


def not_found(code: int, what: str) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def refusal(code: int, *, detail: str = "") -> ApiError:
    """Discord's refusal ``code`` with its status and text (see :data:`REFUSAL_TEXTS`)."""
    status, text = REFUSAL_TEXTS[code]
    return ApiError(status, code, text, detail=detail)


def missing_permissions(missing: list[str]) -> ApiError:
    return refusal(ErrorCode.MISSING_PERMISSIONS, detail=", ".join(missing))


class DriverError(Exception):
    """A test asked the fake for something a real Discord client could not do."""


class WaitTimeout(AssertionError):
    """A ``wait_for`` helper gave up: the awaited state never arrived."""
