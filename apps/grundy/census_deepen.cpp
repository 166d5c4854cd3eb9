#include "census_deepen.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "census_rows.hpp"
#include "grundy/error.hpp"

namespace grundy::cli {

using nlohmann::json;

namespace {

// A bound less than this times FROM's is not worth a deeper pass.
constexpr double kWorthDeepening = 1.1;

std::uint64_t row_bound(const json& row) { return row.value("max_heap", std::uint64_t{0}); }

}  // namespace

DeepenPlan::DeepenPlan(const CensusRequest& request, const std::vector<std::string>& codes) : request_(request) {
  const std::string& path = request.deepen_file;
  const ReadRows file = read_rows(path);
  if (file.cut_short)
    throw InputError(
        fmt::format("--deepen {}: its last line is cut short (an interrupted run): finish that census "
                    "with --resume {} first",
                    path, path));
  for (const json& row : file.rows) {
    const std::string code = code_of(row, *request.family);
    if (!std::binary_search(codes.begin(), codes.end(), code))
      throw InputError(fmt::format("--deepen {}: a row for {}, which is not in the {}-digit {} census", path,
                                   row.at("game").get<std::string>(), request.digits, request.family->name));
    if (row.value("play", std::string("normal")) != "normal")
      throw InputError(
          fmt::format("--deepen {}: the row for {} is of a misère census; a deeper pass is of normal "
                      "play",
                      path, row.at("game").get<std::string>()));
    if (row_bound(row) == 0 || !row.contains("proven"))
      throw InputError(fmt::format("--deepen {}: the row for {} has no \"max_heap\" or \"proven\": not a census row",
                                   path, row.at("game").get<std::string>()));
    if (!rows_.emplace(code, row).second)
      throw InputError(fmt::format("--deepen {}: two rows for {}", path, row.at("game").get<std::string>()));
  }
  std::size_t missing = 0;
  std::string first_missing;
  for (const std::string& code : codes)
    if (!rows_.count(code)) {
      if (missing++ == 0) first_missing = code;
    }
  if (missing > 0)
    throw InputError(fmt::format(
        "--deepen {}: it misses {} of the {} games of the {}-digit {} census (such as {}:{}); "
        "a deeper pass goes on from a whole census",
        path, missing, codes.size(), request.digits, request.family->name, request.family->name, first_missing));
}

const json& DeepenPlan::computed_row(const std::string& code) const {
  const json& row = rows_.at(code);
  if (!row.contains("same_values_as")) return row;
  const auto it = rows_.find(code_of(json{{"game", row.at("same_values_as")}}, *request_.family));
  return it == rows_.end() ? row : it->second;
}

std::uint64_t DeepenPlan::bound(const std::string& code) const {
  const json& row = rows_.at(code);
  // A row of the pass folded into FROM (--merge --so-far) is final.
  if (row.value("proven", false) || row.contains("deepened_from")) return 0;
  const json& computed = computed_row(code);
  const std::uint64_t from = row_bound(row);
  // The others of a folded row's group go as far, so as to copy it.
  if (computed.contains("deepened_from")) return row_bound(computed);
  std::uint64_t to = request_.max_heap;
  if (computed.value("rare_mask", json()).is_null()) {
    const double seconds = std::max(computed.value("seconds", 0.0), 0.001);
    const double scaled = static_cast<double>(row_bound(computed)) * std::sqrt(request_.budget_seconds / seconds);
    to = static_cast<std::uint64_t>(std::min(scaled, static_cast<double>(request_.max_heap)));
  }
  return static_cast<double>(to) < kWorthDeepening * static_cast<double>(from) ? 0 : to;
}

double DeepenPlan::estimated_seconds(const std::string& code) const {
  const json& computed = computed_row(code);
  const double ratio = static_cast<double>(bound(code)) / static_cast<double>(row_bound(computed));
  const double seconds = computed.value("seconds", 0.0);
  return computed.value("rare_mask", json()).is_null() ? seconds * ratio * ratio : seconds * ratio;
}

}  // namespace grundy::cli
