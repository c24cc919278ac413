// SARIF 2.1.0 for GitHub code scanning: one reportingDescriptor per rule that fired, one
// result per finding, diagnostics as tool execution notifications.
#include <fmt/format.h>

#include <map>
#include <nlohmann/json.hpp>

#include "core/rule.hpp"
#include "core/text.hpp"
#include "render/escape.hpp"
#include "render/json_text.hpp"
#include "render/render.hpp"
#include "rules/normalize.hpp"

namespace ascendify::render {

namespace {

using ordered_json = nlohmann::ordered_json;

// Where users learn about the tool. Placeholder until the project has a public home.
constexpr const char* kInformationUri = "https://github.com/ascendify/ascendify";

std::string_view level_of(Severity s) {
  switch (s) {
    case Severity::Blocker:
      return "error";
    case Severity::Manual:
      return "warning";
    case Severity::Info:
      return "note";
  }
  return "warning";
}

std::string_view precision_of(Confidence c) {
  switch (c) {
    case Confidence::High:
      return "high";
    case Confidence::Medium:
      return "medium";
    case Confidence::Low:
      return "low";
  }
  return "medium";
}

// "device.cuda-empty-cache" -> "CudaEmptyCache".
std::string pascal_name(std::string_view rule_id) {
  std::string out;
  bool upper = true;
  for (char c : rule_slug(rule_id)) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum) {
      upper = true;
      continue;
    }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out.empty() ? std::string(rule_id) : out;
}

std::string first_sentence(std::string_view s) {
  const size_t dot = s.find(". ");
  return std::string(dot == std::string_view::npos ? s : s.substr(0, dot + 1));
}

ordered_json rule_json(const Finding& f) {
  const Rule* r = f.rule;
  const std::string message = r != nullptr && !r->message.empty() ? r->message : f.message.str();
  // A rule's replacement template reads as words here: results carry the filled-in text.
  const std::string replacement =
      r != nullptr && !r->replacement.empty()
          ? rules::expand_replacement(r->replacement, "<the matched name>", "<the same name>")
          : f.replacement.str();
  const std::string text = message.empty() ? f.rule_id.str() : message;
  std::string help = text;
  std::string help_md = text;
  if (!replacement.empty()) {
    help += "\nAscend replacement: " + replacement;
    help_md += "\n\n**Ascend replacement:** " + md_code(replacement, false);
  }
  if (r != nullptr && !r->refs.empty()) {
    help += "\nReferences:";
    help_md += "\n\n**References:**\n";
    for (const auto& ref : r->refs) {
      help += "\n- " + ref;
      help_md += "\n- " + md_text(ref);
    }
  }
  ordered_json tags = ordered_json::array();
  tags.push_back("ascend-migration");
  tags.push_back(std::string(to_string(f.domain)));
  if (r != nullptr)
    for (const auto& t : r->tags) tags.push_back(t);
  const Severity sev = r != nullptr ? r->severity : f.severity;
  const Confidence conf = r != nullptr ? r->confidence : f.confidence;
  ordered_json j;
  j["id"] = f.rule_id;
  j["name"] = pascal_name(f.rule_id);
  j["shortDescription"] = {{"text", first_sentence(text)}};
  j["fullDescription"] = {
      {"text", replacement.empty() ? text : text + " Replacement: " + replacement}};
  j["help"] = {{"text", help}, {"markdown", help_md}};
  j["defaultConfiguration"] = {{"level", std::string(level_of(sev))}};
  j["properties"] = {{"tags", tags}, {"precision", std::string(precision_of(conf))}};
  return j;
}

ordered_json region_json(const Span& s) {
  ordered_json r;
  r["startLine"] = s.line;
  if (s.col != 0) r["startColumn"] = s.col;
  if (s.end_line != 0) r["endLine"] = s.end_line;
  if (s.end_col != 0) r["endColumn"] = s.end_col;
  return r;
}

ordered_json location_json(std::string_view path, const Span* span) {
  ordered_json phys;
  phys["artifactLocation"] = {{"uri", uri_encode_path(path)}, {"uriBaseId", "%SRCROOT%"}};
  if (span != nullptr && span->line != 0) phys["region"] = region_json(*span);
  return {{"physicalLocation", phys}};
}

std::string result_message(const Finding& f) {
  std::string text = !f.message.empty() ? f.message.str()
                     : f.rule != nullptr && !f.rule->message.empty()
                         ? f.rule->message
                         : fmt::format("{} uses {}", f.rule_id, f.match);
  if (!f.replacement.empty()) text += " Replacement: " + f.replacement;
  if (f.auto_by_transfer_to_npu) text += " (covered by transfer_to_npu)";
  if (f.guarded) text += " (guarded)";
  return text;
}

}  // namespace

