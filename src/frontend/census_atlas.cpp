#include "grundy/frontend/census_atlas.hpp"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/quote.hpp"

namespace grundy::frontend {
namespace {

using nlohmann::json;

constexpr std::string_view kPrefix = "octal:";

struct FilterName {
  std::string_view name;
  AtlasFilter filter;
};
constexpr FilterName kFilters[] = {{"all", AtlasFilter::all},
                                   {"unsolved", AtlasFilter::unsolved},
                                   {"new", AtlasFilter::new_periodic},
                                   {"tame", AtlasFilter::tame},
                                   {"wild", AtlasFilter::wild}};
struct SortName {
  std::string_view name;
  AtlasSort sort;
};
constexpr SortName kSorts[] = {{"code", AtlasSort::code},           {"period", AtlasSort::period},
                               {"preperiod", AtlasSort::preperiod}, {"largest", AtlasSort::largest},
                               {"seconds", AtlasSort::seconds},     {"checked", AtlasSort::checked}};

bool octal_digits(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '7'; });
}

// An octal code as the censuses write it, with or without its leading 0
// ("0.1777", ".1777", "7"); with `partial`, also the start of one ("",
// "0.", ".").
bool code_shape(std::string_view s, bool partial) {
  if (s.empty()) return partial;
  const std::size_t dot = s.find('.');
  if (dot == std::string_view::npos) return s.size() == 1 && octal_digits(s);
  const std::string_view before = s.substr(0, dot), after = s.substr(dot + 1);
  return before.size() <= 1 && octal_digits(before) && octal_digits(after) && (partial || !after.empty());
}

