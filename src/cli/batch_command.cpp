// `scan --batch LIST -o DIR`: every repository of the list scanned by a child ascendify (one
// process each: a repository that crashes the scan or exhausts memory costs its own line of
// the index, not the batch), its reports in DIR/NAME/, and DIR/index.jsonl with one line per
// entry, rewritten after each so that an interrupted batch leaves a valid index.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "cli/batch_list.hpp"
#include "cli/child_process.hpp"
#include "cli/commands.hpp"
#include "cli/output_dir.hpp"
#include "cli/report_plan.hpp"
#include "core/read_file.hpp"
#include "render/escape.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;

namespace {

// The child's command line: the batch's own scan options, for one repository.
std::vector<std::string> child_argv(const std::string& exe, const ScanArgs& a,
                                    const std::string& repo, const fs::path& out,
                                    const std::string& formats) {
  std::vector<std::string> v = {exe, "scan", "--", repo};
  auto opt = [&](const char* name, const std::string& value) {
    if (!value.empty()) v.insert(v.end() - 2, {name, value});
  };
  opt("-o", out.string());
  opt("--format", formats);
  opt("--color", "never");
  if (a.lang_given) opt("--lang", a.lang);
  for (const auto& p : a.phases) opt("--phase", p);
  opt("--target", a.target);
  opt("--hardware", a.hardware);
  for (const auto& r : a.rule_files) opt("--rules", fs::absolute(r).string());
  for (const auto& e : a.excludes) opt("--exclude", e);
  opt("--fail-on", a.fail_on);
  if (a.threads) opt("-j", std::to_string(a.threads));
  opt("--max-file-size", std::to_string(a.max_file_size));
  if (a.all_sites) v.insert(v.end() - 2, "--all-sites");
  // A batch scans each repository once: a cache would only fill the disk (a pack of tens of
  // MB per large repository), unless the fleet is scanned again with the same --cache-dir.
  if (a.cache_dir.empty() || a.no_cache)
    v.insert(v.end() - 2, "--no-cache");
  else
    opt("--cache-dir", fs::absolute(a.cache_dir).string());
  return v;
}

using Json = nlohmann::ordered_json;

// The index line of a repository whose scan finished: read back from its JSON report.
void describe_report(const fs::path& report, Json& line) {
  std::string error;
  auto text = read_file(report.string(), error);
  if (!text) {
    line["status"] = "error";
    line["error"] = "the scan wrote no JSON report: " + error;
    return;
  }
  Json j = Json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.contains("summary")) {
    line["status"] = "error";
    line["error"] = "the scan's JSON report cannot be read";
    return;
  }
  const Json& s = j["summary"];
  const int diagnostics = s.value("diagnostics", 0);
  line["status"] = diagnostics > 0 ? "partial" : "ok";
  line["project"] = j.value("project", "");
  line["feasibility"] = s.value("feasibility", "");
  line["effort_weeks"] = s.value("effort_weeks", Json::object());
  line["stops_run"] = s.contains("site_classes") ? s["site_classes"].value("stops-run", 0) : 0;
  line["findings"] = s.value("total_findings", 0);
  line["diagnostics"] = diagnostics;
}

}  // namespace

