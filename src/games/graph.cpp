#include "grundy/games/graph.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/quote.hpp"
#include "grundy/utf8.hpp"

namespace grundy {
namespace {

// Vertex numbers are 32-bit; the all-ones number is kept free as "no vertex"
// so that it can mark empty hash slots and unset stamps.
constexpr std::uint32_t kNoVertex = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMaxVertices = kNoVertex;  // vertices 0 .. 2^32 - 2

// Longest cycle printed in full in an error message; a longer one is shown by
// its first kCycleHead vertices and its length.
constexpr std::size_t kCycleInFull = 20;
constexpr std::size_t kCycleHead = 8;

// Byte classes of the file format. A table keeps the tokenizer's inner loop
// to one load and one compare per byte.
enum ByteClass : unsigned char { kNameByte, kBlank, kNewline, kComment, kControl };

constexpr std::array<ByteClass, 256> make_byte_classes() {
  std::array<ByteClass, 256> classes{};
  classes.fill(kNameByte);
  // Names are printed in answers and messages: control bytes (an escape
  // sequence, a NUL) are refused where they stand.
  for (std::size_t c = 0; c < 0x20; ++c) classes[c] = kControl;
  classes[0x7F] = kControl;
  classes[static_cast<unsigned char>(' ')] = kBlank;
  classes[static_cast<unsigned char>('\t')] = kBlank;
  // A CR counts as a blank anywhere, which is what makes CRLF files read
  // like LF files (the CR before each LF is just trailing space).
  classes[static_cast<unsigned char>('\r')] = kBlank;
  classes[static_cast<unsigned char>('\n')] = kNewline;
  classes[static_cast<unsigned char>('#')] = kComment;
  return classes;
}
constexpr std::array<ByteClass, 256> kByteClass = make_byte_classes();

ByteClass byte_class(char c) { return kByteClass[static_cast<unsigned char>(c)]; }

std::uint64_t hash_name(std::string_view name) { return std::hash<std::string_view>{}(name); }

// What an index slot (GraphGame::NameSlot) keeps of a name besides its
// vertex. `check`: 24 bits of the hash and the length (255 for any length
// from 255 up), so that a slot of another name rarely passes for this one.
// `key`: a name of at most 8 bytes itself, which with the length settles
// equality (no confusion with padding: the lengths must match too); for a
// longer name, where its bytes are stored.
constexpr std::size_t kShortName = 8;
constexpr std::size_t kLengthInCheck = 255;

std::uint32_t name_check(std::string_view name, std::uint64_t hash) {
  return static_cast<std::uint32_t>(hash >> 40) << 8 |
         static_cast<std::uint32_t>(std::min(name.size(), kLengthInCheck));
}
std::uint64_t name_key(std::string_view name, std::uint64_t offset) {
  if (name.size() > kShortName) return offset;
  std::uint64_t key = 0;
  if (!name.empty()) std::memcpy(&key, name.data(), name.size());
  return key;
}

// Editors count characters, not bytes: columns in messages count UTF-8 code
// points (bytes other than continuation bytes 10xxxxxx); a tab counts as one.
std::size_t column_of(std::string_view line_before) {
  std::size_t column = 1;
  for (char c : line_before)
    if ((static_cast<unsigned char>(c) & 0xC0U) != 0x80U) ++column;
  return column;
}

// The whole file in one buffer. A regular file is read with a single fread of
// its size (plus one byte, to see the end); anything else (a pipe) grows the
// buffer by doubling. No zero-filling: every byte kept was written by fread.
struct FileBytes {
  std::unique_ptr<char[]> data;
  std::size_t size = 0;
};

FileBytes read_file(const std::string& path) {
  auto fail = [&path](int error) -> InputError {
    return InputError(fmt::format("cannot read graph file {}: {}", quote_path(path), std::strerror(error)));
  };
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) throw fail(errno);

