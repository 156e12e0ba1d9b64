"""What the fake checks of every request before a route sees it, and of every answer it gives.

In Discord's order: the token (401), the rate limits (429), then the body against Discord's
published schema and its documented limits (400, code 50035 with the `errors` tree, or 50006
for an empty message). Every refusal is recorded, so that a test fails when the bot sent
something Discord would refuse; every answer can be checked against the schema Discord
publishes for it (`check_answers`), so that the fake's own shapes are Discord's.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from aiohttp import web

from tests.fakediscord.commands import registration_errors
from tests.fakediscord.limits import is_empty, message_errors
from tests.fakediscord.schema import Found, explained, nest, spec

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

Json = dict[str, Any]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
API: Final = "/api/v10"
# routes whose body is a message, and where in the body the message is
MESSAGES: Final = {
    ("POST", "/channels/{channel}/messages"): (),
    ("PATCH", "/channels/{channel}/messages/{message}"): (),
    ("POST", "/webhooks/{app}/{token}"): (),
    ("PATCH", "/webhooks/{app}/{token}/messages/@original"): (),
    ("POST", "/interactions/{id}/{token}/callback"): ("data",),
}
CREATES: Final = frozenset(
    {("POST", "/channels/{channel}/messages"), ("POST", "/webhooks/{app}/{token}")}
)
PARSED: Final = web.RequestKey("parsed", tuple)  # a request's body, read once
COMMANDS: Final = frozenset(
    {"/applications/{app}/commands", "/applications/{app}/guilds/{guild}/commands"}
)
TOKENLESS: Final = frozenset({"/interactions/{id}/{token}/callback"})  # the token is in the path


@dataclass(frozen=True)
class Refusal:
    """A request the fake refused: its route, status, and the body it answered."""

    method: str
    path: str
    status: int
    answer: Json
    by_bot: bool = True  # sent by discord.py, not by a test acting on its own

    @property
    def code(self) -> int:
        """Return Discord's error code of the refusal."""
        return int(self.answer.get("code", 0))

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status} {json.dumps(self.answer)[:600]}"


def error(status: int, code: int, message: str, errors: Json | None = None) -> web.Response:
    """Answer as Discord answers a refusal: JSON with code and message (and errors)."""
    body: Json = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return answer(body, status=status)


def answer(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """Answer with JSON typed exactly as Discord types it (discord.py checks the header)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def invalid(found: list[Found]) -> web.Response:
    """Answer Discord's 400 Invalid Form Body with the errors nested by where they are."""
    return error(400, 50035, "Invalid Form Body", nest(found))


async def body_of(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """Read a JSON or multipart request once: its payload and its files (name, bytes)."""
    if PARSED in request:
        parsed: tuple[Any, list[tuple[str, bytes]]] = request[PARSED]
        return parsed
    files: list[tuple[str, bytes]] = []
    body: Any = {}
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        for key, value in form.items():
            if key == "payload_json":
                body = json.loads(str(value))
            elif isinstance(value, web.FileField):
                files.append((value.filename, value.file.read()))
    elif request.can_read_body:
        raw = await request.read()
        body = json.loads(raw) if raw else {}
    request[PARSED] = (body, files)
    return body, files


def template_of(request: web.Request) -> str | None:
    """Return the route template a request matched, without the API's prefix."""
    resource = request.match_info.route.resource
    if resource is None:
        return None
    return resource.canonical.removeprefix(API)


def checks(fake: FakeDiscord) -> Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]:
    """Return the middleware that checks each request as Discord would, then each answer."""

    @web.middleware
    async def checked(request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await _checked(request, handler)
        finally:
            fake.changes.notify()  # whatever the request recorded, a test may be waiting for

    async def _checked(request: web.Request, handler: Handler) -> web.StreamResponse:
        template = template_of(request)
        if template is None or not request.path.startswith(API):
            return await handler(request)
        method = request.method
        fake.requests += 1
        # Discord counts a request as it comes in; reading an upload here can lag behind
        arrived = fake.rate_limits.clock()
        refusal = _unauthorized(fake, request, template)
        verdict = None
        if refusal is None:
            try:
                body, files = await body_of(request)
            except (json.JSONDecodeError, UnicodeDecodeError):
                body, files = None, []
                refusal = error(400, 50109, "The request body contains invalid JSON.")
            # a refused request counts against its bucket as any other does
            verdict = fake.rate_limits.take(
                method, template, dict(request.match_info), body, at=arrived
            )
            if verdict.refused:
                refusal = _limited(verdict.retry_after or 0.0, verdict.scope, verdict.headers)
            elif refusal is None:
                refusal = _malformed(method, template, body, files)
        if refusal is not None:
            fake.note_refusal(request, refusal)
            return refusal
        response = await handler(request)
        if verdict is not None:
            response.headers.update(verdict.headers)
        if isinstance(response, web.Response) and response.status >= 400:
            fake.note_refusal(request, response)
        elif fake.check_answers and isinstance(response, web.Response):
            fake.check_answer(method, template, response)
        return response

    return checked


def _unauthorized(fake: FakeDiscord, request: web.Request, template: str) -> web.Response | None:
    """Return Discord's 401 for a request without the bot's token, where one is needed."""
    if template in TOKENLESS or template.startswith("/webhooks/"):
        return None  # the interaction's token in the path is what counts
    given = request.headers.get("Authorization", "")
    if not given.startswith("Bot ") or given.removeprefix("Bot ") in fake.refused_tokens:
        return error(401, 0, "401: Unauthorized")
    return None


def _malformed(
    method: str, template: str, body: Any, files: list[tuple[str, bytes]]
) -> web.Response | None:
    """Return Discord's refusal of a body its schema or its documented limits refuse.

    Discord says every error at once: the documented rules' and the schema's, one place
    said once (by the documented rule, which names what Discord names).
    """
    operation = spec().operation(method, template)
    if operation is None:
        return None  # a route the document lacks: the fake's own handler answers
    found = _documented(method, template, body)
    if operation.request is not None:
        said = {where for where, _, _ in found}
        found += [f for f in explained(operation.request.iter_errors(body)) if f[0] not in said]
    if found:
        return invalid(found)
    created = (method, template) in CREATES and isinstance(body, dict)
    if created and is_empty(_at(body, MESSAGES[(method, template)]), files=len(files)):
        return error(400, 50006, "Cannot send an empty message")
    return None


def _documented(method: str, template: str, body: Any) -> list[Found]:
    """Return what Discord's documented rules for a route refuse in a body."""
    if template in COMMANDS and method == "PUT" and isinstance(body, list):
        return registration_errors(body)
    place = MESSAGES.get((method, template))
    if place is None or not isinstance(body, dict):
        return []
    return [
        ((*place, *where), code, text) for where, code, text in message_errors(_at(body, place))
    ]


def _at(body: Json, place: tuple[str, ...]) -> Json:
    """Return the part of a body where its message is."""
    for key in place:
        body = body.get(key) or {}
    return body


def _limited(retry_after: float, scope: str, headers: dict[str, str]) -> web.Response:
    body = {
        "message": "You are being rate limited.",
        "retry_after": round(retry_after, 3),
        "global": scope == "global",
        "code": 0,
    }
    return answer(body, status=429, headers=headers)