// octal-D.jsonl, octal-D-deep.jsonl or octal-D-misere.jsonl.
bool census_file_name(std::string_view name) {
  if (!name.starts_with("octal-") || !name.ends_with(".jsonl")) return false;
  std::string_view middle = name.substr(6, name.size() - 6 - 6);
  for (std::string_view kind : {"-deep", "-misere"})
    if (middle.ends_with(kind)) middle.remove_suffix(kind.size());
  return !middle.empty() && std::all_of(middle.begin(), middle.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// The entry of `table` named `text`, InputError listing the names otherwise.
template <class Entry, std::size_t N>
const Entry& named(const Entry (&table)[N], const std::string& word, const std::string& text) {
  for (const Entry& e : table)
    if (e.name == text) return e;
  std::vector<std::string_view> names;
  for (const Entry& e : table) names.push_back(e.name);
  throw InputError(fmt::format("{}={}: expected one of {}", word, printable_text(text), fmt::join(names, ", ")));
}

std::size_t parse_count(const std::string& word, const std::string& text, std::size_t most) {
  std::size_t n = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || n > most)
    throw InputError(fmt::format("{}={}: expected a whole number from 0 to {}", word, printable_text(text), most));
  return n;
}

std::optional<std::uint64_t> number_at(const json& row, const char* key) {
  const auto it = row.find(key);
  if (it == row.end() || !it->is_number_unsigned()) return std::nullopt;
  return it->get<std::uint64_t>();
}

// The digits after the point of "octal:0.1777".
unsigned digits_of(const std::string& game) {
  const auto dot = game.find('.');
  return dot == std::string::npos ? 0 : static_cast<unsigned>(game.size() - dot - 1);
}

AtlasSummary summary_of(const json& row, const std::string& census, bool deep) {
  AtlasSummary s;
  s.game = row.at("game").get<std::string>();
  s.digits = digits_of(s.game);
  s.proven = row.value("proven", false) && row.value("kind", "") == "periodic";
  if (s.proven) {
    s.period = number_at(row, "period");
    s.preperiod = number_at(row, "preperiod");
    s.proof_bound = number_at(row, "proof_bound");
  }
  s.checked_up_to = number_at(row, "checked_up_to").value_or(0);
  s.largest_value = number_at(row, "largest_value");
  s.rare_mask = number_at(row, "rare_mask");
  s.seconds = row.value("seconds", 0.0);
  s.deep = deep;
  s.census = census;
  return s;
}

// Whether `row` (from `census`) should replace what the atlas holds: a deep
// pass's row always, otherwise the row checked further.
bool better_normal(const json& row, bool deep, const AtlasSummary& held) {
  if (deep != held.deep) return deep;
  return number_at(row, "checked_up_to").value_or(0) > held.checked_up_to;
}

std::vector<std::string> read_lines(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw InputError(fmt::format("{}: cannot be read", file.string()));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(std::move(line));
  return lines;
}

bool passes(const AtlasSummary& s, const AtlasQuery& q) {
  if (!q.code_prefix.empty() && s.game.compare(kPrefix.size(), q.code_prefix.size(), q.code_prefix) != 0) return false;
  switch (q.filter) {
    case AtlasFilter::all:
      return true;
    case AtlasFilter::unsolved:
      return !s.proven;
    case AtlasFilter::new_periodic:
      return s.proven && s.deep;
    case AtlasFilter::tame:
      return s.misere_tame == true;
    case AtlasFilter::wild:
      return s.misere_tame == false;
  }
  return true;
}

// Larger first for every sort but the code's; games without the figure last.
std::optional<double> sort_key(const AtlasSummary& s, AtlasSort sort) {
  const auto as_double = [](std::optional<std::uint64_t> v) -> std::optional<double> {
    if (!v) return std::nullopt;
    return static_cast<double>(*v);
  };
  switch (sort) {
    case AtlasSort::code:
      return std::nullopt;
    case AtlasSort::period:
      return as_double(s.period);
    case AtlasSort::preperiod:
      return as_double(s.preperiod);
    case AtlasSort::largest:
      return as_double(s.largest_value);
    case AtlasSort::seconds:
      return s.seconds;
    case AtlasSort::checked:
      return static_cast<double>(s.checked_up_to);
  }
  return std::nullopt;
}

std::string csv_of(const AtlasSummary& s) {
  const auto opt = [](const auto& v) { return v ? fmt::format("{}", *v) : std::string(); };
  return fmt::format("{},{},{},{},{},{},{},{},{},{:.3f},{}\n", s.game, s.digits, s.proven ? "proven" : "none",
                     opt(s.period), opt(s.preperiod), opt(s.proof_bound), s.checked_up_to, opt(s.largest_value),
                     opt(s.rare_mask), s.seconds, s.deep ? "deep" : "census");
}

}  // namespace

std::vector<std::string_view> atlas_filter_names() {
  std::vector<std::string_view> names;
  for (const auto& f : kFilters) names.push_back(f.name);
  return names;
}

std::vector<std::string_view> atlas_sort_names() {
  std::vector<std::string_view> names;
  for (const auto& s : kSorts) names.push_back(s.name);
  return names;
}

AtlasQuery parse_atlas_query(const std::map<std::string, std::string>& words) {
  AtlasQuery q;
  for (const auto& [word, text] : words) {
    if (word == "filter") {
      q.filter = named(kFilters, word, text).filter;
    } else if (word == "sort") {
      q.sort = named(kSorts, word, text).sort;
    } else if (word == "offset") {
      q.offset = parse_count(word, text, 1u << 30);
    } else if (word == "limit") {
      q.limit = parse_count(word, text, kMostAtlasRows);
    } else if (word == "code") {
      if (!text.empty()) {
        // A prefix of a code: the code's own spelling, its last digit
        // possibly not typed yet ("0." is a prefix of every 0.x code).
        std::string_view rest(text);
        if (rest.starts_with(kPrefix)) rest.remove_prefix(kPrefix.size());
        if (rest.size() > 40 || !code_shape(rest, true))
          throw InputError(
              fmt::format("code={}: expected the start of an octal code, such as 0.17", printable_text(text)));
        q.code_prefix = rest.starts_with('.') ? "0" + std::string(rest) : std::string(rest);
      }
    } else {
      throw InputError(
          fmt::format("{}: not a word of this query (filter, sort, code, offset, limit)", printable_text(word)));
    }
  }
  return q;
}

