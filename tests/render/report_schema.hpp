#pragma once
// A hand-written structural validator of the `ascendify.report/1` JSON report (DESIGN.md).
// Header-only so that end-to-end tests can validate `ascendify scan --format json` output:
//   auto problems = validate_report_schema(nlohmann::json::parse(text));
//   EXPECT_TRUE(problems.empty()) << ...;
// It checks the required keys and their types; extra keys are allowed (the schema says so).
// Beyond types it checks: enum values, the seven domain counts (exactly those keys, each equal
// to the number of findings of that domain), effort numbers rounded to one decimal with
// low <= high, relative finding paths with 1-based lines. The one documented deviation:
// while `summary.assessed` is false, `summary.feasibility` and `summary.effort_weeks` are
// null (not computed yet) instead of a made-up value.
#include <array>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify::testing {

namespace schema_detail {

using json = nlohmann::json;

// A non-negative integer (parsed JSON makes these unsigned; built JSON may hold them signed).
inline bool is_count(const json& v) {
  return v.is_number_unsigned() || (v.is_number_integer() && v.get<int64_t>() >= 0);
}

struct Checker {
  std::vector<std::string> problems;

  void fail(const std::string& where, const std::string& what) {
    problems.push_back(where + ": " + what);
  }
  // Returns the member or nullptr (and records a problem) when missing.
  const json* member(const json& obj, const std::string& where, const char* key) {
    if (!obj.is_object()) {
      fail(where, "not an object");
      return nullptr;
    }
    const auto it = obj.find(key);
    if (it == obj.end()) {
      fail(where, std::string("missing key \"") + key + "\"");
      return nullptr;
    }
    return &*it;
  }
  void string(const json& obj, const std::string& where, const char* key) {
    if (const json* v = member(obj, where, key); v && !v->is_string())
      fail(where + "." + key, "not a string");
  }
  void boolean(const json& obj, const std::string& where, const char* key) {
    if (const json* v = member(obj, where, key); v && !v->is_boolean())
      fail(where + "." + key, "not a boolean");
  }
  void count(const json& obj, const std::string& where, const char* key) {
    if (const json* v = member(obj, where, key); v && !is_count(*v))
      fail(where + "." + key, "not a non-negative integer");
  }
  void one_of(const json& obj, const std::string& where, const char* key,
              const std::vector<std::string_view>& values) {
    const json* v = member(obj, where, key);
    if (!v) return;
    if (!v->is_string()) return fail(where + "." + key, "not a string");
    for (auto allowed : values)
      if (v->get<std::string>() == allowed) return;
    fail(where + "." + key, "unexpected value \"" + v->get<std::string>() + "\"");
  }
  void strings(const json& obj, const std::string& where, const char* key) {
    const json* v = member(obj, where, key);
    if (!v) return;
    if (!v->is_array()) return fail(where + "." + key, "not an array");
    for (size_t i = 0; i < v->size(); ++i)
      if (!(*v)[i].is_string())
        fail(where + "." + key + "[" + std::to_string(i) + "]", "not a string");
  }
  void effort(const json& obj, const std::string& where, const char* key) {
    const json* v = member(obj, where, key);
    if (!v) return;
    const std::string w = where + "." + key;
    if (!v->is_object()) return fail(w, "not an object");
    double lh[2] = {0, 0};
    const char* names[2] = {"low", "high"};
    for (int i = 0; i < 2; ++i) {
      const json* n = member(*v, w, names[i]);
      if (!n) continue;
      if (!n->is_number()) {
        fail(w + "." + names[i], "not a number");
        continue;
      }
      lh[i] = n->get<double>();
      if (lh[i] < 0) fail(w + "." + names[i], "negative");
      if (std::fabs(std::round(lh[i] * 10.0) / 10.0 - lh[i]) > 1e-9)
        fail(w + "." + names[i], "not rounded to one decimal");
    }
    if (lh[0] > lh[1]) fail(w, "low > high");
  }
  const json* array(const json& obj, const std::string& where, const char* key) {
    const json* v = member(obj, where, key);
    if (v && !v->is_array()) {
      fail(where + "." + key, "not an array");
      return nullptr;
    }
    return v;
  }
};

inline const std::vector<std::string_view> kDomains = {
    "dependency", "device", "attention", "custom_op", "distributed", "precision", "compile"};

inline void check_summary(Checker& c, const json& s, const json* findings) {
  const std::string w = "summary";
  bool assessed = true;
  if (const auto it = s.is_object() ? s.find("assessed") : s.end();
      s.is_object() && it != s.end()) {
    if (!it->is_boolean())
      c.fail(w + ".assessed", "not a boolean");
    else
      assessed = it->get<bool>();
  }
  const json* feas = c.member(s, w, "feasibility");
  if (feas && !(feas->is_null() && !assessed))
    c.one_of(s, w, "feasibility", {"feasible", "needs-adaptation", "difficult", "infeasible"});
  const json* eff = c.member(s, w, "effort_weeks");
  if (eff && !(eff->is_null() && !assessed)) c.effort(s, w, "effort_weeks");
  c.strings(s, w, "blockers");
  c.strings(s, w, "optional_blockers");
  c.strings(s, w, "run_stoppers");
  if (assessed) {
    if (const json* classes = c.member(s, w, "site_classes"))
      for (const char* k : {"stops-run", "must-adapt", "mechanical", "tuning", "no-change"})
        c.count(*classes, w + ".site_classes", k);
    for (const char* k : {"effort_kernels", "effort_counterpart"}) c.effort(s, w, k);
    c.array(s, w, "counterparts");
    c.array(s, w, "assumptions");
  }
  const json* counts = c.member(s, w, "counts");
  if (!counts) return;
  if (!counts->is_object()) return c.fail(w + ".counts", "not an object");
  std::map<std::string, uint64_t> actual;
  if (findings != nullptr)
    for (const auto& f : *findings)
      if (f.is_object() && f.contains("domain") && f["domain"].is_string())
        ++actual[f["domain"].get<std::string>()];
  for (auto d : kDomains) {
    const std::string key(d);
    c.count(*counts, w + ".counts", key.c_str());
    const auto it = counts->find(key);
    if (findings != nullptr && it != counts->end() && is_count(*it) &&
        it->get<uint64_t>() != actual[key])
      c.fail(w + ".counts." + key, "is " + std::to_string(it->get<uint64_t>()) + " but " +
                                       std::to_string(actual[key]) + " findings have this domain");
  }
  for (const auto& [key, value] : counts->items()) {
    bool known = false;
    for (auto d : kDomains) known = known || key == d;
    if (!known) c.fail(w + ".counts", "unknown domain \"" + key + "\"");
  }
}

inline void check_finding(Checker& c, const json& f, const std::string& w) {
  for (const char* k : {"rule", "path", "match", "snippet", "replacement"}) c.string(f, w, k);
  c.one_of(f, w, "domain", kDomains);
  for (const char* k : {"line", "column", "end_line"}) c.count(f, w, k);
  c.one_of(f, w, "confidence", {"high", "medium", "low"});
  for (const char* k : {"guarded", "optional", "autofix", "stops_run", "auto_by_transfer_to_npu"})
    c.boolean(f, w, k);
  c.strings(f, w, "phases");
  c.one_of(f, w, "class", {"stops-run", "must-adapt", "mechanical", "tuning", "no-change"});
  if (!f.is_object()) return;
  if (f.contains("path") && f["path"].is_string()) {
    const std::string p = f["path"].get<std::string>();
    if (p.empty() || p.front() == '/') c.fail(w + ".path", "not a relative path");
  }
  if (f.contains("line") && is_count(f["line"]) && f["line"].get<uint64_t>() == 0)
    c.fail(w + ".line", "lines are 1-based");
}

}  // namespace schema_detail

