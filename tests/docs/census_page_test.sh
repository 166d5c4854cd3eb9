#!/usr/bin/env bash
# scripts/census_page.py, the maker of docs/census/octal-3.md and octal-4.md:
#  1. each committed page is what the script makes from the committed rows and sources, byte for
#     byte (the page is written to a temporary file, which the page does not depend on), and is a
#     summary: under 100 KB, every game's row being in the rows file and the atlas of grundy serve;
#  2. on a few hand-made rows: a row copied from a game of equal values ("same_values_as") is
#     listed with its group's first game; heap 0 is added to a row's rare heaps against Czajka's
#     list; 4.344 is a finding;
#  3. bad rows: exit 2, a message naming the line, no page written;
#  4. a deeper pass's rows replace the census's, with their own bounds: folded into the census
#     file (grundy census --merge --so-far), or from a file of their own (--deeper);
#  5. two deeper files, and a census of fewer digits with its pass folded in (--fewer).
# It needs python3 only (no grundy binary). Exit 0 when all pass, 1 otherwise.
#
# Usage: census_page_test.sh [REPO_ROOT]   (default: the repository this file is in)
source "$(dirname "$0")/checks.sh" "$@"
script=$root/scripts/census_page.py
# contains FILE TEXT: FILE holds TEXT (a fixed string).
contains() { grep -qF -- "$2" "$1" || fail "$1 lacks: $2"; }

# --- 1. The committed pages are up to date (octal-4.md while its census runs: a partial page) ----
for digits in 3 4; do
  rows_file=$root/docs/census/octal-$digits.jsonl
  page_file=$root/docs/census/octal-$digits.md
  # The passes' rows are folded into the census files; the four-digit page takes the three-digit
  # pass's rows for the games its own has not redone.
  deeper=()
  [[ $digits == 4 ]] && deeper=(--fewer "$root/docs/census/octal-3.jsonl")
  [[ $digits == 3 || -f $page_file ]] || continue
  if python3 "$script" "$rows_file" --digits "$digits" --out "$tmp/octal-$digits.md" "${deeper[@]}" 2>"$tmp/err"; then
    if ! cmp -s "$tmp/octal-$digits.md" "$page_file"; then
      fail "docs/census/octal-$digits.md differs from what the script makes of docs/census/octal-$digits.jsonl (rows," \
        "sources or octal_table.tsv changed?); regenerate it with:" \
        "python3 scripts/census_page.py docs/census/octal-$digits.jsonl --digits $digits --out" \
        "docs/census/octal-$digits.md ${deeper[*]/#$root\//}"
      diff "$page_file" "$tmp/octal-$digits.md" | head -20
    fi
  else
    fail "the script failed on docs/census/octal-$digits.jsonl: $(cat "$tmp/err")"
  fi
  [[ -f $page_file && $(stat -c %s "$page_file") -lt 100000 ]] ||
    fail "docs/census/octal-$digits.md is not a summary under 100 KB ($(stat -c %s "$page_file" 2>/dev/null) bytes)"
done

