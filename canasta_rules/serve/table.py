"""At the table: a ruling on a position, and a record stepped through turn by turn."""

from __future__ import annotations

import json
from typing import Any

from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import Response

from .choose import _changes
from .house import HouseError, sets_of
from .uploads import MAX_FILES, put, safe_name, workspace
from .views import plain, replay_steps, ruling, step_data
from .web import BadRequest, builtins, page

EXAMPLE_POSITION = """\
[Variant "classic"]
[Scores "NS 0, EW 0"]
hand N: 4c 5c 8c 8d Kh Kd Ks 9s Qh Jd 6s
hand E: 11 unseen
hand S: 11 unseen
hand W: 11 unseen
pile: 6h 9c 8s
to move: N draw
"""
"""The page's example: North's own view of the table, from docs/notation.md ("A ruling at the
table"), the other hands written as counts. Its move, ``take with 8c 8d``, is refused (a pair is
short of the opening minimum of 50) and the answer names the legal way."""


async def _content(form: FormData, text_field: str, file_field: str) -> tuple[str, bytes]:
    """(the file name given, the content): an uploaded file, else the pasted text."""
    f = form.get(file_field)
    if isinstance(f, UploadFile) and f.filename:
        return f.filename, await f.read()
    text = form.get(text_field)
    return "", (text if isinstance(text, str) else "").encode("utf-8")


async def _extras(form: FormData) -> list[tuple[str, bytes]]:
    """Ruleset files uploaded beside a record or position (its [Variant] tag may name one)."""
    out = []
    for f in form.getlist("ruleset"):
        if isinstance(f, UploadFile) and f.filename:
            out.append((safe_name(f.filename, "ruleset.toml", (".toml",)), await f.read()))
    return out


def _ruleset(form: FormData) -> tuple[str | None, tuple[str, ...], str]:
    """The ruleset asked for: (variant or None for the position's own, --set overrides, label)."""
    chosen = form.get("variant")
    if not isinstance(chosen, str) or not chosen or chosen == "own":
        return None, (), "the ruleset the position names"
    if chosen not in {b["name"] for b in builtins()}:
        raise BadRequest("choose a built-in ruleset, or the one the position names")
    raw = form.get("changes")
    try:
        sets = sets_of(_changes(raw if isinstance(raw, str) else None))
    except HouseError as e:
        raise BadRequest(str(e)) from None
    return chosen, sets, chosen + (" with your house rules" if sets else "")


async def rule(request: Request) -> Response:
    context: dict[str, Any] = {
        "builtins": builtins(),
        "position": EXAMPLE_POSITION,
        "move": "take with 8c 8d",
        "variant": "own",
        "changes": request.query_params.get("changes", ""),
        "answer": None,
    }
    if request.method == "POST":
        form = await request.form(max_files=MAX_FILES, max_fields=16)
        given, data = await _content(form, "position", "position_file")
        move = form.get("move")
        move = move if isinstance(move, str) else ""
        if len(move) > 500:
            raise BadRequest("the move is too long")
        variant, sets, label = _ruleset(form)
        with workspace() as folder:
            for name, extra in await _extras(form):
                put(folder, name, extra)
            name = safe_name(given, "position.pos", (".pos", ".can"))
            path = put(folder, name, data)
            answer = ruling(path, move, variant, sets, pasted=not given)
        context.update(
            position=data.decode("utf-8", errors="replace"),
            move=move,
            variant=form.get("variant") or "own",
            changes=form.get("changes") or "",
            answer=answer,
            ruleset=label,
        )
    return page(request, "rule.html", **context)


async def replay(request: Request) -> Response:
    context: dict[str, Any] = {"steps": None, "error": "", "name": ""}
    if request.method == "POST":
        form = await request.form(max_files=MAX_FILES, max_fields=16)
        given, data = await _content(form, "record", "record_file")
        if not data.strip():
            raise BadRequest("choose a record file (.can) or paste a record")
        with workspace() as folder:
            for name, extra in await _extras(form):
                put(folder, name, extra)
            name = safe_name(given, "record.can", (".can", ".pos"))
            st, error = replay_steps(put(folder, name, data), pasted=not given)
        context["name"] = name
        if st is None:
            context["error"] = error
        else:
            # "<" written as \u003c: the data sits in a <script> element
            context["steps"] = json.dumps(step_data(st)).replace("<", "\\u003c")
            context["count"] = len(st.steps)
            if st.error is not None:
                pasted = {name: "Record"} if not given else None
                context["error"] = plain(st.error, folder, pasted)
    return page(request, "replay.html", **context)
