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
  const bool opens = toks[s].kind == TokenKind::Name &&
                     (head == "if" || head == "elif" || head == "while" || head == "for");
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
  // `if not torch.cuda.is_available(): return None`, `if torch.cuda.device_count() == 0: return`,
  // `assert torch.cuda.is_available()`: what follows in the enclosing block runs only as the
  // check decides; it is guarded too. Also every `if not ...` (its else is the rest).
  auto is_name = [&](size_t k, std::string_view w) {
    return k < toks.size() && toks[k].kind == TokenKind::Name && toks[k].text == w;
  };
  size_t first_body = body;
  while (first_body < toks.size() && (toks[first_body].kind == TokenKind::Indent ||
                                      toks[first_body].kind == TokenKind::Comment ||
                                      toks[first_body].kind == TokenKind::Newline))
    ++first_body;
  size_t colon = s;  // a one-line `if c: return`: the statement after the header's colon
  for (int depth = 0; colon < e; ++colon) {
    if (toks[colon].role == python::kOpener) ++depth;
    if (toks[colon].role == python::kCloser) --depth;
    if (depth == 0 && toks[colon].role == python::kColon) break;
  }
  auto exits = [&](size_t k) {
    return is_name(k, "return") || is_name(k, "raise") || is_name(k, "continue") ||
           is_name(k, "break");
  };
  // A body that leaves (`print("no gpu"); return`): a return/raise/continue/break among its own
  // statements, not in a nested block.
  bool body_exits = colon < e && exits(colon + 1);
  if (body < toks.size() && toks[body].kind == TokenKind::Indent) {
    int depth = 0;
    for (size_t k = body; k < toks.size() && !body_exits; ++k) {
      if (toks[k].kind == TokenKind::Indent) ++depth;
      if (toks[k].kind == TokenKind::Dedent && --depth == 0) break;
      const bool starts = k > 0 && (toks[k - 1].role == python::kLineBreak ||
                                    toks[k - 1].role == python::kSemicolon);
      if (depth == 1 && starts && exits(k)) body_exits = true;
    }
  }
  const bool early_exit = (head == "if" || head == "elif") && (exits(first_body) || body_exits);
  const bool negated = opens && is_name(s + 1, "not");
  if (negated || early_exit || head == "assert") {
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

std::pair<uint32_t, uint32_t> def_lines(const std::vector<Token>& toks, uint32_t offset) {
  const size_t i = token_index(toks, offset);
  if (i == SIZE_MAX) return {0, 0};
  const size_t s = statement_start(toks, i), e = statement_end(toks, i);
  uint32_t last = toks[e < toks.size() ? e : toks.size() - 1].span.line;
  size_t body = e + 1;
  while (body < toks.size() && toks[body].kind == TokenKind::Comment) ++body;
  if (body < toks.size() && toks[body].kind == TokenKind::Indent) {
    int depth = 0;
    for (size_t k = body; k < toks.size(); ++k) {
      if (toks[k].kind == TokenKind::Indent) ++depth;
      if (toks[k].kind == TokenKind::Dedent && --depth == 0) break;
      if (toks[k].kind != TokenKind::Dedent && toks[k].kind != TokenKind::EndMarker &&
          toks[k].span.end_line > last)
        last = toks[k].kind == TokenKind::Newline ? toks[k].span.line : toks[k].span.end_line;
    }
  }
  return {toks[s].span.line, last};
}

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
      // `use_cuda, n = torch.cuda.is_available(), 4`: which name holds it is not followed.
      for (size_t m = s; m < k; ++m)
        if (toks[m].text == ",") out.whole_file = true;
      break;
    }
  }
  // `if (ok := torch.cuda.is_available()):` binds a name inside the condition.
  for (size_t k = s + 1; k + 1 < e && stored.empty(); ++k)
    if (toks[k].text == ":=" && toks[k - 1].kind == TokenKind::Name) {
      stored = toks[k - 1].text;
      out.stored = true;
    }
  if (out.whole_file || stored.empty()) return out;
  for (size_t k : names.of(stored)) {
    if (k >= s && k < e) continue;
    // Not the name itself: an attribute of something else (`x.dtype`), a keyword (`dtype=`).
    if (k > 0 && toks[k - 1].text == ".") continue;
    if (k + 1 < toks.size() && toks[k + 1].role == python::kAssign && k > 0 &&
        (toks[k - 1].text == "(" || toks[k - 1].text == ","))
      continue;
    const size_t us = statement_start(toks, k), ue = statement_end(toks, k);
    // `pytestmark = pytest.mark.skipif(not X, ...)`, `@pytest.mark.skipif(not X)`: the value
    // decides whether whole tests run.
    bool skip = toks[us].text == "pytestmark";
    for (size_t m = us; m < ue && !skip; ++m) skip = toks[m].text == "skipif";
    // Passed on to a call (`run(use_cuda)`): the callee decides, not followed here.
    std::vector<size_t> open;  // the unclosed brackets around the use
    for (size_t m = us; m < k; ++m) {
      if (toks[m].role == python::kOpener) open.push_back(m);
      if (toks[m].role == python::kCloser && !open.empty()) open.pop_back();
    }
    const bool in_call =
        !open.empty() && toks[open.back()].text == "(" && open.back() > us &&
        (toks[open.back() - 1].kind == TokenKind::Name || toks[open.back() - 1].text == ")");
    const bool passed = in_call && toks[us].text != "if" && toks[us].text != "elif" &&
                        toks[us].text != "while" && toks[us].text != "assert";
    if (skip || passed) {
      out.whole_file = true;
      return out;
    }
    out.lines.push_back(guarded_lines(toks, toks[k].span.offset));
  }
  return out;
}

}  // namespace ascendify::fix::detail
