#pragma once
// Finite sets of positive integers written as lists and ranges, as in the
// specs `subtraction:1,2,3`, `subtraction:1-3` and `division:2,4-6`.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// Parses "a,b,c-d,...": whole numbers >= `min_element`, ranges a-b with
// a <= b. Returns the elements sorted, without repeats. Throws InputError
// naming `what` (which should name the text) and the character position of
// the first fault, counted from 1 plus `column_offset` (the set's place in a
// longer text such as a spec).
// O(L + m log m) time and O(m) memory for L characters and m elements
// (ranges expanded; a set of more than 2^20 is refused before it is).
[[nodiscard]] std::vector<std::uint64_t> parse_number_set(std::string_view text, std::string_view what,
                                                          std::uint64_t min_element, std::size_t column_offset = 0);

// The canonical text of a sorted set without repeats: runs of three or more
// consecutive numbers as "a-b", everything else as a comma list.
// O(m) for m elements.
[[nodiscard]] std::string format_number_set(const std::vector<std::uint64_t>& sorted);

// The set for a sentence: "1, 3 or 4" for a few elements (`conjunction`
// joins the last two), else "one of {canonical text}".
// O(m) for m elements.
[[nodiscard]] std::string number_set_in_words(const std::vector<std::uint64_t>& sorted, std::string_view conjunction);

}  // namespace grundy
