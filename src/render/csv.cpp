// One CSV row per finding (RFC 4180: CRLF line ends, quoted fields where needed).
#include <string>

#include "render/escape.hpp"
#include "render/pieces.hpp"
#include "render/render.hpp"

namespace ascendify::render {

namespace {

std::string auto_manual(const Finding& f) {
  if (f.severity == Severity::Info) return "info";
  if (f.auto_by_transfer_to_npu) return "auto-transfer_to_npu";
  if (f.autofix) return "auto-fix";
  return "manual";
}

void row(std::string& out, const std::vector<std::string>& fields) {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    out += csv_field(fields[i]);
  }
  out += "\r\n";
}

}  // namespace

std::string render_csv(const Assessment& a) {
  std::string out;
  render_csv_to(a, [&](std::string_view piece) { out += piece; });
  return out;
}

void render_csv_to(const Assessment& a, const std::function<void(std::string_view)>& sink,
                   size_t piece_bytes) {
  std::string out;
  row(out, {"domain", "rule", "file", "line", "column", "original", "snippet", "replacement",
            "confidence", "auto_manual", "guarded", "optional", "phases", "class"});
  for (const auto& f : a.findings) {
    std::string phases;
    for (const auto& p : f.phases) phases += (phases.empty() ? "" : ";") + p;
    row(out, {std::string(to_string(f.domain)), f.rule_id, f.path, std::to_string(f.span.line),
              std::to_string(f.span.col), f.match, f.snippet, f.replacement,
              std::string(to_string(f.confidence)), auto_manual(f), f.guarded ? "true" : "false",
              f.optional ? "true" : "false", phases, std::string(to_string(f.site_class))});
    pass_on_when_full(out, sink, piece_bytes);
  }
  sink(out);
}

}  // namespace ascendify::render
