#include "fix/edit_finding.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "python/fstring_fields.hpp"
#include "python/lexer.hpp"
#include "rules/normalize.hpp"

namespace ascendify::fix::detail {

namespace {

using python::Token;
using python::TokenKind;

bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

EditResult manual(std::string reason) {
  EditResult r;
  r.outcome = Outcome::Manual;
  r.reason = std::move(reason);
  return r;
}

EditResult mismatch(std::string reason) {
  EditResult r;
  r.outcome = Outcome::Mismatch;
  r.reason = std::move(reason);
  return r;
}

EditResult edited(const Finding& f, uint32_t offset, uint32_t end, std::string text) {
  EditResult r;
  r.outcome = Outcome::Edited;
  r.edit.offset = offset;
  r.edit.end_offset = end;
  r.edit.text = std::move(text);
  r.edit.rule_id = f.rule_id;
  r.edit.line = f.span.line;
  return r;
}

bool zero_width(const Token& t) {
  return t.kind == TokenKind::Indent || t.kind == TokenKind::Dedent ||
         (t.kind == TokenKind::Newline && t.span.offset == t.span.end_offset);
}

// The tokens exactly covering [offset, end): first index and count; count 0 when the span
// does not fall on token boundaries.
std::pair<size_t, size_t> covering(const std::vector<Token>& toks, uint32_t offset, uint32_t end) {
  auto it = std::lower_bound(toks.begin(), toks.end(), offset,
                             [](const Token& t, uint32_t o) { return t.span.offset < o; });
  size_t i = static_cast<size_t>(it - toks.begin());
  while (i < toks.size() && zero_width(toks[i]) && toks[i].span.offset == offset) ++i;
  if (i >= toks.size() || toks[i].span.offset != offset || end <= offset) return {0, 0};
  size_t j = i;
  while (j < toks.size() && toks[j].span.end_offset <= end && toks[j].kind != TokenKind::EndMarker)
    ++j;
  if (j == i || toks[j - 1].span.end_offset != end) return {0, 0};
  return {i, j - i};
}

// The finding's value for a string fact: match is "\"value\"".
std::string_view unquote(std::string_view m) {
  if (m.size() >= 2 && m.front() == '"' && m.back() == '"') return m.substr(1, m.size() - 2);
  return m;
}

std::string_view body_of(const Token& t) {
  const size_t open = static_cast<size_t>(t.prefix_len) + t.quote_len;
  if (t.text.size() < open + t.quote_len) return {};
  return t.text.substr(open, t.text.size() - open - t.quote_len);
}

std::vector<std::string> words_of(const MatchSpec& match) {
  std::vector<std::string> out;
  for (const auto& n : match.names) {
    std::string w = n;
    if (w.size() > 2 && w.compare(w.size() - 2, 2, ":N") == 0) w.resize(w.size() - 2);
    if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
  }
  return out;
}

std::vector<std::string_view> dotted_parts(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    const size_t dot = s.find('.', start);
    out.push_back(s.substr(start, dot == std::string_view::npos ? dot : dot - start));
    if (dot == std::string_view::npos) return out;
    start = dot + 1;
  }
}

// `import torch as th` + `th.cuda.synchronize`: the alias `th` stands for the leading
// components `torch` of the resolved name. When the new name starts with those same
// components, the alias is kept and only the rest is renamed (`th.npu.synchronize`);
// otherwise (`tc = torch.cuda`, `tc.synchronize`) empty: the alias cannot express it.
std::string realiased(std::string_view src, std::string_view qualified, std::string_view to) {
  const auto a = dotted_parts(src), q = dotted_parts(qualified);
  size_t k = 0;  // common trailing components
  while (k < a.size() && k < q.size() && a[a.size() - 1 - k] == q[q.size() - 1 - k]) ++k;
  if (k == 0 || k >= a.size() || k >= q.size()) return {};
  std::string head;  // the components the alias stands for
  for (size_t i = 0; i + k < q.size(); ++i) head += std::string(q[i]) + ".";
  if (to.size() <= head.size() || to.substr(0, head.size()) != head) return {};
  std::string alias;
  for (size_t i = 0; i + k < a.size(); ++i) alias += std::string(a[i]) + ".";
  return alias + std::string(to.substr(head.size()));
}

EditResult rename_reference(const Finding& f, const Autofix& fix, const MatchSpec& match,
                            std::string_view text, const std::vector<Token>& toks) {
  auto [i, n] = covering(toks, f.span.offset, f.span.end_offset);
  if (n == 0) return mismatch("span is not on token boundaries");
  for (size_t k = 0; k < n; ++k) {
    const Token& t = toks[i + k];
    const bool ok =
        (k % 2 == 0) ? t.kind == TokenKind::Name : (t.kind == TokenKind::Op && t.text == ".");
    if (!ok) return mismatch("span is not a dotted name");
  }
  if (n % 2 == 0) return mismatch("span is not a dotted name");
  const std::string_view src = text.substr(f.span.offset, f.span.end_offset - f.span.offset);
  std::string to = renamed(f.match, fix, match);
  if (to.empty() || to == f.match) return mismatch("rename target is empty or unchanged");
  if (src != f.match) {
    to = realiased(src, f.match, to);
    if (to.empty())
      return manual("used through an alias (`" + std::string(src) + "` is " + f.match +
                    "): rename by hand");
  }
  return edited(f, f.span.offset, f.span.end_offset, std::move(to));
}

EditResult rename_method(const Finding& f, const Autofix& fix, const std::vector<Token>& toks) {
  std::string_view name = f.match;
  if (!name.empty() && name.front() == '.') name.remove_prefix(1);
  // ".cuda()" is a method call; ".is_cuda" an attribute read (a `usages: [load]` rule).
  const bool call = name.size() >= 2 && name.substr(name.size() - 2) == "()";
  if (call) name.remove_suffix(2);
  auto [i, n] = covering(toks, f.span.offset, f.span.end_offset);
  if (n == 2 && toks[i].kind == TokenKind::Op && toks[i].text == ".") ++i, n = 1;  // ".cuda"
  if (n != 1 || toks[i].kind != TokenKind::Name || toks[i].text != name)
    return mismatch("span is not the method name `" + std::string(name) + "`");
  if (i == 0 || toks[i - 1].text != ".")
    return mismatch(concat({"`", name, "` is not an attribute"}));
  const bool followed_by_call = i + 1 < toks.size() && toks[i + 1].text == "(";
  if (call != followed_by_call)
    return mismatch(concat({"`", name, "` is ", call ? "not a method call" : "called, not read"}));
  if (fix.to.empty()) return mismatch("empty rename-method target");
  return edited(f, toks[i].span.offset, toks[i].span.end_offset, fix.to);
}

// The single, complete, non-bytes String token at the span, or nullptr.
const Token* string_token(const Finding& f, const std::vector<Token>& toks, std::string* why) {
  auto [i, n] = covering(toks, f.span.offset, f.span.end_offset);
  if (n != 1 || toks[i].kind != TokenKind::String) {
    *why = "span is not one string literal";
    return nullptr;
  }
  const Token& t = toks[i];
  if (t.string_flags & (python::kBytes | python::kUnterminated)) {
    *why = "bytes or unterminated string literal";
    return nullptr;
  }
  if (python::decode_string(t) != unquote(f.match)) {
    *why = "string literal value differs from the finding";
    return nullptr;
  }
  return &t;
}

EditResult replace_string(const Finding& f, const Autofix& fix, const MatchSpec& match,
                          const std::vector<Token>& toks) {
  std::string why;
  const Token* t = string_token(f, toks, &why);
  if (!t) return mismatch(why);
  const std::string_view body = body_of(*t);
  std::string out = replaced_body(body, unquote(f.match), fix.to, match);
  if (out.empty()) return manual("string literal spelled with escapes: edit by hand");
  const uint32_t start = t->span.offset + t->prefix_len + t->quote_len;
  return edited(f, start, start + static_cast<uint32_t>(body.size()), std::move(out));
}

EditResult rename_env_string(const Finding& f, const Autofix& fix, const std::vector<Token>& toks) {
  std::string why;
  const Token* t = string_token(f, toks, &why);
  if (!t) return mismatch(why);
  const std::string_view body = body_of(*t);
  if (body != unquote(f.match)) return manual("variable name spelled with escapes: edit by hand");
  if (fix.to.empty()) return mismatch("empty rename-env target");
  const uint32_t start = t->span.offset + t->prefix_len + t->quote_len;
  return edited(f, start, start + static_cast<uint32_t>(body.size()), fix.to);
}

}  // namespace

