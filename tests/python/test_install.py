"""The package imports from an installed tree, not only from the build."""

import os
import pathlib
import subprocess
import sys

import pytest


def test_the_installed_module_imports(tmp_path):
    build = os.environ.get("GRUNDY_BUILD_DIR")
    if not build:
        pytest.skip("GRUNDY_BUILD_DIR is not set (ctest sets it)")
    prefix = tmp_path / "prefix"
    subprocess.run(["cmake", "--install", build, "--prefix", str(prefix)], check=True, capture_output=True)
    v = sys.version_info
    site = prefix / "lib" / f"python{v.major}.{v.minor}" / "dist-packages"
    for f in ("__init__.py", "__init__.pyi", "py.typed", "_build_info.py"):
        assert (site / "grundy" / f).is_file(), f
    env = {k: val for k, val in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    done = subprocess.run(
        [sys.executable, "-c", "import grundy; print(grundy.__file__); print(grundy.value('kayles', 10))"],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=True)
    where, answer = done.stdout.split()
    assert pathlib.Path(where).is_relative_to(site) and answer == "2"
