"""Choosing house rules: the controls, the live sheet, diff and lints, the house file to download,
an uploaded house file read back into the controls, and 'Try it'."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from ..check.lints import lint
from ..errors import VariantError
from ..rulesheet import build, render
from ..variant import LoadedVariant, load
from ..variant.tomlread import _read_toml
from . import trial
from .controls import groups
from .house import House, HouseError, changes_of, house, house_toml, problems_by_key
from .uploads import MAX_FILES, put, safe_name, workspace
from .web import BadRequest, builtins, client, fragment, json_body, page

MAX_DEPTH = 3
"""Nesting of a changed value: an array of small tables (the opening tiers) is the deepest."""


def _value_ok(value: Any, depth: int = 0) -> bool:
    if isinstance(value, bool | int | str) and not (isinstance(value, str) and len(value) > 200):
        return not isinstance(value, int) or abs(value) < 1 << 63
    if depth >= MAX_DEPTH:
        return False
    if isinstance(value, list):
        return len(value) <= 64 and all(_value_ok(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= 32 and all(
            isinstance(k, str) and len(k) <= 64 and _value_ok(v, depth + 1)
            for k, v in value.items()
        )
    return False


def _changes(raw: Any) -> dict[str, Any]:
    if raw is None:
        return {}
    if isinstance(raw, str):
        try:
            raw = json.loads(raw) if raw else {}
        except (ValueError, RecursionError):
            raise BadRequest("the changes are not valid JSON") from None
    if not isinstance(raw, dict) or not all(_value_ok(v) for v in raw.values()):
        raise BadRequest("each change must be a plain value, a list, or a list of small tables")
    return raw


def _house(data: Any) -> House:
    base = data.get("base", "classic") if isinstance(data, dict) else "classic"
    try:
        return house(base, _changes(data.get("changes") if isinstance(data, dict) else None))
    except HouseError as e:
        raise BadRequest(str(e)) from None


def _sheet_html(h: House, card: bool = False) -> str:
    lv = h.loaded or h.base
    base = h.base.variant if h.loaded is not None and h.diff else None
    return render(build(lv.variant, card=card, base=base), "html")


def _preview(h: House) -> dict[str, Any]:
    general = [m for k, m in h.problems if not k]
    out: dict[str, Any] = {
        "ok": h.loaded is not None,
        "problems": problems_by_key([(k, m) for k, m in h.problems if k]),
        "general": general,
        "changed": len(h.diff),
    }
    if h.loaded is None:
        return out
    findings = lint(h.loaded.variant, h.loaded)
    out["sheet"] = _sheet_html(h)
    out["diff"] = fragment("_diff.html", base=h.base_name, rows=h.diff)
    out["lints"] = fragment("_lints.html", findings=findings)
    return out


def _controls(h: House, extra: dict[str, list[str]] | None = None) -> str:
    problems = problems_by_key(h.problems)
    for k, msgs in (extra or {}).items():
        problems.setdefault(k, []).extend(msgs)
    shown = h.loaded or h.base
    return fragment("_controls.html", groups=groups(h.base, shown, problems))


def _choose_page(
    request: Request,
    h: House,
    notes: list[str] | None = None,
    extra: dict[str, list[str]] | None = None,
    status: int = 200,
) -> HTMLResponse:
    preview = _preview(h)
    return page(
        request,
        "choose.html",
        status=status,
        builtins=builtins(),
        base=h.base_name,
        changes=json.dumps(h.changes),
        controls=_controls(h, extra),
        preview=preview,
        notes=notes or [],
        max_games=trial.MAX_GAMES,
    )


async def choose(request: Request) -> Response:
    base = request.query_params.get("base", "classic")
    return _choose_page(request, _house({"base": base}))


async def api_preview(request: Request) -> Response:
    return JSONResponse(_preview(_house(await json_body(request))))


async def api_controls(request: Request) -> Response:
    return JSONResponse({"html": _controls(_house(await json_body(request)))})


async def sheet(request: Request) -> Response:
    q = request.query_params
    h = _house({"base": q.get("base", "classic"), "changes": q.get("changes", "")})
    if h.loaded is None:
        raise BadRequest("these house rules have problems: fix them on the Choose page first")
    return HTMLResponse(_sheet_html(h, card=q.get("card") == "1"))


async def download(request: Request) -> Response:
    form = await request.form()
    h = _house({"base": form.get("base", "classic"), "changes": form.get("changes", "")})
    if h.loaded is None:
        raise BadRequest("these house rules have problems: fix them on the Choose page first")
    raw = form.get("name")
    name = safe_name(f"{raw}.toml" if isinstance(raw, str) else None, "house.toml", (".toml",))
    text = house_toml(h, name.removesuffix(".toml"))
    return Response(
        text,
        media_type="application/toml",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


async def upload(request: Request) -> Response:
    """A house file (and any parent files it extends), read back into the controls."""
    form = await request.form(max_files=MAX_FILES, max_fields=16)
    files = [f for f in form.getlist("file") if not isinstance(f, str)]
    if not files:
        raise BadRequest("choose a house file (.toml) to upload")
    with workspace() as folder:
        paths = []
        for i, f in enumerate(files):
            name = safe_name(f.filename, f"house-{i + 1}.toml", (".toml",))
            if (folder / name).exists():
                name = f"house-{i + 1}.toml"
            paths.append(put(folder, name, await f.read()))
        main = paths[0]
        try:
            loaded = load(str(main))
        except VariantError as e:
            return _upload_problems(request, e, main.name, _extends_of(main))
    root = loaded.chain[0].builtin_name
    base_lv = load(root) if root else load("classic")
    changes = changes_of(base_lv, loaded)
    notes = [f"Read {main.name}: {len(changes)} changes from {base_lv.variant.name}."]
    if root is None:
        notes.append("The file extends no built-in ruleset, so it is shown against classic.")
    return _choose_page(request, house(base_lv.variant.name, changes), notes)


def _extends_of(path: Path) -> str:
    """The built-in a broken house file extends, where it says so readably; else classic."""
    try:
        data, _ = _read_toml(path, path.name)  # the readers' limits, as for any variant file
    except VariantError:
        return "classic"
    parent = data.get("extends")
    names = {b["name"] for b in builtins()}
    return parent if isinstance(parent, str) and parent in names else "classic"


def _upload_problems(request: Request, e: VariantError, name: str, base: str) -> HTMLResponse:
    """The base's controls with each problem of the upload beside the key it is about."""
    by_key: dict[str, list[str]] = {}
    general: list[str] = []
    for p in e.problems:
        file = p.file.rsplit("/", 1)[-1]
        where = f"{file}, line {p.line}" if p.line else file
        if p.key:
            by_key.setdefault(p.key, []).append(f"{where}: {p.key}: {p.message}")
        else:
            general.append(f"{where}: {p.message}")
    h = house(base, {})
    known = {c for g in groups(h.base, h.base) for c in (x.key for x in g.controls)}
    for key in [k for k in by_key if k not in known]:
        general += by_key.pop(key)
    notes = [f"{name} was not loaded: fix the problems shown below, then upload it again."]
    return _choose_page(request, h, notes + general, by_key, status=422)


