"""python3 -m grundy serve GAME POSITION...: the page of ``grundy serve`` for a
game written in Python (docs/python.md), named as module:Class.

    python3 -m grundy serve heaps:Subtract 12
    python3 -m grundy serve cram_game.py:Cram "('....', '....')" --port 8000
    python3 -m grundy serve heaps:Subtract 12 + nim 3 4

GAME is module:Class (a module on the path, such as one in the current
folder, or a file.py), whose class is made with no arguments; or an object
of the module (module:name), or a built-in game's spec (nim, octal:0.137).
Each POSITION is a Python literal (7, "(2, 3)", "'abc'"), a frozenset as
repr writes it ("frozenset({1, 2})"), or else the text itself as a str; '+' starts a group in another game, as on grundy's command
line. Exit status 2 for a bad command line, with what was wrong.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import importlib.util
import os
import sys
from typing import Any

import grundy


class _UsageError(Exception):
    pass


def _load(word: str) -> Any:
    """The game a GAME word names: a Python object for module:name, else the spec itself."""
    where, colon, name = word.rpartition(":")
    families = {f.name for f in grundy.games()}
    if not colon or where in families or word in families:
        return word  # a built-in game's spec
    try:
        if where.endswith(".py"):
            if not os.path.isfile(where):
                raise _UsageError(f"{word}: there is no file {where}")
            spec = importlib.util.spec_from_file_location(os.path.basename(where)[:-3], where)
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module
            spec.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except ModuleNotFoundError as e:
        raise _UsageError(f"{word}: no module {where} ({e}); run from the folder that holds it, or name "
                          f"its file (path/to/{where}.py:{name})") from e
    try:
        game = getattr(module, name)
    except AttributeError:
        raise _UsageError(f"{word}: module {where} has no {name}") from None
    if isinstance(game, type):
        try:
            game = game()
        except TypeError as e:
            raise _UsageError(f"{word}: the class {name} cannot be made without arguments ({e}); "
                              "give an object of the module instead (module:name)") from None
    if not callable(getattr(game, "moves", None)):
        raise _UsageError(f"{word}: {name} has no method moves(position)")
    return game


def _position(text: str) -> Any:
    """As grundy.play reads a typed position: a literal, a frozenset as repr writes it, else the str."""
    try:
        if text.startswith("frozenset(") and text.endswith(")"):
            inside = text[len("frozenset("):-1].strip()
            return frozenset(ast.literal_eval(inside)) if inside else frozenset()
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return text


def _sum(words: list[str]) -> list[tuple[Any, Any]]:
    """[(game, position)...] from GAME POSITION... [+ GAME POSITION...]."""
    pairs: list[tuple[Any, Any]] = []
    game: Any = None
    count = 0
    for i, w in enumerate(words, start=1):
        if w == "+":
            if game is None or count == 0:
                raise _UsageError(f"argument {i}: '+' must stand between two groups GAME POSITION...")
            game, count = None, 0
        elif game is None:
            game, count = _load(w), 0
        else:
            pairs.append((game, w if isinstance(game, str) else _position(w)))
            count += 1
    if game is None or count == 0:
        raise _UsageError("expected GAME POSITION [POSITION...], such as: heaps:Subtract 12")
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m grundy",
        description="grundy from Python's command line. One command: serve.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", metavar="serve", required=True)
    serve = commands.add_parser(
        "serve", help="serve the page of grundy serve for a game written in Python",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    serve.add_argument("sum", nargs="+", metavar="GAME POSITION",
                       help="module:Class and its positions, then + and more groups")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: %(default)s)")
    serve.add_argument("--port", type=int, default=8080, help="port; 0 picks a free one (default: %(default)s)")
    serve.add_argument("--time-limit", type=float, default=3.0, metavar="SECONDS",
                       help="time one request may take (default: %(default)s)")
    args = parser.parse_args(argv)
    # The current folder first, where python3 -m grundy was started: its modules are the games.
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        pairs = _sum(args.sum)
        grundy.serve(pairs, host=args.host, port=args.port, time_limit=args.time_limit)
    except _UsageError as e:
        parser.exit(2, f"python3 -m grundy serve: {e}\n")
    except (ValueError, TypeError) as e:
        parser.exit(2, f"python3 -m grundy serve: {e}\n")
    except KeyboardInterrupt:
        return 0  # Ctrl-C: how the server is stopped
    return 0


if __name__ == "__main__":
    sys.exit(main())
