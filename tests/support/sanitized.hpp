#pragma once

// Whether this test program runs under AddressSanitizer or ThreadSanitizer.
// Under them a computation is ten to fifty times slower, so a test that is
// a long computation runs a smaller case of the same code there (or, where
// only the full size says anything, leaves the check to the optimised
// build): the sanitizers find a bad access in a small case as well as in a
// large one.

namespace grundy::test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitized = true;
#else
inline constexpr bool kThreadSanitized = false;
#endif

// `full` in the optimised build, `reduced` under a sanitizer.
template <typename T>
constexpr T sanitized_or(T full, T reduced) {
  return kSanitized ? reduced : full;
}

}  // namespace grundy::test
