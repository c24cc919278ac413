// `ascendify mcp [--root DIR]`: the Model Context Protocol server (src/mcp) on stdin/stdout,
// its tools run as child ascendify processes confined to the workspace root. Nothing is ever
// written: scan prints JSON to a pipe, fix_preview prints a diff.
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/child_process.hpp"
#include "cli/commands.hpp"
#include "cli/output_dir.hpp"
#include "cli/split.hpp"
#include "mcp/server.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;
using Json = nlohmann::json;

namespace {

mcp::ToolResult failure(const std::string& why) {
  mcp::ToolResult r;
  r.text = why;
  r.is_error = true;
  return r;
}

// A tool's `path` inside the root, as an absolute path; "" with `why` set when it is outside
// (after resolving `..` and symbolic links) or does not exist.
std::string inside_root(const fs::path& root, const Json& args, std::string& why) {
  const std::string given = args.value("path", ".");
  const fs::path p = fs::path(given).is_absolute() ? fs::path(given) : root / given;
  const std::string outside =
      "path '" + given + "' is outside the workspace root " + root.string() + "; refused";
  // Outside first, by the path as far as it exists (its links resolved): whether something
  // exists outside the root is none of the client's business.
  std::error_code ec;
  const fs::path resolved = fs::weakly_canonical(p, ec);
  if (ec || !is_inside(root, resolved)) {
    why = outside;
    return "";
  }
  const fs::path real = fs::canonical(p, ec);
  if (ec) {
    why = "path '" + given + "' does not exist";
    return "";
  }
  if (!is_inside(root, real)) {
    why = outside;
    return "";
  }
  return real.string();
}

class Tools {
 public:
  Tools(fs::path root, bool no_cache)
      : root_(std::move(root)), exe_(self_executable()), no_cache_(no_cache) {}

  mcp::ToolResult operator()(const std::string& name, const Json& args) {
    if (name == "scan") return scan(args);
    if (name == "explain") return run_text({exe_, "explain", "--", args["rule"]});
    if (name == "rules") {
      std::vector<std::string> argv = {exe_, "rules", "--format", "json"};
      if (args.contains("domain")) argv.insert(argv.end(), {"--domain", args["domain"]});
      return run_text(argv);
    }
    if (name == "fix_preview") return fix_preview(args);
    return failure("unknown tool " + name);
  }

 private:
  mcp::ToolResult run_text(const std::vector<std::string>& argv) {
    std::string error;
    auto child = run_child(argv, true, error, 64u << 20);
    if (!child) return failure(error);
    if (child->exit_code != 0) return failure(reason_of(*child));
    mcp::ToolResult r;
    r.text = child->out;
    return r;
  }

  // The report of a scan: JSON from a child `scan -o - --format json`. A page after the
  // first (offset > 0) reuses the report of the same scan, so paging does not scan again.
  mcp::ToolResult scan(const Json& args) {
    std::string why;
    const std::string path = inside_root(root_, args, why);
    if (path.empty()) return failure(why);
    std::vector<std::string> argv = {exe_,       "scan", "-o",      "-",
                                     "--format", "json", "--color", "never"};
    for (const char* key : {"target", "hardware", "lang"})
      if (args.contains(key)) argv.insert(argv.end(), {std::string("--") + key, args[key]});
    if (no_cache_) argv.push_back("--no-cache");
    argv.insert(argv.end(), {"--", path});
    std::string key;
    for (const auto& a : argv) key += a + '\0';
    const size_t offset = args.value("offset", 0);
    if (offset == 0 || key != last_key_) {
      std::string error;
      auto child = run_child(argv, true, error);
      if (!child) return failure(error);
      if (child->exit_code != 0 && child->exit_code != 1 && child->exit_code != 3)
        return failure(reason_of(*child));
      Json report = Json::parse(child->out, nullptr, false);
      if (report.is_discarded()) return failure("the scan printed no JSON report");
      // One report kept: memory does not grow with the session.
      last_key_ = std::move(key);
      last_report_ = std::move(report);
    }
    return page(last_report_, args);
  }

