"""The rule sources the project is built from, and how to cite them.

The five documents are in ``shared/sources/`` (not shipped); variant files cite them by the
numeric prefix of their file names. The catalog letters are the further accounts that
RULE-PARAMETERS.md reports. The family sources are the public rule texts of the wider Canasta
family (Samba, Bolivia, Uruguayan Canasta) that docs/family/ summarises; they are cited by the
short ids those pages give them.

A person reads a source by its id and its label (:func:`label`): ``[001] Pagat's Classic
Canasta, teaching page``, never by its file name. Every output that names a source (rule sheets,
rulings, ``canasta variants list`` and ``show``, the docs) takes its words from :data:`LABELS` and
:data:`FAMILY` here; the file names are kept only as the key of docs/sources.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

SOURCE_FILES: dict[str, str] = {
    "000": "000_1e7ce48765e073b7.txt",
    "001": "001_0cb887cc6d824426.txt",
    "002": "002_d58438592396a398.txt",
    "003": "003_6d7b9b19ffba82c5.txt",
    "004": "004_747f80dc7edc8b8b.txt",
}

DESCRIPTIONS: dict[str, str] = {
    "000": "encyclopedia-style summary of classic partnership Canasta",
    "001": "teaching page following Pagat's Classic Canasta (the default ruleset)",
    "002": "help page of a two-player online Canasta game with options",
    "003": "step-by-step guide for novices",
    "004": "general rules site, 'Classic canasta' for 2-6 players",
    "P": "Pagat's Classic Canasta, as RULE-PARAMETERS.md reports it",
    "B": "Bicycle/Hoyle accounts, as RULE-PARAMETERS.md reports them",
    "W": "Wikipedia and its copies, as RULE-PARAMETERS.md reports them",
    "Brit": "Britannica's entry, as RULE-PARAMETERS.md reports it",
    "house": "a house rule, not from a published source",
}


LABELS: dict[str, str] = {
    "000": "Encyclopedia summary of Canasta",
    "001": "Pagat's Classic Canasta, teaching page",
    "002": "Two-player online Canasta, help page",
    "003": "Step-by-step guide for novices",
    "004": "General rules site, Classic Canasta",
    "P": "Pagat, as other accounts quote it",
    "B": "Bicycle/Hoyle",
    "W": "Wikipedia and its copies",
    "Brit": "Britannica",
    "house": "house rule, from no published source",
}
"""The short label a player reads for each source that is not a family source (those are
labelled by their :attr:`FamilySource.title`): what the source is, not its file name."""


class FamilySource(NamedTuple):
    """A public rule text of a family game: which game, its title and where it is."""

    game: str
    title: str
    address: str


FAMILY: dict[str, FamilySource] = {
    # docs/family/samba.md
    "BC": FamilySource(
        "samba",
        "Bicycle, Game Rules Finder: Samba",
        "http://www.bicyclecards.ca/game-rules/samba/169.php?page_id=32",
    ),
    "HSW": FamilySource(
        "samba",
        "HowStuffWorks, How to Play Canasta (Samba section)",
        "https://entertainment.howstuffworks.com/how-to-play-canasta3.htm",
    ),
    "WK": FamilySource(
        "samba", "White Knuckle Cards, Samba", "https://whiteknucklecards.com/games/samba.html"
    ),
    "PW": FamilySource(
        "samba",
        "Pagat, Samba (Harrie Wiering's Dutch rules)",
        "https://www.pagat.com/rummy/samba.html",
    ),
    "DX": FamilySource(
        "samba", "Denexa Games blog, Samba", "https://www.denexa.com/blog/tag/samba/"
    ),
    "UR": FamilySource(
        "samba",
        "Kanasta - og nu samba, Urval (Reykjavik), October 1952, pp. 26-27",
        "https://timarit.is/page/7907399",
    ),
    "KS": FamilySource("samba", "Kortspel.net, Samba", "https://kortspel.net/samba.htm"),
    # docs/family/bolivia.md
    "BCB": FamilySource(
        "bolivia",
        "Bicycle, Game Rules Finder: Bolivia",
        "http://www.bicyclecards.ca/game-rules/bolivia/48.php?page_id=32",
    ),
    "RGB": FamilySource(
        "bolivia",
        "Rummy-Games (Randy Rasa), Bolivia Rules",
        "http://www.rummy-games.com/rules/bolivia.html",
    ),
    "BNC": FamilySource(
        "bolivia",
        "Bolivian Canasta (personal rules page, archived 2001)",
        "http://web.archive.org/web/20010109180700/bright.net/~mile505/General/BCanasta.html",
    ),
    "SC": FamilySource(
        "bolivia",
        "Blackcoin, Canasta poker rules and variations (Bolivian Canasta)",
        "https://blackcoin.co/canasta-poker-rules-and-variations/",
    ),
    "WKB": FamilySource(
        "bolivia",
        "White Knuckle Cards, Bolivia",
        "https://whiteknucklecards.com/games/bolivia.html",
    ),
    # docs/family/uruguayan.md
    "RGU": FamilySource(
        "uruguayan",
        "Rummy-Games (Randy Rasa), Uruguay Rules",
        "http://www.rummy-games.com/rules/uruguay.html",
    ),
    "SCU": FamilySource(
        "uruguayan",
        "Blackcoin, Canasta poker rules and variations (Uruguay Canasta)",
        "https://blackcoin.co/canasta-poker-rules-and-variations/",
    ),
    "PBU": FamilySource(
        "uruguayan",
        "David Parlett, The Penguin Book of Card Games, Canasta variants: Uruguay",
        "https://read-online-books.com/book/read-online-the-penguin-book-of-card-games-"
        "everything-you-need-to-know-to-play-over-250-games-free/page-171",
    ),
    # docs/family/three-hand-cutthroat.md
    "BCT": FamilySource(
        "three-hand-cutthroat",
        "Bicycle, Cutthroat Canasta (Hoyle's three-hand game)",
        "http://www.bicyclecards.com/card-games/rule/cutthroat-canasta",
    ),
    "RG3": FamilySource(
        "three-hand-cutthroat",
        "Rummy-Games (Randy Rasa), Canasta For Three Players",
        "http://www.rummy-games.com/rules/canasta-for-three.html",
    ),
    "LR3": FamilySource(
        "three-hand-cutthroat",
        "LoveRummy, Play Canasta - Rules for three players",
        "http://loverummy.com/rummy-rules-three-player-canasta/",
    ),
    # docs/family/hand-and-foot.md
    "BW": FamilySource(
        "hand-and-foot",
        "Bill Whitnack, Our Rules for Hand and Foot (2005)",
        "http://web.archive.org/web/20120203230831/http:/members.shaw.ca/bvwhit/hand.html",
    ),
    "RGH": FamilySource(
        "hand-and-foot",
        "Rummy-Games (Randy Rasa), Hand and Foot Rules",
        "http://www.rummy-games.com/rules/hand-and-foot-canasta.html",
    ),
    "RDC": FamilySource(
        "hand-and-foot",
        "Roger DeMeritt, Hand and Foot: standard rules compiled from his questionnaire",
        "http://rogerdem.tripod.com/composit.htm",
    ),
    "BGA": FamilySource(
        "hand-and-foot",
        "Board Game Arena, Hand and Foot help page",
        "http://ja.doc.boardgamearena.com/index.php?title=Gamehelphandandfoot&diff=6844&oldid=6843",
    ),
    "NWP": FamilySource(
        "hand-and-foot",
        "North-West Pages, Hand and Foot: game overview",
        "https://handandfoot.northwestpages.com/GameOverView.php",
    ),
    "DNX": FamilySource(
        "hand-and-foot", "Denexa Games, Hand and Foot", "https://www.denexa.com/blog/hand-and-foot/"
    ),
    "TX": FamilySource(
        "hand-and-foot",
        "TXNetStars, Hand and Foot rules",
        "http://www.txnetstars.com/handandfoot/rules.html",
    ),
    "JC": FamilySource(
        "hand-and-foot", "Jerry Colby, Hand and Foot", "http://www.jerrycolby.com/Handfoot.htm"
    ),
    # docs/family/six-hand.md
    "RG6": FamilySource(
        "six-hand",
        "Rummy-Games (Randy Rasa), Canasta For Six Players",
        "http://www.rummy-games.com/rules/canasta-for-six.html",
    ),
    # docs/family/five-hand.md
    "RG5": FamilySource(
        "five-hand",
        "Rummy-Games (Randy Rasa), Canasta For Five Players",
        "http://www.rummy-games.com/rules/canasta-for-five.html",
    ),
    # docs/family/modern-american.md
    "CC": FamilySource(
        "modern-american",
        "Canasta Connection, Canasta Rules (Modern American)",
        "https://www.canastaconnection.com/canasta-rules",
    ),
    "CCOM": FamilySource(
        "modern-american",
        "Canasta.com, Modern Canasta rules",
        "https://www.canasta.com/modern-canasta.php",
    ),
    "CCP": FamilySource(
        "modern-american",
        "Canasta.com, Count the points in Modern Canasta",
        "https://canasta.com/2023/01/19/count-the-points-in-modern-canasta/",
    ),
    "CJ": FamilySource(
        "modern-american",
        "Canasta Junction, Scoring guide (the Count) and Picking the pack",
        "https://canastajunction.com/2024/09/02/scoring-guide-part-3",
    ),
    "POC": FamilySource(
        "modern-american",
        "Play Online Canasta, The Facts of Modern American Canasta",
        "http://www.playonlinecanasta.com/",
    ),
    "BUF": FamilySource(
        "modern-american",
        "Meggiesoft (bufton.org), Classic vs Modern American Canasta",
        "http://bufton.org/meggiesoft/canasta.htm",
    ),
    "WUS": FamilySource(
        "modern-american",
        "Wikipedia, Canasta: US American Canasta, melding rules (copy)",
        "https://liquisearch.com/canasta/us_american_canasta/melding_rules",
    ),
    "PAG": FamilySource(
        "modern-american",
        "Pagat (John McLeod), Canasta: Modern American Canasta",
        "https://pagat.com/rummy/canasta.html",
    ),
    "HBC": FamilySource(
        "modern-american",
        "Honors Bridge Club, Canasta House Rules",
        "http://www.honorsbridgeclub.org/canastahouserules.html",
    ),
    "CHM": FamilySource(
        "modern-american",
        "Chick Magnets, Canasta essentials",
        "https://chickmagnets.co/pages/canasta-essentials",
    ),
    "CLA": FamilySource(
        "modern-american",
        "Canasta League of America rules, as the Canasta Puntentelling app's specification "
        "reports them",
        "https://ebbeling.github.io/canasta/",
    ),
    "cat": FamilySource(
        "modern-american",
        "RULE-PARAMETERS.md, the project's catalog: its Modern American notes",
        "shared/RULE-PARAMETERS.md",
    ),
}
"""The family sources by id (the ids of the docs/family/ pages), with title and address."""

NOT_EXPRESSED: dict[str, tuple[str, ...]] = {
    "004": (
        "Its rule 6 keeps an exposed card face up until it can be melded or discarded; the "
        "penalties.exposed_card parameter keeps it face up, but nothing obliges the player to "
        "lay it at the first chance.",
    ),
    "BC": (
        "Samba: a side may hold two open melds of one rank and merge them when it likes; the "
        "model keeps one open meld of a rank per side (a second only once the first is a closed "
        "canasta). Kept out: combining melds is a move of its own (notation, move generator, "
        "engine), and with canastas closed at seven it would change only where wild cards go "
        "(docs/family/samba.md).",
    ),
    "UR": ("Samba: two open melds of one rank, merged at will (as BC).",),
    "BW": (
        "Hand and Foot: a discarded wild card taken with a matching wild pair, only the top "
        "seven cards of the pile taken, and one partner dealing the hands and the other the "
        "feet.",
    ),
    "DNX": ("Hand and Foot: each player cuts their own 22 cards, and an exact cut scores 100.",),
    "RG5": (
        "The sitter may watch but not advise or point out irregularities: table conduct, not a "
        "rule of play, so nothing checks it.",
    ),
    "CCP": ("Modern American: the special hands (a whole hand laid down at once).",),
    "CJ": (
        "Modern American: a three left in hand (-100), which legal play never leaves when every "
        "three is laid out, and only -5 when it was the last card drawn from the stock.",
    ),
    "HBC": (
        "Modern American: a player due a talon may meld down to the one card discarded; the "
        "rule that a player keeps a card to discard still applies.",
    ),
}
"""Rules a source states that no parameter expresses yet, in our words, by source id
(docs/sources.md lists them beside the pinned readings; docs/family/ has the game not built in
at all: Hand and Foot)."""

SOURCE_IDS: tuple[str, ...] = (
    *SOURCE_FILES,
    *(k for k in DESCRIPTIONS if k not in SOURCE_FILES),
    *FAMILY,
)
"""Every id a variant file may cite."""

SOURCE_PATTERN = "^(" + "|".join(SOURCE_IDS) + ")$"
"""The pattern a cited source id must match."""


def family_citation(source: str) -> str:
    """``title (address)`` of a family source."""
    f = FAMILY[source]
    return f"{f.title} ({f.address})"


def label(source: str) -> str:
    """The short label of a source id, as a player reads it: ``Pagat's Classic Canasta, teaching
    page`` for 001, a family source's title; an unknown id as it is."""
    if source in FAMILY:
        return FAMILY[source].title
    return LABELS.get(source, source)


def cite(source: str) -> str:
    """A source id as a ruling cites it: its label and its id in brackets (the id the rule
    sheets mark their rules with), ``Pagat's Classic Canasta, teaching page [001]``; a house rule
    is just that."""
    if source == "house":
        return "house rule"
    return f"{label(source)} [{source}]"


def legend(sources: Iterable[str]) -> list[str]:
    """``[ID] label`` for each distinct id of ``sources``, in order: the key to a list of ids."""
    return [f"[{s}] {label(s)}" for s in dict.fromkeys(sources)]
