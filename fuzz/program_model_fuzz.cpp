// libFuzzer target: the program model and the wrapper pass on hostile projects. The input is
// split into Python files at lines "#%% path" (the first file is main.py), analysed, matched
// against the embedded rules; then the import graph, the program model (every file reached, so
// every unit is walked), its reach, the external compiled modules and the wrapper call sites
// are computed. Units and edges must stay in bounds; reach must be decided for every unit.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "assess/external_extensions.hpp"
#include "assess/import_graph.hpp"
#include "assess/kernel_model.hpp"
#include "assess/model.hpp"
#include "assess/program_model.hpp"
#include "assess/wrappers.hpp"
#include "match/matcher.hpp"
#include "python/analyzer.hpp"
#include "rules/ruleset.hpp"

using namespace ascendify;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const rules::RuleSet* rules = [] {
    std::vector<Diagnostic> diags;
    return new rules::RuleSet(rules::load_rules({}, diags));
  }();
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::vector<std::pair<std::string, std::string>> parts{{"main.py", {}}};
  size_t at = 0;
  while (at <= input.size() && parts.size() < 16) {
    const size_t nl = input.find('\n', at);
    const std::string_view line =
        std::string_view(input).substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    if (line.starts_with("#%% ") && line.size() > 4 && line.size() < 64)
      parts.emplace_back(std::string(line.substr(4)) + ".py", std::string());
    else
      (parts.back().second += line) += '\n';
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  ScannedFiles files;
  std::vector<Finding> findings;
  for (auto& [path, text] : parts) {
    ScannedFile f;
    f.file.rel_path = path;
    f.file.root = "/nonexistent/";
    f.file.kind = FileKind::Python;
    f.file.size = text.size();
    f.facts = python::analyze(text, path);
    std::vector<Finding> found = match::match_file(*rules, f.file, text, f.facts);
    findings.insert(findings.end(), found.begin(), found.end());
    files.push_back(std::move(f));
  }
  std::sort(findings.begin(), findings.end());
  const assess::ImportGraph graph(files);
  assess::ProgramModel program(files, graph, assess::embedded_model().phases);
  assess::PhaseMap pm;
  pm.phases.emplace_back();
  pm.reached.assign(1, std::vector<bool>(files.size(), true));
  pm.reach.assign(1, std::vector<uint8_t>(files.size(), assess::ImportGraph::kRequired));
  pm.entry_roots = {0};
  program.compute_reach(pm);
  for (size_t u = 0; u < program.size(); ++u) {
    const auto& unit = program.unit(static_cast<int>(u));
    if (unit.file < 0 || static_cast<size_t>(unit.file) >= files.size()) __builtin_trap();
    if (program.reach(0, static_cast<int>(u)) > assess::ProgramModel::kUnused) __builtin_trap();
  }
  // The compiled modules imported but not built here, as the project stage finds them.
  const std::vector<assess::ExternalImport> externals =
      assess::external_imports(files, *rules, assess::embedded_kernel_paths());
  for (const assess::ExternalImport& e : externals)
    if (e.file < 0 || static_cast<size_t>(e.file) >= files.size()) __builtin_trap();
  for (const Finding& f : assess::wrapper_call_findings(files, program, findings, *rules,
                                                        assess::external_module_names(externals)))
    if (f.path.empty() || f.span.line == 0) __builtin_trap();
  return 0;
}