async def api_try(request: Request) -> Response:
    data = await json_body(request)
    h = _house(data)
    if h.loaded is None:
        raise BadRequest("these house rules have problems: fix them first")
    games = data.get("games", 50)
    if not isinstance(games, int) or isinstance(games, bool):
        raise BadRequest("the number of games must be a whole number")
    rulesets: tuple[tuple[str, LoadedVariant, tuple[str, ...]], ...] = (
        ("your house rules", h.loaded, ()),
        (h.base_name, h.base, ()),
    )
    try:
        t = trial.start(client(request), rulesets, games)
    except trial.TrialRefused as e:
        raise BadRequest(str(e), 429 if "running" in str(e) or "busy" in str(e) else 400) from None
    return JSONResponse({"id": t.id, "total": t.total})


async def api_trial(request: Request) -> Response:
    t = trial.get(request.path_params["id"], client(request))
    if t is None:
        raise BadRequest("no such trial", 404)
    out: dict[str, Any] = {"done": t.done, "progress": t.progress, "total": t.total}
    if t.done:
        out["error"] = t.error
        if not t.error and all(s.games for s in t.sims):
            out["html"] = fragment(
                "_trial.html",
                labels=[s.name for s in t.sims],
                rows=trial.table(t.sims),
                plot=trial.plot_svg(t.sims),
                stopped=t.stopped_early,
                games=[len(s.games) for s in t.sims],
                bots=t.bots,
            )
        elif not t.error:
            out["error"] = "no game finished in the time allowed"
    return JSONResponse(out)
