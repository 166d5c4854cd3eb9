#include "grundy/games/graph.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "grundy/error.hpp"
#include "grundy/search/loopy_values.hpp"
#include "grundy/progress.hpp"
#include "grundy/quote.hpp"
#include "support/utf8.hpp"

namespace grundy {
namespace {

// Vertex numbers are 32-bit; the all-ones number is kept free as "no vertex"
// so that it can mark empty hash slots and unset stamps.
constexpr std::uint32_t kNoVertex = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMaxVertices = kNoVertex;  // vertices 0 .. 2^32 - 2, whatever GraphLimits says

// A UTF-8 byte order mark (as some Windows editors write) at the start of a
// file is not part of the first vertex's name.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

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

// The column of the character that holds line[i]: a byte past a limit may
// be in the middle of one.
std::size_t column_at(std::string_view line, std::size_t i) {
  return std::max<std::size_t>(1, column_of(line.substr(0, i + 1)) - 1);
}

// Where the reader gets its bytes: a window [line start, what has been read)
// that next() moves on. next(keep, most) drops the window's first `keep`
// bytes, keeps the rest at the start of the new window and appends up to
// `most` bytes; it appends none only at the end of the input. Pointers into
// an old window are not valid in the next one.
//
// Text in memory, handed out a block at a time like a file's, so that
// from_text and from_file read alike (and tests can make the blocks tiny).
class TextSource {
 public:
  explicit TextSource(std::string_view text) : text_(text) {}
  std::string_view next(std::size_t keep, std::size_t most) {
    begin_ += keep;
    end_ += std::min(most, text_.size() - end_);
    return text_.substr(begin_, end_ - begin_);
  }

 private:
  std::string_view text_;
  std::size_t begin_ = 0;
  std::size_t end_ = 0;
};

// A file, read with read(2) into one buffer, reused: a regular file, a pipe
// or a device are all read the same way, and memory does not grow with the
// file. The buffer starts at two blocks and grows only for a line longer
// than a block, up to `most_kept` bytes kept plus a block.
class FileSource {
 public:
  FileSource(const std::string& path, std::size_t block_size, std::size_t most_kept)
      : path_(path), fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)), limit_(most_kept + block_size) {
    if (fd_ < 0) throw fail(errno);
    grow(std::min(2 * block_size, limit_));
  }
  ~FileSource() { ::close(fd_); }
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;

  std::string_view next(std::size_t keep, std::size_t most) {
    size_ -= keep;
    std::memmove(buffer_.get(), buffer_.get() + keep, size_);
    if (size_ + most > capacity_) grow(std::min(std::max(size_ + most, 2 * capacity_), limit_));
    most = std::min(most, capacity_ - size_);
    ssize_t got = 0;
    do {
      got = ::read(fd_, buffer_.get() + size_, most);
    } while (got < 0 && errno == EINTR);
    if (got < 0) throw fail(errno);
    size_ += static_cast<std::size_t>(got);
    return {buffer_.get(), size_};
  }

 private:
  void grow(std::size_t capacity) {
    auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
    if (size_ > 0) std::memcpy(bigger.get(), buffer_.get(), size_);
    buffer_ = std::move(bigger);
    capacity_ = capacity;
  }

  [[nodiscard]] InputError fail(int error) const {
    return InputError(fmt::format("cannot read graph file {}: {}", quote_path(path_), std::strerror(error)));
  }

  const std::string& path_;
  int fd_;
  std::size_t limit_;
  std::unique_ptr<char[]> buffer_;
  std::size_t capacity_ = 0;
  std::size_t size_ = 0;
};

// A hint that `address` will be read soon; only a hint, so any address will do.
void prefetch([[maybe_unused]] const void* address) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#endif
}

// The edges as read, (from, to) in file order, kept in blocks that double
// up to a fixed size: growing never copies them (a doubling vector needs
// three times their memory at its peak), nothing is reserved from a guess at
// the count, and a small graph takes little.
struct Edge {
  std::uint32_t from;
  std::uint32_t to;
};

