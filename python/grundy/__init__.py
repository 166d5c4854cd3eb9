"""grundy: Sprague-Grundy values of impartial games, from Python.

Built-in games are named by the same specs as the command line (``nim``,
``subtraction:1-3``, ``octal:0.137``, ``kayles``, ``graph:FILE``...; see
``grundy.games()``) and computed in C++. Games written in Python are any
object with a ``moves(position)`` method; the C++ engine solves them.

>>> import grundy
>>> grundy.value("kayles", 10)
2
>>> grundy.winner("nim 3 4 5")
'first'
>>> grundy.moves("nim", 3, 4, 5)
[Move(component=0, game='nim', position=3, to=1)]

A sum is written in one of three ways, the same for value, winner and moves:

- one string in the command line's syntax: ``"nim 3 4 + kayles 7"``;
- a game and its positions: ``value("nim", 3, 4, 5)`` or ``value(my_game, p, q)``, also as one
  tuple, ``value(("nim", 3, 4, 5))``;
- a list of (game, position) pairs, games of any kind mixed:
  ``[("nim", 3), (my_game, p)]``.

Errors in specs and positions raise ValueError with the command line's
message. See docs/python.md for a tour.
"""

from __future__ import annotations

import array as _array
import operator as _operator
import os as _os
import sys as _sys
import threading as _threading
import warnings as _warnings
import weakref as _weakref
from typing import Any, Iterable, NamedTuple


def _not_for_this_python(error: ImportError) -> str | None:
    """Why _core did not load, when it was built for another interpreter:
    which one it was built for and which one is running (None when that is
    not the reason)."""
    import glob
    import importlib.machinery
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    built = [os.path.basename(f) for f in glob.glob(os.path.join(here, "_core*"))]
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    if not built or any(f == "_core" + s for f in built for s in suffixes):
        return None  # no module, or one this interpreter takes: another cause
    try:
        from ._build_info import PYTHON as built_for  # written by the CMake build
    except ImportError:
        built_for = "another interpreter"
    running = f"Python {_sys.version_info.major}.{_sys.version_info.minor} ({_sys.executable})"
    return (f"grundy's compiled module ({', '.join(built)}) was built for {built_for}, and this is {running}, "
            f"which loads modules ending in {suffixes[0]}: run {built_for}, or build grundy for this "
            f"interpreter ({_sys.executable} -m pip install . in a virtual environment, or cmake "
            f"-DPython_EXECUTABLE={_sys.executable}; docs/python.md) [{error}]")


try:
    from . import _core
except ImportError as _error:
    _why = _not_for_this_python(_error)
    if _why is None:
        raise
    raise ImportError(_why) from _error

# NumPy is optional: values() returns a NumPy array when it is there. It is
# imported at the first values() call, not with grundy (it takes longer to
# import than grundy does). _numpy is None when absent.
_NOT_YET = object()
_numpy: Any = _NOT_YET


def _numpy_module() -> Any:
    global _numpy
    if _numpy is _NOT_YET:
        try:
            import numpy
            _numpy = numpy
        except ImportError:  # depends on the machine
            _numpy = None
    return _numpy

__all__ = [
    "Game", "Split", "Infinite", "Move", "Moves", "Pattern", "Family", "Quotient", "LoopError",
    "value", "values", "winner", "moves", "pattern", "quotient", "plot", "progress", "threads", "memory", "games",
    "solve", "winning_moves", "play", "serve",
]

LoopError = _core.LoopError
LoopError.__doc__ = """A game written in Python whose positions can reach themselves, where no value
is defined (its moves also split). A ValueError."""


class Split(tuple):
    """A move that leaves several positions (or none): ``Split(3, 5)``.

    A game written in Python returns it from ``moves`` for a move that splits
    a position into a sum of positions; ``Split()`` is a move that leaves
    nothing (a heap taken whole). A plain tuple is one position, so games
    whose positions are tuples need nothing special. The built-in
    take-and-break games answer with Split too: in Kayles, ``9 -> Split(3, 5)``.
    """

    __slots__ = ()

    def __new__(cls, *positions: Any) -> "Split":
        return super().__new__(cls, positions)

    def __repr__(self) -> str:
        return "Split(" + ", ".join(repr(p) for p in self) + ")"


