"""The rules model and variant files.

Importing this package (or :func:`load` from it) does not import pydantic: a built-in variant is
built from the validated data shipped in the package, and pydantic is imported only to read a
variant file (see :mod:`.loaded`).
"""

from .loaded import LoadedVariant, load, load_variant
from .plain import Variant

__all__ = ["LoadedVariant", "Variant", "load", "load_variant"]
