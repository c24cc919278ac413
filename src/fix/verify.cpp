#include "fix/verify.hpp"

#include <utility>

#include "python/lexer.hpp"

namespace ascendify::fix::detail {

namespace {

using python::Token;
using python::TokenKind;
using Shape = std::pair<TokenKind, std::string>;

// Tokens of a fragment lexed alone, without the trailing Newline/Dedent/EndMarker.
std::vector<Shape> fragment(std::string_view text, bool keep_newlines) {
  std::vector<Shape> out;
  for (const Token& t : python::lex(text).tokens) {
    if (t.kind == TokenKind::EndMarker) break;
    if (!keep_newlines && (t.kind == TokenKind::Newline || t.kind == TokenKind::Dedent)) continue;
    out.emplace_back(t.kind, std::string(t.text));
  }
  return out;
}

struct Group {
  size_t tb, te;  // tokens [tb, te)
  size_t eb, ee;  // edits [eb, ee)
};

bool overlaps(const Token& t, const Edit& e) {
  if (t.span.offset == t.span.end_offset) return false;
  if (e.offset == e.end_offset) return t.span.offset < e.offset && e.offset < t.span.end_offset;
  return t.span.offset < e.end_offset && t.span.end_offset > e.offset;
}

}  // namespace

std::string apply_edits(std::string_view original, const std::vector<Edit>& edits,
                        uint32_t insert_offset, std::string_view inserted) {
  std::string out;
  out.reserve(original.size() + inserted.size() + 64);
  size_t pos = 0;
  bool done = inserted.empty();
  for (const Edit& e : edits) {
    if (!done && insert_offset <= e.offset) {
      out.append(original.substr(pos, insert_offset - pos));
      out.append(inserted);
      pos = insert_offset;
      done = true;
    }
    out.append(original.substr(pos, e.offset - pos));
    out.append(e.text);
    pos = e.end_offset;
  }
  if (!done && insert_offset >= pos && insert_offset <= original.size()) {
    out.append(original.substr(pos, insert_offset - pos));
    out.append(inserted);
    pos = insert_offset;
  }
  out.append(original.substr(pos));
  return out;
}

std::string relex_mismatch(std::string_view original, const std::vector<Token>& toks,
                           std::string_view fixed, const std::vector<Edit>& edits,
                           uint32_t insert_offset, std::string_view inserted) {
  // Group the tokens touched by edits.
  std::vector<Group> groups;
  size_t k = 0;
  for (size_t ei = 0; ei < edits.size(); ++ei) {
    while (k < toks.size() && toks[k].span.end_offset <= edits[ei].offset &&
           !overlaps(toks[k], edits[ei]))
      ++k;
    size_t tb = k;
    while (tb < toks.size() && !overlaps(toks[tb], edits[ei])) ++tb;
    if (tb >= toks.size())
      return "edit at line " + std::to_string(edits[ei].line) + " touches no token";
    size_t te = tb;
    while (te < toks.size() && overlaps(toks[te], edits[ei])) ++te;
    if (!groups.empty() && tb < groups.back().te) {
      groups.back().te = std::max(groups.back().te, te);
      groups.back().ee = ei + 1;
    } else {
      groups.push_back({tb, te, ei, ei + 1});
    }
    k = tb;
  }

  std::vector<Shape> expected;
  const std::vector<Shape> ins = inserted.empty() ? std::vector<Shape>() : fragment(inserted, true);
  bool ins_done = inserted.empty();
  auto maybe_insert = [&](const Token& t) {
    if (ins_done) return;
    if (t.span.offset > insert_offset ||
        (t.span.offset == insert_offset && t.kind != TokenKind::Dedent &&
         t.kind != TokenKind::Indent)) {
      expected.insert(expected.end(), ins.begin(), ins.end());
      ins_done = true;
    }
  };
  size_t next = 0;
  for (const Group& g : groups) {
    for (; next < g.tb; ++next) {
      maybe_insert(toks[next]);
      expected.emplace_back(toks[next].kind, std::string(toks[next].text));
    }
    maybe_insert(toks[g.tb]);
    const uint32_t start = toks[g.tb].span.offset, end = toks[g.te - 1].span.end_offset;
    std::vector<Edit> local;
    for (size_t ei = g.eb; ei < g.ee; ++ei) {
      Edit e = edits[ei];
      e.offset -= start;
      e.end_offset -= start;
      local.push_back(std::move(e));
    }
    const std::string text = apply_edits(original.substr(start, end - start), local, 0, {});
    for (auto& s : fragment(text, false)) expected.push_back(std::move(s));
    next = g.te;
  }
  for (; next < toks.size(); ++next) {
    maybe_insert(toks[next]);
    expected.emplace_back(toks[next].kind, std::string(toks[next].text));
  }

  const auto got = python::lex(fixed).tokens;
  const size_t n = std::min(got.size(), expected.size());
  for (size_t i = 0; i < n; ++i) {
    if (got[i].kind != expected[i].first || got[i].text != expected[i].second)
      return "token `" + std::string(got[i].text) + "` at line " +
             std::to_string(got[i].span.line) + " differs from the expected `" +
             expected[i].second + "`";
  }
  if (got.size() != expected.size())
    return "token count " + std::to_string(got.size()) + " differs from the expected " +
           std::to_string(expected.size());
  return {};
}

}  // namespace ascendify::fix::detail
