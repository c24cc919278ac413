// The `ascendify.report/1` JSON report (DESIGN.md). Extra fields beyond the schema are
// documented in render.hpp's comment and listed in tests/render/report_schema.hpp.
#include <charconv>
#include <deque>
#include <nlohmann/json.hpp>

#include "core/helper_pool.hpp"
#include "core/rule.hpp"
#include "render/escape.hpp"
#include "render/json_text.hpp"
#include "render/pieces.hpp"
#include "render/render.hpp"

namespace ascendify::render {

namespace {

using ordered_json = nlohmann::ordered_json;

ordered_json effort_json(const EffortRange& e) {
  ordered_json j;
  j["low"] = round1(e.low);
  j["high"] = round1(e.high);
  return j;
}

ordered_json strings(const std::vector<std::string>& v) {
  ordered_json j = ordered_json::array();
  for (const auto& s : v) j.push_back(s);
  return j;
}

ordered_json summary_json(const Assessment& a) {
  ordered_json s;
  s["assessed"] = a.assessed;
  if (a.assessed) {
    s["feasibility"] = std::string(to_string(a.feasibility));
    s["feasibility_zh"] = std::string(to_chinese(a.feasibility));
    s["effort_weeks"] = effort_json(a.effort);
    s["feasibility_evidence"] = strings(a.feasibility_evidence);
    ordered_json by_domain;
    for (Domain d : kAllDomains)
      by_domain[std::string(to_string(d))] =
          effort_json(a.effort_by_domain[static_cast<size_t>(d)]);
    s["effort_by_domain"] = by_domain;
    s["effort_environment"] = effort_json(a.effort_environment);
    s["effort_verification"] = effort_json(a.effort_verification);
    s["effort_kernels"] = effort_json(a.effort_kernels);
    s["effort_counterpart"] = effort_json(a.effort_counterpart);
    // The site taxonomy of the code the phases require (assess/taxonomy.hpp).
    ordered_json classes;
    for (size_t c = 0; c < kSiteClasses; ++c)
      classes[std::string(to_string(static_cast<SiteClass>(c)))] = a.site_classes[c];
    s["site_classes"] = classes;
    ordered_json counterparts = ordered_json::array();
    for (const auto& c : a.counterparts) {
      ordered_json j;
      j["id"] = c.id;
      j["framework"] = c.framework;
      j["counterpart"] = c.name;
      j["relation"] = c.is_project ? "is" : "built-on";
      j["evidence"] = c.evidence;
      j["how"] = c.how;
      j["adoption_weeks"] = effort_json(c.adoption);
      j["literal_port"] = {{"feasibility", std::string(to_string(c.literal_feasibility))},
                           {"effort_weeks", effort_json(c.literal_effort)},
                           {"blockers", strings(c.literal_blockers)}};
      j["sites_taken_over"] = c.taken_over;
      j["refs"] = strings(c.refs);
      counterparts.push_back(std::move(j));
    }
    s["counterparts"] = std::move(counterparts);
    ordered_json assumptions = ordered_json::array();
    for (const auto& x : a.assumptions)
      assumptions.push_back({{"id", x.id}, {"en", x.en}, {"zh", x.zh}});
    s["assumptions"] = std::move(assumptions);
  } else {
    // Not computed yet: say so rather than report a made-up default.
    s["feasibility"] = nullptr;
    s["feasibility_zh"] = nullptr;
    s["effort_weeks"] = nullptr;
  }
  s["blockers"] = strings(a.blockers);
  s["optional_blockers"] = strings(a.optional_blockers);
  s["run_stoppers"] = strings(a.run_stoppers);
  ordered_json counts;
  uint32_t total = 0;
  for (Domain d : kAllDomains) {
    const uint32_t n = a.counts[static_cast<size_t>(d)];
    counts[std::string(to_string(d))] = n;
    total += n;
  }
  s["counts"] = counts;
  s["total_findings"] = total;
  s["diagnostics"] = a.diagnostics.size();
  s["unreached_files"] = strings(a.unreached_files);
  s["unreached_findings"] = a.unreached_findings;
  // Definitions of reached files nothing the entry points run uses (program model).
  nlohmann::ordered_json unused = nlohmann::ordered_json::array();
  for (const auto& d : a.unused_definitions)
    unused.push_back({{"path", d.path},
                      {"line", d.line},
                      {"name", d.name},
                      {"kind", d.is_class             ? "class"
                               : d.name == "__main__" ? "main-block"
                                                      : "function"},
                      {"findings", d.findings}});
  s["unused_definitions"] = std::move(unused);
  s["unused_findings"] = a.unused_findings;
  s["backward_only_findings"] = a.backward_only_findings;
  // The program model's limits: method calls on objects (tensor methods included) are not
  // followed; a class counts as used where it is instantiated.
  s["program_model"] = {{"units", a.program.units},
                        {"followed_uses", a.program.followed_uses},
                        {"dynamic_lookups", a.program.dynamic_lookups},
                        {"unfollowed_method_calls", a.program.unfollowed_calls}};
  return s;
}

ordered_json stats_json(const ScanStats& st) {
  ordered_json j;
  j["files_scanned"] = st.files_scanned;
  j["bytes_scanned"] = st.bytes_scanned;
  ordered_json kinds = ordered_json::object();
  for (const auto& [kind, n] : st.files_by_kind) kinds[kind] = n;  // std::map: sorted
  j["files_by_kind"] = kinds;
  j["suppressed"] = st.suppressed;
  return j;
}

ordered_json phase_json(const PhaseSummary& p) {
  ordered_json j;
  j["name"] = p.name;
  j["entry_points"] = strings(p.entry_points);
  j["files"] = p.files;
  j["findings"] = p.findings;
  j["effort_weeks"] = effort_json(p.effort);
  j["kind"] = p.kind;
  j["needs_backward"] = p.needs_backward;
  return j;
}

ordered_json roadmap_json(const RoadmapStep& r) {
  ordered_json j;
  j["title"] = r.title;
  j["detail"] = r.detail;
  j["effort_weeks"] = effort_json(r.effort);
  j["rules"] = strings(r.rule_ids);
  j["findings"] = r.findings;
  return j;
}

ordered_json dependency_json(const DependencyRow& d) {
  ordered_json j;
  j["name"] = d.name;
  j["spec"] = d.spec;
  j["source"] = d.source;
  j["status"] = to_string(d.status);
  j["replacement"] = d.replacement;
  j["npu_release"] = d.npu_release;
  j["guarded"] = d.guarded;
  j["optional"] = d.optional;
  j["rule"] = d.rule_id;
  j["imported"] = d.imported;
  j["phases"] = strings(d.phases);
  return j;
}

ordered_json kernel_json(const KernelRow& k) {
  ordered_json j;
  j["kind"] = to_string(k.kind);
  j["name"] = k.name;
  j["path"] = k.path;
  j["line"] = k.line;
  j["loc"] = k.loc;
  j["features"] = strings(k.features);
  j["ascend_path"] = k.ascend_path;
  j["phases"] = strings(k.phases);
  j["callers"] = strings(k.callers);
  j["purpose"] = k.purpose;
  j["backward_only"] = k.backward_only;
  j["has_fallback"] = k.has_fallback;
  j["templated"] = k.templated;
  return j;
}

// Findings are most of a big report (37 MB of 45 on a 9,000-file corpus): written straight to
// text in the dump(2) layout, never built as a document. Level 2 = inside the findings array.
void append_finding(std::string& out, const Finding& f) {
  namespace jt = json_text;
  constexpr int L = 3;  // members of the finding object
  auto str = [&](std::string_view k, std::string_view v) {
    jt::key(out, L, k);
    jt::append_string(out, v);
    out += ',';
  };
  auto num = [&](std::string_view k, uint64_t v, bool comma = true) {
    jt::key(out, L, k);
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, v).ptr);
    if (comma) out += ',';
  };
  auto flag = [&](std::string_view k, bool v) {
    jt::key(out, L, k);
    out += v ? "true," : "false,";
  };
  out += '{';
  str("rule", f.rule_id);
  str("domain", to_string(f.domain));
  str("path", f.path);
  num("line", f.span.line);
  num("column", f.span.col);
  num("end_line", f.span.end_line);
  num("end_column", f.span.end_col);
  str("match", f.match);
  str("snippet", f.snippet);
  str("replacement", f.replacement.str());
  str("confidence", to_string(f.confidence));
  flag("guarded", f.guarded);
  flag("optional", f.optional);
  flag("autofix", f.autofix);
  flag("stops_run", f.stops_run);
  flag("auto_by_transfer_to_npu", f.auto_by_transfer_to_npu);
  str("class", to_string(f.site_class));
  jt::key(out, L, "phases");
  jt::append_strings(out, L, f.phases);
  out += ',';
  str("severity", to_string(f.severity));
  str("message", f.message.str());
  jt::key(out, L, "scope");
  jt::append_string(out, f.scope);
  if (f.sites > 1) {
    out += ',';
    num("sites", f.sites, false);
  }
  if (f.cell != 0) {
    out += ',';
    num("cell", f.cell);
    num("cell_line", f.cell_line, false);
  }
  jt::newline(out, L - 1);
  out += '}';
}