class Infinite:
    """The value of a position from which play can go on forever: infinity
    with the set K of the finite values among its options (Smith; written
    ``∞{0,2}`` by the command line). Such a position is a win for the player
    to move when 0 is in K, and a draw otherwise.

    >>> grundy.Infinite(frozenset({0, 2}))
    Infinite({0, 2})
    """

    __slots__ = ("options",)

    def __init__(self, options: frozenset[int]) -> None:
        self.options = frozenset(options)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Infinite) and other.options == self.options

    def __hash__(self) -> int:
        return hash(("Infinite", self.options))

    def __repr__(self) -> str:
        return "Infinite({" + ", ".join(str(k) for k in sorted(self.options)) + "})"

    def __str__(self) -> str:
        return "∞{" + ",".join(str(k) for k in sorted(self.options)) + "}"


_core.set_types(Split, Infinite)


def progress(on: bool) -> None:
    """Whether computations that run past a second say how far they are, on
    one self-updating line of the process's standard error, as the command
    line does. On by default when standard error is a terminal (an
    interactive session), off otherwise (scripts, notebooks, pipes)."""
    if not isinstance(on, bool):
        raise TypeError(f"progress({on!r}): expected True or False")
    _core.show_progress(on)


def threads(n: int | None = None) -> int:
    """The threads of the search that values boards (cram, chomp;
    node-kayles and games written in Python use one): ``threads(2)`` sets them (1 to 1024), ``threads(0)``
    goes back to every core this process may use, ``threads()`` only tells.
    Returns the number in effect: never more than the cores this process may
    use (more would only slow the search down), so ``threads(64)`` on a
    2-core machine sets 2, with a ``RuntimeWarning`` that says so. The values
    are the same whatever it is; the threads share one table. Games written
    in Python search on one thread (their ``moves`` need the interpreter).
    At import, the variable GRUNDY_THREADS, when set, gives the number, as
    for the command line."""
    if n is not None:
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"threads({n!r}): expected a whole number of threads")
        if n < 0 or n > 1024:
            raise ValueError(f"threads({n}): expected 1 to 1024 threads, or 0 for every core")
        _set_threads(n, f"threads({n})")
    return _core.threads()


def memory(size: int | str | None = None) -> int:
    """The memory bound, in bytes, of what grundy keeps while it computes:
    the search's table (cram, chomp, node-kayles) and the positions of a
    game written in Python, about 128 bytes each, so that a game whose moves
    lead to ever new positions stops with a ValueError instead of taking all
    the machine's memory. ``memory("4G")`` or ``memory(2**32)`` sets it (at
    least 1K; K, M, G and T are powers of 1024), ``memory()`` only tells.
    The default is a quarter of the machine's memory, as for the command
    line's ``--memory``. Returns the bound in effect."""
    if size is not None:
        if isinstance(size, bool) or not isinstance(size, (int, str)):
            raise TypeError(f"memory({size!r}): expected a size such as '512M' or a number of bytes")
        bytes_ = _core.parse_memory(size) if isinstance(size, str) else size
        if bytes_ is None or bytes_ < 1024 or bytes_ >= 2**63:
            raise ValueError(f"memory({size!r}): expected a size such as '512M' or '4G' (K, M, G or T for powers "
                             "of 1024), at least 1K")
        _core.set_memory(bytes_)
    return _core.memory()


def _set_threads(n: int, where: str) -> None:
    taken = _core.set_threads(n)
    if n != 0 and taken < n:
        cores = "core" if taken == 1 else "cores"
        _warnings.warn(f"{where}: this process may use {taken} {cores}; using {taken}", RuntimeWarning, stacklevel=3)


def _threads_from_environment() -> None:
    text = _os.environ.get("GRUNDY_THREADS")
    if text is None:
        return
    n = _core.parse_threads(text)
    if n is None:
        raise ImportError(f"GRUNDY_THREADS={text!r}: expected a number of threads from 1 to 1024, "
                          "or 0 for every core")
    _set_threads(n, f"GRUNDY_THREADS={text}")


_threads_from_environment()


def _stderr_is_a_terminal() -> bool:
    try:
        return _sys.stderr is not None and _sys.stderr.isatty() and _sys.stderr.fileno() == 2
    except (AttributeError, OSError, ValueError):
        return False


progress(_stderr_is_a_terminal())


class Move(NamedTuple):
    """A move in a sum: in component ``component`` (numbered from 0), of game
    ``game`` (its spec, or the Python game object), from ``position`` to
    ``to`` (a position, or a Split for a move leaving several or none)."""

    component: int
    game: Any
    position: Any
    to: Any

    def __repr__(self) -> str:
        return (f"Move(component={self.component!r}, game={_game_words(self.game)}, "
                f"position={self.position!r}, to={self.to!r})")


