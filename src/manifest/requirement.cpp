#include "manifest/requirement.hpp"

#include <algorithm>

#include "core/text.hpp"

namespace ascendify::manifest {
namespace {

using Kind = ParsedRequirement::Kind;

bool is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '.';
}
bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f';
}
bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
bool ends_with(std::string_view s, std::string_view p) {
  return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

ParsedRequirement invalid(std::string message) {
  ParsedRequirement r;
  r.kind = Kind::Invalid;
  r.message = std::move(message);
  return r;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decode(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out.push_back(static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2])));
      i += 2;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

// The URL or path without '#fragment' and '?query'.
std::string_view strip_fragment(std::string_view url) {
  size_t cut = url.find_first_of("#?");
  return cut == std::string_view::npos ? url : url.substr(0, cut);
}

std::string_view basename(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// `egg=name` in a URL fragment; empty when absent.
std::string_view egg_name(std::string_view url, size_t* pos) {
  size_t hash = url.find('#');
  if (hash == std::string_view::npos) return {};
  size_t e = url.find("egg=", hash);
  if (e == std::string_view::npos) return {};
  size_t b = e + 4, end = b;
  while (end < url.size() && is_name_char(url[end])) ++end;
  *pos = b;
  return url.substr(b, end - b);
}

bool is_vcs(std::string_view s) {
  return starts_with(s, "git+") || starts_with(s, "hg+") || starts_with(s, "svn+") ||
         starts_with(s, "bzr+");
}

bool is_archive(std::string_view file, std::string_view* stem) {
  for (std::string_view ext : {".tar.gz", ".tar.bz2", ".tar.xz", ".tgz", ".zip", ".tar"}) {
    if (ends_with(file, ext)) {
      *stem = file.substr(0, file.size() - ext.size());
      return true;
    }
  }
  return false;
}

// Name and version from a wheel or sdist file name; false when it is neither.
bool name_from_file(std::string_view url, std::string* name, std::string* version) {
  std::string file = percent_decode(basename(strip_fragment(url)));
  std::string_view f = file;
  if (ends_with(f, ".whl")) {
    size_t dash = f.find('-');
    if (dash == 0 || dash == std::string_view::npos) return false;
    size_t dash2 = f.find('-', dash + 1);
    if (dash2 == std::string_view::npos) return false;
    *name = std::string(f.substr(0, dash));
    *version = std::string(f.substr(dash + 1, dash2 - dash - 1));
    return true;
  }
  std::string_view stem;
  if (!is_archive(f, &stem)) return false;
  for (size_t i = stem.size(); i-- > 1;) {
    if (stem[i - 1] == '-' && i < stem.size() && stem[i] >= '0' && stem[i] <= '9') {
      *name = std::string(stem.substr(0, i - 1));
      *version = std::string(stem.substr(i));
      return true;
    }
  }
  return false;
}

// Repository name of a VCS URL: last path component without ".git" and "@ref".
std::string repo_name(std::string_view url) {
  url = strip_fragment(url);
  size_t scheme = url.find("://");
  std::string_view path = scheme == std::string_view::npos ? url : url.substr(scheme + 3);
  size_t slash = path.find('/');
  path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash);
  size_t at = path.find('@');
  if (at != std::string_view::npos) path = path.substr(0, at);
  while (!path.empty() && path.back() == '/') path.remove_suffix(1);
  std::string_view last = basename(path);
  if (ends_with(last, ".git")) last.remove_suffix(4);
  return std::string(last);
}

// A requirement that is a URL or a path (no leading name).
ParsedRequirement parse_url_requirement(std::string_view url) {
  ParsedRequirement r;
  r.kind = Kind::Dependency;
  r.pos = 0;
  r.len = url.size();
  size_t egg_pos = 0;
  std::string_view egg = egg_name(url, &egg_pos);
  std::string fname, fversion;
  bool from_file = name_from_file(url, &fname, &fversion);
  if (!egg.empty()) {
    r.name = normalize_name(egg);
    r.pos = egg_pos;
    r.len = egg.size();
  } else if (from_file) {
    r.name = normalize_name(fname);
  } else if (is_vcs(url)) {
    r.name = normalize_name(repo_name(url));
  }
  if (from_file && !fversion.empty()) r.detail = "==" + fversion;
  if (r.name.empty()) return invalid("cannot determine the package name of URL requirement");
  return r;
}

