#include "grundy/frontend/play_session.hpp"
#include "grundy/frontend/words.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/color.h>
#include <fmt/format.h>

#include "grundy/closest_name.hpp"
#include "grundy/error.hpp"
#include "grundy/analysis.hpp"
#include "grundy/session_rules.hpp"
#include "grundy/misere/misere.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/strategy.hpp"
#include "grundy/frontend/convention_words.hpp"
#include "grundy/frontend/sum_answers.hpp"
#include "grundy/frontend/output.hpp"

namespace grundy::frontend {
namespace {

// Heaps up to this size are also drawn as a row of tokens.
constexpr Position kMostTokensDrawn = 30;
// Legal moves listed in an error message before the list is cut.
constexpr std::uint64_t kMovesListed = 10;
// Legal moves numbered by 'moves' before the list is cut ('#N' plays any).
constexpr std::uint64_t kMovesNumbered = 40;
// A command line longer than this is refused without being stored.
constexpr std::size_t kLongestLine = 1024;
// Sums with more components show the nim-sum without its terms.

PlayTerminal detect_terminal() {
  PlayTerminal t;
  t.input_is_terminal = isatty(STDIN_FILENO) != 0;
  const bool output_is_terminal = isatty(STDOUT_FILENO) != 0;
  const char* no_colour = std::getenv("NO_COLOR");
  t.colour = output_is_terminal && (no_colour == nullptr || *no_colour == '\0');
  t.utf8 = output_is_terminal && locale_is_utf8();
  // As `grundy value` decides: by the locale alone, so a piped game writes
  // ∞{} as `grundy value` does in the same locale.
  t.utf8_values = locale_is_utf8();
  return t;
}

enum class Player { person, engine };

struct OutputClosed {};

enum class Command { quit, help, hint, values, undo, draw, moves };

// The words of each command (compared in lower case), in one table for the
// dispatch and for the note on vertices named like a command.
std::optional<Command> command_named(std::string_view word) {
  struct Name {
    std::string_view word;
    Command command;
  };
  static constexpr Name kNames[] = {
      {"quit", Command::quit},   {"exit", Command::quit}, {"q", Command::quit},    {"help", Command::help},
      {"?", Command::help},      {"h", Command::help},    {"hint", Command::hint}, {"values", Command::values},
      {"v", Command::values},    {"undo", Command::undo}, {"u", Command::undo},    {"draw", Command::draw},
      {"moves", Command::moves}, {"m", Command::moves},
  };
  for (const Name& n : kNames)
    if (n.word == word) return n.command;
  return std::nullopt;
}

// " (did you mean 'hint'?)" for a mistyped command word, else nothing.
std::string command_suggestion(std::string_view word) {
  static constexpr std::string_view kWords[] = {"quit", "exit", "help", "hint", "values", "undo", "draw", "moves"};
  const auto closest = closest_name(word, kWords);
  return closest ? fmt::format(" (did you mean '{}'?)", *closest) : std::string();
}

// Text typed by the person, made safe to print: control characters (an
// escape sequence would reach the terminal), C1 ones included, become '?'.
std::string printable(std::string_view text) {
  std::string s;
  s.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    // A C1 control (U+0080 to U+009F, bytes C2 80 to C2 9F): some terminals obey them as escapes.
    if (byte == 0xc2 && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xe0) == 0x80) {
      s += '?';
      ++i;  // both bytes of the character
    } else {
      s += (byte < 0x20 && byte != '\n') || byte == 0x7f ? '?' : text[i];
    }
  }
  return s;
}

// Standard input and output, for the command line. A line longer than
// `longest` is read to its end but not stored past it.
class StdioStreams final : public PlayStreams {
 public:
  std::optional<PlayLine> read_line(std::size_t longest) override {
    PlayLine line;
    int c = 0;
    bool any = false;
    while ((c = std::getc(stdin)) != EOF) {
      any = true;
      if (c == '\n') break;
      if (line.text.size() < longest) {
        line.text.push_back(static_cast<char>(c));
      } else {
        line.too_long = true;
      }
    }
    if (!any) return std::nullopt;
    return line;
  }
  bool write(std::string_view text) override {
    return std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && std::fflush(stdout) == 0;
  }
};

