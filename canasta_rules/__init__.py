"""canasta-rules: the rules of Canasta as checkable data."""

__version__ = "0.1.0"
"""The package's version; pyproject.toml reads it from here (hatch's ``[tool.hatch.version]``)."""
