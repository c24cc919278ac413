#include "native/lexer.hpp"

#include "core/text.hpp"

namespace ascendify::native {

namespace {

bool ident_start(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c >= 0x80;
}
bool ident_char(unsigned char c) {
  return ident_start(c) || (c >= '0' && c <= '9');
}
bool digit(unsigned char c) {
  return c >= '0' && c <= '9';
}

class Lexer {
 public:
  explicit Lexer(std::string_view t) : t_(t), n_(static_cast<uint32_t>(t.size())) {}

  CLex run() {
    out_.tokens.reserve(n_ / 4 + 16);  // C++ source: about one token per 4-5 bytes
    while (i_ < n_) step();
    return std::move(out_);
  }

 private:
  std::string_view t_;
  uint32_t n_, i_ = 0, line_ = 1;
  bool line_start_ = true, pp_ = false, next_is_define_name_ = false;
  CLex out_;

  char at(uint32_t k) const { return k < n_ ? t_[k] : '\0'; }
  void err(uint32_t line, std::string msg) { out_.errors.emplace_back(line, std::move(msg)); }

  void newline() {
    ++line_;
    line_start_ = true;
    pp_ = false;
  }
  bool continuation() const {
    return at(i_) == '\\' && (at(i_ + 1) == '\n' || (at(i_ + 1) == '\r' && at(i_ + 2) == '\n'));
  }
  void skip_continuation() {
    i_ += at(i_ + 1) == '\n' ? 2 : 3;
    ++line_;
  }

  CToken& push(CKind kind, uint32_t b, uint32_t e, uint32_t line) {
    CToken tok;
    tok.kind = kind;
    tok.pp = pp_;
    tok.begin = b;
    tok.end = e;
    tok.line = line;
    tok.text = t_.substr(b, e - b);
    tok.after_define = next_is_define_name_ && kind == CKind::Ident;
    if (kind == CKind::Ident) next_is_define_name_ = false;
    line_start_ = false;
    out_.tokens.push_back(tok);
    return out_.tokens.back();
  }

  void step() {
    char c = t_[i_];
    if (c == '\n') {
      ++i_;
      newline();
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++i_;
    } else if (continuation()) {
      skip_continuation();
    } else if (c == '/' && at(i_ + 1) == '/') {
      while (i_ < n_ && t_[i_] != '\n') {
        if (continuation())
          skip_continuation();
        else
          ++i_;
      }
    } else if (c == '/' && at(i_ + 1) == '*') {
      uint32_t start_line = line_;
      i_ += 2;
      while (i_ < n_ && !(t_[i_] == '*' && at(i_ + 1) == '/')) {
        if (t_[i_] == '\n') ++line_;
        ++i_;
      }
      if (i_ >= n_)
        err(start_line, "unterminated /* comment");
      else
        i_ += 2;
    } else if (c == '#' && line_start_ && !pp_) {
      directive();
    } else if (ident_start(static_cast<unsigned char>(c))) {
      ident();
    } else if (digit(static_cast<unsigned char>(c)) ||
               (c == '.' && digit(static_cast<unsigned char>(at(i_ + 1))))) {
      number();
    } else if (c == '"' || c == '\'') {
      quoted(i_, i_, c == '"' ? CKind::String : CKind::Char);
    } else {
      punct();
    }
  }

  void directive() {
    pp_ = true;
    uint32_t hash = i_++;
    while (i_ < n_ && (t_[i_] == ' ' || t_[i_] == '\t')) ++i_;
    uint32_t nb = i_;
    while (i_ < n_ && ident_char(static_cast<unsigned char>(t_[i_]))) ++i_;
    std::string_view name = t_.substr(nb, i_ - nb);
    push(CKind::Punct, hash, hash + 1, line_);
    if (nb < i_) push(CKind::Ident, nb, i_, line_);
    if (name == "define") next_is_define_name_ = true;
    if (name != "include" && name != "include_next" && name != "import") return;
    while (i_ < n_ && (t_[i_] == ' ' || t_[i_] == '\t')) ++i_;
    char open = at(i_);
    char close = open == '<' ? '>' : open == '"' ? '"' : '\0';
    if (close == '\0') return;  // `#include MACRO`: tokens follow normally
    uint32_t pb = i_ + 1, k = pb;
    while (k < n_ && t_[k] != close && t_[k] != '\n') ++k;
    if (k >= n_ || t_[k] != close) {
      err(line_, "unterminated #include");
      i_ = k;
      return;
    }
    out_.includes.push_back({std::string(t_.substr(pb, k - pb)), pb, k});
    i_ = k + 1;
  }

