#!/usr/bin/env bash
# `pip install .` the way docs/python.md tells a user to: a fresh virtual
# environment that sees Debian's packages (NumPy, pytest), no package index,
# then the examples of docs/python.md run from another folder with nothing
# on PYTHONPATH.  Usage: pip_install.sh SOURCE_DIR PYTHON
set -euo pipefail
source=$1 python=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$python" -m venv --system-site-packages "$scratch/venv"
unset PYTHONPATH
# PIP_NO_INDEX: if the backend asked pip to download anything, this fails.
PIP_NO_INDEX=1 "$scratch/venv/bin/pip" install --quiet "$source"
cd "$scratch"
"$scratch/venv/bin/python" - "$source" "$scratch/venv" <<'PY'
import doctest, pathlib, sys
import grundy
source, venv = map(pathlib.Path, sys.argv[1:])
where = pathlib.Path(grundy.__file__).resolve()
assert where.is_relative_to(venv.resolve()), f"grundy imported from {where}, not the virtual environment"
failures, tried = doctest.testfile(str(source / "docs" / "python.md"), module_relative=False,
                                   globs={"grundy": grundy}, optionflags=doctest.ELLIPSIS)
assert tried > 20 and failures == 0, (failures, tried)
print(f"pip install: grundy from {where.parent}; docs/python.md: {tried} examples hold")
PY