# --- 2. A few hand-made rows -------------------------------------------------------------------
rows=$tmp/rows.jsonl
cat >"$rows" <<'EOF'
{"game":"octal:0.45","kind":"periodic","proven":true,"preperiod":498,"period":20,"checked_up_to":1037,"largest_value":8,"largest_at":37,"rare_mask":15,"rare_parity":false,"rare_heaps":10,"last_rare":198,"max_heap":1048575,"seconds":0.0}
{"game":"octal:0.63","kind":"none","proven":false,"checked_up_to":1048575,"largest_value":302,"largest_at":671288,"rare_mask":494,"rare_parity":false,"rare_heaps":1583,"last_rare":20627,"max_heap":1048575,"seconds":0.0,"same_values_as":"octal:0.62"}
{"game":"octal:0.62","kind":"none","proven":false,"checked_up_to":1048575,"largest_value":302,"largest_at":671288,"rare_mask":494,"rare_parity":false,"rare_heaps":1583,"last_rare":20627,"max_heap":1048575,"seconds":1.807}
{"game":"octal:4.344","kind":"periodic","proven":true,"preperiod":998,"period":51,"checked_up_to":2100,"largest_value":35,"largest_at":190,"rare_mask":55,"rare_parity":false,"rare_heaps":13,"last_rare":271,"max_heap":1048575,"seconds":0.01,"check":"G(n + 51) = G(n) for 998 <= n < 2050 = 2e + p + t, with e = 998, p = 51, t = 3"}
EOF
page=$tmp/page.md
run_small() {
  python3 "$script" "$rows" --digits 3 --out "$page" 2>"$tmp/err" ||
    fail "the script failed on the hand-made rows: $(cat "$tmp/err")"
}
run_small
contains "$page" "**In progress: 4 of the 1,024 games.**"
contains "$page" "no period up to n = 1,048,575: **2** (1 computed, 1 copied from a game with the same values"
contains "$page" "- 0.62: N = 1,048,575, largest 302; also 0.63"
grep -qF -- "- 0.63:" "$page" && fail "octal:0.63, a copy of 0.62's row, has a line of its own"
contains "$page" "rare heaps 10 + heap 0 = 11"
contains "$page" "The census finds octal:4.344 (line 4) periodic (proven), preperiod 998, period 51"
contains "$page" "fails at n = 997"
contains "$page" "So the list entry is out of date"
contains "$page" "**Disagreements between the census and the sources: 0**."
contains "$page" "open \`/census\` and type a code"
# A rerun writes the same page.
cp "$page" "$tmp/first.md"
run_small
cmp -s "$page" "$tmp/first.md" || fail "a rerun on the same rows wrote another page"

# The 16 one-digit games, their rows taken from the three-digit census.
grep -E '"game":"octal:[04]\.[0-7]"' "$root/docs/census/octal-3.jsonl" >"$tmp/one-digit.jsonl"
[[ $(wc -l <"$tmp/one-digit.jsonl") -eq 16 ]] || fail "expected the 16 one-digit rows in octal-3.jsonl"
python3 "$script" "$tmp/one-digit.jsonl" --digits 1 --out "$tmp/one-digit.md" 2>"$tmp/err" ||
  fail "the script failed on the one-digit rows: $(cat "$tmp/err")"
contains "$tmp/one-digit.md" "**Complete: all 16 games.**"
contains "$tmp/one-digit.md" "- 0.6: N = 1,048,575"

# --- 3. Bad rows: exit 2, the line named, no page ----------------------------------------------
# bad NAME EXPECTED_MESSAGE LINE...: a rows file of the given lines must fail so.
bad() {
  local name=$1 message=$2 status
  shift 2
  printf '%s\n' "$@" >"$tmp/$name.jsonl"
  rm -f "$tmp/$name.md"
  python3 "$script" "$tmp/$name.jsonl" --digits 3 --out "$tmp/$name.md" 2>"$tmp/$name.err"
  status=$?
  [[ $status -eq 2 ]] || fail "$name: exit status $status, not 2"
  grep -qF -- "$message" "$tmp/$name.err" || fail "$name: the error '$(cat "$tmp/$name.err")' lacks: $message"
  [[ $(wc -l <"$tmp/$name.err") -eq 1 ]] || fail "$name: the error is not one line: $(cat "$tmp/$name.err")"
  [[ ! -e $tmp/$name.md ]] || fail "$name: a page was written"
}
row45=$(sed -n 1p "$rows")
row63=$(sed -n 2p "$rows")
row62=$(sed -n 3p "$rows")
bad wrong-code "wrong-code.jsonl:2: 'octal:0.8' is not a game of the 3-digit octal census" \
  "$row45" '{"game":"octal:0.8","kind":"none","checked_up_to":1,"max_heap":1048575,"seconds":0.0}'
bad four-digits "four-digits.jsonl:1: 'octal:0.1234' is not a game of the 3-digit octal census" \
  '{"game":"octal:0.1234","kind":"none","checked_up_to":1,"max_heap":1048575,"seconds":0.0}'
bad twice "twice.jsonl:2: a second row for octal:0.45 (the first is line 1)" "$row45" "$row45"
bad not-json "not-json.jsonl:2: not a JSON object" "$row45" "{\"game\":"
bad misere "misere.jsonl:1: kind 'quotient' is not a pattern's kind" \
  '{"game":"octal:0.45","kind":"quotient","max_heap":30,"seconds":0.0}'
