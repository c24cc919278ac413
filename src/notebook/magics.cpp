#include "notebook/magics.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "shell/lexer.hpp"
#include "shell/shell.hpp"

namespace ascendify::notebook {
namespace {

struct Word {
  std::string value;    // unquoted
  size_t b = 0, e = 0;  // byte range in the line
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f';
}
bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
bool is_ident(std::string_view s) {
  if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
  for (char c : s)
    if (!is_alnum(c) && c != '_') return false;
  return true;
}

Span span_of(const CodeLine& l, size_t b, size_t e) {
  Span s;
  b = std::min(b, l.text.size());
  e = std::clamp(e, b, l.text.size());
  s.line = s.end_line = l.line;
  s.col = utf8_length(l.text.substr(0, b)) + 1;
  s.end_col = utf8_length(l.text.substr(0, e)) + 1;
  s.offset = l.offset + static_cast<uint32_t>(b);
  s.end_offset = l.offset + static_cast<uint32_t>(e);
  return s;
}

Fact make(FactKind kind, std::string name, std::string detail, Span span) {
  Fact f;
  f.kind = kind;
  f.name = std::move(name);
  f.detail = std::move(detail);
  f.span = span;
  return f;
}

// The words of a magic's arguments from byte `begin` (IPython splits them like a shell does),
// up to the end of the line or the first shell operator.
std::vector<Word> magic_words(std::string_view s, size_t begin) {
  std::vector<Word> out;
  if (begin >= s.size() || s.size() >= UINT32_MAX) return out;
  for (const shell::Token& t :
       shell::lex_shell(s, static_cast<uint32_t>(begin), static_cast<uint32_t>(s.size())).tokens) {
    if (t.kind != shell::TokKind::Word) break;
    out.push_back({t.text, t.begin, t.end});
  }
  return out;
}

std::string_view basename(std::string_view p) {
  size_t slash = p.find_last_of('/');
  return slash == std::string_view::npos ? p : p.substr(slash + 1);
}

void move_span(Span& s, const CodeLine& at) {
  s.line += at.line - 1;
  s.end_line += at.line - 1;
  s.offset += at.offset;
  s.end_offset += at.offset;
}

}  // namespace

CellMode cell_mode(std::string_view first_line) {
  std::string_view t = trim(first_line);
  if (t.substr(0, 2) != "%%") return CellMode::Python;
  std::vector<Word> w = magic_words(t, 2);
  if (w.empty()) return CellMode::Blank;
  const std::string& m = w[0].value;
  if (m == "bash" || m == "sh" || m == "system") return CellMode::Shell;
  if (m == "script" && w.size() > 1 &&
      (basename(w[1].value) == "bash" || basename(w[1].value) == "sh")) {
    return CellMode::Shell;
  }
  if (m == "time" || m == "timeit" || m == "capture" || m == "prun" || m == "debug") {
    return CellMode::PythonBody;
  }
  if ((m == "writefile" || m == "file") && w.size() > 1) {
    const std::string& f = w.back().value;
    if (f.size() > 3 && f.substr(f.size() - 3) == ".py") return CellMode::PythonBody;
  }
  return CellMode::Blank;
}

bool find_magic(std::string_view line, size_t* begin) {
  size_t i = 0;
  while (i < line.size() && is_space(line[i])) ++i;
  if (i >= line.size()) return false;
  char c = line[i];
  if (c == '!' || c == '%' || c == '?') {
    *begin = i;
    return true;
  }
  // x = !cmd / x = %magic
  size_t j = i;
  while (j < line.size() && (is_alnum(line[j]) || line[j] == '_')) ++j;
  if (j == i) return false;
  while (j < line.size() && is_space(line[j])) ++j;
  if (j >= line.size() || line[j] != '=' || (j + 1 < line.size() && line[j + 1] == '=')) {
    return false;
  }
  ++j;
  while (j < line.size() && is_space(line[j])) ++j;
  if (j < line.size() && (line[j] == '!' || line[j] == '%')) {
    *begin = j;
    return true;
  }
  return false;
}

void shell_facts(std::string_view text, const CodeLine& at, size_t begin, FileFacts& out) {
  FileFacts sh = shell::analyze_shell_from(text, begin, "");
  for (Fact& f : sh.facts) {
    move_span(f.span, at);
    for (Arg& a : f.args) move_span(a.span, at);
    out.facts.push_back(std::move(f));
  }
  for (Diagnostic& d : sh.diagnostics) {
    if (d.line > 0) d.line += at.line - 1;
    out.diagnostics.push_back(std::move(d));
  }
  for (std::string& o : sh.passed_options)
    if (std::find(out.passed_options.begin(), out.passed_options.end(), o) ==
        out.passed_options.end())
      out.passed_options.push_back(std::move(o));
}

void shell_line_facts(const CodeLine& l, size_t begin, FileFacts& out) {
  shell_facts(l.text, l, begin, out);
}

void line_magic_facts(const CodeLine& l, size_t begin, FileFacts& out) {
  std::string_view s = l.text;
  if (begin >= s.size()) return;
  if (s[begin] == '!') {
    size_t b = begin + 1;
    if (b < s.size() && s[b] == '!') ++b;
    shell_line_facts(l, b, out);
    return;
  }
  if (s[begin] != '%' || (begin + 1 < s.size() && s[begin + 1] == '%')) return;
  std::vector<Word> w = magic_words(s, begin + 1);
  if (w.empty()) return;
  const std::string& m = w[0].value;
  if (m == "pip" || m == "conda" || m == "mamba") {
    shell_line_facts(l, begin + 1, out);
  } else if (m == "sx" || m == "system") {
    shell_line_facts(l, w[0].e, out);
  } else if ((m == "env" || m == "set_env") && w.size() >= 2) {
    const std::string& v = w[1].value;
    size_t eq = v.find('=');
    Fact f;
    if (eq != std::string::npos) {
      f = make(FactKind::EnvVar, v.substr(0, eq), v.substr(eq + 1),
               span_of(l, w[1].b, w[1].b + eq));
      f.usage = Usage::Assign;
    } else if (w.size() >= 3) {
      f = make(FactKind::EnvVar, v, w[2].value, span_of(l, w[1].b, w[1].e));
      f.usage = Usage::Assign;
    } else {
      f = make(FactKind::EnvVar, v, "", span_of(l, w[1].b, w[1].e));
      f.usage = Usage::Load;
    }
    if (is_ident(f.name)) out.facts.push_back(std::move(f));
  } else if (m == "run" && w.size() >= 2) {
    size_t k = 1;
    while (k < w.size() && !w[k].value.empty() && w[k].value[0] == '-') ++k;
    if (k >= w.size()) return;
    Fact f = make(FactKind::Command, "python", std::string(s.substr(w[k].b, w.back().e - w[k].b)),
                  span_of(l, w[0].b, w[0].e));
    f.call = w[k].value;
    out.facts.push_back(std::move(f));
  }
}

}  // namespace ascendify::notebook
