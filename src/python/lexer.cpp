#include "python/lexer.hpp"

#include <cstdint>
#include <cstring>
#include <string>

#include "python/lex_string.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ascendify::python {
namespace {

using lexdetail::consume_newline;
using lexdetail::continuation_bytes;
using lexdetail::FFrame;
using lexdetail::is_ident_char;
using lexdetail::is_ident_start;
using lexdetail::kHigh;
using lexdetail::leading_equal;
using lexdetail::LineTracker;
using lexdetail::load8;
using lexdetail::low_bytes;
using lexdetail::non_ident_bytes;

constexpr size_t kMaxDiagnostics = 100;

bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool is_hex(unsigned char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Length of the operator starting at s[i] (0 if none).
size_t op_length(std::string_view s, size_t i) {
  const size_t n = s.size();
  char c = s[i];
  char d = i + 1 < n ? s[i + 1] : '\0';
  char e = i + 2 < n ? s[i + 2] : '\0';
  switch (c) {
    case '(':
    case ')':
    case '[':
    case ']':
    case '{':
    case '}':
    case ',':
    case ';':
    case '~':
      return 1;
    case '.':
      return (d == '.' && e == '.') ? 3 : 1;
    case '*':
    case '/':
    case '<':
    case '>':
      if (d == c) return e == '=' ? 3 : 2;  // ** // << >> and **= //= <<= >>=
      return d == '=' ? 2 : 1;
    case '-':
      return (d == '=' || d == '>') ? 2 : 1;
    case '+':
    case '%':
    case '&':
    case '|':
    case '^':
    case '@':
    case '=':
    case '!':
    case ':':
      return d == '=' ? 2 : 1;
    default:
      return 0;
  }
}

// Token::role of the one-byte operators; `aug`: the first bytes of the two-byte augmented
// assignments (`+=` ...; not `==` `!=` `<=` `>=` `:=`).
struct OpRoleTable {
  uint8_t single[256] = {};
  bool aug[256] = {};
  constexpr OpRoleTable() {
    auto set = [this](std::string_view bytes, uint8_t role) {
      for (char c : bytes) single[static_cast<unsigned char>(c)] = role;
    };
    set("([{", kOpener);
    set(")]}", kCloser);
    set(";", kSemicolon);
    set("=", kAssign);
    set(":", kColon);
    for (char c : std::string_view("+-*/%&|^@")) aug[static_cast<unsigned char>(c)] = true;
  }
};
constexpr OpRoleTable kOpRoles{};

// Bytes that start no token at all.
bool is_stray(unsigned char c) {
  if (c >= 0x80 || is_ident_char(c)) return false;
  switch (c) {
    case ' ':
    case '\t':
    case '\f':
    case '\r':
    case '\n':
    case '#':
    case '\\':
    case '\'':
    case '"':
      return false;
    default:
      return c < 0x20 || c == 0x7f || c == '$' || c == '?' || c == '`';
  }
}

class Lexer {
 public:
  Lexer(std::string_view text, std::vector<Token>& tokens, std::vector<Diagnostic>& diags,
        LexSink* sink)
      : s_(text), n_(text.size()), tokens_(tokens), diags_(diags), sink_(sink) {}

  // Appends the tokens to tokens_ (with a sink: comments, `](` pairs and bracketed `for`s to
  // the sink).
  void run() {
    if (n_ > UINT32_MAX) {
      diag(0, "file larger than 4 GiB; only the first 4 GiB were tokenised");
      n_ = UINT32_MAX;
      s_ = s_.substr(0, n_);
    }
    if (tokens_.capacity() < n_ / 4 + 16) tokens_.reserve(n_ / 4 + 16);
    if (n_ >= 3 && s_.substr(0, 3) == "\xEF\xBB\xBF") {
      p_ = 3;
      lt_.line_start = 3;  // the BOM is not a column
    }
    bool at_line_start = true;
    while (p_ < n_) {
      if (at_line_start) {
        at_line_start = false;
        if (depth_ == 0) indentation();
        continue;
      }
      at_line_start = next_token();
    }
    if (line_has_tokens_) emit(TokenKind::Newline, n_, lt_.line, col_at(n_), n_).role = kLineBreak;
    while (indents_.size() > 1) {
      indents_.pop_back();
      emit(TokenKind::Dedent, n_, lt_.line, col_at(n_), n_).role = kLineBreak;
    }
    emit(TokenKind::EndMarker, n_, lt_.line, col_at(n_), n_).role = kLineBreak;
  }

 private:
  std::string_view s_;
  size_t n_;
  size_t p_ = 0;
  LineTracker lt_;
  size_t col_pos_ = 0;  // column cache: col_val_ is the column of col_pos_ on the current line
  uint32_t col_val_ = 1;
  size_t col_line_start_ = 0;
  std::vector<uint32_t> indents_{0};
  uint32_t depth_ = 0;         // bracket nesting (a counter, clamped at 0)
  uint32_t bracket_line_ = 0;  // line of the outermost open bracket
  bool line_has_tokens_ = false;
  bool multiline_fields_ = true;  // see scan_string_body
  std::vector<FFrame> scratch_;
  std::vector<Token>& tokens_;
  std::vector<Diagnostic>& diags_;
  LexSink* sink_;  // nullptr: comments go to tokens_

  // 1-based code-point column of `pos`, which must lie on the current line. Amortised O(1)
  // because tokens are produced left to right.
  uint32_t col_at(size_t pos) {
    if (col_line_start_ != lt_.line_start || col_pos_ > pos) {
      col_line_start_ = lt_.line_start;
      col_pos_ = lt_.line_start;
      col_val_ = 1;
    }
    const char* d = s_.data();
#if defined(__SSE2__)
    // Sixteen bytes at a time; blocks of ASCII (most) need no count.
    while (pos - col_pos_ >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + col_pos_));
      if (_mm_movemask_epi8(v) == 0) {
        col_val_ += 16;
      } else {
        col_val_ += 16 - continuation_bytes(load8(d + col_pos_)) -
                    continuation_bytes(load8(d + col_pos_ + 8));
      }
      col_pos_ += 16;
    }
#endif
    // Eight bytes at a time: code points are the bytes that are not continuation bytes.
    while (pos - col_pos_ >= 8) {
      col_val_ += 8 - continuation_bytes(load8(d + col_pos_));
      col_pos_ += 8;
    }
    if (col_pos_ < pos && col_pos_ + 8 <= n_) {  // the last 1-7 bytes, in one masked load
      const size_t k = pos - col_pos_;
      col_val_ += static_cast<uint32_t>(k - continuation_bytes(low_bytes(load8(d + col_pos_), k)));
      col_pos_ = pos;
    }
    for (; col_pos_ < pos; ++col_pos_)
      if ((static_cast<unsigned char>(s_[col_pos_]) & 0xC0) != 0x80) ++col_val_;
    return col_val_;
  }