// Findings [begin, end) of the array, each preceded by its separator.
void append_finding_range(std::string& out, const std::vector<Finding>& findings, size_t begin,
                          size_t end) {
  for (size_t i = begin; i < end; ++i) {
    if (i) out += ',';
    json_text::newline(out, 2);
    append_finding(out, findings[i]);
  }
}

// The findings array in blocks of kBlock findings, rendered on up to `threads` threads while
// the calling thread passes finished blocks on in order, rendering queued ones itself while it
// waits for the front one (at most threads + 1 blocks in memory).
// The first blocks start rendering as soon as this is constructed, so that they overlap with
// whatever the caller writes before the array (the report's other members). A helper's handle
// waits for its block when destroyed, so none outlives the findings it reads.
class FindingBlocks {
 public:
  FindingBlocks(const std::vector<Finding>& findings, unsigned threads)
      : findings_(findings),
        blocks_((findings.size() + kBlock - 1) / kBlock),
        threads_(threads <= 1 || blocks_ <= 1 ? 0 : threads) {
    launch();
  }

  void emit(const std::function<void(std::string_view)>& sink) {
    if (findings_.empty()) {
      sink("[]");
      return;
    }
    sink("[");
    if (threads_ == 0) {
      for (; next_ < blocks_; ++next_) sink(render(next_));
    } else {
      while (!in_flight_.empty()) {
        // The front block may be on the pool's thread: render the queued ones here meanwhile,
        // rather than wait for it with a core idle (-j 2: render+write about 50 -> 35 ms wall).
        for (size_t i = 1; i < in_flight_.size(); ++i) in_flight_[i].run_here_if_queued();
        const std::string text = in_flight_.front().get();
        in_flight_.pop_front();
        launch();
        sink(text);
      }
    }
    std::string close;
    json_text::newline(close, 1);
    close += ']';
    sink(close);
  }

