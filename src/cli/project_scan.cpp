#include "cli/project_scan.hpp"

#include <future>
#include <iostream>
#include <mutex>
#include <optional>

#include "assess/aggregate.hpp"
#include "assess/assess.hpp"
#include "assess/skip_in_tests.hpp"
#include "cli/scan_cache.hpp"
#include "core/timings.hpp"

namespace ascendify::cli {

ProjectScan scan_project(const ProjectScanArgs& args, pipeline::ScanOptions options) {
  ProjectScan out;
  // The rules and the assess models are parsed on a second thread while this one walks the
  // tree and the workers read and analyse the files found so far: matching needs the rules, and
  // the own-package filter needs the whole file list, so files analysed before both are ready
  // wait for them (see pipeline::scan_streamed).
  std::vector<Diagnostic> rule_diags;
  auto rules_loaded = std::async(std::launch::async, [&] {
    StageTimer t_rules("load rules+models");
    rules::RuleSet loaded = rules::load_rules(args.rule_files, rule_diags);
    loaded.apply_hardware(args.hardware);
    assess::preload_models();
    return loaded;
  });
  // The rules for the workers as soon as they are loaded: files are matched as they are
  // analysed, and only the own-package filter waits for the end of the walk.
  std::once_flag rules_taken;
  auto loaded_rules = [&]() -> const rules::RuleSet* {
    std::call_once(rules_taken, [&] {
      out.rules = std::make_unique<rules::RuleSet>(rules_loaded.get());
      for (const auto& d : rule_diags) {
        std::cerr << "ascendify: " << d.path;
        if (d.line) std::cerr << ':' << d.line;
        std::cerr << ": " << d.message << "\n";
      }
    });
    return out.rules.get();
  };
  options.early_rules = loaded_rules;
  assess::OwnPackages& own_packages = out.own_packages;
  // Per-file filters, run by the workers: a rule with `aggregate: file` reports once per file
  // (unless --all-sites); references into the project's own packages are not findings (dropped
  // before a Finding is built; set up once the walk has found every file).
  options.per_file_findings = [&](std::vector<Finding>& findings) {
    if (!args.all_sites) assess::aggregate_per_file(findings);
  };
  pipeline::ScanResult scanned =
      pipeline::scan_streamed(args.root, options, [&](const discover::Result& found) {
        own_packages = assess::project_packages(found.files);
        pipeline::MatchSetup setup;
        setup.rules = loaded_rules();
        setup.drop_hit = [&](const SourceFile& file, const Rule& rule, std::string_view match) {
          return assess::is_not_a_finding(own_packages, rule, file.rel_path, match);
        };
        return setup;
      });
  const rules::RuleSet& rules = *loaded_rules();
  // The cache is written while assess runs, and joined when this returns.
  std::jthread cache_saved =
      save_in_background(options.cache, args.verbose, scanned.stats.files_scanned, args.rule_files);
  StageTimer t_assess("assess");
  assess::Input input;
  input.root = args.root_label;
  input.files = &scanned.files;
  input.findings = std::move(scanned.findings);
  input.diagnostics = std::move(scanned.diagnostics);
  input.stats = scanned.stats;
  assess::Options aopt;
  aopt.phases = options.phases;
  aopt.target_phase = options.target_phase;
  aopt.hardware = args.hardware;
  aopt.drop_hit = [&](const SourceFile& file, const Rule& rule, std::string_view match) {
    return assess::is_not_a_finding(own_packages, rule, file.rel_path, match);
  };
  out.assessment = assess::assess(std::move(input), rules, aopt);
  out.files = std::move(scanned.files);
  return out;
}

}  // namespace ascendify::cli
