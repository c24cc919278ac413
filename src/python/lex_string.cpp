#include "python/lex_string.hpp"

#include <algorithm>

#include "python/token.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ascendify::python::lexdetail {

size_t consume_newline(std::string_view s, size_t i, LineTracker* lt) {
  if (i >= s.size()) return i;
  if (s[i] == '\r') {
    ++i;
    if (i < s.size() && s[i] == '\n') ++i;
  } else if (s[i] == '\n') {
    ++i;
  } else {
    return i;
  }
  if (lt != nullptr) {
    ++lt->line;
    lt->line_start = i;
  }
  return i;
}

bool string_prefix_flags(std::string_view prefix, uint8_t* flags) {
  uint8_t f = 0;
  if (prefix.size() > 2) return false;
  for (char ch : prefix) {
    uint8_t bit = 0;
    switch (ch) {
      case 'r':
      case 'R':
        bit = kRaw;
        break;
      case 'b':
      case 'B':
        bit = kBytes;
        break;
      case 'f':
      case 'F':
        bit = kFormat;
        break;
      case 'u':
      case 'U':
        bit = 0x80;
        break;  // marker: 'u' may not be combined
      default:
        return false;
    }
    if (f & bit) return false;
    f |= bit;
  }
  if ((f & 0x80) && prefix.size() != 1) return false;
  if ((f & kBytes) && (f & kFormat)) return false;
  *flags = static_cast<uint8_t>(f & ~0x80);
  return true;
}

namespace {

// Bytes that need a look inside a plain string body: quotes, backslash, line ends.
struct PlainStops {
  bool v[256] = {};
  constexpr PlainStops() {
    for (unsigned char c : {'\'', '"', '\\', '\r', '\n'}) v[c] = true;
  }
};
constexpr PlainStops kPlainStops{};

// Offset of the first byte at or after `i` that needs a look (kPlainStops), or s.size().
// String bodies (docstrings above all) are long runs of plain bytes: sixteen at a time where
// SSE2 is available (every x86-64).
size_t skip_plain(std::string_view s, size_t i) {
  const size_t n = s.size();
#if defined(__SSE2__)
  const __m128i q1 = _mm_set1_epi8('\''), q2 = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\');
  const __m128i cr = _mm_set1_epi8('\r'), lf = _mm_set1_epi8('\n');
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
    const __m128i hit =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, q1), _mm_cmpeq_epi8(v, q2)),
                     _mm_or_si128(_mm_cmpeq_epi8(v, bs),
                                  _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, lf))));
    if (const int m = _mm_movemask_epi8(hit)) return i + static_cast<unsigned>(__builtin_ctz(m));
  }
#endif
  while (i < n && !kPlainStops.v[static_cast<unsigned char>(s[i])]) ++i;
  return i;
}

ScanResult scan_plain(std::string_view s, size_t i, char quote, bool triple, LineTracker* lt) {
  const size_t n = s.size();
  while (i < n) {
    i = skip_plain(s, i);
    if (i >= n) break;
    char c = s[i];
    if (c == '\\') {
      if (i + 1 >= n) return {n, false};
      char d = s[i + 1];
      i = (d == '\r' || d == '\n') ? consume_newline(s, i + 1, lt) : i + 2;
    } else if (c == quote) {
      if (!triple) return {i + 1, true};
      if (i + 2 < n && s[i + 1] == quote && s[i + 2] == quote) return {i + 3, true};
      ++i;
    } else if (c == '\r' || c == '\n') {
      if (!triple) return {i, false};
      i = consume_newline(s, i, lt);
    } else {
      ++i;
    }
  }
  return {n, false};
}

// First line end met inside a replacement field of a single-quoted f-string.
struct Speculation {
  bool allowed = true;  // false: such a line end ends the f-string (unterminated)
  bool active = false;
  size_t pos = 0;  // offset of that line end
  LineTracker lt;  // line state before it
};

// Pops the frames of the innermost single-quoted f-string(s) after an unescaped line end.
void drop_single_quoted(std::vector<FFrame>& st) {
  while (!st.empty() && !st.back().triple) st.pop_back();
}

// Pops frames up to and including the innermost kLiteral (closing quote met in a spec).
void close_literal(std::vector<FFrame>& st) {
  while (!st.empty()) {
    bool lit = st.back().kind == FFrame::kLiteral;
    st.pop_back();
    if (lit) return;
  }
}

