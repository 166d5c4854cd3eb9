// pattern and plot: the rule of a heap game's values, and the picture that
// marks it.

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "command.hpp"
#include "grundy/error.hpp"
#include "grundy/heap_game.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/pattern.hpp"
#include "grundy/quote.hpp"
#include "grundy/registry.hpp"
#include "grundy/spec.hpp"
#include "grundy/value_plot.hpp"
#include "grundy/frontend/plot.hpp"
#include "grundy/frontend/words.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

struct PatternOptions {
  std::string game;
  std::string limit;    // empty: the game's default
  bool values = false;  // every value of the rule, not the first ones
  bool json = false;
  std::optional<std::string> table;    // --table: an octal game's values in a file
  std::optional<std::string> threads;  // --threads: "" unless given
};

struct PlotOptions {
  std::string game;
  std::string to = "1000";
  std::string output;
  std::string size = "1000x480";
  std::string max_heap;  // "": pattern's default for the game
};

// Each family's theorem (GameFamily::theorem), as pattern's help lists
// them: the syntax, then the sentence wrapped to 92 columns.
std::string family_theorems() {
  constexpr std::size_t kIndent = 17;
  constexpr std::size_t kWidth = 92;
  std::string out;
  for (const GameFamily& f : game_families()) {
    if (f.theorem.empty()) continue;
    std::string line = fmt::format("  {:<{}}", f.syntax, kIndent - 2);
    for (const std::string& word : split_words(std::string(f.theorem))) {
      if (line.size() + 1 + word.size() > kWidth && line.size() > kIndent) {
        out += line + "\n";
        line = std::string(kIndent, ' ');
      }
      line += (line.size() == kIndent || line.back() == ' ' ? "" : " ") + word;
    }
    out += line + "\n";
  }
  return out;
}

std::uint64_t parse_pattern_limit(const std::string& text, const HeapGame& game, const std::string& spec) {
  if (text.empty()) return game.default_pattern_limit();
  const auto n = parse_u64(text);
  const std::string problem = n ? game.pattern_limit_problem(*n, spec) : std::string(why_not_u64(text));
  if (!problem.empty())
    throw InputError(fmt::format("--max-heap {}: {}; expected the last heap size to examine, from 1 to {}", quote(text),
                                 problem, game.max_pattern_limit()));
  return *n;
}

// pattern --max-heap's help: the general default and largest bound, then
// the families whose games bound their search otherwise (as each family's
// example does: a take-and-break family computes its whole table).
std::string pattern_limit_help() {
  std::vector<std::pair<std::pair<std::uint64_t, std::uint64_t>, std::string>> groups;
  for (const GameFamily* f : game_registry()) {
    if (f->reads_file) continue;  // its example names a file that need not be there
    const std::unique_ptr<Game> example = parse_game(f->example);
    const HeapGame* heap = example->heap_game();
    if (heap == nullptr) continue;
    const std::pair bounds{heap->default_pattern_limit(), heap->max_pattern_limit()};
    if (bounds == std::pair{kDefaultPatternLimit, kMaxPatternLimit}) continue;
    const std::string name = f->takes_params() ? fmt::format("{} (as {})", f->name, f->example) : std::string(f->name);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == bounds; });
    if (it == groups.end())
      groups.emplace_back(bounds, name);
    else
      it->second += ", " + name;
  }
  std::string text = fmt::format("the last heap size examined: the bound of the search (default {}, up to {}",
                                 kDefaultPatternLimit, kMaxPatternLimit);
  for (const auto& [bounds, names] : groups)
    text += fmt::format("; {}: default {}, up to {}", names, bounds.first, bounds.second);
  return text + ")";
}

