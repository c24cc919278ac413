#include "discover/gitignore.hpp"

namespace ascendify::discover {
namespace {

// Drops trailing spaces that are not escaped with a backslash.
std::string_view trim_trailing_spaces(std::string_view s) {
  size_t end = 0;  // one past the last character to keep
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 1 < s.size()) {
      ++i;
      end = i + 1;
    } else if (s[i] != ' ') {
      end = i + 1;
    }
  }
  return s.substr(0, end);
}

}  // namespace

bool parse_ignore_line(std::string_view line, IgnorePattern& out) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  line = trim_trailing_spaces(line);
  if (line.empty() || line.front() == '#') return false;
  IgnorePattern p;
  if (line.front() == '!') {
    p.negate = true;
    line.remove_prefix(1);
  }
  // `\#` and `\!` stay as escapes: the glob reads them as literal characters.
  if (!line.empty() && line.back() == '/') {
    // A trailing '/' marks a directory-only pattern, unless that '/' is escaped ("a\/").
    size_t backslashes = 0;
    for (size_t i = line.size() - 1; i > 0 && line[i - 1] == '\\'; --i) ++backslashes;
    if (backslashes % 2 == 0) {
      p.dir_only = true;
      while (!line.empty() && line.back() == '/') line.remove_suffix(1);
    }
  }
  if (!line.empty() && line.front() == '/') {
    p.anchored = true;
    while (!line.empty() && line.front() == '/') line.remove_prefix(1);
  }
  if (line.empty()) return false;
  if (line.find('/') != std::string_view::npos) p.anchored = true;
  p.glob = Glob::compile(line);
  out = std::move(p);
  return true;
}

std::vector<IgnorePattern> parse_ignore_file(std::string_view text) {
  std::vector<IgnorePattern> out;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    IgnorePattern p;
    if (parse_ignore_line(text.substr(pos, nl - pos), p)) out.push_back(std::move(p));
    pos = nl + 1;
  }
  return out;
}

bool is_ignored(const IgnoreList* list, std::string_view rel_path, bool is_dir) {
  size_t slash = rel_path.rfind('/');
  std::string_view basename =
      slash == std::string_view::npos ? rel_path : rel_path.substr(slash + 1);
  for (; list != nullptr; list = list->parent.get()) {
    std::string_view rel = rel_path;
    if (!list->base.empty()) {
      if (rel.size() <= list->base.size() || rel.substr(0, list->base.size()) != list->base ||
          rel[list->base.size()] != '/') {
        continue;  // not under this list's directory (should not happen)
      }
      rel.remove_prefix(list->base.size() + 1);
    }
    for (auto it = list->patterns.rbegin(); it != list->patterns.rend(); ++it) {
      if (it->dir_only && !is_dir) continue;
      if (it->glob.match(it->anchored ? rel : basename)) return !it->negate;
    }
  }
  return false;
}

}  // namespace ascendify::discover
