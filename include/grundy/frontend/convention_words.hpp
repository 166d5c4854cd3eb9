#pragma once
// How the front-ends word the answers about a sum in one play convention
// (normal or misère): the verdict, its JSON, why there is no winning move,
// and the values (nimbers, or misère genera). `words_for` is the one place
// the commands branch on Convention; `value`, `winner`, `moves` and the
// server's answers all read a SumReport through it.

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/analysis.hpp"
#include "grundy/game_sum.hpp"

namespace grundy::frontend {

class ConventionWords {
 public:
  virtual ~ConventionWords() = default;
  // "first player wins (nim-sum 3)", "draw (...)", "second player wins (...)".
  [[nodiscard]] virtual std::string verdict(const GameSum& sum, const SumReport& r) const = 0;
  // The object `winner --json` prints, and `moves --json` before its moves.
  [[nodiscard]] virtual nlohmann::json outcome_json(const GameSum& sum, const SumReport& r) const = 0;
  // After the verdict, when no move wins: ": no winning move, every move ...".
  [[nodiscard]] virtual std::string no_winning_move(const GameSum& sum, const SumReport& r) const = 0;
  // `value`'s lines, one per component, and its JSON.
  [[nodiscard]] virtual std::vector<std::string> value_lines(const GameSum& sum) const = 0;
  [[nodiscard]] virtual nlohmann::json values_json(const GameSum& sum) const = 0;
};

// `ascii`: an infinite value is written inf{0,2}, not ∞{0,2} (text only).
[[nodiscard]] std::unique_ptr<ConventionWords> words_for(Convention convention, bool ascii);

// The two conventions' words (sum_answers.cpp, quotient_answers.cpp).
[[nodiscard]] std::unique_ptr<ConventionWords> normal_play_words(bool ascii);
[[nodiscard]] std::unique_ptr<ConventionWords> misere_play_words();

}  // namespace grundy::frontend
