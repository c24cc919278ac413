#pragma once
// Small text helpers shared by front ends, matcher and fixer.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify {

// Maps 1-based line numbers to line text. Lines end at \n, \r\n or a lone \r.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  uint32_t line_count() const { return static_cast<uint32_t>(starts_.size()); }
  // The line without its terminator; empty view when out of range.
  std::string_view line(uint32_t line_no) const;
  // 1-based line containing byte offset.
  uint32_t line_of(uint32_t offset) const;
  uint32_t line_start(uint32_t line_no) const;

 private:
  std::string_view text_;
  std::vector<uint32_t> starts_;
};

// Trims ASCII whitespace on both ends.
std::string_view trim(std::string_view s);

// "a,b,,c" -> {"a", "b", "c"}: comma-separated items, empty ones dropped (option values,
// version specifier clauses).
std::vector<std::string> split_commas(std::string_view s);

// `s` is one of `list` (rule ids, phase names, tags: short lists searched linearly).
bool in_list(const std::vector<std::string>& list, std::string_view s);

// The parts joined into one string, allocated once. Also sidesteps GCC 12's -Wrestrict false
// positive on `"literal" + std::string(...)` in optimised builds.
std::string concat(std::initializer_list<std::string_view> parts);
// Lower-cases ASCII letters.
std::string ascii_lower(std::string_view s);
// Number of UTF-8 code points in s (continuation bytes are not counted).
uint32_t utf8_length(std::string_view s);
// True when s is valid UTF-8.
bool is_valid_utf8(std::string_view s);
// PEP 503 normalised distribution name: trimmed, lower case, runs of - _ . become one '-'
// ("Flash_Attn" -> "flash-attn"). The one definition shared by every front end and the rules.
std::string normalize_dist_name(std::string_view name);
// Clips s to at most max_bytes without cutting a UTF-8 sequence; appends "…" when clipped.
std::string clip_utf8(std::string_view s, size_t max_bytes);

// Percent-encodes a path for a URI (RFC 3986): unreserved characters and '/' stay.
std::string uri_encode_path(std::string_view path);

}  // namespace ascendify