// `grundy plot`: the picture's format from the file's extension, checked
// before anything is computed.
void draw_plot_file(const PlotOptions& options) {
  PlotStyle style;
  const std::string& file = options.output;
  auto ends_with = [&](std::string_view tail) {
    if (file.size() < tail.size()) return false;
    std::string end = file.substr(file.size() - tail.size());
    std::transform(end.begin(), end.end(), end.begin(), [](unsigned char c) { return std::tolower(c); });
    return end == tail;
  };
  if (ends_with(".svg")) {
    style.format = PlotFormat::svg;
  } else if (ends_with(".png")) {
    style.format = PlotFormat::png;
  } else {
    throw InputError(
        fmt::format("-o {}: expected a file name ending in .svg or .png (the picture's format)", quote_path(file)));
  }
  unsigned width = 0, height = 0;
  char x = 0, extra = 0;
  if (std::sscanf(options.size.c_str(), "%u%c%u%c", &width, &x, &height, &extra) != 3 || x != 'x' || width < 200 ||
      height < 150 || width > 8000 || height > 8000)
    throw InputError(
        fmt::format("--size {}: expected WIDTHxHEIGHT in pixels, each from 200x150 to 8000x8000, "
                    "such as 1000x480",
                    quote(options.size)));
  style.width = static_cast<int>(width);
  style.height = static_cast<int>(height);
  const std::uint64_t to = parse_table_bound(options.to);
  if (to > kMaxPlotHeap)
    throw InputError(fmt::format("--to {}: too large for a picture; at most {} (2^24 - 1)", to, kMaxPlotHeap));
  const std::unique_ptr<Game> game = parse_game(options.game);
  style.name = options.game;
  const HeapGame* heap = game->heap_game();
  // Without --max-heap, pattern's default (value_plot's too); a game not on
  // heap sizes is refused by value_plot.
  const std::uint64_t pattern_limit = heap == nullptr ? 0 : parse_pattern_limit(options.max_heap, *heap, options.game);
  std::string bytes;
  try {
    bytes = draw_plot(value_plot(*game, to, pattern_limit), style);
  } catch (const PlotError& e) {
    throw LimitError(e.what());
  }
  std::FILE* f = std::fopen(file.c_str(), "wb");
  bool written = f && std::fwrite(bytes.data(), 1, bytes.size(), f) == bytes.size();
  if (f) written = std::fclose(f) == 0 && written;
  if (!written) throw InputError(fmt::format("-o {}: could not write the picture there", quote_path(file)));
  std::fprintf(stderr, "grundy: drew G(0..%llu) of %s into %s\n", static_cast<unsigned long long>(to),
               game->spec().c_str(), file.c_str());
}

}  // namespace