def _game_words(game: Any) -> str:
    """A game as a repr shows it: a spec in quotes; a Python game by its
    ``name`` attribute or its class name, in angle brackets (never an address)."""
    if isinstance(game, str):
        return repr(game)
    name = getattr(game, "name", None)
    return f"<{name if isinstance(name, str) and name else type(game).__name__}>"


def _html_table(caption: str, header: list[str], rows: list[list[Any]]) -> str:
    import html
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return (f"<table><caption style='text-align:left'>{html.escape(caption)}</caption>"
            f"<thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>")


class Moves(list):
    """The moves ``grundy.moves`` lists (a list of Move), with ``winner``
    ('first', 'second' or 'draw') and ``complete`` (False when some
    component had more than ``limit`` such moves and the list was cut).
    In a notebook it shows itself as a table."""

    winner: str
    complete: bool

    def _repr_html_(self) -> str:
        winner = getattr(self, "winner", "?")
        if winner == "second":
            caption = "second player wins: the player to move has no winning move"
        else:
            what = "move that keeps the draw" if winner == "draw" else "winning move"
            count = f"{len(self)} {what}{'' if len(self) == 1 else 's'}"
            cut = "" if getattr(self, "complete", True) else " (the list was cut: limit=None lists all)"
            caption = f"{winner} player {'draws' if winner == 'draw' else 'wins'}; {count}{cut}"
        rows = [[m.component, _game_words(m.game).strip("'"), m.position, m.to] for m in self]
        return _html_table(caption, ["component", "game", "position", "to"], rows)


class Proof(NamedTuple):
    """Why a pattern holds for every heap: ``check`` was verified for heaps
    below ``bound``, and ``theorem`` turns that check into a proof."""

    check: str
    theorem: str
    bound: int


class Pattern(NamedTuple):
    """The rule of a heap game's values (``grundy.pattern``).

    kind: 'periodic' (G(n + period) = G(n) for n >= preperiod),
    'arithmetic-periodic' (G(n + period) = G(n) + saltus for n >= preperiod),
    'self-similar' (G(n) = G(n // base) for n >= start) or 'none'. proven: whether a theorem
    makes the finite check a proof, then given in ``proof``; otherwise
    ``reason`` says why not and ``checked_up_to`` how far the rule held.
    """

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

    def _repr_html_(self) -> str:
        if self.kind == "periodic":
            rule = f"G(n + {self.period}) = G(n) for every n ≥ {self.preperiod}"
        elif self.kind == "arithmetic-periodic":
            rule = f"G(n + {self.period}) = G(n) + {self.saltus} for every n ≥ {self.preperiod}"
        elif self.kind == "self-similar":
            rule = f"G(n) = G(⌊n / {self.base}⌋) for every n ≥ {self.start}"
        else:
            rule = "no periodic, arithmetic-periodic or self-similar rule found"
        rows = [["rule", rule], ["proven", "yes" if self.proven else "no"]]
        if self.proof is not None:
            rows += [["checked", self.proof.check], ["bound", self.proof.bound], ["theorem", self.proof.theorem]]
        else:
            rows += [["checked up to", self.checked_up_to], ["why", self.reason]]
            if self.advice:
                rows.append(["try", self.advice])
        return _html_table(f"pattern of {self.game}", ["", ""], rows)

    def rule_values(self) -> list[int]:
        """The values the rule is made of: G(0 .. preperiod + period - 1) for a
        period or an arithmetic period, G(0 .. start - 1) for self-similarity,
        [] for none."""
        return [int(v) for v in values(self.game, range(self.value_count))] if self.value_count else []


