#pragma once
// Where each report of a scan goes (README "Use"): the terminal formats (text, github) to
// stdout; the file formats (md, html, json, sarif, csv, codeclimate) into a folder outside the
// scanned root
// (-o DIR, else ./ascendify-report when the current folder is outside the root, else a folder
// under the user's state directory); `-o -` prints one format; `-o FILE.ext` writes one file.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace ascendify::cli {

struct ReportPlan {
  std::vector<std::string> to_stdout;  // formats printed, in order
  std::vector<std::string> to_files;   // formats written into `dir`
  std::filesystem::path dir;
  std::string single_name;   // -o FILE.ext: the one file's name in `dir` ("" = per format)
  bool default_dir = false;  // `dir` was chosen for the user (say so)
  // Print the concise findings listing and the summary (a folder of reports is written and
  // stdout carries no report of its own).
  bool terminal_summary = false;
};

bool is_file_format(const std::string& f);
bool is_known_format(const std::string& f);
// The format a file name asks for: "report.json" -> "json", "gl.codeclimate.json" ->
// "codeclimate"; "" when its extension names no format.
std::string format_of_file(const std::filesystem::path& p);
// The file a report of file format `format` is written to in a report folder
// ("ascendify-report.zh.md", "ascendify-report.json", ...).
std::string report_file_name(const std::string& format, const std::string& lang);

// The folder used when -o is not given and the current folder lies inside the scanned root:
// $XDG_STATE_HOME/ascendify/reports/NAME-HASH (HASH: of the absolute root, so two checkouts
// named alike do not share one), else ~/.local/state/...; empty when neither is known.
std::filesystem::path state_report_dir(const std::filesystem::path& root);

// `root_dir` is the folder scanned (the file's folder for a single-file scan). On error
// returns nullopt with a one-line message in `error`.
std::optional<ReportPlan> plan_reports(const ScanArgs& args, const std::filesystem::path& root_dir,
                                       bool stdout_is_terminal, std::string& error);

}  // namespace ascendify::cli
