// decode_string: the value of a String token.
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "python/lex_string.hpp"
#include "python/lexer.hpp"

namespace ascendify::python {
namespace {

void append_utf8(std::string& out, uint32_t cp) {
  if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) cp = 0xFFFD;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decodes the escape starting at s[i] == '\\'; appends to out and returns the next offset.
size_t decode_escape(std::string_view s, size_t i, std::string& out) {
  const size_t n = s.size();
  if (i + 1 >= n) {
    out += '\\';
    return n;
  }
  char d = s[i + 1];
  switch (d) {
    case '\n':
      return i + 2;
    case '\r':
      return (i + 2 < n && s[i + 2] == '\n') ? i + 3 : i + 2;
    case '\\':
      out += '\\';
      return i + 2;
    case '\'':
      out += '\'';
      return i + 2;
    case '"':
      out += '"';
      return i + 2;
    case 'a':
      out += '\a';
      return i + 2;
    case 'b':
      out += '\b';
      return i + 2;
    case 'f':
      out += '\f';
      return i + 2;
    case 'n':
      out += '\n';
      return i + 2;
    case 'r':
      out += '\r';
      return i + 2;
    case 't':
      out += '\t';
      return i + 2;
    case 'v':
      out += '\v';
      return i + 2;
    default:
      break;
  }
  if (d >= '0' && d <= '7') {
    uint32_t v = 0;
    size_t j = i + 1;
    for (int k = 0; k < 3 && j < n && s[j] >= '0' && s[j] <= '7'; ++k, ++j)
      v = v * 8 + (s[j] - '0');
    append_utf8(out, v);
    return j;
  }
  int digits = d == 'x' ? 2 : d == 'u' ? 4 : d == 'U' ? 8 : 0;
  if (digits > 0) {
    uint32_t v = 0;
    bool ok = i + 2 + digits <= n;
    for (int k = 0; ok && k < digits; ++k) {
      int h = hex_value(s[i + 2 + k]);
      if (h < 0) ok = false;
      v = v * 16 + static_cast<uint32_t>(h < 0 ? 0 : h);
    }
    if (ok) {
      append_utf8(out, v);
      return i + 2 + digits;
    }
  }
  // Unknown or malformed escape (and \N{...}): kept as written.
  out += '\\';
  return i + 1;
}

}  // namespace

std::string decode_string(const Token& tok) {
  std::string_view t = tok.text;
  const uint8_t flags = tok.string_flags;
  size_t b = static_cast<size_t>(tok.prefix_len) + tok.quote_len;
  size_t e = t.size();
  if (!(flags & kUnterminated) && e >= b + tok.quote_len) e -= tok.quote_len;
  if (tok.kind != TokenKind::String || b > e) return {};
  std::string_view body = t.substr(b, e - b);
  if ((flags & kBytes) || ((flags & kRaw) && !(flags & kFormat))) return std::string(body);

  if (!(flags & kFormat) && body.find('\\') == std::string_view::npos) return std::string(body);

  std::string out;
  out.reserve(body.size());
  const bool raw = (flags & kRaw) != 0;
  const bool fmt = (flags & kFormat) != 0;
  const char quote = tok.quote_len > 0 && tok.prefix_len < t.size() ? t[tok.prefix_len] : '"';
  thread_local std::vector<lexdetail::FFrame> scratch;  // f-string nesting, reused
  size_t i = 0;
  while (i < body.size()) {
    char c = body[i];
    if (c == '\\') {
      if (fmt && i + 1 < body.size() && (body[i + 1] == '{' || body[i + 1] == '}')) {
        out += '\\';  // a backslash before a brace is literal; the brace keeps its meaning
        ++i;
      } else if (raw) {
        out.append(body.substr(i, 2));
        i += 2;
      } else if (i + 2 < body.size() && body[i + 1] == 'N' && body[i + 2] == '{') {
        size_t j = body.find('}', i + 3);  // \N{NAME} is kept as written (not a field)
        j = j == std::string_view::npos ? body.size() : j + 1;
        out.append(body.substr(i, j - i));
        i = j;
      } else {
        i = decode_escape(body, i, out);
      }
      continue;
    }
    if (fmt && c == '{') {
      if (i + 1 < body.size() && body[i + 1] == '{') {
        out += '{';
        i += 2;
      } else {
        out += "{}";
        i = lexdetail::skip_fstring_field(body, i + 1, quote, tok.quote_len == 3, raw, scratch);
      }
      continue;
    }
    if (fmt && c == '}' && i + 1 < body.size() && body[i + 1] == '}') {
      out += '}';
      i += 2;
      continue;
    }
    // A run of plain characters up to the next one the cases above handle, appended at once.
    size_t j = i + 1;
    if (fmt) {
      while (j < body.size() && body[j] != '\\' && body[j] != '{' && body[j] != '}') ++j;
    } else if (const void* bs = std::memchr(body.data() + j, '\\', body.size() - j)) {
      j = static_cast<size_t>(static_cast<const char*>(bs) - body.data());
    } else {
      j = body.size();
    }
    out.append(body.data() + i, j - i);
    i = j;
  }
  return out;
}

}  // namespace ascendify::python