std::string renamed(std::string_view qualified, const Autofix& fix, const MatchSpec& match) {
  if (fix.to.empty() || fix.to.back() != '.') return fix.to;
  size_t keep = std::string_view::npos;  // where the kept tail starts
  if (match.prefix) {
    size_t best = 0;
    for (const auto& p : match.names)
      if (p.size() > best && rules::boundary_prefix(qualified, p)) best = p.size();
    if (best == 0) return {};
    keep = best;
    if (qualified.size() > best && qualified[best] == '.') ++keep;  // prefix "torch.cuda"
  } else {
    const size_t dot = qualified.rfind('.');
    if (dot == std::string_view::npos) return {};
    keep = dot + 1;
  }
  if (keep > qualified.size()) return {};
  return fix.to + std::string(qualified.substr(keep));
}

std::string replaced_body(std::string_view body, std::string_view value, std::string_view to,
                          const MatchSpec& match) {
  const std::vector<std::string> words = words_of(match);
  for (const auto& w : words) {
    if (w.empty()) continue;
    const bool whole = value == w;
    const bool with_index = value.size() > w.size() && value.substr(0, w.size()) == w &&
                            value[w.size()] == ':' && rules::normalize_value(value) == w + ":N";
    if (!whole && !with_index) continue;
    if (body.substr(0, w.size()) != w) return {};
    if (whole ? body.size() != w.size() : (body.size() <= w.size() || body[w.size()] != ':'))
      return {};
    return std::string(to) + std::string(body.substr(w.size()));
  }
  // A mixed backend spec "cpu:gloo,cuda:nccl": each `device:backend` item whose backend is
  // a matched word gets `to`, and its device "cuda" becomes "npu".
  if (body != value || body.find_first_of("{}\\") != std::string_view::npos) return {};
  std::string out;
  bool changed = false;
  size_t pos = 0;
  while (pos <= body.size()) {
    size_t comma = body.find(',', pos);
    if (comma == std::string_view::npos) comma = body.size();
    std::string_view item = body.substr(pos, comma - pos);
    const size_t colon = item.find(':');
    std::string_view dev =
        colon == std::string_view::npos ? std::string_view() : item.substr(0, colon);
    std::string_view back = colon == std::string_view::npos ? item : item.substr(colon + 1);
    if (!out.empty() || pos > 0) out += ',';
    if (std::find(words.begin(), words.end(), back) != words.end()) {
      changed = true;
      if (colon != std::string_view::npos) out += std::string(dev == "cuda" ? "npu" : dev) + ":";
      out += to;
    } else {
      out += item;
    }
    pos = comma + 1;
  }
  return changed ? out : std::string();
}

