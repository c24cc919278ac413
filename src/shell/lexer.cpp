#include "shell/lexer.hpp"

namespace ascendify::shell {

bool is_name_start(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
bool is_name_char(char c) {
  return is_name_start(c) || (c >= '0' && c <= '9');
}

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}
bool is_meta(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '&' || c == '|' ||
         c == '<' || c == '>' || c == '(' || c == ')';
}

struct Heredoc {
  std::string delim;
  bool strip_tabs = false;
};

class Lexer {
 public:
  Lexer(std::string_view buf, uint32_t begin, uint32_t end) : b_(buf), i_(begin), n_(end) {}

  ShellLex run() {
    while (i_ < n_) {
      char c = b_[i_];
      if (is_blank(c)) {
        ++i_;
      } else if (c == '\\' && continuation(i_)) {
        i_ = skip_continuation(i_);
      } else if (c == '\n') {
        push(TokKind::Newline, "\n", i_, i_ + 1);
        ++i_;
        if (!pending_.empty()) skip_heredocs();
      } else if (c == '#') {
        while (i_ < n_ && b_[i_] != '\n') ++i_;
      } else if (!op()) {
        word();
      }
    }
    if (!pending_.empty()) err(n_, "unterminated here-document");
    return std::move(out_);
  }

 private:
  std::string_view b_;
  uint32_t i_, n_;
  ShellLex out_;
  std::vector<Heredoc> pending_;
  bool want_delim_ = false, delim_strip_ = false;

  char at(uint32_t k) const { return k < n_ ? b_[k] : '\0'; }
  void err(uint32_t off, const char* msg) { out_.errors.push_back({off, msg}); }
  bool continuation(uint32_t k) const {
    return at(k + 1) == '\n' || (at(k + 1) == '\r' && at(k + 2) == '\n');
  }
  uint32_t skip_continuation(uint32_t k) const { return at(k + 1) == '\n' ? k + 2 : k + 3; }

  void push(TokKind kind, std::string text, uint32_t b, uint32_t e) {
    Token t;
    t.kind = kind;
    t.text = std::move(text);
    t.begin = b;
    t.end = e;
    out_.tokens.push_back(std::move(t));
  }

  bool op() {
    static const char* const kOps[] = {";;&", ";;", ";&", "&&", "||", "|&",
                                       ";",   "&",  "|",  "(",  ")"};
    static const char* const kRedirs[] = {"<<<", "<<-", "&>>", "<<", "<>", "<&",
                                          ">>",  ">&",  ">|",  "&>", "<",  ">"};
    char c = b_[i_];
    if (!is_meta(c)) return false;
    if ((c == '<' || c == '>') && at(i_ + 1) == '(') {  // process substitution
      uint32_t start = i_;
      uint32_t close = match_paren(i_ + 2);
      out_.substitutions.push_back({i_ + 2, close});
      i_ = close < n_ ? close + 1 : n_;
      push(TokKind::Word, std::string(b_.substr(start, i_ - start)), start, i_);
      out_.tokens.back().quoted = true;
      return true;
    }
    for (const char* r : kRedirs) {
      std::string_view rv(r);
      if (b_.substr(i_, rv.size()) == rv && i_ + rv.size() <= n_) {
        push(TokKind::Redirect, std::string(rv), i_, i_ + static_cast<uint32_t>(rv.size()));
        i_ += static_cast<uint32_t>(rv.size());
        if (rv == "<<" || rv == "<<-") {
          want_delim_ = true;
          delim_strip_ = rv == "<<-";
        }
        return true;
      }
    }
    for (const char* o : kOps) {
      std::string_view ov(o);
      if (b_.substr(i_, ov.size()) == ov && i_ + ov.size() <= n_) {
        push(TokKind::Op, std::string(ov), i_, i_ + static_cast<uint32_t>(ov.size()));
        i_ += static_cast<uint32_t>(ov.size());
        return true;
      }
    }
    ++i_;  // lone \r etc.
    return true;
  }

