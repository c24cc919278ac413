// The fix summary: what was edited, the manual to-do list by domain, what transfer_to_npu
// covers at runtime, and the diagnostics.
#include <map>
#include <string>

#include "fix/fix.hpp"

namespace ascendify::fix {

namespace {

std::string where(const ManualItem& m) {
  std::string s = m.path;
  if (m.line) {
    s += ':';
    s += std::to_string(m.line);
  }
  if (m.cell)
    s += " (cell " + std::to_string(m.cell) + ", line " + std::to_string(m.cell_line) + ")";
  return s;
}

}  // namespace

std::string manual_summary(const FixResult& r) {
  std::string out;
  size_t unsafe = 0;
  for (const auto& f : r.files)
    for (const auto& e : f.edits) unsafe += e.unsafe;
  out += "Automatic edits: " + std::to_string(r.edit_count()) + " in " +
         std::to_string(r.files.size()) + " file(s): " + std::to_string(r.edit_count() - unsafe) +
         " safe, " + std::to_string(unsafe) + " unsafe (--unsafe-fixes)\n";
  for (const auto& f : r.files)
    for (const auto& e : f.edits)
      if (e.unsafe)
        out += "  unsafe: " + f.rel_path + ":" + std::to_string(e.line) + "  " + e.rule_id + "\n";
  size_t imports = 0;
  for (const auto& f : r.files)
    if (!f.inserted.empty()) ++imports;
  if (imports) out += "  torch_npu import added to " + std::to_string(imports) + " file(s)\n";
  if (r.transfer_to_npu || r.startup_settings) {
    out += "Start-up block (";
    out += r.transfer_to_npu ? "transfer_to_npu redirect" : "import torch_npu";
    if (r.startup_settings) out += ", set_compile_mode, allow_internal_format";
    out += ") added to " + std::to_string(r.entry_points.size()) + " entry point(s)";
    for (const auto& e : r.entry_points) out += (&e == &r.entry_points.front() ? ": " : ", ") + e;
    out += "\n";
  }

  out += "\nManual work: " + std::to_string(r.manual.size()) + " finding(s)\n";
  std::map<Domain, std::vector<const ManualItem*>> by_domain;
  for (const auto& m : r.manual) by_domain[m.domain].push_back(&m);
  for (Domain d : kAllDomains) {
    auto it = by_domain.find(d);
    if (it == by_domain.end()) continue;
    out += "\n[" + std::string(to_string(d)) + "] " + std::to_string(it->second.size()) + "\n";
    for (const ManualItem* m : it->second) {
      out += "  " + where(*m) + "  " + m->rule_id + "  " + m->match;
      if (!m->replacement.empty()) out += " -> " + m->replacement;
      out += "  (" + m->reason + ")\n";
    }
  }

  if (!r.by_transfer.empty()) {
    out += "\nCovered at runtime by transfer_to_npu (not edited): " +
           std::to_string(r.by_transfer.size()) + " finding(s)\n";
    for (const auto& m : r.by_transfer) {
      out += "  " + where(m) + "  " + m.rule_id;
      if (m.reason != kCoveredAtRuntime) out += "  (" + m.reason + ")";
      out += "\n";
    }
  }
  if (!r.diagnostics.empty()) {
    out += "\nDiagnostics:\n";
    for (const auto& d : r.diagnostics) {
      out += "  ";
      if (!d.path.empty()) out += d.path + (d.line ? ":" + std::to_string(d.line) : "") + ": ";
      out += d.message + "\n";
    }
  }
  return out;
}

}  // namespace ascendify::fix