class Quotient(NamedTuple):
    """The misère quotient of a heap game (``grundy.quotient``): sums of heaps
    that no other sum tells apart are one element, and a sum is a P-position
    (the player to move loses in misère play) exactly when the product of its
    heaps' elements is in ``p_portion`` (Plambeck and Siegel; docs/misere.md).

    elements: the elements, named by normal forms over the generators ('1',
    'a', 'ab^2'); products[i][j]: the index of elements[i] times elements[j];
    pretending[h]: the index of heap h's element, h = 0..max_heap; whole:
    (preperiod, period) when the periodicity theorem proved the quotient for
    every heap, else None, and ``stopped`` says why the search stopped short.
    """

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
    def size(self) -> int:
        return len(self.elements)

    def _index(self, heap: Any) -> int:
        if isinstance(heap, bool) or not isinstance(heap, int) or heap < 0 or heap >= 1 << 64:
            raise ValueError(f"heap {heap!r}: expected a heap size, an int from 0 to 2**64 - 1")
        if heap <= self.max_heap:
            return self.pretending[heap]
        if self.whole is None:
            raise ValueError(f"heap {heap}: this quotient is of heaps 0..{self.max_heap} only"
                             + (f" ({self.stopped})" if self.stopped else ""))
        start, period = self.whole
        return self.pretending[start + (heap - start) % period]

    def element(self, heap: int) -> str:
        """Heap ``heap``'s element: any heap when the quotient is the whole game's."""
        return self.elements[self._index(heap)]

    def is_p_position(self, *heaps: int) -> bool:
        """Whether the sum of these heaps is lost for the player to move, in misère play."""
        x = 0  # the identity, the empty sum
        for h in heaps:
            x = self.products[x][self._index(h)]
        return self.elements[x] in self.p_portion

    def _repr_html_(self) -> str:
        rows = [["elements", ", ".join(self.elements)], ["P-portion", ", ".join(self.p_portion)],
                ["generators", ", ".join(f"{n} = heap {h}" for n, h in self.generators)],
                ["relations", ", ".join(f"{a} = {b}" for a, b in self.relations)],
                ["tame", "yes" if self.tame else "no"]]
        if self.whole is not None:
            rows.append(["every heap", f"proven: φ(n + {self.whole[1]}) = φ(n) for n ≥ {self.whole[0]}"])
        else:
            rows.append(["heaps", f"0..{self.max_heap}" + (f" ({self.stopped})" if self.stopped else "")])
        return _html_table(f"misère quotient of {self.game}: {self.size} elements", ["", ""], rows)


# The largest heap bound of a quotient (the library's kMostQuotientHeap), and
# how far a whole game's quotient is searched by default (kDefaultQuotientMostHeaps).
_MOST_QUOTIENT_HEAP = _core.MOST_QUOTIENT_HEAP


def quotient(spec: str, max_heap: int | None = None, *,
             most_heaps: int = _core.DEFAULT_QUOTIENT_MOST_HEAPS) -> Quotient:
    """The misère quotient of a heap game, as ``grundy quotient`` computes it.

    For an octal code without ``max_heap``: heaps are added one by one until
    the periodicity theorem proves the quotient for every heap (``whole``), or
    ``most_heaps`` is reached (``stopped`` says why). With ``max_heap``: the
    quotient of the sums of heaps 0..max_heap. LimitError-like failures raise
    ValueError.

    >>> q = grundy.quotient("octal:0.75")
    >>> q.size, q.whole
    (8, (8, 2))
    >>> q.is_p_position(1000001, 999999), q.element(10**18)
    (True, 'b')
    """
    for name, n in (("max_heap", max_heap), ("most_heaps", most_heaps)):
        if n is None and name == "max_heap":
            continue
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= _MOST_QUOTIENT_HEAP:
            raise ValueError(f"{name}={n!r}: expected a heap size from 1 to {_MOST_QUOTIENT_HEAP}")
    d = _core.quotient(spec, max_heap, most_heaps)
    return Quotient(game=d["game"], max_heap=d["max_heap"], elements=list(d["elements"]),
                    p_portion=list(d["p_portion"]), generators=[tuple(g) for g in d["generators"]],
                    relations=[tuple(r) for r in d["relations"]], products=[list(r) for r in d["products"]],
                    pretending=list(d["pretending"]), whole=tuple(d["whole"]) if d["whole"] is not None else None,
                    stopped=d["stopped"], tame=d["tame"])


class Family(NamedTuple):
    """A family of built-in games: its name, spec syntax, rule and an example spec."""

    name: str
    syntax: str
    rule: str
    example: str


class Game:
    """A base class for games written in Python (duck typing works as well:
    any object with a ``moves`` method will do).

    Override ``moves(position)`` to return the positions one move reaches
    (an empty list when the player to move has lost). Positions are any
    hashable values; a move that splits a position into several is a
    ``Split(...)``. The engine memoises values for as long as the game object
    lives, so a game's moves must not change once it has been asked about.

    >>> class Subtract13(grundy.Game):
    ...     def moves(self, n):
    ...         return [n - k for k in (1, 3) if k <= n]
    >>> grundy.solve(Subtract13(), 10)
    0
    """

    def moves(self, position: Any) -> Iterable[Any]:
        raise NotImplementedError("a grundy.Game subclass defines moves(position)")


# One engine per Python game object, alive as long as the game is: kept by
# id with a weak reference that forgets it when the game goes. A game that
# cannot be weakly referenced gets a new engine (and memo) on every call.
_models: dict[int, tuple[Any, Any]] = {}
_models_lock = _threading.RLock()  # re-entrant: _forget may run inside, from the garbage collector