  // col_at() of a token start. Every byte the lexer skips without a token is ASCII
  // (whitespace, a joining backslash), and every token's end column is computed (which
  // sets col_line_start_ to its line), so the bytes since the last computed column of the
  // line, or since the line start when none was computed on it yet, need no look.
  uint32_t start_col(size_t pos) {
    if (col_line_start_ != lt_.line_start) {
      col_line_start_ = lt_.line_start;
      col_pos_ = pos;
      col_val_ = static_cast<uint32_t>(pos - lt_.line_start) + 1;
      return col_val_;
    }
    if (col_pos_ > pos) return col_at(pos);
    col_val_ += static_cast<uint32_t>(pos - col_pos_);
    col_pos_ = pos;
    return col_val_;
  }

  Token& emit(TokenKind kind, size_t b, uint32_t line, uint32_t col, size_t e) {
    const Span sp{
        line, col, lt_.line, col_at(e), static_cast<uint32_t>(b), static_cast<uint32_t>(e)};
    return tokens_.emplace_back(
        Token{kind, false, 0, 0, 0, 0, std::string_view(s_.data() + b, e - b), sp});
  }

  // emit() for a token of ASCII bytes on the current line whose start column `col` was just
  // computed by col_at(b): the end column follows without a look at the bytes.
  [[gnu::always_inline]] Token& emit_ascii(TokenKind kind, size_t b, uint32_t col, size_t e) {
    col_pos_ = e;
    col_val_ = col + static_cast<uint32_t>(e - b);
    const Span sp{
        lt_.line, col, lt_.line, col_val_, static_cast<uint32_t>(b), static_cast<uint32_t>(e)};
    return tokens_.emplace_back(
        Token{kind, false, 0, 0, 0, 0, std::string_view(s_.data() + b, e - b), sp});
  }

