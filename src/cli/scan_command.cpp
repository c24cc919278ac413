#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "assess/assess.hpp"
#include "cli/baseline_filter.hpp"
#include "cli/commands.hpp"
#include "cli/fail_level.hpp"
#include "cli/fast_exit.hpp"
#include "cli/output_dir.hpp"
#include "cli/project_config.hpp"
#include "cli/project_scan.hpp"
#include "cli/report_plan.hpp"
#include "cli/scan_cache.hpp"
#include "cli/scan_target.hpp"
#include "cli/split.hpp"
#include "core/timings.hpp"
#include "pipeline/scan.hpp"
#include "project/aggregate.hpp"
#include "project/project_packages.hpp"
#include "project/skip_in_tests.hpp"
#include "render/escape.hpp"
#include "render/render.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;

namespace {

// The scanned folder relative to the current one (GitHub attaches annotations to paths of the
// workspace): "" when it is the current folder, the absolute path when it lies outside it.
std::string workspace_prefix(const ScanArgs& args) {
  std::error_code ec;
  fs::path root = fs::path(args.path);
  if (!fs::is_directory(root, ec)) root = root.has_parent_path() ? root.parent_path() : ".";
  const fs::path abs = fs::weakly_canonical(fs::absolute(root, ec), ec);
  const fs::path rel = abs.lexically_relative(fs::weakly_canonical(fs::current_path(ec), ec));
  if (rel.empty() || *rel.begin() == "..") return abs.string();
  return rel == "." ? std::string() : rel.string();
}

render::Lang lang_of(const std::string& lang) {
  return lang == "en" ? render::Lang::En : render::Lang::Zh;
}

// The terminal formats speak English unless --lang asked for Chinese.
render::Lang terminal_lang(const ScanArgs& args) {
  return args.lang_given ? lang_of(args.lang) : render::Lang::En;
}

bool use_color(const ScanArgs& args) {
  if (args.color == "always") return true;
  if (args.color == "never") return false;
  return isatty(STDOUT_FILENO) && std::getenv("NO_COLOR") == nullptr;
}

// Hands one report to `put`: JSON and SARIF (the big ones) streamed piece by piece, JSON
// findings rendered on `threads` threads; the others as one piece.
void emit_report(const Assessment& a, const std::string& format, const ScanArgs& args,
                 unsigned threads, bool color, const std::function<void(std::string_view)>& put) {
  if (format == "json") return render::render_json_to(a, put, threads);
  if (format == "sarif") return render::render_sarif_to(a, put);
  if (format == "md") return render::render_markdown_to(a, lang_of(args.lang), put);
  if (format == "csv") return render::render_csv_to(a, put);
  if (format == "github") return render::render_github_to(a, put, workspace_prefix(args));
  if (format == "codeclimate") {
    // Paths of the repository the job runs in; a folder outside it: paths of that folder.
    const std::string prefix = workspace_prefix(args);
    return render::render_codeclimate_to(a, put, prefix.starts_with('/') ? "" : prefix);
  }
  if (format == "text") {
    render::TextOptions o;
    o.color = color;
    o.lang = terminal_lang(args);
    render::render_text_to(a, o, put);
    return put(render::render_terminal(a, color));
  }
  render::render_html_to(a, lang_of(args.lang), put);
}

bool parse_phases(const std::vector<std::string>& specs,
                  std::vector<std::pair<std::string, std::vector<std::string>>>& out) {
  for (const auto& spec : specs) {
    size_t eq = spec.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size()) {
      std::cerr << "ascendify: --phase expects NAME=ENTRY[,ENTRY...], got '" << spec << "'\n";
      return false;
    }
    out.emplace_back(spec.substr(0, eq), split_commas(std::string_view(spec).substr(eq + 1)));
  }
  return true;
}

// The terminal lists this many findings per domain unless --verbose (the report has them all),
// and the first diagnostics.
constexpr size_t kTerminalFindingsPerDomain = 10;
constexpr size_t kTerminalDiagnostics = 5;

// Diagnostics (files that could not be read completely, bad rule files, ...) on stderr.
void print_diagnostics(const std::vector<Diagnostic>& diags, size_t limit) {
  const size_t shown = std::min(limit, diags.size());
  for (size_t i = 0; i < shown; ++i) {
    const Diagnostic& d = diags[i];
    std::cerr << "ascendify: " << render::terminal_safe(d.path);
    if (d.line) std::cerr << ':' << d.line;
    std::cerr << ": " << render::terminal_safe(d.message) << "\n";
  }
  if (diags.size() > shown)
    std::cerr << "ascendify: … " << diags.size() - shown
              << " more diagnostic(s): --verbose lists them, the report has them all\n";
}

// What the pipeline is told: discovery limits, threads, slim facts, the progress line on a
// terminal.
pipeline::ScanOptions scan_options(const ScanArgs& args, const ScanTarget& target) {
  pipeline::ScanOptions options;
  options.discover.max_file_size = args.max_file_size;
  options.discover.excludes = args.excludes;
  options.discover.only_file = target.only_file;
  options.threads = args.threads;
  options.slim_facts = true;    // the facts only feed assess here
  if (isatty(STDERR_FILENO)) {  // progress line for scans longer than a second
    options.progress = [shown = false](const pipeline::Progress& p) mutable {
      if (p.finished || p.seconds < 1.0) {
        if (p.finished && shown) std::cerr << "\r\033[K" << std::flush;
        return;
      }
      shown = true;
      char line[160];
      // While the walk still goes on, the total is not known yet.
      std::snprintf(line, sizeof line,
                    p.counting
                        ? "\rascendify: %zu files (%zu found so far), %.0f files/s, %.1f MB/s\033[K"
                        : "\rascendify: %zu/%zu files, %.0f files/s, %.1f MB/s\033[K",
                    p.done, p.total, p.done / p.seconds, p.bytes / 1048576.0 / p.seconds);
      std::cerr << line << std::flush;
    };
  }
  return options;
}

