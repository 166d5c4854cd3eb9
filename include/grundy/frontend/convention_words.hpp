#pragma once
// How the front-ends word the answers about a sum in one play convention
// (normal or misère): the verdict, its JSON, why there is no winning move,
// the values (nimbers, or misère genera), the sum's standing, a hint, and
// how a game of `play` ends. `words_for` is the one place the front-ends
// branch on Convention; `value`, `winner`, `moves`, `play`, the server's
// answers and Python's all read a SumReport through it.

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "grundy/analysis.hpp"
#include "grundy/game_sum.hpp"

namespace grundy::frontend {

// A component as the front-end names it ("heap 2", "token 1 (graph:g.txt)"),
// and a move as it quotes one ("heap 2: 5 -> 3").
using ComponentNamer = std::function<std::string(std::size_t)>;
using MoveNamer = std::function<std::string(const Move&)>;

// A hint in words, and whether the text names the hint's move (a winning
// move, or a suggestion), so that a front-end can offer it to be played.
struct HintWords {
  std::string text;
  bool names_move = false;
};

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
  // The sum's standing in one sentence, as play shows it under the values
  // and the hints quote it: "nim-sum 3 xor 5 xor 6 = 0: the player to move
  // loses against perfect play", or what decided a misère sum and who wins.
  [[nodiscard]] virtual std::string standing(const SumReport& r, const ComponentNamer& name,
                                             std::size_t components) const = 0;
  // A hint (analysis.hpp) in the words play and serve share: the winning
  // move and why it wins, or why there is none, with a suggested move.
  // Each front-end adds its own way to act on it (play's 'undo', 'draw').
  // `plural_noun` names the components ("heaps", "boards").
  [[nodiscard]] virtual HintWords hint(const Hint& h, const MoveNamer& move_text, const ComponentNamer& name,
                                       std::size_t components, std::string_view plural_noun) const = 0;
  // How a game ends, for play's rules: "whoever cannot move loses".
  [[nodiscard]] virtual std::string_view ending_rule() const = 0;
  // Why the engine never misses, for play's help: a paragraph, lines ending in newlines.
  [[nodiscard]] virtual std::string_view method_note() const = 0;
  // The end of a game of play, when the person (`person_stuck`) or the
  // engine has no move left; `after` counts the moves ("12 moves").
  [[nodiscard]] virtual std::string no_move_left(bool person_stuck, std::string_view after) const = 0;
};

// `ascii`: an infinite value is written inf{0,2}, not ∞{0,2} (text only).
[[nodiscard]] std::unique_ptr<ConventionWords> words_for(Convention convention, bool ascii);

// The two conventions' words (sum_answers.cpp, quotient_answers.cpp).
[[nodiscard]] std::unique_ptr<ConventionWords> normal_play_words(bool ascii);
[[nodiscard]] std::unique_ptr<ConventionWords> misere_play_words();

}  // namespace grundy::frontend
