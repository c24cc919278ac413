#include "rules/normalize.hpp"

#include "core/text.hpp"

namespace ascendify::rules {

namespace {
bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}
}  // namespace

size_t indexed_value_colon(std::string_view value) {
  size_t colon = value.find(':');
  if (colon == std::string_view::npos || colon == 0) return 0;
  for (size_t i = 0; i < colon; ++i)
    if (!is_word(value[i])) return 0;
  std::string_view tail = value.substr(colon + 1);
  bool index = tail == "{}";
  if (!index && !tail.empty()) {
    index = true;
    for (char c : tail)
      if (c < '0' || c > '9') index = false;
  }
  return index ? colon : 0;
}

std::string normalize_value(std::string_view value) {
  const size_t colon = indexed_value_colon(value);
  if (colon == 0) return std::string(value);
  return std::string(value.substr(0, colon)) + ":N";
}

std::string normalize_image(std::string_view image) {
  std::string s = ascii_lower(trim(image));
  size_t at = s.find('@');
  if (at != std::string::npos) s.resize(at);
  size_t slash = s.rfind('/');
  size_t colon = s.find(':', slash == std::string::npos ? 0 : slash);
  if (colon != std::string::npos) s.resize(colon);
  for (std::string_view reg : {"docker.io/", "index.docker.io/", "registry-1.docker.io/"}) {
    if (s.rfind(reg, 0) == 0) {
      s.erase(0, reg.size());
      break;
    }
  }
  if (s.rfind("library/", 0) == 0) s.erase(0, 8);
  return s;
}

bool boundary_prefix(std::string_view name, std::string_view prefix) {
  if (prefix.empty()) return true;
  if (name.size() < prefix.size() || name.substr(0, prefix.size()) != prefix) return false;
  if (name.size() == prefix.size()) return true;
  const char last = prefix.back();
  const bool last_alnum = is_word(last) && last != '_';
  return !last_alnum || !is_word(name[prefix.size()]);
}

// Copied in runs, not byte by byte.
std::string expand_replacement(std::string_view tmpl, std::string_view name,
                               std::string_view tail) {
  std::string out;
  out.reserve(tmpl.size());
  for (size_t i = 0; i < tmpl.size();) {
    const size_t brace = std::min(tmpl.find('{', i), tmpl.size());
    out.append(tmpl, i, brace - i);
    i = brace;
    if (i == tmpl.size()) break;
    if (tmpl.compare(i, 6, "{name}") == 0) {
      out += name;
      i += 6;
    } else if (tmpl.compare(i, 6, "{tail}") == 0) {
      out += tail;
      i += 6;
    } else {
      out += tmpl[i++];
    }
  }
  return out;
}

}  // namespace ascendify::rules
