#include "python/fstring_fields.hpp"

namespace ascendify::python {
namespace {

// Line and code-point column of byte `upto` of token `t` (which may span lines).
void position_in(const Token& t, size_t upto, uint32_t* line, uint32_t* col) {
  uint32_t l = t.span.line, c = t.span.col;
  const std::string_view s = t.text;
  for (size_t k = 0; k < upto && k < s.size(); ++k) {
    const auto ch = static_cast<unsigned char>(s[k]);
    if (ch == '\n' || (ch == '\r' && (k + 1 >= s.size() || s[k + 1] != '\n'))) {
      ++l;
      c = 1;
    } else if (ch != '\r' && (ch & 0xC0) != 0x80) {
      ++c;
    }
  }
  *line = l;
  *col = c;
}

bool line_structure(TokenKind k) {
  return k == TokenKind::Newline || k == TokenKind::Indent || k == TokenKind::Dedent ||
         k == TokenKind::EndMarker || k == TokenKind::Comment || k == TokenKind::Error;
}

}  // namespace

size_t FieldLexer::start(const Token& t) {
  fields_.clear();
  if (!has_fields(t)) return 0;
  tok_ = t;
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
  sink_.clear();
  lex_into(field, sink_);  // its diagnostics are dropped: the file's lexer judged the text
  uint32_t line = 0, col = 0;
  position_in(tok_, f.begin, &line, &col);
  const uint32_t offset = tok_.span.offset + f.begin;
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
  Token end;
  end.kind = TokenKind::EndMarker;
  end.role = kLineBreak;
  const Span& last = tokens.back().span;
  end.span = Span{last.end_line, last.end_col,    last.end_line,
                  last.end_col,  last.end_offset, last.end_offset};
  tokens.push_back(end);
  return true;
}

}  // namespace ascendify::python
