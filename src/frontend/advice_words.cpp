#include "grundy/frontend/advice_words.hpp"

#include <fmt/format.h>

namespace grundy::frontend {
namespace {

// ": 2^25 - 1, since ..." after a bound, when the family says why it is its largest.
std::string bound_reason_words(const PatternAdvice& a) {
  return a.bound_reason.empty() ? std::string() : ": " + a.bound_reason;
}

}  // namespace

std::string advice_text(const Pattern& p, const AdviceSpelling& s) {
  const PatternAdvice& a = p.advice;
  switch (a.kind) {
    case PatternAdvice::Kind::none:
      if (a.bound != 0)
        return fmt::format("{}: {} goes no further (at most {}{})", a.note, s.name, a.bound, bound_reason_words(a));
      return a.note;
    case PatternAdvice::Kind::larger_bound:
      if (a.quadratic)
        return fmt::format(
            "no rare-value mask fits these values, so each costs a scan of every pair: the default bound "
            "stops at {}, and {} (up to {}{}) goes further, in time that grows as {}^2",
            a.default_stop, s.choice, a.bound, bound_reason_words(a), s.variable);
      return fmt::format("a larger {} (up to {}{}) computes more values{}", s.choice, a.bound, bound_reason_words(a),
                         a.may_refute ? " and may refute the rule seen" : "");
    case PatternAdvice::Kind::enough_bound:
      return fmt::format("{}: {} ({}) examines enough values to see that rule (observed, not proven)", a.note,
                         fmt::format(fmt::runtime(s.set), a.bound), a.bound_reason);
    case PatternAdvice::Kind::values_as_runs:
      return fmt::format(fmt::runtime(s.runs), p.game);
  }
  return a.note;
}

}  // namespace grundy::frontend
