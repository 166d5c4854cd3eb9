#include "rare.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grundy/error.hpp"
#include "grundy/games/take_and_break.hpp"
#include "grundy/interrupt.hpp"
#include "grundy/quote.hpp"
#include "grundy/spec.hpp"
#include "grundy/table_lock.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

namespace {

using nlohmann::json;

// "2^21" for a power of two, else the number.
std::string size_words(std::uint64_t size) {
  return std::has_single_bit(size) && size >= 1024 ? fmt::format("2^{}", std::countr_zero(size)) : std::to_string(size);
}

// The game of a `rare` request, when the rare-value table computes it,
// and the check of --to; InputError otherwise.
const TakeAndBreakGame& rare_game(const Game& parsed, const RareRequest& request) {
  const auto* game = dynamic_cast<const TakeAndBreakGame*>(&parsed);
  if (game == nullptr || !game->rare_table())
    throw InputError(
        fmt::format("{} is not a take-and-break game the rare-value table computes: expected an octal or "
                    "hexadecimal code, grundy-game, kayles, ... (docs/games/octal.md)",
                    quote(request.game)));
  if (request.to >= TakeAndBreakGame::kMaxFileTable)
    throw InputError(fmt::format("--to {}: too large; a table holds at most 2^40 values, so --to is at most {}",
                                 request.to, TakeAndBreakGame::kMaxFileTable - 1));
  return *game;
}

// Past 2^32 values the table is kept in its file (8 GiB of two-byte
// values at 2^32 already): memory then holds the parts the method reads.
// InputError when such a table has no --save file.
bool table_on_disk(const RareRequest& request) {
  const std::uint64_t want = request.to + 1;
  const bool on_disk = request.on_disk || want > TakeAndBreakGame::kMaxPatternTable;
  if (on_disk && request.save.empty())
    throw InputError(
        fmt::format("--to {}: {} values {}; give --save FILE for it (up to {:.1f} GiB on disk with "
                    "two-byte values)",
                    request.to, want,
                    request.on_disk ? "with --on-disk are kept in the --save file"
                                    : "are more than 2^32, and such a table is kept in a file",
                    static_cast<double>(2 * want) / (1 << 30)));
  return on_disk;
}

// One run writes a --save file at a time: two would rename each other's
// saves, or write one mapped table at once: `lock` takes the --save
// file's lock (nothing without --save).
void lock_save_file(const RareRequest& request, std::optional<TableLock>& lock) {
  if (request.save.empty()) return;
  lock.emplace(request.save, "--save file");
  if (!lock->held())
    throw InputError(
        fmt::format("--save {}: another run is writing that file (it holds {}); let it end, or save "
                    "to another file",
                    quote_path(request.save), quote_path(request.save + ".lock")));
}

// The lines (or JSON objects) `rare` prints as its table grows: the table's
// figures, and with --list the rare heaps not listed before under the same
// mask (all of them again when the mask changes).
class RareReport {
 public:
  RareReport(const TakeAndBreakGame& game, const RareRequest& request, Format format, Output& out)
      : game_(game), request_(request), format_(format), out_(out), game_json_(json(game.spec()).dump()) {}

  void write() {
    const TakeAndBreakValues& table = game_.table();
    const TakeAndBreakValues::RareStatistics s = table.rare_statistics();
    std::vector<std::uint64_t> fresh;
    const bool same_mask = !first_ && s.mask == mask_ && s.with_parity == parity_;
    if (request_.list) fresh = table.rare_heaps_under(s.mask, s.with_parity, same_mask ? listed_to_ : 0);
    mask_ = s.mask, parity_ = s.with_parity, first_ = false, listed_to_ = s.size;
    if (format_ == Format::json)
      write_json(s, fresh, same_mask);
    else
      write_text(s, fresh, same_mask);
    if (!out_.flush()) throw OutputFailed();
  }

