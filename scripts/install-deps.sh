#!/usr/bin/env bash
# Installs the Debian packages grundy needs to build, test and benchmark.
# Idempotent: packages already installed are left alone, and the package index
# is refreshed only when something is missing.
#   --for-tests  also what only the test suite uses: clang-format (the
#                house style, .clang-format) and a one-node Slurm
#                (slurmctld, slurmd, with munge), started by a test in a
#                temporary folder, never as a service of the machine.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config
  libfmt-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libcpp-httplib-dev
  chromium chromium-driver python3 python3-selenium
  python3-dev pybind11-dev python3-pytest python3-numpy python3-venv
  gnuplot-nox python3-matplotlib python3-pil
  libprimesieve-dev libprimecount-dev primecount
  libnauty2-dev libxxhash-dev
  time tmux ccache
  clang libclang-rt-dev
)
if [[ ${1:-} == --for-tests ]]; then
  packages+=(clang-format slurmctld slurmd)
elif [[ $# -gt 0 ]]; then
  echo "usage: $0 [--for-tests]" >&2
  exit 2
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi

echo "install-deps: installing ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
