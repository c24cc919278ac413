#include "fix/guard_region.hpp"

#include <algorithm>
#include <string_view>

namespace ascendify::fix::detail {

using python::Token;
using python::TokenKind;

std::pair<uint32_t, uint32_t> guarded_lines(const std::vector<Token>& toks, uint32_t offset) {
  auto it = std::lower_bound(toks.begin(), toks.end(), offset,
                             [](const Token& t, uint32_t o) { return t.span.offset < o; });
  if (it == toks.end() || it->span.offset != offset) return {0, 0};
  size_t s = static_cast<size_t>(it - toks.begin());
  while (s > 0 && toks[s - 1].role != python::kLineBreak && toks[s - 1].role != python::kSemicolon)
    --s;
  while (s < toks.size() &&
         (toks[s].kind == TokenKind::Indent || toks[s].kind == TokenKind::Dedent))
    ++s;
  size_t e = s;
  while (e < toks.size() && toks[e].role != python::kLineBreak) ++e;  // the logical line
  if (e >= toks.size()) return {toks[s].span.line, toks.back().span.end_line};
  uint32_t last = toks[e].span.line;
  const std::string_view head = toks[s].text;
  const bool opens =
      toks[s].kind == TokenKind::Name && (head == "if" || head == "elif" || head == "while");
  size_t body = e + 1;  // comment lines may stand between the header and its block
  while (body < toks.size() && toks[body].kind == TokenKind::Comment) ++body;
  size_t after = e + 1;  // the first token after the statement and its block
  if (opens && body < toks.size() && toks[body].kind == TokenKind::Indent) {
    int depth = 0;
    size_t k = body;
    for (; k < toks.size(); ++k) {
      if (toks[k].kind == TokenKind::Indent) ++depth;
      if (toks[k].kind == TokenKind::Dedent && --depth == 0) break;
      if (toks[k].kind != TokenKind::Dedent && toks[k].kind != TokenKind::EndMarker &&
          toks[k].span.end_line > last)
        last = toks[k].kind == TokenKind::Newline ? toks[k].span.line : toks[k].span.end_line;
    }
    after = k + 1;
  }
  // `if not torch.cuda.is_available(): return None`: what follows in the enclosing block runs
  // only when the check holds; it is guarded too.
  const bool negated = opens && s + 1 < toks.size() && toks[s + 1].kind == TokenKind::Name &&
                       toks[s + 1].text == "not";
  if (negated) {
    int depth = 0;
    for (size_t k = after; k < toks.size(); ++k) {
      if (toks[k].kind == TokenKind::Indent) ++depth;
      if (toks[k].kind == TokenKind::Dedent && depth-- == 0) break;
      if (toks[k].kind == TokenKind::EndMarker) break;
      if (toks[k].kind != TokenKind::Dedent && toks[k].span.end_line > last)
        last = toks[k].kind == TokenKind::Newline ? toks[k].span.line : toks[k].span.end_line;
    }
  }
  return {toks[s].span.line, last};
}

namespace {

size_t token_index(const std::vector<Token>& toks, uint32_t offset) {
  auto it = std::lower_bound(toks.begin(), toks.end(), offset,
                             [](const Token& t, uint32_t o) { return t.span.offset < o; });
  return it == toks.end() || it->span.offset != offset ? SIZE_MAX
                                                       : static_cast<size_t>(it - toks.begin());
}

size_t statement_start(const std::vector<Token>& toks, size_t i) {
  while (i > 0 && toks[i - 1].role != python::kLineBreak && toks[i - 1].role != python::kSemicolon)
    --i;
  while (i < toks.size() &&
         (toks[i].kind == TokenKind::Indent || toks[i].kind == TokenKind::Dedent))
    ++i;
  return i;
}

size_t statement_end(const std::vector<Token>& toks, size_t i) {
  while (i < toks.size() && toks[i].role != python::kLineBreak &&
         toks[i].role != python::kSemicolon)
    ++i;
  return i;
}

}  // namespace

std::pair<uint32_t, uint32_t> statement_lines(const std::vector<Token>& toks, uint32_t offset) {
  const size_t i = token_index(toks, offset);
  if (i == SIZE_MAX) return {0, 0};
  const size_t s = statement_start(toks, i), e = statement_end(toks, i);
  return {toks[s].span.line, toks[e > s ? e - 1 : s].span.end_line};
}

NameUses::NameUses(const std::vector<Token>& toks) {
  for (size_t k = 0; k < toks.size(); ++k)
    if (toks[k].kind == TokenKind::Name) by_name_[toks[k].text].push_back(k);
}

const std::vector<size_t>& NameUses::of(std::string_view name) const {
  static const std::vector<size_t> kNone;
  auto it = by_name_.find(name);
  return it == by_name_.end() ? kNone : it->second;
}

GuardedRegions guarded_regions(const std::vector<Token>& toks, uint32_t offset,
                               const NameUses& names) {
  GuardedRegions out;
  const auto base = guarded_lines(toks, offset);
  if (base.first == 0) return out;
  out.lines.push_back(base);
  const size_t i = token_index(toks, offset);
  const size_t s = statement_start(toks, i), e = statement_end(toks, i);
  // Is the value stored (`T = ...`) or returned? Then its uses decide what it gates.
  std::string_view stored;
  int depth = 0;
  for (size_t k = s; k < i; ++k) {
    if (toks[k].role == python::kOpener) ++depth;
    if (toks[k].role == python::kCloser) --depth;
    if (depth != 0) continue;
    if (toks[k].kind == TokenKind::Name && toks[k].text == "return") {
      out.whole_file = out.stored = true;  // the callers decide; they are not followed here
      return out;
    }
    if (toks[k].role == python::kAssign && k > s && toks[k - 1].kind == TokenKind::Name) {
      stored = toks[k - 1].text;  // `T = ...`, `self.T = ...`: the name T
      out.stored = true;
      break;
    }
  }
  if (stored.empty()) return out;
  for (size_t k : names.of(stored)) {
    if (k >= s && k < e) continue;
    const size_t us = statement_start(toks, k), ue = statement_end(toks, k);
    // `pytestmark = pytest.mark.skipif(not X, ...)`, `@pytest.mark.skipif(not X)`: the value
    // decides whether whole tests run.
    bool skip = toks[us].text == "pytestmark";
    for (size_t m = us; m < ue && !skip; ++m) skip = toks[m].text == "skipif";
    if (skip) {
      out.whole_file = true;
      return out;
    }
    out.lines.push_back(guarded_lines(toks, toks[k].span.offset));
  }
  return out;
}

}  // namespace ascendify::fix::detail