std::string CensusAtlas::normal_code(std::string_view typed) {
  std::string_view rest = typed;
  if (rest.size() > 64) throw InputError("a code of more than 64 characters: no census holds it");
  if (rest.starts_with(kPrefix)) rest.remove_prefix(kPrefix.size());
  if (!code_shape(rest, false))
    throw InputError(fmt::format("{}: expected an octal code such as 0.1777, .1777 or octal:4.7", quote(typed)));
  std::string code = rest.starts_with('.') ? "0" + std::string(rest) : std::string(rest);
  // The censuses write a code without trailing zeros ("0.07", not "0.070").
  while (code.size() > 3 && code.back() == '0' && code.find('.') != std::string::npos) code.pop_back();
  return std::string(kPrefix) + code;
}

CensusAtlas CensusAtlas::load(const std::filesystem::path& folder) {
  CensusAtlas atlas;
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error)) return atlas;
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(folder))
    if (census_file_name(e.path().filename().string())) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::map<std::string, AtlasSummary> summaries;
  std::map<std::string, json> misere;  // the fields the summary needs
  for (const auto& file : files) {
    const std::string census = file.stem().string();
    const bool deep = census.ends_with("-deep"), is_misere = census.ends_with("-misere");
    std::vector<std::string> lines = read_lines(file);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      json row;
      try {
        row = json::parse(lines[i]);
        const std::string game = row.at("game").get<std::string>();
        if (is_misere) {
          const auto held = misere.find(game);
          if (held != misere.end() && held->second.value("max_heap", 0u) >= row.value("max_heap", 0u)) continue;
          misere[game] = {{"size", row.at("size")}, {"tame", row.at("tame")}, {"whole", !row.at("whole").is_null()}};
          atlas.misere_rows_[game] = Row{census, lines[i]};
          continue;
        }
        if (!deep) {  // a census row names the game's group, whichever row the game keeps
          const std::string root = row.value("same_values_as", game);
          auto& members = atlas.same_values_[root];
          if (std::find(members.begin(), members.end(), game) == members.end()) members.push_back(game);
          if (root != game && std::find(members.begin(), members.end(), root) == members.end()) members.push_back(root);
        }
        // (A deep row may be in the census's own file, folded into it.)
        const auto held = summaries.find(game);
        const bool deep_row = deep || row.contains("deepened_from");
        if (held != summaries.end() && !better_normal(row, deep_row, held->second)) continue;
        summaries[game] = summary_of(row, census, deep_row);
        atlas.normal_rows_[game] = Row{census, lines[i]};
      } catch (const json::exception& e) {
        throw InputError(fmt::format("{}:{}: not a census row ({})", file.string(), i + 1, e.what()));
      }
    }
    atlas.censuses_.push_back(census);
    atlas.census_lines_[census] = std::move(lines);
  }
  for (auto& [game, s] : summaries) {
    if (const auto m = misere.find(game); m != misere.end()) {
      s.misere_size = m->second.at("size").get<std::uint64_t>();
      s.misere_tame = m->second.at("tame").get<bool>();
      s.misere_whole = m->second.at("whole").get<bool>();
    }
    atlas.index_[game] = atlas.summaries_.size();
    atlas.summaries_.push_back(std::move(s));
  }
  for (auto& [root, members] : atlas.same_values_) std::sort(members.begin(), members.end());
  return atlas;
}

