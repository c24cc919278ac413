#pragma once
// String-literal scanning shared by the lexer and decode_string: plain strings and f-strings
// (PEP 701: nested quotes, nested replacement fields, format specs). Iterative: nesting is
// kept on an explicit heap stack, never on the call stack.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace ascendify::python::lexdetail {

// Receives every line end consumed while scanning (so the lexer can keep line numbers).
struct LineTracker {
  uint32_t line = 1;
  size_t line_start = 0;  // byte offset of the first byte of the current line
};

// One level of f-string nesting.
struct FFrame {
  enum Kind : uint8_t { kLiteral, kExpr, kSpec } kind = kLiteral;
  char quote = '"';
  bool triple = false;  // of the owning f-string
  bool raw = false;     // of the owning f-string
  uint32_t depth = 0;   // open brackets inside a replacement field (kExpr only)
};

struct ScanResult {
  size_t end = 0;          // one past the last byte of the literal
  bool terminated = true;  // false: ran into a line end (single quotes) or the end of text
  bool cut_back = false;   // unterminated f-string cut back to a line end inside a field
};

// If s[i] is '\r' or '\n', returns the offset after the line end ("\r\n" counts as one) and
// reports it to `lt` (may be null); otherwise returns i.
size_t consume_newline(std::string_view s, size_t i, LineTracker* lt);

// True for Python 3 string prefixes (r u b f br rb fr rf in any case); sets flags.
bool string_prefix_flags(std::string_view prefix, uint8_t* flags);

// Scans a string body starting at `i` (just after the opening quote(s)). `flags` are the
// StringFlags of the literal (kFormat selects the f-string scanner). `scratch` is reused
// storage for f-string nesting. A replacement field of a single-quoted f-string may span
// lines (PEP 701) when `multiline_fields` is set; if the f-string then never terminates, it is
// cut back to the first such line end (cut_back), so a missing quote costs one line, not the
// rest of the file. Callers clear the flag after a cut-back, which keeps the lexer linear.
ScanResult scan_string_body(std::string_view s, size_t i, char quote, bool triple, uint8_t flags,
                            LineTracker* lt, std::vector<FFrame>& scratch,
                            bool multiline_fields = true);

// For decode_string: `i` is just after the '{' opening a top-level replacement field of an
// f-string body delimited by `quote`/`triple`. Returns the offset just after the matching '}'
// (or s.size() when it is missing).
size_t skip_fstring_field(std::string_view s, size_t i, char quote, bool triple, bool raw,
                          std::vector<FFrame>& scratch);

// The expression part of each replacement field of one f-string, as offsets into its text:
// from just after the '{' to the ':' of a format spec or the closing '}' (a conversion `!r` or
// a debug `=` stays inside; the analyzer cuts them). Fields nested in a format spec
// (`{x:{width}}`) are listed too; fields of f-strings nested inside an expression are not (they
// are listed when that inner f-string is analysed). `i` is just after the opening quote(s) of
// a terminated f-string literal; malformed text ends the list early, never loops.
struct FieldRange {
  uint32_t begin = 0, end = 0;
};
void fstring_fields(std::string_view s, size_t i, char quote, bool triple, bool raw,
                    std::vector<FFrame>& scratch, std::vector<FieldRange>& out);

// Byte classes, one table lookup each: bit 1 identifier start (letters, '_', bytes >= 0x80),
// bit 2 identifier character (also digits).
struct ByteClasses {
  uint8_t v[256] = {};
  constexpr ByteClasses() {
    for (int c = 0; c < 256; ++c) {
      bool start = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
      v[c] = static_cast<uint8_t>((start ? 3 : 0) | ((c >= '0' && c <= '9') ? 2 : 0));
    }
  }
};
inline constexpr ByteClasses kByteClasses{};

inline bool is_ident_start(unsigned char c) {
  return (kByteClasses.v[c] & 1) != 0;
}
inline bool is_ident_char(unsigned char c) {
  return (kByteClasses.v[c] & 2) != 0;
}

