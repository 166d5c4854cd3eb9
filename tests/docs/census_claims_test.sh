#!/usr/bin/env bash
# scripts/census_claims.py, the guard of "every period a deeper pass proves is listed with its
# evidence" (docs/census.md, "Claims and their checks"):
#  1. the committed censuses (docs/census/octal-3.jsonl, octal-4.jsonl, their deeper passes folded
#     in) and docs/census/claims.tsv agree;
#  2. hand-made rows: a proven deeper row with no line, or another period, exits 1 naming its file
#     and line; a proven census row (no "deepened_from") and a deeper row with no period need none;
#  3. bad input exits 2 with one line naming file and line.
# It needs python3 only. Exit 0 when all pass, 1 otherwise.
#
# Usage: census_claims_test.sh [REPO_ROOT]   (default: the repository this file is in)
source "$(dirname "$0")/checks.sh" "$@"
script=$root/scripts/census_claims.py

# --- 1. The committed files ------------------------------------------------------------------
if ! python3 "$script" "$root/docs/census/claims.tsv" "$root/docs/census/octal-3.jsonl" \
  "$root/docs/census/octal-4.jsonl" >"$tmp/out" 2>"$tmp/err"; then
  fail "a period proven by a deeper pass is not listed in docs/census/claims.tsv: $(cat "$tmp/err")"
fi
grep -qE '^[0-9]+ games? proven periodic by the deeper passes, each listed' "$tmp/out" ||
  fail "no summary line: $(cat "$tmp/out")"

# --- 2. Hand-made rows -----------------------------------------------------------------------
claims=$tmp/claims.tsv
printf '# a comment\ncode\tpreperiod\tperiod\tevidence\tdetail\n0.1146\t653279\t288\tconfirmed\tcheck-period.sh --rare 91 0.1146 653279 288\n' >"$claims"
deep='{"game":"octal:0.1146","kind":"periodic","proven":true,"preperiod":653279,"period":288,"rare_mask":91,"deepened_from":1048575}'
census='{"game":"octal:0.45","kind":"periodic","proven":true,"preperiod":498,"period":20}'
none='{"game":"octal:0.161","kind":"none","proven":false,"deepened_from":1048575}'
# run NAME STATUS LINE...: the rows LINE... against $claims exit STATUS; the output is in $tmp/NAME.err.
run() {
  local name=$1 want=$2 status
  shift 2
  printf '%s\n' "$@" >"$tmp/$name.jsonl"
  python3 "$script" "$claims" "$tmp/$name.jsonl" >"$tmp/$name.out" 2>"$tmp/$name.err"
  status=$?
  [[ $status -eq $want ]] || fail "$name: exit status $status, not $want: $(cat "$tmp/$name.err")"
}
run listed 0 "$census" "$deep" "$none"
grep -qF "1 game proven periodic by the deeper passes, each listed: 0 by a source, 1 confirmed" "$tmp/listed.out" ||
  fail "listed: $(cat "$tmp/listed.out")"
run ahead 0 "$census"
grep -qF "games no census given proves yet: 0.1146" "$tmp/ahead.out" || fail "ahead: $(cat "$tmp/ahead.out")"
run unlisted 1 "$deep" "${deep//0.1146/0.1145}"
grep -qF "unlisted.jsonl:2: octal:0.1145, period 288 from 653,279, proven by a deeper pass, has no line" \
  "$tmp/unlisted.err" || fail "unlisted: $(cat "$tmp/unlisted.err")"
grep -qF "check-period.sh --rare 91 0.1145 653279 288" "$tmp/unlisted.err" || fail "unlisted: no command to run"
nomask=$(sed 's/"rare_mask":91/"rare_mask":null/; s/0\.1146/0.1145/' <<<"$deep")
run unlisted-no-mask 1 "$nomask"
grep -qF "\`bash scripts/independent/check-period.sh 0.1145 653279 288\`" "$tmp/unlisted-no-mask.err" ||
  fail "unlisted-no-mask: $(cat "$tmp/unlisted-no-mask.err")"
run other-period 1 "${deep//\"period\":288/\"period\":289}"
grep -qF "octal:0.1146, period 289 from 653,279, but $claims line 3 gives period 288 from 653,279" \
  "$tmp/other-period.err" || fail "other-period: $(cat "$tmp/other-period.err")"

# --- 3. Bad input ----------------------------------------------------------------------------
# bad NAME MESSAGE CLAIMS-TEXT [ROW]: exit 2, one line holding MESSAGE.
bad() {
  local name=$1 message=$2 status
  printf '%b' "$3" >"$tmp/$name.tsv"
  printf '%s\n' "${4:-$deep}" >"$tmp/$name.jsonl"
  python3 "$script" "$tmp/$name.tsv" "$tmp/$name.jsonl" >/dev/null 2>"$tmp/$name.err"
  status=$?
  [[ $status -eq 2 ]] || fail "$name: exit status $status, not 2"
  grep -qF -- "$message" "$tmp/$name.err" || fail "$name: the error '$(cat "$tmp/$name.err")' lacks: $message"
  [[ $(wc -l <"$tmp/$name.err") -eq 1 ]] || fail "$name: the error is not one line"
}
head='code\tpreperiod\tperiod\tevidence\tdetail\n'
bad no-header "no-header.tsv: no header line" '# only a comment\n'
bad wrong-header "wrong-header.tsv:1: expected the header" 'code\tperiod\n'
bad short "short.tsv:2: expected 5 cells separated by tabs, found 4" "${head}0.1146\t653279\t288\tconfirmed\n"
bad code "code.tsv:2: '0.8' is not an octal code" "${head}0.8\t1\t2\tsource\tx\n"
bad number "number.tsv:2: the preperiod and period must be whole numbers" "${head}0.1146\t653279\t0\tsource\tx\n"
bad evidence "evidence.tsv:2: evidence 'seen' is not one of source, confirmed" "${head}0.1146\t1\t2\tseen\tx\n"
bad detail "detail.tsv:2: no detail" "${head}0.1146\t1\t2\tsource\t \n"
bad twice "twice.tsv:3: a second line for 0.1146 (the first is line 2)" "${head}0.1146\t1\t2\tsource\tx\n0.1146\t1\t2\tsource\tx\n"
bad row-json "row-json.jsonl:1: not a JSON object" "${head}" '{"game":'
bad row-period "row-period.jsonl:1: octal:0.1146 is proven but has no integer preperiod and period" "${head}" \
  '{"game":"octal:0.1146","proven":true,"period":"288","preperiod":1,"deepened_from":1}'
python3 "$script" "$tmp/missing.tsv" "$tmp/listed.jsonl" >/dev/null 2>"$tmp/missing.err"
[[ $? -eq 2 ]] && grep -qF "cannot read" "$tmp/missing.err" || fail "a missing claims file: $(cat "$tmp/missing.err")"

finish census_claims_test
