#include "census.hpp"
#include "census_deepen.hpp"
#include "census_rows.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <optional>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/progress.hpp"
#include "grundy/misere/misere_quotient.hpp"
#include "grundy/execution_budget.hpp"
#include "grundy/spec.hpp"
#include "grundy/thread_pool.hpp"
#include "grundy/time_limit.hpp"

#include "grundy/frontend/quotient_answers.hpp"

namespace grundy::cli {

// The words, the session and the server the programs print (src/frontend).
using namespace frontend;

using nlohmann::json;

void parse_shard(const std::string& text, CensusRequest& request) {
  const std::size_t slash = text.find('/');
  const auto part = slash == std::string::npos ? std::nullopt : parse_u64(text.substr(0, slash));
  const auto parts = slash == std::string::npos ? std::nullopt : parse_u64(text.substr(slash + 1));
  if (!part || !parts || *parts == 0 || *part == 0 || *part > *parts || *parts > 1000000)
    throw InputError(
        fmt::format("--shard '{}': expected I/N with 1 <= I <= N <= 1000000, such as 2/8 (the 2nd of 8 "
                    "parts)",
                    text));
  request.shard = static_cast<unsigned>(*part);
  request.shards = static_cast<unsigned>(*parts);
}

std::string code_of(const json& row, const GameFamily& family) {
  const std::string game = row.at("game").get<std::string>();
  const std::string prefix = std::string(family.name) + ":";
  return game.rfind(prefix, 0) == 0 ? game.substr(prefix.size()) : game;
}

namespace {

std::string spec_of(const CensusRequest& r, const std::string& code) {
  return std::string(r.family->name) + ":" + code;
}

// A misère census's row: the object `quotient --json` prints, without its
// table of products (size^2 numbers), with "kind" "quotient"; or, for a game
// whose quotient passes quotient's limits, or that has none (4.0 never
// shrinks the heaps), "kind" "beyond-limits" or "no-quotient" and why. A
// census of whole games (whole_quotients) searches each quotient until the
// periodicity theorem proves it ("whole") or a limit stops it ("stopped"),
// and its rows say the limits they ran with ("most_heaps", "budget").
json misere_row(const Game& game, const CensusRequest& request) {
  json row;
  try {
    if (request.whole_quotients) {
      QuotientLimits limits;
      limits.max_seconds = request.budget_seconds;
      row = quotient_json(compute_whole_misere_quotient(game, request.most_heaps, limits));
    } else {
      row = quotient_json(compute_misere_quotient(game, request.max_heap));
    }
    row.erase("products");
    row["kind"] = "quotient";
  } catch (const LimitError& e) {
    row = {{"game", game.spec()}, {"kind", "beyond-limits"}, {"why", e.what()}};
  } catch (const InputError& e) {
    row = {{"game", game.spec()}, {"kind", "no-quotient"}, {"why", e.what()}};
  }
  row["play"] = "misere";
  if (request.whole_quotients) {
    row["most_heaps"] = request.most_heaps;
    row["budget"] = request.budget_seconds;
  }
  return row;
}

// The limits a row of a misère census of whole games ran with, "" for a
// row of another census: rows of one census share them.
std::string whole_limits_of(const json& row) {
  if (!row.contains("most_heaps")) return "";
  return fmt::format("--most-heaps {} --budget {}", row["most_heaps"].dump(), row.value("budget", 0.0));
}

// "normal" or "misere": rows of the two kinds of census are never mixed.
std::string play_of(const json& row) { return row.value("play", std::string("normal")); }

std::string cell(const json& row, const char* key) {
  if (!row.contains(key)) return "-";
  const json& v = row[key];
  return v.is_string() ? v.get<std::string>() : v.dump();
}

// The text table of a misère census: one line per game, then a count of
// each kind (tame, wild, beyond the limits).
void write_misere_rows(const std::vector<json>& rows, Output& out) {
  const bool whole = !rows.empty() && !whole_limits_of(rows.front()).empty();
  // A census of whole games adds the heap each search reached.
  const auto reached = [&](const std::string& text) { return whole ? fmt::format(" {:>8}", text) : std::string(); };
  out.write(fmt::format("{:<16} {:<14} {:>6} {:>10} {:>9} {:<5} {:>14}{} {:>9}\n", "game", "kind", "size", "generators",
                        "p-portion", "tame", whole ? "proven period" : "seen period", reached("to heap"), "seconds"));
  std::map<std::string, std::uint64_t> kinds;
  std::uint64_t proven_whole = 0;
  std::map<std::string, std::uint64_t> stopped_by;
  for (const json& row : rows) {
    const bool quotient = row["kind"] == "quotient";
    const bool proven = quotient && row.contains("whole") && row["whole"].is_object();
    std::string period = "-";
    if (quotient && row.contains("period") && row["period"].is_object() && (!whole || proven))
      period = fmt::format("{}+{}", row["period"].value("preperiod", 0), row["period"].value("period", 0));
    out.write(fmt::format("{:<16} {:<14} {:>6} {:>10} {:>9} {:<5} {:>14}{} {:>9}\n", cell(row, "game"),
                          cell(row, "kind"), quotient ? cell(row, "size") : "-",
                          quotient ? std::to_string(row.value("generators", json::array()).size()) : "-",
                          quotient ? std::to_string(row.value("p_portion", json::array()).size()) : "-",
                          quotient ? (row.value("tame", false) ? "yes" : "no") : "-", period,
                          reached(quotient ? cell(row, "max_heap") : "-"), cell(row, "seconds")));
    ++kinds[quotient ? (row.value("tame", false) ? "tame" : "wild") : cell(row, "kind")];
    proven_whole += proven ? 1 : 0;
    if (quotient && row.contains("stopped_by") && row["stopped_by"].is_string())
      ++stopped_by[row["stopped_by"].get<std::string>() == "most_heaps" ? "the most heaps"
                   : row["stopped_by"].get<std::string>() == "time"     ? "the budget"
                                                                        : "the size limits"];
  }
  std::string summary;
  for (const auto& [kind, count] : kinds) summary += fmt::format("{}{} {}", summary.empty() ? "" : "; ", count, kind);
  if (whole) {
    std::string stops;
    for (const auto& [by, count] : stopped_by) stops += fmt::format(", {} by {}", count, by);
    out.write(fmt::format("{} game{} (whole misère quotients, {}): {}; {} proven for every heap{}\n", rows.size(),
                          rows.size() == 1 ? "" : "s", whole_limits_of(rows.front()), summary, proven_whole,
                          stops.empty() ? "" : "; stopped" + stops));
  } else {
    out.write(fmt::format("{} game{} (misère quotients of heaps 0..{}): {}\n", rows.size(), rows.size() == 1 ? "" : "s",
                          rows.empty() ? "-" : cell(rows.front(), "max_heap"), summary));
  }
}

void write_rows(const std::vector<json>& rows, const CensusRequest& request, Format format, Output& out) {
  if (request.json_lines) {
    for (const json& row : rows) out.write(row.dump() + "\n");
    return;
  }
  if (format == Format::json) {
    out.write(json{{"games", rows}}.dump() + "\n");
    return;
  }
  if (!rows.empty() && play_of(rows.front()) == "misere") return write_misere_rows(rows, out);
  out.write(fmt::format("{:<16} {:<12} {:<7} {:>12} {:>12} {:>8} {:>12} {:>9}\n", "game", "kind", "proven", "preperiod",
                        "period", "largest", "examined", "seconds"));
  std::map<std::string, std::uint64_t> kinds;
  std::uint64_t copied = 0;
  for (const json& row : rows) {
    const bool proven = row.value("proven", false);
    out.write(fmt::format("{:<16} {:<12} {:<7} {:>12} {:>12} {:>8} {:>12} {:>9}\n", cell(row, "game"),
                          cell(row, "kind"), proven ? "yes" : "no", cell(row, "preperiod"), cell(row, "period"),
                          cell(row, "largest_value"), cell(row, "checked_up_to"), cell(row, "seconds")));
    ++kinds[fmt::format("{}{}", cell(row, "kind"), proven ? ", proven" : row["kind"] == "none" ? "" : ", not proven")];
    if (row.contains("same_values_as")) ++copied;
  }
  std::string summary;
  for (const auto& [kind, count] : kinds) summary += fmt::format("{}{} {}", summary.empty() ? "" : "; ", count, kind);
  if (copied > 0)
    summary += fmt::format(" ({} row{} copied from a game with the same values)", copied, copied == 1 ? "" : "s");
  out.write(fmt::format("{} game{}: {}\n", rows.size(), rows.size() == 1 ? "" : "s", summary));
}

std::string census_name(const CensusRequest& r) {
  std::string name = fmt::format("the {}-digit {}{} census", r.digits, r.misere ? "misère " : "", r.family->name);
  if (r.shards > 1) name += fmt::format(" (shard {}/{})", r.shard, r.shards);
  return name;
}

// The census's games in classes of equal values (GameFamily::
// census_values_key), in the order of their first game; each game alone
// when the family has no key, and in a misère census, where equal values
// do not make equal quotients. In a class, games with fewer digits come
// first: a game whose moves take fewer tokens proves a period from fewer
// values, so its row is the better one to copy.
std::vector<std::vector<std::string>> census_classes(const CensusRequest& request) {
  const std::vector<std::string> codes = request.family->census_codes(request.digits);
  std::vector<std::vector<std::string>> classes;
  std::map<std::string, std::size_t> by_key;
  for (const std::string& code : codes) {
    if (request.misere || !request.family->census_values_key) {
      classes.push_back({code});
      continue;
    }
    const auto [it, added] = by_key.emplace(request.family->census_values_key(code), classes.size());
    if (added) classes.emplace_back();
    classes[it->second].push_back(code);
  }
  for (auto& members : classes)
    std::stable_sort(members.begin(), members.end(),
                     [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  return classes;
}

// Whether the other games of a row's class copy it rather than repeat its
// work: only a row that saw no period up to its bound. A period's proof
// depends on the most tokens a move takes, which differs within a class,
// so those games (cheap ones) prove their own.
bool copies_values(const json& row) { return row.value("kind", std::string()) == "none"; }

void merge(const CensusRequest& request, Format format, Output& out) {
  const std::vector<std::string> codes = request.family->census_codes(request.digits);
  // A deeper pass's parts hold the games it searched again, each to its own
  // bound; FROM gives the rows of the others.
  std::optional<DeepenPlan> plan;
  if (!request.deepen_file.empty()) plan.emplace(request, codes);
  std::map<std::string, std::pair<json, std::string>> found;  // code -> row, file
  for (const std::string& path : request.merge_files) {
    const ReadRows file = read_rows(path);
    if (file.cut_short && request.so_far)
      progress_note(
          fmt::format("{}: its last line is cut short (a row being written, or an interrupted run): "
                      "left out, that game keeping its row in {}",
                      path, request.deepen_file));
    else if (file.cut_short)
      throw InputError(
          fmt::format("{}: its last line is cut short (an interrupted run): finish that part with "
                      "--resume {} first",
                      path, path));
    for (const json& row : file.rows) {
      const std::string code = code_of(row, *request.family);
      if (!std::binary_search(codes.begin(), codes.end(), code))
        throw InputError(
            fmt::format("{}: a row for {}, which is not in {}", path, cell(row, "game"), census_name(request)));
      if (const auto it = found.find(code); it != found.end())
        throw InputError(fmt::format("{} has a row in {} and in {}", spec_of(request, code), it->second.second, path));
      if (!found.empty() && play_of(row) != play_of(found.begin()->second.first))
        throw InputError(fmt::format(
            "{}: the row for {} is of a {} census, and {}'s of a {} one: parts of one "
            "census share one kind of play",
            path, cell(row, "game"), play_of(row), found.begin()->second.second, play_of(found.begin()->second.first)));
      // A row FROM holds already (folded into it by an earlier --so-far):
      // FROM gives it below.
      if (plan && row.contains("deepened_from") && row == plan->from_row(code)) continue;
      if (plan && row.value("max_heap", std::uint64_t{0}) != plan->bound(code))
        throw InputError(
            fmt::format("{}: the row for {} was computed with --max-heap {}, and the deeper pass from {} "
                        "gives it {}",
                        path, cell(row, "game"), cell(row, "max_heap"), request.deepen_file, plan->bound(code)));
      if (!found.empty() && whole_limits_of(row) != whole_limits_of(found.begin()->second.first))
        throw InputError(
            fmt::format("{}: the row for {} was computed with '{}', and {}'s with '{}': parts of one "
                        "census share one set of limits",
                        path, cell(row, "game"), whole_limits_of(row), found.begin()->second.second,
                        whole_limits_of(found.begin()->second.first)));
      if (!plan && !found.empty() && whole_limits_of(row).empty() &&
          cell(row, "max_heap") != cell(found.begin()->second.first, "max_heap"))
        throw InputError(
            fmt::format("{}: the row for {} was computed with --max-heap {}, and {}'s with {}: parts of "
                        "one census share one bound",
                        path, cell(row, "game"), cell(row, "max_heap"), found.begin()->second.second,
                        cell(found.begin()->second.first, "max_heap")));
      found.emplace(code, std::make_pair(row, path));
    }
  }
  std::vector<std::string> missing;
  for (const std::string& code : codes) {
    if (plan && !found.count(code) && (plan->bound(code) == 0 || request.so_far))
      found.emplace(code, std::make_pair(plan->from_row(code), request.deepen_file));
    if (!found.count(code)) missing.push_back(spec_of(request, code));
  }
  if (!missing.empty()) {
    const std::size_t shown = std::min<std::size_t>(missing.size(), 8);
    throw InputError(fmt::format("the parts miss {} of the {} games of {}: {}{}", missing.size(), codes.size(),
                                 census_name(request),
                                 fmt::join(missing.begin(), missing.begin() + static_cast<std::ptrdiff_t>(shown), ", "),
                                 missing.size() > shown ? ", ..." : ""));
  }
  std::vector<json> rows;
  for (const std::string& code : codes) rows.push_back(found.at(code).first);
  write_rows(rows, request, format, out);
}

// A duration for people: "40 s", "12 minutes", "5.5 hours", "3.2 days".
std::string duration_words(double seconds) {
  if (seconds < 90) return fmt::format("{:.0f} s", seconds);
  if (seconds < 5400) return fmt::format("{:.0f} minutes", seconds / 60);
  if (seconds < 2 * 86400) return fmt::format("{:.1f} hours", seconds / 3600);
  return fmt::format("{:.1f} days", seconds / 86400);
}

// "1 game", "12 games".
std::string games_words(std::size_t games) { return fmt::format("{} game{}", games, games == 1 ? "" : "s"); }

// The three-digit census of normal play at --max-heap 2^20 - 1
// (docs/census/octal-3.jsonl) in its 324 groups of equal values: 7,141 s
// on one core, counting in each group its periodic games and its first
// game with no period (the others copy that row), from 0 s (periods proven
// at once) to 680 s (0.415's group, no period).
constexpr double kThreeDigitSecondsPerGroup = 22.0;
constexpr double kThreeDigitMaxHeap = 1048576.0;
// A census that may take longer than this (at the high end, in core
// seconds) is announced with its estimate.
constexpr double kWorthAnEstimate = 300;
// A misère census this large is announced even without an estimate.
constexpr std::size_t kManyGamesUnestimated = 1000;
// Rows of this census's own enough to estimate from.
constexpr std::size_t kRowsToEstimateFrom = 50;

// The census's own figures for an estimate: the seconds of the groups of
// equal values whose games all have rows (a group begun but not finished
// would count its cheap copies as groups), and how many groups left still
// need a game computed (none of their rows is one the others copy).
struct GroupFigures {
  double seconds = 0;
  std::size_t finished = 0;  // groups
  std::size_t rows = 0;      // their rows
  std::size_t to_compute = 0;
  double deep_seconds = 0;  // a deeper pass: the estimate of the groups to compute (DeepenPlan)
};

// What a census run will cost, said before it starts: the games and groups
// left, and a range of core time and of wall time on its threads. A group's
// games cost about one game's work (the others are copies or periods
// proven quickly), so the figures are per group: from the census's own
// finished groups when it has enough rows, else from the three-digit census
// scaled to its --max-heap (a game's cost grows between linearly and as the
// square of the heaps it examines); times the groups that still need a
// game computed.
std::string census_estimate(const CensusRequest& request, const GroupFigures& figures, std::size_t games,
                            std::size_t groups, unsigned threads, bool always) {
  if (games == 0) return always ? fmt::format("{}: no game left", census_name(request)) : std::string();
  double per_group = 0;
  double low = 0;
  double high = 0;
  std::string basis;
  if (figures.rows >= kRowsToEstimateFrom && figures.finished > 0) {
    per_group = figures.seconds / static_cast<double>(figures.finished);
    // The groups so far are the census's first ones, not a sample of all.
    low = per_group / 2;
    high = per_group * 2;
    basis = fmt::format("{:.1f} s a group, the mean of the {} finished groups ({} rows) of {}", per_group,
                        figures.finished, figures.rows, request.resume_file);
  } else if (!request.misere) {
    const double r = static_cast<double>(request.max_heap + 1) / kThreeDigitMaxHeap;
    low = kThreeDigitSecondsPerGroup * std::min(r, r * r) / 4;
    high = kThreeDigitSecondsPerGroup * std::max(r, r * r) * 4;
    per_group = std::sqrt(low * high);
    basis = fmt::format(
        "{:.1f} s a group, from the three-digit census: {:.1f} s a group at --max-heap 2^20 - 1, from 0 s "
        "to 680 s",
        per_group, kThreeDigitSecondsPerGroup);
  } else if (request.whole_quotients) {
    // Each game stops within its budget; most prove their quotient sooner.
    const double most = static_cast<double>(games) * request.budget_seconds;
    if (most < kWorthAnEstimate && !always) return "";
    return fmt::format(
        "{}: {} left, each whole quotient searched within --budget {} s of core time: at most {} "
        "of core time, {} on {} thread{} (no figures of this census to go by until {} of its rows are "
        "written; most games prove their quotient in far less)",
        census_name(request), games_words(games), request.budget_seconds, duration_words(most),
        duration_words(most / threads), threads, threads == 1 ? "" : "s", kRowsToEstimateFrom);
  } else if (always || games >= kManyGamesUnestimated) {
    return fmt::format(
        "{}: {} left in {} group{} of equal values; no estimate of their time yet (a misère "
        "census has no figures to go by until {} of its rows are written)",
        census_name(request), games_words(games), groups, groups == 1 ? "" : "s", kRowsToEstimateFrom);
  } else {
    return "";
  }
  const double n = static_cast<double>(figures.to_compute);
  if (n * high < kWorthAnEstimate && !always) return "";
  const std::string keep = request.resume_file.empty()
                               ? "each row is written as its game finishes; run it with --resume FILE to keep the "
                                 "rows in FILE, so that a run stopped goes on from there"
                               : fmt::format(
                                     "rows go to {} as games finish: the same command goes on from there "
                                     "after a stop",
                                     request.resume_file);
  return fmt::format(
      "{}: {} left in {} group{} of equal values, to --max-heap {}: about {} of core time ({} to "
      "{}), about {} on {} thread{} ({}); {}",
      census_name(request), games_words(games), groups, groups == 1 ? "" : "s", request.max_heap,
      duration_words(n * per_group), duration_words(n * low), duration_words(n * high),
      duration_words(n * per_group / threads), threads, threads == 1 ? "" : "s", basis, keep);
}

// What a deeper pass will cost: the games left and kept, and core time and
// wall time from FROM's figures (DeepenPlan::estimated_seconds), an upper
// bound for games whose period shows before their bound.
std::string deepen_estimate(const CensusRequest& request, const GroupFigures& figures, std::size_t games,
                            std::size_t kept, unsigned threads) {
  const std::string keep = request.resume_file.empty()
                               ? "run it with --resume FILE to keep its rows, so that a run stopped goes on from there"
                               : fmt::format(
                                     "rows go to {} as games finish: the same command goes on from there "
                                     "after a stop",
                                     request.resume_file);
  if (games == 0)
    return fmt::format("a deeper pass over {} from {}: no game left ({} games keep its rows)", census_name(request),
                       request.deepen_file, kept);
  return fmt::format(
      "a deeper pass over {} from {}: {} left in {} group{} to compute ({} keep its rows), "
      "with a rare-value mask to --max-heap {}, without one within --budget {} s a game: at most "
      "about {} of core time, {} on {} thread{} (from the rows' times, scaled linearly with a mask "
      "and as the square without; a period proven sooner ends a game sooner); {}",
      census_name(request), request.deepen_file, games_words(games), figures.to_compute,
      figures.to_compute == 1 ? "" : "s", games_words(kept), request.max_heap, request.budget_seconds,
      duration_words(figures.deep_seconds), duration_words(figures.deep_seconds / threads), threads,
      threads == 1 ? "" : "s", keep);
}

// The classes of codes of this shard (whole classes, so that a class's
// games meet in one run), and their codes in code order.
struct Shard {
  std::vector<std::vector<std::string>> classes;
  std::vector<std::string> codes;
};

Shard shard_of(const CensusRequest& request) {
  Shard shard;
  std::vector<std::vector<std::string>> all = census_classes(request);
  for (std::size_t i = request.shard - 1; i < all.size(); i += request.shards) {
    shard.codes.insert(shard.codes.end(), all[i].begin(), all[i].end());
    shard.classes.push_back(std::move(all[i]));
  }
  std::sort(shard.codes.begin(), shard.codes.end());
  return shard;
}

// --only: the groups of the shard that hold a game named (every group when
// none is), and their codes in code order: the games computed and printed.
// A game named that is in another shard is an InputError.
Shard chosen_of(const CensusRequest& request, const Shard& shard) {
  const std::vector<std::string>& only = request.only;
  if (only.empty()) return shard;
  for (const std::string& code : only)
    if (!std::binary_search(shard.codes.begin(), shard.codes.end(), code))
      throw InputError(fmt::format("--only {}: {} is in another shard than this run's {}/{} (--shard)", code,
                                   spec_of(request, code), request.shard, request.shards));
  Shard chosen;
  for (const std::vector<std::string>& members : shard.classes)
    if (std::any_of(members.begin(), members.end(),
                    [&](const std::string& code) { return std::find(only.begin(), only.end(), code) != only.end(); })) {
      chosen.classes.push_back(members);
      chosen.codes.insert(chosen.codes.end(), members.begin(), members.end());
    }
  std::sort(chosen.codes.begin(), chosen.codes.end());
  return chosen;
}

// The rows of the --resume file, each checked against this run: a game of
// the shard, the same play, the same bounds, once.
template <class BoundOf>
void take_resumed_rows(const CensusRequest& request, const RowFile& resume, const std::vector<std::string>& codes,
                       const std::set<std::string>& kept, const std::optional<DeepenPlan>& plan,
                       const BoundOf& bound_of, std::map<std::string, json>& rows) {
  for (const json& row : resume.rows()) {
    const std::string code = code_of(row, *request.family);
    if (!std::binary_search(codes.begin(), codes.end(), code))
      throw InputError(fmt::format("{}: a row for {}, which is not in {}", request.resume_file, cell(row, "game"),
                                   census_name(request)));
    if (play_of(row) != (request.misere ? "misere" : "normal"))
      throw InputError(fmt::format("{}: the row for {} is of a {} census, and this run is {}", request.resume_file,
                                   cell(row, "game"), play_of(row),
                                   request.misere ? "misère (--misere)" : "of normal play (no --misere)"));
    // A row FROM holds already (a census that took in this file's rows by
    // --merge --so-far) is FROM's: nothing to take.
    if (plan && row.contains("deepened_from") && row == plan->from_row(code)) continue;
    if (kept.count(code))
      throw InputError(fmt::format("{}: a row for {}, which the deeper pass from {} does not search again",
                                   request.resume_file, cell(row, "game"), request.deepen_file));
    if (request.whole_quotients || !whole_limits_of(row).empty()) {
      const std::string limits = fmt::format("--most-heaps {} --budget {}", request.most_heaps, request.budget_seconds);
      if (!request.whole_quotients || whole_limits_of(row) != limits)
        throw InputError(fmt::format(
            "{}: the row for {} was computed with {}, and this run uses {}", request.resume_file, cell(row, "game"),
            whole_limits_of(row).empty() ? fmt::format("--max-heap {}", cell(row, "max_heap")) : whole_limits_of(row),
            request.whole_quotients ? limits : fmt::format("--max-heap {}", request.max_heap)));
    } else if (row.value("max_heap", std::uint64_t{0}) != bound_of(code))
      throw InputError(fmt::format("{}: the row for {} was computed with --max-heap {}, and this run uses {}",
                                   request.resume_file, cell(row, "game"), cell(row, "max_heap"), bound_of(code)));
    if (!rows.emplace(code, row).second)
      throw InputError(fmt::format("{}: two rows for {}; a census part holds each game once", request.resume_file,
                                   cell(row, "game")));
  }
}

// The games of a class left to compute, in the class's order, each with
// the row it copies when an earlier game of the class (no longer code: see
// census_classes) has one that copies_values. A later game's row is never
// copied to an earlier one, even from a file written in another order: a
// shorter code may prove a period the longer one cannot see.
struct Missing {
  std::string code;
  std::optional<json> resumed_source;
};
struct Work {
  std::vector<Missing> missing;
  double estimate = 0;  // a deeper pass's estimate of its core seconds (0: its games copy a row)
};

// What is left to do, and the figures of the estimate: the finished
// groups' times, and for a deeper pass FROM's times of the groups left.
struct Todo {
  std::vector<Work> work;
  std::size_t games = 0;
  GroupFigures figures;
};

Todo todo_of(const std::vector<std::vector<std::string>>& classes, const std::map<std::string, json>& rows,
             const std::set<std::string>& kept, const std::optional<DeepenPlan>& plan) {
  Todo todo;
  for (const std::vector<std::string>& members : classes) {
    Work work;
    std::optional<json> source;
    bool copyable = false;  // a row the others copy, anywhere in the class
    double seconds = 0;
    for (const std::string& code : members) {
      if (kept.count(code)) {
        // A deeper row FROM holds (folded into it by --merge --so-far) gives
        // its values to the games of its class left, which go as far (row_of).
        const json& row = rows.at(code);
        if (!source && copies_values(row) && row.contains("deepened_from")) {
          source = row;
          copyable = true;
        }
        continue;
      }
      const auto it = rows.find(code);
      if (it == rows.end()) {
        work.missing.push_back({code, source});
        continue;
      }
      seconds += it->second.value("seconds", 0.0);
      copyable = copyable || copies_values(it->second);
      if (!source && copies_values(it->second)) source = it->second;
    }
    todo.games += work.missing.size();
    if (work.missing.empty()) {
      todo.figures.seconds += seconds;
      todo.figures.rows += members.size();
      ++todo.figures.finished;
    } else {
      todo.figures.to_compute += copyable ? 0 : 1;
      if (plan && !copyable) work.estimate = plan->estimated_seconds(work.missing.front().code);
      todo.figures.deep_seconds += work.estimate;
      todo.work.push_back(std::move(work));
    }
  }
  // A deeper pass takes its cheapest groups first (by FROM's times; groups
  // that copy a row cost nothing): the most rows soonest, and the long
  // games last, where a stop costs least.
  if (plan)
    std::stable_sort(todo.work.begin(), todo.work.end(),
                     [](const Work& a, const Work& b) { return a.estimate < b.estimate; });
  return todo;
}

// One game's row, with the processor time it took: copied from `found` (a
// row of its class computed this run or resumed) when that row went as far
// as this game goes, else computed. `copied` says which.
template <class BoundOf>
json row_of(const CensusRequest& request, const std::string& code, const std::optional<json>& found,
            const BoundOf& bound_of, const std::optional<DeepenPlan>& plan, bool& copied) {
  const double start = thread_processor_seconds();
  // (A deeper pass copies only a row searched as far as this game goes.)
  const bool copy = found && found->value("max_heap", std::uint64_t{0}) == bound_of(code);
  const std::optional<json>& source = copy ? found : std::nullopt;
  json row;
  if (source) {
    row = *source;
    row["game"] = spec_of(request, code);
    // The game whose values were computed; the source itself when
    // that would be this game (a file whose first row was lost).
    std::string origin = source->value("same_values_as", source->at("game").get<std::string>());
    if (origin == row["game"]) origin = source->at("game").get<std::string>();
    row["same_values_as"] = origin;
  } else {
    // (One thread a game: the census's threads share out the games.)
    const std::unique_ptr<Game> game = parse_game(spec_of(request, code), ExecutionBudget{.threads = 1});
    row = request.misere ? misere_row(*game, request) : pattern_json(*game, find_pattern(*game, bound_of(code)), false);
  }
  const double seconds = thread_processor_seconds() - start;
  row["seconds"] = static_cast<double>(static_cast<std::int64_t>(seconds * 1000 + 0.5)) / 1000;
  // (A whole quotient's row keeps the heap its search reached.)
  if (!request.whole_quotients) row["max_heap"] = bound_of(code);
  if (plan) row["deepened_from"] = plan->from_row(code).at("max_heap");
  copied = source.has_value();
  return row;
}

}  // namespace

void run_census(const CensusRequest& request, Format format, Output& out) {
  if (!request.merge_files.empty()) return merge(request, format, out);
  const Shard shard = shard_of(request);

  // A deeper pass: each game's bound from FROM, and FROM's row kept for the
  // games it does not search again (census_deepen.hpp).
  std::optional<DeepenPlan> plan;
  if (!request.deepen_file.empty()) plan.emplace(request, request.family->census_codes(request.digits));
  const auto bound_of = [&](const std::string& code) { return plan ? plan->bound(code) : request.max_heap; };
  std::map<std::string, json> rows;
  std::set<std::string> kept;  // codes whose row is FROM's
  if (plan)
    for (const std::string& code : shard.codes)
      if (plan->bound(code) == 0) {
        rows.emplace(code, plan->from_row(code));
        kept.insert(code);
      }
  std::unique_ptr<RowFile> resume;
  if (plan && !request.resume_file.empty()) {
    std::error_code error;  // (a resume file not there yet is another file)
    if (std::filesystem::equivalent(request.resume_file, request.deepen_file, error))
      throw InputError(
          fmt::format("--resume {} is the census --deepen reads: give the pass a file of its own, and "
                      "fold its rows into the census with --merge FILE --so-far",
                      request.resume_file));
  }
  if (!request.resume_file.empty()) {
    resume = std::make_unique<RowFile>(request.resume_file);
    take_resumed_rows(request, *resume, shard.codes, kept, plan, bound_of, rows);
  }

  const Shard chosen = chosen_of(request, shard);
  const Todo todo = todo_of(chosen.classes, rows, kept, plan);
  const auto chosen_kept = static_cast<std::size_t>(std::count_if(
      chosen.codes.begin(), chosen.codes.end(), [&](const std::string& code) { return kept.count(code) > 0; }));
  // (--jobs 0, and no GRUNDY_THREADS: every core the process may use.)
  const auto threads = static_cast<unsigned>(std::min<std::size_t>(request.jobs == 0 ? available_cores() : request.jobs,
                                                                   std::max<std::size_t>(todo.work.size(), 1)));
  // (A census of a few minutes at most goes by without one, unless asked.)
  const std::string estimate =
      plan ? deepen_estimate(request, todo.figures, todo.games, chosen_kept, threads)
           : census_estimate(request, todo.figures, todo.games, todo.work.size(), threads, request.estimate_only);
  if (request.estimate_only) {
    out.write(estimate + "\n");
    return;
  }
  if (!estimate.empty()) progress_note(estimate);
  {
    const std::string bound = request.whole_quotients
                                  ? fmt::format("whole quotients (--most-heaps {}, --budget {} s)", request.most_heaps,
                                                request.budget_seconds)
                                  : fmt::format("{}--max-heap {}", plan ? "at most " : "", request.max_heap);
    LongTask task(fmt::format("{}: {} to {} on {} thread{}", census_name(request), games_words(todo.games), bound,
                              threads, threads == 1 ? "" : "s"));
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex mutex;
    auto work = [&] {
      try {
        for (std::size_t i; !failed && (i = next++) < todo.work.size();) {
          std::optional<json> computed;  // this run's row of an earlier game, when it copies_values
          for (const auto& [code, resumed_source] : todo.work[i].missing) {
            if (failed) break;
            bool copied = false;
            json row = row_of(request, code, computed ? computed : resumed_source, bound_of, plan, copied);
            if (!copied && copies_values(row)) computed = row;
            const std::lock_guard lock(mutex);
            if (resume) resume->append(row);
            rows[code] = std::move(row);
            task.advance(++done, todo.games);
          }
        }
      } catch (...) {
        const std::lock_guard lock(mutex);
        if (!failed.exchange(true)) error = std::current_exception();
      }
    };
    // Helpers from the process's pool (thread_pool.hpp): with fewer than
    // asked for, those there share the games.
    HelperTeam helpers(threads - 1, work);
    work();
    helpers.join();
    if (error) std::rethrow_exception(error);
  }
  std::vector<json> ordered;
  for (const std::string& code : chosen.codes) ordered.push_back(rows.at(code));
  write_rows(ordered, request, format, out);
}

}  // namespace grundy::cli