// Literal text or format spec of an f-string. Returns the new offset.
size_t step_literal(std::string_view s, size_t i, std::vector<FFrame>& st, LineTracker* lt,
                    bool* bad_newline) {
  const size_t n = s.size();
  FFrame f = st.back();
  char c = s[i];
  if (c == '\\') {
    if (i + 1 >= n) return n;
    char d = s[i + 1];
    if (d == '\r' || d == '\n') return consume_newline(s, i + 1, lt);
    if (!f.raw && d == 'N' && i + 2 < n && s[i + 2] == '{') {  // \N{NAME} is not a field
      size_t j = i + 3;
      while (j < n && s[j] != '}' && s[j] != f.quote && s[j] != '\n' && s[j] != '\r') ++j;
      return (j < n && s[j] == '}') ? j + 1 : i + 2;
    }
    if (d == '{' || d == '}') return i + 1;  // the brace keeps its meaning
    return i + 2;
  }
  if (c == f.quote) {
    if (!f.triple) {
      close_literal(st);
      return i + 1;
    }
    if (i + 2 < n && s[i + 1] == f.quote && s[i + 2] == f.quote) {
      close_literal(st);
      return i + 3;
    }
    return i + 1;
  }
  if (c == '\r' || c == '\n') {
    if (!f.triple) {
      *bad_newline = true;
      return i;
    }
    return consume_newline(s, i, lt);
  }
  if (c == '{') {
    if (f.kind == FFrame::kLiteral && i + 1 < n && s[i + 1] == '{') return i + 2;
    st.push_back({FFrame::kExpr, f.quote, f.triple, f.raw, 0});
    return i + 1;
  }
  if (c == '}') {
    if (f.kind == FFrame::kSpec) {  // end of the replacement field
      st.pop_back();
      return i + 1;
    }
    return (i + 1 < n && s[i + 1] == '}') ? i + 2 : i + 1;
  }
  return i + 1;
}

// Inside a replacement field's expression.
size_t step_expr(std::string_view s, size_t i, std::vector<FFrame>& st, LineTracker* lt,
                 Speculation* spec, bool* bad_newline) {
  const size_t n = s.size();
  FFrame& f = st.back();
  unsigned char c = static_cast<unsigned char>(s[i]);
  size_t q = n;  // offset of a nested string's opening quote
  uint8_t flags = 0;
  if (c == '\'' || c == '"') {
    q = i;
  } else if (is_ident_start(c)) {
    size_t j = i + 1;
    while (j < n && is_ident_char(static_cast<unsigned char>(s[j]))) ++j;
    if (j < n && (s[j] == '\'' || s[j] == '"') && string_prefix_flags(s.substr(i, j - i), &flags))
      q = j;
    else
      return j;
  }
  if (q < n) {
    char quote = s[q];
    bool triple = q + 2 < n && s[q + 1] == quote && s[q + 2] == quote;
    size_t body = q + (triple ? 3 : 1);
    if (flags & kFormat) {
      st.push_back({FFrame::kLiteral, quote, triple, (flags & kRaw) != 0, 0});
      return body;
    }
    ScanResult r = scan_plain(s, body, quote, triple, lt);
    return r.end;
  }
  switch (c) {
    case '(':
    case '[':
    case '{':
      if (f.depth < UINT32_MAX) ++f.depth;
      return i + 1;
    case ')':
    case ']':
      if (f.depth > 0) --f.depth;
      return i + 1;
    case '}':
      if (f.depth > 0) {
        --f.depth;
      } else {
        st.pop_back();
      }
      return i + 1;
    case ':':
      if (f.depth == 0) f.kind = FFrame::kSpec;
      return i + 1;
    case '#': {
      size_t j = i;
      while (j < n && s[j] != '\n' && s[j] != '\r') ++j;
      return j;
    }
    case '\\':
      if (i + 1 < n && (s[i + 1] == '\r' || s[i + 1] == '\n')) return consume_newline(s, i + 1, lt);
      return i + 1;
    case '\r':
    case '\n':
      if (!f.triple) {  // PEP 701 allows it, but it is more often a missing quote or brace
        if (!spec->allowed) {
          *bad_newline = true;
          return i;
        }
        if (!spec->active) {
          spec->active = true;
          spec->pos = i;
          if (lt != nullptr) spec->lt = *lt;
        }
      }
      return consume_newline(s, i, lt);
    default:
      return i + 1;
  }
}

// Runs the f-string machine until the stack shrinks below `stop_size`. An f-string left
// unterminated after a speculative line end in a single-quoted field is cut back there.
ScanResult run_fstring(std::string_view s, size_t i, LineTracker* lt, std::vector<FFrame>& st,
                       size_t stop_size, bool multiline_fields) {
  const size_t n = s.size();
  Speculation spec;
  spec.allowed = multiline_fields;
  auto unterminated = [&](size_t end) -> ScanResult {
    if (!spec.active) return {end, false, false};
    if (lt != nullptr) *lt = spec.lt;
    return {spec.pos, false, true};
  };
  while (st.size() >= stop_size) {
    if (i >= n) return unterminated(n);
    bool bad_newline = false;
    i = st.back().kind == FFrame::kExpr ? step_expr(s, i, st, lt, &spec, &bad_newline)
                                        : step_literal(s, i, st, lt, &bad_newline);
    if (bad_newline) {
      drop_single_quoted(st);
      if (st.size() < stop_size) return unterminated(i);
    }
  }
  return {i, true, false};
}

}  // namespace

ScanResult scan_string_body(std::string_view s, size_t i, char quote, bool triple, uint8_t flags,
                            LineTracker* lt, std::vector<FFrame>& scratch, bool multiline_fields) {
  if (!(flags & kFormat)) return scan_plain(s, i, quote, triple, lt);
  scratch.clear();
  scratch.push_back({FFrame::kLiteral, quote, triple, (flags & kRaw) != 0, 0});
  return run_fstring(s, i, lt, scratch, 1, multiline_fields);
}

