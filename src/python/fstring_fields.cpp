#include "python/fstring_fields.hpp"

#include <algorithm>

namespace ascendify::python {
namespace {

// Moves `p` (a position in token text `s`) forward to byte `upto`: lines and code-point
// columns, "\r\n" and a lone '\r' ending a line as in the lexer.
void advance(std::string_view s, size_t upto, FieldLexer::Position& p) {
  upto = std::min(upto, s.size());
  size_t k = p.byte;
  while (k < upto) {
    // Eight plain ASCII bytes (no line end, no high bit) at a time: eight columns.
    if (k + 8 <= upto) {
      using lexdetail::kHigh, lexdetail::kOnes;
      const uint64_t w = lexdetail::load8(s.data() + k);
      const uint64_t x = w ^ (kOnes * '\n'), y = w ^ (kOnes * '\r');
      const uint64_t zero = ((x - kOnes) & ~x) | ((y - kOnes) & ~y);  // a '\n' or '\r' byte
      if (((w | zero) & kHigh) == 0) {
        p.col += 8;
        k += 8;
        continue;
      }
    }
    const auto ch = static_cast<unsigned char>(s[k]);
    if (ch == '\n' || (ch == '\r' && (k + 1 >= s.size() || s[k + 1] != '\n'))) {
      ++p.line;
      p.col = 1;
    } else if (ch != '\r' && (ch & 0xC0) != 0x80) {
      ++p.col;
    }
    ++k;
  }
  p.byte = k;
}

bool line_structure(TokenKind k) {
  return k == TokenKind::Newline || k == TokenKind::Indent || k == TokenKind::Dedent ||
         k == TokenKind::EndMarker || k == TokenKind::Comment || k == TokenKind::Error;
}

// Ends a field's token list as the lexer ends a file's: an EndMarker where the last token ends.
void push_end_marker(std::vector<Token>& tokens) {
  Token end;
  end.kind = TokenKind::EndMarker;
  end.role = kLineBreak;
  const Span& last = tokens.back().span;
  end.span = Span{last.end_line, last.end_col,    last.end_line,
                  last.end_col,  last.end_offset, last.end_offset};
  tokens.push_back(end);
}

// Most fields are one ASCII dotted name (`{x}`, `{self.step}`, `{args.lr:.3f}`): their tokens
// are made here without a lexer. `line`/`col`/`offset`: the file position of field[0].
bool dotted_name_tokens(std::string_view field, uint32_t line, uint32_t col, uint32_t offset,
                        std::vector<Token>& out) {
  size_t b = 0, e = field.size();
  while (b < e && (field[b] == ' ' || field[b] == '\t')) ++b;
  while (e > b && (field[e - 1] == ' ' || field[e - 1] == '\t')) --e;
  if (b == e) return false;
  auto token = [&](TokenKind kind, size_t from, size_t to) -> Token& {
    Token& t = out.emplace_back();
    t.kind = kind;
    t.text = field.substr(from, to - from);
    t.span = Span{line,
                  col + static_cast<uint32_t>(from),
                  line,
                  col + static_cast<uint32_t>(to),
                  offset + static_cast<uint32_t>(from),
                  offset + static_cast<uint32_t>(to)};
    return t;
  };
  // ASCII only: a byte is one column.
  auto ascii = [&](size_t i, bool (*cls)(unsigned char)) {
    const auto c = static_cast<unsigned char>(field[i]);
    return c < 0x80 && cls(c);
  };
  for (size_t i = b; i < e;) {
    if (!ascii(i, lexdetail::is_ident_start)) return false;
    size_t j = i + 1;
    while (j < e && ascii(j, lexdetail::is_ident_char)) ++j;
    token(TokenKind::Name, i, j).keyword = is_keyword_text(field.substr(i, j - i));
    if (j == e) break;
    if (field[j] != '.' || j + 1 == e) return false;
    token(TokenKind::Op, j, j + 1);
    i = j + 1;
  }
  return true;
}

}  // namespace

size_t FieldLexer::start(const Token& t) {
  fields_.clear();
  if (!has_fields(t)) return 0;
  tok_ = t;
  at_ = Position{0, t.span.line, t.span.col};
  const size_t body = size_t{t.prefix_len} + t.quote_len;
  if (body >= t.text.size()) return 0;
  lexdetail::fstring_fields(t.text, body, t.text[t.prefix_len], (t.string_flags & kTriple) != 0,
                            (t.string_flags & kRaw) != 0, scratch_, fields_);
  return fields_.size();
}

bool FieldLexer::lex(size_t k, std::vector<Token>& tokens, std::vector<uint32_t>& fors) {
  tokens.clear();
  fors.clear();
  if (k >= fields_.size()) return false;
  const lexdetail::FieldRange f = fields_[k];
  const std::string_view field = tok_.text.substr(f.begin, f.end - f.begin);
  if (field.find_first_not_of(" \t\f\r\n") == std::string_view::npos) return false;
  // Fields come in text order (a spec's nested fields after theirs): positions move forward.
  if (f.begin < at_.byte) at_ = Position{0, tok_.span.line, tok_.span.col};
  advance(tok_.text, f.begin, at_);
  const uint32_t line = at_.line, col = at_.col;
  const uint32_t offset = tok_.span.offset + f.begin;
  if (dotted_name_tokens(field, line, col, offset, tokens)) {
    push_end_marker(tokens);
    return true;
  }
  tokens.clear();
  sink_.clear();
  lex_into(field, sink_);  // its diagnostics are dropped: the file's lexer judged the text
  auto move = [&](Span& s) {
    if (s.line == 1) s.col += col - 1;
    if (s.end_line == 1) s.end_col += col - 1;
    s.line += line - 1;
    s.end_line += line - 1;
    s.offset += offset;
    s.end_offset += offset;
  };
  const std::vector<Token>& lexed = sink_.tokens;
  const std::vector<uint32_t>& lexed_fors = sink_.bracket_fors;
  size_t next_for = 0;
  int depth = 0;
  for (uint32_t i = 0; i < lexed.size(); ++i) {
    Token u = lexed[i];
    if (line_structure(u.kind)) continue;
    if (depth == 0 && u.kind == TokenKind::Op && (u.text == "!" || u.text == "=")) break;
    if (u.role == kOpener) {
      ++depth;
    } else if (u.role == kCloser && depth > 0) {
      --depth;
    }
    while (next_for < lexed_fors.size() && lexed_fors[next_for] < i) ++next_for;
    if (next_for < lexed_fors.size() && lexed_fors[next_for] == i)
      fors.push_back(static_cast<uint32_t>(tokens.size()));
    move(u.span);
    tokens.push_back(u);
  }
  if (tokens.empty()) return false;
  push_end_marker(tokens);
  return true;
}

}  // namespace ascendify::python