  void diag(uint32_t line, std::string msg) {
    if (diags_.size() < kMaxDiagnostics) {
      diags_.push_back(Diagnostic{"", line, std::move(msg)});
    } else if (diags_.size() == kMaxDiagnostics) {
      diags_.push_back(Diagnostic{"", line, "too many lexer errors; further ones omitted"});
    }
  }

  // At the start of a physical line outside brackets: measures indentation and emits
  // Indent/Dedent unless the line is blank or holds only a comment.
  void indentation() {
    const size_t b = p_;
    uint32_t col = 0;
    while (p_ + 8 <= n_) {
      const unsigned k = leading_equal(load8(s_.data() + p_), ' ');
      p_ += k;
      col += k;
      if (k < 8) break;
    }
    for (; p_ < n_; ++p_) {
      char c = s_[p_];
      if (c == ' ') {
        ++col;
      } else if (c == '\t') {
        col = (col / 8 + 1) * 8;
      } else if (c == '\f') {
        col = 0;
      } else {
        break;
      }
    }
    if (p_ >= n_) return;
    char c = s_[p_];
    if (c == '#' || c == '\r' || c == '\n') return;  // blank line: no indentation change
    if (col > indents_.back()) {
      indents_.push_back(col);
      emit_ascii(TokenKind::Indent, b, start_col(b), p_).role = kLineBreak;  // whitespace
      return;
    }
    size_t dedents = 0;
    while (col < indents_.back()) {
      indents_.pop_back();
      ++dedents;
    }
    if (col != indents_.back()) {
      diag(lt_.line, "unindent does not match any outer indentation level");
      // Recover: stay in the innermost block that was being closed, at the new width.
      --dedents;
      indents_.push_back(col);
    }
    const uint32_t cl = start_col(p_);
    for (size_t k = 0; k < dedents; ++k)
      emit_ascii(TokenKind::Dedent, p_, cl, p_).role = kLineBreak;
  }

  // Scans one token (or whitespace). Returns true when a new logical line starts.
  bool next_token() {
    const unsigned char c = static_cast<unsigned char>(s_[p_]);
    if (c == ' ' || c == '\t' || c == '\f') {
      ++p_;
      while (p_ + 8 <= n_) {
        const unsigned k = leading_equal(load8(s_.data() + p_), ' ');
        p_ += k;
        if (k < 8) break;
      }
      while (p_ < n_ && (s_[p_] == ' ' || s_[p_] == '\t' || s_[p_] == '\f')) ++p_;
      return false;
    }
    if (c == '\r' || c == '\n') return newline();
    if (c == '#') {
      // The comment ends at the first '\n' or '\r'.
      const char* base = s_.data();
      const void* nl = std::memchr(base + p_, '\n', n_ - p_);
      size_t e = nl ? static_cast<size_t>(static_cast<const char*>(nl) - base) : n_;
      if (const void* cr = std::memchr(base + p_, '\r', e - p_))
        e = static_cast<size_t>(static_cast<const char*>(cr) - base);
      if (sink_) {
        Token& t = sink_->comments.emplace_back();
        t.kind = TokenKind::Comment;
        t.text = s_.substr(p_, e - p_);
        t.span = Span{lt_.line,
                      start_col(p_),
                      lt_.line,
                      col_at(e),
                      static_cast<uint32_t>(p_),
                      static_cast<uint32_t>(e)};
      } else {
        emit(TokenKind::Comment, p_, lt_.line, start_col(p_), e);
      }
      p_ = e;
      return false;
    }
    if (c == '\\') {
      if (p_ + 1 < n_ && (s_[p_ + 1] == '\r' || s_[p_ + 1] == '\n')) {
        p_ = consume_newline(s_, p_ + 1, &lt_);  // explicit line joining
        return false;
      }
      if (p_ + 1 >= n_) {
        ++p_;  // a final backslash: nothing follows to join
        return false;
      }
    }
    line_has_tokens_ = true;
    if (is_digit(c) || (c == '.' && p_ + 1 < n_ && is_digit(s_[p_ + 1]))) {
      number();
    } else if (is_ident_start(c)) {
      name_or_prefixed_string();
    } else if (c == '\'' || c == '"') {
      string(p_, p_, 0);
    } else if (size_t len = op_length(s_, p_); len > 0) {
      operator_token(len);
    } else {
      stray();
    }
    if (p_ < n_ && s_[p_] == ' ') ++p_;  // the usual single space after a token: no round trip
    return false;
  }