  std::error_code ec;
  const std::uintmax_t size_hint = std::filesystem::file_size(path, ec);
  std::size_t capacity = ec ? std::size_t{1} << 16 : static_cast<std::size_t>(size_hint) + 1;
  FileBytes bytes{std::make_unique_for_overwrite<char[]>(capacity), 0};
  for (;;) {
    errno = 0;
    bytes.size += std::fread(bytes.data.get() + bytes.size, 1, capacity - bytes.size, file.get());
    if (bytes.size < capacity) {
      if (std::ferror(file.get())) throw fail(errno != 0 ? errno : EIO);
      return bytes;
    }
    capacity *= 2;
    auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
    std::memcpy(bigger.get(), bytes.data.get(), bytes.size);
    bytes.data = std::move(bigger);
  }
}

// A hint that `address` will be read soon; only a hint, so any address will do.
void prefetch([[maybe_unused]] const void* address) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#endif
}

// A reusable mark array for the mex of many values: kept all-zero between
// uses, so each use costs O(number of values), never O(its capacity).
class MexScratch {
 public:
  template <class Values>
  std::uint32_t mex(const Values& values, std::size_t count) {
    // The mex of `count` values is at most `count`: larger values cannot matter.
    if (count < 64) {
      std::uint64_t seen = 0;
      for (std::size_t i = 0; i < count; ++i)
        if (const std::uint32_t v = values(i); v < 64) seen |= std::uint64_t{1} << v;
      return static_cast<std::uint32_t>(std::countr_one(seen));
    }
    if (marks_.size() < count + 1) marks_.resize(count + 1);
    for (std::size_t i = 0; i < count; ++i)
      if (const std::uint32_t v = values(i); v <= count) marks_[v] = 1;
    std::uint32_t m = 0;
    while (marks_[m] != 0) ++m;
    for (std::size_t i = 0; i < count; ++i)
      if (const std::uint32_t v = values(i); v <= count) marks_[v] = 0;
    return m;
  }

 private:
  std::vector<unsigned char> marks_;
};

}  // namespace

// Reads the text into the game's arrays in three steps, each linear:
//  1. tokenize, interning names (first appearance = vertex number) and
//     collecting the edges as (from, to) pairs in file order;
//  2. turn the pairs into CSR arrays by a stable counting sort on `from`,
//     dropping repeated edges;
//  3. depth-first search with an explicit stack: a vertex's value is set when
//     it leaves the stack, after all its successors have theirs (reverse
//     topological order), and an edge to a vertex still on the stack closes
//     a cycle, which the stack spells out.
class GraphGame::Builder {
 public:
  explicit Builder(GraphGame& game) : game_(game) {}

  // Does not keep `text`: names are copied into the game.
  void read(std::string_view text) {
    text_ = text;
    reserve_edges();
    game_.name_start_.assign(1, 0);
    game_.name_index_.assign(std::size_t{1} << 10, NameSlot{0, kNoVertex, 0});
    tokenize();
    if (vertices_ == 0) {
      // Where the reader stopped looking: the end of the text.
      const std::size_t lines = 1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
      const std::size_t last_line = text.rfind('\n') == std::string_view::npos ? 0 : text.rfind('\n') + 1;
      throw InputError(fmt::format("{}:{}:{}: the graph file ends without naming a vertex; expected lines 'u v' (a move "
                                   "from vertex u to vertex v) or 'w' (a vertex)",
                                   printable_path(game_.source_), lines, column_of(text.substr(last_line))));
    }
    text_ = {};
  }

