#include "fix/guard_region.hpp"

#include <algorithm>
#include <string_view>

namespace ascendify::fix::detail {

using python::Token;
using python::TokenKind;

bool stored_value(const std::vector<Token>& toks, uint32_t offset) {
  auto it = std::lower_bound(toks.begin(), toks.end(), offset,
                             [](const Token& t, uint32_t o) { return t.span.offset < o; });
  if (it == toks.end() || it->span.offset != offset) return false;
  size_t s = static_cast<size_t>(it - toks.begin());
  while (s > 0 && toks[s - 1].role != python::kLineBreak && toks[s - 1].role != python::kSemicolon)
    --s;
  int depth = 0;
  for (size_t k = s; k < static_cast<size_t>(it - toks.begin()); ++k) {
    if (toks[k].role == python::kOpener) ++depth;
    if (toks[k].role == python::kCloser) --depth;
    if (depth == 0 && (toks[k].role == python::kAssign || toks[k].role == python::kAugAssign))
      return true;
    if (depth == 0 && toks[k].kind == TokenKind::Name && toks[k].text == "return") return true;
  }
  return false;
}

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

}  // namespace ascendify::fix::detail
