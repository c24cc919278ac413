#pragma once
#include <string>
#include <vector>

namespace ascendify::cli {

struct ScanArgs {
  std::string path;
  std::string out_dir;               // "" = default, "-" = stdout (one format)
  std::vector<std::string> formats;  // md, html, json, sarif, csv; text, github (stdout)
  bool formats_given = false;        // --format was on the command line
  std::string formats_joined;        // as given ("md,json")
  std::string lang = "zh";
  bool lang_given = false;     // --lang was on the command line (the terminal stays English else)
  bool verbose = false;        // list every diagnostic and every finding on the terminal
  std::string color = "auto";  // auto | always | never (NO_COLOR turns auto off)
  std::vector<std::string> phases;  // NAME=ENTRY[,ENTRY...]
  std::string target;
  std::string hardware;  // profile id or alias (rules/model/hardware.yaml); "" = the default
  std::vector<std::string> rule_files;
  std::vector<std::string> excludes;
  std::string baseline;  // OLD.json: report only findings not in it
  std::string fail_on;   // "", blocker, manual, any
  bool exit_zero = false;
  bool strict = false;
  bool all_sites = false;  // no `aggregate: file` folding
  unsigned threads = 0;
  uint64_t max_file_size = 10ull * 1024 * 1024;
  std::string batch;      // --batch LIST: one repository per line
  std::string shard;      // --shard K/N
  bool no_cache = false;  // --no-cache: no incremental cache read or written
  std::string cache_dir;  // --cache-dir DIR; "" = cache::default_dir()
};

struct PortfolioArgs {
  std::vector<std::string> inputs;  // reports, index.jsonl files, folders
  std::string out = "-";
  std::string format = "md";
  bool format_given = false;
  std::string lang = "zh";
};

struct LspArgs {
  std::string root;  // --root: overrides the client's workspace root ("" = the client's)
  std::string hardware;
  std::vector<std::string> rule_files;
  bool all_sites = false;
  unsigned threads = 0;   // of the background project scan
  bool no_cache = false;  // the project scans keep no incremental cache
  std::string cache_dir;  // "" = cache::default_dir()
};

struct FixArgs {
  std::string path;
  bool apply = false;
  bool backup = false;
  bool transfer_to_npu = false;
  bool unsafe_fixes = false;
  bool startup_settings = false;     // --startup-settings
  bool no_startup_settings = false;  // --no-startup-settings
  std::vector<std::string> only;     // rule ids or domains, comma-separated allowed
  std::vector<std::string> exclude;
  std::vector<std::string> rule_files;
  unsigned threads = 0;
};

// Each returns the process exit status (0 done, 1 findings at/above --fail-on, 2 usage or
// I/O error, 3 partial scan under --strict).
int run_scan(const ScanArgs& args);
int run_rules(const std::string& domain, const std::string& format,
              const std::vector<std::string>& rule_files, const std::string& hardware);
int run_fix(const FixArgs& args);
int run_diff(const std::string& old_path, const std::string& new_path, const std::string& format);
// The id of hardware profile `name` (id or alias; "" = the default profile); "" after a
// one-line diagnostic when no profile has that name.
std::string resolve_hardware(const std::string& name);
// scan --batch: each repository of the list scanned by a child process (a crash or a bad
// repository costs its line of the index, not the batch).
int run_batch(const ScanArgs& args);
int run_portfolio(const PortfolioArgs& args);
// `mcp`: the Model Context Protocol server on stdio, its paths confined to `root` ("" = cwd);
// `no_cache`: its scans keep no incremental cache.
int run_mcp(const std::string& root, bool no_cache);
// `lsp`: the Language Server on stdio (src/lsp, cli/lsp_workspace).
int run_lsp(const LspArgs& args);
int run_explain(const std::string& rule_id, const std::vector<std::string>& rule_files);

}  // namespace ascendify::cli
