// plain_cram_misere: the yardstick for grundy's misère Cram search
// (bench/misere/run.sh): the outcome of one empty HxW board of at most 64
// cells by a plain memoised search over whole boards as 64-bit sets, no
// regions and no symmetries, as anyone would write it first. Prints
// "first player wins" or "second player wins" and the boards it met.
//
// Usage: plain_cram_misere HxW
#include <cstdint>
#include <cstdio>
#include <string>
#include <unordered_map>

namespace {

class PlainMisereCram {
 public:
  PlainMisereCram(unsigned height, unsigned width) : h_(height), w_(width) {}
  // A board is a P-position when it has a move and every move leaves an N-position.
  bool p_position(std::uint64_t empty) {
    if (const auto it = memo_.find(empty); it != memo_.end()) return it->second;
    bool any_move = false;
    bool p = true;
    for (unsigned r = 0; r < h_ && p; ++r)
      for (unsigned c = 0; c < w_ && p; ++c) {
        const std::uint64_t a = std::uint64_t{1} << (r * w_ + c);
        if ((empty & a) == 0) continue;
        if (r + 1 < h_ && (empty & a << w_) != 0) {
          any_move = true;
          if (p_position(empty & ~(a | a << w_))) p = false;
        }
        if (p && c + 1 < w_ && (empty & a << 1) != 0) {
          any_move = true;
          if (p_position(empty & ~(a | a << 1))) p = false;
        }
      }
    p = p && any_move;
    memo_.emplace(empty, p);
    return p;
  }
  [[nodiscard]] std::size_t boards() const { return memo_.size(); }

 private:
  unsigned h_, w_;
  std::unordered_map<std::uint64_t, bool> memo_;
};

}  // namespace

int main(int argc, char** argv) {
  unsigned h = 0, w = 0;
  if (argc != 2 || std::sscanf(argv[1], "%ux%u", &h, &w) != 2 || h == 0 || w == 0 || h * w > 64) {
    std::fprintf(stderr, "usage: plain_cram_misere HxW (at most 64 cells)\n");
    return 2;
  }
  PlainMisereCram search(h, w);
  const std::uint64_t all = h * w == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (h * w)) - 1;
  const bool p = search.p_position(all);
  std::printf("%s player wins (%zu boards)\n", p ? "second" : "first", search.boards());
  return 0;
}