std::optional<json> CensusAtlas::entry(const std::string& game) const {
  const auto at = index_.find(game);
  const auto m = misere_rows_.find(game);
  if (at == index_.end() && m == misere_rows_.end()) return std::nullopt;
  json e = {{"game", game}};
  json sources = json::array();
  if (at != index_.end()) {
    const AtlasSummary& s = summaries_[at->second];
    e["summary"] = to_json(s);
    const Row& row = normal_rows_.at(game);
    e["normal"] = json::parse(row.line);
    json same = json::array();
    for (const auto& [root, members] : same_values_)
      if (std::find(members.begin(), members.end(), game) != members.end())
        for (const auto& member : members)
          if (member != game && std::find(same.begin(), same.end(), member) == same.end()) same.push_back(member);
    e["same_values"] = same;
    // Czajka's lists and Flammenkamp's table cover every code of at most
    // three digits (docs/census/sources).
    if (s.digits <= 3) {
      sources.push_back({{"name", "Czajka's lists"}, {"url", "https://github.com/tczajka/octal-games"}});
      sources.push_back(
          {{"name", "Flammenkamp's table"}, {"url", "http://wwwhomes.uni-bielefeld.de/achim/octal.html"}});
    }
  } else {
    e["summary"] = nullptr;
    e["normal"] = nullptr;
    e["same_values"] = json::array();
  }
  e["misere"] = m == misere_rows_.end() ? json(nullptr) : json::parse(m->second.line);
  e["sources"] = sources;
  return e;
}

json CensusAtlas::list(const AtlasQuery& query) const {
  std::vector<const AtlasSummary*> chosen;
  for (const auto& s : summaries_)
    if (passes(s, query)) chosen.push_back(&s);
  if (query.sort != AtlasSort::code) {
    std::stable_sort(chosen.begin(), chosen.end(), [&](const AtlasSummary* a, const AtlasSummary* b) {
      const auto ka = sort_key(*a, query.sort), kb = sort_key(*b, query.sort);
      if (ka.has_value() != kb.has_value()) return ka.has_value();
      return ka && *ka > *kb;
    });
  }
  json rows = json::array();
  for (std::size_t i = query.offset; i < chosen.size() && i < query.offset + query.limit; ++i)
    rows.push_back(to_json(*chosen[i]));
  return {{"total", chosen.size()}, {"offset", query.offset}, {"rows", rows}};
}

std::string CensusAtlas::download(std::string_view census, std::string_view format) const {
  const auto lines = census_lines_.find(std::string(census));
  if (lines == census_lines_.end())
    throw InputError(fmt::format("census={}: expected one of {}", printable_text(census), fmt::join(censuses_, ", ")));
  std::string out;
  if (format == "jsonl") {
    for (const auto& line : lines->second) out += line + "\n";
  } else if (format == "csv") {
    if (census.ends_with("-misere")) throw InputError("format=csv: the misère censuses are given as jsonl only");
    out = "game,digits,status,period,preperiod,proof_bound,checked_up_to,largest_value,rare_mask,seconds,row\n";
    for (const auto& line : lines->second) {
      const json row = json::parse(line);
      out += csv_of(summary_of(row, std::string(census), census.ends_with("-deep") || row.contains("deepened_from")));
    }
  } else {
    throw InputError(fmt::format("format={}: expected jsonl or csv", printable_text(format)));
  }
  return out;
}

json to_json(const AtlasSummary& s) {
  const auto opt = [](const auto& v) { return v ? json(*v) : json(nullptr); };
  return {{"game", s.game},
          {"digits", s.digits},
          {"proven", s.proven},
          {"period", opt(s.period)},
          {"preperiod", opt(s.preperiod)},
          {"proof_bound", opt(s.proof_bound)},
          {"checked_up_to", s.checked_up_to},
          {"largest_value", opt(s.largest_value)},
          {"rare_mask", opt(s.rare_mask)},
          {"seconds", s.seconds},
          {"deep", s.deep},
          {"census", s.census},
          {"misere_size", opt(s.misere_size)},
          {"misere_tame", opt(s.misere_tame)},
          {"misere_whole", opt(s.misere_whole)}};
}

}  // namespace grundy::frontend