void render_sarif_to(const Assessment& a, const std::function<void(std::string_view)>& sink) {
  // Rules in id order; ruleIndex points into this array.
  std::map<std::string, const Finding*> first_by_rule;
  for (const auto& f : a.findings) first_by_rule.emplace(f.rule_id, &f);
  std::map<std::string, size_t> index;
  ordered_json rules = ordered_json::array();
  for (const auto& [id, f] : first_by_rule) {
    index[id] = rules.size();
    rules.push_back(rule_json(*f));
  }

  ordered_json notifications = ordered_json::array();
  for (const auto& d : a.diagnostics) {
    Span s;
    s.line = d.line;
    ordered_json n;
    n["level"] = "warning";
    n["message"] = {{"text", d.message}};
    n["locations"] = ordered_json::array();
    n["locations"].push_back(location_json(d.path, &s));
    notifications.push_back(std::move(n));
  }

  ordered_json root_base;
  if (!a.root.empty() && a.root.front() == '/') {
    std::string uri = "file://" + uri_encode_path(a.root);
    if (uri.back() != '/') uri += '/';
    root_base["uri"] = uri;
  }
  root_base["description"] = {{"text", "The scanned root: " + a.root}};

  ordered_json run;
  run["tool"] = {{"driver",
                  {{"name", "ascendify"},
                   {"version", ASCENDIFY_VERSION},
                   {"semanticVersion", ASCENDIFY_VERSION},
                   {"informationUri", kInformationUri},
                   {"rules", rules}}}};
  ordered_json invocation;
  invocation["executionSuccessful"] = true;
  invocation["toolExecutionNotifications"] = notifications;
  run["invocations"] = ordered_json::array();
  run["invocations"].push_back(invocation);
  run["originalUriBaseIds"] = {{"%SRCROOT%", root_base}};
  // The results (one per finding: most of a big report) are streamed in place of this marker.
  // A marker-like text inside any string value has its quotes escaped, so only this structural
  // occurrence matches the search below.
  static constexpr std::string_view kMarker = "\\u0001ascendify-sarif-results\\u0001";
  run["results"] =
      "\x01"
      "ascendify-sarif-results"
      "\x01";
  run["columnKind"] = "unicodeCodePoints";

  ordered_json j;
  j["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  j["version"] = "2.1.0";
  j["runs"] = ordered_json::array();
  j["runs"].push_back(std::move(run));
  const std::string frame = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const std::string key = std::string("\"results\": \"") + std::string(kMarker) + "\"";
  const size_t at = frame.find(key);
  if (at == std::string::npos) {  // cannot happen with nlohmann's dump(2); never write half
    sink(frame);
    return;
  }
  sink(std::string_view(frame).substr(0, at + 11));  // up to and including `"results": `
  if (a.findings.empty()) {
    sink("[]");
  } else {
    constexpr int kLevel = 4;  // results array elements: j > runs > run > results > element
    std::string text = "[";
    std::map<uint64_t, size_t> occurrences;
    for (size_t i = 0; i < a.findings.size(); ++i) {
      const Finding& f = a.findings[i];
      ordered_json r;
      r["ruleId"] = f.rule_id;
      r["ruleIndex"] = index[f.rule_id];
      r["level"] = std::string(level_of(f.severity));
      r["message"] = {{"text", result_message(f)}};
      r["locations"] = ordered_json::array();
      r["locations"].push_back(location_json(f.path, &f.span));
      const uint64_t h = fnv1a64(f.rule_id.str() + '\0' + f.path + '\0' + f.snippet);
      r["partialFingerprints"] = {
          {"primaryLocationLineHash", fmt::format("{:016x}:{}", h, ++occurrences[h])}};
      if (i) text += ',';
      json_text::newline(text, kLevel);
      json_text::append_indented(text, kLevel,
                                 r.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
      if (text.size() > (1u << 20)) {  // pass on about 1 MB at a time
        sink(text);
        text.clear();
      }
    }
    json_text::newline(text, kLevel - 1);
    text += ']';
    sink(text);
  }
  sink(std::string_view(frame).substr(at + key.size()));
}

std::string render_sarif(const Assessment& a) {
  std::string out;
  render_sarif_to(a, [&](std::string_view piece) { out += piece; });
  return out;
}

}  // namespace ascendify::render
