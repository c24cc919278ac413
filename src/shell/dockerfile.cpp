#include <limits>
#include <map>
#include <set>
#include <string>

#include "core/text.hpp"
#include "shell/lexer.hpp"
#include "shell/script.hpp"
#include "shell/shell.hpp"

namespace ascendify::shell {

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

struct Line {
  uint32_t begin, end, next;  // end: before '\n' / '\r\n'; next: start of the next line
};

Line line_at(std::string_view t, uint32_t i) {
  uint32_t n = static_cast<uint32_t>(t.size());
  uint32_t e = i;
  while (e < n && t[e] != '\n') ++e;
  uint32_t next = e < n ? e + 1 : n;
  if (e > i && t[e - 1] == '\r') --e;
  return {i, e, next};
}

uint32_t first_non_blank(std::string_view t, uint32_t b, uint32_t e) {
  while (b < e && blank(t[b])) ++b;
  return b;
}

std::vector<Word> words_of(std::string_view buf, uint32_t b, uint32_t e) {
  std::vector<Word> out;
  for (const Token& t : lex_shell(buf, b, e).tokens) {
    if (t.kind != TokKind::Word) continue;
    out.push_back({t.text, t.begin, t.end, t.quoted, t.lit_prefix});
  }
  return out;
}

// `$NAME` / `${NAME}` replaced from the ARG defaults seen so far.
std::string substitute(const std::string& v, const std::map<std::string, std::string>& args) {
  std::string out;
  for (size_t i = 0; i < v.size();) {
    if (v[i] != '$') {
      out.push_back(v[i++]);
      continue;
    }
    size_t k = i + 1;
    bool brace = k < v.size() && v[k] == '{';
    if (brace) ++k;
    size_t ns = k;
    while (k < v.size() && is_name_char(v[k])) ++k;
    std::string name = v.substr(ns, k - ns);
    if (brace) {
      size_t close = v.find('}', k);
      k = close == std::string::npos ? v.size() : close + 1;
    }
    auto it = args.find(name);
    out += it != args.end() ? it->second : v.substr(i, k - i);
    i = k > i ? k : i + 1;
  }
  return out;
}

// Parses a JSON array of strings at [b, e); false when it is not one (then: shell form).
bool exec_form(std::string_view t, uint32_t b, uint32_t e, std::vector<Word>& out,
               std::vector<bool>& plain) {
  uint32_t i = first_non_blank(t, b, e);
  if (i >= e || t[i] != '[') return false;
  ++i;
  while (true) {
    while (i < e && (blank(t[i]) || t[i] == '\n')) ++i;
    if (i < e && t[i] == ']' && out.empty()) return true;
    if (i >= e || t[i] != '"') return false;
    Word w;
    w.begin = i++;
    w.quoted = true;
    bool simple = true;
    while (i < e && t[i] != '"') {
      if (t[i] == '\\' && i + 1 < e) {
        simple = false;
        char c = t[i + 1];
        w.value.push_back(c == 'n' ? '\n' : c == 't' ? '\t' : c);
        i += 2;
      } else {
        w.value.push_back(t[i++]);
      }
    }
    if (i >= e) return false;
    w.end = ++i;
    out.push_back(std::move(w));
    plain.push_back(simple);
    while (i < e && (blank(t[i]) || t[i] == '\n')) ++i;
    if (i < e && t[i] == ',') {
      ++i;
      continue;
    }
    return i < e && t[i] == ']';
  }
}

class Dockerfile {
 public:
  Dockerfile(std::string_view text, std::string_view path, Emitter& em)
      : t_(text), copy_(text), path_(path), em_(em) {}

  void run() {
    uint32_t n = static_cast<uint32_t>(t_.size());
    uint32_t i = directives();
    while (i < n) {
      Line ln = line_at(t_, i);
      uint32_t s = first_non_blank(t_, ln.begin, ln.end);
      if (s >= ln.end || t_[s] == '#') {
        i = ln.next;
        continue;
      }
      i = instruction(s);
    }
  }

 private:
  std::string_view t_;
  std::string copy_;  // the text with continuations and inner comment lines blanked
  std::string_view path_;
  Emitter& em_;
  char escape_ = '\\';
  std::set<std::string> stages_;
  std::map<std::string, std::string> args_;