 private:
  // About 0.5 MB of text, reserved at once rather than grown by doubling. A scan's memory
  // peaks here at -j 2, with a block in each helper and one being written: blocks of 2,048
  // findings held about 6 MB, blocks of 512 about 1.5 (peak RSS -j 2, median of 4, on the
  // speed corpus: 81.8 -> 79.1 MB, session 22).
  static constexpr size_t kBlock = 512;
  static constexpr size_t kBytesPerFinding = 1024;  // a finding's JSON is 0.8-1.2 KB

  std::string render(size_t block) const {
    std::string text;
    const size_t b = block * kBlock;
    text.reserve(kBlock * kBytesPerFinding);
    append_finding_range(text, findings_, b, std::min(findings_.size(), b + kBlock));
    return text;
  }
  void launch() {
    while (threads_ && next_ < blocks_ && in_flight_.size() < threads_) {
      const size_t k = next_++;
      in_flight_.push_back(start_helper(threads_, [this, k] { return render(k); }));
    }
  }

  const std::vector<Finding>& findings_;
  const size_t blocks_;
  const unsigned threads_;  // 0: render on the calling thread, block by block
  size_t next_ = 0;
  std::deque<Helper<std::string>> in_flight_;
};

ordered_json migration_set_json(const MigrationSet& m) {
  ordered_json j;
  j["phase"] = m.phase;
  j["rules"] = strings(m.rule_ids);
  j["dependencies"] = strings(m.dependencies);
  j["kernels"] = strings(m.kernels);
  j["findings"] = m.findings;
  j["effort_weeks"] = effort_json(m.effort);
  return j;
}

ordered_json task_json(const TaskPhase& t) {
  ordered_json j;
  j["phase"] = t.phase;
  j["entry"] = t.entry;
  j["option"] = t.option;
  j["value"] = t.value;
  j["default"] = t.is_default;
  j["files"] = strings(t.files);
  j["findings"] = t.findings;
  j["rules"] = strings(t.rule_ids);
  j["kernels"] = strings(t.kernels);
  j["effort_weeks"] = effort_json(t.effort);
  return j;
}