  bool newline() {
    size_t e = consume_newline(s_, p_, nullptr);
    if (depth_ > 0 && starts_definition(e)) {
      // `def`/`class` can never appear inside brackets: an earlier bracket was left open.
      // Close them all so one typo does not swallow the rest of the file's lines.
      diag(bracket_line_, "bracket never closed (a def/class statement follows)");
      depth_ = 0;
    }
    bool logical_end = depth_ == 0;
    if (logical_end && line_has_tokens_)  // "\n", "\r\n" or "\r": ASCII
      emit_ascii(TokenKind::Newline, p_, start_col(p_), e).role = kLineBreak;
    if (logical_end) line_has_tokens_ = false;
    p_ = consume_newline(s_, p_, &lt_);
    return logical_end;
  }

  // True when the line starting at `i` begins (after indentation) with `def`, `async def` or
  // `class` as whole words.
  bool starts_definition(size_t i) const {
    // Continuation lines inside brackets are often deeply indented: spaces eight at a time.
    while (i + 8 <= n_) {
      const unsigned k = leading_equal(load8(s_.data() + i), ' ');
      i += k;
      if (k < 8) break;
    }
    while (i < n_ && (s_[i] == ' ' || s_[i] == '\t' || s_[i] == '\f')) ++i;
    auto word = [&](std::string_view w) {
      return s_.substr(i, w.size()) == w &&
             (i + w.size() >= n_ || !is_ident_char(static_cast<unsigned char>(s_[i + w.size()])));
    };
    if (word("async")) {
      i += 5;
      while (i < n_ && (s_[i] == ' ' || s_[i] == '\t')) ++i;
      return word("def");
    }
    return word("def") || word("class");
  }

  void number() {
    size_t i = p_;
    auto run = [&](auto pred) {
      while (i < n_ && (pred(static_cast<unsigned char>(s_[i])) || s_[i] == '_')) ++i;
    };
    char x = p_ + 1 < n_ ? s_[p_ + 1] : '\0';
    if (s_[p_] == '0' && (x == 'x' || x == 'X')) {
      i += 2;
      run(is_hex);
    } else if (s_[p_] == '0' && (x == 'o' || x == 'O' || x == 'b' || x == 'B')) {
      i += 2;
      run(is_digit);
    } else {
      run(is_digit);
      if (i < n_ && s_[i] == '.') {
        ++i;
        run(is_digit);
      }
      if (i < n_ && (s_[i] == 'e' || s_[i] == 'E')) {
        size_t j = i + 1;
        if (j < n_ && (s_[j] == '+' || s_[j] == '-')) ++j;
        if (j < n_ && is_digit(s_[j])) {
          i = j;
          run(is_digit);
        }
      }
      if (i < n_ && (s_[i] == 'j' || s_[i] == 'J')) ++i;
    }
    emit_ascii(TokenKind::Number, p_, start_col(p_), i);
    p_ = i;
  }