bad two-bounds "rows of different censuses: max_heap 1048575 (line 1) and 65535 (line 2)" \
  "$row45" "${row62/1048575,\"seconds\"/65535,\"seconds\"}"
bad wrong-copy "wrong-copy.jsonl:2: octal:0.64 is given the same values as octal:0.62, but the codes differ" \
  "$row62" "${row63/octal:0.63/octal:0.64}"
# 0.6 and 0.62 have one values key (bit 2 of d2 given by taking 1 and leaving 1 + (n - 2),
# G(1) = 0): rows computed apart must agree.
bad apart "apart.jsonl:1: octal:0.62 and octal:0.6 (line 2) have one values key (docs/census.md) but their rows differ in largest_at" \
  "$row62" "$(sed 's/octal:0.62/octal:0.6/; s/"largest_at":671288/"largest_at":671289/' <<<"$row62")"
python3 "$script" "$tmp/missing.jsonl" --digits 3 --out "$tmp/missing.md" 2>"$tmp/missing.err"
status=$?
if [[ $status -ne 2 ]] || ! grep -qF "cannot read" "$tmp/missing.err"; then
  fail "a missing rows file: exit status $status, $(cat "$tmp/missing.err")"
fi

# --- 4. A deeper pass --------------------------------------------------------------------------
# 0.62's row redone to 2^22 (still no period) and 0.63's (its copy) with it; 0.45 untouched.
deep=$tmp/deep.jsonl
{
  sed 's/"checked_up_to":1048575/"checked_up_to":4194303/; s/"max_heap":1048575/"max_heap":4194303/;
       s/"seconds":1.807/"seconds":20.5,"deepened_from":1048575/' <<<"$row62"
  sed 's/"checked_up_to":1048575/"checked_up_to":4194303/; s/"max_heap":1048575/"max_heap":4194303/;
       s/"seconds":0.0/"seconds":0.0,"deepened_from":1048575/' <<<"$row63"
} >"$deep"
python3 "$script" "$rows" --digits 3 --out "$tmp/deep.md" --deeper "$deep" 2>"$tmp/err" ||
  fail "the script failed with --deeper: $(cat "$tmp/err")"
contains "$tmp/deep.md" "**The deeper pass** has redone 2 of the games"
contains "$tmp/deep.md" "no period up to n = 1,048,575, or the deeper pass's bound for its rows: **2**"
contains "$tmp/deep.md" "- 0.62: N = 4,194,303, deeper pass, largest 302; also 0.63"
contains "$tmp/deep.md" "--deepen docs/census/octal-3.jsonl --resume"
contains "$tmp/deep.md" "The rows of \`$deep\` not folded in yet replace their games' rows on this page."
# The same rows folded into the census: the same games, at the census's own lines.
folded=$tmp/folded.jsonl
{ sed -n 1p "$rows"; sed -n 2p "$deep"; sed -n 1p "$deep"; sed -n 4p "$rows"; } >"$folded"
python3 "$script" "$folded" --digits 3 --out "$tmp/folded.md" 2>"$tmp/err" ||
  fail "the script failed on folded rows: $(cat "$tmp/err")"
contains "$tmp/folded.md" "**The deeper pass** has redone 2 of the games"
contains "$tmp/folded.md" "- 0.62: N = 4,194,303, deeper pass, largest 302; also 0.63"
contains "$tmp/folded.md" "--merge deep-3.jsonl --so-far --jsonl > octal-3.next"
grep -qF "not folded in yet" "$tmp/folded.md" && fail "a page of folded rows speaks of rows not folded in"
# A pass stopped between a group's games: 0.62 folded, its copy 0.63 still the census's.
{ sed -n 1,2p "$rows"; sed -n 1p "$deep"; } >"$tmp/half.jsonl"
python3 "$script" "$tmp/half.jsonl" --digits 3 --out "$tmp/half.md" 2>"$tmp/err" ||
  fail "the script failed on a group half folded: $(cat "$tmp/err")"
