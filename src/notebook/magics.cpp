#include "notebook/magics.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "python/analyzer.hpp"

namespace ascendify::notebook {
namespace {

struct Word {
  std::string value;    // unquoted
  size_t b = 0, e = 0;  // byte range in the line
};

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f';
}
bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
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

// Splits a shell line into simple commands (separated by ; && || | &), each a list of words.
// Quotes group, backslash escapes, an unquoted '#' at a word start ends the line.
std::vector<std::vector<Word>> split_commands(std::string_view s, size_t begin) {
  std::vector<std::vector<Word>> cmds(1);
  size_t i = begin;
  while (i < s.size()) {
    char c = s[i];
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (c == '#') break;
    if (c == ';' || c == '&' || c == '|') {
      while (i < s.size() && (s[i] == ';' || s[i] == '&' || s[i] == '|')) ++i;
      if (!cmds.back().empty()) cmds.emplace_back();
      continue;
    }
    Word w;
    w.b = i;
    while (i < s.size() && !is_space(s[i]) && s[i] != ';' && s[i] != '&' && s[i] != '|') {
      char q = s[i];
      if (q == '\'' || q == '"') {
        ++i;
        while (i < s.size() && s[i] != q) {
          if (q == '"' && s[i] == '\\' && i + 1 < s.size()) ++i;
          w.value.push_back(s[i++]);
        }
        if (i < s.size()) ++i;
      } else if (q == '\\' && i + 1 < s.size()) {
        w.value.push_back(s[i + 1]);
        i += 2;
      } else {
        w.value.push_back(q);
        ++i;
      }
    }
    w.e = i;
    cmds.back().push_back(std::move(w));
  }
  if (cmds.back().empty()) cmds.pop_back();
  return cmds;
}

std::string normalize(std::string_view name) {
  return ascendify::normalize_dist_name(name);
}

std::string_view basename(std::string_view p) {
  size_t slash = p.find_last_of('/');
  return slash == std::string_view::npos ? p : p.substr(slash + 1);
}

// "pkg[extra]>=1.0; marker" -> ("pkg", ">=1.0"); "git+https://.../repo.git#egg=x" -> "x".
// Conda specs ("channel::name=1.0") when `conda` is set. False when no name can be found.
bool split_spec(std::string_view arg, bool conda, std::string* name, std::string* detail) {
  if (arg.find("://") != std::string_view::npos || arg.find('/') != std::string_view::npos) {
    size_t egg = arg.find("#egg=");
    std::string_view n;
    if (egg != std::string_view::npos) {
      n = arg.substr(egg + 5);
    } else if (arg.substr(0, 4) == "git+") {
      n = arg.substr(0, arg.find_first_of("#?"));
      size_t scheme = n.find("://");
      size_t at = n.find('@', scheme == std::string_view::npos ? 0 : scheme + 3);
      size_t slash = n.find_last_of('/');
      if (at != std::string_view::npos && slash != std::string_view::npos && at > slash) {
        n = n.substr(0, at);
      }
      n = basename(n);
      if (n.size() > 4 && n.substr(n.size() - 4) == ".git") n.remove_suffix(4);
    }
    size_t end = 0;
    while (end < n.size() && is_name_char(n[end])) ++end;
    if (end == 0) return false;
    *name = normalize(n.substr(0, end));
    detail->clear();
    return true;
  }
  if (conda) {
    size_t cc = arg.rfind("::");
    if (cc != std::string_view::npos) arg = arg.substr(cc + 2);
  }
  size_t end = 0;
  while (end < arg.size() && is_name_char(arg[end])) ++end;
  while (end > 0 && !is_alnum(arg[end - 1])) --end;
  if (end == 0 || !is_alnum(arg[0])) return false;
  *name = normalize(arg.substr(0, end));
  std::string_view rest = arg.substr(end);
  if (!rest.empty() && rest[0] == '[') {
    size_t close = rest.find(']');
    rest = close == std::string_view::npos ? std::string_view{} : rest.substr(close + 1);
  }
  size_t semi = rest.find(';');
  *detail = std::string(trim(rest.substr(0, semi)));
  return true;
}

bool option_takes_value(std::string_view o) {
  for (std::string_view v : {"-t",
                             "--target",
                             "--prefix",
                             "--root",
                             "--trusted-host",
                             "--upgrade-strategy",
                             "--python-version",
                             "--platform",
                             "--only-binary",
                             "--no-binary",
                             "--global-option",
                             "-C",
                             "--config-settings",
                             "--src",
                             "--progress-bar",
                             "-n",
                             "--name",
                             "-p",
                             "--cache-dir",
                             "--log"}) {
    if (o == v) return true;
  }
  return false;
}

// `pip install ARGS` / `conda install ARGS` starting at words[first].
void install_facts(const CodeLine& l, const std::vector<Word>& w, size_t cmd, size_t first,
                   bool conda, FileFacts& out) {
  std::string rest(trim(l.text.substr(w[first - 1].e, w.back().e - w[first - 1].e)));
  out.facts.push_back(make(FactKind::Command, conda ? "conda-install" : "pip-install", rest,
                           span_of(l, w[cmd].b, w[cmd].e)));
  for (size_t i = first; i < w.size(); ++i) {
    const std::string& a = w[i].value;
    if (a.empty()) continue;
    if (a[0] == '-') {
      std::string opt = a.substr(0, a.find('='));
      bool inline_value = a.find('=') != std::string::npos;
      std::string value = inline_value ? a.substr(a.find('=') + 1) : std::string();
      bool channel = conda && (opt == "-c" || opt == "--channel");
      bool include =
          !conda && (opt == "-r" || opt == "--requirement" || opt == "-c" || opt == "--constraint");
      bool index = !conda && (opt == "-i" || opt == "--index-url" || opt == "--extra-index-url" ||
                              opt == "-f" || opt == "--find-links");
      bool editable = opt == "-e" || opt == "--editable";
      if (!include && !index && !channel && !editable && !option_takes_value(opt)) continue;
      size_t vb = w[i].b, ve = w[i].e;
      if (!inline_value && i + 1 < w.size()) {
        ++i;
        value = w[i].value;
        vb = w[i].b;
        ve = w[i].e;
      }
      if (include || index || channel) {
        const char* what = include ? "requirements-include" : index ? "pip-index" : "conda-channel";
        out.facts.push_back(make(FactKind::Command, what, value, span_of(l, vb, ve)));
      }
      if (editable && value.find("://") != std::string::npos) {
        std::string name, detail;
        if (split_spec(value, false, &name, &detail)) {
          Fact f = make(FactKind::Dependency, name, detail, span_of(l, vb, ve));
          f.receiver = value;
          out.facts.push_back(std::move(f));
        }
      }
      continue;
    }
    std::string name, detail;
    if (!split_spec(a, conda, &name, &detail)) continue;
    Fact f = make(FactKind::Dependency, name, detail, span_of(l, w[i].b, w[i].e));
    f.receiver = a;
    out.facts.push_back(std::move(f));
  }
}

void simple_command(const CodeLine& l, const std::vector<Word>& w, FileFacts& out) {
  size_t i = 0;
  while (i < w.size()) {  // prefixes: X=Y assignments, sudo, env, export
    const std::string& v = w[i].value;
    size_t eq = v.find('=');
    if (eq != std::string::npos && is_ident(std::string_view(v).substr(0, eq))) {
      Fact f = make(FactKind::EnvVar, v.substr(0, eq), v.substr(eq + 1),
                    span_of(l, w[i].b, w[i].b + eq));
      f.usage = Usage::Assign;
      out.facts.push_back(std::move(f));
      ++i;
    } else if (v == "sudo" || v == "env" || v == "export" || v == "nohup" || v == "time" ||
               v == "exec") {
      if (v == "export" && i + 1 < w.size() && w[i + 1].value.find('=') == std::string::npos) {
        return;  // `export X`: nothing to record
      }
      ++i;
    } else {
      break;
    }
  }
  if (i >= w.size()) return;
  std::string cmd(basename(w[i].value));
  if ((cmd == "pip" || cmd == "pip3") && i + 1 < w.size() && w[i + 1].value == "install") {
    install_facts(l, w, i, i + 2, false, out);
    return;
  }
  if ((cmd == "python" || cmd == "python3") && i + 3 < w.size() && w[i + 1].value == "-m" &&
      w[i + 2].value == "pip" && w[i + 3].value == "install") {
    install_facts(l, w, i, i + 4, false, out);
    return;
  }
  if ((cmd == "conda" || cmd == "mamba" || cmd == "micromamba") && i + 1 < w.size() &&
      w[i + 1].value == "install") {
    install_facts(l, w, i, i + 2, true, out);
    return;
  }
  std::string detail;
  if (i + 1 < w.size()) detail = std::string(l.text.substr(w[i + 1].b, w.back().e - w[i + 1].b));
  Fact f = make(FactKind::Command, cmd, detail, span_of(l, w[i].b, w[i].e));
  if (cmd.rfind("python", 0) == 0) {
    for (size_t k = i + 1; k < w.size(); ++k) {
      const std::string& a = w[k].value;
      if (a == "-m" && k + 1 < w.size()) {
        f.call = "-m " + w[k + 1].value;
        break;
      }
      if (a == "-c" && k + 1 < w.size()) {  // python -c CODE: the code's facts, on this line
        for (Fact& g :
             python::inline_python_facts(w[k + 1].value, span_of(l, w[k + 1].b, w[k + 1].e)))
          out.facts.push_back(std::move(g));
        break;
      }
      if (a.size() > 3 && a.substr(a.size() - 3) == ".py") {
        f.call = a;
        break;
      }
      if (!a.empty() && a[0] != '-') break;
    }
  }
  out.facts.push_back(std::move(f));
}

}  // namespace

CellMode cell_mode(std::string_view first_line) {
  std::string_view t = trim(first_line);
  if (t.substr(0, 2) != "%%") return CellMode::Python;
  std::vector<std::vector<Word>> cmds = split_commands(t, 2);
  if (cmds.empty() || cmds[0].empty()) return CellMode::Blank;
  const std::vector<Word>& w = cmds[0];
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

void shell_line_facts(const CodeLine& l, size_t begin, FileFacts& out) {
  for (const std::vector<Word>& cmd : split_commands(l.text, begin)) simple_command(l, cmd, out);
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
  std::vector<std::vector<Word>> cmds = split_commands(s, begin + 1);
  if (cmds.empty()) return;
  const std::vector<Word>& w = cmds[0];
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