class EdgeList {
 public:
  void push_back(Edge e) {
    if (blocks_.empty() || blocks_.back().used == blocks_.back().capacity) add_block();
    Block& last = blocks_.back();
    last.edges[last.used++] = e;
  }
  template <class F>
  void for_each(F&& f) const {
    for (const Block& block : blocks_)
      for (std::size_t i = 0; i < block.used; ++i) f(block.edges[i]);
  }
  void clear() { std::vector<Block>().swap(blocks_); }

 private:
  static constexpr std::size_t kFirstBlock = std::size_t{1} << 10;  // 8 KiB
  static constexpr std::size_t kLastBlock = std::size_t{1} << 16;   // 512 KiB
  struct Block {
    std::unique_ptr<Edge[]> edges;
    std::size_t used;
    std::size_t capacity;
  };
  void add_block() {
    const std::size_t capacity = blocks_.empty() ? kFirstBlock : std::min(2 * blocks_.back().capacity, kLastBlock);
    blocks_.push_back(Block{std::make_unique_for_overwrite<Edge[]>(capacity), 0, capacity});
  }
  std::vector<Block> blocks_;
};

}  // namespace

// Reads the text into the game's arrays in three steps, each linear:
//  1. tokenize, a block at a time, interning names (first appearance =
//     vertex number) and collecting the edges as (from, to) pairs in file
//     order;
//  2. turn the pairs into CSR arrays by a stable counting sort on `from`,
//     dropping repeated edges;
//  3. the values, by loopy_values: O(V + E) for an acyclic graph, O(V + E)
//     per value level for the part of a graph from which a cycle can be reached.
//
// Reading is checked as it goes and gives the same graph or the same error
// whatever the block size: the tokenizer always sees a line from its start,
// a name cut by the end of a block is left for the next block (which starts
// with the rest of its line), and every limit is checked at a place in the
// text, in the order of the text.
class GraphGame::Builder {
 public:
  Builder(GraphGame& game, const GraphLimits& limits)
      : game_(game),
        max_bytes_(limits.max_bytes),
        max_vertices_(std::min(limits.max_vertices, kMaxVertices)),
        max_edge_lines_(limits.max_edge_lines),
        max_line_(std::max<std::size_t>(limits.max_line, 1)),
        block_size_(std::max<std::size_t>(limits.block_size, 1)),
        edge_meaning_(limits.edge_meaning) {}

  // The most a source must keep of what it has read: the start of a line up
  // to the line limit, or the first bytes, which may be a byte order mark.
  [[nodiscard]] std::size_t most_kept() const { return std::max(max_line_, kByteOrderMark.size()); }
  [[nodiscard]] std::size_t block_size() const { return block_size_; }

  // Reads the whole input from `source` (TextSource, FileSource).
  template <class Source>
  void read(Source& source) {
    game_.name_start_.assign(1, 0);
    game_.name_index_.assign(std::size_t{1} << 10, NameSlot{0, kNoVertex, 0});
    std::string_view window;  // from the start of the current line to what has been read
    std::uint64_t total = 0;  // bytes read
    bool started = false;
    for (;;) {
      // At most max_bytes + 1 bytes are read: the one more shows that the
      // file is too long, wherever its blocks end.
      const std::uint64_t room = max_bytes_ - total;
      const std::size_t most = room < block_size_ ? static_cast<std::size_t>(room) + 1 : block_size_;
      const std::size_t kept = window.size() - line_at_;
      window = source.next(line_at_, most);
      resume_ -= line_at_;
      line_at_ = 0;
      const bool at_end = window.size() == kept;
      total += window.size() - kept;
      const bool too_many_bytes = total > max_bytes_;
      const std::string_view text = too_many_bytes ? window.substr(0, window.size() - 1) : window;
      if (!started) {
        if (text.size() < kByteOrderMark.size() && !at_end && !too_many_bytes)
          continue;  // a byte order mark may be coming
        started = true;
        if (text.starts_with(kByteOrderMark)) line_at_ = resume_ = kByteOrderMark.size();
      }
      tokenize(text, at_end);
      if (at_end) break;
      if (text.size() - line_at_ > max_line_) line_too_long(text.substr(line_at_));
      if (too_many_bytes) file_too_long(window.substr(line_at_));
    }
    if (vertices_ == 0) {
      // Where the reader stopped looking: the end of the text.
      throw InputError(
          fmt::format("{}:{}:{}: the graph file ends without naming a vertex; expected lines 'u v' (a move "
                      "from vertex u to vertex v) or 'w' (a vertex)",
                      printable_path(game_.source_), line_, column_of(window.substr(line_at_))));
    }
  }

