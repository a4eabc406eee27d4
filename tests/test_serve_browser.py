"""`canasta serve` in a real browser: headless Chromium (Debian's chromium and chromium-driver),
driven by selenium, on the main paths a family takes.

Without Chromium on the machine these tests are skipped, unless CANASTA_REQUIRE_BROWSER=1 (which
.ci/run sets, after installing Chromium): then a missing browser is a failure. With
CANASTA_SCREENSHOTS=DIR the tests save the pictures docs/serve.md shows into DIR
(``CANASTA_SCREENSHOTS=docs/images pytest -n 0 tests/test_serve_browser.py``).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from serve_helpers import running_server

from canasta_rules.variant import load

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

if not (os.path.exists(CHROMIUM) and os.path.exists(DRIVER)):
    if os.environ.get("CANASTA_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"the browser tests need {CHROMIUM} and {DRIVER}")
    pytest.skip("no chromium and chromedriver on this machine", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

Driver = Any


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with running_server() as url:
        yield url


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(downloads: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Driver]:
    opts = Options()
    opts.binary_location = CHROMIUM
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1400,1000",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
    ):
        opts.add_argument(flag)
    opts.add_experimental_option(
        "prefs",
        {"download.default_directory": str(downloads), "download.prompt_for_download": False},
    )
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
    )
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def wait(driver: Driver, until: Callable[[Driver], Any], seconds: float = 30) -> Any:
    return WebDriverWait(driver, seconds, poll_frequency=0.1).until(until)


def shot(driver: Driver, name: str) -> None:
    folder = os.environ.get("CANASTA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(folder) / name))


def previews(driver: Driver) -> int:
    return int(driver.execute_script("return Number(document.body.dataset.previews || 0)"))


def tab(driver: Driver, name: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f'[role=tab][data-tab="{name}"]').click()


def test_toggle_the_black_three_freeze_and_see_sheet_and_diff_change(
    browser: Driver, base_url: str
) -> None:
    browser.get(base_url + "/?base=classic")
    sheet_before = browser.find_element(By.ID, "sheet").get_attribute("srcdoc")
    seen = previews(browser)
    head = browser.find_element(
        By.CSS_SELECTOR, '.control[data-key="black_threes.discarded"] .head'
    )
    assert head.find_element(By.TAG_NAME, "label").text == "A discarded black three"
    assert head.find_element(By.CSS_SELECTOR, "code.key").text == "black_threes.discarded"
    select = Select(browser.find_element(By.ID, "c-black_threes.discarded"))
    # each option in words; its value stays what the house file writes
    assert [(o.get_attribute("value"), o.text) for o in select.options] == [
        ("stop", "stops the next player, nothing more"),
        ("freeze", "freezes the pile"),
    ]
    assert select.first_selected_option.text == "stops the next player, nothing more"
    select.select_by_visible_text("freezes the pile")
    wait(browser, lambda d: previews(d) > seen)
    assert browser.find_element(By.ID, "status").text == "1 change from classic"
    sheet_after = browser.find_element(By.ID, "sheet").get_attribute("srcdoc")
    assert sheet_after != sheet_before
    # the changed rule is marked on the sheet
    assert "Changed (" in sheet_after or "House rule" in sheet_after
    control = browser.find_element(By.CSS_SELECTOR, '.control[data-key="black_threes.discarded"]')
    assert "changed" in control.get_attribute("class")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
    shot(browser, "serve-choose.png")
    tab(browser, "diff")
    row = browser.find_element(By.CSS_SELECTOR, '#diff tr[data-key="black_threes.discarded"]')
    assert [td.text for td in row.find_elements(By.TAG_NAME, "td")] == [
        "A discarded black three black_threes.discarded",
        "stops the next player, nothing more",
        "freezes the pile",
    ]
    tab(browser, "sheet")


def test_a_way_to_take_the_pile_is_a_box_in_words(browser: Driver, base_url: str) -> None:
    """pile.unfrozen is a list: each box reads its one way as the rule sheet heads it (001: a
    pair of naturals, a natural and a wild, or onto the side's meld), and the Changes tab says
    the list that is left in the same words."""
    browser.get(base_url + "/?base=classic")
    seen = previews(browser)
    boxes = browser.find_elements(By.CSS_SELECTOR, "#c-pile\\.unfrozen label.box")
    assert [
        (b.find_element(By.TAG_NAME, "input").get_attribute("value"), b.text) for b in boxes
    ] == [
        ("natural_pair", "pair of naturals"),
        ("natural_and_wild", "natural + wild"),
        ("add_to_meld", "onto side's meld"),
    ]
    head = browser.find_element(By.CSS_SELECTOR, '.control[data-key="pile.unfrozen"] .head label')
    assert head.text == "Ways to take an unfrozen pile"
    boxes[2].find_element(By.TAG_NAME, "input").click()
    wait(browser, lambda d: previews(d) > seen)
    tab(browser, "diff")
    row = browser.find_element(By.CSS_SELECTOR, '#diff tr[data-key="pile.unfrozen"]')
    assert [td.text for td in row.find_elements(By.TAG_NAME, "td")][1:] == [
        "pair of naturals, natural + wild or onto side's meld",
        "pair of naturals or natural + wild",
    ]
    tab(browser, "sheet")
    # a table's columns are named in words too
    heads = browser.find_elements(By.CSS_SELECTOR, "#c-seating th")
    assert [h.text for h in heads][:5] == [
        "Players",
        "Cards dealt to each player",
        "Players on a side",
        "How sides form",
        "Sitting out",
    ]


def test_export_the_house_file_and_validate_it(
    browser: Driver, base_url: str, downloads: Path
) -> None:
    browser.get(base_url + "/?base=classic")
    seen = previews(browser)
    Select(browser.find_element(By.ID, "c-black_threes.discarded")).select_by_value("freeze")
    target = browser.find_element(By.ID, "c-game.target")
    target.clear()
    target.send_keys("3000")
    browser.find_element(By.ID, "c-deck.decks").click()  # leave the field: its change fires
    wait(
        browser,
        lambda d: previews(d) > seen and "2 changes" in d.find_element(By.ID, "status").text,
    )
    name = browser.find_element(By.CSS_SELECTOR, "#download-form input[name=name]")
    name.clear()
    name.send_keys("thursday")
    browser.find_element(By.ID, "download").click()
    path = downloads / "thursday.toml"
    wait(browser, lambda d: path.exists() and path.stat().st_size > 0)
    time.sleep(0.2)  # Chromium renames the finished download into place
    lv = load(path)  # what `canasta variants validate` runs
    assert lv.variant.game.target == 3000
    assert lv.variant.black_threes.discarded == "freeze"
    text = path.read_text()
    assert 'extends = "classic"' in text and "[game]" in text
    from typer.testing import CliRunner

    from canasta_rules.cli import app

    result = CliRunner().invoke(app, ["variants", "validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "ok" in result.output


def test_upload_a_broken_house_file_and_see_the_located_error(
    browser: Driver, base_url: str, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text('extends = "classic"\n\n[game]\ntarget = "many"\n')
    browser.get(base_url + "/")
    browser.find_element(By.ID, "upload-file").send_keys(str(broken))
    browser.find_element(By.ID, "upload").click()
    control = wait(
        browser,
        lambda d: d.find_element(By.CSS_SELECTOR, '.control.has-problem[data-key="game.target"]'),
    )
    problem = control.find_element(By.CSS_SELECTOR, ".problem").text
    assert problem.startswith("broken.toml, line 4: game.target: must be a whole number")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
    shot(browser, "serve-upload-error.png")


def test_rule_on_a_position(browser: Driver, base_url: str) -> None:
    browser.get(base_url + "/rule")
    position = (EXAMPLES / "took-the-pile.pos").read_text()
    area = browser.find_element(By.ID, "position")
    browser.execute_script("arguments[0].value = arguments[1]", area, position)
    move = browser.find_element(By.ID, "move")
    move.clear()
    move.send_keys("discard Kh")
    browser.find_element(By.ID, "ask").click()
    verdict = wait(browser, lambda d: d.find_element(By.ID, "verdict"))
    assert verdict.text == "Legal: West may discard the K\u2665."
    assert "Legal moves for West" in browser.find_element(By.ID, "answer").text
    # a legal move clicked goes into the Move box, ready to ask about
    browser.find_element(By.CSS_SELECTOR, 'button.fill[data-move="meld Ac Ad As"]').click()
    assert browser.find_element(By.ID, "move").get_attribute("value") == "meld Ac Ad As"


def test_ask_the_example_ruling_and_read_the_guide(browser: Driver, base_url: str) -> None:
    """The page's own example as it stands: North's pair of eights is short of the opening
    minimum, and the answer says so in words, with the rule and the legal way."""
    browser.get(base_url + "/rule")
    guide = browser.find_element(By.ID, "how-to-write")
    guide.find_element(By.TAG_NAME, "summary").click()
    assert "hand E: 11 unseen" in guide.text
    browser.find_element(By.ID, "ask").click()
    verdict = wait(browser, lambda d: d.find_element(By.ID, "verdict"))
    assert verdict.text == (
        "Refused: North may not take the pile, melding the 8\u2660 on top with 8\u2663 8\u2666 "
        "from hand."
    )
    assert browser.find_element(By.ID, "rule-name").text.splitlines() == [
        "Initial meld minimum by score initial_meld.tiers",
        "Minimum count of a side's first melds in a hand, by the side's cumulative score before "
        "the deal.",
    ]
    assert browser.find_element(By.ID, "rule-value").text == (
        "Classic Canasta (Pagat's rules): below 0 (a negative score): 15; 0 to 1499: 50; "
        "1500 to 2999: 90; 3000 and above: 120"
    )
    browser.find_element(By.CSS_SELECTOR, "#legal-instead button.fill").click()
    assert browser.find_element(By.ID, "move").get_attribute("value") == (
        "take 8s with 8c 8d and Kd Kh Ks"
    )
    browser.execute_script("document.getElementById('how-to-write').open = false")
    browser.execute_script("window.scrollTo(0, 0)")
    shot(browser, "serve-rule.png")
    # "may I draw?" without naming the card: legal, with what is left unjudged
    move = browser.find_element(By.ID, "move")
    move.clear()
    move.send_keys("draw")
    browser.find_element(By.ID, "ask").click()
    wait(browser, lambda d: d.find_element(By.ID, "unnamed"))
    assert browser.find_element(By.ID, "verdict").text == "Legal: North may draw from the stock."
    assert browser.find_element(By.ID, "unnamed").text == (
        "The card drawn is not named, so nothing after the draw is judged. To ask about the "
        "rest of the turn, name it, as in 'draw 6d'."
    )


def test_step_through_a_bundled_record(browser: Driver, base_url: str) -> None:
    browser.get(base_url + "/replay")
    browser.find_element(By.ID, "record-file").send_keys(str(EXAMPLES / "classic-game.can"))
    browser.find_element(By.ID, "replay-go").click()
    where = wait(browser, lambda d: d.find_element(By.ID, "where"))
    assert where.text == "Hand 1: the deal (step 1 of 171)"
    assert browser.find_element(By.ID, "turn-words").text == "The cards are dealt."
    browser.find_element(By.ID, "next").click()
    assert browser.find_element(By.ID, "where").text.startswith("Hand 1, turn 1")
    assert browser.find_element(By.ID, "turn-text").text == "S draw 7s discard 7s"
    assert browser.find_element(By.ID, "turn-words").text == (
        "South: draw the 7\u2660 from the stock, then discard the 7\u2660."
    )
    assert "West to play." in browser.find_element(By.ID, "table").text
    for _ in range(6):
        browser.find_element(By.ID, "next").click()
    hands = browser.find_elements(By.CSS_SELECTOR, "#table .hand")
    assert [h.find_element(By.TAG_NAME, "h3").text.split(" (")[0] for h in hands] == [
        "North",
        "East",
        "South",
        "West",
    ]
    shot(browser, "serve-replay.png")
    browser.find_element(By.ID, "last").click()
    assert "The hand's score" in browser.find_element(By.ID, "table").text