  uint32_t directives() {
    uint32_t i = 0;
    while (i < t_.size()) {
      Line ln = line_at(t_, i);
      std::string_view l = trim(t_.substr(ln.begin, ln.end - ln.begin));
      if (l.size() < 2 || l[0] != '#') break;
      l = trim(l.substr(1));
      size_t eq = l.find('=');
      if (eq == std::string_view::npos) break;
      std::string key = ascii_lower(trim(l.substr(0, eq)));
      if (key != "escape" && key != "syntax" && key != "check") break;
      std::string_view val = trim(l.substr(eq + 1));
      if (key == "escape" && val.size() == 1 && (val[0] == '`' || val[0] == '\\')) escape_ = val[0];
      i = ln.next;
    }
    return i;
  }

  // Blanks continuations in copy_; returns the end of the logical line and the next offset.
  uint32_t logical_end(uint32_t s, uint32_t& next) {
    uint32_t i = s;
    while (true) {
      Line ln = line_at(t_, i);
      uint32_t last = ln.end;
      while (last > ln.begin && blank(t_[last - 1])) --last;
      if (last == ln.begin || t_[last - 1] != escape_ || ln.next >= t_.size() ||
          ln.end == ln.next) {
        next = ln.next;
        return ln.end;
      }
      for (uint32_t k = last - 1; k < ln.next; ++k) copy_[k] = ' ';
      i = ln.next;
      while (i < t_.size()) {  // comment and empty lines inside a continued instruction
        Line c = line_at(t_, i);
        uint32_t f = first_non_blank(t_, c.begin, c.end);
        if (f < c.end && t_[f] != '#') break;
        for (uint32_t k = c.begin; k < c.next; ++k) copy_[k] = ' ';
        i = c.next;
      }
      if (i >= t_.size()) {
        next = i;
        return i;
      }
    }
  }

  // Here-document delimiters in [b, e) (`<<EOF`, `<<-"EOF"`).
  std::vector<std::pair<std::string, bool>> heredocs(uint32_t b, uint32_t e) const {
    std::vector<std::pair<std::string, bool>> out;
    for (uint32_t i = b; i + 2 < e; ++i) {
      if (copy_[i] != '<' || copy_[i + 1] != '<' || copy_[i + 2] == '<') continue;
      uint32_t k = i + 2;
      bool strip = k < e && copy_[k] == '-';
      if (strip) ++k;
      if (k < e && (copy_[k] == '"' || copy_[k] == '\'')) ++k;
      uint32_t ns = k;
      while (k < e && is_name_char(copy_[k])) ++k;
      if (k > ns) out.emplace_back(copy_.substr(ns, k - ns), strip);
      i = k;
    }
    return out;
  }

  uint32_t instruction(uint32_t s) {
    uint32_t k = s;
    while (k < t_.size() && ((t_[k] >= 'a' && t_[k] <= 'z') || (t_[k] >= 'A' && t_[k] <= 'Z'))) ++k;
    std::string kw = ascii_lower(t_.substr(s, k - s));
    uint32_t next = 0;
    uint32_t end = logical_end(s, next);
    uint32_t ab = first_non_blank(copy_, k, end);
    uint32_t body_end = end;
    uint32_t heredoc_body = next;
    if (kw == "run" || kw == "copy" || kw == "add") {
      for (auto& [delim, strip] : heredocs(ab, end)) {
        bool found = false;
        while (next < t_.size() && !found) {
          Line ln = line_at(t_, next);
          std::string_view l = t_.substr(ln.begin, ln.end - ln.begin);
          while (strip && !l.empty() && l.front() == '\t') l.remove_prefix(1);
          found = l == delim;
          if (!found) body_end = ln.next;
          next = ln.next;
        }
      }
    }
    if (kw == "from")
      from(ab, end);
    else if (kw == "env")
      env(ab, end);
    else if (kw == "arg")
      arg(ab, end);
    else if (kw == "run")
      run_body(ab, end, heredoc_body, body_end, next);
    else if (kw == "cmd" || kw == "entrypoint")
      run_body(ab, end, end, end, end);
    return next;
  }

