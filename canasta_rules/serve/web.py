"""What every page shares: the templates, the client's cookie, reading a JSON request safely, and
the error page."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from ..sources import label
from ..variant import load
from ..variant.builtin import names as builtin_names
from ..variant.spoken import value_words
from . import words as W

HERE = Path(__file__).parent
COOKIE = "canasta_client"

env = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)
env.filters["source"] = label


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first, a full stop last (a message of the library is
    written to follow a prefix, ``refused: the pile is frozen``; a page shows it alone)."""
    text = text.strip()
    if not text:
        return text
    end = "" if text[-1] in ".!?" else "."
    return text[:1].upper() + text[1:] + end


env.filters["sentence"] = sentence
env.filters["sourced"] = W.with_sources
env.filters["shown_words"] = W.shown_words
env.filters["setting"] = W.setting_title
env.globals["value_words"] = value_words
env.globals["sources_in"] = W.sources_in


class BadRequest(ValueError):
    """A request the page cannot act on: its message is shown to the person (status 400)."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def page(request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A whole page from ``template``; the client's cookie is set on its first visit."""
    html = env.get_template(template).render(request=request, active=template, **context)
    response = HTMLResponse(html, status_code=status)
    if COOKIE not in request.cookies:
        response.set_cookie(COOKIE, secrets.token_hex(12), httponly=True, samesite="strict")
    return response


def fragment(template: str, **context: Any) -> str:
    return env.get_template(template).render(**context)


def client(request: Request) -> str:
    """Who is asking: the page's cookie (every visitor on one computer is 127.0.0.1)."""
    return request.cookies.get(COOKIE) or f"addr:{request.client.host if request.client else ''}"


def error_page(request: Request, message: str, status: int = 400) -> Response:
    """The error as a page for a person (or as JSON for the page's own script)."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    return page(request, "error.html", status=status, message=message)


async def json_body(request: Request) -> dict[str, Any]:
    """The request's JSON object (its size is already bounded by the server's body limit)."""
    raw = await request.body()
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadRequest("the request is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadRequest("the request must be a JSON object")
    return data


def builtins() -> list[dict[str, Any]]:
    """The built-in rulesets for a chooser: name, title, number of players, sources."""
    out = []
    for name in builtin_names():
        v = load(name).variant
        players = sorted({s.players for s in v.seating})
        out.append(
            {
                "name": name,
                "title": v.title,
                "players": ", ".join(str(p) for p in players),
                "sources": ", ".join(label(s) for s in v.sources),
            }
        )
    return out
