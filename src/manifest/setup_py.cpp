// setup.py: NEVER executed. The Python front end gives the ordinary facts; the literal
// arguments of setup() are read from the token stream: install_requires / setup_requires /
// tests_require / extras_require lists (also through a module-level variable), console
// scripts, and CUDAExtension/CppExtension calls. All walks are iterative.
#include <map>
#include <optional>
#include <vector>

#include "manifest/manifest.hpp"
#include "manifest/requirement.hpp"
#include "python/analyzer.hpp"
#include "python/lexer.hpp"

namespace ascendify::manifest {
namespace {

using python::Token;
using python::TokenKind;

struct Lit {
  std::string value;
  size_t tok = 0;  // index of the first token of the element
};

constexpr int kMaxIndirection = 8;

class SetupReader {
 public:
  SetupReader(std::string_view text, std::string_view path, FileFacts& out)
      : sm_(text), path_(path), out_(out) {
    python::LexResult lex = python::lex(text);
    for (const Token& t : lex.tokens) {
      if (t.kind != TokenKind::Comment) toks_.push_back(t);
    }
    index_variables();
  }

  void run() {
    for (size_t i = 0; i + 2 < toks_.size(); ++i) {
      std::string key;
      if (toks_[i].kind == TokenKind::Name && is_op(i + 1, "=") &&
          (is_op(i - 1, "(") || is_op(i - 1, ","))) {
        key = std::string(toks_[i].text);  // setup(install_requires=...)
      } else if (toks_[i].kind == TokenKind::String && is_op(i + 1, ":")) {
        key = python::decode_string(toks_[i]);  // setup(**{"install_requires": ...})
      } else if (toks_[i].kind == TokenKind::Name &&
                 (toks_[i].text == "CUDAExtension" || toks_[i].text == "CppExtension") &&
                 is_op(i + 1, "(")) {
        extension(i);
        continue;
      } else {
        continue;
      }
      size_t v = i + 2;
      if (key == "install_requires" || key == "setup_requires") {
        requirements(v, false, key == "setup_requires" ? key : "");
      } else if (key == "tests_require") {
        requirements(v, true, key);
      } else if (key == "extras_require") {
        extras(v);
      } else if (key == "entry_points") {
        entry_points(v);
      }
    }
  }

 private:
  bool is_op(size_t i, std::string_view op) const {
    return i < toks_.size() && toks_[i].kind == TokenKind::Op && toks_[i].text == op;
  }
  bool is_open(size_t i) const { return is_op(i, "(") || is_op(i, "[") || is_op(i, "{"); }
  bool is_close(size_t i) const { return is_op(i, ")") || is_op(i, "]") || is_op(i, "}"); }
  bool at_statement_start(size_t i) const {
    if (i == 0) return true;
    TokenKind k = toks_[i - 1].kind;
    return k == TokenKind::Newline || k == TokenKind::Indent || k == TokenKind::Dedent;
  }

  // NAME = value at the start of a statement (module level or not: best effort, last wins).
  void index_variables() {
    for (size_t i = 0; i + 2 < toks_.size(); ++i) {
      if (toks_[i].kind == TokenKind::Name && is_op(i + 1, "=") && at_statement_start(i)) {
        vars_[std::string(toks_[i].text)] = i + 2;
      }
    }
  }

  // Index one past the bracket closing the one opened at `open` (or the end).
  size_t skip_group(size_t open) const {
    int depth = 0;
    for (size_t i = open; i < toks_.size(); ++i) {
      if (is_open(i)) ++depth;
      if (is_close(i) && --depth == 0) return i + 1;
      if (toks_[i].kind == TokenKind::EndMarker) return i;
    }
    return toks_.size();
  }

  // End (exclusive) of the expression element starting at i: the next ',' or closing bracket
  // at depth 0, or the end of the statement.
  size_t element_end(size_t i) const {
    int depth = 0;
    for (; i < toks_.size(); ++i) {
      if (is_open(i)) ++depth;
      if (is_close(i) && --depth < 0) return i;
      if (depth == 0 && (is_op(i, ",") || is_op(i, ":"))) return i;
      TokenKind k = toks_[i].kind;
      if (depth == 0 && (k == TokenKind::Newline || k == TokenKind::EndMarker)) return i;
    }
    return toks_.size();
  }

