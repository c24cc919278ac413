// ascendify command line: parses arguments and dispatches to the commands.
#include <malloc.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "cli/cli_doc.hpp"
#include "cli/commands.hpp"
#include "cli/completions.hpp"
#include "cli/manpage.hpp"
#include "cli/split.hpp"
#include "core/domain.hpp"

#ifdef ASCENDIFY_MIMALLOC
#include <mimalloc.h>
#endif

int main(int argc, char** argv) {
  using namespace ascendify::cli;
#ifdef ASCENDIFY_MIMALLOC
  // 2 MiB pages for the heap (transparent huge pages by madvise, where the kernel offers
  // them), committed at once also in the first segments of the worker threads: a scan keeps
  // about 100 MB of facts and findings, and faulting them in 4 KiB at a time cost a fifth of
  // its CPU in the kernel. Measured on the speed corpus: minor page faults 36,000 -> 9,000
  // (the segments mimalloc took before main keep 4 KiB pages), system time about -40 %, peak
  // RSS +15-20 MB (docs/bench-history.md, session 16). Either MIMALLOC_ variable set in the
  // environment wins.
  if (!std::getenv("MIMALLOC_LARGE_OS_PAGES")) mi_option_enable(mi_option_large_os_pages);
  if (!std::getenv("MIMALLOC_EAGER_COMMIT_DELAY")) mi_option_set(mi_option_eager_commit_delay, 0);
#else
  // Without mimalloc (sanitizer builds, or not installed), glibc's malloc is tuned instead.
  // A scan allocates and frees a file's text, tokens and facts thousands of times. glibc's
  // defaults hand big blocks back to the kernel (mmap/trim) and fault them in again for the
  // next file: measured on a 9,000-file tree, about a third of the system time. Keep them.
  mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
  mallopt(M_TOP_PAD, 16 * 1024 * 1024);
  // One arena per core, not glibc's eight per core: each short-lived helper thread (rule
  // loading, assess, report blocks) otherwise keeps an arena of its own (-10 MB peak on 2 cores).
  mallopt(M_ARENA_MAX, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
#endif
  CLI::App app{"ascendify: assess and port a PyTorch CUDA project to Huawei Ascend NPUs"};
  app.set_version_flag("--version", std::string("ascendify ") + ASCENDIFY_VERSION);
  app.require_subcommand(1);

  ScanArgs scan;
  std::string formats = "md,json";
  auto* s = app.add_subcommand("scan", "Scan a repository and write the assessment reports");
  s->add_option("path", scan.path, "Repository root (or one file) to scan")->type_name("PATH");
  s->add_option("--batch", scan.batch,
                "Scan every repository listed in this file (one path per line, '#' comments; "
                "'-' reads stdin): one report folder per repository and index.jsonl in -o DIR")
      ->type_name("LIST");
  s->add_option("--shard", scan.shard,
                "With --batch: scan only the entries K, K+N, K+2N, ... of the list (K/N, K from 0)")
      ->type_name("K/N");
  s->add_option("-o,--output", scan.out_dir,
                "Folder for the reports, outside the scanned root (default: ./ascendify-report, "
                "or a folder under ~/.local/state/ascendify when the current folder is inside "
                "the root); FILE.md|.html|.json|.sarif|.csv|.txt writes that one file; '-' "
                "prints one format to stdout (default: text on a terminal, json in a pipe)")
      ->type_name("DIR|FILE|-");
  auto* format_opt =
      s->add_option("--format", formats,
                    "Comma-separated: md,html,json,sarif,csv,codeclimate (files); text,github "
                    "(stdout)")
          ->default_str("md,json")
          ->type_name("LIST");
  auto* lang_opt = s->add_option("--lang", scan.lang, "Report language: zh (default) or en")
                       ->check(CLI::IsMember({"zh", "en"}));
  s->add_flag("-v,--verbose", scan.verbose,
              "List every finding and every diagnostic on the terminal");
  s->add_option("--color", scan.color,
                "Terminal colours: auto (default; off with NO_COLOR), "
                "always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  s->add_option("--phase", scan.phases, "Phase definition NAME=ENTRY[,ENTRY...] (repeatable)")
      ->type_name("NAME=ENTRIES");
  s->add_option("--target", scan.target, "Phase whose minimal migration set is computed")
      ->type_name("PHASE");
  s->add_option("--hardware", scan.hardware,
                "Target hardware profile: atlas-a2 (default), atlas-a3, ascend-950, "
                "atlas-300i-duo (aliases such as 910b, 950pr, 310p)")
      ->type_name("NAME");
  s->add_option("--rules", scan.rule_files, "Extra rule file (repeatable)")->type_name("FILE");
  s->add_option("--exclude", scan.excludes, "Extra gitignore-style exclude pattern (repeatable)")
      ->type_name("PATTERN");
  s->add_option("--fail-on", scan.fail_on,
                "Exit 1 when findings reach: blocker (stops the run, or no NPU path), manual, "
                "any")
      ->check(CLI::IsMember({"blocker", "manual", "any"}));
  s->add_option("--baseline", scan.baseline, "Report only findings not in this earlier JSON report")
      ->type_name("OLD.json");
  s->add_flag("--exit-zero", scan.exit_zero, "Always exit 0 when the scan ran");
  s->add_flag("--all-sites", scan.all_sites,
              "Report every site, also of patterns folded per file (aggregate: file)");
  s->add_flag("--strict", scan.strict, "Exit 3 when any input could not be read completely");
  s->add_option("-j,--threads", scan.threads,
                "Worker threads (default: all cores; 1: the whole scan on one thread)")
      ->type_name("N");
  s->add_option("--max-file-size", scan.max_file_size, "Skip files larger than this (bytes)")
      ->type_name("BYTES");
  auto* no_cache = s->add_flag("--no-cache", scan.no_cache,
                               "Analyse every file again; read and write no incremental cache");
  s->add_option("--cache-dir", scan.cache_dir,
                "Incremental cache folder, outside the scanned root (default: "
                "$XDG_CACHE_HOME/ascendify, else ~/.cache/ascendify)")
      ->type_name("DIR")
      ->excludes(no_cache);

  FixArgs fix;
  auto* f =
      app.add_subcommand("fix", "Apply the mechanical part of the port (unified diff by default)");
  f->add_option("path", fix.path, "Repository root (or one file)")->required()->type_name("PATH");
  auto* apply_flag = f->add_flag("--apply", fix.apply, "Write the edits into the files");
  bool diff_flag = false;
  f->add_flag("--diff", diff_flag, "Print the unified diff (default)")->excludes(apply_flag);
  f->add_flag("--backup", fix.backup, "With --apply: keep each original as FILE.orig");
  f->add_flag("--transfer-to-npu", fix.transfer_to_npu,
              "Add the transfer_to_npu redirect to entry points; edit only what it does not cover");
  f->add_flag("--unsafe-fixes", fix.unsafe_fixes,
              "Apply the fixes declared unsafe too (listed in the summary)");
  auto* startup_on = f->add_flag("--startup-settings", fix.startup_settings,
                                 "Add the NPU start-up settings to entry points (default with "
                                 "--transfer-to-npu)");
  f->add_flag("--no-startup-settings", fix.no_startup_settings,
              "Do not add set_compile_mode / allow_internal_format to entry points")
      ->excludes(startup_on);
  f->add_option("--only", fix.only, "Only these rule ids or domains (comma-separated)")
      ->type_name("RULE|DOMAIN,...");
  f->add_option("--exclude", fix.exclude, "Not these rule ids or domains (comma-separated)")
      ->type_name("RULE|DOMAIN,...");
  f->add_option("--rules", fix.rule_files, "Extra rule file (repeatable)")->type_name("FILE");
  f->add_option("-j,--threads", fix.threads,
                "Worker threads (default: all cores; 1: the whole scan on one thread)")
      ->type_name("N");

  std::string domain, rules_format = "md";
  std::vector<std::string> rule_files;
  auto* r = app.add_subcommand("rules", "List the knowledge base");
  std::vector<std::string> domain_names;
  for (auto dm : ascendify::kAllDomains) domain_names.emplace_back(ascendify::to_string(dm));
  r->add_option("--domain", domain, "Only this domain")->check(CLI::IsMember(domain_names));
  r->add_option("--format", rules_format, "md or json")->check(CLI::IsMember({"md", "json"}));
  r->add_option("--rules", rule_files, "Extra rule file (repeatable)")->type_name("FILE");
  std::string rules_hardware;
  r->add_option("--hardware", rules_hardware,
                "Show the rules as they read on this hardware profile")
      ->type_name("NAME");

  std::string rule_id;
  auto* e = app.add_subcommand("explain", "Explain one rule");
  e->add_option("rule", rule_id, "Rule id, e.g. device.cuda-empty-cache")
      ->required()
      ->type_name("RULE_ID");
  e->add_option("--rules", rule_files, "Extra rule file (repeatable)")->type_name("FILE");

  std::string diff_old, diff_new, diff_format = "md";
  auto* d =
      app.add_subcommand("diff", "Compare two JSON reports: fixed / new / remaining per domain");
  d->add_option("old", diff_old, "Earlier report (JSON)")->required()->type_name("OLD.json");
  d->add_option("new", diff_new, "Later report (JSON)")->required()->type_name("NEW.json");
  d->add_option("--format", diff_format, "md or json")->check(CLI::IsMember({"md", "json"}));

  PortfolioArgs portfolio;
  auto* p = app.add_subcommand(
      "portfolio", "Summarise many reports: repositories by verdict, weeks by phase, what recurs");
  p->add_option("reports", portfolio.inputs,
                "JSON reports, index.jsonl files of scan --batch, or folders holding one")
      ->required()
      ->type_name("REPORT");
  p->add_option("-o,--output", portfolio.out,
                "FILE.md|.html|.json, a folder (portfolio.LANG.md, .html, .json), or '-' "
                "(default: '-')")
      ->type_name("FILE|DIR|-");
  p->add_option("--format", portfolio.format, "md (default), html or json")
      ->check(CLI::IsMember({"md", "html", "json"}));
  p->add_option("--lang", portfolio.lang, "Language: zh (default) or en")
      ->check(CLI::IsMember({"zh", "en"}));

  std::string mcp_root;
  auto* mcp =
      app.add_subcommand("mcp",
                         "Serve the Model Context Protocol on stdin/stdout (tools: scan, explain, "
                         "fix_preview, rules); writes nothing but the scan cache");
  mcp->add_option("--root", mcp_root,
                  "Workspace root: tool paths are relative to it, paths outside it are refused "
                  "(default: the current folder)")
      ->type_name("DIR");
  bool mcp_no_cache = false;
  mcp->add_flag("--no-cache", mcp_no_cache,
                "Scans keep no incremental cache: the server writes nothing at all");

  LspArgs lsp;
  auto* l = app.add_subcommand(
      "lsp",
      "Serve the Language Server Protocol on stdin/stdout: diagnostics as files open and change, "
      "explain as hover, safe fixes as code actions; writes nothing but its scan cache and, "
      "when asked, the report into the workspace");
  l->add_option("--root", lsp.root,
                "Workspace root (default: the client's); files outside it are ignored")
      ->type_name("DIR");
  l->add_option("--hardware", lsp.hardware, "Target hardware profile (see scan --hardware)")
      ->type_name("NAME");
  l->add_option("--rules", lsp.rule_files, "Extra rule file (repeatable)")->type_name("FILE");
  l->add_flag("--all-sites", lsp.all_sites, "One diagnostic per site, no per-file folding");
  auto* lsp_no_cache =
      l->add_flag("--no-cache", lsp.no_cache, "The project scans keep no incremental cache");
  l->add_option("--cache-dir", lsp.cache_dir, "Incremental cache folder (see scan --cache-dir)")
      ->type_name("DIR")
      ->excludes(lsp_no_cache);
  bool lsp_stdio = false;  // editors' clients pass it; stdio is the only transport anyway
  l->add_flag("--stdio", lsp_stdio, "Accepted and ignored: stdio is the only transport");

  auto* m = app.add_subcommand("manpage", "Print the man page (roff) of this command line");
  std::string shell;
  auto* c = app.add_subcommand("completions", "Print a shell completion script");
  c->add_option("shell", shell, "bash, zsh or fish")
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "fish"}));

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& err) {
    int code = app.exit(err);
    return code == 0 ? 0 : 2;
  }
  try {
    if (*m || *c) {
      const CliDoc doc = describe_cli(app, ASCENDIFY_VERSION);
      std::cout << (*m ? render_manpage(doc) : render_completion(doc, shell));
      return 0;
    }
    if (*mcp) return run_mcp(mcp_root, mcp_no_cache);
    if (*l) return run_lsp(lsp);
    if (*p) {
      portfolio.format_given = p->get_option("--format")->count() > 0;
      return run_portfolio(portfolio);
    }
    if (*s) {
      scan.formats = split_commas(formats);
      scan.formats_given = format_opt->count() > 0;
      scan.formats_joined = formats;
      scan.lang_given = lang_opt->count() > 0;
      if (!scan.batch.empty()) return run_batch(scan);
      if (scan.path.empty()) {
        std::cerr << "ascendify: scan needs a PATH (or --batch LIST)\n";
        return 2;
      }
      return run_scan(scan);
    }
    if (*f) return run_fix(fix);
    if (*r) return run_rules(domain, rules_format, rule_files, rules_hardware);
    if (*e) return run_explain(rule_id, rule_files);
    if (*d) return run_diff(diff_old, diff_new, diff_format);
  } catch (const std::exception& ex) {
    std::cerr << "ascendify: internal error: " << ex.what() << "\n";
    return 2;
  }
  return 2;
}
