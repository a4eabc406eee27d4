"""Test settings shared by the whole suite.

Hypothesis runs derandomized by default, so that a CI run is reproducible: the property tests and
fuzzers explore the same examples every time. To explore new ones, run
``pytest --hypothesis-profile=explore`` (random seeds, more examples).
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("default", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None, max_examples=500)
settings.load_profile("default")