  void build_csr() {
    auto& first = game_.first_edge_;
    auto& targets = game_.targets_;
    first.assign(vertices_ + 1, 0);
    for (const Edge& e : edges_) ++first[e.from + 1];
    for (std::size_t v = 0; v < vertices_; ++v) first[v + 1] += first[v];
    // Place each edge at its source's cursor, which leaves first[v] at the
    // end of v's moves, that is at the start of v + 1's: shift back after.
    targets.resize(edges_.size());
    for (const Edge& e : edges_) targets[first[e.from]++] = e.to;
    for (std::size_t v = vertices_; v > 0; --v) first[v] = first[v - 1];
    first[0] = 0;
    std::vector<Edge>().swap(edges_);

    // Repeated edges: the same move, so kept once, at its first listing.
    // last_from[t] == v means v -> t was already kept.
    std::vector<std::uint32_t> last_from(vertices_, kNoVertex);
    std::uint64_t read = 0;
    std::uint64_t write = 0;
    for (std::uint32_t v = 0; v < vertices_; ++v) {
      const std::uint64_t end = first[v + 1];
      first[v] = write;
      for (; read < end; ++read) {
        const std::uint32_t t = targets[read];
        if (last_from[t] != v) {
          last_from[t] = v;
          targets[write++] = t;
        }
      }
    }
    first[vertices_] = write;
    targets.resize(write);
    if (write < targets.capacity() / 4 * 3) targets.shrink_to_fit();
  }

  void solve() {
    enum State : unsigned char { kUnseen, kOnStack, kDone };
    const auto& first = game_.first_edge_;
    const auto& targets = game_.targets_;
    auto& values = game_.values_;
    values.assign(vertices_, 0);
    std::vector<State> state(vertices_, kUnseen);
    MexScratch scratch;

    for (std::uint32_t root = 0; root < vertices_; ++root) {
      if (state[root] != kUnseen) continue;
      state[root] = kOnStack;
      stack_.push_back(Frame{root, first[root]});
      while (!stack_.empty()) {
        Frame& top = stack_.back();
        const std::uint32_t v = top.vertex;
        const std::uint64_t end = first[v + 1];
        while (top.next_edge < end && state[targets[top.next_edge]] == kDone) ++top.next_edge;
        if (top.next_edge < end) {
          const std::uint32_t t = targets[top.next_edge++];
          if (state[t] == kOnStack) report_cycle(t);
          state[t] = kOnStack;
          stack_.push_back(Frame{t, first[t]});  // invalidates `top`
          continue;
        }
        const std::uint64_t begin = first[v];
        values[v] = scratch.mex([&](std::size_t i) { return values[targets[begin + i]]; },
                                static_cast<std::size_t>(end - begin));
        state[v] = kDone;
        stack_.pop_back();
      }
    }
    std::vector<Frame>().swap(stack_);
  }

 private:
  struct Edge {
    std::uint32_t from;
    std::uint32_t to;
  };
  struct Frame {
    std::uint32_t vertex;
    std::uint64_t next_edge;  // the next of its moves to look at
  };