// A finding inside a replacement field of an f-string (`f"{torch.cuda.x()}"`) lies within one
// String token of the file: it is checked and edited against the tokens of that field (of the
// innermost f-string, for nested ones). Otherwise `tokens` itself.
const std::vector<Token>& tokens_around(const Finding& f, const std::vector<Token>& tokens,
                                        std::vector<Token>& fields) {
  const std::vector<Token>* toks = &tokens;
  python::FieldLexer lexer;
  std::vector<Token> part;
  std::vector<uint32_t> fors;
  for (int level = 0; level < 8; ++level) {
    auto it = std::upper_bound(toks->begin(), toks->end(), f.span.offset,
                               [](uint32_t o, const Token& t) { return o < t.span.offset; });
    if (it == toks->begin()) break;
    const Token& t = *(it - 1);
    if (!python::has_fields(t) || f.span.offset <= t.span.offset ||
        f.span.end_offset > t.span.end_offset || lexer.start(t) == 0)
      break;
    std::vector<Token> inner;
    for (size_t k = 0; k < lexer.size(); ++k)
      if (lexer.lex(k, part, fors)) inner.insert(inner.end(), part.begin(), part.end());
    fields = std::move(inner);
    toks = &fields;
  }
  return *toks;
}

EditResult python_edit(const Finding& f, const Autofix& fix, const MatchSpec& match,
                       std::string_view text, const std::vector<python::Token>& file_tokens) {
  if (f.span.end_offset > text.size() || f.span.offset >= f.span.end_offset)
    return mismatch("span outside the file");
  std::vector<Token> fields;
  const std::vector<Token>& tokens = tokens_around(f, file_tokens, fields);
  switch (fix.kind) {
    case AutofixKind::Rename:
      return rename_reference(f, fix, match, text, tokens);
    case AutofixKind::RenameMethod:
      return rename_method(f, fix, tokens);
    case AutofixKind::ReplaceString:
      return replace_string(f, fix, match, tokens);
    case AutofixKind::RenameEnv:
      return rename_env_string(f, fix, tokens);
  }
  return manual("unknown autofix kind `" + std::string(to_string(fix.kind)) + "`");
}

EditResult shell_edit(const Finding& f, const Autofix& fix, std::string_view text) {
  if (fix.kind != AutofixKind::RenameEnv)
    return manual("autofix `" + std::string(to_string(fix.kind)) + "` applies to Python only");
  if (f.span.end_offset > text.size() || f.span.offset >= f.span.end_offset)
    return mismatch("span outside the file");
  const std::string_view name = unquote(f.match);
  const std::string_view src = text.substr(f.span.offset, f.span.end_offset - f.span.offset);
  if (src != name) return mismatch("text at the span is not `" + std::string(name) + "`");
  if ((f.span.offset > 0 && ident_char(text[f.span.offset - 1])) ||
      (f.span.end_offset < text.size() && ident_char(text[f.span.end_offset])))
    return mismatch(concat({"`", name, "` is part of a longer name"}));
  if (fix.to.empty()) return mismatch("empty rename-env target");
  return edited(f, f.span.offset, f.span.end_offset, fix.to);
}

}  // namespace ascendify::fix::detail
