#!/usr/bin/env bash
# Checks a period claimed for an octal game by a program independent of
# grundy (octal_period_check.cpp: a plain mex from the digit rule, no grundy
# code), compiled here with the system's g++.
# Usage: scripts/independent/check-period.sh CODE E P   (such as 0.1146 653279 288)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
g++ -std=c++20 -O2 -Wall -Wextra -Werror -o "$work/octal_period_check" "$here/octal_period_check.cpp"
"$work/octal_period_check" "$@"
