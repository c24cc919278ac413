#include "render/escape.hpp"

#include <cmath>
#include <cstdio>

namespace ascendify::render {

namespace {

bool is_word_byte(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

// Appends `c`, turning line breaks and other control bytes into one space.
// Returns true when `c` was a control byte that was replaced.
bool put_control_as_space(std::string& out, std::string_view s, size_t& i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (c >= 0x20 && c != 0x7f) return false;
  if (c == '\r' && i + 1 < s.size() && s[i + 1] == '\n') ++i;
  out += ' ';
  return true;
}

}  // namespace

std::string html_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size() + s.size() / 8);
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default: {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7f)
          out += "\xEF\xBF\xBD";
        else
          out += c;
      }
    }
  }
  return out;
}

std::string md_text(std::string_view s) {
  if (s.empty()) return "—";
  std::string out;
  out.reserve(s.size() + 8);
  for (size_t i = 0; i < s.size(); ++i) {
    if (put_control_as_space(out, s, i)) continue;
    const char c = s[i];
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '\\':
      case '`':
      case '*':
      case '[':
      case ']':
      case '|':
      case '~':
        out += '\\';
        out += c;
        break;
      case '_': {
        // Intraword underscores never emphasise in GFM; escape only at a word boundary.
        const bool before = i > 0 && is_word_byte(static_cast<unsigned char>(s[i - 1]));
        const bool after = i + 1 < s.size() && is_word_byte(static_cast<unsigned char>(s[i + 1]));
        if (!(before && after)) out += '\\';
        out += c;
        break;
      }
      default:
        out += c;
    }
  }
  return out;
}

std::string md_code(std::string_view s, bool in_table) {
  if (s.empty()) return "—";
  std::string body;
  body.reserve(s.size() + 4);
  size_t longest = 0, run = 0, backslashes = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    run = c == '`' ? run + 1 : 0;
    if (run > longest) longest = run;
    if (put_control_as_space(body, s, i)) {
      backslashes = 0;
      continue;
    }
    if (c == '|' && in_table) {
      // GFM splits cells before parsing code spans: `\|` keeps the pipe in the cell. A
      // backslash run just before it is doubled so the scanner pairs it off on its own.
      body.append(backslashes, '\\');
      body += "\\|";
      backslashes = 0;
      continue;
    }
    backslashes = c == '\\' ? backslashes + 1 : 0;
    body += c;
  }
  const std::string fence(longest + 1, '`');
  const bool pad = longest > 0 || (body.front() == ' ' && body.back() == ' ');
  std::string out = fence;
  if (pad) out += ' ';
  out += body;
  if (pad) out += ' ';
  out += fence;
  return out;
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

double round1(double v) {
  if (!std::isfinite(v)) return 0.0;
  return std::round(v * 10.0) / 10.0;
}

std::string one_decimal(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f", round1(v));
  std::string out = buf;
  if (out == "-0.0") out = "0.0";
  return out;
}

uint64_t fnv1a64(std::string_view s) {
  uint64_t h = 14695981039346656037ull;
  for (char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

std::string_view rule_slug(std::string_view rule_id) {
  const size_t dot = rule_id.find('.');
  return dot == std::string_view::npos ? rule_id : rule_id.substr(dot + 1);
}

std::string terminal_safe(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    const auto next = [&](size_t k) {
      return i + k < s.size() ? static_cast<unsigned char>(s[i + k]) : 0;
    };
    if (c < 0x20 || c == 0x7f) {
      out += '?';
    } else if (c == 0xC2 && next(1) >= 0x80 && next(1) <= 0x9F) {  // C1 controls (CSI ...)
      out += '?';
      i += 1;
    } else if (c == 0xE2 && ((next(1) == 0x80 && next(2) >= 0xAA && next(2) <= 0xAE) ||
                             (next(1) == 0x81 && next(2) >= 0xA6 && next(2) <= 0xA9))) {
      out += '?';  // bidi overrides and isolates (U+202A-202E, U+2066-2069)
      i += 2;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace ascendify::render
