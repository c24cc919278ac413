#pragma once
// A small HTML tag scanner for tests: lists the tags and attributes a browser's tokenizer would
// see (start tags, with quoted/unquoted attribute values), skipping raw text of <script> and
// <style> and the content of comments.
#include <cctype>
#include <string>
#include <vector>

namespace ascendify::testing {

struct Tag {
  std::string name;                                        // lower case; "/p" for end tags
  std::vector<std::pair<std::string, std::string>> attrs;  // lower-case names, raw values
};

inline std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

inline std::vector<Tag> scan_tags(const std::string& h) {
  std::vector<Tag> tags;
  size_t i = 0;
  auto ws = [&](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; };
  while ((i = h.find('<', i)) != std::string::npos) {
    if (h.compare(i, 4, "<!--") == 0) {
      const size_t e = h.find("-->", i + 4);
      i = e == std::string::npos ? h.size() : e + 3;
      continue;
    }
    size_t j = i + 1;
    const bool end = j < h.size() && h[j] == '/';
    if (end) ++j;
    if (j >= h.size() || !std::isalpha(static_cast<unsigned char>(h[j]))) {
      i = j;  // "<" in text, or "<!DOCTYPE"
      if (j < h.size() && h[j] == '!') i = h.find('>', j);
      if (i == std::string::npos) break;
      continue;
    }
    Tag t;
    while (j < h.size() && !ws(h[j]) && h[j] != '>' && h[j] != '/') t.name += h[j++];
    t.name = lower(t.name);
    if (end) t.name = "/" + t.name;
    while (j < h.size() && h[j] != '>') {
      if (ws(h[j]) || h[j] == '/') {
        ++j;
        continue;
      }
      std::string name, value;
      while (j < h.size() && !ws(h[j]) && h[j] != '=' && h[j] != '>') name += h[j++];
      if (j < h.size() && h[j] == '=') {
        ++j;
        if (j < h.size() && (h[j] == '"' || h[j] == '\'')) {
          const char q = h[j++];
          const size_t e = h.find(q, j);
          value = h.substr(j, e - j);
          j = e == std::string::npos ? h.size() : e + 1;
        } else {
          while (j < h.size() && !ws(h[j]) && h[j] != '>') value += h[j++];
        }
      }
      t.attrs.emplace_back(lower(name), value);
    }
    i = j;
    if (t.name == "script" || t.name == "style") {
      const size_t e = lower(h.substr(i)).find("</" + t.name);
      i = e == std::string::npos ? h.size() : i + e;
    }
    tags.push_back(std::move(t));
  }
  return tags;
}

}  // namespace ascendify::testing
