#include "commands.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <span>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grundy/contest/fdivgame.hpp"
#include "grundy/contest/not_a_nim.hpp"
#include "grundy/contest/xy_game.hpp"
#include "grundy/contest/reader.hpp"
#include "grundy/error.hpp"
#include "grundy/pattern.hpp"
#include "grundy/progress.hpp"
#include "grundy/spec.hpp"

namespace grundy::cli {
namespace {

using nlohmann::json;

// Heap sizes are JSON numbers; vertex names are strings.
json position_json(const Game& game, Position p) {
  if (game.heap_indexed()) return p;
  return game.format_position(p);
}

json components_json(const SumArguments& sum, const std::vector<Nimber>& values) {
  json components = json::array();
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const Component& c = sum.components[i];
    components.push_back({{"game", c.game->spec()}, {"position", position_json(*c.game, c.position)},
                          {"value", values[i].value()}});
  }
  return components;
}

std::string verdict(const SumAnalysis& a) {
  return fmt::format("{} player wins (nim-sum {})", to_string(a.winner), a.nim_sum);
}

void write_json(Output& out, const json& j) { out.write(j.dump() + "\n"); }

}  // namespace

void print_values(const SumArguments& sum, Format format, Output& out) {
  std::vector<Nimber> values;
  for (const Component& c : sum.components) values.push_back(c.game->value(c.position));
  if (format == Format::json) {
    json list = json::array();
    for (Nimber v : values) list.push_back(v.value());
    json j{{"game", sum.game_label()}, {"values", list}};
    if (!sum.single_game()) j["components"] = components_json(sum, values);
    write_json(out, j);
    return;
  }
  for (Nimber v : values) out.write(fmt::format("{}\n", v));
}

void print_winner(const SumArguments& sum, Format format, Output& out) {
  const SumAnalysis a = analyze_sum(sum.components);
  if (format == Format::json) {
    json j{{"game", sum.game_label()}, {"winner", to_string(a.winner)}, {"nim_sum", a.nim_sum.value()}};
    if (!sum.single_game()) j["components"] = components_json(sum, a.values);
    write_json(out, j);
    return;
  }
  out.write(verdict(a) + "\n");
}

void print_moves(const SumArguments& sum, std::uint64_t limit, Format format, Output& out) {
  const SumAnalysis a = analyze_sum(sum.components, limit);
  if (format == Format::json) {
    json moves = json::array();
    for (const auto& m : a.winning_moves) {
      const Game& g = *sum.components[m.component].game;
      moves.push_back({{"component", m.component}, {"from", position_json(g, m.from)}, {"to", position_json(g, m.to)}});
    }
    json j{{"game", sum.game_label()}, {"winner", to_string(a.winner)}, {"nim_sum", a.nim_sum.value()},
           {"moves", moves}};
    if (!a.unlisted.empty()) {
      json unlisted = json::array();
      for (const UnlistedMoves& u : a.unlisted)
        unlisted.push_back({{"component", u.component},
                            {"listed", u.listed},
                            {"total", u.total ? json(*u.total) : json(nullptr)}});
      j["unlisted"] = unlisted;
    }
    if (!sum.single_game()) j["components"] = components_json(sum, a.values);
    write_json(out, j);
    return;
  }
  if (a.winning_moves.empty() && a.unlisted.empty()) {
    out.write(verdict(a) + ": no winning move, every move leaves a nonzero nim-sum\n");
    return;
  }
  const std::size_t n = a.winning_moves.size();
  if (a.unlisted.empty()) {
    out.write(fmt::format("{}; {} winning move{}:\n", verdict(a), n, n == 1 ? "" : "s"));
  } else {
    out.write(fmt::format("{}; the first {} winning move{} (--limit {} per component):\n", verdict(a), n,
                          n == 1 ? "" : "s", limit));
  }
  for (std::size_t k = 0; k < a.winning_moves.size(); ++k) {
    const auto& m = a.winning_moves[k];
    const Game& g = *sum.components[m.component].game;
    const std::string game_note = sum.single_game() ? "" : fmt::format(" ({})", g.spec());
    out.write(fmt::format("{} {}{}: {} -> {}\n", g.component_noun(), m.component, game_note, g.format_position(m.from),
                          g.format_position(m.to)));
    // After the last listed move of a component that was cut, say what was left out.
    if (k + 1 < a.winning_moves.size() && a.winning_moves[k + 1].component == m.component) continue;
    const auto cut = std::find_if(a.unlisted.begin(), a.unlisted.end(),
                                  [&](const UnlistedMoves& u) { return u.component == m.component; });
    if (cut == a.unlisted.end()) continue;
    out.write(cut->total ? fmt::format("{} {}: ... and {} more ({} winning moves in all)\n", g.component_noun(),
                                       cut->component, *cut->total - cut->listed, *cut->total)
                         : fmt::format("{} {}: ... and more (their number is not computed)\n", g.component_noun(),
                                       cut->component));
  }
}

