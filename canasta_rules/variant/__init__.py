"""The rules model and variant files."""

from .loading import LoadedVariant, load, load_variant
from .model import Variant

__all__ = ["LoadedVariant", "Variant", "load", "load_variant"]