  // The edge list is the largest temporary. Every edge needs a line of at
  // least 4 bytes ("a b\n") and a line of its own, so reserving the smaller
  // bound avoids the 3x peak of a doubling vector without over-reserving for
  // files of comments.
  void reserve_edges() {
    std::size_t lines = 1;
    const char* p = text_.data();
    const char* const end = p + text_.size();
    while ((p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr) {
      ++lines;
      ++p;
    }
    edges_.reserve(std::min(lines, text_.size() / 4 + 1));
  }

  // Names are interned in batches. In a big graph nearly every lookup misses
  // the cache, so the tokenizer hashes each name and asks for its index slot
  // to be fetched as soon as it sees it; by the time the batch is full those
  // fetches have overlapped, and intern_batch interns the names in order
  // (which keeps the numbering by first appearance).
  static constexpr std::size_t kBatch = 32;
  struct Token {
    std::string_view name;
    std::uint64_t hash;
    bool ends_edge;  // the second name of a line 'u v'
  };

  void tokenize() {
    const char* const begin = text_.data();
    const char* const end = begin + text_.size();
    const char* p = begin;
    // A UTF-8 byte order mark (as some Windows editors write) is not part of
    // the first vertex's name.
    if (text_.starts_with("\xEF\xBB\xBF")) p += 3;
    std::size_t line = 1;
    const char* line_start = p;
    int names_on_line = 0;
    while (p != end) {
      switch (byte_class(*p)) {
        case kBlank:
          ++p;
          break;
        case kNewline:
          names_on_line = 0;
          ++p;
          ++line;
          line_start = p;
          break;
        case kComment:
          p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
          if (p == nullptr) p = end;
          break;
        case kControl:
          bad_byte(line, std::string_view(line_start, static_cast<std::size_t>(p - line_start)), *p,
                   "a control byte");
        case kNameByte: {
          const char* token = p;
          unsigned char high_bits = 0;  // any byte >= 0x80 makes the name worth a UTF-8 check
          while (p != end && byte_class(*p) == kNameByte) high_bits |= static_cast<unsigned char>(*p++);
          const std::string_view name(token, static_cast<std::size_t>(p - token));
          if ((high_bits & 0x80U) != 0) {
            if (const std::size_t bad = first_invalid_utf8(name); bad != std::string_view::npos)
              bad_byte(line, std::string_view(line_start, static_cast<std::size_t>(token + bad - line_start)),
                       token[bad], "a byte that is not UTF-8");
            for (std::size_t k = 0; k + 1 < name.size(); ++k)
              if (c1_control_at(name, k))
                bad_c1(line, std::string_view(line_start, static_cast<std::size_t>(token + k - line_start)), token[k + 1]);
          }
          if (names_on_line == 2)
            too_many_tokens(line, std::string_view(line_start, static_cast<std::size_t>(token - line_start)), name);
          const std::uint64_t hash = hash_name(name);
          prefetch_slot(hash);
          batch_[batch_size_++] = Token{name, hash, names_on_line == 1};
          ++names_on_line;
          if (batch_size_ == kBatch) intern_batch();
          break;
        }
      }
    }
    intern_batch();
  }

  void intern_batch() {
    // A name longer than 8 bytes is compared with the stored name, one more
    // dependent miss. Fetch those bytes for the whole batch first, guessing
    // that each name sits in its home slot (true of most at this load).
    const auto& index = game_.name_index_;
    const std::size_t mask = index.size() - 1;
    for (std::size_t i = 0; i < batch_size_; ++i) {
      const Token& t = batch_[i];
      const NameSlot& home = index[static_cast<std::size_t>(t.hash) & mask];
      if (t.name.size() > kShortName && home.vertex != kNoVertex && home.check == name_check(t.name, t.hash))
        prefetch(game_.name_bytes_.data() + home.key);
    }
    for (std::size_t i = 0; i < batch_size_; ++i) {
      const std::uint32_t v = intern(batch_[i].name, batch_[i].hash);
      if (batch_[i].ends_edge) edges_.push_back(Edge{previous_, v});
      previous_ = v;
    }
    batch_size_ = 0;
  }

  void prefetch_slot(std::uint64_t hash) const {
    prefetch(&game_.name_index_[static_cast<std::size_t>(hash) & (game_.name_index_.size() - 1)]);
  }

  [[noreturn]] void too_many_tokens(std::size_t line, std::string_view before, std::string_view name) const {
    throw InputError(fmt::format("{}:{}:{}: unexpected third name {} on one line; expected 'u v' (a move from vertex u "
                                 "to vertex v) or a single vertex name, with '#' to start a comment",
                                 printable_path(game_.source_), line, column_of(before), quote(name)));
  }

  [[noreturn]] void bad_byte(std::size_t line, std::string_view before, char byte, std::string_view what) const {
    throw InputError(fmt::format("{}:{}:{}: {} (0x{:02x}) in a vertex name; names are UTF-8 text without control "
                                 "characters, separated by spaces or tabs",
                                 printable_path(game_.source_), line, column_of(before), what, static_cast<unsigned char>(byte)));
  }

  // U+0080..U+009F: well-formed UTF-8, but control characters all the same.
  [[noreturn]] void bad_c1(std::size_t line, std::string_view before, char second_byte) const {
    throw InputError(fmt::format("{}:{}:{}: a control character (U+{:04X}) in a vertex name; names are UTF-8 text "
                                 "without control characters, separated by spaces or tabs",
                                 printable_path(game_.source_), line, column_of(before),
                                 static_cast<unsigned char>(second_byte)));
  }

  // The vertex called `name`, numbered on first appearance.
  std::uint32_t intern(std::string_view name, std::uint64_t hash) {
    const std::size_t slot = game_.find_slot(name, hash);
    if (game_.name_index_[slot].vertex != kNoVertex) return game_.name_index_[slot].vertex;
    if (vertices_ == kMaxVertices)
      throw InputError(fmt::format("graph {} has more than {} vertices, the most grundy supports", printable_path(game_.source_),
                                   kMaxVertices));
    const std::uint32_t v = vertices_++;
    game_.name_index_[slot] = NameSlot{name_key(name, game_.name_bytes_.size()), v, name_check(name, hash)};
    game_.name_bytes_.append(name);
    game_.name_start_.push_back(game_.name_bytes_.size());
    // Keep the load at most 1/2 so that probe runs stay short.
    if (std::uint64_t{vertices_} * 2 > game_.name_index_.size()) grow_index();
    return v;
  }

  void grow_index() {
    std::vector<NameSlot> index(game_.name_index_.size() * 2, NameSlot{0, kNoVertex, 0});
    const std::size_t mask = index.size() - 1;
    // Vertex by vertex, so that the names are read in the order they are stored.
    for (std::uint32_t v = 0; v < vertices_; ++v) {
      const std::string_view name = game_.name_of(v);
      const std::uint64_t hash = hash_name(name);
      std::size_t slot = static_cast<std::size_t>(hash) & mask;
      while (index[slot].vertex != kNoVertex) slot = (slot + 1) & mask;
      index[slot] = NameSlot{name_key(name, game_.name_start_[v]), v, name_check(name, hash)};
    }
    game_.name_index_ = std::move(index);
  }

  // `repeated` is on the stack: the stack from it to the top, then back to
  // it, is a cycle. It is shown from its earliest-numbered vertex (the one
  // first seen in the file), which makes the message independent of the
  // order the search happened to take.
  [[noreturn]] void report_cycle(std::uint32_t repeated) const {
    std::size_t from = stack_.size() - 1;
    while (stack_[from].vertex != repeated) --from;
    std::vector<std::uint32_t> cycle;
    for (std::size_t i = from; i < stack_.size(); ++i) cycle.push_back(stack_[i].vertex);
    std::rotate(cycle.begin(), std::min_element(cycle.begin(), cycle.end()), cycle.end());

    std::string path;
    const bool in_full = cycle.size() <= kCycleInFull;
    const std::size_t shown = in_full ? cycle.size() : kCycleHead;
    for (std::size_t i = 0; i < shown; ++i) path += fmt::format("{} -> ", game_.name_of(cycle[i]));
    if (!in_full) path += "... -> ";
    path += game_.name_of(cycle.front());
    const std::string length = in_full ? "" : fmt::format(" of {} vertices", cycle.size());
    throw InputError(fmt::format("graph {} has a cycle{}: {}; grundy needs an acyclic graph (every play must end)",
                                 printable_path(game_.source_), length, path));
  }

  GraphGame& game_;
  std::string_view text_;
  std::uint32_t vertices_ = 0;
  std::array<Token, kBatch> batch_{};
  std::size_t batch_size_ = 0;
  std::uint32_t previous_ = 0;  // the vertex of the name before the batch's next
  std::vector<Edge> edges_;
  std::vector<Frame> stack_;
};

GraphGame GraphGame::from_text(std::string_view text, std::string source) {
  GraphGame game;
  game.source_ = std::move(source);
  Builder builder(game);
  builder.read(text);
  builder.build_csr();
  builder.solve();
  return game;
}

GraphGame GraphGame::from_file(const std::string& path) {
  GraphGame game;
  game.source_ = path;
  Builder builder(game);
  {
    // The file's bytes are needed only while tokenizing: names are copied
    // out, so the buffer goes before the CSR arrays are built.
    const FileBytes bytes = read_file(path);
    builder.read(std::string_view(bytes.data.get(), bytes.size));
  }
  builder.build_csr();
  builder.solve();
  return game;
}

std::size_t GraphGame::find_slot(std::string_view name, std::uint64_t hash) const {
  const std::size_t mask = name_index_.size() - 1;
  const std::uint32_t check = name_check(name, hash);
  std::size_t slot = static_cast<std::size_t>(hash) & mask;
  while (name_index_[slot].vertex != kNoVertex && !slot_holds(name_index_[slot], name, check)) slot = (slot + 1) & mask;
  return slot;
}

bool GraphGame::slot_holds(const NameSlot& slot, std::string_view name, std::uint32_t check) const {
  if (slot.check != check) return false;
  // Equal checks mean equal lengths, if below kLengthInCheck.
  if (name.size() <= kShortName) return slot.key == name_key(name, 0);
  if (name.size() < kLengthInCheck) return std::memcmp(name_bytes_.data() + slot.key, name.data(), name.size()) == 0;
  return name_of(slot.vertex) == name;
}

std::uint32_t GraphGame::checked_vertex(Position v) const {
  if (v >= values_.size())
    throw std::out_of_range(fmt::format("vertex number {} out of range: graph {} has {} vertices", v, printable_path(source_),
                                        values_.size()));
  return static_cast<std::uint32_t>(v);
}

Position GraphGame::parse_position(std::string_view text) const {
  if (text.empty())
    throw InputError(fmt::format("empty vertex name: expected the name of a vertex of graph {}", printable_path(source_)));
  if (!name_index_.empty()) {
    const std::size_t slot = find_slot(text, hash_name(text));
    if (name_index_[slot].vertex != kNoVertex) return name_index_[slot].vertex;
  }
  const bool cannot_be_a_name =
      std::any_of(text.begin(), text.end(), [](char c) { return byte_class(c) != kNameByte; });
  throw InputError(fmt::format("no vertex named {} in graph {}{}", quote(text), printable_path(source_),
                               cannot_be_a_name ? " (vertex names contain no blanks, line breaks or '#')" : ""));
}

std::string GraphGame::format_position(Position v) const { return std::string(name_of(checked_vertex(v))); }

Nimber GraphGame::value(Position v) const { return Nimber(values_[checked_vertex(v)]); }

// In file order; a move listed on several lines is reported once (the CSR
// arrays keep each edge once).
std::vector<Position> GraphGame::moves_to_value(Position v, Nimber target) const {
  const std::uint32_t u = checked_vertex(v);
  std::vector<Position> moves;
  for (std::uint64_t e = first_edge_[u]; e < first_edge_[u + 1]; ++e)
    if (values_[targets_[e]] == target.value()) moves.push_back(targets_[e]);
  return moves;
}

std::string GraphGame::move_rule() const { return fmt::format("a move follows an edge of the graph in {}", printable_path(source_)); }

std::string GraphGame::why_not_move(Position from, Position to) const {
  const std::uint32_t u = checked_vertex(from);
  if (first_edge_[u] == first_edge_[u + 1]) return fmt::format("vertex {} has no moves", name_of(u));
  for (std::uint64_t e = first_edge_[u]; e < first_edge_[u + 1]; ++e)
    if (targets_[e] == to) return {};
  return fmt::format("there is no edge from {} to {}", name_of(u), format_position(to));
}

bool GraphGame::has_move(Position v) const {
  const std::uint32_t u = checked_vertex(v);
  return first_edge_[u] != first_edge_[u + 1];
}

// Vertices of a huge out-degree sort only the part of their moves returned.
MoveSample GraphGame::moves_from(Position v, Position lowest, std::uint64_t limit) const {
  const std::uint32_t u = checked_vertex(v);
  MoveSample sample;
  for (std::uint64_t e = first_edge_[u]; e < first_edge_[u + 1]; ++e)
    if (targets_[e] >= lowest) sample.moves.push_back(targets_[e]);
  sample.total = sample.moves.size();
  if (sample.moves.size() > limit) {
    const auto kept = sample.moves.begin() + static_cast<std::ptrdiff_t>(limit);
    std::partial_sort(sample.moves.begin(), kept, sample.moves.end());
    sample.moves.erase(kept, sample.moves.end());
  } else {
    std::sort(sample.moves.begin(), sample.moves.end());
  }
  return sample;
}

}  // namespace grundy