 private:
  void write_json(const TakeAndBreakValues::RareStatistics& s, const std::vector<std::uint64_t>& fresh,
                  bool same_mask) {
    json row{{"game", json::parse(game_json_)}, {"size", s.size},          {"largest_value", s.largest},
             {"largest_at", s.largest_at},      {"rare_mask", s.mask},     {"rare_parity", s.with_parity},
             {"rare_heaps", s.rare_heaps},      {"last_rare", s.last_rare}};
    if (request_.list) {
      json heaps = json::array();
      for (std::uint64_t h : fresh) heaps.push_back({h, game_.table()[h]});
      row[same_mask ? "new_rare" : "rare"] = heaps;
    }
    out_.write(row.dump() + "\n");
  }
  void write_text(const TakeAndBreakValues::RareStatistics& s, const std::vector<std::uint64_t>& fresh,
                  bool same_mask) {
    out_.write(fmt::format(
        "G(0..{}), {} values: largest {} (first at n = {}); rare mask {:#x}{}: {} rare heap{} "
        "(heap 0 included), the last at n = {}\n",
        s.size - 1, size_words(s.size), s.largest, s.largest_at, s.mask, s.with_parity ? " with the heap's parity" : "",
        s.rare_heaps, s.rare_heaps == 1 ? "" : "s", s.last_rare));
    if (!request_.list) return;
    if (!fresh.empty() || !same_mask)
      out_.write(same_mask ? "  new rare heaps (n G(n)):\n" : "  rare heaps under this mask (n G(n)):\n");
    for (std::uint64_t h : fresh) out_.write(fmt::format("  {} {}\n", h, game_.table()[h]));
  }

  const TakeAndBreakGame& game_;
  const RareRequest& request_;
  Format format_;
  Output& out_;
  std::string game_json_;
  std::uint32_t mask_ = 0;
  bool parity_ = false, first_ = true;
  std::uint64_t listed_to_ = 0;  // rare heaps below this are listed under `mask_`
};

}  // namespace

void print_rare(const RareRequest& request, Format format, Output& out) {
  const std::unique_ptr<Game> parsed = parse_game(request.game);
  const TakeAndBreakGame& game = rare_game(*parsed, request);
  const std::uint64_t want = request.to + 1;
  const bool on_disk = table_on_disk(request);
  std::optional<TableLock> lock;
  lock_save_file(request, lock);
  parsed->use_budget(ExecutionBudget{.threads = request.threads});
  if (!request.resume.empty()) game.resume_table(request.resume, on_disk);
  if (on_disk) game.keep_table_in_file(request.save);
  RareReport report(game, request, format, out);
  using Clock = std::chrono::steady_clock;
  Clock::time_point saved_at = Clock::now();
  auto save = [&] {
    if (request.save.empty()) return;
    game.save_table(request.save);
    saved_at = Clock::now();
  };
  // A doubling near 2^32 takes hours: inside one, the table is also saved
  // when --save-every seconds have passed since the last save.
  std::function<void()> between_steps;
  if (!request.save.empty())
    between_steps = [&] {
      if (std::chrono::duration<double>(Clock::now() - saved_at).count() >= request.save_every) save();
    };
  if (game.table().size() > 0) report.write();
  // Ctrl-C and SIGTERM let the table be saved before grundy ends (interrupt.hpp).
  std::optional<KeepOnInterrupt> keep;
  if (!request.save.empty()) keep.emplace();
  std::uint64_t next = 1024;
  while (next <= game.table().size()) next *= 2;
  while (game.table().size() < want) {
    const std::uint64_t size = std::min(next, want);
    try {
      game.compute_table(size, between_steps);
      report.write();  // (interrupted too when Ctrl-C takes the output back)
    } catch (const Interrupted&) {
      save();  // the table is whole between two values
      throw;
    }
    // Saving costs a write of the table: at each power of two from 2^16, and at the end.
    if (size == want || (size == next && size >= (std::uint64_t{1} << 16))) save();
    next *= 2;
  }
}

}  // namespace grundy::cli