namespace {

// Offset of the first byte at or after `i` that step_literal does more with than step over:
// braces, backslash, the quote, line ends. Sixteen bytes at a time where SSE2 is available.
size_t skip_literal_text(std::string_view s, size_t i, char quote) {
  const size_t n = s.size();
#if defined(__SSE2__)
  const __m128i lb = _mm_set1_epi8('{'), rb = _mm_set1_epi8('}'), bs = _mm_set1_epi8('\\');
  const __m128i q = _mm_set1_epi8(quote), cr = _mm_set1_epi8('\r'), lf = _mm_set1_epi8('\n');
  for (; i + 16 <= n; i += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
    const __m128i hit =
        _mm_or_si128(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, lb), _mm_cmpeq_epi8(v, rb)),
                                  _mm_or_si128(_mm_cmpeq_epi8(v, bs), _mm_cmpeq_epi8(v, q))),
                     _mm_or_si128(_mm_cmpeq_epi8(v, cr), _mm_cmpeq_epi8(v, lf)));
    if (const int m = _mm_movemask_epi8(hit)) return i + static_cast<unsigned>(__builtin_ctz(m));
  }
#endif
  for (; i < n; ++i) {
    const char c = s[i];
    if (c == '{' || c == '}' || c == '\\' || c == quote || c == '\r' || c == '\n') return i;
  }
  return i;
}

// True when no f-string literal other than the outermost one is open in frames [1, upto]:
// the frame at `upto` belongs to the outermost f-string's own fields.
bool own_field(const std::vector<FFrame>& st, size_t upto) {
  for (size_t k = 1; k <= upto && k < st.size(); ++k)
    if (st[k].kind == FFrame::kLiteral) return false;
  return true;
}

}  // namespace

void fstring_fields(std::string_view s, size_t i, char quote, bool triple, bool raw,
                    std::vector<FFrame>& scratch, std::vector<FieldRange>& out) {
  out.clear();
  const size_t n = std::min(s.size(), size_t{UINT32_MAX});
  scratch.clear();
  scratch.push_back({FFrame::kLiteral, quote, triple, raw, 0});
  Speculation spec;
  // The own fields not closed yet, innermost last.
  struct Open {
    size_t frame;  // index of the field's frame in `scratch`
    size_t field;  // index in `out`
    bool ended;    // its expression part ended at a ':'
  };
  thread_local std::vector<Open> open;  // reused: most f-strings have a field or two
  open.clear();
  while (!scratch.empty() && i < n) {
    const size_t before = scratch.size();
    const FFrame::Kind kind = scratch.back().kind;
    if (kind != FFrame::kExpr) {  // literal text or a spec: to the next byte with a meaning
      i = skip_literal_text(s, i, scratch.back().quote);
      if (i >= n) break;
    }
    const size_t at = i;
    bool bad_newline = false;
    i = kind == FFrame::kExpr ? step_expr(s, i, scratch, nullptr, &spec, &bad_newline)
                              : step_literal(s, i, scratch, nullptr, &bad_newline);
    if (bad_newline || i <= at) break;  // not a well-formed literal: stop listing
    if (kind != FFrame::kExpr && scratch.size() == before + 1 &&
        scratch.back().kind == FFrame::kExpr && own_field(scratch, before)) {
      open.push_back({before, out.size(), false});
      out.push_back({static_cast<uint32_t>(i), static_cast<uint32_t>(i)});
      continue;
    }
    if (!open.empty() && !open.back().ended && open.back().frame < scratch.size() &&
        scratch[open.back().frame].kind != FFrame::kExpr) {
      out[open.back().field].end = static_cast<uint32_t>(at);  // the ':' of a format spec
      open.back().ended = true;
    }
    // A field is closed by its own '}' (one frame popped); a quote that pops it with the
    // literal around it leaves it unclosed (malformed): dropped.
    while (!open.empty() && open.back().frame >= scratch.size()) {
      const Open o = open.back();
      open.pop_back();
      if (o.frame == scratch.size() && o.frame + 1 == before && s[at] == '}') {
        if (!o.ended) out[o.field].end = static_cast<uint32_t>(at);
      } else {
        out.erase(out.begin() + static_cast<std::ptrdiff_t>(o.field));
      }
    }
  }
  for (auto it = open.rbegin(); it != open.rend(); ++it)
    out.erase(out.begin() + static_cast<std::ptrdiff_t>(it->field));
}

size_t skip_fstring_field(std::string_view s, size_t i, char quote, bool triple, bool raw,
                          std::vector<FFrame>& scratch) {
  scratch.clear();
  scratch.push_back({FFrame::kLiteral, quote, triple, raw, 0});
  scratch.push_back({FFrame::kExpr, quote, triple, raw, 0});
  return run_fstring(s, i, nullptr, scratch, 2, true).end;
}

}  // namespace ascendify::python::lexdetail
