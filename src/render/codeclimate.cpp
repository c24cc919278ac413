// GitLab Code Quality report (`--format codeclimate`): a JSON array of Code Climate issues,
// one per finding, for `artifacts: reports: codequality:`. GitLab reads description,
// check_name, fingerprint, severity and location (path relative to the repository root,
// lines.begin); type and categories are the Code Climate spec's.
#include <fmt/format.h>

#include <array>
#include <map>
#include <nlohmann/json.hpp>

#include "render/escape.hpp"
#include "render/md_util.hpp"
#include "render/pieces.hpp"
#include "render/render.hpp"

namespace ascendify::render {

std::string_view codeclimate_severity(const Finding& f) {
  // SiteClass order. A rule of severity blocker (`--fail-on blocker` stops on it) that does not
  // stop the run is critical: blocker and critical are exactly what `--fail-on blocker` fails on.
  constexpr std::array<std::string_view, kSiteClasses> kByClass = {"blocker", "major", "minor",
                                                                   "info", "info"};
  if (f.site_class == SiteClass::StopsRun) return "blocker";
  if (f.severity == Severity::Blocker) return "critical";
  return kByClass[static_cast<size_t>(f.site_class)];
}

std::string render_codeclimate(const Assessment& a, std::string_view path_prefix) {
  std::string out;
  render_codeclimate_to(
      a, [&](std::string_view piece) { out += piece; }, path_prefix);
  return out;
}

void render_codeclimate_to(const Assessment& a, const std::function<void(std::string_view)>& sink,
                           std::string_view path_prefix, size_t piece_bytes) {
  using ordered_json = nlohmann::ordered_json;
  std::string out = "[";
  // The fingerprint hashes what a line says, not where it is: an edit above a finding moves
  // its line number, and GitLab would report it as fixed and new again. Identical lines of one
  // file with the same rule are told apart by their order (the k-th occurrence).
  std::map<uint64_t, size_t> occurrences;
  for (size_t i = 0; i < a.findings.size(); ++i) {
    const Finding& f = a.findings[i];
    const std::string path =
        path_prefix.empty() ? f.path.str() : std::string(path_prefix) + "/" + f.path;
    std::string description = message_of(f, Lang::En);
    if (description.empty()) description = f.rule_id + ": " + f.match;
    const std::string_view r = replacement_of(f);
    if (!r.empty()) description += " Replacement: " + std::string(r);
    const uint64_t h = fnv1a64(f.rule_id.str() + '\0' + path + '\0' + f.snippet);
    ordered_json lines;
    lines["begin"] = f.span.line != 0 ? f.span.line : 1;
    if (f.span.end_line > f.span.line) lines["end"] = f.span.end_line;
    ordered_json j;
    j["type"] = "issue";
    j["check_name"] = f.rule_id;
    j["description"] = description;
    j["categories"] = ordered_json::array({"Compatibility"});
    j["severity"] = std::string(codeclimate_severity(f));
    j["fingerprint"] = fmt::format("{:016x}-{}", h, ++occurrences[h]);
    j["location"] = {{"path", path}, {"lines", lines}};
    out += i ? ",\n  " : "\n  ";
    std::string item = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    // Indent the element one level inside the array.
    for (size_t p = item.find('\n'); p != std::string::npos; p = item.find('\n', p + 3))
      item.insert(p + 1, "  ");
    out += item;
    pass_on_when_full(out, sink, piece_bytes);
  }
  out += a.findings.empty() ? "]\n" : "\n]\n";
  sink(out);
}

}  // namespace ascendify::render
