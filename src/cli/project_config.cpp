#include "cli/project_config.hpp"

#include <filesystem>
#include <iostream>

#include "cli/output_dir.hpp"
#include "core/read_file.hpp"
#include "manifest/manifest.hpp"

namespace ascendify::cli {

ScanArgs with_project_config(const ScanArgs& args) {
  namespace fs = std::filesystem;
  fs::path pyproject = fs::path(args.path) / "pyproject.toml";
  std::error_code ec;
  if (!fs::is_regular_file(pyproject, ec)) return args;
  std::string error;
  auto text = read_file(pyproject.string(), error);
  if (!text) return args;
  std::vector<Diagnostic> diags;
  manifest::ToolConfig cfg = manifest::read_tool_config(*text, "pyproject.toml", diags);
  for (const auto& d : diags) std::cerr << "ascendify: " << d.path << ": " << d.message << "\n";
  if (!cfg.present) return args;

  ScanArgs out = args;
  out.excludes.insert(out.excludes.begin(), cfg.excludes.begin(), cfg.excludes.end());
  std::vector<std::string> rule_files;
  for (const auto& r : cfg.rule_files) {
    fs::path p = fs::path(args.path) / r;
    if (!is_inside(args.path, p)) {
      std::cerr << "ascendify: pyproject.toml: [tool.ascendify] rules: " << r
                << " is outside the project; ignored\n";
      continue;
    }
    rule_files.push_back(p.string());
  }
  out.rule_files.insert(out.rule_files.begin(), rule_files.begin(), rule_files.end());
  if (out.target.empty()) out.target = cfg.target;
  if (out.hardware.empty()) out.hardware = cfg.hardware;
  if (out.fail_on.empty()) {
    if (cfg.fail_on.empty() || cfg.fail_on == "blocker" || cfg.fail_on == "manual" ||
        cfg.fail_on == "any")
      out.fail_on = cfg.fail_on;
    else
      std::cerr << "ascendify: pyproject.toml: [tool.ascendify] fail-on: '" << cfg.fail_on
                << "' is not blocker, manual or any; ignored\n";
  }
  if (out.phases.empty())
    for (const auto& [name, entries] : cfg.phases) {
      std::string spec = name + "=";
      for (size_t i = 0; i < entries.size(); ++i) spec += (i ? "," : "") + entries[i];
      out.phases.push_back(spec);
    }
  return out;
}

}  // namespace ascendify::cli
