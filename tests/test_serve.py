"""`canasta serve` through Starlette's test client: choosing, previewing, downloading and uploading
house rules, rulings, stepping through a record, 'Try it', and the safety of every upload.

The browser tests (tests/test_serve_browser.py) drive the same pages in headless Chromium.
"""

from __future__ import annotations

import html
import json
import re
import threading
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest
from serve_helpers import running_server
from starlette.testclient import TestClient

from canasta_rules.serve.app import create_app
from canasta_rules.serve.uploads import MAX_BODY_BYTES
from canasta_rules.variant import load
from canasta_rules.variant.compare import flatten

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
SECRET = "SECRET-VALUE-7c1f"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def preview(client: TestClient, changes: dict[str, object], base: str = "classic") -> dict:
    r = client.post("/api/preview", json={"base": base, "changes": changes})
    assert r.status_code == 200, r.text
    return r.json()


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text


class _Texts(HTMLParser):
    """The text a person reads in each element with an id, and in each element of a class."""

    VOID = frozenset({"br", "input", "img", "meta", "link", "hr"})

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, list[str]]] = []
        self.by_id: dict[str, str] = {}
        self.by_class: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            if tag == "br":
                self.handle_data(" ")
            return
        a = dict(attrs)
        names = [f"#{a['id']}"] if a.get("id") else []
        names += [f".{c}" for c in (a.get("class") or "").split()]
        self.open.append((tag, names))
        for _, ns in self.open:
            for n in ns:
                self.by_id.setdefault(n, "") if n.startswith("#") else None
        for n in names:
            if n.startswith("."):
                self.by_class.setdefault(n, []).append("")

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            t, _ = self.open.pop()
            if t == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, names in self.open:
            for n in names:
                if n.startswith("#"):
                    self.by_id[n] += data
                else:
                    self.by_class[n][-1] += data


def texts(html: str) -> _Texts:
    parser = _Texts()
    parser.feed(html)
    return parser


def said(html: str, selector: str) -> str:
    """The words of the element ``#id`` (or of each ``.class``, one a line), spaces collapsed."""
    t = texts(html)
    found = [t.by_id[selector]] if selector.startswith("#") else t.by_class.get(selector, [])
    assert found, f"no {selector} on the page"
    return "\n".join(" ".join(x.split()) for x in found)


# ---------------------------------------------------------------------------------------------
# Choose