  static mcp::ToolResult page(const Json& report, const Json& args) {
    const Json& s = report["summary"];
    Json out;
    out["project"] = report.value("project", "");
    out["hardware"] = report.contains("hardware") ? report["hardware"].value("id", "") : "";
    out["feasibility"] = s.value("feasibility", "");
    out["feasibility_zh"] = s.value("feasibility_zh", "");
    out["effort_weeks"] = s.value("effort_weeks", Json::object());
    out["site_classes"] = s.value("site_classes", Json::object());
    out["blockers"] = s.value("blockers", Json::array());
    out["run_stoppers"] = s.value("run_stoppers", Json::array());
    out["target_phase"] = report.value("target_phase", "");
    Json phases = Json::array();
    for (const auto& p : report.value("phases", Json::array()))
      phases.push_back({{"name", p.value("name", "")},
                        {"entry_points", p.value("entry_points", Json::array())},
                        {"effort_weeks", p.value("effort_weeks", Json::object())}});
    out["phases"] = phases;
    const std::string domain = args.value("domain", ""), phase = args.value("phase", "");
    const std::string cls = args.value("class", ""), prefix = args.value("path_prefix", "");
    const size_t offset = args.value("offset", 0), limit = args.value("limit", 50);
    Json items = Json::array();
    size_t matching = 0;
    for (const auto& f : report.value("findings", Json::array())) {
      if (!domain.empty() && f.value("domain", "") != domain) continue;
      if (!cls.empty() && f.value("class", "") != cls) continue;
      if (!prefix.empty() && f.value("path", "").rfind(prefix, 0) != 0) continue;
      if (!phase.empty()) {
        const Json ph = f.value("phases", Json::array());
        if (std::find(ph.begin(), ph.end(), phase) == ph.end()) continue;
      }
      if (matching++ < offset || items.size() >= limit) continue;
      items.push_back({{"rule", f.value("rule", "")},
                       {"domain", f.value("domain", "")},
                       {"class", f.value("class", "")},
                       {"path", f.value("path", "")},
                       {"line", f.value("line", 0)},
                       {"snippet", f.value("snippet", "")},
                       {"message", f.value("message", "")},
                       {"replacement", f.value("replacement", "")},
                       {"confidence", f.value("confidence", "")},
                       {"phases", f.value("phases", Json::array())}});
    }
    out["findings"] = {
        {"matching", matching},
        {"offset", offset},
        {"items", items},
        {"next_offset",
         offset + items.size() < matching ? Json(offset + items.size()) : Json(nullptr)}};
    mcp::ToolResult r;
    r.structured = out;
    return r;
  }

  mcp::ToolResult fix_preview(const Json& args) {
    std::string why;
    const std::string path = inside_root(root_, args, why);
    if (path.empty()) return failure(why);
    std::vector<std::string> argv = {exe_, "fix", "--diff"};
    auto joined = [](const Json& list) {
      std::string s;
      for (const auto& v : list) {
        if (!s.empty()) s += ',';
        s += v.get<std::string>();
      }
      return s;
    };
    if (args.contains("only") && !args["only"].empty())
      argv.insert(argv.end(), {"--only", joined(args["only"])});
    if (args.contains("exclude") && !args["exclude"].empty())
      argv.insert(argv.end(), {"--exclude", joined(args["exclude"])});
    if (args.value("transfer_to_npu", false)) argv.push_back("--transfer-to-npu");
    if (args.value("unsafe_fixes", false)) argv.push_back("--unsafe-fixes");
    argv.insert(argv.end(), {"--", path});
    mcp::ToolResult r = run_text(argv);
    if (r.is_error || !args.contains("files")) return r;
    r.text = only_files(r.text, args["files"]);
    return r;
  }

  // The sections of a unified diff whose file is one of `files` (root-relative).
  static std::string only_files(const std::string& diff, const Json& files) {
    std::set<std::string> wanted;
    for (const auto& f : files) wanted.insert(f.get<std::string>());
    std::string out;
    bool keep = false;
    size_t start = 0;
    while (start < diff.size()) {
      size_t end = diff.find('\n', start);
      if (end == std::string::npos) end = diff.size();
      const std::string line = diff.substr(start, end - start);
      if (line.rfind("--- ", 0) == 0) {
        std::string file = line.substr(4);
        if (file.rfind("a/", 0) == 0) file.erase(0, 2);
        keep = wanted.count(file) > 0;
      } else if (line.rfind("diff ", 0) == 0) {
        keep = false;
      }
      if (keep) out += line + "\n";
      start = end + 1;
    }
    return out.empty() ? "no edits in the chosen files\n" : out;
  }

  fs::path root_;
  std::string exe_;
  bool no_cache_ = false;  // --no-cache: the scans write no incremental cache either
  std::string last_key_;   // the command line of the scan whose report is kept
  Json last_report_;
};

// Reads standard input line by line; a line longer than the limit is answered with an error
// and skipped to its end, never held in memory whole.
template <typename OnLine, typename OnTooLarge>
void read_lines(OnLine on_line, OnTooLarge on_too_large) {
  std::string line;
  bool dropping = false;
  char buf[65536];
  ssize_t n = 0;
  while ((n = read(STDIN_FILENO, buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR)) {
    for (ssize_t i = 0; i < n; ++i) {
      if (buf[i] == '\n') {
        if (!dropping) on_line(line);
        line.clear();
        dropping = false;
      } else if (!dropping) {
        line += buf[i];
        if (line.size() > mcp::kMaxMessageBytes) {
          on_too_large();
          line.clear();
          dropping = true;
        }
      }
    }
  }
  if (!dropping && !line.empty()) on_line(line);
}

}  // namespace

int run_mcp(const std::string& root_arg, bool no_cache) {
  std::error_code ec;
  const fs::path root =
      fs::canonical(root_arg.empty() ? fs::current_path(ec) : fs::path(root_arg), ec);
  if (ec || !fs::is_directory(root, ec)) {
    std::cerr << "ascendify: mcp: workspace root " << root_arg << " is not a folder\n";
    return 2;
  }
  Tools tools(root, no_cache);
  mcp::Server server(std::ref(tools), ASCENDIFY_VERSION);
  auto send = [](const std::string& out) {
    if (out.empty()) return;
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  };
  read_lines([&](const std::string& line) { send(server.handle_line(line)); },
             [&] { send(mcp::Server::too_large()); });
  return 0;
}

}  // namespace ascendify::cli
