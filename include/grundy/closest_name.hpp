#pragma once
// "Did you mean ...?": the known name a mistyped word most likely stands for.
// Public for front-ends: the library's errors suggest names with it, and a
// front-end suggests its own words (commands, options) the same way.

#include <optional>
#include <span>
#include <string_view>

namespace grundy {

// The number of single-character edits (insert, delete, replace, or swap of
// two neighbours) that turn `a` into `b`: the optimal string alignment
// distance. O(|a| |b|) time.
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate `word` most likely stands for: one equal to it but for
// letter case, or else the nearest by edit_distance when it is at most a
// third of the word's length (at least 1), so that short words are not
// matched to anything. Ties go to the earlier candidate. Nothing when no
// candidate is that close, or when `word` is itself a candidate.
[[nodiscard]] std::optional<std::string_view> closest_name(std::string_view word,
                                                           std::span<const std::string_view> candidates);

}  // namespace grundy