def test_choose_page_has_a_control_for_every_parameter(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    keys = set(re.findall(r'data-key="([^"]+)"', r.text))
    assert set(flatten(load("classic").variant)) <= keys
    # each section of the rule sheet, in its order
    titles = re.findall(r"<summary>([^<]+)", r.text)
    assert titles[:3] == ["The players and the deal", "A turn", "Melds and canastas"]


def test_every_builtin_is_offered_with_players_and_sources(client: TestClient) -> None:
    r = client.get("/?base=samba")
    assert r.status_code == 200
    assert 'value="samba" selected' in r.text
    assert "Bicycle, Game Rules Finder: Samba" in r.text  # a source, by its title
    assert client.get("/?base=../../etc/passwd").status_code == 400


def test_a_control_shows_which_source_says_what(client: TestClient) -> None:
    page = client.get("/").text
    block = page[page.index('data-key="black_threes.discarded"') :][:4000]
    # 001 states "stop"; Bicycle's account (B, as 001 reports it) has the discarded black three
    # freeze the pile
    assert "sources disagree" in block
    # the values in words, not as a file writes them ("freeze", with its quotes)
    assert "&#34;freeze&#34;" not in block
    freeze = re.search(r'<strong class="value">freezes the pile</strong>: ([^<]*)<', block)
    stop = re.search(
        r'<strong class="value">stops the next player, nothing more</strong>: ([^<]*)<', block
    )
    assert freeze is not None and stop is not None
    # 001 only reports Bicycle's freeze: it is not listed as saying both
    assert freeze.group(1).strip() == "Bicycle/Hoyle"
    assert stop.group(1).startswith("Pagat&#39;s Classic Canasta, teaching page")


def control_block(page: str, key: str) -> str:
    block = page[page.index(f'data-key="{key}"') :]
    return block[: block.index("data-key=", 10)]


def test_a_control_is_titled_and_its_choices_labelled_in_words(client: TestClient) -> None:
    """The title and each option say what variants show says (canasta_rules.variant.spoken);
    the value sent and kept in the house file stays the file's word ("freeze")."""
    page = client.get("/").text
    block = control_block(page, "black_threes.discarded")
    assert re.search(
        r'<label for="c-black_threes.discarded">A discarded black three</label>\s*'
        r'<code class="key">black_threes.discarded</code>',
        block,
    )
    options = re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', block)
    assert options == [
        ("stop", "stops the next player, nothing more"),
        ("freeze", "freezes the pile"),
    ]
    # one entry of a list-valued setting reads as that entry alone: "jokers", not "joker"
    boxes = re.findall(
        r'<input type="checkbox" value="([^"]*)"[^>]*> ([^<]*)</label>',
        control_block(page, "deal.upcard_covered"),
    )
    assert boxes == [
        ("joker", "jokers"),
        ("two", "twos"),
        ("red_three", "red threes"),
        ("black_three", "black threes"),
    ]
    boxes = re.findall(
        r'<input type="checkbox" value="([^"]*)"[^>]*> ([^<]*)</label>',
        control_block(page, "pile.unfrozen"),
    )
    assert [(v, html.unescape(w)) for v, w in boxes] == [
        ("natural_pair", "pair of naturals"),
        ("natural_and_wild", "natural + wild"),
        ("add_to_meld", "onto side's meld"),
    ]
    # a table's columns and their choices
    seating = control_block(page, "seating")
    assert re.findall(r'<th title="[^"]*">([^<]*)</th>', seating) == [
        "Players",
        "Cards dealt to each player",
        "Players on a side",
        "How sides form",
        "Sitting out",
    ]
    assert '<option value="fixed" selected>as seated, for the whole game</option>' in seating


def test_values_that_differ_only_by_table_size_are_not_a_disagreement(client: TestClient) -> None:
    """Two packs for four players and three for six (001; Bicycle's six-hand game) are the
    game's own: the page says "by table size", not "sources disagree"."""
    page = client.get("/").text
    block = page[page.index('data-key="deck.decks"') :]
    block = block[: block.index("data-key=", 10)]
    assert "by table size" in block and "sources disagree" not in block
    assert '<strong class="value">3 packs</strong>: Bicycle/Hoyle' in block


def test_a_source_giving_another_table_size_its_own_value_is_kept() -> None:
    """Bicycle plays four to 5000 and six to 10000 (bicycle.toml, six-hand.toml cite B): two
    values of one source for different tables, both kept."""
    from canasta_rules.serve.sayings import sayings

    said = {shown: srcs for shown, srcs, _ in sayings("game.target")}
    assert "B" in said["5000"] and "B" in said["10000"]
    assert said["3000"] == ("002",)


def test_black_three_freeze_changes_the_sheet_the_diff_and_nothing_else(
    client: TestClient,
) -> None:
    plain = preview(client, {})
    house = preview(client, {"black_threes.discarded": "freeze"})
    assert plain["ok"] and house["ok"]
    assert plain["changed"] == 0 and house["changed"] == 1
    assert "black_threes.discarded" in house["diff"] and "freeze" in house["diff"]
    assert "House rule" not in plain["sheet"]
    # the changed rule is marked on the sheet, sourced (001 reports Bicycle's freeze)
    assert "Changed (" in house["sheet"] or "House rule" in house["sheet"]
    assert house["sheet"] != plain["sheet"]


def test_a_bad_value_is_shown_at_its_key(client: TestClient) -> None:
    out = preview(client, {"game.target": "lots", "melds.max_wild": 99})
    assert not out["ok"]
    assert out["problems"]["game.target"][0].startswith("must be a whole number")
    assert "at most 7" in out["problems"]["melds.max_wild"][0]


def test_lints_follow_the_changes(client: TestClient) -> None:
    out = preview(client, {"canastas.size": 15, "melds.max_wild": 7})
    assert out["ok"]
    assert "canastas" in out["lints"] or "warning" in out["lints"] or "error" in out["lints"]
    assert out["lints"] != preview(client, {})["lints"]


def test_the_changes_the_checks_and_the_problems_name_rules_in_words(client: TestClient) -> None:
    """A family reads the name of a rule and its values in words; the dotted key stays small
    beside it, and the page does not echo the override it sent ('[canastas.size=40]')."""
    out = preview(client, {"black_threes.discarded": "freeze"})
    row = re.search(r'<tr data-key="black_threes.discarded">(.*?)</tr>', out["diff"], re.S)
    assert row is not None
    cells = [
        " ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split())
        for c in re.findall(r"<td>(.*?)</td>", row.group(1), re.S)
    ]
    assert cells == [
        "A discarded black three black_threes.discarded",
        "stops the next player, nothing more",
        "freezes the pile",
    ]
    out = preview(client, {"initial_meld.tiers": [{"below": 0, "minimum": 15}, {"minimum": 5000}]})
    assert said(out["lints"], ".error").startswith(
        "Cannot be played: Initial meld minimum by score, row 2: minimum "
        "initial_meld.tiers.1.minimum: "
        "a first meld must count 5000"
    )
    cells = [
        " ".join(html.unescape(re.sub(r"<[^>]+>", " ", c)).split())
        for c in re.findall(r"<td>(.*?)</td>", out["diff"], re.S)
    ]
    assert cells[1:] == [
        "below 0 (a negative score): 15; 0 to 1499: 50; 1500 to 2999: 90; 3000 and above: 120",
        "below 0 (a negative score): 15; 0 and above: 5000",
    ]
    out = preview(client, {"canastas.size": 40})
    assert out["problems"]["canastas.size"] == ["must be at most 15, got 40"]


def test_a_source_named_by_its_number_gets_its_title(client: TestClient) -> None:
    """A rule's description that cites '(004)' says which source that is, beside the rule."""
    page = client.get("/").text
    block = page[page.index('data-key="red_threes.against_when_opponents_out"') :]
    block = block[: block.index("data-key=", 10)]
    assert '<abbr title="General rules site, Classic Canasta">004</abbr>' in block
    assert said(block, ".legend") == "004: General rules site, Classic Canasta"


def test_the_about_page_is_the_key_to_the_sources_short_codes(client: TestClient) -> None:
    """Descriptions cite sources by short codes (004, CJ): the About page says what each is."""
    page = client.get("/about").text
    assert "<dt>004</dt><dd>General rules site, Classic Canasta</dd>" in page
    assert "<dt>CJ</dt><dd>Canasta Junction, Scoring guide" in page
    assert '<a href="/rule">ruling page</a>' in page


def test_a_new_kind_brings_its_own_controls(client: TestClient) -> None:
    r = client.post(
        "/api/controls",
        json={"base": "classic", "changes": {"melds.sequences.kind": "same_suit"}},
    )
    assert r.status_code == 200
    assert 'data-key="melds.sequences.min_length"' in r.json()["html"]


def test_download_extends_the_base_holds_only_the_changes_and_validates(
    client: TestClient, tmp_path: Path
) -> None:
    changes = {
        "black_threes.discarded": "freeze",
        "game.target": 3000,
        "initial_meld.tiers": [{"below": 0, "minimum": 15}, {"minimum": 90}],
    }
    r = client.post(
        "/download", data={"base": "classic", "changes": json.dumps(changes), "name": "ours"}
    )
    assert r.status_code == 200
    assert 'filename="ours.toml"' in r.headers["content-disposition"]
    text = r.text
    assert 'extends = "classic"' in text
    assert "# classic has 5000; 3000 is given by 002" in text
    assert "is a house rule" in text  # the two-tier table
    path = tmp_path / "ours.toml"
    path.write_text(text)
    lv = load(path)
    want = load(
        "classic",
        [
            'black_threes.discarded="freeze"',
            "game.target=3000",
            "initial_meld.tiers=[{below=0, minimum=15}, {minimum=90}]",
        ],
    )
    assert flatten(lv.variant) == flatten(want.variant)


def test_the_sheet_prints_on_its_own(client: TestClient) -> None:
    changes = json.dumps({"game.target": 3000})
    r = client.get("/sheet", params={"base": "classic", "changes": changes})
    assert r.status_code == 200 and r.text.startswith("<!DOCTYPE html>")
    assert "3000" in r.text
    card = client.get("/sheet", params={"base": "classic", "changes": changes, "card": "1"})
    assert "quick reference" in card.text


def test_uploading_a_house_file_fills_the_controls(client: TestClient) -> None:
    text = 'extends = "classic"\n[game]\ntarget = 3000\n[black_threes]\ndiscarded = "freeze"\n'
    r = client.post("/upload", files={"file": ("thursday.toml", text, "application/toml")})
    assert r.status_code == 200
    assert "Read thursday.toml: 2 changes from classic." in r.text
    changes = json.loads(
        re.search(r'data-changes="([^"]*)"', r.text).group(1).replace("&#34;", '"')  # type: ignore[union-attr]
    )
    assert changes == {"black_threes.discarded": "freeze", "game.target": 3000}


def test_a_broken_upload_shows_each_error_beside_its_control_with_key_and_line(
    client: TestClient,
) -> None:
    text = 'extends = "classic"\n\n[game]\ntarget = "many"\n[melds]\nmax_wild = 99\n'
    r = client.post("/upload", files={"file": ("broken.toml", text, "application/toml")})
    assert r.status_code == 422
    page = r.text
    block = page[page.index('data-key="game.target"') :][:3000]
    assert "broken.toml, line 4: game.target: must be a whole number" in block
    block = page[page.index('data-key="melds.max_wild"') :][:3000]
    assert "broken.toml, line 6: melds.max_wild: must be at most 7" in block


# ---------------------------------------------------------------------------------------------
# Safety


@pytest.fixture
def secret(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A variant file outside any upload, holding a value that must never be echoed."""
    folder = tmp_path_factory.mktemp("outside")
    path = folder / "secret.toml"
    path.write_text(f'extends = "classic"\n[game]\ntarget = "{SECRET}"\n')
    return path


def test_a_house_file_extending_an_absolute_path_is_refused_unread(
    client: TestClient, secret: Path
) -> None:
    text = f'extends = "{secret}"\n[game]\ntarget = 3000\n'
    r = client.post("/upload", files={"file": ("house.toml", text, "application/toml")})
    assert r.status_code == 422
    assert "absolute path" in r.text
    assert SECRET not in r.text
    no_traceback(r.text)
    assert client.get("/").status_code == 200  # still serving


def test_a_house_file_extending_outside_its_folder_is_refused(client: TestClient) -> None:
    for ref in ("../secret.toml", "../../../etc/passwd", "/etc/passwd"):
        text = f'extends = "{ref}"\n'
        r = client.post("/upload", files={"file": ("house.toml", text, "application/toml")})
        assert r.status_code == 422, ref
        assert "root:" not in r.text
        assert "extends" in r.text


def test_a_house_file_may_extend_another_file_of_the_same_upload(client: TestClient) -> None:
    parent = 'extends = "classic"\n[game]\ntarget = 3000\n'
    child = 'extends = "ours.toml"\n[black_threes]\ndiscarded = "freeze"\n'
    r = client.post(
        "/upload",
        files=[
            ("file", ("child.toml", child, "application/toml")),
            ("file", ("ours.toml", parent, "application/toml")),
        ],
    )
    assert r.status_code == 200, r.text
    assert "Read child.toml: 2 changes from classic." in r.text


def test_a_record_naming_an_outside_variant_is_refused_unread(
    client: TestClient, secret: Path
) -> None:
    record = (EXAMPLES / "classic-game.can").read_text()
    for ref in (str(secret), "../" + secret.parent.name + "/secret.toml", "../x.toml"):
        hostile = record.replace('[Variant "classic"]', f'[Variant "{ref}"]')
        r = client.post("/replay", files={"record_file": ("game.can", hostile, "text/plain")})
        assert r.status_code == 200
        assert SECRET not in r.text, ref
        assert 'id="replay-error"' in r.text
        no_traceback(r.text)


def test_the_allowed_folders_of_the_command_line_are_not_open_to_uploads(
    secret: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder allowed for the person's own files (CANASTA_ALLOW_EXTENDS) is not open to a
    stranger's upload: the server drops it, and a record naming a file there is refused."""
    from starlette.testclient import TestClient as Client

    from canasta_rules.serve.app import create_app
    from canasta_rules.variant.confine import ALLOW_EXTENDS_ENV

    monkeypatch.setenv(ALLOW_EXTENDS_ENV, str(secret.parent))
    with Client(create_app()) as c:
        record = (EXAMPLES / "classic-game.can").read_text()
        hostile = record.replace('[Variant "classic"]', f'[Variant "{secret}"]')
        r = c.post("/replay", files={"record_file": ("game.can", hostile, "text/plain")})
        assert r.status_code == 200
        assert 'id="replay-error"' in r.text and SECRET not in r.text
        assert "absolute path" in r.text


def test_an_oversized_upload_is_refused(client: TestClient) -> None:
    big = "# x\n" * (MAX_BODY_BYTES // 4 + 10)
    r = client.post("/upload", files={"file": ("big.toml", big, "application/toml")})
    assert r.status_code == 413
    assert "too large" in r.text
    assert client.get("/").status_code == 200


def test_a_deeply_nested_toml_gets_a_clear_error(client: TestClient) -> None:
    text = 'extends = "classic"\nx = ' + "[" * 3000 + "]" * 3000 + "\n"
    r = client.post("/upload", files={"file": ("deep.toml", text, "application/toml")})
    assert r.status_code == 422
    assert "nested too deeply" in r.text
    no_traceback(r.text)


def test_a_huge_integer_and_bad_encoding_get_clear_errors(client: TestClient) -> None:
    r = client.post(
        "/upload",
        files={"file": ("big.toml", 'extends = "classic"\n[game]\ntarget = ' + "9" * 5000, "x")},
    )
    assert r.status_code == 422 and "integer too large" in r.text
    r = client.post("/upload", files={"file": ("latin.toml", b"title = '\xe9'\n", "x")})
    assert r.status_code == 422 and "UTF-8" in r.text


def test_bad_requests_get_a_message_not_a_traceback(client: TestClient) -> None:
    r = client.post("/api/preview", content=b"[" * 100_000, headers={"content-type": "x"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = client.post("/api/preview", json={"base": "classic", "changes": {"a": [[[[1]]]]}})
    assert r.status_code == 400
    r = client.get("/no-such-page")
    assert r.status_code == 404 and "no such page" in r.text
    r = client.post("/upload", files={})
    assert r.status_code == 400
    # a message of the library, written to follow a prefix, reads as a sentence on its own
    assert said(r.text, "#error-message") == "Choose a house file (.toml) to upload."


# ---------------------------------------------------------------------------------------------
# Rule and replay


NORTH = """\
[Variant "classic"]
[Scores "NS 0, EW 0"]
hand N: 4c 5c 8c 8d Kh Kd Ks 9s Qh Jd 6s
hand E: 11 unseen
hand S: 11 unseen
hand W: 11 unseen
pile: 6h 9c 8s
to move: N draw
"""
"""North's own view, from docs/notation.md ('A ruling at the table'): the other hands as counts."""


def test_a_ruling_from_one_seat_names_the_legal_way(client: TestClient) -> None:
    """Unseen hands are read; a pair short of the opening minimum (001: 50 at a score of 0) is
    refused, and the answer names the pickup with the kings laid with it, in words and in the
    notation. Seats are named as players name them."""
    r = client.post("/rule", data={"variant": "own", "position": NORTH, "move": "take with 8c 8d"})
    assert r.status_code == 200
    assert said(r.text, "#verdict") == (
        "Refused: North may not take the pile, melding the 8\u2660 on top with 8\u2663 8\u2666 "
        "from hand."
    )
    assert said(r.text, "#ruling-text") == (
        "Your side's first melds must count at least 50; these count 30 (cards buried in the "
        "pile do not count)."
    )
    assert said(r.text, "#rule-code") == "open.below_minimum"
    assert said(r.text, "#legal-instead").startswith(
        "take the pile, melding the 8\u2660 on top with 8\u2663 8\u2666 from hand, and meld "
        "K\u2666 K\u2665 K\u2660 with it take 8s with 8c 8d and Kd Kh Ks ("
    )
    assert 'data-move="take 8s with 8c 8d and Kd Kh Ks"' in r.text  # a click fills the Move box
    assert "Legal moves for North" in r.text
    assert "Legal moves for N<" not in r.text


def test_a_refusal_names_its_rule_in_words_before_its_key(client: TestClient) -> None:
    """A family does not know ``black_threes.discarded``: the rule is named in words, said what
    it is, and its value in these rules given in words (001: a black three on top blocks the
    next pickup, 'stop'); the key and the rule code stay, small, beside it."""
    position = NORTH.replace("pile: 6h 9c 8s", "pile: 6h 9c 3s")
    r = client.post("/rule", data={"variant": "own", "position": position, "move": "take"})
    assert said(r.text, "#verdict") == (
        "Refused: North may not take the pile, adding the 3\u2660 on top to the side's threes."
    )
    assert said(r.text, "#ruling-text") == "A black three on top of the pile blocks it."
    assert said(r.text, "#rule-name") == (
        "A discarded black three black_threes.discarded A discarded black three always stops the "
        "next player taking the pile while it is on top."
    )
    assert re.search(r'<strong>A discarded black three</strong> <code class="key"', r.text)
    assert said(r.text, "#rule-value") == (
        "Classic Canasta (Pagat's rules): stops the next player, nothing more"
    )
    assert said(r.text, "#rule-code") == "pile.top_black_three"
    # a rule every ruleset shares has no setting to name
    r = client.post("/rule", data={"variant": "own", "position": NORTH, "move": "discard 4c"})
    assert said(r.text, "#verdict") == "Refused: North may not discard the 4\u2663."
    assert said(r.text, "#rule-name") == "one every ruleset shares (no house rule changes it)"
    assert 'id="rule-value"' not in r.text


def test_a_bare_draw_from_an_unseen_stock_is_legal_with_a_note(client: TestClient) -> None:
    """'May I draw?' asked without naming the card, as at the table: legal, and the page says, as
    canasta ruling does, that nothing after the draw is judged and how to ask about it."""
    r = client.post("/rule", data={"variant": "own", "position": NORTH, "move": "draw"})
    assert said(r.text, "#verdict") == "Legal: North may draw from the stock."
    assert said(r.text, "#unnamed") == (
        "The card drawn is not named, so nothing after the draw is judged. To ask about the "
        "rest of the turn, name it, as in 'draw 6d'."
    )
    # a named draw is judged whole, with no such note
    r = client.post("/rule", data={"variant": "own", "position": NORTH, "move": "draw 6d"})
    assert said(r.text, "#verdict").startswith("Legal")
    assert 'id="unnamed"' not in r.text


def test_a_legal_move_is_said_as_a_sentence_and_the_moves_in_words(client: TestClient) -> None:
    """'Legal: West may discard the K♥.' Each legal move is listed in the notation (what one
    types, and what a click puts in the Move box) and in words."""
    pos = (EXAMPLES / "took-the-pile.pos").read_text()
    r = client.post("/rule", data={"variant": "own", "position": pos, "move": "discard Kh"})
    assert said(r.text, "#verdict") == "Legal: West may discard the K\u2665."
    assert 'class="verdict legal"' in r.text
    assert "Legal moves for West" in r.text
    moves = said(r.text, "#legal-moves")
    assert moves.startswith(
        "Meld meld Ac Ad As meld A\u2663 A\u2666 A\u2660 Discard discard 4d discard the 4\u2666 "
    )
    assert 'data-move="discard 4d"' in r.text
    # a move written with its seat is said for that seat
    r = client.post("/rule", data={"variant": "own", "position": pos, "move": "E discard Kh"})
    assert said(r.text, "#verdict") == "Refused: East may not discard the K\u2665."
    assert said(r.text, "#ruling-text") == "It is West's turn, not East's."
    # a turn of several actions, each in words
    r = client.post(
        "/rule",
        data={"variant": "own", "position": NORTH, "move": "draw 7c meld Kh Kd Ks discard 4c"},
    )
    assert said(r.text, "#verdict").startswith(
        "Refused: North may not draw the 7\u2663 from the stock, then meld K\u2665 K\u2666 "
        "K\u2660, then discard the 4\u2663."
    )


def test_an_answer_and_a_finished_hand_are_said_in_words(client: TestClient) -> None:
    """Partner's answer is listed, and ruled on, as an answer (written, as the notation does,
    as the asker's 'ask yes'); a finished hand says there is nothing more to play."""
    pos = (EXAMPLES / "asking.pos").read_text()
    r = client.post("/rule", data={"variant": "own", "position": pos, "move": "ask yes"})
    assert said(r.text, "#verdict") == (
        "Legal: South may answer yes to partner's \u201cmay I go out?\u201d."
    )
    assert "answer yes to partner's \u201cmay I go out?\u201d" in said(r.text, ".words")
    assert "Legal moves for South" in r.text
    pos = (EXAMPLES / "e3-end-of-hand.pos").read_text()
    r = client.post("/rule", data={"variant": "own", "position": pos, "move": ""})
    assert said(r.text, "#hand-over") == "The hand is over: there is nothing more to play."
    assert "Legal moves for" not in r.text


def test_a_ruling_says_what_the_turn_still_owes(client: TestClient) -> None:
    """A meld short of the minimum is legal so far: the page says how much more this turn."""
    position = NORTH.replace("to move: N draw", "turn: drew stock\nto move: N play").replace(
        "9s Qh Jd", "Qc Qd Qh"
    )  # the queens can make up the rest
    r = client.post("/rule", data={"variant": "own", "position": position, "move": "meld Kh Kd Ks"})
    assert said(r.text, "#verdict") == ("Legal so far: North may meld K\u2665 K\u2666 K\u2660.")
    assert said(r.text, "#owed") == "Still to do this turn:"
    owed = re.search(r'<ul class="owed"><li>([^<]*)</li>', r.text)
    assert owed is not None
    assert owed.group(1) == (
        "your side&#39;s first melds count 30 of 50 this turn; 20 more before you discard"
    )


def test_a_ruling_matches_the_command_line(client: TestClient) -> None:
    from typer.testing import CliRunner

    from canasta_rules.cli import app

    pos = EXAMPLES / "took-the-pile.pos"
    for move in ("discard Kh", "discard Kh discard 4d"):
        cli = CliRunner().invoke(app, ["ruling", str(pos), move, "--json"])
        want = json.loads(cli.output)
        r = client.post("/rule", data={"variant": "own", "position": pos.read_text(), "move": move})
        head = said(r.text, "#verdict").split(":")[0]
        assert head == {"legal": "Legal", "refused": "Refused"}[want["verdict"]]
        if want["code"]:
            assert said(r.text, "#rule-code") == want["code"]


def test_the_page_explains_how_to_write_a_position_and_its_example_works(
    client: TestClient,
) -> None:
    """A family has no docs folder: the page says how a position is written, and the example it
    starts with can be asked as it stands."""
    page = client.get("/rule").text
    guide = said(page, "#how-to-write")
    for line in (
        "[Variant",
        "[Scores",
        "hand N:",
        "hand E: 11 unseen",
        "pile:",
        "stock 60",
        "to move: N draw",
        "North and South (NS) play together",
    ):
        assert line in guide, line
    assert "docs/notation.md" not in page
    position = re.search(r'<textarea name="position"[^>]*>(.*?)</textarea>', page, re.S)
    move = re.search(r'<input type="text" name="move" id="move" value="([^"]*)"', page)
    assert position is not None and move is not None
    r = client.post(
        "/rule",
        data={
            "variant": "own",
            "position": html.unescape(position.group(1)),
            "move": move.group(1),
        },
    )
    assert 'id="answer-error"' not in r.text
    assert said(r.text, "#verdict").startswith("Refused: North may not take the pile")


def test_a_slip_is_placed_in_the_box_it_is_in(client: TestClient) -> None:
    """A pasted position's slip is at a line of the Position box, a move's at a character of the
    Move box (not at 'position.pos' or '<move>', names the page never showed)."""
    broken = NORTH.replace("pile: 6h 9c 8s", "pile: 6h 9c 8s\nstock: 60")
    r = client.post("/rule", data={"variant": "own", "position": broken, "move": "draw 7c"})
    # (the message itself is the notation's: only the place is the page's)
    error = said(r.text, "#answer-error")
    assert error.startswith("Position, line 8, column 6: ") and "stock" in error
    # (a bare 'draw' alone is answered, "may I draw?"; followed by more, it cannot be followed)
    r = client.post("/rule", data={"variant": "own", "position": NORTH, "move": "draw discard 6s"})
    assert said(r.text, "#answer-error").startswith("Move, at character 1: ")
    assert "&lt;move&gt;" not in r.text and "position.pos" not in r.text


def test_stepping_through_a_bundled_record(client: TestClient) -> None:
    record = (EXAMPLES / "classic-game.can").read_text()
    r = client.post("/replay", files={"record_file": ("classic-game.can", record, "text/plain")})
    assert r.status_code == 200
    data = json.loads(
        re.search(r'<script id="steps-data"[^>]*>(.*?)</script>', r.text, re.S).group(1)
    )  # type: ignore[union-attr]
    assert data[0]["turn"] == 0 and data[0]["hand"] == 1
    assert len(data[0]["table"]["hands"][0]["cards"]) == 11  # classic deals 11 each (001)
    assert any(step["score"] for step in data)
    assert 'id="replay-error"' not in r.text
    # seats by name, cards as a player writes them, each turn in words beside its notation
    assert [h["seat"] for h in data[0]["table"]["hands"]] == ["North", "East", "South", "West"]
    assert data[0]["table"]["to_move"] == "South"
    assert data[2]["text"] == "W take with 7c 7s and Ac Ad 2h discard 6d"
    assert data[2]["words"] == (
        "West: take the pile, melding the 7\u2660 on top with 7\u2663 7\u2660 from hand, and meld "
        "A\u2663 A\u2666 2\u2665 with it, then discard the 6\u2666"
    )
    ew = {m["title"]: m["cards"] for m in data[2]["table"]["sides"][1]["melds"]}
    assert ew == {
        "Sevens": ["7\u2663", "7\u2660", "7\u2660"],
        "Aces": ["2\u2665", "A\u2663", "A\u2666"],
    }
    end = next(step for step in data if step["score"])
    assert end["table"]["end"] == "North went out"  # the first hand
    # rows a ruleset scores nothing in (runs, in classic) are left out, as the command line does
    rows = [row[0] for row in end["score"]]
    assert "Run canastas" not in rows and rows[-1] == "Total"


def test_a_record_that_goes_wrong_shows_the_refusal_at_its_move(client: TestClient) -> None:
    record = (EXAMPLES / "classic-game.can").read_text()
    lines = record.splitlines()
    i = next(i for i, ln in enumerate(lines) if re.match(r"\s*S draw", ln))
    lines[i] = re.sub(r"discard (\S+)", "discard Qs Qs", lines[i], count=1)
    r = client.post(
        "/replay", files={"record_file": ("bad.can", "\n".join(lines) + "\n", "text/plain")}
    )
    assert r.status_code == 200
    error = re.search(r'id="replay-error">(.*?)</p>', r.text, re.S).group(1)  # type: ignore[union-attr]
    assert error.startswith(f"bad.can:{i + 1}:")
    assert "canasta-serve-" not in r.text  # the server's private folder is never shown


# ---------------------------------------------------------------------------------------------
# Try it


def test_try_it_plays_both_rulesets_and_one_trial_at_a_time(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client's second trial is refused while its first runs. Games to 1500 are over in
    milliseconds, so the first trial waits for the second request before it plays."""
    from canasta_rules.serve import trial

    asked_again = threading.Event()
    play = trial._run

    def held(t: trial.Trial) -> None:
        asked_again.wait(timeout=30)
        play(t)

    monkeypatch.setattr(trial, "_run", held)
    body = {"base": "classic", "changes": {"game.target": 1500}, "games": 4}
    r = client.post("/api/try", json=body)
    assert r.status_code == 200
    job = r.json()
    again = client.post("/api/try", json=body)
    asked_again.set()
    assert again.status_code == 429 and "still running" in again.json()["error"]
    for _ in range(300):
        out = client.get(f"/api/try/{job['id']}").json()
        if out["done"]:
            break
        time.sleep(0.1)
    assert out["done"] and not out["error"], out
    assert "house rules" in out["html"] and "classic" in out["html"]
    assert (
        re.search(r"<p>([^<]*)</p>", out["html"])
        .group(1)
        .startswith(  # type: ignore[union-attr]
            "4 games under your house rules and 4 under classic, every seat played by the"
        )
    )
    rows = re.findall(r"<tr><td>([^<]*)</td>", out["html"])
    assert "games won by the side that plays first" in rows
    assert "hands that ended because the stock ran out" in rows
    assert not any("_" in row or "guard" in row for row in rows)
    assert out["progress"] == out["total"] == 8
    assert client.post("/api/try", json={**body, "games": 10_000}).status_code == 400


# ---------------------------------------------------------------------------------------------
# A burst of requests on a real server


def test_twenty_requests_at_once_get_only_2xx_and_4xx() -> None:
    import httpx2 as httpx

    record = (EXAMPLES / "classic-game.can").read_text()
    calls = [
        ("GET", "/", {}),
        ("POST", "/api/preview", {"json": {"base": "classic", "changes": {"game.target": 3000}}}),
        ("POST", "/api/preview", {"json": {"base": "nope"}}),
        ("POST", "/upload", {"files": {"file": ("h.toml", 'extends = "/etc/passwd"\n', "x")}}),
        ("POST", "/replay", {"files": {"record_file": ("g.can", record, "x")}}),
    ] * 4
    statuses: list[int] = []
    with running_server() as base:

        def call(method: str, path: str, kw: dict) -> None:
            statuses.append(httpx.request(method, base + path, timeout=60, **kw).status_code)

        threads = [threading.Thread(target=call, args=c) for c in calls]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert httpx.get(base + "/").status_code == 200  # and it keeps serving
    assert len(statuses) == 20
    assert all(200 <= s < 500 for s in statuses), statuses
