# Type hints for the grundy package (docs/python.md).
from typing import Any, Iterable, NamedTuple, Protocol

import numpy.typing

class _GameLike(Protocol):
    def moves(self, position: Any, /) -> Iterable[Any]: ...

# A game: a built-in spec such as "kayles", or an object with moves(position).
GameArg = str | _GameLike
# A sum: ("nim 3 4 + kayles 7",), (game, position, ...), or ([(game, position), ...],).
SumArg = Any

class LoopError(ValueError): ...

class Split(tuple[Any, ...]):
    def __new__(cls, *positions: Any) -> Split: ...

class Infinite:
    options: frozenset[int]
    def __init__(self, options: frozenset[int]) -> None: ...

class Move(NamedTuple):
    component: int
    game: Any
    position: Any
    to: Any

class Moves(list[Move]):
    winner: str
    complete: bool

class Proof(NamedTuple):
    check: str
    theorem: str
    bound: int

class Pattern(NamedTuple):
    game: str
    kind: str
    proven: bool
    proof: Proof | None
    checked_up_to: int
    preperiod: int
    period: int
    base: int
    start: int
    value_count: int
    reason: str
    advice: str
    saltus: int = 0
    def rule_values(self) -> list[int]: ...

class Quotient(NamedTuple):
    game: str
    max_heap: int
    elements: list[str]
    p_portion: list[str]
    generators: list[tuple[str, int]]
    relations: list[tuple[str, str]]
    products: list[list[int]]
    pretending: list[int]
    whole: tuple[int, int] | None
    stopped: str
    tame: bool
    @property
    def size(self) -> int: ...
    def element(self, heap: int) -> str: ...
    def is_p_position(self, *heaps: int) -> bool: ...

class Family(NamedTuple):
    name: str
    syntax: str
    rule: str
    example: str

class Game:
    def moves(self, position: Any) -> Iterable[Any]: ...

def value(*sum: SumArg, misere: bool = False) -> int | Infinite | str: ...
def values(game: GameArg, positions: Iterable[Any]) -> numpy.typing.NDArray[Any] | list[int | Infinite]: ...
def winner(*sum: SumArg, misere: bool = False) -> str: ...
def moves(*sum: SumArg, limit: int | None = 1000, misere: bool = False) -> Moves: ...
def pattern(spec: str, max_heap: int | None = None) -> Pattern: ...
def quotient(spec: str, max_heap: int | None = None, *, most_heaps: int = ...) -> Quotient: ...
def plot(game: str, to: int = 1000, *, max_heap: int | None = None, ax: Any = None) -> Any: ...  # a matplotlib Figure
def games() -> list[Family]: ...
def progress(on: bool) -> None: ...
def threads(n: int | None = None) -> int: ...
def memory(size: int | str | None = None) -> int: ...
def solve(game: _GameLike, position: Any) -> int | Infinite: ...
def winning_moves(game: _GameLike, position: Any) -> list[Any]: ...
def play(*sum: SumArg, first: str = "you", misere: bool = False, seed: int = 0, input: Any = None,
         output: Any = None) -> str | None: ...
def serve(*sum: SumArg, host: str = "127.0.0.1", port: int = 8080, time_limit: float = 3.0) -> None: ...