  // A string expression: adjacent literals, or os.path.join("a", "b") of literals.
  std::optional<std::string> eval_string(size_t b, size_t e, int budget = kMaxIndirection) const {
    if (b >= e) return std::nullopt;
    if (toks_[b].kind == TokenKind::String) {
      std::string s;
      for (size_t i = b; i < e; ++i) {
        if (toks_[i].kind != TokenKind::String) return std::nullopt;
        s += python::decode_string(toks_[i]);
      }
      return s;
    }
    if (toks_[b].kind == TokenKind::Name && e - b == 1 && budget > 0) {  // a variable
      auto it = vars_.find(std::string(toks_[b].text));
      if (it == vars_.end()) return std::nullopt;
      return eval_string(it->second, element_end(it->second), budget - 1);
    }
    if (e - b >= 3 && toks_[e - 1].text == ")" && toks_[b].kind == TokenKind::Name) {
      size_t open = b;
      while (open < e && !is_op(open, "(")) ++open;
      std::string callee;
      for (size_t i = b; i < open; ++i) callee += toks_[i].text;
      if (callee != "os.path.join" && callee != "path.join" && callee != "osp.join") {
        return std::nullopt;
      }
      std::vector<Lit> parts = list_elements(open, budget);
      std::string joined;
      for (const Lit& p : parts) joined += (joined.empty() ? "" : "/") + p.value;
      return joined;
    }
    return std::nullopt;
  }

  // String elements of the list/tuple/call argument list opened at `open`.
  std::vector<Lit> list_elements(size_t open, int budget) const {
    std::vector<Lit> out;
    size_t end = skip_group(open);
    size_t i = open + 1;
    while (i < end && !is_close(i)) {
      size_t e = element_end(i);
      if (auto s = eval_string(i, e, budget)) out.push_back({*s, i});
      i = e < end && is_op(e, ",") ? e + 1 : (e == i ? i + 1 : e);
      if (e < end && is_close(e)) break;
    }
    return out;
  }

  // A list value: literal list/tuple, variable, `a + b`; `open("requirements.txt")...`
  // style expressions yield requirements-include commands for their ".txt" literals.
  std::vector<Lit> list_value(size_t v, int budget = kMaxIndirection) {
    std::vector<Lit> out;
    while (v < toks_.size() && budget > 0) {
      size_t next;
      if (is_op(v, "[") || is_op(v, "(")) {
        std::vector<Lit> part = list_elements(v, budget);
        out.insert(out.end(), part.begin(), part.end());
        next = skip_group(v);
      } else if (toks_[v].kind == TokenKind::Name && !is_op(v + 1, "(") && !is_op(v + 1, ".")) {
        auto it = vars_.find(std::string(toks_[v].text));
        if (it != vars_.end() && it->second != v) {
          std::vector<Lit> part = list_value(it->second, budget - 1);
          out.insert(out.end(), part.begin(), part.end());
        }
        next = v + 1;
      } else {
        size_t e = element_end(v);
        for (size_t i = v; i < e; ++i) {
          if (toks_[i].kind != TokenKind::String) continue;
          std::string s = python::decode_string(toks_[i]);
          if (s.size() > 4 && s.substr(s.size() - 4) == ".txt") {
            out_.facts.push_back(command_fact("requirements-include", s, s, toks_[i].span));
          }
        }
        return out;
      }
      if (!is_op(next, "+")) break;
      v = next + 1;
      --budget;
    }
    return out;
  }

  // Span of `r`'s token inside the string literal token, when the source spells the value.
  Span literal_span(const Lit& lit, const ParsedRequirement& r) const {
    const Token& t = toks_[lit.tok];
    size_t body = t.span.offset + t.prefix_len + t.quote_len;
    if (t.kind == TokenKind::String && sm_.text().substr(body, lit.value.size()) == lit.value) {
      return sm_.span(body + r.pos, body + r.pos + r.len);
    }
    return t.span;
  }

  void requirements(size_t v, bool guarded, std::string_view scope) {
    for (const Lit& lit : list_value(v)) {
      ParsedRequirement r = parse_requirement(lit.value);
      Span sp = literal_span(lit, r);
      if (r.kind == ParsedRequirement::Kind::Dependency) {
        Fact f = dependency_fact(r, trim(lit.value), sp, guarded);
        f.scope = std::string(scope);
        out_.facts.push_back(std::move(f));
      } else if (r.kind == ParsedRequirement::Kind::Invalid) {
        out_.diagnostics.push_back(
            {std::string(path_), sp.line, r.message + ": " + clip_utf8(lit.value, 80)});
      }
    }
  }

  // {"key": [...], ...} or a variable holding one; calls fn(key, value index).
  template <typename Fn>
  void dict_entries(size_t v, Fn fn, int budget = kMaxIndirection) {
    if (toks_.size() <= v || budget <= 0) return;
    if (toks_[v].kind == TokenKind::Name && !is_op(v + 1, "(")) {
      auto it = vars_.find(std::string(toks_[v].text));
      if (it != vars_.end() && it->second != v) dict_entries(it->second, fn, budget - 1);
      return;
    }
    if (!is_op(v, "{")) return;
    size_t end = skip_group(v);
    size_t i = v + 1;
    while (i < end && !is_close(i)) {
      size_t ke = element_end(i);
      if (is_op(ke, ":")) {
        std::optional<std::string> key = eval_string(i, ke);
        if (key) fn(*key, ke + 1);
        ke = element_end(ke + 1);
      }
      if (ke >= end || is_close(ke)) break;
      i = ke + 1;
    }
  }

