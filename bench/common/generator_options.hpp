#pragma once
// The command-line options every input generator shares: --seed and
// --output, and the parse that turns --help into exit status 0 and a bad
// argument into status 2.

#include <cstdint>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

namespace grundy::bench {

struct GeneratorOptions {
  std::uint64_t seed = 1;
  std::string output_path;  // empty: standard output
};

inline void add_generator_options(CLI::App& app, GeneratorOptions& options) {
  app.add_option("--seed", options.seed, "seed of the random numbers; the same seed gives the same file");
  app.add_option("--output", options.output_path, "file to write (default: standard output)");
}

// The status main should return now (after --help or a bad argument), or
// nothing when the arguments were fine.
inline std::optional<int> parse_generator_arguments(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  return std::nullopt;
}

}  // namespace grundy::bench
