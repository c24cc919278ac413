#include "cli/project_scan.hpp"

#include <iostream>
#include <mutex>
#include <optional>

#include "assess/assess.hpp"
#include "cli/scan_cache.hpp"
#include "core/helper_pool.hpp"
#include "core/timings.hpp"
#include "project/findings.hpp"

namespace ascendify::cli {

ProjectScan scan_project(const ProjectScanArgs& args, pipeline::ScanOptions options) {
  ProjectScan out;
  // The rules and the assess models are parsed on a second thread while this one walks the
  // tree and the workers read and analyse the files found so far (a worker waits for the rules
  // before it matches its first file; see pipeline::scan). With -j 1, when first asked for.
  std::vector<Diagnostic> rule_diags;
  auto rules_loaded = start_helper(options.threads, [&] {
    StageTimer t_rules("load rules+models");
    rules::RuleSet loaded = rules::load_rules(args.rule_files, rule_diags);
    loaded.apply_hardware(args.hardware);
    assess::preload_models();
    return loaded;
  });
  // The rules for the workers as soon as they are loaded: files are matched as they are
  // analysed, and only the per-file filters wait for the end of the walk.
  std::once_flag rules_taken;
  std::exception_ptr rules_failed;  // the loader's own exception, for every caller
  auto loaded_rules = [&]() -> const rules::RuleSet& {
    std::call_once(rules_taken, [&] {
      try {
        out.rules = std::make_unique<rules::RuleSet>(rules_loaded.get());
      } catch (...) {
        rules_failed = std::current_exception();
        return;
      }
      for (const auto& d : rule_diags) {
        std::cerr << "ascendify: " << d.path;
        if (d.line) std::cerr << ':' << d.line;
        std::cerr << ": " << d.message << "\n";
      }
    });
    if (rules_failed) std::rethrow_exception(rules_failed);
    return *out.rules;
  };
  // References into the project's own packages are not findings; a rule with `aggregate:
  // file` reports once per file (unless --all-sites).
  options.filters = {.own_code = true, .aggregate = !args.all_sites};
  pipeline::ScanResult scanned = pipeline::scan(args.root, loaded_rules, options);
  const rules::RuleSet& rules = loaded_rules();
  // The cache is written while the project passes and assess run; waited for at the end.
  const SaveWaiter cache_saved(save_in_background(
      options.cache, args.verbose, scanned.stats.files_scanned, args.rule_files, options.threads));
  // Assess's evidence from the files alone overlaps the project stage.
  auto evidence = start_helper(options.threads,
                               [&] { return assess::gather_file_evidence(scanned.files, rules); });
  StageTimer t_project("project");
  project::Project project =
      project::derive(scanned.files, std::move(scanned.findings), rules, scanned.filters,
                      assess::embedded_model(), options.threads, &args.phases);
  t_project.stop();
  StageTimer t_assess("assess");
  assess::Input input;
  input.root = args.root_label;
  input.files = &scanned.files;
  input.findings = std::move(project.findings);
  input.cross = std::move(project.cross);
  input.evidence = evidence.get();
  input.diagnostics = std::move(scanned.diagnostics);
  input.stats = scanned.stats;
  assess::Options aopt;
  aopt.phases = args.phases;
  aopt.target_phase = args.target_phase;
  aopt.hardware = args.hardware;
  aopt.threads = options.threads;
  out.assessment = assess::assess(std::move(input), rules, aopt);
  out.files = std::move(scanned.files);
  return out;
}

}  // namespace ascendify::cli