  void extras(size_t v) {
    dict_entries(v, [&](const std::string& key, size_t val) { requirements(val, true, key); });
  }

  void console_script(const std::string& entry, Span span) {
    size_t eq = entry.find('=');
    if (eq == std::string::npos) return;
    std::string detail = std::string(trim(std::string_view(entry).substr(0, eq))) + "=" +
                         std::string(trim(std::string_view(entry).substr(eq + 1)));
    out_.facts.push_back(command_fact("console-script", detail, trim(entry), span));
  }

  void entry_points(size_t v) {
    if (v < toks_.size() && toks_[v].kind == TokenKind::String) {  // INI text form
      std::optional<std::string> s = eval_string(v, element_end(v));
      if (!s) return;
      bool in_scripts = false;
      LineIndex lines(*s);
      for (uint32_t ln = 1; ln <= lines.line_count(); ++ln) {
        std::string_view l = trim(lines.line(ln));
        if (!l.empty() && l.front() == '[') {
          in_scripts = l == "[console_scripts]";
        } else if (in_scripts && !l.empty()) {
          console_script(std::string(l), toks_[v].span);
        }
      }
      return;
    }
    dict_entries(v, [&](const std::string& key, size_t val) {
      if (key != "console_scripts") return;
      for (const Lit& lit : list_value(val)) console_script(lit.value, toks_[lit.tok].span);
    });
  }

  // CUDAExtension(name, sources, ...) / CppExtension(...): one extension-build kernel.
  void extension(size_t callee) {
    size_t open = callee + 1;
    size_t end = skip_group(open);
    KernelFact k;
    k.kind = KernelKind::ExtensionBuild;
    if (toks_[callee].text == "CUDAExtension") k.features.push_back("cuda");
    const Token& last = toks_[end > 0 ? end - 1 : 0];
    k.span = sm_.span(toks_[callee].span.offset, last.span.end_offset);
    k.loc = k.span.end_line >= k.span.line ? k.span.end_line - k.span.line + 1 : 1;
    size_t i = open + 1;
    int pos = 0;
    while (i < end && !is_close(i)) {
      size_t e = element_end(i);
      std::string kw;
      size_t val = i;
      if (toks_[i].kind == TokenKind::Name && is_op(i + 1, "=")) {
        kw = std::string(toks_[i].text);
        val = i + 2;
        e = element_end(val);
      }
      if (kw == "name" || (kw.empty() && pos == 0)) {
        if (auto s = eval_string(val, e)) k.name = *s;
      } else if (kw == "sources" || (kw.empty() && pos == 1)) {
        for (const Lit& lit : list_value(val)) k.calls.push_back(lit.value);
      }
      if (kw.empty()) ++pos;
      if (e >= end || !is_op(e, ",")) break;
      i = e + 1;
    }
    out_.kernels.push_back(std::move(k));
  }

  SpanMaker sm_;
  std::string_view path_;
  FileFacts& out_;
  std::vector<Token> toks_;
  std::map<std::string, size_t> vars_;
};

}  // namespace

namespace {

size_t indent_of(std::string_view l) {
  size_t i = 0;
  while (i < l.size() && (l[i] == ' ' || l[i] == '\t')) ++i;
  return i;
}

// Line `line` (1-based) is in the body of a `try:`, by indentation: the nearest less indented
// lines above it are its enclosing headers; a def, a class or the module level ends the search.
bool inside_try(const LineIndex& lines, uint32_t line) {
  if (line == 0 || line > lines.line_count()) return false;
  size_t level = indent_of(lines.line(line));
  for (uint32_t k = line; --k > 0 && level > 0;) {
    const std::string_view l = lines.line(k);
    const size_t in = indent_of(l);
    if (in == l.size() || l[in] == '#' || in >= level) continue;  // blank, comment or deeper
    level = in;
    const std::string_view head = l.substr(in);
    if (head.starts_with("try:")) return true;
    if (head.starts_with("def ") || head.starts_with("class ") || head.starts_with("async def "))
      return false;
  }
  return false;
}

}  // namespace

FileFacts analyze_setup_py(std::string_view text, std::string_view path) {
  FileFacts out = python::analyze(text, path);
  SetupReader(text, path, out).run();
  // An extension whose build sits in a `try:` (sam2: `except Exception: ext_modules = []`) is
  // optional: the project is installed and runs without it, its kernels have a fallback. An
  // opt-in build flag (apex: `if has_flag("--cuda_ext", ...)`) is not: the code needs what it
  // asks for.
  const LineIndex lines(text);
  for (KernelFact& k : out.kernels)
    if (k.kind == KernelKind::ExtensionBuild && inside_try(lines, k.span.line))
      k.has_fallback = true;
  return out;
}

}  // namespace ascendify::manifest
