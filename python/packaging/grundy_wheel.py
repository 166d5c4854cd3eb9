"""A PEP 517 build backend for `pip install .`: CMake builds the module, this file packs the wheel.

Why not setuptools or scikit-build-core: pip builds in an isolated
environment and would download them (Debian 12 has no scikit-build-core at
all), while this machine and many users' reach no package index. This backend
needs only the standard library, so `requires = []` and pip installs offline.

The wheel holds the package directory exactly as CMake lays it out in the
build tree (python/CMakeLists.txt): __init__.py, its type stub, py.typed and
the compiled _core. The build is kept in build/pip/ so a second install only
relinks what changed.
"""

from __future__ import annotations

import base64
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _project():
    """name, version, summary and requires-python from pyproject.toml's [project] table."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib
        project = tomllib.loads(text)["project"]
    except ModuleNotFoundError:  # Python < 3.11: the few plain `key = "value"` lines we need
        project = {}
        for line in text.splitlines():
            key, sep, value = line.partition("=")
            if sep and value.strip().startswith('"'):
                project.setdefault(key.strip(), value.strip().strip('"'))
    return project


def _tag():
    """The wheel tag of the running interpreter: cp311-cp311-linux_x86_64."""
    interpreter = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{interpreter}-{interpreter}-{platform}"


def _dist_info_name():
    p = _project()
    return f"{p['name']}-{p['version']}.dist-info"


def _metadata():
    p = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {p['name']}", f"Version: {p['version']}",
             f"Summary: {p.get('description', '')}", f"Requires-Python: {p.get('requires-python', '>=3.9')}",
             "Provides-Extra: arrays", "Requires-Dist: numpy; extra == \"arrays\"",
             "Provides-Extra: plots", "Requires-Dist: matplotlib; extra == \"plots\""]
    return "\n".join(lines) + "\n"


def _wheel_file():
    return f"Wheel-Version: 1.0\nGenerator: grundy_wheel\nRoot-Is-Purelib: false\nTag: {_tag()}\n"


def _write_dist_info(directory):
    info = pathlib.Path(directory) / _dist_info_name()
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata(), encoding="utf-8")
    (info / "WHEEL").write_text(_wheel_file(), encoding="utf-8")
    return info.name


def _run(command):
    print("grundy_wheel:", " ".join(command), file=sys.stderr, flush=True)
    # CMake's output goes to stderr: pip shows it with -v, and on failure.
    subprocess.run(command, check=True, stdout=sys.stderr)


def _build_package():
    """Configures and builds the module for this interpreter; returns the package directory."""
    if shutil.which("cmake") is None:
        raise RuntimeError("grundy_wheel: cmake is not installed (on Debian: bash scripts/install-deps.sh)")
    build = ROOT / "build" / "pip" / _tag()
    configure = ["cmake", "-S", str(ROOT), "-B", str(build),
                 "-DCMAKE_BUILD_TYPE=Release", "-DGRUNDY_PYTHON=ON",
                 "-DGRUNDY_BUILD_TESTS=OFF", "-DGRUNDY_BUILD_EXAMPLES=OFF",
                 # A newer compiler's new warning must not stop a user's install.
                 "-DGRUNDY_WARNINGS_AS_ERRORS=OFF",
                 f"-DPython_EXECUTABLE={sys.executable}"]
    if shutil.which("ninja") and not (build / "CMakeCache.txt").exists():
        configure += ["-G", "Ninja"]
    _run(configure)
    _run(["cmake", "--build", str(build), "--target", "grundy_python", "--parallel", str(os.cpu_count() or 1)])
    return build / "python" / "grundy"


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


# PEP 517 hooks.

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_dist_info(metadata_directory)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build_package()
    p = _project()
    name = f"{p['name']}-{p['version']}-{_tag()}.whl"
    info = _dist_info_name()
    files = [(f"grundy/{f.name}", f.read_bytes()) for f in sorted(package.iterdir())
             if f.is_file() and (f.suffix in (".py", ".pyi", ".so") or f.name == "py.typed")]
    if not any(arc.endswith(".so") for arc, _ in files):
        raise RuntimeError(f"grundy_wheel: the build left no compiled module in {package}")
    files += [(f"{info}/METADATA", _metadata().encode()), (f"{info}/WHEEL", _wheel_file().encode())]
    record = [_record_line(arc, data) for arc, data in files] + [f"{info}/RECORD,,"]
    with zipfile.ZipFile(pathlib.Path(wheel_directory) / name, "w", zipfile.ZIP_DEFLATED) as wheel:
        for arc, data in files:
            wheel.writestr(arc, data)
        wheel.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return name


def build_sdist(sdist_directory, config_settings=None):
    """The source tree as git tracks it (or, outside git, every file but build/ and dot-folders)."""
    p = _project()
    base = f"{p['name']}-{p['version']}"
    try:
        listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], check=True,
                                capture_output=True).stdout.decode().split("\0")
        paths = [ROOT / f for f in listed if f]
    except (OSError, subprocess.CalledProcessError):
        paths = [f for f in ROOT.rglob("*") if f.is_file()
                 and not any(part == "build" or part.startswith(".") for part in f.relative_to(ROOT).parts)]
    name = f"{base}.tar.gz"
    with tarfile.open(pathlib.Path(sdist_directory) / name, "w:gz") as sdist:
        for f in paths:
            if f.is_file():
                sdist.add(f, arcname=f"{base}/{f.relative_to(ROOT)}")
        info = pathlib.Path(sdist_directory) / "PKG-INFO"
        info.write_text(_metadata(), encoding="utf-8")
        sdist.add(info, arcname=f"{base}/PKG-INFO")
        info.unlink()
    return name