int run_batch(const ScanArgs& args) {
  if (!args.path.empty()) {
    std::cerr << "ascendify: scan takes a PATH or --batch LIST, not both\n";
    return 2;
  }
  if (args.out_dir.empty() || args.out_dir == "-") {
    std::cerr << "ascendify: scan --batch needs -o DIR (a report folder per repository and "
                 "index.jsonl go there)\n";
    return 2;
  }
  if (!format_of_file(args.out_dir).empty()) {
    std::cerr << "ascendify: scan --batch writes a folder (a report folder per repository and "
                 "index.jsonl); -o "
              << args.out_dir << " names a file\n";
    return 2;
  }
  if (!args.baseline.empty()) {
    std::cerr << "ascendify: --baseline compares one repository with its earlier report; it "
                 "does not apply to --batch\n";
    return 2;
  }
  std::vector<std::string> formats = args.formats_given ? args.formats : std::vector<std::string>{};
  for (const auto& f : formats)
    if (!is_file_format(f)) {
      std::cerr << "ascendify: --batch writes report files; format '" << f
                << "' is not one (md, html, json, sarif, csv, codeclimate)\n";
      return 2;
    }
  if (std::find(formats.begin(), formats.end(), "json") == formats.end())
    formats.insert(formats.begin(), "json");  // the index and portfolio read it
  std::string joined;
  for (const auto& f : formats) joined += (joined.empty() ? "" : ",") + f;

  std::string error;
  const std::optional<Shard> shard = parse_shard(args.shard, error);
  if (!shard) {
    std::cerr << "ascendify: --shard " << error << "\n";
    return 2;
  }
  std::optional<std::vector<std::string>> list = read_batch_list(args.batch, error);
  if (!list) {
    std::cerr << "ascendify: --batch " << error << "\n";
    return 2;
  }
  std::vector<std::string> entries;
  for (size_t i = 0; i < list->size(); ++i)
    if (i % shard->count == shard->index) entries.push_back((*list)[i]);
  if (list->empty()) {
    std::cerr << "ascendify: --batch " << args.batch << " lists no repository\n";
    return 2;
  }
  const fs::path dir = args.out_dir;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir, ec)) {
    std::cerr << "ascendify: cannot create output directory " << dir.string() << "\n";
    return 2;
  }

  if (entries.empty()) {  // more shards than repositories: an empty index, not a failure
    const std::string err = write_file_atomic(dir, "index.jsonl", std::string());
    if (!err.empty()) {
      std::cerr << "ascendify: " << err << "\n";
      return 2;
    }
    std::cout << "Batch: no repository in shard " << args.shard << "; empty index "
              << (dir / "index.jsonl").string() << "\n";
    return 0;
  }
  const std::string exe = self_executable();
  std::string index;
  size_t scanned = 0, failed = 0, partial = 0, reached = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string& repo = entries[i];
    const std::string name = batch_entry_name(repo);
    Json line;
    line["repo"] = repo;
    line["name"] = name;
    line["report"] = name + "/ascendify-report.json";
    const auto start = std::chrono::steady_clock::now();
    std::string spawn_error;
    auto child = run_child(child_argv(exe, args, repo, dir / name, joined), false, spawn_error);
    if (!child) {
      line["status"] = "error";
      line["error"] = spawn_error;
    } else if (child->signal != 0 ||
               (child->exit_code != 0 && child->exit_code != 1 && child->exit_code != 3)) {
      line["status"] = "error";
      line["error"] = reason_of(*child);
    } else {
      describe_report(dir / name / "ascendify-report.json", line);
      line["fail_on_reached"] = child->exit_code == 1;
      if (child->exit_code == 1) ++reached;
    }
    if (line["status"] == "error") {
      line["report"] = nullptr;
      ++failed;
    } else {
      ++scanned;
      if (line["status"] == "partial") ++partial;
    }
    line["seconds"] =
        std::round(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() *
                   10) /
        10;
    index += line.dump() + "\n";
    const std::string err = write_file_atomic(dir, "index.jsonl", index);
    if (!err.empty()) {
      std::cerr << "ascendify: " << err << "\n";
      return 2;
    }
    std::cerr << "[" << i + 1 << "/" << entries.size() << "] " << render::terminal_safe(repo)
              << ": ";
    if (line["status"] == "error") {
      std::cerr << "not scanned: " << line["error"].get<std::string>() << "\n";
    } else {
      const Json& w = line["effort_weeks"];
      char weeks[64];
      std::snprintf(weeks, sizeof weeks, "%.1f–%.1f weeks", w.value("low", 0.0),
                    w.value("high", 0.0));
      std::cerr << line["feasibility"].get<std::string>() << ", " << weeks << ", "
                << line["stops_run"].get<int>() << " stop the run"
                << (line["status"] == "partial" ? " (partial: some files not read)" : "") << "\n";
    }
  }
  std::cout << "Batch: " << scanned << " scanned (" << partial << " partial), " << failed
            << " not scanned; index " << (dir / "index.jsonl").string() << "\n";
  if (scanned == 0) return 2;
  if (args.exit_zero) return 0;
  if (reached > 0) return 1;
  if (args.strict && (failed > 0 || partial > 0)) return 3;
  return 0;
}

}  // namespace ascendify::cli