// `name [extras] @ url`
bool name_at_form(std::string_view s) {
  size_t at = s.find('@');
  if (at == std::string_view::npos) return false;
  std::string_view before = trim(s.substr(0, at));
  size_t br = before.find('[');
  if (br != std::string_view::npos) before = trim(before.substr(0, br));
  if (before.empty() || !is_alnum(before[0])) return false;
  return std::all_of(before.begin(), before.end(), is_name_char);
}

bool looks_like_url_or_path(std::string_view s) {
  return s.find("://") != std::string_view::npos || is_vcs(s) || starts_with(s, ".") ||
         s.find('/') != std::string_view::npos || starts_with(s, "~") || starts_with(s, "file:") ||
         ends_with(strip_fragment(s), ".whl") || ends_with(strip_fragment(s), ".tar.gz") ||
         ends_with(strip_fragment(s), ".zip");
}

// Cuts an environment marker: for URL forms only "<space>;" starts one (PEP 508).
std::string_view cut_marker(std::string_view s, bool url_form) {
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != ';') continue;
    if (!url_form || (i > 0 && is_space(s[i - 1]))) return trim(s.substr(0, i));
  }
  return s;
}

// Cuts trailing pip per-requirement options (" --hash=...", " --global-option ...").
std::string_view cut_options(std::string_view s) {
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] == '-' && s[i + 1] == '-' && is_space(s[i - 1])) return trim(s.substr(0, i));
  }
  return s;
}

}  // namespace

std::string normalize_name(std::string_view name) {
  return ascendify::normalize_dist_name(name);
}

ParsedRequirement parse_requirement(std::string_view req) {
  std::string_view s = cut_options(trim(req));
  size_t lead = static_cast<size_t>(s.data() - req.data());
  if (s.empty()) return invalid("empty requirement");
  ParsedRequirement r;
  if (!name_at_form(s) && looks_like_url_or_path(s.substr(0, s.find_first_of(" \t;")))) {
    std::string_view url = s.substr(0, s.find_first_of(" \t"));
    std::string n, v;
    if (!is_vcs(url) && url.find("://") == std::string_view::npos && !name_from_file(url, &n, &v)) {
      ParsedRequirement ign;
      ign.kind = Kind::Ignored;  // a local project path such as "." or "./pkg"
      return ign;
    }
    r = parse_url_requirement(url);
    r.pos += lead;
    return r;
  }
  size_t i = 0;
  while (i < s.size() && is_name_char(s[i])) ++i;
  size_t name_end = i;
  // PEP 508 names end with an alphanumeric character.
  while (name_end > 0 && !is_alnum(s[name_end - 1])) --name_end;
  if (name_end == 0) return invalid("requirement has no package name");
  r.kind = Kind::Dependency;
  r.name = normalize_name(s.substr(0, name_end));
  r.pos = lead;
  r.len = name_end;
  i = name_end;
  while (i < s.size() && is_space(s[i])) ++i;
  if (i < s.size() && s[i] == '[') {
    size_t close = s.find(']', i);
    if (close == std::string_view::npos) return invalid("unterminated extras in requirement");
    i = close + 1;
    while (i < s.size() && is_space(s[i])) ++i;
  }
  if (i < s.size() && s[i] == '@') {
    std::string_view url = trim(cut_marker(s.substr(i + 1), true));
    std::string n, v;
    if (name_from_file(url, &n, &v) && !v.empty()) r.detail = "==" + v;
    return r;
  }
  std::string_view spec = trim(cut_marker(s.substr(i), false));
  if (!spec.empty() && spec.front() == '(' && spec.back() == ')') {
    spec = trim(spec.substr(1, spec.size() - 2));
  }
  if (!spec.empty() && std::string_view("<>=!~").find(spec.front()) == std::string_view::npos) {
    return invalid("unexpected text after the package name");
  }
  r.detail = std::string(spec);
  return r;
}

