// requirements*.txt / constraints*.txt: pip requirement-file syntax.
#include <vector>

#include "manifest/manifest.hpp"
#include "manifest/requirement.hpp"

namespace ascendify::manifest {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\f' || c == '\v';
}

// pip: a line whose first non-blank character is '#' is a comment line.
bool is_comment_line(std::string_view line) {
  std::string_view t = trim(line);
  return !t.empty() && t[0] == '#';
}

// Cuts a comment: '#' at the start or after whitespace (so "#egg=" in URLs survives).
size_t comment_start(std::string_view s) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '#' && (i == 0 || is_space(s[i - 1]))) return i;
  }
  return s.size();
}

}  // namespace

FileFacts analyze_requirements(std::string_view text, std::string_view path) {
  FileFacts out;
  SpanMaker sm(text);
  LineIndex index(text);
  std::string buf;              // the logical line
  std::vector<uint32_t> where;  // file offset of each byte of buf
  auto flush = [&]() {
    std::string_view logical(buf);
    size_t cut = comment_start(logical);
    std::string_view body = trim(logical.substr(0, cut));
    if (!body.empty()) {
      size_t lead = static_cast<size_t>(body.data() - buf.data());
      ParsedRequirement r = parse_requirement_line(body);
      // Map the token range back through the offset table (continuations may split it).
      size_t b = lead + std::min(r.pos, body.size());
      size_t e = lead + std::min(r.pos + r.len, body.size());
      size_t fb = b < where.size() ? where[b] : text.size();
      size_t fe = e > b ? where[e - 1] + 1 : fb;
      ParsedRequirement shifted = r;
      shifted.pos = 0;
      shifted.len = fe - fb;
      std::string_view dummy = body;  // receiver
      emit_parsed(shifted, dummy, fb, sm, false, "", path, out);
    }
    buf.clear();
    where.clear();
  };
  for (uint32_t ln = 1; ln <= index.line_count(); ++ln) {
    std::string_view line = index.line(ln);
    uint32_t start = index.line_start(ln);
    bool cont = !line.empty() && line.back() == '\\' && !is_comment_line(line);
    if (cont) line.remove_suffix(1);
    for (size_t i = 0; i < line.size(); ++i) {
      buf.push_back(line[i]);
      where.push_back(static_cast<uint32_t>(start + i));
    }
    if (!cont) flush();
  }
  if (!buf.empty()) flush();
  return out;
}

}  // namespace ascendify::manifest
