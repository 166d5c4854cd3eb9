#!/usr/bin/env bash
# Checks a period claimed for an octal game by a program independent of
# grundy (octal_period_check.cpp: the values from the digit rule by a plain
# mex, or with --rare MASK by the rare-value method; no grundy code),
# compiled here with the system's g++.
# Usage: scripts/independent/check-period.sh [--rare MASK] CODE E P
#   such as 0.1146 653279 288, or --rare 0x3d 0.054 193235616 10015179
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O2 -Wall -Wextra -Werror -o "$work/octal_period_check" "$here/octal_period_check.cpp"
"$work/octal_period_check" "$@"
