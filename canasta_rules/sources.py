"""The rule sources the project is built from, and how to cite them.

The five documents are in ``shared/sources/`` (not shipped); variant files cite them by the
numeric prefix of their file names. The catalog letters are the further accounts that
RULE-PARAMETERS.md reports.
"""

from __future__ import annotations

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
    "BCT": "Bicycle, 'Cutthroat Canasta' (Hoyle's three-hand game)",
    "RG3": "Rummy-Games (Randy Rasa), 'Canasta For Three Players'",
    "LR3": "LoveRummy, 'Play Canasta - Rules for three players'",
    "RG5": "Rummy-Games (Randy Rasa), 'Canasta For Five Players'",
}

WEB_SOURCES: dict[str, str] = {
    "BCT": "http://www.bicyclecards.com/card-games/rule/cutthroat-canasta",
    "RG3": "http://www.rummy-games.com/rules/canasta-for-three.html",
    "LR3": "http://loverummy.com/rummy-rules-three-player-canasta/",
    "RG5": "http://www.rummy-games.com/rules/canasta-for-five.html",
}
"""Public rule texts for games of the family, by id: cited by title (``DESCRIPTIONS``) and
address (docs/family/ summarises each)."""

SOURCE_IDS: tuple[str, ...] = tuple(DESCRIPTIONS)
"""Every id a variant file may cite (the variant model's ``SourceId`` accepts these)."""


def cite(source: str) -> str:
    """A source id as it should be cited: the file name for 000-004, else the catalog's name."""
    if source in SOURCE_FILES:
        return SOURCE_FILES[source]
    return {
        "P": "Pagat (RULE-PARAMETERS.md)",
        "B": "Bicycle/Hoyle (RULE-PARAMETERS.md)",
        "W": "Wikipedia (RULE-PARAMETERS.md)",
        "Brit": "Britannica (RULE-PARAMETERS.md)",
        "house": "house rule",
    }.get(source) or (
        f"{DESCRIPTIONS[source]}, {WEB_SOURCES[source]}" if source in WEB_SOURCES else source
    )
