#include <algorithm>
#include <filesystem>
#include <iostream>

#include "assess/startup_files.hpp"
#include "cli/commands.hpp"
#include "cli/scan_target.hpp"
#include "cli/split.hpp"
#include "fix/fix.hpp"
#include "pipeline/scan.hpp"
#include "project/findings.hpp"

namespace ascendify::cli {

namespace {

// Each value may itself be a comma-separated list (--only a,b --only c).
std::vector<std::string> split_all(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const auto& v : values)
    for (auto& item : split_commas(v)) out.push_back(std::move(item));
  return out;
}

}  // namespace

int run_fix(const FixArgs& args) {
  namespace fs = std::filesystem;
  const std::optional<ScanTarget> target = scan_target_or_say(args.path);
  if (!target) return 2;
  const fs::path& root = target->root;
  std::vector<Diagnostic> rule_diags;
  rules::RuleSet rules = rules::load_rules(args.rule_files, rule_diags);
  for (const auto& d : rule_diags)
    std::cerr << "ascendify: " << d.path << ":" << d.line << ": " << d.message << "\n";

  pipeline::ScanOptions options;
  options.threads = args.threads;
  options.discover.only_file = target->only_file;
  options.filters = {.own_code = true, .aggregate = false};  // every site is edited
  pipeline::ScanResult scanned = pipeline::scan(root, rules, options);
  scanned.findings = project::derive(scanned.files, std::move(scanned.findings), rules,
                                     scanned.filters, assess::embedded_model(), args.threads)
                         .findings;

  fix::FixOptions fopt;
  fopt.transfer_to_npu = args.transfer_to_npu;
  fopt.unsafe_fixes = args.unsafe_fixes;
  fopt.startup_settings =
      !args.no_startup_settings && (args.startup_settings || args.transfer_to_npu);
  fopt.entry_files = assess::startup_files(scanned.files);
  fopt.only = split_all(args.only);
  fopt.exclude = split_all(args.exclude);
  fix::FixResult plan = fix::plan_fixes(scanned.files, scanned.findings, root, fopt);

  // The diff goes to stdout (pipe it to `git apply`); the to-do list to stderr.
  if (!args.apply) {
    std::cout << fix::unified_diff(plan);
    std::cerr << fix::manual_summary(plan);
    return 0;
  }
  fix::ApplyReport report = fix::apply(plan, root, args.backup);
  std::cout << fix::manual_summary(plan);
  for (const auto& w : report.written) std::cout << "written: " << w << "\n";
  for (const auto& d : report.diagnostics)
    std::cerr << "ascendify: " << d.path << ": " << d.message << "\n";
  return report.ok() ? 0 : 2;
}

}  // namespace ascendify::cli