void print_table(const Game& game, const TableRequest& request, Format format, Output& out) {
  if (!game.heap_indexed())
    throw InputError(fmt::format("game '{}' is not played on heap sizes 0, 1, 2, ...; "
                                 "use 'grundy value {} VERTEX...' for its positions",
                                 game.spec(), game.spec()));
  const std::string game_json = json(game.spec()).dump();
  // Started before the first value, which may take long by itself: a
  // division game finds all its runs then, a subtraction game its period.
  LongTask task(fmt::format("computing the table of {} up to {}", game.spec(), request.to));
  // Steps as a fraction of all: to + 1 values, with to < 2^64 - 1.
  const std::uint64_t steps = request.to + 1;
  if (!request.runs) {
    if (format == Format::json) out.write(fmt::format("{{\"game\":{},\"values\":[", game_json));
    for (std::uint64_t n = 0;; ++n) {
      task.advance(n, steps);
      const Nimber v = game.value(n);
      if (format == Format::json) {
        out.write(fmt::format("{}{}", n == 0 ? "" : ",", v));
      } else {
        out.write(fmt::format("{}\t{}\n", n, v));
      }
      if (n == request.to) break;
    }
    if (format == Format::json) out.write("]}\n");
    return;
  }

  // Maximal runs of equal values, as half-open ranges [from, to).
  if (format == Format::json) {
    out.write(fmt::format("{{\"game\":{},\"runs\":[", game_json));
  } else {
    out.write(fmt::format("{:<24} {:>6} {:>12}\n", "positions", "value", "length"));
  }
  bool first_run = true;
  auto emit = [&](std::uint64_t from, std::uint64_t to_exclusive, Nimber v) {
    if (format == Format::json) {
      out.write(fmt::format("{}{{\"from\":{},\"to\":{},\"value\":{}}}", first_run ? "" : ",", from, to_exclusive, v));
    } else {
      out.write(fmt::format("{:<24} {:>6} {:>12}\n", fmt::format("[{}, {})", from, to_exclusive), v, to_exclusive - from));
    }
    first_run = false;
  };
  if (const RunTable* known = game.value_runs()) {
    // Every run below 2^64 is known: cut the list at `to`, whatever its size.
    for (std::size_t i = 0; i < known->size() && known->starts[i] <= request.to; ++i)
      emit(known->starts[i], std::min(known->last_of(i), request.to) + 1, known->values[i]);
    if (format == Format::json) out.write("]}\n");
    return;
  }
  std::uint64_t run_start = 0;
  Nimber run_value = game.value(0);
  for (std::uint64_t n = 1; n <= request.to; ++n) {
    task.advance(n, steps);
    const Nimber v = game.value(n);
    if (v != run_value) {
      emit(run_start, n, run_value);
      run_start = n;
      run_value = v;
    }
  }
  // The last run ends at to + 1 (exclusive); to = 2^64 - 1 is refused by the caller.
  emit(run_start, request.to + 1, run_value);
  if (format == Format::json) out.write("]}\n");
}

namespace {

std::string values_text(std::span<const Nimber> values) {
  if (values.empty()) return "(none)";
  return fmt::format("{}", fmt::join(values, " "));
}

std::string bound_text(std::uint64_t n) {
  return n == ~std::uint64_t{0} ? "2^64 - 1" : fmt::format("{}", n);
}

}  // namespace