  // From just after an opening paren, the offset of the matching ')' (or n_).
  uint32_t match_paren(uint32_t k) {
    int depth = 1;
    while (k < n_) {
      char c = b_[k];
      if (c == '\\') {
        k += 2;
        continue;
      }
      if (c == '\'') {
        ++k;
        while (k < n_ && b_[k] != '\'') ++k;
      } else if (c == '"') {
        ++k;
        while (k < n_ && b_[k] != '"') k += b_[k] == '\\' ? 2 : 1;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')' && --depth == 0) {
        return k;
      }
      ++k;
    }
    err(k, "unterminated $( or ( in word");
    return n_;
  }

  uint32_t match_backtick(uint32_t k) {
    while (k < n_ && b_[k] != '`') k += b_[k] == '\\' ? 2 : 1;
    if (k >= n_) {
      err(n_, "unterminated backquote");
      return n_;
    }
    return k;
  }

  // `$...` at i_ inside a word; appends to v.
  void dollar(std::string& v, int& brace_depth) {
    uint32_t s = i_;
    char c = at(i_ + 1);
    if (c == '(' && at(i_ + 2) == '(') {  // arithmetic: kept raw, no facts
      uint32_t close = match_paren(i_ + 2);
      uint32_t e = close < n_ ? close + 1 : n_;
      v.append(b_.substr(s, e - s));
      i_ = e;
    } else if (c == '(') {
      uint32_t close = match_paren(i_ + 2);
      out_.substitutions.push_back({i_ + 2, close});
      uint32_t e = close < n_ ? close + 1 : n_;
      v.append(b_.substr(s, e - s));
      i_ = e;
    } else if (c == '{') {
      uint32_t k = i_ + 2;
      if (at(k) == '#' || at(k) == '!') ++k;
      uint32_t ns = k;
      while (k < n_ && is_name_char(b_[k])) ++k;
      if (k > ns && is_name_start(b_[ns])) {
        out_.reads.push_back({std::string(b_.substr(ns, k - ns)), ns, k});
      }
      v.append(b_.substr(s, k - s));
      ++brace_depth;
      i_ = k;
    } else if (is_name_start(c)) {
      uint32_t k = i_ + 1;
      while (k < n_ && is_name_char(b_[k])) ++k;
      out_.reads.push_back({std::string(b_.substr(i_ + 1, k - i_ - 1)), i_ + 1, k});
      v.append(b_.substr(s, k - s));
      i_ = k;
    } else if (c != '\0' && c != '"' && c != '\'' && !is_meta(c)) {
      v.append(b_.substr(s, 2));
      i_ += 2;
    } else {
      v.push_back('$');
      ++i_;
    }
  }

  // A `${` opened inside the quotes closes inside them ("${HOME}/x"): its depth never leaks
  // out, or the word would run on past the line end and swallow the next commands.
  void double_quoted(std::string& v, int& brace_depth) {
    const int outer = brace_depth;
    ++i_;
    while (i_ < n_ && b_[i_] != '"') {
      char c = b_[i_];
      if (c == '}' && brace_depth > outer) --brace_depth;
      if (c == '\\') {
        char d = at(i_ + 1);
        if (continuation(i_)) {
          i_ = skip_continuation(i_);
        } else if (d == '$' || d == '`' || d == '"' || d == '\\') {
          v.push_back(d);
          i_ += 2;
        } else {
          v.push_back('\\');
          ++i_;
        }
      } else if (c == '$') {
        dollar(v, brace_depth);
      } else if (c == '`') {
        backtick(v);
      } else {
        v.push_back(c);
        ++i_;
      }
    }
    if (i_ >= n_)
      err(n_, "unterminated double-quoted string");
    else
      ++i_;
    brace_depth = outer;
  }

  void backtick(std::string& v) {
    uint32_t s = i_;
    uint32_t close = match_backtick(i_ + 1);
    out_.substitutions.push_back({i_ + 1, close});
    i_ = close < n_ ? close + 1 : n_;
    v.append(b_.substr(s, i_ - s));
  }

