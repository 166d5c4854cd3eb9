#pragma once
// The censuses' rows as one atlas: every game of the committed censuses
// (docs/census/*.jsonl: normal play, their deep passes, misère play) by its
// code, with what a reader asks of it: is it solved, from where, how far was
// it checked, which codes have the same values, what is its misère quotient.
// `grundy serve` answers its /census page from here (serve_api.hpp lists the
// routes); the rows' meaning is read once, in C++, and the page only shows it.
//
// Files read from the census folder, by name:
//   octal-D.jsonl         a census of the codes of at most D digits
//   octal-D-deep.jsonl    its deep pass: a row there replaces the census's
//   octal-D-misere.jsonl  the misère census
// A deep pass's row (one in a -deep file, or with "deepened_from": folded
// into the census's own file by grundy census --so-far) replaces a census row.
// A code in two censuses (octal-3 and octal-4 both hold 0.167) keeps the row
// checked furthest.

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace grundy::frontend {

// One game's normal-play row, as the atlas lists and sorts it.
struct AtlasSummary {
  std::string game;  // "octal:0.1777"
  unsigned digits = 0;
  bool proven = false;                  // a period proven for the whole game
  std::optional<std::uint64_t> period;  // when proven
  std::optional<std::uint64_t> preperiod;
  std::optional<std::uint64_t> proof_bound;
  std::uint64_t checked_up_to = 0;  // values computed: G(0..checked_up_to)
  std::optional<std::uint64_t> largest_value;
  std::optional<std::uint64_t> rare_mask;
  double seconds = 0;
  bool deep = false;   // the row comes from a deep pass
  std::string census;  // the file it comes from, without ".jsonl"
  // Misère play, when a misère census holds the game.
  std::optional<std::uint64_t> misere_size;
  std::optional<bool> misere_tame;
  std::optional<bool> misere_whole;  // the quotient proven for every heap
};

// What the atlas may be asked to list.
enum class AtlasFilter { all, unsolved, new_periodic, tame, wild };
enum class AtlasSort { code, period, preperiod, largest, seconds, checked };

struct AtlasQuery {
  AtlasFilter filter = AtlasFilter::all;
  AtlasSort sort = AtlasSort::code;
  std::string code_prefix;  // "0.17": codes starting so ("" for all)
  std::size_t offset = 0;
  std::size_t limit = 50;
};
inline constexpr std::size_t kMostAtlasRows = 500;  // a page of the list at most

// The words of a query (?filter=unsolved&sort=period&offset=0&limit=50&code=0.1),
// InputError naming the bad one and what it takes.
[[nodiscard]] AtlasQuery parse_atlas_query(const std::map<std::string, std::string>& words);
[[nodiscard]] std::vector<std::string_view> atlas_filter_names();
[[nodiscard]] std::vector<std::string_view> atlas_sort_names();

class CensusAtlas {
 public:
  // Reads every census file of `folder` (InputError naming the file and
  // line of a row it cannot read). A folder that does not exist gives an
  // empty atlas.
  static CensusAtlas load(const std::filesystem::path& folder);

  [[nodiscard]] std::size_t size() const { return summaries_.size(); }
  [[nodiscard]] const std::vector<std::string>& censuses() const { return censuses_; }

  // The game a reader typed ("0.1777", ".1777", "octal:0.1777", "4.7"), in
  // the censuses' spelling; InputError when it is no octal code.
  [[nodiscard]] static std::string normal_code(std::string_view typed);
  // Everything about one game: {"game", "summary", "normal", "misere",
  // "same_values", "sources"}; nullopt when no census holds it.
  [[nodiscard]] std::optional<nlohmann::json> entry(const std::string& game) const;
  // {"total", "offset", "rows": [summary...]}.
  [[nodiscard]] nlohmann::json list(const AtlasQuery& query) const;
  // The rows of one census file as stored ("jsonl"), or its summaries as
  // CSV ("csv"); InputError for another census or format.
  [[nodiscard]] std::string download(std::string_view census, std::string_view format) const;

 private:
  struct Row {
    std::string census;
    std::string line;  // the row as the file holds it
  };
  std::vector<AtlasSummary> summaries_;  // by code
  std::map<std::string, std::size_t> index_;
  std::map<std::string, Row> normal_rows_, misere_rows_;
  std::map<std::string, std::vector<std::string>> same_values_;  // code -> codes with its values
  std::vector<std::string> censuses_;
  std::map<std::string, std::vector<std::string>> census_lines_;
};

[[nodiscard]] nlohmann::json to_json(const AtlasSummary& summary);

}  // namespace grundy::frontend