def _model(game: Any) -> Any:
    key = id(game)
    with _models_lock:
        entry = _models.get(key)
        if entry is not None and entry[0]() is game:
            return entry[1]
    if isinstance(game, type):
        raise TypeError(f"{game.__name__} is a class: pass an instance of it, {game.__name__}()")
    if isinstance(game, str) or not callable(getattr(game, "moves", None)):
        raise TypeError(f"expected a game spec (str) or an object with a moves(position) method, not {game!r}")
    try:
        ref = _weakref.ref(game, lambda _, key=key: _forget(key))
    except TypeError:
        return _core.GameModel(game, weak=False)
    model = _core.GameModel(game, weak=True)
    with _models_lock:
        _models[key] = (ref, model)
    return model


def _forget(key: int) -> None:
    lock, models = _models_lock, _models
    if lock is None or models is None:  # the interpreter is shutting down
        return
    with lock:
        models.pop(key, None)


def _sum(args: tuple[Any, ...]) -> Any:
    """The C++ sum for a call's positional arguments (see the module's doc)."""
    if not args:
        raise TypeError("expected a sum: 'nim 3 4 5', or a game and positions, or a list of (game, position) pairs")
    first = args[0]
    if len(args) == 1 and isinstance(first, tuple) and first and not isinstance(first[0], (list, tuple)):
        args, first = first, first[0]  # ("kayles", 10) as one argument: a game and its positions
    if len(args) == 1 and isinstance(first, str):
        return _core.Sum.from_arguments(first.split())
    if len(args) == 1 and isinstance(first, (list, tuple)):
        pairs = []
        for i, pair in enumerate(first, 1):
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise TypeError(f"component {i}: expected a (game, position) pair, not {pair!r}")
            game, position = pair
            pairs.append((game if isinstance(game, str) else _model(game), position))
        return _core.Sum.from_components(pairs)
    game, positions = first, args[1:]
    if isinstance(game, str):
        if not positions:
            return _core.Sum.from_arguments([game])  # the CLI's message: a game with no position
        words = [game]
        for i, p in enumerate(positions, 2):
            if not isinstance(p, bool) and not isinstance(p, (int, str)) and hasattr(p, "__index__"):
                p = _operator.index(p)  # NumPy's integers, for example
            if isinstance(p, bool) or not isinstance(p, (int, str)):
                raise TypeError(f"argument {i}: a position of {game} is an int or a str, not {type(p).__name__}")
            words.append(str(p))
        return _core.Sum.from_arguments(words)
    if not positions:
        raise TypeError(f"expected positions after the game {game!r}")
    model = _model(game)
    return _core.Sum.from_components([(model, p) for p in positions])


def value(*sum: Any, misere: bool = False) -> Any:
    """The value of a position, or of a sum of positions (the nim-sum of
    their values): an int, or an Infinite for a position of a game with
    cycles from which play can go on forever.

    >>> grundy.value("kayles", 10)
    2
    >>> grundy.value("nim 3 4 5 + subtraction:1-3 7")
    1

    A sum of two or more infinite values has no single value (it is a draw):
    ValueError, and ``grundy.winner`` says 'draw'.

    With ``misere=True``, the misère value of one position: its genus
    'g^m' (Conway) when its game is tame up to that heap, else ValueError
    (values do not add up in misère play; ``grundy.winner(..., misere=True)``
    decides sums).

    >>> grundy.value("octal:0.31", 2, misere=True)
    '2^2'
    """
    s = _sum(sum)
    if _misere_flag(misere):
        if len(s) != 1:
            raise ValueError("in misère play a sum has no value (values do not add up); "
                             "grundy.winner(..., misere=True) says who wins it")
        genus = s.genera()[0]
        if genus is None:
            raise ValueError("no misère value: this game is not tame up to this heap (or not a heap game), so no "
                             "single number decides its misère sums; grundy.winner(..., misere=True) decides them, "
                             "and grundy.quotient(game).element(heap) gives the heap's element of its quotient")
        return genus
    total = s.report(False, None, False).total
    if total is None:
        raise ValueError("the sum has two or more components of infinite value: no single value stands for it "
                         "(it is a draw; grundy.winner says so)")
    return total


