// The "Detailed Findings" part of the Markdown report: one table layout per domain, after
// the specification's per-domain report templates (docs/knowledge/seed-method.md).
#include "render/md_domains.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <deque>
#include <map>

#include "render/escape.hpp"
#include "render/matrix.hpp"
#include "render/md_util.hpp"

namespace ascendify::render {

namespace {

using Findings = std::vector<const Finding*>;

bool has_tag(const Finding& f, std::string_view tag) {
  if (f.rule == nullptr) return false;
  return std::find(f.rule->tags.begin(), f.rule->tags.end(), tag) != f.rule->tags.end();
}

// A rule tag "<prefix><value>" ("layout:BNSD->BSND"), or empty.
std::string tag_value(const Finding& f, std::string_view prefix) {
  if (f.rule == nullptr) return {};
  for (const auto& t : f.rule->tags)
    if (t.size() > prefix.size() && std::string_view(t).substr(0, prefix.size()) == prefix)
      return t.substr(prefix.size());
  return {};
}

std::string original_cell(const Finding& f) {
  return md_code(f.snippet.empty() ? f.match.str() : f.snippet);
}

std::string file_cell(std::string_view path) {
  return md_code(path);
}

// Common columns: # | File | Line | Original | Replacement | Confidence | Auto/Manual.
void generic_table(std::string& out, const Findings& fs, const Labels& l, const MdFlush& flush) {
  TableWriter t(out,
                {std::string(l.c_num), std::string(l.c_file), std::string(l.c_line),
                 std::string(l.c_original), std::string(l.c_replacement),
                 std::string(l.c_confidence), std::string(l.c_auto)},
                flush);
  for (size_t i = 0; i < fs.size(); ++i) {
    const Finding& f = *fs[i];
    t.row({std::to_string(i + 1), file_cell(f.path), line_cell(f), original_cell(f),
           md_text(replacement_of(f, l.lang)), confidence_label(f.confidence, l),
           auto_label(f, l)});
  }
  t.end();
}

std::string status_label(std::string_view status, Lang lang) {
  static const std::map<std::string_view, std::array<std::string_view, 2>> kNames = {
      {"compatible", {"兼容", "compatible"}},
      {"replace", {"需替换", "replace"}},
      {"unsupported", {"不支持", "unsupported"}},
      {"not-involved", {"不涉及", "not involved"}}};
  const auto it = kNames.find(status);
  if (it == kNames.end()) return md_text(status);
  return std::string(it->second[lang == Lang::Zh ? 0 : 1]);
}

void dependency_section(std::string& out, const Assessment& a, const Findings& fs, Lang lang,
                        const MdFlush& flush) {
  const Labels& l = labels(lang);
  if (!a.dependencies.empty()) {
    std::vector<Row> rows;
    std::vector<std::string> dev_tools;  // listed in one line below the table
    for (const auto& d : a.dependencies) {
      if (d.dev_tool) {
        dev_tools.push_back(md_code(d.name));
        continue;
      }
      std::vector<std::string> notes;
      if (!d.source.empty()) notes.push_back(fmt::format("{}: {}", l.source, md_code(d.source)));
      notes.push_back(std::string(d.imported ? l.imported : l.not_imported));
      if (d.rule_id.empty()) notes.push_back(std::string(l.unknown_package));
      if (d.guarded) notes.push_back(std::string(l.guarded));
      if (d.optional) notes.push_back(std::string(l.optional_feature));
      if (!d.npu_release.empty())
        notes.push_back(md_text(lang == Lang::Zh && !d.npu_release_zh.empty() ? d.npu_release_zh
                                                                              : d.npu_release));
      if (a.assessed && !d.phases.empty()) {
        std::string ph;
        for (const auto& p : d.phases) ph += (ph.empty() ? "" : ", ") + md_code(p);
        notes.push_back(fmt::format("{}: {}", l.phases, ph));
      }
      std::string joined;
      for (const auto& n : notes) joined += (joined.empty() ? "" : "; ") + n;
      rows.push_back({md_text(d.name), d.spec.empty() ? "—" : md_code(d.spec),
                      status_label(to_string(d.status), lang),
                      md_text(lang == Lang::Zh && !d.replacement_zh.empty() ? d.replacement_zh
                                                                            : d.replacement),
                      joined});
    }
    table(out,
          {std::string(l.c_package), std::string(l.c_version), std::string(l.c_classification),
           std::string(l.c_replacement), std::string(l.c_notes)},
          rows);
    if (!dev_tools.empty())
      out += fmt::format("{}: {}\n\n", l.dev_tools, fmt::join(dev_tools, ", "));
  }
  if (!fs.empty()) generic_table(out, fs, l, flush);
}

void device_section(std::string& out, const Findings& fs, const Labels& l, const MdFlush& flush) {
  TableWriter t(out,
                {std::string(l.c_num), std::string(l.c_file), std::string(l.c_line),
                 std::string(l.c_original), std::string(l.c_replacement), std::string(l.c_auto)},
                flush);
  size_t manual = 0, transfer = 0, fixable = 0;
  for (size_t i = 0; i < fs.size(); ++i) {
    const Finding& f = *fs[i];
    if (f.auto_by_transfer_to_npu) ++transfer;
    if (f.autofix) ++fixable;
    if (!f.auto_by_transfer_to_npu && !f.autofix && f.severity != Severity::Info) ++manual;
    t.row({std::to_string(i + 1), file_cell(f.path), line_cell(f), original_cell(f),
           md_text(replacement_of(f, l.lang)), auto_label(f, l)});
  }
  t.end();
  out += fmt::format("- {}: {}\n- {}: {}\n- {}: {}\n\n", l.manual_sites, manual, l.auto_sites,
                     transfer, l.fixable_sites, fixable);
}

// FA2 / FA3 / xformers / SDPA / ... from the rule's tags, else from the matched name.
std::string attention_type(const Finding& f) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kTypes = {
      {{"fa3", "FA3"},
       {"fa2", "FA2"},
       {"xformers", "xformers"},
       {"sdpa", "SDPA"},
       {"sparse", "sparse"},
       {"custom", "custom"},
       {"manual", "manual"}}};
  std::string type;
  for (const auto& [tag, name] : kTypes)
    if (has_tag(f, tag)) {
      type = name;
      break;
    }
  if (type.empty()) {
    const std::string_view m = f.match;
    if (m.find("flash_attn_interface") != std::string_view::npos)
      type = "FA3";
    else if (m.find("flash_attn") != std::string_view::npos)
      type = "FA2";
    else if (m.find("xformers") != std::string_view::npos)
      type = "xformers";
    else if (m.find("scaled_dot_product_attention") != std::string_view::npos)
      type = "SDPA";
  }
  for (std::string_view extra : {"self", "cross", "varlen"})
    if (has_tag(f, extra)) type += (type.empty() ? "" : " · ") + std::string(extra);
  return type.empty() ? "—" : md_text(type);
}

// The input layout the call site uses (FA2/FA3/xformers: BSND; hand-written: BNSD, needing a
// transpose for BSND APIs); SDPA runs unchanged. A rule tag "layout:..." overrides.
std::string attention_layout(const Finding& f, const std::string& type, const Labels& l) {
  const std::string tagged = tag_value(f, "layout:");
  if (!tagged.empty()) return md_text(tagged);
  std::string s;
  if (type.rfind("FA", 0) == 0 || type.rfind("xformers", 0) == 0)
    s = "BSND";
  else if (type.rfind("manual", 0) == 0)
    s = "BNSD → BSND";
  else if (type.rfind("SDPA", 0) == 0)
    s = l.none;
  if (has_tag(f, "varlen")) s += s.empty() ? "TND (cu_seqlens)" : " / TND (cu_seqlens)";
  return s.empty() ? "—" : md_text(s);
}

std::string risk_label(Confidence c, const Labels& l) {
  switch (c) {
    case Confidence::High:
      return std::string(l.risk_low);
    case Confidence::Medium:
      return std::string(l.risk_medium);
    case Confidence::Low:
      return std::string(l.risk_high);
  }
  return "—";
}

void attention_section(std::string& out, const Findings& fs, const Labels& l,
                       const MdFlush& flush) {
  TableWriter t(out,
                {std::string(l.c_num), std::string(l.c_file), std::string(l.c_line),
                 std::string(l.c_type), std::string(l.c_function), std::string(l.c_replacement),
                 std::string(l.c_layout), std::string(l.c_risk)},
                flush);
  for (size_t i = 0; i < fs.size(); ++i) {
    const Finding& f = *fs[i];
    const std::string type = attention_type(f);
    std::string function = md_code(f.match);
    if (!f.scope.empty()) function += " @ " + md_code(f.scope);
    t.row({std::to_string(i + 1), file_cell(f.path), line_cell(f), type, function,
           md_text(replacement_of(f, l.lang)), attention_layout(f, type, l),
           risk_label(f.confidence, l)});
  }
  t.end();
}

void kernel_inventory(std::string& out, const Assessment& a, const Findings& fs, const Labels& l,
                      const MdFlush& flush) {
  out += fmt::format("**{}**\n\n", l.kernel_inventory);
  TableWriter t(out,
                {std::string(l.c_num), std::string(l.c_type), std::string(l.c_file),
                 std::string(l.c_function), std::string(l.c_purpose), std::string(l.c_called_in),
                 std::string(l.c_replacement), std::string(l.c_effort)},
                flush);
  for (size_t i = 0; i < a.kernels.size(); ++i) {
    const KernelRow& k = a.kernels[i];
    std::string type = md_text(to_string(k.kind));
    for (const auto& feat : k.features) type += " · " + md_text(feat);
    std::string purpose = md_text(k.purpose);
    if (k.backward_only) purpose += fmt::format(" ({})", l.backward_only);
    if (k.has_fallback) purpose += fmt::format(" ({})", l.has_fallback);
    if (k.templated) purpose += " (template)";
    std::vector<std::string> called;
    for (const auto& p : k.phases) called.push_back(md_text(p));
    if (called.empty())
      for (const auto& c : k.callers) called.push_back(md_code(c));
    const std::string called_in = called.empty() ? "—" : join_limited(called, 3, l);
    double days = -1.0;
    for (const Finding* f : fs)
      if (f->path == k.path && f->span.line == k.line) {
        days = rule_effort_days(f->rule, 1);
        break;
      }
    t.row({std::to_string(i + 1), type, file_cell(k.path + ":" + std::to_string(k.line)),
           md_code(k.name), purpose, called_in,
           md_text(l.lang == Lang::Zh && !k.ascend_path_zh.empty() ? k.ascend_path_zh
                                                                   : k.ascend_path),
           days_cell(days, l)});
  }
  t.end();
}

std::string hccl_support(const Finding& f, const Labels& l) {
  const std::string tagged = tag_value(f, "hccl:");
  if (!tagged.empty()) return md_text(tagged);
  switch (f.confidence) {
    case Confidence::High:
      return std::string(l.hccl_supported);
    case Confidence::Medium:
      return std::string(l.hccl_verify);
    case Confidence::Low:
      return std::string(l.hccl_uncertain);
  }
  return "—";
}

void distributed_section(std::string& out, const Findings& fs, const Labels& l,
                         const MdFlush& flush) {
  TableWriter t(out,
                {std::string(l.c_num), std::string(l.c_operation), std::string(l.c_file),
                 std::string(l.c_line), std::string(l.c_hccl), std::string(l.c_notes)},
                flush);
  for (size_t i = 0; i < fs.size(); ++i) {
    const Finding& f = *fs[i];
    std::string notes = md_text(replacement_of(f, l.lang));
    if (f.guarded) notes += fmt::format(" ({})", l.guarded);
    t.row({std::to_string(i + 1), md_code(f.match), file_cell(f.path), line_cell(f),
           hccl_support(f, l), notes});
  }
  t.end();
}

void precision_section(std::string& out, const Findings& fs, const Labels& l,
                       const MdFlush& flush) {
  TableWriter t(
      out,
      {std::string(l.c_num), std::string(l.c_file), std::string(l.c_line), std::string(l.c_pattern),
       std::string(l.c_original), std::string(l.c_ascend), std::string(l.c_effort)},
      flush);
  std::map<std::string, size_t> seen;  // rule id -> sites so far
  for (size_t i = 0; i < fs.size(); ++i) {
    const Finding& f = *fs[i];
    std::string pattern = md_text(rule_slug(f.rule_id));
    if (!f.scope.empty()) pattern += " @ " + md_code(f.scope);
    double days = -1.0;
    if (f.rule != nullptr) {
      const bool first = seen[f.rule_id]++ == 0;
      const double hours = first ? f.rule->effort.first_hours : f.rule->effort.per_site_hours;
      if (hours > 0.0) days = hours / 8.0;
    }
    t.row({std::to_string(i + 1), file_cell(f.path), line_cell(f), pattern, original_cell(f),
           md_text(replacement_of(f, l.lang)), days_cell(days, l)});
  }
  t.end();
}

// Nothing to change (keep it as it is: `non_blocking=True`, a barrier, an info finding):
// listed in the appendix, apart from the work.
bool no_change(const Finding& f) {
  return f.site_class == SiteClass::NoChange;
}

// One row per source line: the findings of several rules on one line become one finding whose
// pattern and replacement list theirs (first seen first). `merged` owns the combined copies.
Findings one_per_line(const Findings& fs, std::deque<Finding>& merged) {
  Findings out;
  for (size_t i = 0; i < fs.size();) {
    size_t j = i + 1;
    while (j < fs.size() && fs[j]->path == fs[i]->path && fs[j]->span.line == fs[i]->span.line) ++j;
    if (j == i + 1) {
      out.push_back(fs[i]);
    } else {
      Finding& m = merged.emplace_back(*fs[i]);
      std::vector<std::string> matches, en, zh;
      for (size_t k = i; k < j; ++k) {
        const Finding& f = *fs[k];
        auto add = [](std::vector<std::string>& v, std::string_view s) {
          if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.emplace_back(s);
        };
        add(matches, f.match);
        add(en, replacement_of(f, Lang::En));
        add(zh, replacement_of(f, Lang::Zh));
      }
      // The row says the most of its findings: the strictest class and severity, auto only
      // when every one is, guarded or optional only when every one is; their sites summed.
      for (size_t k = i + 1; k < j; ++k) {
        const Finding& f = *fs[k];
        m.site_class = std::min(m.site_class, f.site_class);
        m.severity = std::max(m.severity, f.severity);
        m.autofix = m.autofix && f.autofix;
        m.auto_by_transfer_to_npu = m.auto_by_transfer_to_npu && f.auto_by_transfer_to_npu;
        m.guarded = m.guarded && f.guarded;
        m.optional = m.optional && f.optional;
        m.sites += f.sites;
      }
      m.match = fmt::format("{}", fmt::join(matches, ", "));
      m.replacement = fmt::format("{}", fmt::join(en, "; "));
      m.replacement_zh = fmt::format("{}", fmt::join(zh, "；"));
      out.push_back(&m);
    }
    i = j;
  }
  return out;
}

// Import lines of a domain whose table lists call sites (attention): one line below the
// table, not rows of their own.
bool import_line(const Finding& f) {
  return f.rule != nullptr && f.rule->match.kind == MatchKind::Import;
}

void imports_line(std::string& out, const Findings& imports, const Labels& l) {
  if (imports.empty()) return;
  std::vector<std::string> items;
  for (const Finding* f : imports)
    items.push_back(fmt::format("{}:{} {}", md_code(f->path), f->span.line, md_code(f->match)));
  out += fmt::format("{}: {}\n\n", l.imports_lead, fmt::join(items, ", "));
}

}  // namespace

