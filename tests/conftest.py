"""Test settings shared by the whole suite.

Hypothesis runs derandomized by default, so that a CI run is reproducible: the property tests and
fuzzers explore the same examples every time. To explore new ones, run
``pytest --hypothesis-profile=explore`` (random seeds, more examples).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

from hypothesis import settings

# The compiled cache of the built-in variants (canasta_rules/variant/cache.py) goes to a folder of
# this run, not the user's cache; commands the tests start in other processes inherit it.
if "CANASTA_CACHE_DIR" not in os.environ:
    os.environ["CANASTA_CACHE_DIR"] = tempfile.mkdtemp(prefix="canasta-cache-")
    atexit.register(shutil.rmtree, os.environ["CANASTA_CACHE_DIR"], ignore_errors=True)

settings.register_profile("default", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None, max_examples=500)
settings.load_profile("default")
