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


class ApiError(Exception):
    """An HTTP error response in Discord's format: ``{"message", "code", "errors"?}``."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {message} (code {code})")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

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


def missing_permissions(missing: list[str]) -> ApiError:
    return ApiError(
        403, ErrorCode.MISSING_PERMISSIONS, f"Missing Permissions ({', '.join(missing)})"
    )


class DriverError(Exception):
    """A test asked the fake for something a real Discord client could not do."""


class WaitTimeout(AssertionError):
    """A ``wait_for`` helper gave up: the awaited state never arrived."""
