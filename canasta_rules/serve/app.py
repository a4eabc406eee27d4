"""The web app: its routes, its limits and its error pages.

Every page reads the same library the command line uses; no rule is decided here. The server binds
to 127.0.0.1 unless told otherwise, bounds every request body (:mod:`.uploads`), keeps uploads in
a private folder of their own, and answers a bad request with a page that says what is wrong,
never with a traceback.
"""

from __future__ import annotations

import logging
import os

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import CanastaError
from ..sources import SOURCE_IDS, label
from ..variant.confine import ALLOW_EXTENDS_ENV
from . import choose, table
from .uploads import BodyLimit, TooLarge
from .web import HERE, BadRequest, error_page, page

log = logging.getLogger("canasta.serve")


async def home(request: Request) -> Response:
    return await choose.choose(request)


async def about(request: Request) -> Response:
    """What the page is, and the key to the sources' short codes (those a rule's description or
    note may cite: every source but a house rule)."""
    sources = [(i, label(i)) for i in SOURCE_IDS if i != "house"]
    return page(request, "about.html", sources=sources)


async def favicon(request: Request) -> Response:
    return Response(status_code=204)  # no icon: said at once, so the browser does not retry


async def _bad(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadRequest)
    return error_page(request, str(exc), exc.status)


async def _canasta(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, CanastaError)
    return error_page(request, "\n".join(exc.lines()))


async def _too_large(request: Request, exc: Exception) -> Response:
    return error_page(request, "The upload is too large for this page.", 413)


async def _http(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    words = {404: "There is no such page.", 405: "That page does not take this kind of request."}
    return error_page(request, words.get(exc.status_code, str(exc.detail)), exc.status_code)


async def _crash(request: Request, exc: Exception) -> Response:
    log.exception("internal error on %s", request.url.path)
    return error_page(
        request, "Something went wrong inside canasta-rules: the error is in the server's log.", 500
    )


def create_app() -> Starlette:
    """The app. An upload may name only built-in rulesets and the other files of its own
    request: the folders a person allows on the command line (``CANASTA_ALLOW_EXTENDS``) are
    theirs to use, not a stranger's, so the server drops them for its whole process (and the
    processes a trial starts)."""
    os.environ.pop(ALLOW_EXTENDS_ENV, None)
    routes = [
        Route("/", home),
        Route("/api/preview", choose.api_preview, methods=["POST"]),
        Route("/api/controls", choose.api_controls, methods=["POST"]),
        Route("/api/try", choose.api_try, methods=["POST"]),
        Route("/api/try/{id:str}", choose.api_trial),
        Route("/sheet", choose.sheet),
        Route("/download", choose.download, methods=["POST"]),
        Route("/upload", choose.upload, methods=["POST"]),
        Route("/rule", table.rule, methods=["GET", "POST"]),
        Route("/replay", table.replay, methods=["GET", "POST"]),
        Route("/about", about),
        Route("/favicon.ico", favicon),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(BodyLimit)],
        exception_handlers={
            BadRequest: _bad,
            CanastaError: _canasta,
            TooLarge: _too_large,
            HTTPException: _http,
            Exception: _crash,
        },
    )