std::string lowercase(std::string_view text) {
  std::string s(text);
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

class Session {
 public:
  Session(std::span<const Game* const> games, std::span<const Component> components, const PlayOptions& options,
          PlayStreams& streams, const PlayTerminal& terminal)
      : games_(games.begin(), games.end()),
        components_(components.begin(), components.end()),
        streams_(streams),
        rng_(options.seed),
        // Suggestions draw from their own generator, so that asking for
        // hints never changes the engine's later choices.
        hint_rng_(options.seed ^ 0x5bd1e995u),
        turn_(options.first == FirstPlayer::person ? Player::person : Player::engine),
        convention_(options.convention),
        terminal_(terminal),
        words_(words_for(options.convention, !terminal.utf8_values)) {}

  // Throws OutputClosed when the output cannot be written.
  PlayEnd run() { return play_to_the_end(); }

 private:
  PlayEnd play_to_the_end() {
    introduce();
    remember_position();
    for (;;) {
      if (!any_move()) {
        announce_end();
        const bool stuck_player_wins = winner_with_no_move(convention_) == Winner::first;
        return (turn_ == Player::person) == stuck_player_wins ? PlayEnd::person_won : PlayEnd::engine_won;
      }
      if (occurrences_[position_key()] >= kRepetitionsForDraw) {
        show_position();
        say(paint(fmt::format("\nThis position, with the same player to move, has now occurred {} times: the game is "
                              "a draw after {}.\n",
                              kRepetitionsForDraw, moves_count_text()),
                  fmt::emphasis::bold));
        return PlayEnd::drawn;
      }
      if (turn_ == Player::engine) {
        engine_turn();
        continue;
      }
      show_position();
      if (const std::optional<PlayEnd> end = person_turn()) return *end;
    }
  }

  struct Played {
    Move move;
    const Game* game;  // of the component moved in, which a move may leave empty
    Player by;
  };

  // --- repetition ---

  // A whole position of the sum: every component (in any order) and the player to move.
  using PositionKey = std::pair<std::vector<std::pair<const Game*, Position>>, Player>;
  [[nodiscard]] PositionKey position_key() const {
    PositionKey key;
    for (const Component& c : components_) key.first.emplace_back(c.game, c.position);
    std::sort(key.first.begin(), key.first.end());
    key.second = turn_;
    return key;
  }
  void remember_position() { ++occurrences_[position_key()]; }
  void forget_position() {
    if (--occurrences_[position_key()] == 0) occurrences_.erase(position_key());
  }

  // --- output ---

  // Writes and flushes at once (a person is waiting); a closed or full
  // output ends the session, so that no one plays into the void.
  void say(std::string_view text) {
    if (!streams_.write(text)) throw OutputClosed{};
  }
  [[nodiscard]] std::string paint(std::string_view text, fmt::text_style style) const {
    if (!terminal_.colour) return std::string(text);
    return fmt::format(style, "{}", text);
  }
  [[nodiscard]] std::string error_text(std::string_view text) const {
    return paint(text, fmt::fg(fmt::terminal_color::red));
  }

  [[nodiscard]] const Game& game_of(std::size_t i) const { return *components_[i].game; }
  [[nodiscard]] std::string noun(std::size_t i) const { return std::string(game_of(i).component_noun()); }
  // What one component is called in messages: "heap", "token", or
  // "component" when the sum mixes heaps and tokens.
  // The nouns come from the sum's games, which stay the same when moves
  // split components or leave none.
  [[nodiscard]] std::string item_noun() const {
    const std::string plural = plural_noun();
    return plural == "components" ? "component" : plural.substr(0, plural.size() - 1);
  }
  [[nodiscard]] std::string plural_noun() const { return plural_component_noun(games_); }
  // "heap 2", or "heap 2 (nim)" in a sum of different games.
  [[nodiscard]] std::string label(std::size_t i) const {
    if (single_game()) return fmt::format("{} {}", noun(i), i + 1);
    return fmt::format("{} {} ({})", noun(i), i + 1, game_of(i).name());
  }
  // A position as the table of the position shows it, set apart in its column.
  [[nodiscard]] std::string position_text(std::size_t i, Position p) const { return game_of(i).format_position(p); }
  // A position inside a sentence: quoted unless it is a heap size (Game::position_in_text),
  // so that a board's dots never run into the sentence's full stop.
  [[nodiscard]] std::string position_words(std::size_t i, Position p) const { return game_of(i).position_in_text(p); }
  [[nodiscard]] std::string move_text(const Move& m) const {
    return fmt::format("{}: {} -> {}", label(m.component), position_words(m.component, m.from),
                       game_of(m.component).option_in_text(m.to));
  }
  [[nodiscard]] std::string moves_count_text() const {
    return fmt::format("{} move{}", history_.size(), history_.size() == 1 ? "" : "s");
  }

  // True when some component's moves can leave several heaps, or none.
  [[nodiscard]] bool any_split() const {
    return std::any_of(components_.begin(), components_.end(),
                       [](const Component& c) { return !c.game->moves_leave_one_position(); });
  }

  // An option as a person types it: "3 + 5", "0" for nothing.
  [[nodiscard]] std::string typed_option(std::size_t i, const Option& o) const {
    if (o.empty()) return "0";
    std::vector<std::string> names;
    for (Position p : o) names.push_back(position_text(i, p));
    return fmt::format("{}", fmt::join(names, " + "));
  }

  // What to type to move, for this sum, with an example that is a legal move.
  [[nodiscard]] std::string move_syntax() const {
    const std::string kind = plural_noun();
    const bool splits = any_split();
    // Only heap games' positions are heaps; a game written in Python, or a
    // graph in a sum, may leave positions of other kinds.
    const bool heaps = kind == "heaps";
    const std::string what = splits && heaps    ? "the heaps it leaves"
                             : splits           ? "what it leaves"
                             : kind == "tokens" ? "the vertex to move it to"
                             : kind == "heaps"  ? "its new size"
                                                : "its new position";
    const std::string item = item_noun();
    std::string text = fmt::format("type a {} number and {}", item, what);
    for (std::size_t k = 0; k < components_.size(); ++k) {
      const std::size_t i = (k + 1) % components_.size();  // the second component first: '2 1' reads better
      const OptionSample first = game_of(i).list_options(components_[i].position, 3);
      if (first.options.empty()) continue;
      const Option& o = first.options[first.options.size() / 2];
      // A position that carries its own quotes ('ab') or brackets is not
      // quoted again: '1 'ab'' would nest them.
      const std::string typed = typed_option(i, o);
      const bool set_apart = !typed.empty() && std::string_view("'\"([{").find(typed.front()) != std::string_view::npos;
      const std::string example = fmt::format("{} {}", i + 1, typed);
      text += fmt::format(" (such as {}: {} {} {} {})", set_apart ? example : "'" + example + "'", item, i + 1,
                          kind == "tokens" ? "moves to" : "becomes", game_of(i).option_in_text(o));
      break;
    }
    if (components_.size() == 1)
      text += splits ? (heaps ? ", or just the heaps left" : ", or just what it leaves") : ", or just the new one";
    return text;
  }

  void introduce() {
    std::string text = fmt::format("Playing {} against the engine, which never misses a win.\n", sum_text());
    // A game typed by another name is also named by its code, once.
    for (const Game* g : games_)
      if (g->name() != g->spec()) text += fmt::format("({} is {}.)\n", g->name(), g->spec());
    text += rules_text();
    text += fmt::format("{} first. To move, {}. Type 'help' for the commands.\n",
                        turn_ == Player::person ? "You play" : "The engine plays", move_syntax());
    say(text);
  }

  // The sum as it is written on the command line, for the title: "nim 3 4 +
  // subtraction:1-3 7", "cram 4x5" (Game::position_title).
  [[nodiscard]] std::string sum_text() const {
    std::string text;
    for (std::size_t i = 0; i < components_.size(); ++i) {
      if (i == 0 || components_[i].game != components_[i - 1].game) {
        if (i > 0) text += " + ";
        text += game_of(i).name();
      }
      text += ' ';
      text += game_of(i).position_title(components_[i].position);
    }
    return text;
  }

  [[nodiscard]] bool can_loop() const {
    return std::any_of(games_.begin(), games_.end(), [](const Game* g) { return g->has_cycles(); });
  }

  [[nodiscard]] std::string rules_text() const {
    std::string text;
    const std::string_view end = words_->ending_rule();
    if (single_game()) {
      text = fmt::format("Rule: {}; {}.\n", games_.front()->move_rule(), end);
    } else {
      for (const Game* g : games_) text += fmt::format("Rule of {}: {}.\n", g->label(), g->move_rule());
      text += fmt::format("A turn is one move in one component; {}.\n", end);
    }
    if (can_loop())
      text += fmt::format("Play can go on forever here: the same position {} times is a draw, and 'draw' offers one.\n",
                          kRepetitionsForDraw);
    return text;
  }

  void show_position() {
    const std::size_t n = components_.size();
    const std::string_view token = terminal_.utf8 ? "\u25cf" : "o";
    // Columns: label, position, tokens (heap games), value (on request).
    std::vector<std::string> labels(n);
    std::vector<std::string> positions(n);
    std::vector<std::string> tokens(n);
    std::vector<std::size_t> token_widths(n, 0);  // on screen: a token is one column
    std::size_t label_width = 0;
    std::size_t position_width = 0;
    std::size_t token_width = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const Position p = components_[i].position;
      labels[i] = label(i);
      positions[i] = position_text(i, p);
      if (game_of(i).heap_indexed() && p <= kMostTokensDrawn) {
        for (Position k = 0; k < p; ++k) tokens[i] += token;
        token_widths[i] = static_cast<std::size_t>(p);
      }
      if (!game_of(i).has_move(p)) {
        const std::string_view note = tokens[i].empty() ? "(no moves)" : " (no moves)";
        tokens[i] += note;
        token_widths[i] += note.size();
      }
      label_width = std::max(label_width, labels[i].size());
      position_width = std::max(position_width, positions[i].size());
      token_width = std::max(token_width, token_widths[i]);
    }
    std::vector<GameValue> values;
    if (show_values_) values = current_values();
    std::string text = "\n";
    for (std::size_t i = 0; i < n; ++i) {
      std::string row = fmt::format("  {:<{}}  {:>{}}", labels[i], label_width, positions[i], position_width);
      if (token_width > 0) row += "  " + tokens[i] + std::string(token_width - token_widths[i], ' ');
      if (show_values_)
        row += paint(fmt::format("  value {}", to_string(values[i], !terminal_.utf8_values)),
                     fmt::fg(fmt::terminal_color::yellow));
      while (!row.empty() && row.back() == ' ') row.pop_back();  // trailing blanks help nobody
      text += row + "\n";
    }
    if (n == 0) text += fmt::format("  (no {} left)\n", plural_noun());
    if (show_values_) {
      const std::string standing = words_->standing(outcome(components_, convention_), namer(), components_.size());
      text += paint(standing, fmt::fg(fmt::terminal_color::yellow)) + "\n";
    }
    say(text);
  }

  // Components as this conversation names them ("heap 2").
  [[nodiscard]] ComponentNamer namer() const {
    return [this](std::size_t i) { return label(i); };
  }

  [[nodiscard]] std::vector<GameValue> current_values() const { return component_values(components_); }

  // The legal moves of a component, cut after kMovesListed; a run of
  // consecutive heap sizes is written as a range.
  [[nodiscard]] std::string legal_moves_text(std::size_t i) const {
    return game_of(i).describe_options(components_[i].position, kMovesListed);
  }

  // --- the game ---

  [[nodiscard]] bool any_move() const { return grundy::any_move(components_); }

  // The component moved in is replaced by the positions its move leaves.
  void apply(const Move& m, Player by) {
    const Game* game = components_[m.component].game;
    components_ = after_move(components_, m);
    history_.push_back({m, game, by});
    // A move leaving one position keeps the numbering: the next reply may answer it there.
    last_moved_[by] = m.to.size() == 1 ? std::optional<std::size_t>(m.component) : std::nullopt;
    turn_ = by == Player::person ? Player::engine : Player::person;
    remember_position();
  }

  void engine_turn() {
    const std::optional<Move> m = engine_move(components_, convention_, rng_, last_moved_[Player::person]);
    if (!m) return;  // unreachable: run() checked that a move exists
    say(paint(fmt::format("\nThe engine moves {}.\n", move_text(*m)),
              fmt::emphasis::bold | fmt::fg(fmt::terminal_color::cyan)));
    apply(*m, Player::engine);
  }

  void announce_end() {
    show_position();
    const std::string text = words_->no_move_left(turn_ == Player::person, moves_count_text());
    say(paint("\n" + text + "\n", fmt::emphasis::bold));
  }

  // Reads and carries out commands until the person moves (nullopt), or
  // the game ends (quit, the end of the input, a draw agreed). Commands
  // that change what is shown (values, undo) also return nullopt, so that
  // the position is shown again.
  std::optional<PlayEnd> person_turn() {
    for (;;) {
      say(paint("your move> ", fmt::emphasis::bold));
      const std::optional<PlayLine> line = next_line();
      if (!line) {
        say(fmt::format("\nEnd of input: the game stops unfinished after {}.\n", moves_count_text()));
        return PlayEnd::stopped;
      }
      if (line->too_long) {
        say(error_text(fmt::format("That line is longer than {} characters; {}.\n", kLongestLine, move_syntax())));
        continue;
      }
      const std::vector<std::string> words = split_words(line->text);
      if (words.empty()) continue;
      if (const auto command = words.size() == 1 ? command_named(lowercase(words[0])) : std::nullopt) {
        say(command_note(words[0]));
        switch (carry_out(*command)) {
          case AfterCommand::read_again:
            continue;
          case AfterCommand::show_again:
            return std::nullopt;
          case AfterCommand::stopped:
            return PlayEnd::stopped;
          case AfterCommand::drawn:
            return PlayEnd::drawn;
        }
      }
      std::string why;
      if (const std::optional<Move> m = typed_move(line->text, words, why)) {
        person_moves(*m);
        return std::nullopt;
      }
      say(error_text(why + "\n"));
    }
  }

  // The person's next line, echoed when the input is no terminal, a
  // carriage return dropped, cut at kLongestLine (then marked too long);
  // nullopt at the end of the input.
  std::optional<PlayLine> next_line() {
    std::optional<PlayLine> line = streams_.read_line(kLongestLine);
    if (!line) return std::nullopt;
    if (line->text.size() > kLongestLine) {
      line->text.resize(kLongestLine);
      line->too_long = true;
    }
    if (!line->text.empty() && line->text.back() == '\r') line->text.pop_back();
    if (!terminal_.input_is_terminal) say(echo_text(*line) + "\n");
    return line;
  }

  // What a command leaves the turn to do next.
  enum class AfterCommand { read_again, show_again, stopped, drawn };

  AfterCommand carry_out(Command command) {
    switch (command) {
      case Command::quit:
        say(fmt::format("You left the game after {}.\n", moves_count_text()));
        return AfterCommand::stopped;
      case Command::help:
        say(help_text());
        return AfterCommand::read_again;
      case Command::hint:
        say(hint_text());
        return AfterCommand::read_again;
      case Command::values:
        show_values_ = !show_values_;
        say(show_values_ ? "Values shown: each component's Grundy value and their nim-sum.\n" : "Values hidden.\n");
        return AfterCommand::show_again;
      case Command::undo:
        return undo() ? AfterCommand::show_again : AfterCommand::read_again;
      case Command::draw:
        return draw_offer() ? AfterCommand::drawn : AfterCommand::read_again;
      case Command::moves:
        say(numbered_moves_text());
        return AfterCommand::read_again;
    }
    return AfterCommand::read_again;
  }

  // The move a line names: "#N" (a number of the list `moves` prints), or
  // a move as the game writes it, arrows allowed without spaces ("2->1",
  // "2→1"). nullopt with `why`, printable, otherwise.
  std::optional<Move> typed_move(const std::string& text, const std::vector<std::string>& words, std::string& why) {
    if (words.size() == 1 && words[0].size() > 1 && words[0][0] == '#') return numbered_move(words[0].substr(1), why);
    std::optional<Move> m = read_move(words, why);
    if (!m && (text.find("->") != std::string::npos || text.find("\u2192") != std::string::npos)) {
      // Read again with the arrows apart (a vertex name holding "->" is
      // tried whole first).
      std::string ignored;
      m = read_move(split_words(arrows_apart(text)), ignored);
    }
    if (!m) why = printable(why);
    return m;
  }

  static std::string arrows_apart(const std::string& text) {
    std::string spaced;
    for (std::size_t k = 0; k < text.size(); ++k) {
      if (text.compare(k, 2, "->") == 0) {
        spaced += " -> ";
        ++k;
      } else if (text.compare(k, 3, "\u2192") == 0) {
        spaced += " -> ";
        k += 2;
      } else {
        spaced += text[k];
      }
    }
    return spaced;
  }

  // A legal move of the person's, typed or chosen by number.
  void person_moves(const Move& m) {
    say(fmt::format("You move {}.\n", move_text(m)));
    const bool renumbers = m.to.size() != 1;
    apply(m, Player::person);
    // The engine numbers components as they are now: show them first.
    if (renumbers && turn_ == Player::engine && any_move()) show_position();
  }

  // The legal moves of the whole sum, numbered from 1 in the order of the
  // components and of each game's list, as 'moves' shows them and '#N'
  // plays them. Lists the first `limit`, and says whether there are more.
  [[nodiscard]] std::pair<std::vector<Move>, bool> numbered_moves(std::uint64_t limit) const {
    // One move more than listed, if there is one, says that the list is cut.
    std::vector<Move> moves;
    for (std::size_t i = 0; i < components_.size() && moves.size() <= limit; ++i)
      for (Option& o : game_of(i).list_options(components_[i].position, limit + 1 - moves.size()).options)
        moves.push_back(Move{i, components_[i].position, std::move(o)});
    const bool more = moves.size() > limit;
    if (more) moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(limit), moves.end());
    return {std::move(moves), more};
  }

  [[nodiscard]] std::string numbered_moves_text() const {
    const auto [moves, more] = numbered_moves(kMovesNumbered);
    std::string text = "Your legal moves (type '#' and the number to play one, such as '#1'):\n";
    const std::size_t width = fmt::formatted_size("{}", moves.size());
    for (std::size_t k = 0; k < moves.size(); ++k)
      text += fmt::format("  #{:<{}}  {}\n", k + 1, width, move_text(moves[k]));
    if (more)
      text += fmt::format("  (and more: the first {} are listed; a move past them is typed as a position)\n",
                          kMovesNumbered);
    return text;
  }

  // The move '#N' names, or nullopt with `why` set.
  [[nodiscard]] std::optional<Move> numbered_move(std::string_view digits, std::string& why) const {
    const auto n = parse_u64(digits);
    const auto [moves, more] = numbered_moves(kMovesNumbered);
    if (!n || *n == 0 || *n > moves.size()) {
      why = fmt::format("'#{}' is not the number of a move: 'moves' numbers them from #1 to #{}{}.", printable(digits),
                        moves.size(), more ? " (the first ones)" : "");
      return std::nullopt;
    }
    return moves[static_cast<std::size_t>(*n - 1)];
  }

  // A piped command as echoed after its prompt: long lines are cut.
  [[nodiscard]] static std::string echo_text(const PlayLine& line) {
    constexpr std::size_t kEchoed = 60;
    if (line.text.size() <= kEchoed && !line.too_long) return printable(line.text);
    std::size_t cut = kEchoed;
    while (cut > 0 && (static_cast<unsigned char>(line.text[cut]) & 0xC0) == 0x80)
      --cut;  // not inside a UTF-8 character
    return printable(line.text.substr(0, cut)) + "...";
  }

  // With one component the new position alone is a move, but a command
  // comes first: says how to move to a position named like the command.
  [[nodiscard]] std::string command_note(const std::string& word) const {
    if (components_.size() != 1) return {};
    try {
      const Option to = game_of(0).normalize_option({game_of(0).parse_position(word)});
      if (!game_of(0).is_option(components_[0].position, to)) return {};
    } catch (const InputError&) {
      return {};
    }
    return fmt::format("('{}' is read as a command; to move to {}, type '1 {}'.)\n", printable(word),
                       game_of(0).position_in_text(game_of(0).parse_position(word)), printable(word));
  }

  // The person offers a draw: the engine accepts when it cannot force a
  // win from here (true: the game ends drawn).
  bool draw_offer() {
    const DrawOfferAnswer answer = answer_draw_offer(components_, convention_);
    if (answer == DrawOfferAnswer::declined) {
      say(draw_offer_sentence(answer) + "\n");
      return false;
    }
    say(paint(fmt::format("The engine accepts the draw ({}): the game ends drawn after {}.\n",
                          draw_offer_reason(answer), moves_count_text()),
              fmt::emphasis::bold));
    return true;
  }

  // Takes back the person's last move and the engine's moves after it.
  bool undo() {
    const auto last_own =
        std::find_if(history_.rbegin(), history_.rend(), [](const Played& p) { return p.by == Player::person; });
    if (last_own == history_.rend()) {
      say(error_text("Nothing to undo: you have not moved yet.\n"));
      return false;
    }
    std::vector<std::string> taken;
    while (!history_.empty()) {
      forget_position();
      const Played p = history_.back();
      history_.pop_back();
      turn_ = p.by;  // the player to move before that move
      const auto at = components_.begin() + static_cast<std::ptrdiff_t>(p.move.component);
      components_.erase(at, at + static_cast<std::ptrdiff_t>(p.move.to.size()));
      components_.insert(components_.begin() + static_cast<std::ptrdiff_t>(p.move.component),
                         Component{p.game, p.move.from});
      taken.push_back(fmt::format("{} {}", p.by == Player::person ? "your" : "the engine's", move_text(p.move)));
      if (p.by == Player::person) break;
    }
    std::reverse(taken.begin(), taken.end());
    last_moved_ = {};
    say(fmt::format("Took back {}.\n", fmt::join(taken, " and ")));
    return true;
  }

  // The person's move from the words of a line, or nullopt with `why` set:
  // a component's number, then what the move leaves there. One word is one
  // position, whole (a vertex name may hold '+'); several are heaps, apart
  // or joined by '+', and "0" or "nothing" is no heap.
  std::optional<Move> read_move(std::vector<std::string> words, std::string& why) const {
    // "2 -> 1" and "2 to 1" mean "2 1" ("2->1" is split by the caller).
    if (words.size() >= 3 && (words[1] == "->" || lowercase(words[1]) == "to")) words.erase(words.begin() + 1);
    // With one component the number may be left out: a single word, or
    // heaps that do not start with "1 " ('3 + 5', '3 5').
    if (components_.size() == 1 && (words.size() == 1 || words[0] != "1" || words[1] == "+"))
      words.insert(words.begin(), "1");
    if (words.size() < 2) {
      why = words.size() == 1 && parse_u64(words[0])
                ? fmt::format("'{}' alone is not a move: {}.", words[0], move_syntax())
                : fmt::format("'{}' is not a command or a move{}: {}, or 'help'.", words[0],
                              command_suggestion(words[0]), move_syntax());
      return std::nullopt;
    }
    const auto index = parse_u64(words[0]);
    if (!index || *index == 0 || *index > components_.size()) {
      why = components_.size() == 1 ? fmt::format("There is no {} '{}': the only one is {} 1; {}.", noun(0), words[0],
                                                  noun(0), move_syntax())
                                    : fmt::format("There is no {} '{}': they are numbered 1 to {}; {}.", item_noun(),
                                                  words[0], components_.size(), move_syntax());
      return std::nullopt;
    }
    const std::size_t i = static_cast<std::size_t>(*index - 1);
    const Game& g = game_of(i);
    const Position from = components_[i].position;
    // Words read as several positions may be one position holding spaces,
    // such as a tuple typed "(0, 2)" or "('#', '#')" in a game written in
    // Python: read whole, when that reading is a position.
    const auto read_whole = [&]() -> std::optional<Option> {
      if (words.size() <= 2) return std::nullopt;
      std::string joined = words[1];
      for (std::size_t k = 2; k < words.size(); ++k) joined += " " + words[k];
      try {
        return g.normalize_option({g.parse_position(joined)});
      } catch (const InputError&) {
        return std::nullopt;
      }
    };
    Option to;
    try {
      to = read_option(g, std::span<const std::string>(words).subspan(1));
    } catch (const InputError& e) {
      std::optional<Option> whole = read_whole();
      if (!whole) {
        why = fmt::format("{}: {}", capitalized(label(i)), e.what());
        return std::nullopt;
      }
      to = std::move(*whole);
    }
    if (!g.has_move(from)) {
      why = fmt::format("{} is at {} and has no moves left; choose another {}.", capitalized(label(i)),
                        position_words(i, from), item_noun());
      return std::nullopt;
    }
    if (const std::string reason = g.why_not_option(from, to); !reason.empty()) {
      // Not a move as several positions: perhaps as one (and if not, the
      // reason below is about that reading, the one the person meant).
      if (std::optional<Option> whole = read_whole()) to = std::move(*whole);
    }
    if (const std::string reason = g.why_not_option(from, to); !reason.empty()) {
      why = fmt::format("{} cannot go from {} to {}, because {}.\nLegal moves of {}: {}.", capitalized(label(i)),
                        position_words(i, from), g.option_in_text(to), reason, label(i), legal_moves_text(i));
      return std::nullopt;
    }
    return Move{i, from, std::move(to)};
  }

  // The positions typed after a component's number, in the game's order:
  // at least one position, or 'nothing' alone.
  static Option read_option(const Game& g, std::span<const std::string> quoted) {
    // A position copied from a sentence keeps its quotes ('##.', Game::position_in_text): they are not part of it.
    std::vector<std::string> words(quoted.begin(), quoted.end());
    for (std::string& w : words)
      if (w.size() >= 2 && w.front() == '\'' && w.back() == '\'') w = w.substr(1, w.size() - 2);
    const std::span<const std::string> typed(words);
    if (typed.size() == 1 && lowercase(typed[0]) == "nothing") return g.normalize_option({});
    if (typed.size() == 1) {
      try {
        return g.normalize_option({g.parse_position(typed[0])});
      } catch (const InputError&) {
        if (typed[0].find('+') == std::string::npos) throw;
      }
    }
    Option to;
    for (const std::string& word : typed) {
      std::size_t start = 0;
      while (start <= word.size()) {
        const std::size_t plus = std::min(word.find('+', start), word.size());
        const std::string piece = word.substr(start, plus - start);
        if (lowercase(piece) == "nothing") throw InputError("'nothing' stands alone: it means the move leaves no heap");
        if (!piece.empty()) to.push_back(g.parse_position(piece));
        start = plus + 1;
      }
    }
    if (to.empty())
      throw InputError(
          "expected what the move leaves after the number: a position, heaps such as '3 + 5', or 'nothing'");
    return g.normalize_option(std::move(to));
  }

  [[nodiscard]] std::string help_text() const {
    std::string text = fmt::format("To move, {}.\n", move_syntax());
    text += "  '2 -> 1' and '2 to 1' mean the same as '2 1'.\n";
    if (any_split())
      text +=
          "  A move that breaks a heap leaves several: '2 3 + 5' (or '2 3 5'); one that takes a heap whole\n"
          "  leaves nothing: '2 0' or '2 nothing'. Heaps are numbered again after such a move.\n";
    text +=
        "Commands:\n"
        "  hint    a winning move and why it wins, or why there is none\n"
        "  values  show or hide each component's Grundy value and their nim-sum\n"
        "  moves   list your legal moves, numbered: '#3' plays the third\n"
        "  undo    take back your last move and the engine's reply\n"
        "  draw    offer a draw, which the engine accepts when it cannot force a win\n"
        "  help    this text\n"
        "  quit    leave the game (so does the end of the input, Ctrl-D)\n";
    text += rules_text();
    text += words_->method_note();
    if (can_loop())
      text +=
          "Where play can loop, a value may be infinite, ∞{K} with K the finite values of its moves:\n"
          "a win when 0 is in K, a draw otherwise; two infinite components make a draw.\n";
    return text;
  }

  // The library's hint (analysis.hpp), in words.
  [[nodiscard]] std::string hint_text() {
    const Hint h = hint(components_, convention_, hint_rng_, last_moved_[Player::engine]);
    const bool person_moved =
        std::any_of(history_.begin(), history_.end(), [](const Played& p) { return p.by == Player::person; });
    const auto green = fmt::fg(fmt::terminal_color::green);
    const HintWords words = words_->hint(
        h, [this](const Move& m) { return move_text(m); }, namer(), components_.size(), plural_noun());
    std::string text = words.text;
    // What the person can do about it, in this conversation's words.
    if (h.kind == Hint::Kind::win) {
      text = "Hint: " + text;
    } else if (h.kind == Hint::Kind::keep_draw) {
      text += " Or type 'draw' to offer a draw.";
    } else if (h.kind != Hint::Kind::over && person_moved) {
      // After a suggested move, undoing is the other way out.
      text += words.names_move ? " Or type 'undo' now to go back and look for the win you missed."
                               : " Type 'undo' to go back and look for the win you missed.";
    }
    return paint(text + "\n", green);
  }

  [[nodiscard]] bool single_game() const { return games_.size() == 1; }

  std::vector<const Game*> games_;  // distinct, in the sum's order
  std::vector<Component> components_;
  PlayStreams& streams_;
  std::vector<Played> history_;
  MoveRng rng_;
  MoveRng hint_rng_;
  Player turn_;
  Convention convention_;
  PlayTerminal terminal_;
  std::unique_ptr<ConventionWords> words_;  // this convention's
  bool show_values_ = false;
  std::map<PositionKey, int> occurrences_;  // of each position reached, for the repetition rule
  // The component each player last moved in (when the move left one position there).
  std::map<Player, std::optional<std::size_t>> last_moved_;
};

}  // namespace

PlayEnd play(std::span<const Game* const> games, std::span<const Component> components, const PlayOptions& options,
             PlayStreams& streams, const PlayTerminal& terminal) {
  Session session(games, components, options, streams, terminal);
  try {
    return session.run();
  } catch (const OutputClosed&) {
    return PlayEnd::stopped;
  }
}

int play(const GameSum& sum, const PlayOptions& options) {
  std::vector<const Game*> games;
  for (const auto& g : sum.games) games.push_back(g.get());
  StdioStreams streams;
  Session session(games, sum.components, options, streams, detect_terminal());
  try {
    session.run();
    return 0;
  } catch (const OutputClosed&) {
    std::fputs("grundy: error: could not write the output; the game stops\n", stderr);
    return 1;
  }
}

}  // namespace grundy::frontend