def values(game: Any, positions: Iterable[Any]) -> Any:
    """The value of each position of one game, in order.

    For a built-in game on heap sizes, a NumPy array of uint64 when NumPy is
    installed, else a list of ints; computed in C++ with the GIL released
    (Ctrl-C stops it with KeyboardInterrupt). For graphs and games written
    in Python, a list (of ints and Infinite values).

    >>> list(grundy.values("subtraction:1-3", range(8)))
    [0, 1, 2, 3, 0, 1, 2, 3]
    """
    if isinstance(game, str):
        if _core.heap_indexed(game):
            raw = _core.values(game, positions)
            numpy = _numpy_module()
            if numpy is not None:
                return numpy.frombuffer(raw, dtype=numpy.uint64)  # owns the bytearray: writable, no copy
            a = _array.array("Q")
            a.frombytes(raw)
            return a.tolist()
        return [value(game, p) for p in positions]
    return _model(game).values(positions)


def _misere_flag(misere: Any) -> bool:
    if not isinstance(misere, bool):
        raise TypeError(f"misere={misere!r}: expected True (misère play: the last player to move loses) or False")
    return misere


def winner(*sum: Any, misere: bool = False) -> str:
    """Who wins the sum with perfect play: 'first' (the player to move),
    'second', or 'draw' (games with cycles). ``misere=True``: in misère
    play, where whoever makes the last move loses (Bouton's rule, a misère
    quotient, the genus or an exact search, as ``grundy winner --misere``).

    >>> grundy.winner("nim", 1, 2, 3)
    'second'
    >>> grundy.winner("nim", 1, 1, misere=True)
    'first'
    """
    return _sum(sum).report(_misere_flag(misere), None, False).winner


def moves(*sum: Any, limit: int | None = 1000, misere: bool = False) -> Moves:
    """Every winning move of the sum (when the first player wins), or every
    move that keeps the draw (in a draw); empty when the player to move
    loses. At most ``limit`` moves per component (None: all), as
    ``grundy moves`` lists them; ``.complete`` says whether the list is whole.
    ``misere=True``: the winning moves of misère play.

    >>> grundy.moves("kayles", 9)
    [Move(component=0, game='octal:0.77', position=9, to=Split(4, 4))]
    """
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise ValueError(f"limit={limit!r}: expected a whole number >= 0, or None for no limit")
    if limit is not None and limit >= 2**64:
        limit = None  # more than any list can hold: no limit
    report = _sum(sum).report(_misere_flag(misere), limit, True)
    result = Moves(Move(*m) for m in report.moves)
    result.winner = report.winner
    result.complete = report.complete
    return result


def _check_max_heap(max_heap: Any) -> None:
    # Only what stops the number from reaching the library, which says
    # what else is wrong with it (zero, or more than the game examines).
    if max_heap is not None and (isinstance(max_heap, bool) or not isinstance(max_heap, int)
                                 or not 0 <= max_heap < 2**64):
        raise ValueError(f"max_heap={max_heap!r}: expected a whole number >= 1")


def pattern(spec: str, max_heap: int | None = None) -> Pattern:
    """The rule of a built-in heap game's values, as ``grundy pattern`` finds
    it, with its proof when a theorem makes the finite check one.
    ``max_heap`` bounds the values examined for games with no theorem of
    their own (default: the game's, as on the command line).

    >>> p = grundy.pattern("subtraction:1-3")
    >>> p.kind, p.preperiod, p.period, p.proven
    ('periodic', 0, 4, True)
    """
    if not isinstance(spec, str):
        raise TypeError("pattern() takes a built-in game's spec, such as 'octal:0.137'")
    _check_max_heap(max_heap)
    return _pattern_from(_core.pattern(spec, max_heap))


def _pattern_from(d: dict) -> Pattern:
    # The fields the command line's JSON has, by the same names
    # (pattern_fields.hpp), each present only where it applies; "from" is a
    # keyword in Python, so the attribute is ``start``.
    proof = Proof(d["check"], d["theorem"], d["proof_bound"]) if d["proven"] else None
    return Pattern(d["game"], d["kind"], d["proven"], proof, d["checked_up_to"], d.get("preperiod", 0),
                   d.get("period", 0), d.get("base", 0), d.get("from", 0), d.get("value_count", 0),
                   d.get("reason", ""), d.get("advice", ""), d.get("saltus", 0))