Command add_pattern_command(CLI::App& app) {
  auto options = std::make_shared<PatternOptions>();
  CLI::App* pattern =
      app.add_subcommand("pattern", "Find the rule of a heap game's values and say whether it is proven");
  add_game_option(*pattern, options->game, "a game on heap sizes, such as subtraction:2,5,7 (not graph:FILE)");
  pattern->add_option("--max-heap,--limit", options->limit, pattern_limit_help())->type_name("N");
  pattern->add_flag("--values", options->values, "print every value of the rule, not only the first 30 of each list");
  pattern->add_flag("--json", options->json, "print one JSON object instead of text");
  pattern
      ->add_option("--table", options->table,
                   "octal and hexadecimal games: keep the values in FILE (as 'grundy value --table' and "
                   "'grundy rare --save' do): read in place, grown by the search and saved every minute and on "
                   "Ctrl-C, so a long search goes on from there; --max-heap then reaches 2^40 - 1 for games a "
                   "period may be proven for (past 2^32 with a rare-value mask)")
      ->type_name("FILE");
  add_value_threads_option(*pattern, options->threads);
  pattern->footer(
      "\nRules: periodic, G(n + p) = G(n) for n >= e (smallest p, then smallest e);\n"
      "arithmetic-periodic, G(n + p) = G(n) + s with a saltus s > 0 (values that grow, as in\n"
      "many hexadecimal games); self-similar, G(n) = G(floor(n / m)) for n >= n0 (smallest m,\n"
      "then smallest n0); or none.\n"
      "A rule is 'proven' when a theorem turns the finite check into a proof for every n:\n" +
      family_theorems() +
      "Other games get a rule observed on G(0..limit), marked 'not proven'. When a rule is not\n"
      "proven or none is found, 'why:' says why and 'try:' what might do better.\n"
      "Values: the rule's values are G(0..e+p-1) (periodic, arithmetic-periodic) or G(0..n0-1)\n"
      "(self-similar). Text\n"
      "shows the first 30 of the preperiod, of the period and of the base table, with\n"
      "'... (N values in all; --values prints them all)' when cut; --values prints them all,\n"
      "20 to a line led by the index of the first.\n"
      "JSON: {\"game\", \"kind\": \"periodic\"|\"self-similar\"|\"none\", \"proven\", \"checked_up_to\",\n"
      "  periodic: \"preperiod\", \"period\"; arithmetic-periodic: also \"saltus\"; self-similar:\n"
      "  \"base\", \"from\"; for all: \"value_count\"\n"
      "  (e+p or n0) and \"first_values\" (G(0..k-1), k = min(value_count, 30)), or with --values\n"
      "  \"values\" (all value_count of them) instead; when proven: \"proof_bound\", \"check\",\n"
      "  \"theorem\"; otherwise: \"reason\", \"advice\" (\"\" when there is none); take-and-break\n"
      "  games also: \"largest_value\", \"largest_at\", \"rare_mask\" (null: none), \"rare_parity\",\n"
      "  \"rare_heaps\" (heaps n >= 1; 'grundy rare' counts heap 0 too), \"last_rare\"}.\n"
      "\nExamples:\n  grundy pattern subtraction:2,5,7\n  grundy pattern division:2-6 --json\n"
      "  grundy pattern subtraction:1000000 --values\n"
      "  grundy pattern octal:0.354 --max-heap 30000000\n"
      "  grundy pattern octal:0.167 --max-heap 8589934591 --table 0.167.table\n");
  return {pattern, answering([options](Output& out) {
            const std::unique_ptr<Game> game = parse_game(options->game);
            game->use_budget(ExecutionBudget{.threads = read_threads_option(options->threads)});
            if (options->table) {
              if (options->table->empty()) throw InputError("--table '': the file name is empty");
              if (game->table_file_use() != Game::TableFileUse::kept || game->heap_game() == nullptr)
                throw InputError(
                    fmt::format("--table {}: only octal and hexadecimal games keep their values in a file, not "
                                "{}; run it without --table",
                                quote_path(*options->table), game->label()));
              game->keep_table_in(*options->table);
            }
            // A game not on heaps has no limit to read: print_pattern refuses it.
            const HeapGame* heap = game->heap_game();
            const std::uint64_t limit = heap ? parse_pattern_limit(options->limit, *heap, game->spec()) : 0;
            print_pattern(*game, limit, options->values, output_format(options->json), out);
          })};
}

Command add_plot_command(CLI::App& app) {
  auto options = std::make_shared<PlotOptions>();
  CLI::App* plot =
      app.add_subcommand("plot", "Draw G(n) against n as a picture (SVG or PNG), marking the proven period");
  add_game_option(*plot, options->game, "a game on heap sizes, such as octal:0.16 or kayles (not graph:FILE)");
  plot->add_option("--to", options->to, "the last heap size N (default 1000, at most 16777215)")->type_name("N");
  plot->add_option("-o,--output", options->output, "the picture's file: FILE.svg or FILE.png")
      ->required()
      ->type_name("FILE");
  plot->add_option("--max-heap", options->max_heap,
                   "how far the rule the picture marks is looked for, as pattern's --max-heap (default: pattern's "
                   "default, at least N; an octal game with no period takes minutes to its default)")
      ->type_name("M");
  plot->add_option("--size", options->size, "the picture's width and height in pixels (default 1000x480)")
      ->type_name("WxH");
  plot->footer(
      "\nEach heap size n is a dot at height G(n): that is how papers on octal games show\n"
      "their values, and how periods, rare values and arithmetic growth are seen. The\n"
      "picture marks the game's rule as 'grundy pattern' finds it: for a period, the end of\n"
      "the preperiod (dashed) and one period (shaded); for a self-similar rule, where it\n"
      "starts; above the plot, whether the rule is proven (and the bound of its check) or\n"
      "only seen. With more heaps than pixels, each pixel column keeps one dot per value\n"
      "it holds, so the picture looks the same and every rare value stays visible.\n"
      "Drawn by gnuplot (Debian's gnuplot-nox); the format is the file's extension.\n"
      "\nExamples:\n  grundy plot octal:0.16 --to 1048576 -o octal-0.16.png\n"
      "  grundy plot kayles --to 200 -o kayles.svg\n  grundy plot subtraction:2,5,7 --to 100 -o s.svg --size "
      "800x300\n");
  return {plot, answering([options](Output&) { draw_plot_file(*options); })};
}

}  // namespace grundy::cli
