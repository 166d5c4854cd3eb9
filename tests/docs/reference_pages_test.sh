#!/usr/bin/env bash
# The docs outside docs/dev are reference pages, not lab notebooks: no commit
# hash ("grundy 4812db5"), no session ("the fifteenth session", "this
# session"), no pauses of background runs, and no farm-bench (a tool outside
# the repository: a figure names a command a reader can run). History and
# diaries belong in docs/dev. The census pages docs/census/octal-* are made
# by scripts from the rows and are checked by their own tests.
# Usage: reference_pages_test.sh [REPOSITORY]
source "$(dirname "${BASH_SOURCE[0]}")/checks.sh" "$@"

pattern='background runs? (were )?paused|\b(this|last|next|previous|later|earlier|[a-z]+teenth) session\b|this [0-9]-core machine|farm-bench|\bgrundy [0-9a-f]{7}\b|\b(fixed|landed|added) in [0-9a-f]{7,40}\b'
cd "$root" || exit 1
hits=$(find README.md docs bench -name '*.md' -not -path 'docs/dev/*' -not -path 'docs/census/octal-*' -print0 |
  xargs -0 grep -nEi "$pattern")
if [[ -n $hits ]]; then
  fail "lab-notebook words outside docs/dev (move the history to docs/dev, or name a command a reader can run):"
  echo "$hits"
fi

# The check itself finds what it should (a test that cannot fail is none).
for line in 'Measured with grundy 4812db5.' 'as the fifteenth session found' 'the background runs paused' \
  'Fixed in 8e42f87.' '(farm-bench -n 5)' 'as a later session found' 'on this 2-core machine'; do
  grep -qEi "$pattern" <<< "$line" || fail "the pattern misses: $line"
done
for line in 'mask 0x1fe' 'a session of play' 'G(n) for n >= 4812'; do
  grep -qEi "$pattern" <<< "$line" && fail "the pattern wrongly finds: $line"
done
finish "reference pages"