def plot(game: str, to: int = 1000, *, max_heap: int | None = None, ax: Any = None) -> Any:
    """A picture of G(n) against n for n = 0..to, as papers on octal games
    draw it: a matplotlib Figure (Debian's python3-matplotlib), with the rule
    ``grundy.pattern`` finds marked: a dashed line where the preperiod ends
    and one period shaded (or where a self-similar rule starts), and above
    the plot whether it is proven. ``ax``: draw into these matplotlib Axes
    instead of a new figure (the figure returned is theirs). ``max_heap``:
    look for the rule in G(0..max(to, max_heap)) instead of as far as
    ``grundy.pattern`` looks by default (minutes for an octal game with no
    period); a game this process already computed further is searched as far
    as its table goes, as with ``pattern``. ``grundy plot`` on the command line draws the same with gnuplot.

    >>> fig = grundy.plot("kayles", to=200)
    >>> print(fig.axes[0].get_title())
    G(n) of kayles (octal:0.77), n = 0..200
    period 12 from n = 71: proven (checked to n = 168)
    """
    if not isinstance(game, str):
        raise TypeError("plot() takes a built-in heap game's spec, such as 'octal:0.16'")
    if isinstance(to, bool) or not isinstance(to, int) or to < 0:
        raise ValueError(f"to={to!r}: expected the last heap size, a whole number >= 0")
    try:
        from matplotlib.figure import Figure
    except ImportError as e:  # pragma: no cover - depends on the machine
        raise ImportError(f"grundy.plot draws with matplotlib, which this Python ({_sys.executable}) cannot import "
                          f"(Debian's python3-matplotlib serves /usr/bin/python3; for this interpreter: "
                          f"{_sys.executable} -m pip install matplotlib)") from e
    _check_max_heap(max_heap)
    d = _core.plot_data(game, to, max_heap)
    numpy = _numpy_module()
    if numpy is not None:
        ys = numpy.frombuffer(d["values"], dtype=numpy.uint64)
        xs = numpy.arange(len(ys))
    else:
        a = _array.array("Q")
        a.frombytes(d["values"])
        ys, xs = a.tolist(), range(len(a))
    if ax is None:
        fig = Figure(figsize=(10, 4.8), layout="constrained")
        ax = fig.subplots()
    else:
        fig = ax.figure
    # Dots as wide as the space between heaps allows, from 2.5 points (a dot
    # still seen at 100 dpi, where a 1000-heap plot leaves under a point a
    # heap) to 5. Many dots are drawn as one image inside a vector file
    # (rasterized).
    width_points = ax.get_position().width * fig.get_figwidth() * 72
    diameter = min(5.0, max(2.5, 0.8 * width_points / (to + 1)))
    ax.scatter(xs, ys, s=diameter**2, marker="o", linewidths=0, color="#1f4e79",
               rasterized=to + 1 > 250, zorder=2)
    # The marks and their keys as the library words them (plot_words), as in `grundy plot`.
    words = d["words"]
    if words["shaded"] is not None:
        first, last, key = words["shaded"]
        ax.axvspan(first, last, color="#dbe9f8", zorder=0, linewidth=0, label=key)
    if words["mark"] is not None:
        at, key = words["mark"]
        ax.axvline(at, linestyle="--", color="#c0392b", linewidth=1.2, zorder=3, label=key)
    if words["shaded"] is not None or words["mark"] is not None:
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2, frameon=False)
    name = game if game == d["game"] else f"{game} ({d['game']})"
    ax.set_title(f"G(n) of {name}, n = 0..{to}\n{words['rule']}", fontsize="medium")
    ax.ticklabel_format(axis="x", style="plain", useOffset=False)
    ax.set_xlabel("heap size n")
    ax.set_ylabel("G(n)")
    ax.set_xlim(0, max(to, 1))
    ax.set_ylim(-0.5, None)
    ax.grid(axis="y", color="#e4e4e4")
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    return fig


def games() -> list[Family]:
    """Every family of built-in games, as ``grundy games`` lists them."""
    return [Family(*f) for f in _core.families()]


def solve(game: Any, position: Any) -> Any:
    """The value of ``position`` in a game written in Python (any object with
    ``moves(position)``): an int, or an Infinite when play from it can go on
    forever. Memoised for as long as the game object lives; walked with an
    explicit stack, so depth costs memory, never a RecursionError.

    >>> class Chain:
    ...     def moves(self, n):
    ...         return [n - 1] if n > 0 else []
    >>> grundy.solve(Chain(), 10**6)
    0
    """
    return _model(game).value(position)


def winning_moves(game: Any, position: Any) -> list[Any]:
    """The moves from ``position`` that leave the opponent lost, in the order
    ``moves`` lists them (each once; a Split for a move leaving several
    positions). Empty when the player to move cannot win. In a game with
    cycles, the first one listed makes progress towards the end.
    """
    return _model(game).winning_moves(position)


def _is_a_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # no isatty, or a closed stream
        return False


