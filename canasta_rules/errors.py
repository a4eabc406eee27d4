"""The project's exceptions: one family, each carrying where the problem is.

Every error the library raises for bad input is a ``CanastaError`` (and a ``ValueError``). Its
``str()`` is one line that a person can act on; the command-line tool prints that line (one per
problem for variant files) and exits with status 2.
"""

from __future__ import annotations

from dataclasses import dataclass


class CanastaError(ValueError):
    """Base of every error about bad input (a variant file, a record, a move)."""

    def lines(self) -> list[str]:
        """The error as one or more one-line messages."""
        return [str(self)]


@dataclass(frozen=True)
class Problem:
    """One problem in a variant: where it is and what is wrong."""

    file: str
    line: int | None
    key: str
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.key}: {self.message}" if self.key else f"{where}: {self.message}"


class VariantError(CanastaError):
    """A variant file, name or override that does not give a valid ruleset."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))

    def lines(self) -> list[str]:
        return [str(p) for p in self.problems]


class NotationError(CanastaError):
    """A game record or position that cannot be read: ``FILE:LINE:COL: message``."""

    def __init__(self, message: str, file: str = "<text>", line: int = 0, column: int = 0):
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        where = f"{file}:{line}:{column}" if line > 0 else file
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class Refusal:
    """Why a move is illegal: a stable rule code, the variant parameter behind it, in words."""

    code: str
    parameter: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.code})"


class IllegalMoveError(CanastaError):
    """A move the rules do not allow in the position where it is played."""

    def __init__(self, refusal: Refusal, where: str = "", move: str = ""):
        self.refusal = refusal
        self.where = where
        self.move = move
        head = ": ".join(p for p in (where, move) if p)
        super().__init__(f"{head}: {refusal}" if head else str(refusal))
