#include "cli/report_plan.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>

#include "cli/output_dir.hpp"
#include "cli/short_hash.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;

bool is_file_format(const std::string& f) {
  return f == "md" || f == "html" || f == "json" || f == "sarif" || f == "csv" ||
         f == "codeclimate";
}

bool is_known_format(const std::string& f) {
  return is_file_format(f) || f == "text" || f == "github";
}

fs::path state_report_dir(const fs::path& root) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(root, ec), ec);
  if (abs.empty()) abs = root;
  fs::path base;
  if (const char* x = std::getenv("XDG_STATE_HOME"); x != nullptr && *x == '/')
    base = fs::path(x);
  else if (const char* home = std::getenv("HOME"); home != nullptr && *home == '/')
    base = fs::path(home) / ".local" / "state";
  else
    return {};
  std::string name = abs.filename().string();
  if (name.empty()) name = "root";
  return base / "ascendify" / "reports" / (name + "-" + short_hash(abs.native()));
}

std::string format_of_file(const fs::path& p) {
  if (p.extension() == ".json" && p.stem().extension() == ".codeclimate") return "codeclimate";
  std::string ext = p.extension().string();
  if (!ext.empty()) ext.erase(0, 1);
  if (ext == "markdown") ext = "md";
  if (ext == "htm") ext = "html";
  if (ext == "txt") ext = "text";
  return is_known_format(ext) ? ext : "";
}

std::optional<ReportPlan> plan_reports(const ScanArgs& args, const fs::path& root_dir,
                                       bool stdout_is_terminal, std::string& error) {
  ReportPlan plan;
  std::vector<std::string> formats;  // each once, in the order given
  for (const auto& f : args.formats)
    if (std::find(formats.begin(), formats.end(), f) == formats.end()) formats.push_back(f);
  for (const auto& f : formats)
    if (!is_known_format(f)) {
      error = "unknown format '" + f + "' (md, html, json, sarif, csv, codeclimate, text, github)";
      return std::nullopt;
    }
  std::error_code ec;
  if (args.out_dir == "-") {
    // One format on stdout: a person at a terminal reads the listing, a pipe gets JSON.
    if (!args.formats_given) formats = {stdout_is_terminal ? "text" : "json"};
    if (formats.size() != 1) {
      error = "-o - prints exactly one format; pass --format with one value";
      return std::nullopt;
    }
    plan.to_stdout = formats;
    return plan;
  }
  const fs::path out = args.out_dir;
  std::string file_format = out.empty() ? "" : format_of_file(out);
  // A Code Quality report is JSON too: `-o gl-code-quality-report.json --format codeclimate`.
  if (file_format == "json" && formats == std::vector<std::string>{"codeclimate"})
    file_format = "codeclimate";
  if (!file_format.empty() && !fs::is_directory(out, ec)) {  // -o report.json
    if (args.formats_given && (formats.size() != 1 || formats.front() != file_format)) {
      error = "-o " + args.out_dir + " writes one " + file_format + " file; --format says " +
              args.formats_joined;
      return std::nullopt;
    }
    if (file_format == "github") {
      error = "--format github prints workflow commands to stdout; use -o - or no -o";
      return std::nullopt;
    }
    plan.dir = out.has_parent_path() ? out.parent_path() : fs::path(".");
    plan.single_name = out.filename().string();
    plan.to_files = {file_format};
  } else {
    for (const auto& f : formats) (is_file_format(f) ? plan.to_files : plan.to_stdout).push_back(f);
    if (!out.empty() && plan.to_files.empty()) {
      error = "-o " + args.out_dir + " names a folder, but --format " + args.formats_joined +
              " writes no file (text and github print to stdout)";
      return std::nullopt;
    }
    if (!out.empty()) {
      plan.dir = out;
    } else if (!plan.to_files.empty()) {
      plan.dir = fs::current_path(ec) / "ascendify-report";
      if (is_inside(root_dir, plan.dir)) plan.dir = state_report_dir(root_dir);
      if (plan.dir.empty()) {
        error =
            "no folder for the reports: the current folder is inside the scanned root and "
            "neither XDG_STATE_HOME nor HOME is set; pass -o DIR outside the root";
        return std::nullopt;
      }
      plan.default_dir = true;
    }
  }
  const fs::path target = plan.single_name.empty() ? plan.dir : plan.dir / plan.single_name;
  if (!plan.to_files.empty() && is_inside(root_dir, target)) {
    error = "output " + target.string() +
            " is inside the scanned root; choose a place outside it with -o";
    return std::nullopt;
  }
  plan.terminal_summary = plan.to_stdout.empty();
  return plan;
}

std::string report_file_name(const std::string& format, const std::string& lang) {
  if (format == "md") return "ascendify-report." + lang + ".md";
  if (format == "html") return "ascendify-report.html";
  if (format == "json") return "ascendify-report.json";
  if (format == "sarif") return "ascendify-report.sarif";
  if (format == "text") return "ascendify-report.txt";
  if (format == "codeclimate") return "ascendify-report.codeclimate.json";
  return "ascendify-report.csv";
}

}  // namespace ascendify::cli