def _writes_utf8(stream: Any) -> bool:
    encoding = getattr(stream, "encoding", None)
    if encoding is None:  # io.StringIO: any character goes
        return True
    return str(encoding).lower().replace("_", "-") in ("utf-8", "utf8")


def play(*sum: Any, first: str = "you", misere: bool = False, seed: int = 0, input: Any = None,
         output: Any = None) -> str | None:
    """Play a sum against the engine, which never misses a win: the session
    of ``grundy play`` (docs/play.md), on the terminal or on the given text
    streams. The sum is written as for ``value``, so games written in Python
    play too, alone or beside built-in games:

    >>> grundy.play(MyGame(), start)                       # doctest: +SKIP
    >>> grundy.play([(MyGame(), start), ("nim", 3)], first="engine")  # doctest: +SKIP

    Type a move (the component's number and what the move leaves there, or
    just the new position when there is one component), or a command:
    ``hint``, ``values``, ``undo``, ``draw`` (games with cycles), ``help``,
    ``quit``. ``first``: "you" or "engine". ``misere=True``: whoever makes
    the last move loses. ``seed`` varies the engine's choices among equally
    good moves, repeatably. ``input`` (with ``readline()``) and ``output``
    (with ``write()``) default to ``sys.stdin`` and ``sys.stdout``; when the
    input is not a terminal, each line read is echoed after its prompt.

    Returns who won, "you" or "engine", "draw", or None when the game was
    left unfinished (``quit``, or the end of the input). An exception raised
    by a game's ``moves`` (or by a stream) ends the game and is raised here.
    """
    if first not in ("you", "engine"):
        raise ValueError(f"first={first!r}: expected 'you' (you move first) or 'engine'")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed={seed!r}: expected a whole number from 0 to {2**64 - 1}")
    misere = _misere_flag(misere)
    s = _sum(sum)
    if input is None:
        input = _sys.stdin
    if output is None:
        output = _sys.stdout
    if input is None or not callable(getattr(input, "readline", None)):
        raise TypeError(f"input={input!r}: expected a text stream with readline(), such as sys.stdin or io.StringIO")
    if output is None or not callable(getattr(output, "write", None)):
        raise TypeError(f"output={output!r}: expected a text stream with write(), such as sys.stdout or io.StringIO")
    on_terminal = _is_a_terminal(output)
    colour = on_terminal and not _os.environ.get("NO_COLOR")
    return s.play(engine_first=first == "engine", misere=misere, seed=seed, input=input, output=output,
                  input_is_terminal=_is_a_terminal(input), colour=colour, utf8=on_terminal and _writes_utf8(output),
                  utf8_values=_writes_utf8(output))


def serve(*sum: Any, host: str = "127.0.0.1", port: int = 8080, time_limit: float = 3.0) -> None:
    """Serve the page of ``grundy serve`` for a sum, written as for ``value``,
    so that games written in Python are played in a browser (docs/python.md):

    >>> grundy.serve(MyGame(), start)                       # doctest: +SKIP
    grundy serve: open http://127.0.0.1:8080/ in a browser; Ctrl-C stops the server

    The page starts from the sum given, and a position typed there may name
    the game (``python:MyGame``, by its class) beside built-in games. Each
    request is answered by a worker process forked from this one, under
    ``time_limit`` seconds (and 1 GiB of memory), as ``grundy serve`` does:
    the game's ``moves`` runs there, and an exception it raises is shown on
    the page (and its traceback on standard error), which stays usable.
    A game may draw its positions with a method ``draw(position)``,
    returning ``{'heaps': [...]}``, ``{'grid': [...]}`` or ``{'graph': {...}}``;
    without one, the page lists the moves as buttons.

    Positions go to the page and back as text, so a served game's positions
    must be Python literals (ints, strs, bytes, tuples of them, or a
    frozenset of ints or strs). ``port=0`` picks a free port; the address
    is printed on ``sys.stdout``. Serves until Ctrl-C, which raises
    KeyboardInterrupt here (call it from the main thread, where Python sees
    Ctrl-C); other threads may use grundy meanwhile.
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= 65535:
        raise ValueError(f"port={port!r}: expected a port number from 0 (any free port) to 65535")
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not 0.01 <= time_limit <= 3600:
        raise ValueError(f"time_limit={time_limit!r}: expected seconds from 0.01 to 3600")
    if not isinstance(host, str) or not host:
        raise ValueError(f"host={host!r}: expected an address to listen on, such as '127.0.0.1'")
    _sum(sum).serve(host=host, port=port, time_limit=float(time_limit))