ParsedRequirement parse_requirement_line(std::string_view line) {
  std::string_view s = trim(line);
  size_t lead = static_cast<size_t>(s.data() - line.data());
  if (s.empty() || s[0] != '-') {
    ParsedRequirement r = parse_requirement(line);
    return r;
  }
  struct Opt {
    std::string_view name;
    Kind kind;
  };
  static constexpr Opt kOpts[] = {
      {"--requirement", Kind::Include},
      {"--constraint", Kind::Include},
      {"--extra-index-url", Kind::Index},
      {"--index-url", Kind::Index},
      {"--find-links", Kind::Index},
      {"--editable", Kind::Dependency},
      {"-r", Kind::Include},
      {"-c", Kind::Include},
      {"-i", Kind::Index},
      {"-f", Kind::Index},
      {"-e", Kind::Dependency},
  };
  for (const Opt& o : kOpts) {
    if (!starts_with(s, o.name)) continue;
    size_t i = o.name.size();
    bool long_opt = o.name.size() > 2;
    if (i < s.size() && !is_space(s[i]) && s[i] != '=' && long_opt) continue;  // --requirementX
    if (i < s.size() && s[i] == '=') ++i;
    while (i < s.size() && is_space(s[i])) ++i;
    size_t end = i;
    while (end < s.size() && !is_space(s[end])) ++end;
    if (end == i) return invalid("option without a value");
    std::string_view value = s.substr(i, end - i);
    if (o.kind == Kind::Dependency) {  // editable: VCS/URL installs are real dependencies
      if (!is_vcs(value) && value.find("://") == std::string_view::npos) {
        ParsedRequirement ign;
        ign.kind = Kind::Ignored;
        return ign;
      }
      ParsedRequirement r = parse_url_requirement(value);
      r.pos += lead + i;
      return r;
    }
    ParsedRequirement r;
    r.kind = o.kind;
    r.name = o.kind == Kind::Include ? "requirements-include" : "pip-index";
    r.detail = std::string(value);
    r.pos = lead + i;
    r.len = value.size();
    return r;
  }
  ParsedRequirement ign;
  ign.kind = Kind::Ignored;  // --pre, --no-binary, --trusted-host, ...
  return ign;
}

Span SpanMaker::span(size_t begin, size_t end) const {
  Span sp;
  begin = std::min(begin, text_.size());
  end = std::clamp(end, begin, text_.size());
  sp.offset = static_cast<uint32_t>(begin);
  sp.end_offset = static_cast<uint32_t>(end);
  sp.line = index_.line_of(sp.offset);
  sp.col =
      utf8_length(text_.substr(index_.line_start(sp.line), begin - index_.line_start(sp.line))) + 1;
  sp.end_line = end > begin ? index_.line_of(sp.end_offset - 1) : sp.line;
  uint32_t es = index_.line_start(sp.end_line);
  sp.end_col = end >= es ? utf8_length(text_.substr(es, end - es)) + 1 : sp.col;
  return sp;
}

size_t SpanMaker::offset_of(uint32_t line, uint32_t col) const {
  if (line == 0 || line > index_.line_count()) return text_.size();
  size_t start = index_.line_start(line);
  std::string_view lt = index_.line(line);
  uint32_t seen = 1;
  size_t i = 0;
  while (i < lt.size() && seen < col) {
    ++i;
    while (i < lt.size() && (static_cast<unsigned char>(lt[i]) & 0xC0) == 0x80) ++i;
    ++seen;
  }
  return start + i;
}

Fact dependency_fact(const ParsedRequirement& r, std::string_view receiver, Span span,
                     bool guarded) {
  Fact f;
  f.kind = FactKind::Dependency;
  f.name = r.name;
  f.detail = r.detail;
  f.receiver = std::string(receiver);
  f.span = span;
  f.guarded = guarded;
  return f;
}

Fact command_fact(std::string name, std::string detail, std::string_view receiver, Span span) {
  Fact f;
  f.kind = FactKind::Command;
  f.name = std::move(name);
  f.detail = std::move(detail);
  f.receiver = std::string(receiver);
  f.span = span;
  return f;
}

void emit_parsed(const ParsedRequirement& r, std::string_view line, size_t line_off,
                 const SpanMaker& sm, bool guarded, std::string_view scope, std::string_view path,
                 FileFacts& out) {
  std::string_view receiver = trim(line);
  Span sp = sm.span(line_off + r.pos, line_off + r.pos + r.len);
  switch (r.kind) {
    case Kind::Dependency: {
      Fact f = dependency_fact(r, receiver, sp, guarded);
      f.scope = std::string(scope);
      out.facts.push_back(std::move(f));
      break;
    }
    case Kind::Include:
    case Kind::Index:
      out.facts.push_back(command_fact(r.name, r.detail, receiver, sp));
      break;
    case Kind::Ignored:
      break;
    case Kind::Invalid:
      out.diagnostics.push_back(
          {std::string(path), sp.line, r.message + ": " + clip_utf8(receiver, 80)});
      break;
  }
}

}  // namespace ascendify::manifest