  void word() {
    uint32_t start = i_;
    std::string v;
    bool quoted = false, frozen = false;
    uint32_t lit = 0;
    int brace_depth = 0;
    while (i_ < n_) {
      char c = b_[i_];
      if (c == '\n' && brace_depth == 0) break;
      if (brace_depth == 0 && is_meta(c)) {
        // Array assignment `NAME=(a b)`.
        if (c == '(' && !v.empty() && v.back() == '=' && lit == v.size()) {
          uint32_t close = match_paren(i_ + 1);
          uint32_t e = close < n_ ? close + 1 : n_;
          v.append(b_.substr(i_, e - i_));
          i_ = e;
          frozen = true;
          continue;
        }
        // IO number `2>`.
        if ((c == '<' || c == '>') && !quoted && !v.empty() &&
            v.find_first_not_of("0123456789") == std::string::npos) {
          return;  // the redirect operator follows; the number is dropped
        }
        break;
      }
      if (c == '\\') {
        if (continuation(i_)) {
          i_ = skip_continuation(i_);
          continue;
        }
        quoted = frozen = true;
        if (i_ + 1 < n_) v.push_back(b_[i_ + 1]);
        i_ += 2;
      } else if (c == '\'') {
        quoted = frozen = true;
        uint32_t k = i_ + 1;
        while (k < n_ && b_[k] != '\'') ++k;
        v.append(b_.substr(i_ + 1, k - i_ - 1));
        if (k >= n_) err(n_, "unterminated single-quoted string");
        i_ = k < n_ ? k + 1 : n_;
      } else if (c == '"') {
        quoted = frozen = true;
        double_quoted(v, brace_depth);
      } else if (c == '$' && at(i_ + 1) == '\'') {
        quoted = frozen = true;
        uint32_t k = i_ + 2;
        while (k < n_ && b_[k] != '\'') k += b_[k] == '\\' ? 2 : 1;
        if (k > n_) k = n_;
        v.append(b_.substr(i_ + 2, k - i_ - 2));
        i_ = k < n_ ? k + 1 : n_;
      } else if (c == '$') {
        quoted = frozen = true;
        dollar(v, brace_depth);
      } else if (c == '`') {
        quoted = frozen = true;
        backtick(v);
      } else {
        if (c == '}' && brace_depth > 0) {
          --brace_depth;
          frozen = true;
        }
        v.push_back(c);
        ++i_;
        if (!frozen) lit = static_cast<uint32_t>(v.size());
      }
    }
    if (i_ > n_) i_ = n_;
    if (want_delim_) {
      want_delim_ = false;
      pending_.push_back({v, delim_strip_});
    }
    Token t;
    t.kind = TokKind::Word;
    t.text = std::move(v);
    t.begin = start;
    t.end = i_;
    t.quoted = quoted;
    t.lit_prefix = lit;
    out_.tokens.push_back(std::move(t));
  }

  // i_ is at the start of the line after the one holding the `<<` operators.
  void skip_heredocs() {
    for (const Heredoc& h : pending_) {
      bool found = false;
      while (i_ < n_ && !found) {
        uint32_t e = i_;
        while (e < n_ && b_[e] != '\n') ++e;
        std::string_view line = b_.substr(i_, e - i_);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (h.strip_tabs) {
          while (!line.empty() && line.front() == '\t') line.remove_prefix(1);
        }
        found = line == h.delim;
        i_ = e < n_ ? e + 1 : n_;
      }
    }
    pending_.clear();
  }
};

}  // namespace

ShellLex lex_shell(std::string_view buf, uint32_t begin, uint32_t end) {
  if (end > buf.size()) end = static_cast<uint32_t>(buf.size());
  if (begin > end) begin = end;
  return Lexer(buf, begin, end).run();
}

}  // namespace ascendify::shell
