#include "grundy/number_set.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/parse_number.hpp"
#include "grundy/quote.hpp"

namespace grundy {
namespace {

// Sets larger than this are refused before they are expanded: a range such as
// 1-10000000000 must not allocate gigabytes. 2^20 elements: beyond that every
// game built on the set is impractical anyway (the values of division:2-1000000
// take 14 s), while each copy and sort of the set already costs a noticeable
// fraction of a second (2^24 was the bound until fuzzing timed out on it).
constexpr std::uint64_t kMaxSetSize = std::uint64_t{1} << 20;

// `what` already names the text (and the spec around it), so the text is not
// quoted again: the column says where in it the fault is.
[[noreturn]] void fail(std::string_view what, std::size_t column, std::string_view why) {
  throw InputError(fmt::format("{}, at character {}: {}", what, column + 1, why));
}

std::uint64_t parse_element(std::string_view token, std::size_t column, std::string_view what,
                            std::uint64_t min_element) {
  auto value = parse_u64(token);
  if (!value) {
    if (token.empty()) fail(what, column, "expected a number");
    fail(what, column, fmt::format("{} is not a number here: {}", quote(token), why_not_u64(token)));
  }
  if (*value < min_element)
    fail(what, column, fmt::format("{} is too small: elements must be at least {}", *value, min_element));
  return *value;
}

}  // namespace

std::vector<std::uint64_t> parse_number_set(std::string_view text, std::string_view what, std::uint64_t min_element,
                                            std::size_t column_offset) {
  // The example obeys the least element: a divisor set cannot hold 1.
  if (text.empty())
    throw InputError(fmt::format("{} is empty: expected a list such as {},{},{} or a range such as {}-{}", what,
                                 min_element, min_element + 2, min_element + 3, min_element, min_element + 2));
  std::vector<std::uint64_t> elements;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view item = text.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    if (dash == std::string_view::npos) {
      elements.push_back(parse_element(item, column_offset + start, what, min_element));
    } else {
      const std::uint64_t low = parse_element(item.substr(0, dash), column_offset + start, what, min_element);
      const std::uint64_t high =
          parse_element(item.substr(dash + 1), column_offset + start + dash + 1, what, min_element);
      if (high < low)
        fail(what, column_offset + start,
             fmt::format("the range {}-{} is empty: write the smaller end first", low, high));
      if (high - low >= kMaxSetSize || elements.size() + (high - low) >= kMaxSetSize)
        fail(what, column_offset + start, fmt::format("the set would have more than {} elements", kMaxSetSize));
      for (std::uint64_t x = low;; ++x) {
        elements.push_back(x);
        if (x == high) break;
      }
    }
    if (elements.size() > kMaxSetSize)
      fail(what, column_offset + start, fmt::format("the set would have more than {} elements", kMaxSetSize));
    start = comma + 1;
  }
  std::sort(elements.begin(), elements.end());
  elements.erase(std::unique(elements.begin(), elements.end()), elements.end());
  return elements;
}

std::string format_number_set(const std::vector<std::uint64_t>& sorted) {
  std::string out;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1) ++j;
    if (!out.empty()) out += ',';
    if (j - i >= 2) {
      out += fmt::format("{}-{}", sorted[i], sorted[j]);
    } else {
      for (std::size_t k = i; k <= j; ++k) {
        if (k > i) out += ',';
        out += fmt::format("{}", sorted[k]);
      }
    }
    i = j + 1;
  }
  return out;
}

std::string number_set_in_words(const std::vector<std::uint64_t>& sorted, std::string_view conjunction) {
  constexpr std::size_t kMostListed = 8;
  if (sorted.size() > kMostListed) return fmt::format("one of {{{}}}", format_number_set(sorted));
  std::string text;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (i > 0) text += i + 1 == sorted.size() ? fmt::format(" {} ", conjunction) : std::string(", ");
    text += fmt::format("{}", sorted[i]);
  }
  return text;
}

}  // namespace grundy
