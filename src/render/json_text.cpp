#include "render/json_text.hpp"

#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>

namespace ascendify::render::json_text {

namespace {

constexpr uint64_t kOnes = 0x0101010101010101ull, kHighs = 0x8080808080808080ull;

// True when one of the 8 bytes of `w` is < 0x20, '"', '\\' or >= 0x7f: the bytes a JSON
// string cannot hold as they are, or (>= 0x7f) that are left to the library's UTF-8 handling.
bool needs_care(uint64_t w) {
  auto has_byte = [](uint64_t x, unsigned char b) {  // the classic SWAR zero-byte test
    const uint64_t y = x ^ (kOnes * b);
    return ((y - kOnes) & ~y & kHighs) != 0;
  };
  const bool control = ((w - kOnes * 0x20) & ~w & kHighs) != 0;  // some byte < 0x20
  const bool high = (((w + kOnes) | w) & kHighs) != 0;           // some byte >= 0x7f
  return control || high || has_byte(w, '"') || has_byte(w, '\\');
}

bool needs_care(unsigned char c) {
  return c < 0x20 || c >= 0x7f || c == '"' || c == '\\';
}

// Length of the leading run of bytes that need no care.
size_t plain_prefix(std::string_view s) {
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, s.data() + i, 8);
    if (needs_care(w)) break;
  }
  for (; i < s.size(); ++i)
    if (needs_care(static_cast<unsigned char>(s[i]))) return i;
  return s.size();
}

bool has_non_ascii(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return true;
  return false;
}

// ASCII text escaped as nlohmann's dump escapes it (ensure_ascii off): the short escapes,
// other control bytes as \u00xx in lower-case hex, DEL as it is.
void append_escaped_ascii(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (size_t i = 0; i < s.size();) {
    const size_t run = plain_prefix(s.substr(i));
    out.append(s.data() + i, run);
    i += run;
    if (i == s.size()) break;
    const unsigned char c = static_cast<unsigned char>(s[i++]);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          out += "\\u00";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        } else {
          out += static_cast<char>(c);  // DEL
        }
    }
  }
}

}  // namespace

void append_string(std::string& out, std::string_view s) {
  const size_t run = plain_prefix(s);
  if (run < s.size() && has_non_ascii(s.substr(run))) {
    // UTF-8 (kept when valid, invalid bytes replaced by U+FFFD): the library's own code.
    out += nlohmann::json(std::string(s))
               .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return;
  }
  out += '"';
  out.append(s.data(), run);
  if (run < s.size()) append_escaped_ascii(out, s.substr(run));
  out += '"';
}

void newline(std::string& out, int level) {
  out += '\n';
  out.append(static_cast<size_t>(level) * 2, ' ');
}

void key(std::string& out, int level, std::string_view name) {
  newline(out, level);
  append_string(out, name);
  out += ": ";
}

void append_strings(std::string& out, int level, const std::vector<std::string>& v) {
  append_array(out, level, v.size(), [&](size_t i) { append_string(out, v[i]); });
}

void append_indented(std::string& out, int level, std::string_view dumped) {
  for (char c : dumped) {
    out += c;
    if (c == '\n') out.append(static_cast<size_t>(level) * 2, ' ');
  }
}

}  // namespace ascendify::render::json_text