  void from(uint32_t b, uint32_t e) {
    std::vector<Word> w = words_of(copy_, b, e);
    size_t i = 0;
    while (i < w.size() && w[i].value.rfind("--", 0) == 0) ++i;
    if (i >= w.size()) return;
    const Word& img = w[i];
    bool earlier_stage = stages_.count(ascii_lower(img.value)) > 0;
    if (i + 2 < w.size() && ascii_lower(w[i + 1].value) == "as")
      stages_.insert(ascii_lower(w[i + 2].value));
    if (earlier_stage) return;  // FROM <earlier stage>
    Fact& f = em_.add(FactKind::BaseImage, img.value, img.begin, img.end);
    std::string sub = substitute(img.value, args_);
    if (sub != img.value) f.detail = sub;
  }

  void env(uint32_t b, uint32_t e) {
    reads(b, e);
    std::vector<Word> w = words_of(copy_, b, e);
    if (w.empty()) return;
    if (w[0].value.find('=') != std::string::npos) {
      for (const Word& x : w) emit_assign(x, em_);
      return;
    }
    Fact& f = em_.add(FactKind::EnvVar, w[0].value, w[0].begin, w[0].end);
    f.usage = Usage::Assign;
    for (size_t i = 1; i < w.size(); ++i) f.detail += (i > 1 ? " " : "") + w[i].value;
  }

  void arg(uint32_t b, uint32_t e) {
    for (const Word& x : words_of(copy_, b, e)) {
      size_t eq = x.value.find('=');
      std::string name = x.value.substr(0, eq);
      if (name.empty() || !is_name_start(name[0])) continue;
      std::string val = eq == std::string::npos ? "" : x.value.substr(eq + 1);
      Fact& f =
          em_.add(FactKind::EnvVar, name, x.begin,
                  x.begin + static_cast<uint32_t>(std::min(name.size(), size_t{x.end - x.begin})));
      f.usage = Usage::Assign;
      f.detail = val;
      if (!args_.count(name)) args_[name] = val;
    }
  }

  void reads(uint32_t b, uint32_t e) {
    for (const VarRead& r : lex_shell(copy_, b, e).reads) {
      bool upper = false, lower = false;
      for (char c : r.name) {
        upper |= c >= 'A' && c <= 'Z';
        lower |= c >= 'a' && c <= 'z';
      }
      if (upper && !lower) em_.add(FactKind::EnvVar, r.name, r.begin, r.end).usage = Usage::Load;
    }
  }

  // RUN / CMD / ENTRYPOINT: [b, e) the first logical line; [hb, he) a heredoc script body.
  // `all` ends the instruction including here-document bodies and delimiters.
  void run_body(uint32_t b, uint32_t e, uint32_t hb, uint32_t he, uint32_t all) {
    while (b + 1 < e && copy_[b] == '-' && copy_[b + 1] == '-') {  // --mount=... etc.
      while (b < e && !blank(copy_[b])) ++b;
      b = first_non_blank(copy_, b, e);
    }
    std::vector<Word> w;
    std::vector<bool> plain;
    if (exec_form(copy_, b, e, w, plain)) {
      if (w.empty()) return;
      analyze_command(w, em_);
      std::string first = w[0].value.substr(w[0].value.rfind('/') + 1);
      if (w.size() >= 3 && (first == "sh" || first == "bash") && w[1].value == "-c" && plain[2])
        analyze_script(copy_, w[2].begin + 1, w[2].end - 1, em_, path_);
      return;
    }
    if (b + 1 < e && copy_[b] == '<' && copy_[b + 1] == '<' && hb < he) {
      analyze_script(copy_, hb, he, em_, path_);
      return;
    }
    analyze_script(copy_, b, all > e ? all : e, em_, path_);
  }
};

}  // namespace

FileFacts analyze_dockerfile(std::string_view text, std::string_view path) {
  FileFacts out;
  if (text.size() >= std::numeric_limits<uint32_t>::max()) {
    out.diagnostics.push_back(
        {std::string(path), 0, "file too large for the Dockerfile front end"});
    return out;
  }
  PosMap pos(text);
  Emitter em(out, pos);
  Dockerfile(text, path, em).run();
  sort_facts(out);
  return out;
}

}  // namespace ascendify::shell