void write_domain_details(std::string& out, const Assessment& a, Lang lang, const MdFlush& flush) {
  const Labels& l = labels(lang);
  std::array<Findings, 7> by_domain;
  Findings unreached, keep;
  for (const auto& f : a.findings) {
    if (is_unreached(a, f))
      unreached.push_back(&f);
    else if (no_change(f))
      keep.push_back(&f);
    else
      by_domain[static_cast<size_t>(f.domain)].push_back(&f);
  }
  std::array<size_t, 7> in_domain{};  // the findings of each table, before rows merge
  for (size_t d = 0; d < by_domain.size(); ++d) in_domain[d] = by_domain[d].size();
  std::deque<Finding> merged;
  Findings attention_imports;
  for (auto& fs : by_domain) fs = one_per_line(fs, merged);
  {
    Findings& att = by_domain[static_cast<size_t>(Domain::Attention)];
    Findings calls;
    for (const Finding* f : att) (import_line(*f) ? attention_imports : calls).push_back(f);
    att = std::move(calls);
  }

  out += fmt::format("## {}\n\n", l.h_details);
  for (size_t d = 0; d < kAllDomains.size(); ++d) {
    const Findings& fs = by_domain[d];
    const size_t n = in_domain[d];
    out += "### " +
           fill(l.h_domain_fmt,
                {{"n", std::to_string(d + 1)}, {"name", std::string(l.domain_names[d])}}) +
           "\n\n";
    out += n == 0   ? std::string(l.no_findings)
           : n == 1 ? std::string(l.one_finding)
                    : fill(l.findings_fmt, {{"n", std::to_string(n)}});
    out += "\n\n";
    switch (kAllDomains[d]) {
      case Domain::Dependency:
        dependency_section(out, a, fs, lang, flush);
        break;
      case Domain::Device:
        if (!fs.empty()) device_section(out, fs, l, flush);
        break;
      case Domain::Attention:
        if (!fs.empty()) attention_section(out, fs, l, flush);
        imports_line(out, attention_imports, l);
        break;
      case Domain::CustomOp:
        if (!a.kernels.empty()) kernel_inventory(out, a, fs, l, flush);
        if (!fs.empty()) {
          out += fmt::format("**{}**\n\n", l.finding_list);
          generic_table(out, fs, l, flush);
        }
        break;
      case Domain::Distributed:
        if (!fs.empty()) distributed_section(out, fs, l, flush);
        break;
      case Domain::Precision:
        if (!fs.empty()) precision_section(out, fs, l, flush);
        break;
      case Domain::Compile:
        if (!fs.empty()) generic_table(out, fs, l, flush);
        break;
    }
  }
  if (!keep.empty()) {  // collapsed: GitHub and most viewers render <details>
    out += fmt::format("### {}\n\n<details><summary>{}</summary>\n\n", l.h_no_change,
                       fill(l.no_change_summary_fmt, {{"n", std::to_string(keep.size())}}));
    generic_table(out, keep, l, flush);
    out += "</details>\n\n";
  }
  if (unreached.empty()) return;
  out += fmt::format("### {}\n\n{}\n\n", l.h_unreached, l.unreached_note);
  if (!a.unused_definitions.empty()) {
    out += fmt::format("{}. {}\n\n", l.h_unused, l.unused_note);
    for (const auto& d : a.unused_definitions)
      out += fmt::format("- `{}` ({}:{}): {}\n", d.name, d.path, d.line, d.findings);
    out += '\n';
  }
  TableWriter t(out,
                {std::string(l.c_num), std::string(l.c_domain), std::string(l.c_file),
                 std::string(l.c_line), std::string(l.c_original), std::string(l.c_replacement),
                 std::string(l.c_confidence), std::string(l.c_auto)},
                flush);
  for (size_t i = 0; i < unreached.size(); ++i) {
    const Finding& f = *unreached[i];
    t.row({std::to_string(i + 1), std::string(l.domain_names[static_cast<size_t>(f.domain)]),
           file_cell(f.path), line_cell(f), original_cell(f), md_text(replacement_of(f, l.lang)),
           confidence_label(f.confidence, l), auto_label(f, l)});
  }
  t.end();
}

}  // namespace ascendify::render