contains "$tmp/half.md" "- 0.62: N = 4,194,303, deeper pass, largest 302"
contains "$tmp/half.md" "- 0.63: N = 1,048,575, largest 302 (copies of 0.62's census row; the deeper pass has redone 0.62"
bad folded-other-bound "folded-other-bound.jsonl:2: octal:0.62 deepens a census to n = 65,535, not this one's 1,048,575" \
  "$row45" "$(sed 's/"deepened_from":1048575/"deepened_from":65535/' <<<"$(sed -n 1p "$deep")")"
bad folded-not-int "folded-not-int.jsonl:2: octal:0.62's \"deepened_from\" is not an integer" \
  "$row45" "$(sed 's/"deepened_from":1048575/"deepened_from":"1048575"/' <<<"$(sed -n 1p "$deep")")"
# deeper_bad NAME MESSAGE LINE...: a deeper file of these lines fails so.
deeper_bad() {
  local name=$1 message=$2 status
  shift 2
  printf '%s\n' "$@" >"$tmp/$name.jsonl"
  python3 "$script" "$rows" --digits 3 --out "$tmp/$name.md" --deeper "$tmp/$name.jsonl" 2>"$tmp/$name.err"
  status=$?
  [[ $status -eq 2 ]] || fail "$name: exit status $status, not 2"
  grep -qF -- "$message" "$tmp/$name.err" || fail "$name: the error '$(cat "$tmp/$name.err")' lacks: $message"
  [[ ! -e $tmp/$name.md ]] || fail "$name: a page was written"
}
deeper_bad no-from 'no-from.jsonl: no row with "deepened_from": not the rows of a deeper pass' "$row62"
deeper_bad other-bound "other-bound.jsonl:1: octal:0.62 deepens a census to n = 65,535, not this one's 1,048,575" \
  "${row62/\"seconds\":1.807/\"seconds\":1.807,\"deepened_from\":65535}"
deeper_bad not-in-census "not-in-census.jsonl:1: octal:0.7 has no row in the census it deepens" \
  '{"game":"octal:0.7","kind":"none","checked_up_to":1,"max_heap":2000000,"seconds":0.0,"deepened_from":1048575}'

# --- 5. Two deeper files: the first's row of a game wins, the second fills in the others ------
# The second is a census with its pass folded in, as docs/census/octal-3.jsonl is: 0.161's deeper
# row, 0.45's census row (not a deeper row: not taken) and a deeper row of 0.62.
deep161=$(grep -F '"game":"octal:0.161"' "$root/docs/census/octal-3.jsonl")
grep -qF '"deepened_from":1048575' <<<"$deep161" ||
  fail "expected octal:0.161's deeper row, folded into docs/census/octal-3.jsonl"
sed 's/"checked_up_to":[0-9]*/"checked_up_to":1048575/; s/"deepened_from":1048575,//;
     s/"max_heap":[0-9]*/"max_heap":1048575/' <<<"$deep161" >"$tmp/rows2.jsonl"
cat "$rows" >>"$tmp/rows2.jsonl"
{
  echo "$deep161"
  echo "$row45"
  sed 's/"checked_up_to":1048575/"checked_up_to":8388607/; s/"max_heap":1048575/"max_heap":8388607/;
       s/"seconds":1.807/"seconds":80.5,"deepened_from":1048575/' <<<"$row62"
} >"$tmp/fewer.jsonl"
for option in --deeper --fewer; do
  python3 "$script" "$tmp/rows2.jsonl" --digits 3 --out "$tmp/two.md" --deeper "$deep" $option "$tmp/fewer.jsonl" \
    2>"$tmp/err" || fail "the script failed with --deeper and $option: $(cat "$tmp/err")"
  contains "$tmp/two.md" "- 0.62: N = 4,194,303, deeper pass, largest 302; also 0.63"
  contains "$tmp/two.md" "- 0.161: N = 536,870,911, deeper pass, largest"
  contains "$tmp/two.md" "**The deeper pass** has redone 3 of the games"
  contains "$tmp/two.md" "$option $tmp/fewer.jsonl"
  contains "$tmp/two.md" "take the rows of the deeper passes over the smaller censuses"
done

finish census_page_test
