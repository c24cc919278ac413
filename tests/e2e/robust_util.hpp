#pragma once
// Helpers for the robustness / security end-to-end tests: temporary trees, running the built
// CLI (ASCENDIFY_BINARY) as a child process, reading its JSON report.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace robust {

namespace fs = std::filesystem;

// A fresh directory under the system temp dir, removed (recursively) on destruction.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "ascendify-robust-XXXXXX").string();
    char* p = ::mkdtemp(tmpl.data());
    if (p) path_ = p;
  }
  ~TempDir() {
    std::error_code ec;
    // Restore permissions a test may have removed, then delete.
    for (auto it = fs::recursive_directory_iterator(path_, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (!it->is_symlink(ec) && it->is_directory(ec))
        fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }
  fs::path operator/(const std::string& rel) const { return path_ / rel; }

 private:
  fs::path path_;
};

inline void write_file(const fs::path& p, const std::string& bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Single-quotes a string for /bin/sh.
inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

struct RunResult {
  int exit_code = -1;  // -1: did not exit normally (signal)
  std::string out;
  std::string err;
};

// Runs `ascendify ARGS...` with stdout/stderr captured; optional working directory and
// environment settings ("HOME=/tmp/x", ...).
inline RunResult run_cli(const std::vector<std::string>& args, const fs::path& cwd = {},
                         const std::vector<std::string>& env = {}) {
  static int counter = 0;
  fs::path cap = fs::temp_directory_path() / ("ascendify-robust-cap-" + std::to_string(::getpid()) +
                                              "-" + std::to_string(counter++));
  std::string cmd;
  if (!cwd.empty()) cmd += "cd " + shell_quote(cwd.string()) + " && ";
  if (!env.empty()) {
    cmd += "env";
    for (const auto& e : env) {
      cmd += ' ';
      cmd += shell_quote(e);
    }
    cmd += ' ';
  }
  cmd += shell_quote(ASCENDIFY_BINARY);
  for (const auto& a : args) {
    cmd += ' ';
    cmd += shell_quote(a);
  }
  cmd += " >" + shell_quote(cap.string() + ".out") + " 2>" + shell_quote(cap.string() + ".err") +
         " </dev/null";
  int status = std::system(cmd.c_str());
  RunResult r;
  if (status != -1 && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.out = read_file(cap.string() + ".out");
  r.err = read_file(cap.string() + ".err");
  std::error_code ec;
  fs::remove(cap.string() + ".out", ec);
  fs::remove(cap.string() + ".err", ec);
  return r;
}

// `ascendify scan ROOT --format FORMATS -o OUT [extra...]`.
inline RunResult scan(const fs::path& root, const fs::path& out,
                      const std::vector<std::string>& extra = {},
                      const std::string& formats = "json") {
  std::vector<std::string> args = {"scan", root.string(), "--format", formats, "-o", out.string()};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

// The findings of a report other than the entry points' start-up lines (device.npu-startup,
// one per entry file): what a file itself holds.
inline size_t own_findings(const nlohmann::json& rep) {
  size_t n = 0;
  for (const auto& f : rep["findings"]) n += f.value("rule", "") != "device.npu-startup";
  return n;
}

// Parses OUT/ascendify-report.json; a discarded value when missing or invalid.
inline nlohmann::json report(const fs::path& out) {
  return nlohmann::json::parse(read_file(out / "ascendify-report.json"), nullptr, false);
}

// `scan ROOT -o OUT` (JSON) that must succeed: its report, or a discarded value after a
// failed expectation.
inline nlohmann::json scan_report(const fs::path& root, const fs::path& out,
                                  const std::vector<std::string>& extra = {}) {
  const RunResult r = scan(root, out, extra);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  nlohmann::json rep = report(out);
  EXPECT_FALSE(rep.is_discarded()) << "no JSON report in " << out;
  return rep;
}

// Diagnostics of the report whose path is `path`.
inline std::vector<nlohmann::json> diagnostics_for(const nlohmann::json& rep,
                                                   const std::string& path) {
  std::vector<nlohmann::json> out;
  if (!rep.is_object() || !rep.contains("diagnostics")) return out;
  for (const auto& d : rep["diagnostics"])
    if (d.value("path", "") == path) out.push_back(d);
  return out;
}

// Findings of `rule` in file `path` (lines).
inline std::vector<int> finding_lines(const nlohmann::json& rep, const std::string& path,
                                      const std::string& rule) {
  std::vector<int> out;
  if (!rep.is_object() || !rep.contains("findings")) return out;
  for (const auto& f : rep["findings"])
    if (f.value("path", "") == path && f.value("rule", "") == rule)
      out.push_back(f.value("line", 0));
  return out;
}

// The canonical "known good" file: one finding of device.cuda-empty-cache on line 2.
inline constexpr const char* kGoodPy = "import torch\ntorch.cuda.empty_cache()\n";
inline constexpr const char* kEmptyCacheRule = "device.cuda-empty-cache";

inline int count_lines(const std::string& s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

// stderr without the lines about the rule files themselves ("ascendify: rules/x.yaml:3: ..."),
// which any command prints when the knowledge base has a problem.
inline std::string without_rule_diagnostics(const std::string& err) {
  std::string out;
  std::istringstream in(err);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("ascendify: rules/", 0) != 0) out += line + "\n";
  return out;
}

}  // namespace robust