ordered_json risk_json(const RiskRow& r) {
  ordered_json j;
  j["rule"] = r.rule_id;
  j["domain"] = std::string(to_string(r.domain));
  j["patterns"] = strings(r.patterns);
  j["replacement"] = r.replacement;
  j["confidence"] = std::string(to_string(r.confidence));
  j["sites"] = r.sites;
  return j;
}

ordered_json diagnostic_json(const Diagnostic& d) {
  ordered_json j;
  j["path"] = d.path;
  if (d.line != 0) j["line"] = d.line;
  j["message"] = d.message;
  return j;
}

}  // namespace

void render_json_to(const Assessment& a, const std::function<void(std::string_view)>& sink,
                    unsigned threads) {
  // The top-level object is written by hand, member by member, so the findings never become a
  // document; the arrays are written element by element (items()), and the other members are
  // small documents dumped and indented in place. The bytes are those of dumping one whole
  // document with dump(2).
  FindingBlocks findings(a.findings, threads);  // starts rendering now, beside the members
  std::string out;
  bool first = true;
  auto member = [&](std::string_view key) {
    if (!first) out += ',';
    first = false;
    json_text::key(out, 1, key);
  };
  // Invalid UTF-8 in the input (a snippet of a Latin-1 file) is replaced, never thrown on.
  auto dumped = [](const ordered_json& value) {
    return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  auto doc = [&](std::string_view key, const ordered_json& value) {
    member(key);
    json_text::append_indented(out, 1, dumped(value));
  };
  // An array member element by element, passed on as it grows: no document of the whole array
  // (the tasks' was about 4 MB of nodes, where a scan's memory peaks at -j 2 on the speed
  // corpus). The bytes are those of doc() with the whole array.
  auto items = [&](std::string_view key, const auto& v, auto element) {
    member(key);
    json_text::append_array(out, 1, v.size(), [&](size_t i) {
      json_text::append_indented(out, 2, dumped(element(v[i])));
      pass_on_when_full(out, sink, kPieceBytes);
    });
  };
  out += '{';
  doc("schema", "ascendify.report/1");
  doc("tool", {{"name", "ascendify"}, {"version", ASCENDIFY_VERSION}});
  doc("root", a.root);
  doc("project", a.project_name);
  if (!a.hardware.id.empty())
    doc("hardware",
        {{"id", a.hardware.id}, {"name", a.hardware.name}, {"summary", a.hardware.summary}});
  doc("summary", summary_json(a));
  if (!a.operators.list.empty()) {
    ordered_json o;
    o["list"] = a.operators.list;
    o["checked"] = a.operators.checked;
    o["supported"] = a.operators.supported;
    o["unsupported"] = a.operators.unsupported;
    o["unknown"] = a.operators.unknown;
    auto ops = [](const std::vector<std::pair<std::string, uint32_t>>& v) {
      ordered_json arr = ordered_json::array();
      for (const auto& [name, n] : v) arr.push_back({{"name", name}, {"calls", n}});
      return arr;
    };
    o["unsupported_ops"] = ops(a.operators.unsupported_ops);
    o["unknown_ops"] = ops(a.operators.unknown_ops);
    doc("operators", o);
  }
  doc("stats", stats_json(a.stats));
  items("phases", a.phases, phase_json);
  items("roadmap", a.roadmap, roadmap_json);
  items("dependencies", a.dependencies, dependency_json);
  items("kernels", a.kernels, kernel_json);
  member("findings");
  sink(out);
  out.clear();
  findings.emit(sink);
  items("diagnostics", a.diagnostics, diagnostic_json);
  // Extra keys (allowed by the schema): the assess stage's migration sets and risk matrix.
  doc("target_phase", a.target_phase);
  items("migration_sets", a.migration_sets, migration_set_json);
  items("tasks", a.tasks, task_json);
  items("risks", a.risks, risk_json);
  json_text::newline(out, 0);
  out += "}\n";
  sink(out);
}

std::string render_json(const Assessment& a) {
  std::string out;
  render_json_to(a, [&](std::string_view piece) { out += piece; });
  return out;
}

}  // namespace ascendify::render