// Eight bytes at a time (SWAR) helpers of the lexer.
constexpr uint64_t kOnes = 0x0101010101010101ULL;
constexpr uint64_t kHigh = 0x8080808080808080ULL;

inline uint64_t load8(const char* p) {
  uint64_t w;
  std::memcpy(&w, p, 8);
  if constexpr (std::endian::native == std::endian::big) w = __builtin_bswap64(w);
  return w;  // byte k of the text is bits [8k, 8k + 8)
}

// High bit of each byte of `x7` (bytes < 0x80) that lies in [lo, hi]. No carry crosses bytes.
inline uint64_t in_range(uint64_t x7, unsigned lo, unsigned hi) {
  uint64_t ge_lo = x7 + kOnes * (0x80 - lo);
  uint64_t gt_hi = x7 + kOnes * (0x7F - hi);
  return ge_lo & ~gt_hi & kHigh;
}

// High bit set for each byte of `w` that is not an identifier character (is_ident_char).
inline uint64_t non_ident_bytes(uint64_t w) {
  const uint64_t x7 = w & ~kHigh;
  const uint64_t ident = in_range(x7 | (kOnes * 0x20), 'a', 'z') | in_range(x7, '0', '9') |
                         in_range(x7, '_', '_') | (w & kHigh);
  return ~ident & kHigh;
}

// Number of leading bytes equal to `c` in the 8 bytes of `w` (8: all).
inline unsigned leading_equal(uint64_t w, char c) {
  uint64_t x = w ^ (kOnes * static_cast<unsigned char>(c));
  return x == 0 ? 8 : static_cast<unsigned>(__builtin_ctzll(x)) / 8;
}

// Number of UTF-8 continuation bytes (10xxxxxx) among the 8 bytes of `w`.
inline unsigned continuation_bytes(uint64_t w) {
  // One flag bit per byte; the multiply sums them into the top byte (no popcnt instruction
  // in the baseline x86-64 target, where __builtin_popcountll is a library call).
  return static_cast<unsigned>((((w & ~(w << 1) & kHigh) >> 7) * kOnes) >> 56);
}

// The low `k` bytes of `w` (k < 8), the others zero.
inline uint64_t low_bytes(uint64_t w, size_t k) {
  return w & ((uint64_t{1} << (8 * k)) - 1);
}

// Keyword test by perfect hash: `w` holds a name of 2..8 bytes zero-padded (byte k of the name
// in bits [8k, 8k + 8)); identifiers contain no NUL, so equal words are equal names. The
// multiplier maps the 35 keywords of is_keyword_text to distinct slots of 64 (found by search).
struct KeywordTable {
  uint64_t slot[64] = {};
  static constexpr uint64_t kMul = 0xb57c8e05e3c9b0e1ULL;
  static constexpr unsigned index(uint64_t w) { return static_cast<unsigned>((w * kMul) >> 58); }
  constexpr KeywordTable() {
    const char* const kWords[] = {
        "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
        "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
        "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
        "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};
    for (const char* k : kWords) {
      uint64_t w = 0;
      for (unsigned i = 0; k[i] != '\0'; ++i)
        w |= uint64_t{static_cast<unsigned char>(k[i])} << (8 * i);
      slot[index(w)] = w;
    }
  }
  bool contains(uint64_t w) const { return slot[index(w)] == w; }
};
inline constexpr KeywordTable kKeywords{};

// is_keyword_text(s) for a name s, read with one load when 8 bytes from its start are in
// [data, end).
inline bool is_keyword_at(const char* s, size_t len, const char* end) {
  if (len < 2 || len > 8) return false;
  uint64_t w = 0;
  if (end - s >= 8) {
    w = load8(s);
    if (len < 8) w = low_bytes(w, len);
  } else {
    for (size_t i = 0; i < len; ++i) w |= uint64_t{static_cast<unsigned char>(s[i])} << (8 * i);
  }
  return kKeywords.contains(w);
}

}  // namespace ascendify::python::lexdetail
