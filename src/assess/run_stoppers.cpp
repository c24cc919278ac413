#include "assess/run_stoppers.hpp"

#include <algorithm>

#include "assess/taxonomy.hpp"
#include "core/rule.hpp"

namespace ascendify::assess {

void find_run_stoppers(Assessment& a) {
  a.run_stoppers.clear();
  a.run_stoppers_zh.clear();
  a.run_stop_sites.clear();
  const Finding* last = nullptr;  // one entry per line: `assert q.is_cuda and k.is_cuda`
  for (const Finding& f : a.findings) {
    // What transfer_to_npu covers (torch.cuda.is_available(), x.is_cuda) holds on an NPU once
    // the entry point imports it: the start-up lines port those checks.
    if (!stops_where_reached(f) || f.phases.empty()) continue;
    if (last && last->path == f.path && last->span.line == f.span.line) continue;
    last = &f;
    const bool on_path = a.target_phase.empty() || std::find(f.phases.begin(), f.phases.end(),
                                                             a.target_phase) != f.phases.end();
    // An import line is worded as one whichever way the rule stops it (a derived rule may stop
    // on the import of an extension built elsewhere).
    const bool import_line =
        (f.snippet.rfind("import ", 0) == 0 || f.snippet.rfind("from ", 0) == 0) &&
        f.snippet.find(';') == std::string::npos;
    const bool import = (f.rule->stops_run & Rule::kStopsAsImport) != 0 || import_line;
    const bool call = (f.rule->stops_run & Rule::kStopsAsCall) != 0;
    const std::string why =
        import ? "import of a package with no NPU build (" + f.match + ")"
        : call ? "a call with no NPU build and no fallback (" + f.match + ")"
               : "the run asserts or raises on a CUDA check (" + f.match + "), false on an NPU";
    const std::string why_zh =
        import ? "导入了没有 NPU 版本的包（" + f.match + "）"
        : call ? "调用没有 NPU 版本且没有回退路径（" + f.match + "）"
               : "运行在 CUDA 检查上断言或抛出异常（" + f.match + "），在 NPU 上该检查为 False";
    const std::string at = f.path + ":" + std::to_string(f.span.line);
    a.run_stop_sites.push_back({at, why, why_zh, f.snippet, f.phases, on_path});
    if (!on_path) continue;
    a.run_stoppers.push_back(why + " — " + f.snippet + " (" + at + ")");
    a.run_stoppers_zh.push_back(why_zh + " — " + f.snippet + "（" + at + "）");
  }
}

}  // namespace ascendify::assess