  void ident() {
    uint32_t b = i_;
    while (i_ < n_ && ident_char(static_cast<unsigned char>(t_[i_]))) ++i_;
    std::string_view id = t_.substr(b, i_ - b);
    char c = at(i_);
    if (c == '"' && (id == "R" || id == "LR" || id == "uR" || id == "UR" || id == "u8R")) {
      raw_string(b);
    } else if ((c == '"' || c == '\'') && (id == "L" || id == "u" || id == "U" || id == "u8")) {
      quoted(b, i_, c == '"' ? CKind::String : CKind::Char);
    } else {
      push(CKind::Ident, b, i_, line_);
    }
  }

  void number() {
    uint32_t b = i_;
    while (i_ < n_) {
      char c = t_[i_];
      char p = i_ > b ? t_[i_ - 1] : '\0';
      if (ident_char(static_cast<unsigned char>(c)) || c == '.' ||
          (c == '\'' && digit(static_cast<unsigned char>(at(i_ + 1)))) ||
          ((c == '+' || c == '-') && (p == 'e' || p == 'E' || p == 'p' || p == 'P'))) {
        ++i_;
      } else {
        break;
      }
    }
    push(CKind::Number, b, i_, line_);
  }

  // A "..." or '...' literal; `b` is the token start (prefix included), `q` the quote.
  void quoted(uint32_t b, uint32_t q, CKind kind) {
    char quote = t_[q];
    uint32_t line = line_;
    i_ = q + 1;
    while (i_ < n_ && t_[i_] != quote && t_[i_] != '\n') {
      if (continuation()) {
        skip_continuation();
      } else if (t_[i_] == '\\') {
        i_ += (at(i_ + 1) == '\n') ? 1 : 2;
      } else {
        ++i_;
      }
    }
    if (i_ > n_) i_ = n_;
    uint32_t body_end = i_;
    if (i_ < n_ && t_[i_] == quote) {
      ++i_;
    } else {
      err(line,
          kind == CKind::String ? "unterminated string literal" : "unterminated character literal");
    }
    CToken& tok = push(kind, b, i_, line);
    tok.body_begin = q + 1;
    tok.body_end = body_end;
  }

  void raw_string(uint32_t b) {
    uint32_t line = line_;
    uint32_t d = i_ + 1, k = d;
    while (k < n_ && k - d <= 16 && t_[k] != '(' && t_[k] != '"' && t_[k] != '\n' && t_[k] != ' ' &&
           t_[k] != ')' && t_[k] != '\\')
      ++k;
    if (k >= n_ || t_[k] != '(') {  // not a raw string after all
      push(CKind::Ident, b, i_, line_);
      return;
    }
    std::string close = concat({")", t_.substr(d, k - d), "\""});
    size_t e = t_.find(close, k + 1);
    uint32_t body_b = k + 1;
    uint32_t body_e = e == std::string_view::npos ? n_ : static_cast<uint32_t>(e);
    uint32_t end = e == std::string_view::npos ? n_ : body_e + static_cast<uint32_t>(close.size());
    if (e == std::string_view::npos) err(line, "unterminated raw string literal");
    for (uint32_t p = i_; p < end; ++p)
      if (t_[p] == '\n') ++line_;
    i_ = end;
    CToken& tok = push(CKind::String, b, end, line);
    tok.body_begin = body_b;
    tok.body_end = body_e;
  }

  // Multi-character operators the analyzer looks for ("<<<" launches, "::" qualified names,
  // ">>" closing templates); every other punctuation byte is a token of its own.
  uint32_t punct_length() const {
    const char c = t_[i_], d = at(i_ + 1);
    switch (c) {
      case '<':
        if (d == '<') return at(i_ + 2) == '<' ? 3 : 2;
        return d == '=' ? 2 : 1;
      case '>':
        if (d == '>') return at(i_ + 2) == '>' ? 3 : 2;
        return d == '=' ? 2 : 1;
      case ':':
        return d == ':' ? 2 : 1;
      case '-':
        return d == '>' || d == '-' ? 2 : 1;
      case '&':
        return d == '&' ? 2 : 1;
      case '|':
        return d == '|' ? 2 : 1;
      case '=':
      case '!':
        return d == '=' ? 2 : 1;
      case '+':
        return d == '+' ? 2 : 1;
      default:
        return 1;
    }
  }

  void punct() {
    const uint32_t len = punct_length();
    push(CKind::Punct, i_, i_ + len, line_);
    i_ += len;
  }
};

}  // namespace

CLex lex_c(std::string_view text) {
  return Lexer(text).run();
}

}  // namespace ascendify::native