void print_pattern(const Game& game, std::uint64_t limit, Format format, Output& out) {
  const Pattern p = find_pattern(game, limit);
  const std::span<const Nimber> values(p.values);
  if (format == Format::json) {
    json j{{"game", p.game}, {"kind", to_string(p.kind)}, {"proven", p.proven}, {"checked_up_to", p.checked_up_to}};
    json list = json::array();
    for (Nimber v : values) list.push_back(v.value());
    if (p.kind == PatternKind::periodic) {
      j["preperiod"] = p.preperiod;
      j["period"] = p.period;
      j["values"] = list;
    } else if (p.kind == PatternKind::self_similar) {
      j["base"] = p.base;
      j["from"] = p.from;
      j["values"] = list;
    }
    if (p.proven) {
      j["proof_bound"] = p.proof_bound;
      j["check"] = p.check;
      j["theorem"] = p.theorem;
    }
    write_json(out, j);
    return;
  }
  const std::string status = p.proven ? "proven" : fmt::format("observed up to n = {}, not proven", bound_text(p.checked_up_to));
  switch (p.kind) {
    case PatternKind::periodic:
      out.write(fmt::format("{}: periodic, {}\n", p.game, status));
      out.write(fmt::format("  G(n + {}) = G(n) for every n >= {}\n", p.period, p.preperiod));
      if (p.preperiod == 0) {
        out.write("  preperiod: none\n");
      } else {
        out.write(fmt::format("  preperiod G(0..{}): {}\n", p.preperiod - 1, values_text(values.first(p.preperiod))));
      }
      out.write(fmt::format("  period    G({}..{}): {}\n", p.preperiod, p.preperiod + p.period - 1,
                            values_text(values.subspan(p.preperiod))));
      break;
    case PatternKind::self_similar:
      out.write(fmt::format("{}: self-similar, {}\n", p.game, status));
      out.write(fmt::format("  G(n) = G(floor(n / {})) for every n >= {}\n", p.base, p.from));
      out.write(fmt::format("  base values G(0..{}): {}\n", p.from - 1, values_text(values)));
      break;
    case PatternKind::none:
      out.write(fmt::format("{}: no periodic or self-similar rule found (values examined up to n = {})\n", p.game,
                            bound_text(p.checked_up_to)));
      break;
  }
  if (p.proven) {
    out.write(fmt::format("  proof: checked {}; {}\n", p.check, p.theorem));
    if (p.checked_up_to >= p.proof_bound)
      out.write(fmt::format("  (the rule was also checked directly up to n = {})\n", bound_text(p.checked_up_to)));
  }
}

void print_games(Format format, Output& out) {
  if (format == Format::json) {
    json list = json::array();
    for (const GameFamily& f : game_families())
      list.push_back({{"name", f.name}, {"syntax", f.syntax}, {"summary", f.summary}, {"example", f.example}});
    write_json(out, json{{"games", list}});
    return;
  }
  for (const GameFamily& f : game_families())
    out.write(fmt::format("{:<16} {}\n{:<16} example: {}\n", f.syntax, f.summary, "", f.example));
}

namespace {

// Every contest format, by the name `grundy contest` takes.
struct ContestProblem {
  std::string_view name;
  std::string (*solve)(contest::ContestReader&);
};
constexpr ContestProblem kContestProblems[] = {
    {"fdivgame", contest::solve_fdivgame},
    {"not-a-nim", contest::solve_not_a_nim},
    {"xy-game", contest::solve_xy_game},
};

}  // namespace

std::vector<std::string> contest_problem_names() {
  std::vector<std::string> names;
  for (const ContestProblem& p : kContestProblems) names.emplace_back(p.name);
  return names;
}

void solve_contest(const std::string& problem, const std::string& input_file, Output& out) {
  int fd = 0;
  std::string source = "stdin";
  if (!input_file.empty()) {
    fd = ::open(input_file.c_str(), O_RDONLY);
    if (fd < 0) throw InputError(fmt::format("--input {}: cannot open: {}", input_file, std::strerror(errno)));
    source = input_file;
  }
  struct Closer {
    int fd;
    ~Closer() {
      if (fd > 0) ::close(fd);
    }
  } closer{fd};
  contest::ContestReader in(fd, source);
  for (const ContestProblem& p : kContestProblems) {
    if (problem == p.name) {
      out.write(p.solve(in));
      return;
    }
  }
  throw InputError(fmt::format("unknown contest problem '{}': expected one of {}", problem,
                               fmt::join(contest_problem_names(), ", ")));
}

}  // namespace grundy::cli
