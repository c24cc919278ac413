#include "config/config_targets.hpp"

#include <string>

namespace ascendify::config {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t';
}
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// `  - _target_: a.b.C  # comment` -> "a.b.C"; empty when the line holds no class path.
std::string_view class_path(std::string_view line, size_t* column) {
  size_t i = 0;
  while (i < line.size() && is_space(line[i])) ++i;
  if (i < line.size() && line[i] == '-') {
    ++i;
    while (i < line.size() && is_space(line[i])) ++i;
  }
  bool keyed = false;
  for (std::string_view key : {"_target_:", "target:", "class_path:"})
    if (line.substr(i, key.size()) == key) {
      i += key.size();
      keyed = true;
      break;
    }
  if (!keyed) return {};
  while (i < line.size() && is_space(line[i])) ++i;
  char quote = 0;
  if (i < line.size() && (line[i] == '"' || line[i] == '\'')) quote = line[i++];
  const size_t begin = i;
  bool dotted = false;
  while (i < line.size() && (is_name_char(line[i]) || line[i] == '.')) dotted |= line[i++] == '.';
  const std::string_view path = line.substr(begin, i - begin);
  if (quote && i < line.size() && line[i] == quote) ++i;
  while (i < line.size() && is_space(line[i])) ++i;
  if (i < line.size() && line[i] != '#') return {};  // more than a class path
  // A dotted name of identifiers: no leading digit or dot, no empty component.
  if (!dotted || path.front() == '.' || path.back() == '.' ||
      path.find("..") != std::string_view::npos || (path.front() >= '0' && path.front() <= '9'))
    return {};
  *column = begin + 1;
  return path;
}

}  // namespace

FileFacts analyze_targets(std::string_view text) {
  FileFacts out;
  uint32_t line_no = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++line_no;
    pos = end + 1;
    size_t column = 0;
    const std::string_view path = class_path(line, &column);
    if (path.empty()) continue;
    Fact& f = out.facts.emplace_back();
    f.kind = FactKind::Import;
    f.name = std::string(path);
    f.arg_index = 0;
    f.span.line = f.span.end_line = line_no;
    f.span.col = static_cast<uint32_t>(column);
    f.span.end_col = static_cast<uint32_t>(column + path.size());
    f.span.offset = static_cast<uint32_t>(line.data() - text.data() + column - 1);
    f.span.end_offset = f.span.offset + static_cast<uint32_t>(path.size());
  }
  return out;
}

}  // namespace ascendify::config
