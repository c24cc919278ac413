#include "discover/glob.hpp"

#include <algorithm>
#include <cctype>

namespace ascendify::discover {
namespace {

// Adds the characters of the POSIX class `name` ("alpha", "digit", ...) to bits.
// Returns false for an unknown name.
bool add_named_class(std::string_view name, std::bitset<256>& bits) {
  int (*pred)(int) = nullptr;
  if (name == "alnum")
    pred = isalnum;
  else if (name == "alpha")
    pred = isalpha;
  else if (name == "blank")
    pred = isblank;
  else if (name == "cntrl")
    pred = iscntrl;
  else if (name == "digit")
    pred = isdigit;
  else if (name == "graph")
    pred = isgraph;
  else if (name == "lower")
    pred = islower;
  else if (name == "print")
    pred = isprint;
  else if (name == "punct")
    pred = ispunct;
  else if (name == "space")
    pred = isspace;
  else if (name == "upper")
    pred = isupper;
  else if (name == "xdigit")
    pred = isxdigit;
  if (pred == nullptr) return false;
  for (int c = 0; c < 128; ++c) {
    if (pred(c)) bits.set(static_cast<size_t>(c));
  }
  return true;
}

}  // namespace

size_t Glob::parse_class(std::string_view p, size_t i) {
  std::bitset<256> bits;
  size_t j = i + 1;
  bool negate = false;
  if (j < p.size() && (p[j] == '!' || p[j] == '^')) {
    negate = true;
    ++j;
  }
  bool first = true;
  while (j < p.size()) {
    unsigned char c = static_cast<unsigned char>(p[j]);
    if (c == ']' && !first) {
      if (negate) bits.flip();
      bits.reset('/');
      classes_.push_back(bits);
      toks_.push_back({Op::Class, 0, static_cast<uint32_t>(classes_.size() - 1)});
      return j + 1;
    }
    first = false;
    if (c == '[' && j + 1 < p.size() && p[j + 1] == ':') {
      size_t close = p.find(":]", j + 2);
      if (close != std::string_view::npos &&
          add_named_class(p.substr(j + 2, close - (j + 2)), bits)) {
        j = close + 2;
        continue;
      }
      if (close != std::string_view::npos) return 0;  // unknown class name: malformed (git)
    }
    if (c == '\\') {
      if (j + 1 >= p.size()) return 0;
      c = static_cast<unsigned char>(p[++j]);
    }
    // Range `c-d` unless the '-' is the last character before ']'.
    if (j + 2 < p.size() && p[j + 1] == '-' && p[j + 2] != ']') {
      size_t k = j + 2;
      unsigned char hi = static_cast<unsigned char>(p[k]);
      if (hi == '\\') {
        if (k + 1 >= p.size()) return 0;
        hi = static_cast<unsigned char>(p[++k]);
      }
      for (unsigned v = c; v <= hi; ++v) bits.set(v);  // empty when hi < c, as in git
      j = k + 1;
      continue;
    }
    bits.set(c);
    ++j;
  }
  return 0;  // no closing ']'
}

Glob Glob::compile(std::string_view p) {
  Glob g;
  size_t i = 0;
  while (i < p.size()) {
    char c = p[i];
    if (c == '\\') {
      if (i + 1 >= p.size()) {
        g.valid_ = false;
        break;
      }
      g.toks_.push_back({Op::Lit, static_cast<unsigned char>(p[i + 1]), 0});
      i += 2;
    } else if (c == '?') {
      g.toks_.push_back({Op::Any1, 0, 0});
      ++i;
    } else if (c == '*') {
      size_t run_end = i;
      while (run_end < p.size() && p[run_end] == '*') ++run_end;
      bool at_start = i == 0 || p[i - 1] == '/';
      bool at_end = run_end == p.size() || p[run_end] == '/';
      if (run_end - i >= 2 && at_start && at_end) {
        if (run_end < p.size()) {  // `**/`
          g.toks_.push_back({Op::DStarSlash, 0, 0});
          i = run_end + 1;
        } else {  // trailing `**`
          g.toks_.push_back({Op::DStar, 0, 0});
          i = run_end;
        }
      } else {
        if (g.toks_.empty() || g.toks_.back().op != Op::Star) g.toks_.push_back({Op::Star, 0, 0});
        i = run_end;
      }
    } else if (c == '[') {
      size_t next = g.parse_class(p, i);
      if (next == 0) {
        g.valid_ = false;
        break;
      }
      i = next;
    } else {
      g.toks_.push_back({Op::Lit, static_cast<unsigned char>(c), 0});
      ++i;
    }
  }
  if (!g.valid_) {
    g.toks_.clear();
    g.classes_.clear();
    return g;
  }
  size_t first_lit = !g.toks_.empty() && g.toks_[0].op == Op::Star ? 1 : 0;
  bool rest_literal = true;
  for (size_t k = first_lit; k < g.toks_.size() && rest_literal; ++k) {
    if (g.toks_[k].op != Op::Lit)
      rest_literal = false;
    else
      g.literal_.push_back(static_cast<char>(g.toks_[k].ch));
  }
  if (rest_literal) g.shape_ = first_lit == 1 ? Shape::StarSuffix : Shape::Literal;
  return g;
}

bool Glob::takes(const Tok& t, unsigned char c) const {
  switch (t.op) {
    case Op::Lit:
      return c == t.ch;
    case Op::Any1:
      return c != '/';
    case Op::Class:
      return classes_[t.cls].test(c);
    default:
      return true;  // stars
  }
}

bool Glob::first_and_last_can_match(std::string_view text) const {
  const Tok& first = toks_.front();
  const Tok& last = toks_.back();
  const bool first_fixed = first.op == Op::Lit || first.op == Op::Any1 || first.op == Op::Class;
  const bool last_fixed = last.op == Op::Lit || last.op == Op::Any1 || last.op == Op::Class;
  if ((first_fixed || last_fixed) && text.empty()) return false;
  if (first_fixed && !takes(first, static_cast<unsigned char>(text.front()))) return false;
  if (last_fixed && !takes(last, static_cast<unsigned char>(text.back()))) return false;
  return true;
}

bool Glob::match(std::string_view text) const {
  if (!valid_) return false;
  if (shape_ == Shape::Literal) return text == literal_;
  if (shape_ == Shape::StarSuffix) {
    return text.size() >= literal_.size() &&
           text.substr(text.size() - literal_.size()) == literal_ &&
           text.substr(0, text.size() - literal_.size()).find('/') == std::string_view::npos;
  }
  const size_t n = toks_.size();
  // Quick rejections, exact for this NFA: only token 0 can take the first character, and only
  // the last token the last one when it is not a star (state n has no way out and a non-star
  // token never lets the NFA skip it). Most paths fail a gitignore line right there.
  if (n > 0 && !first_and_last_can_match(text)) return false;
  // cur[k]: the NFA is before token k (k == n: accepted). inner[k]: inside a `**/` token
  // after at least one character that is not yet followed by '/'. The buffers are reused
  // across calls on the same thread.
  thread_local std::vector<char> cur, next, inner, next_inner;
  cur.assign(n + 1, 0);
  next.assign(n + 1, 0);
  inner.assign(n, 0);
  next_inner.assign(n, 0);
  auto close = [&](std::vector<char>& set) {
    for (size_t k = 0; k < n; ++k) {
      if (!set[k]) continue;
      Op op = toks_[k].op;
      if (op == Op::Star || op == Op::DStar || op == Op::DStarSlash) set[k + 1] = 1;
    }
  };
  cur[0] = 1;
  close(cur);
  for (char ch : text) {
    const unsigned char c = static_cast<unsigned char>(ch);
    std::fill(next.begin(), next.end(), 0);
    std::fill(next_inner.begin(), next_inner.end(), 0);
    bool any = false;
    for (size_t k = 0; k < n; ++k) {
      const Tok& t = toks_[k];
      if (cur[k]) {
        switch (t.op) {
          case Op::Lit:
            if (c == t.ch) next[k + 1] = 1;
            break;
          case Op::Any1:
            if (c != '/') next[k + 1] = 1;
            break;
          case Op::Class:
            if (classes_[t.cls].test(c)) next[k + 1] = 1;
            break;
          case Op::Star:
            if (c != '/') next[k] = 1;
            break;
          case Op::DStar:
            next[k] = 1;
            break;
          case Op::DStarSlash:
            (c == '/' ? next[k] : next_inner[k]) = 1;
            break;
        }
      }
      if (inner[k]) (c == '/' ? next[k] : next_inner[k]) = 1;
    }
    close(next);
    for (size_t k = 0; k <= n; ++k) any = any || next[k] || (k < n && next_inner[k]);
    if (!any) return false;
    cur.swap(next);
    inner.swap(next_inner);
  }
  return cur[n] != 0;
}

bool glob_match(std::string_view pattern, std::string_view text) {
  return Glob::compile(pattern).match(text);
}

}  // namespace ascendify::discover
