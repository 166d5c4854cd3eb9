#pragma once
// A Pattern's fields as every front-end publishes them: the command line's
// JSON (and so the census's rows) and Python's grundy.Pattern read one list,
// so a field has one name everywhere. Only the fields that apply to the
// pattern are listed: a period for periodic rules, a base and a start
// ("from") for self-similar ones, the proof for proven ones, the reason and
// the advice otherwise.
//
// Cost: one call of `visit` a field, at most 13.

#include <string>
#include <string_view>

#include "grundy/pattern.hpp"

namespace grundy {

// Calls visit(name, value) for each field of `p` that applies, with value a
// std::string, bool or std::uint64_t. `advice` is the pattern's advice in
// the front-end's words (frontend/advice_words.hpp).
template <class Visit>
void visit_pattern_fields(const Pattern& p, std::string_view advice, Visit&& visit) {
  visit(std::string_view("game"), p.game);
  visit(std::string_view("kind"), std::string(to_string(p.kind)));
  visit(std::string_view("proven"), p.proven);
  visit(std::string_view("checked_up_to"), p.checked_up_to);
  if (p.kind == PatternKind::periodic || p.kind == PatternKind::arithmetic_periodic) {
    visit(std::string_view("preperiod"), p.preperiod);
    visit(std::string_view("period"), p.period);
    if (p.kind == PatternKind::arithmetic_periodic) visit(std::string_view("saltus"), p.saltus);
  } else if (p.kind == PatternKind::self_similar) {
    visit(std::string_view("base"), p.base);
    visit(std::string_view("from"), p.from);
  }
  if (p.kind != PatternKind::none) visit(std::string_view("value_count"), p.value_count);
  if (p.proven) {
    visit(std::string_view("proof_bound"), p.proof_bound);
    visit(std::string_view("check"), p.check);
    visit(std::string_view("theorem"), p.theorem);
  } else {
    visit(std::string_view("reason"), p.reason);
    visit(std::string_view("advice"), std::string(advice));
    if (p.rule_not_reported) visit(std::string_view("rule_not_reported"), true);
  }
}

}  // namespace grundy