  void name_or_prefixed_string() {
    size_t e = p_ + 1;
    uint64_t high = static_cast<unsigned char>(s_[p_]) & 0x80;  // non-ASCII bytes seen
    for (;;) {
      if (e + 8 > n_) {
        for (; e < n_ && is_ident_char(static_cast<unsigned char>(s_[e])); ++e)
          high |= static_cast<unsigned char>(s_[e]) & 0x80;
        break;
      }
      const uint64_t w = load8(s_.data() + e);
      const uint64_t stop = non_ident_bytes(w);
      if (stop) {
        high |= w & kHigh & ((stop & (~stop + 1)) - 1);  // the bytes before the first stop
        e += static_cast<unsigned>(__builtin_ctzll(stop)) / 8;
        break;
      }
      high |= w & kHigh;
      e += 8;
    }
    uint8_t flags = 0;
    if (e < n_ && (s_[e] == '\'' || s_[e] == '"') && e - p_ <= 2 &&
        lexdetail::string_prefix_flags(s_.substr(p_, e - p_), &flags)) {
      string(p_, e, flags);
      return;
    }
    const uint32_t col = start_col(p_);
    Token& t = high ? emit(TokenKind::Name, p_, lt_.line, col, e)
                    : emit_ascii(TokenKind::Name, p_, col, e);
    t.keyword = lexdetail::is_keyword_at(s_.data() + p_, e - p_, s_.data() + n_);
    if (t.keyword && e - p_ == 6 && t.text == "lambda") t.role = kLambda;
    if (t.keyword && depth_ > 0 && sink_ && t.text == "for")
      sink_->bracket_fors.push_back(static_cast<uint32_t>(tokens_.size() - 1));
    p_ = e;
  }

  // A string literal: prefix at b, opening quote at q.
  void string(size_t b, size_t q, uint8_t flags) {
    const uint32_t line = lt_.line;
    const uint32_t col = start_col(b);
    const char quote = s_[q];
    const bool triple = q + 2 < n_ && s_[q + 1] == quote && s_[q + 2] == quote;
    const size_t body = q + (triple ? 3 : 1);
    auto r = lexdetail::scan_string_body(s_, body, quote, triple, flags, &lt_, scratch_,
                                         multiline_fields_);
    if (r.cut_back) multiline_fields_ = false;  // keeps the worst case linear
    if (triple) flags |= kTriple;
    if (!r.terminated) {
      flags |= kUnterminated;
      diag(line,
           triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
    }
    Token& t = emit(TokenKind::String, b, line, col, r.end);
    t.string_flags = flags;
    t.quote_len = triple ? 3 : 1;
    t.prefix_len = static_cast<uint16_t>(q - b);
    p_ = r.end;
  }

  void operator_token(size_t len) {
    const char c = s_[p_];
    const unsigned char uc = static_cast<unsigned char>(c);
    uint8_t role;
    if (len == 1) {
      role = kOpRoles.single[uc];
      if (role == kOpener) {
        if (depth_ == 0) bracket_line_ = lt_.line;
        if (depth_ < UINT32_MAX) ++depth_;
        if (c == '(' && sink_ && !tokens_.empty()) {
          const Token& prev = tokens_.back();
          if (prev.kind == TokenKind::Op && prev.text.size() == 1 && prev.text[0] == ']')
            sink_->last_pair = static_cast<uint32_t>(tokens_.size() - 1);
        }
      } else if (role == kCloser) {
        if (depth_ > 0) --depth_;
      }
    } else {
      // `X=` is augmented for the X of kOpRoles.aug; every three-byte `XY=` is.
      const bool aug = s_[p_ + len - 1] == '=' && (len == 3 || kOpRoles.aug[uc]);
      role = aug ? kAugAssign : 0;
    }
    emit_ascii(TokenKind::Op, p_, start_col(p_), p_ + len).role = role;
    p_ += len;
  }

  // One Error token for a run of bytes that start no token (a lone backslash included).
  void stray() {
    size_t e = p_ + 1;
    if (s_[p_] != '\\')
      while (e < n_ && is_stray(static_cast<unsigned char>(s_[e]))) ++e;
    unsigned char c = static_cast<unsigned char>(s_[p_]);
    std::string msg;
    if (c == 0) {
      msg = "null byte in source";
    } else if (c < 0x20 || c == 0x7f) {
      static const char* kHex = "0123456789abcdef";
      msg = std::string("invalid control character 0x") + kHex[c >> 4] + kHex[c & 15];
    } else {
      msg = std::string("unexpected character '") + static_cast<char>(c) + "'";
    }
    diag(lt_.line, std::move(msg));
    emit(TokenKind::Error, p_, lt_.line, col_at(p_), e);
    p_ = e;
  }
};

}  // namespace

LexResult lex(std::string_view text) {
  LexResult out;
  Lexer(text, out.tokens, out.diagnostics, nullptr).run();
  return out;
}

void lex_into(std::string_view text, LexSink& out) {
  Lexer(text, out.tokens, out.diagnostics, &out).run();
}

}  // namespace ascendify::python
