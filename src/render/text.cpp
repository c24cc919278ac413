// Terminal and CI formats: the findings listing of `--format text` (ruff-like, grouped by
// domain) and the workflow annotations of `--format github`.
#include "core/text.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>

#include "render/escape.hpp"
#include "render/md_util.hpp"
#include "render/pieces.hpp"
#include "render/render.hpp"

namespace ascendify::render {

namespace {

std::string safe(std::string_view s) {
  return terminal_safe(s);
}

std::string clip(std::string_view m, size_t max) {
  return clip_utf8(m, max);
}

// The first sentence of a rule message, at most `max` bytes.
std::string first_sentence(std::string_view m, size_t max) {
  for (size_t i = 0; i + 1 < m.size(); ++i)
    if ((m[i] == '.' || m[i] == ';') && m[i + 1] == ' ' &&
        !(i >= 3 && (m.substr(i - 3, 4) == "e.g." || m.substr(i - 3, 4) == "i.e."))) {
      m = m.substr(0, i);
      break;
    }
  if (m.size() > 2 && m.substr(m.size() - 3) == "。") m.remove_suffix(3);
  return clip(m, max);
}

// SiteClass order: the colour of a line's class word.
constexpr std::array<std::string_view, kSiteClasses> kClassColor = {"31", "33", "32", "36", "2"};
constexpr std::array<std::string_view, kSiteClasses> kClassWord = {
    "stops the run", "must adapt", "mechanical", "tuning", "no change"};
constexpr std::array<std::string_view, kSiteClasses> kClassWordZh = {
    "阻断运行", "需手动适配", "机械修改", "仅性能调优", "无需修改"};

bool listed(const Finding& f) {
  return f.site_class != SiteClass::NoChange;
}

}  // namespace

std::string render_text(const Assessment& a, const TextOptions& o) {
  std::string out;
  render_text_to(a, o, [&](std::string_view piece) { out += piece; });
  return out;
}

void render_text_to(const Assessment& a, const TextOptions& o,
                    const std::function<void(std::string_view)>& sink, size_t piece_bytes) {
  auto paint = [&](std::string_view code, std::string_view t) {
    return o.color ? fmt::format("\x1b[{}m{}\x1b[0m", code, t) : std::string(t);
  };
  const bool zh = o.lang == Lang::Zh;
  std::string out;
  size_t no_change = 0;
  for (Domain d : kAllDomains) {
    std::vector<const Finding*> fs;
    for (const Finding& f : a.findings) {
      if (f.domain != d) continue;
      if (listed(f))
        fs.push_back(&f);
      else
        ++no_change;
    }
    if (fs.empty()) continue;
    out += paint("1", fmt::format("{} ({})", to_string(d), fs.size())) + "\n";
    const size_t shown = o.per_domain_limit ? std::min(fs.size(), o.per_domain_limit) : fs.size();
    for (size_t i = 0; i < shown; ++i) {
      const Finding& f = *fs[i];
      const size_t c = static_cast<size_t>(f.site_class);
      // "./" before a path that would start a workflow command ("::warning ...") in CI logs.
      const std::string path = f.path.str().starts_with(':') ? "./" + f.path : f.path.str();
      std::string where = fmt::format("{}:{}:{}", safe(path), f.span.line, f.span.col);
      std::string tail;
      if (f.optional)
        tail = zh ? "（可选功能）" : " (optional feature)";
      else if (f.guarded)
        tail = zh ? "（有保护）" : " (guarded)";
      else if (f.phases.empty())
        tail = zh ? "（默认运行不触达）" : " (not on the default run)";
      out += fmt::format("  {}: {} {} {}{}\n", paint("1", where), paint(kClassColor[c], f.rule_id),
                         paint(kClassColor[c], zh ? kClassWordZh[c] : kClassWord[c]),
                         safe(first_sentence(message_of(f, o.lang), 110)), tail);
      const std::string_view r = replacement_of(f, o.lang);
      if (o.replacements && !r.empty())
        out += fmt::format("      {} {}\n", paint("2", "→"), safe(clip(r, 160)));
      pass_on_when_full(out, sink, piece_bytes);
    }
    if (shown < fs.size())
      out += fmt::format(
          fmt::runtime(zh ? "  ……另有 {} 条（见报告）\n" : "  … {} more (see the report)\n"),
          fs.size() - shown);
  }
  if (no_change > 0)
    out += paint("2", fmt::format(fmt::runtime(zh ? "另有 {} 条无需修改的发现未列出（见报告）\n"
                                                  : "{} no-change findings not listed (see the "
                                                    "report)\n"),
                                  no_change));
  sink(out);
}

namespace {

// Workflow-command escaping: data (% CR LF) and properties (also : and ,).
std::string gh_data(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '%')
      out += "%25";
    else if (c == '\r')
      out += "%0D";
    else if (c == '\n')
      out += "%0A";
    else
      out += c;
  }
  return out;
}

std::string gh_property(std::string_view s) {
  std::string out;
  for (char c : gh_data(s)) {
    if (c == ':')
      out += "%3A";
    else if (c == ',')
      out += "%2C";
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string render_github(const Assessment& a, std::string_view path_prefix) {
  std::string out;
  render_github_to(
      a, [&](std::string_view piece) { out += piece; }, path_prefix);
  return out;
}

void render_github_to(const Assessment& a, const std::function<void(std::string_view)>& sink,
                      std::string_view path_prefix, size_t piece_bytes) {
  // stops the run -> error, must adapt -> warning, mechanical / tuning -> notice.
  constexpr std::array<std::string_view, kSiteClasses> kLevel = {"error", "warning", "notice",
                                                                 "notice", ""};
  std::string out;
  for (const Finding& f : a.findings) {
    const std::string_view level = kLevel[static_cast<size_t>(f.site_class)];
    if (level.empty()) continue;
    std::string text = f.message;
    const std::string_view r = replacement_of(f);
    if (!r.empty()) text += " Replacement: " + std::string(r);
    const std::string file =
        path_prefix.empty() ? f.path.str() : std::string(path_prefix) + "/" + f.path;
    out += fmt::format("::{} file={},line={},col={}", level, gh_property(file), f.span.line,
                       f.span.col);
    if (f.span.end_col > f.span.col + 1 && f.span.end_line <= f.span.line)
      out += fmt::format(",endColumn={}", f.span.end_col - 1);  // inclusive there
    out += fmt::format(",title={}::{}\n", gh_property("ascendify " + f.rule_id), gh_data(text));
    pass_on_when_full(out, sink, piece_bytes);
  }
  sink(out);
}

}  // namespace ascendify::render