// The reports that go to stdout, the terminal summary and the diagnostics.
void show_on_terminal(const Assessment& a, const ReportPlan& plan, const ScanArgs& args,
                      unsigned report_threads) {
  const bool color = use_color(args);
  auto to_stdout = [](std::string_view piece) {
    std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
  };
  for (const auto& f : plan.to_stdout) emit_report(a, f, args, report_threads, color, to_stdout);
  if (plan.terminal_summary) {
    StageTimer t_term("terminal summary");
    render::TextOptions o;
    o.color = color;
    o.lang = terminal_lang(args);
    o.per_domain_limit = args.verbose ? 0 : kTerminalFindingsPerDomain;
    o.replacements = args.verbose;
    render::render_text_to(a, o, to_stdout);
    std::cout << '\n' << render::render_terminal(a, color);
  }
  if (args.verbose || plan.terminal_summary)
    print_diagnostics(a.diagnostics, args.verbose ? a.diagnostics.size() : kTerminalDiagnostics);
}

// The report files, each written atomically. False (said on stderr) when one could not be.
bool write_report_files(const Assessment& a, const ReportPlan& plan, const ScanArgs& args,
                        const fs::path& root, unsigned report_threads) {
  if (plan.to_files.empty()) return true;
  switch (make_output_dir(plan.dir, root)) {
    case OutputDir::Ready:
      break;
    case OutputDir::CannotCreate:
      std::cerr << "ascendify: cannot create output directory " << plan.dir.string() << "\n";
      return false;
    case OutputDir::WrongSide:
      std::cerr << "ascendify: output " << plan.dir.string()
                << " is inside the scanned root; choose a place outside it with -o\n";
      return false;
  }
  // The reports' lines go to stderr when stdout carries a report of its own.
  std::ostream& said = plan.to_stdout.empty() ? std::cout : std::cerr;
  for (const auto& f : plan.to_files) {
    const std::string name =
        plan.single_name.empty() ? report_file_name(f, args.lang) : plan.single_name;
    StageTimer t_render("render+write");
    const std::string err =
        write_file_atomic(plan.dir, name, [&](const std::function<void(std::string_view)>& put) {
          emit_report(a, f, args, report_threads, false, put);
        });
    if (!err.empty()) {
      std::cerr << "ascendify: " << err << "\n";
      return false;
    }
    said << "Report: " << (plan.dir / name).string() << "\n";
  }
  if (plan.default_dir)
    said << "(the reports are outside the scanned root; -o DIR puts them elsewhere)\n";
  return true;
}

// --fail-on, --strict, --exit-zero (DESIGN.md, exit codes).
int exit_code(const Assessment& a, const ScanArgs& args) {
  if (args.exit_zero) return 0;
  if (!args.fail_on.empty() && reaches_fail_level(a, args.fail_on)) return 1;
  if (args.strict && !a.diagnostics.empty()) return 3;
  return 0;
}

}  // namespace

int run_scan(const ScanArgs& given) {
  const ScanArgs args = with_project_config(given);
  const std::optional<ScanTarget> target = scan_target_or_say(args.path);
  if (!target) return 2;
  const fs::path& root = target->root;
  std::string error;
  const std::optional<ReportPlan> plan =
      plan_reports(args, root, isatty(STDOUT_FILENO) != 0, error);
  if (!plan) {
    std::cerr << "ascendify: " << error << "\n";
    return 2;
  }
  const std::string hardware = resolve_hardware(args.hardware);
  if (hardware.empty()) return 2;
  pipeline::ScanOptions options = scan_options(args, *target);
  ProjectScanArgs pargs;
  if (!parse_phases(args.phases, pargs.phases)) return 2;
  pargs.root = root;
  pargs.root_label = args.path;
  pargs.rule_files = args.rule_files;
  pargs.hardware = hardware;
  pargs.all_sites = args.all_sites;
  pargs.target_phase = args.target;
  pargs.verbose = args.verbose;
  // A single-file scan reads one file: no cache (its save would drop the folder's other files).
  const std::unique_ptr<cache::FileCache> file_cache =
      target->only_file.empty() ? open_scan_cache(args, root, hardware) : nullptr;
  options.cache = file_cache.get();
  const unsigned report_threads = args.threads ? args.threads : std::thread::hardware_concurrency();

  StageTimer t_total("total");
  ProjectScan scanned = scan_project(pargs, std::move(options));
  Assessment& a = scanned.assessment;
  // Nothing reads the facts after assess: freed before the reports are written, whose memory
  // then reuses theirs. On this thread, not a helper: a block freed on another thread goes back
  // to the heap of the thread that allocated it, and this one then paid on its next allocations
  // (-j 2: the terminal summary took 6 ms of CPU instead of 1.5; freeing takes 3-4 ms).
  scanned.files = {};
  if (!args.baseline.empty()) {
    size_t hidden = 0;
    std::string err = apply_baseline(a, args.baseline, hidden);
    if (!err.empty()) {
      std::cerr << "ascendify: --baseline " << err << "\n";
      return 2;
    }
    std::cerr << "ascendify: baseline: " << hidden << " known finding(s) not reported\n";
  }
  show_on_terminal(a, *plan, args, report_threads);
  if (!write_report_files(a, *plan, args, root, report_threads)) return 2;
  return exit_without_teardown(exit_code(a, args));
}

}  // namespace ascendify::cli