  void build_csr() {
    auto& first = game_.first_edge_;
    auto& targets = game_.targets_;
    first.assign(vertices_ + 1, 0);
    edges_.for_each([&first](const Edge& e) { ++first[e.from + 1]; });
    for (std::size_t v = 0; v < vertices_; ++v) first[v + 1] += first[v];
    // Place each edge at its source's cursor, which leaves first[v] at the
    // end of v's moves, that is at the start of v + 1's: shift back after.
    targets.resize(first[vertices_]);
    edges_.for_each([&first, &targets](const Edge& e) { targets[first[e.from]++] = e.to; });
    for (std::size_t v = vertices_; v > 0; --v) first[v] = first[v - 1];
    first[0] = 0;
    edges_.clear();

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

  // Every value: loopy_values settles the vertices from which every play
  // ends (all of them in an acyclic graph) by the mex, from the sinks back,
  // and labels the rest in stages.
  void solve() {
    LoopyValues loopy = loopy_values(game_.first_edge_, game_.targets_);
    game_.has_cycle_ = loopy.settled < vertices_;
    game_.values_ = std::move(loopy.label);
    game_.k_start_ = std::move(loopy.k_start);
    game_.k_values_ = std::move(loopy.k_values);
    game_.order_ = std::move(loopy.order);
  }

 private:
  // Names are interned in batches. In a big graph nearly every lookup misses
  // the cache, so the tokenizer hashes each name and asks for its index slot
  // to be fetched as soon as it sees it; by the time the batch is full those
  // fetches have overlapped, and intern_batch interns the names in order
  // (which keeps the numbering by first appearance). A batch is interned
  // before the window moves on, and before any error is thrown, so that an
  // error earlier in the text (too many vertices) is the one reported.
  static constexpr std::size_t kBatch = 32;
  struct Token {
    std::string_view name;
    std::uint64_t hash;
    std::size_t line;  // where it stands, for messages
    const char* line_start;
    bool ends_edge;  // the second name of a line 'u v'
  };

  // Tokenizes text[resume_ ..), where the current line starts at
  // text[line_at_]. Unless the text ends the input (`at_end`), a name or a
  // comment that reaches the end of `text` may go on in the next block: it
  // is left for then, and resume_ and line_at_ say where to take up.
  void tokenize(std::string_view text, bool at_end) {
    const char* const begin = text.data();
    const char* const end = begin + text.size();
    const char* p = begin + resume_;
    const char* line_start = begin + line_at_;
    const char* wait_from = nullptr;  // set when the rest waits for the next block
    while (p != end) {
      switch (byte_class(*p)) {
        case kBlank:
          ++p;
          break;
        case kNewline:
          if (static_cast<std::size_t>(p - line_start) > max_line_) line_too_long(std::string_view(line_start, end));
          names_on_line_ = 0;
          ++p;
          ++line_;
          line_start = p;
          break;
        case kComment:
          if (const void* newline = std::memchr(p, '\n', static_cast<std::size_t>(end - p)); newline != nullptr) {
            p = static_cast<const char*>(newline);
          } else {
            if (!at_end) wait_from = p;
            p = end;
          }
          break;
        case kControl:
          if (static_cast<std::size_t>(p - line_start) >= max_line_) line_too_long(std::string_view(line_start, end));
          bad_byte(std::string_view(line_start, static_cast<std::size_t>(p - line_start)), *p, "a control byte");
        case kNameByte: {
          const char* token = p;
          unsigned char high_bits = 0;  // any byte >= 0x80 makes the name worth a UTF-8 check
          while (p != end && byte_class(*p) == kNameByte) high_bits |= static_cast<unsigned char>(*p++);
          if (p == end && !at_end) {
            wait_from = token;  // the name may go on in the next block
            break;
          }
          if (static_cast<std::size_t>(p - line_start) > max_line_) line_too_long(std::string_view(line_start, end));
          const std::string_view name(token, static_cast<std::size_t>(p - token));
          if ((high_bits & 0x80U) != 0) {
            if (const std::size_t bad = first_invalid_utf8(name); bad != std::string_view::npos)
              bad_byte(std::string_view(line_start, static_cast<std::size_t>(token + bad - line_start)), token[bad],
                       "a byte that is not UTF-8");
            for (std::size_t k = 0; k + 1 < name.size(); ++k)
              if (c1_control_at(name, k))
                bad_c1(std::string_view(line_start, static_cast<std::size_t>(token + k - line_start)), token[k + 1]);
          }
          const std::string_view before(line_start, static_cast<std::size_t>(token - line_start));
          if (names_on_line_ == 2) too_many_tokens(before, name);
          if (names_on_line_ == 1 && edge_lines_++ == max_edge_lines_) too_many_edges(before);
          const std::uint64_t hash = hash_name(name);
          prefetch_slot(hash);
          batch_[batch_size_++] = Token{name, hash, line_, line_start, names_on_line_ == 1};
          ++names_on_line_;
          if (batch_size_ == kBatch) intern_batch();
          break;
        }
      }
    }
    if (wait_from == nullptr) {
      wait_from = end;
      if (at_end && static_cast<std::size_t>(end - line_start) > max_line_)
        line_too_long(std::string_view(line_start, end));
    }
    intern_batch();
    line_at_ = static_cast<std::size_t>(line_start - begin);
    resume_ = static_cast<std::size_t>(wait_from - begin);
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
    const std::size_t size = batch_size_;
    batch_size_ = 0;  // emptied first: an error below must not intern the batch again
    for (std::size_t i = 0; i < size; ++i) {
      const std::uint32_t v = intern(batch_[i]);
      if (batch_[i].ends_edge) edges_.push_back(Edge{previous_, v});
      previous_ = v;
    }
  }

  void prefetch_slot(std::uint64_t hash) const {
    prefetch(&game_.name_index_[static_cast<std::size_t>(hash) & (game_.name_index_.size() - 1)]);
  }

  // The errors of the text. `before` is the current line up to the place of
  // the error. Each interns the names read before that place first (an error
  // there comes first).
  [[noreturn]] void too_many_tokens(std::string_view before, std::string_view name) {
    intern_batch();
    throw InputError(
        fmt::format("{}:{}:{}: unexpected third name {} on one line; expected 'u v' ({}) or a single "
                    "vertex name, with '#' to start a comment",
                    printable_path(game_.source_), line_, column_of(before), quote(name), edge_meaning_));
  }

  [[noreturn]] void bad_byte(std::string_view before, char byte, std::string_view what) {
    intern_batch();
    throw InputError(
        fmt::format("{}:{}:{}: {} (0x{:02x}) in a vertex name; names are UTF-8 text without control "
                    "characters, separated by spaces or tabs",
                    printable_path(game_.source_), line_, column_of(before), what, static_cast<unsigned char>(byte)));
  }

  // U+0080..U+009F: well-formed UTF-8, but control characters all the same.
  [[noreturn]] void bad_c1(std::string_view before, char second_byte) {
    intern_batch();
    throw InputError(
        fmt::format("{}:{}:{}: a control character (U+{:04X}) in a vertex name; names are UTF-8 text "
                    "without control characters, separated by spaces or tabs",
                    printable_path(game_.source_), line_, column_of(before), static_cast<unsigned char>(second_byte)));
  }

  // The limits (GraphLimits). A line is too long at its byte max_line + 1,
  // `line` being the current line from its start, at least that long.
  [[noreturn]] void line_too_long(std::string_view line) {
    intern_batch();
    throw InputError(fmt::format("{}:{}:{}: a line longer than {} bytes, the most grundy supports in a graph file",
                                 printable_path(game_.source_), line_, column_at(line, max_line_), max_line_));
  }

  // At byte max_bytes + 1, the last of `line`.
  [[noreturn]] void file_too_long(std::string_view line) {
    intern_batch();
    throw InputError(fmt::format("{}:{}:{}: a graph file longer than {} bytes, the most grundy supports",
                                 printable_path(game_.source_), line_, column_at(line, line.size() - 1), max_bytes_));
  }

  [[noreturn]] void too_many_edges(std::string_view before) {
    intern_batch();
    throw InputError(fmt::format("{}:{}:{}: more than {} edge lines ('u v'), the most grundy supports in a graph file",
                                 printable_path(game_.source_), line_, column_of(before), max_edge_lines_));
  }

  // The vertex called `t.name`, numbered on first appearance.
  std::uint32_t intern(const Token& t) {
    const std::size_t slot = game_.find_slot(t.name, t.hash);
    if (game_.name_index_[slot].vertex != kNoVertex) return game_.name_index_[slot].vertex;
    if (vertices_ == max_vertices_)
      throw InputError(fmt::format(
          "{}:{}:{}: more than {} vertices, the most grundy supports in a graph file", printable_path(game_.source_),
          t.line, column_of(std::string_view(t.line_start, static_cast<std::size_t>(t.name.data() - t.line_start))),
          max_vertices_));
    const std::uint32_t v = vertices_++;
    game_.name_index_[slot] = NameSlot{name_key(t.name, game_.name_bytes_.size()), v, name_check(t.name, t.hash)};
    game_.name_bytes_.append(t.name);
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

  GraphGame& game_;
  const std::uint64_t max_bytes_;
  const std::uint64_t max_vertices_;
  const std::uint64_t max_edge_lines_;
  const std::size_t max_line_;
  const std::size_t block_size_;
  const std::string_view edge_meaning_;  // GraphLimits::edge_meaning: a static text
  // Where the tokenizer stands, kept from one block to the next.
  std::size_t line_ = 1;
  std::size_t line_at_ = 0;  // the start of the current line, in the window
  std::size_t resume_ = 0;   // where to go on, in the window
  int names_on_line_ = 0;
  std::uint64_t edge_lines_ = 0;
  std::uint32_t vertices_ = 0;
  std::array<Token, kBatch> batch_{};
  std::size_t batch_size_ = 0;
  std::uint32_t previous_ = 0;  // the vertex of the name before the batch's next
  EdgeList edges_;
};

GraphGame GraphGame::from_text(std::string_view text, std::string source) {
  return from_text(text, std::move(source), GraphLimits{});
}

GraphGame GraphGame::from_text(std::string_view text, std::string source, const GraphLimits& limits) {
  GraphGame game;
  game.source_ = std::move(source);
  Builder builder(game, limits);
  TextSource bytes(text);
  builder.read(bytes);
  builder.build_csr();
  builder.solve();
  return game;
}

GraphGame GraphGame::from_file(const std::string& path) { return from_file(path, GraphLimits{}); }

GraphGame GraphGame::from_file(const std::string& path, const GraphLimits& limits) {
  // A graph of 10^7 edges takes a few seconds: said on stderr after one.
  LongTask task(fmt::format("reading and solving the graph {}", printable_path(path)));
  GraphGame game;
  game.source_ = path;
  Builder builder(game, limits);
  {
    // The buffer is needed only while tokenizing (names are copied out), so
    // it goes before the CSR arrays are built.
    FileSource bytes(path, builder.block_size(), builder.most_kept());
    builder.read(bytes);
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
    throw std::out_of_range(fmt::format("vertex number {} out of range: graph {} has {} vertices", v,
                                        printable_path(source_), values_.size()));
  return static_cast<std::uint32_t>(v);
}

Position GraphGame::parse_position(std::string_view text) const {
  if (text.empty())
    throw InputError(
        fmt::format("empty vertex name: expected the name of a vertex of graph {}", printable_path(source_)));
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

Nimber GraphGame::value(Position v) const {
  const std::uint32_t label = values_[checked_vertex(v)];
  if ((label & LoopyValues::kInfinite) != 0)
    throw std::logic_error(fmt::format("vertex {} of graph {} has an infinite value; ask game_value",
                                       name_of(static_cast<std::uint32_t>(v)), printable_path(source_)));
  return Nimber(label);
}

GameValue GraphGame::game_value(Position v) const {
  const std::uint32_t label = values_[checked_vertex(v)];
  if ((label & LoopyValues::kInfinite) == 0) return GameValue(Nimber(label));
  const std::uint32_t i = label & ~LoopyValues::kInfinite;
  std::vector<Nimber> options;
  for (std::uint64_t k = k_start_[i]; k < k_start_[i + 1]; ++k) options.push_back(Nimber(k_values_[k]));
  return GameValue::infinite(std::move(options));
}

// In file order; a move listed on several lines is reported once (the CSR
// arrays keep each edge once).
std::vector<Position> GraphGame::moves_to_value(Position v, Nimber target) const {
  const std::uint32_t u = checked_vertex(v);
  std::vector<Position> moves;
  // An infinite label has its top bit set: a target of 2^31 or more has no move.
  if (target.value() >= LoopyValues::kInfinite) return moves;
  for (std::uint64_t e = first_edge_[u]; e < first_edge_[u + 1]; ++e)
    if (values_[targets_[e]] == target.value()) moves.push_back(targets_[e]);
  if (has_cycle_)
    std::stable_sort(moves.begin(), moves.end(), [&](Position a, Position b) { return order_[a] < order_[b]; });
  return moves;
}

std::string GraphGame::move_rule() const {
  return fmt::format("a move follows an edge of the graph in {}", printable_path(source_));
}

std::string GraphGame::why_not_move(Position from, Position to) const {
  const std::uint32_t u = checked_vertex(from);
  if (first_edge_[u] == first_edge_[u + 1]) return fmt::format("vertex {} has no moves", position_in_text(from));
  for (std::uint64_t e = first_edge_[u]; e < first_edge_[u + 1]; ++e)
    if (targets_[e] == to) return {};
  return fmt::format("there is no edge from {} to {}", position_in_text(from), position_in_text(to));
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

namespace {
std::unique_ptr<Game> parse_graph(const SpecText& spec) {
  if (!spec.has_params || spec.params.empty())
    throw InputError(
        fmt::format("game {}: expected graph:FILE, with FILE a graph file of lines 'u v'", quote(spec.spec)));
  return std::make_unique<GraphGame>(GraphGame::from_file(std::string(spec.params)));
}
}  // namespace

const GameFamily kGraphFamily{
    "graph",
    "graph:FILE",
    "a token on a vertex of the directed graph in FILE (lines 'u v' for a move u -> v; cycles "
    "make draws possible); positions are vertex names",
    "graph:examples/data/chain.txt",
    parse_graph,
    /*reads_file=*/true,
    /*theorem=*/{},
    /*census_codes=*/nullptr,
    /*max_census_digits=*/0,
    /*example_positions=*/"a b"};

}  // namespace grundy
