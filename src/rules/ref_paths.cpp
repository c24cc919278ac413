#include "rules/ref_paths.hpp"

#include <vector>

namespace ascendify::rules {

namespace {

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

std::vector<std::string_view> components(std::string_view path) {
  std::vector<std::string_view> out;
  while (!path.empty()) {
    const size_t slash = path.find('/');
    const std::string_view part = path.substr(0, slash);
    if (!part.empty() && part != ".") out.push_back(part);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return out;
}

}  // namespace

RefSource ref_source(std::string_view ref) {
  size_t begin = 0;
  while (begin < ref.size() && is_blank(ref[begin])) ++begin;
  size_t end = begin;
  while (end < ref.size() && !is_blank(ref[end])) ++end;
  std::string_view word = ref.substr(begin, end - begin);
  // "seed-method.md, The report": punctuation after the name is not part of it.
  while (!word.empty() && (word.back() == ',' || word.back() == ';' || word.back() == ':'))
    word.remove_suffix(1);
  if (word.find("://") != std::string_view::npos) return {};
  if (!ends_with(word, ".md") && !ends_with(word, ".yaml") && !ends_with(word, ".yml")) return {};
  if (word.substr(0, 2) == "./") word.remove_prefix(2);
  RefSource out;
  out.name_end = begin + (word.data() + word.size() - (ref.data() + begin));
  if (word.find('/') == std::string_view::npos)
    out.path = std::string(kKnowledgeDir) + "/" + std::string(word);
  else
    out.path = std::string(word);
  return out;
}

std::string ref_in_repo(std::string_view ref) {
  const RefSource src = ref_source(ref);
  if (src.path.empty()) return std::string(ref);
  size_t begin = 0;
  while (begin < ref.size() && is_blank(ref[begin])) ++begin;
  return std::string(ref.substr(0, begin)) + src.path + std::string(ref.substr(src.name_end));
}

std::string relative_to(std::string_view path, std::string_view from_dir) {
  const std::vector<std::string_view> to = components(path), from = components(from_dir);
  size_t common = 0;
  while (common < to.size() && common < from.size() && to[common] == from[common]) ++common;
  std::string out;
  for (size_t i = common; i < from.size(); ++i) out += "../";
  for (size_t i = common; i < to.size(); ++i) {
    out += to[i];
    if (i + 1 < to.size()) out += '/';
  }
  return out;
}

}  // namespace ascendify::rules
