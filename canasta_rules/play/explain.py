"""``?`` at the table: a rule code or a parameter, with its value in this ruleset and its source.

The same provenance lookup as ``canasta ruling``: the variant's value for the parameter behind a
refusal, and the provenance note (sources cited by file name) that covers it.
"""

from __future__ import annotations

from ..errors import Refusal
from ..sources import cite
from ..variant import LoadedVariant
from ..variant.compare import flatten
from ..variant.spoken import setting_words


def explain_parameter(loaded: LoadedVariant, parameter: str) -> list[str] | None:
    """The parameter's value and source, or None if the ruleset has no such parameter."""
    values = flatten(loaded.variant)
    if parameter not in values and not any(k.startswith(parameter + ".") for k in values):
        return None
    lines = [f"setting: {setting_words(parameter, values)} ({parameter})"]
    prov = loaded.provenance(parameter)
    if prov is not None:
        pinned = " (pinned reading)" if prov.pinned else ""
        cited = ", ".join(cite(x) for x in prov.sources)
        lines.append(f"source: {cited}{pinned}: {prov.note}")
    else:
        lines.append(f"source: none recorded ({loaded.origin_label(parameter)})")
    return lines


def explain(loaded: LoadedVariant, seen: dict[str, Refusal], topic: str) -> list[str]:
    """What ``? TOPIC`` shows: a rule code met in this game, or a parameter's dotted key."""
    topic = topic.strip().strip("()")
    if not topic:
        return [
            "type ? and a rule code from a refusal (? pile.frozen.needs_natural_pair) "
            "or a parameter (? going_out.canastas)"
        ]
    ref = seen.get(topic)
    if ref is not None:
        lines = [f"{ref.code}: {ref.message}"]
        if not ref.parameter:
            return [*lines, "rule: the same in every ruleset (no setting changes it)"]
        more = explain_parameter(loaded, ref.parameter)
        return lines + (more or [f"setting: {ref.parameter}"])
    more = explain_parameter(loaded, topic)
    if more is not None:
        return more
    from ..codes import rule_codes

    param = rule_codes().get(topic)
    if param is not None:
        lines = [f"{topic}: a rule code (not met in this game yet)"]
        if not param:
            return [*lines, "rule: the same in every ruleset (no setting changes it)"]
        return lines + (explain_parameter(loaded, param) or [f"setting: {param}"])
    return [
        f"{topic!r} is neither a rule code nor a parameter of this ruleset "
        "(rule codes are listed in docs/engine.md)"
    ]
