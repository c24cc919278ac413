#include "cli/lsp_diagnostics.hpp"

#include "assess/taxonomy.hpp"
#include "core/rule.hpp"
#include "core/text.hpp"

namespace ascendify::cli {

namespace {

using Json = nlohmann::json;

// The first `needle` on line `line_no` (1-based) of `text`, else the line without its
// indentation; an empty range at the end of the text when the line does not exist.
TextRange on_line(std::string_view text, uint32_t line_no, std::string_view needle) {
  const ascendify::LineIndex lines(text);
  if (line_no < 1 || line_no > lines.line_count()) return {text.size(), text.size()};
  const std::string_view line = lines.line(line_no);
  const size_t start = lines.line_start(line_no);
  if (!needle.empty())
    if (size_t at = line.find(needle); at != std::string_view::npos)
      return {start + at, start + at + needle.size()};
  const size_t lead = line.find_first_not_of(" \t");
  if (lead == std::string_view::npos) return {start, start + line.size()};
  return {start + lead, start + line.size()};
}

// Byte offset of 1-based `line`, `col` (code points) in `text`.
size_t offset_of(std::string_view text, uint32_t line_no, uint32_t col) {
  const ascendify::LineIndex lines(text);
  if (line_no < 1 || line_no > lines.line_count()) return text.size();
  const std::string_view line = lines.line(line_no);
  size_t i = 0;
  for (uint32_t c = 1; c < col && i < line.size(); ++c) {
    ++i;
    while (i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) ++i;
  }
  return lines.line_start(line_no) + i;
}

}  // namespace

TextRange locate(const Finding& f, std::string_view text, const FileFacts& facts, FileKind kind) {
  if (kind == FileKind::Notebook) {
    const uint32_t l = f.span.line;
    if (l >= 1 && l <= facts.cell_lines.size() && facts.cell_lines[l - 1].json_line) {
      const uint32_t jl = facts.cell_lines[l - 1].json_line;
      TextRange r = on_line(text, jl, f.match);
      // A string in a cell is escaped in the JSON text: "cuda" is \"cuda\" there.
      if (r.end - r.begin != f.match.size()) {
        std::string escaped = Json(f.match).dump();
        escaped = escaped.substr(1, escaped.size() - 2);
        if (escaped != f.match) r = on_line(text, jl, escaped);
      }
      return r;
    }
    return {0, 0};
  }
  if (f.span.end_offset >= f.span.offset && f.span.end_offset <= text.size() &&
      (f.span.offset > 0 || f.span.line <= 1)) {
    TextRange r{f.span.offset, f.span.end_offset};
    if (r.end == r.begin) r.end = std::min(text.size(), r.begin + f.match.size());
    return r;
  }
  const size_t begin = offset_of(text, f.span.line, f.span.col);
  return {begin, std::min(text.size(), begin + f.match.size())};
}

int severity_of(const Finding& f, const ProjectNote* note) {
  // Without a project note the site's class is the rule's (no phase reaches it as far as this
  // file alone can tell), so nothing is said about the default run.
  const SiteClass cls = note ? note->site_class : assess::classify_site(f);
  const bool optional = note && note->optional;
  if (cls == SiteClass::StopsRun) return 1;
  if (f.severity == Severity::Blocker && !f.guarded && !optional) return 1;
  switch (cls) {
    case SiteClass::StopsRun:
    case SiteClass::MustAdapt:
      return 2;
    case SiteClass::Mechanical:
    case SiteClass::Tuning:
      return 3;
    case SiteClass::NoChange:
      return 4;
  }
  return 2;
}

Json range_json(TextRange range, const lsp::LineIndex& index, lsp::Encoding enc) {
  const lsp::Position a = index.position(range.begin, enc), b = index.position(range.end, enc);
  return {{"start", {{"line", a.line}, {"character", a.character}}},
          {"end", {{"line", b.line}, {"character", b.character}}}};
}

Json diagnostic_json(const Finding& f, const ProjectNote* note, TextRange range,
                     const lsp::LineIndex& index, lsp::Encoding enc) {
  std::string message = f.message;
  if (!f.replacement.empty()) message.append("\nReplacement: ").append(f.replacement);
  if (note) {
    message.append("\nProject: ");
    if (note->site_class == SiteClass::StopsRun)
      message.append("stops the default run on an NPU");
    else
      message.append(to_string(note->site_class));
    if (note->optional) message.append(" (optional feature: off by default)");
    if (!note->phases.empty()) {
      message.append("; phases: ");
      for (size_t i = 0; i < note->phases.size(); ++i)
        message.append(i ? ", " : "").append(note->phases[i]);
    }
  }
  const bool safe_fix = f.autofix && f.rule && f.rule->autofix && f.rule->autofix->safe;
  Json data = {{"rule", f.rule_id},
               {"domain", to_string(f.domain)},
               {"confidence", to_string(f.confidence)},
               {"safe_fix", safe_fix}};
  if (note) data["class"] = to_string(note->site_class);
  return {{"range", range_json(range, index, enc)},
          {"severity", severity_of(f, note)},
          {"code", f.rule_id},
          {"source", "ascendify"},
          {"message", message},
          {"data", std::move(data)}};
}

}  // namespace ascendify::cli