// Problems found in `report`, one human-readable line each; empty when it conforms.
inline std::vector<std::string> validate_report_schema(const nlohmann::json& report) {
  using schema_detail::json;
  schema_detail::Checker c;
  const std::string r = "report";
  if (!report.is_object()) {
    c.fail(r, "not an object");
    return c.problems;
  }
  if (const json* s = c.member(report, r, "schema");
      s && (!s->is_string() || s->get<std::string>() != "ascendify.report/1"))
    c.fail("schema", "is not \"ascendify.report/1\"");
  if (const json* t = c.member(report, r, "tool")) {
    c.string(*t, "tool", "name");
    c.string(*t, "tool", "version");
  }
  c.string(report, r, "root");

  const json* findings = c.array(report, r, "findings");
  if (const json* s = c.member(report, r, "summary")) {
    if (s->is_object())
      schema_detail::check_summary(c, *s, findings);
    else
      c.fail("summary", "not an object");
  }
  if (const json* phases = c.array(report, r, "phases")) {
    for (size_t i = 0; i < phases->size(); ++i) {
      const std::string w = "phases[" + std::to_string(i) + "]";
      const json& p = (*phases)[i];
      c.string(p, w, "name");
      c.strings(p, w, "entry_points");
      c.count(p, w, "files");
      c.count(p, w, "findings");
      c.effort(p, w, "effort_weeks");
    }
  }
  if (const json* deps = c.array(report, r, "dependencies")) {
    for (size_t i = 0; i < deps->size(); ++i) {
      const std::string w = "dependencies[" + std::to_string(i) + "]";
      const json& d = (*deps)[i];
      for (const char* k : {"name", "spec", "source", "replacement"}) c.string(d, w, k);
      c.one_of(d, w, "status", {"compatible", "replace", "unsupported", "not-involved"});
      c.boolean(d, w, "guarded");
      c.boolean(d, w, "optional");
    }
  }
  if (const json* kernels = c.array(report, r, "kernels")) {
    for (size_t i = 0; i < kernels->size(); ++i) {
      const std::string w = "kernels[" + std::to_string(i) + "]";
      const json& k = (*kernels)[i];
      c.one_of(k, w, "kind", {"cuda", "triton", "autograd-function", "extension-build"});
      for (const char* key : {"name", "path", "ascend_path"}) c.string(k, w, key);
      c.count(k, w, "line");
      c.count(k, w, "loc");
      c.strings(k, w, "features");
      c.strings(k, w, "phases");
    }
  }
  if (findings != nullptr)
    for (size_t i = 0; i < findings->size(); ++i)
      schema_detail::check_finding(c, (*findings)[i], "findings[" + std::to_string(i) + "]");
  if (const json* diags = c.array(report, r, "diagnostics")) {
    for (size_t i = 0; i < diags->size(); ++i) {
      const std::string w = "diagnostics[" + std::to_string(i) + "]";
      const json& d = (*diags)[i];
      c.string(d, w, "path");
      c.string(d, w, "message");
      if (d.is_object() && d.contains("line")) c.count(d, w, "line");
    }
  }
  return c.problems;
}

}  // namespace ascendify::testing
