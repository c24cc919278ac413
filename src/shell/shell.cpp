#include "shell/shell.hpp"

#include <algorithm>
#include <limits>
#include <tuple>

#include "shell/lexer.hpp"
#include "shell/script.hpp"

namespace ascendify::shell {

namespace {

constexpr uint32_t kMaxSubstitutionDepth = 64;

bool looks_like_env(std::string_view name) {
  bool upper = false;
  for (char c : name) {
    if (c >= 'a' && c <= 'z') return false;
    if (c >= 'A' && c <= 'Z') upper = true;
  }
  return upper;
}

bool is_op(const Token& t, std::string_view s) {
  return t.kind == TokKind::Op && t.text == s;
}

Word to_word(const Token& t) {
  Word w;
  w.value = t.text;
  w.begin = t.begin;
  w.end = t.end;
  w.quoted = t.quoted;
  w.lit_prefix = t.lit_prefix;
  return w;
}

enum class Mode { Normal, SkipToSep, CaseWord, CasePattern };

// Token stream -> simple commands; keywords and control structures are stepped over flatly.
void walk(const std::vector<Token>& toks, Emitter& em) {
  std::vector<Word> cmd;
  Mode mode = Mode::Normal;
  int case_depth = 0;
  auto flush = [&] {
    if (!cmd.empty()) analyze_command(cmd, em);
    cmd.clear();
  };
  for (size_t k = 0; k < toks.size(); ++k) {
    const Token& t = toks[k];
    if (t.kind == TokKind::Redirect) {
      if (k + 1 < toks.size() && toks[k + 1].kind == TokKind::Word) ++k;
      continue;
    }
    if (t.kind != TokKind::Word) {
      if (mode == Mode::CaseWord) continue;
      if (mode == Mode::CasePattern) {
        if (is_op(t, ")")) mode = Mode::Normal;
        continue;
      }
      flush();
      if (mode == Mode::SkipToSep) mode = Mode::Normal;
      if (case_depth > 0 && (is_op(t, ";;") || is_op(t, ";&") || is_op(t, ";;&")))
        mode = Mode::CasePattern;
      continue;
    }
    if (mode == Mode::SkipToSep) continue;
    if (mode == Mode::CaseWord) {
      if (!t.quoted && t.text == "in") mode = Mode::CasePattern;
      continue;
    }
    if (mode == Mode::CasePattern) {
      if (!t.quoted && t.text == "esac") {
        if (case_depth > 0) --case_depth;
        mode = Mode::Normal;
      }
      continue;
    }
    if (cmd.empty() && !t.quoted) {
      const std::string& kw = t.text;
      if (kw == "if" || kw == "then" || kw == "else" || kw == "elif" || kw == "do" ||
          kw == "while" || kw == "until" || kw == "!" || kw == "{" || kw == "fi" || kw == "done" ||
          kw == "}")
        continue;
      if (kw == "esac") {
        if (case_depth > 0) --case_depth;
        continue;
      }
      if (kw == "for" || kw == "select") {
        mode = Mode::SkipToSep;
        continue;
      }
      if (kw == "case") {
        ++case_depth;
        mode = Mode::CaseWord;
        continue;
      }
      if (kw == "function") {
        if (k + 1 < toks.size() && toks[k + 1].kind == TokKind::Word) ++k;
        if (k + 2 < toks.size() && is_op(toks[k + 1], "(") && is_op(toks[k + 2], ")")) k += 2;
        continue;
      }
      if (k + 2 < toks.size() && is_op(toks[k + 1], "(") && is_op(toks[k + 2], ")")) {
        k += 2;  // name() { ... }
        continue;
      }
    }
    cmd.push_back(to_word(t));
  }
  flush();
}

}  // namespace

void analyze_script(std::string_view buf, uint32_t begin, uint32_t end, Emitter& em,
                    std::string_view path) {
  std::vector<std::tuple<uint32_t, uint32_t, uint32_t>> work{{begin, end, 0}};
  bool too_deep = false;
  while (!work.empty()) {
    auto [b, e, depth] = work.back();
    work.pop_back();
    ShellLex lx = lex_shell(buf, b, e);
    for (const VarRead& r : lx.reads) {
      if (!looks_like_env(r.name)) continue;
      em.add(FactKind::EnvVar, r.name, r.begin, r.end).usage = Usage::Load;
    }
    walk(lx.tokens, em);
    for (const LexError& x : lx.errors) {
      em.out().diagnostics.push_back({std::string(path), em.pos().line_of(x.offset), x.message});
    }
    for (auto [sb, se] : lx.substitutions) {
      if (depth + 1 > kMaxSubstitutionDepth) {
        if (!too_deep) {
          em.out().diagnostics.push_back(
              {std::string(path), em.pos().line_of(sb), "command substitutions nested too deeply"});
        }
        too_deep = true;
        continue;
      }
      work.emplace_back(sb, se, depth + 1);
    }
  }
}

void sort_facts(FileFacts& out) {
  std::stable_sort(out.facts.begin(), out.facts.end(),
                   [](const Fact& a, const Fact& b) { return a.span.offset < b.span.offset; });
}

FileFacts analyze_shell(std::string_view text, std::string_view path) {
  return analyze_shell_from(text, 0, path);
}

FileFacts analyze_shell_from(std::string_view text, size_t begin, std::string_view path) {
  FileFacts out;
  if (text.size() >= std::numeric_limits<uint32_t>::max()) {
    out.diagnostics.push_back({std::string(path), 0, "file too large for the shell front end"});
    return out;
  }
  if (begin > text.size()) return out;
  PosMap pos(text);
  Emitter em(out, pos);
  analyze_script(text, static_cast<uint32_t>(begin), static_cast<uint32_t>(text.size()), em, path);
  sort_facts(out);
  return out;
}

}  // namespace ascendify::shell
