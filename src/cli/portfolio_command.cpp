// `ascendify portfolio REPORTS...`: the fleet summary of many JSON reports (or of the
// index.jsonl of `scan --batch`, whose failed entries are listed as not scanned).
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>

#include "cli/commands.hpp"
#include "cli/output_dir.hpp"
#include "cli/report_plan.hpp"
#include "core/read_file.hpp"
#include "portfolio/fleet.hpp"
#include "render/escape.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;

namespace {

struct Inputs {
  std::vector<portfolio::RepoReport> reports;
  std::vector<portfolio::NotScanned> not_scanned;
  std::vector<std::string> errors;  // one line each: the run stops
};

void add_report(const fs::path& path, Inputs& in) {
  std::string error;
  auto text = read_file(path.string(), error);
  if (!text) {
    in.errors.push_back(path.string() + ": " + error);
    return;
  }
  auto report = portfolio::load_report(*text, error);
  if (!report) {
    in.errors.push_back(path.string() + ": " + error);
    return;
  }
  in.reports.push_back(std::move(*report));
}

void add_index(const fs::path& index, Inputs& in) {
  std::string error;
  auto text = read_file(index.string(), error);
  if (!text) {
    in.errors.push_back(index.string() + ": " + error);
    return;
  }
  size_t line_no = 0, start = 0;
  while (start < text->size()) {
    size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    const std::string line = text->substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("repo")) {
      in.errors.push_back(index.string() + ":" + std::to_string(line_no) +
                          ": not a line of a scan --batch index");
      continue;
    }
    const std::string repo = j.value("repo", "");
    if (j.value("status", "") == "error" || !j["report"].is_string()) {
      in.not_scanned.push_back({repo, j.value("error", "not scanned")});
      continue;
    }
    const fs::path report = index.parent_path() / j["report"].get<std::string>();
    std::error_code ec;
    if (!fs::is_regular_file(report, ec)) {
      in.not_scanned.push_back({repo, "its report " + report.string() + " is missing"});
      continue;
    }
    add_report(report, in);
  }
}

}  // namespace

int run_portfolio(const PortfolioArgs& args) {
  Inputs in;
  for (const auto& given : args.inputs) {
    const fs::path p = given;
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      if (fs::is_regular_file(p / "index.jsonl", ec))
        add_index(p / "index.jsonl", in);
      else
        in.errors.push_back(given + ": a folder without index.jsonl; pass its JSON reports");
    } else if (p.extension() == ".jsonl") {
      add_index(p, in);
    } else {
      add_report(p, in);
    }
  }
  for (const auto& e : in.errors) std::cerr << "ascendify: " << render::terminal_safe(e) << "\n";
  if (!in.errors.empty()) {
    std::cerr << "ascendify: portfolio: " << in.errors.size()
              << " input(s) could not be used; nothing written\n";
    return 2;
  }
  // The same repository given twice (a report and the index listing it): counted once.
  std::set<std::pair<std::string, std::string>> seen;
  std::vector<portfolio::RepoReport> reports;
  for (auto& r : in.reports) {
    if (!seen.insert({r.project, r.root}).second) {
      std::cerr << "ascendify: portfolio: " << render::terminal_safe(r.root)
                << " given twice; counted once\n";
      continue;
    }
    reports.push_back(std::move(r));
  }
  if (reports.empty() && in.not_scanned.empty()) {
    std::cerr << "ascendify: portfolio: no reports\n";
    return 2;
  }
  const portfolio::Fleet fleet =
      portfolio::summarise(std::move(reports), std::move(in.not_scanned));

  std::vector<Diagnostic> diags;
  const rules::RuleSet rules = rules::load_rules({}, diags);
  const portfolio::ReplacementOf replacement_of = [&](const std::string& id,
                                                      const std::string& lang) {
    const Rule* r = rules.find(id);
    if (r == nullptr) return std::string();
    return lang == "zh" && !r->replacement_zh.empty() ? r->replacement_zh : r->replacement;
  };
  auto render = [&](const std::string& format) {
    if (format == "json") return portfolio::render_json(fleet);
    if (format == "html") return portfolio::render_html(fleet, args.lang, replacement_of);
    return portfolio::render_markdown(fleet, args.lang, replacement_of);
  };

  if (args.out == "-") {
    std::cout << render(args.format);
    return 0;
  }
  const fs::path out = args.out;
  std::vector<std::pair<std::string, std::string>> files;  // name, format
  fs::path dir = out;
  if (std::string f = format_of_file(out); f == "md" || f == "html" || f == "json") {
    if (args.format_given && f != args.format) {
      std::cerr << "ascendify: -o " << args.out << " is a ." << f << " file but --format is "
                << args.format << "\n";
      return 2;
    }
    dir = out.has_parent_path() ? out.parent_path() : fs::path(".");
    files.push_back({out.filename().string(), f});
  } else if (args.format_given) {
    files.push_back(
        {"portfolio." + (args.format == "md" ? args.lang + ".md" : args.format), args.format});
  } else {
    files = {{"portfolio." + args.lang + ".md", "md"},
             {"portfolio.html", "html"},
             {"portfolio.json", "json"}};
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const auto& [name, format] : files) {
    const std::string err = write_file_atomic(dir, name, render(format));
    if (!err.empty()) {
      std::cerr << "ascendify: " << err << "\n";
      return 2;
    }
    std::cout << "Portfolio: " << (dir / name).string() << "\n";
  }
  return 0;
}

}  // namespace ascendify::cli
