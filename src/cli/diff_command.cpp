#include <iostream>
#include <nlohmann/json.hpp>

#include "assess/baseline.hpp"
#include "cli/commands.hpp"
#include "core/read_file.hpp"

namespace ascendify::cli {

namespace {

bool load_report(const std::string& path, nlohmann::json& out) {
  std::string error;
  auto text = read_file(path, error);
  if (!text) {
    std::cerr << "ascendify: " << path << ": " << error << "\n";
    return false;
  }
  out = nlohmann::json::parse(*text, nullptr, false);
  if (out.is_discarded() || !out.is_object() || !out.contains("findings")) {
    std::cerr << "ascendify: " << path << ": not an ascendify JSON report\n";
    return false;
  }
  return true;
}

}  // namespace

int run_diff(const std::string& old_path, const std::string& new_path, const std::string& format) {
  nlohmann::json old_report, new_report;
  if (!load_report(old_path, old_report) || !load_report(new_path, new_report)) return 2;
  assess::ReportDiff d = assess::diff_reports(old_report, new_report);
  if (format == "json") {
    std::cout << assess::diff_to_json(d).dump(2) << "\n";
    return 0;
  }
  std::cout << "Port progress: " << old_path << " -> " << new_path << "\n\n"
            << "| domain | fixed | new | remaining |\n|---|---:|---:|---:|\n";
  for (const auto& dd : d.per_domain)
    std::cout << "| " << dd.domain << " | " << dd.fixed << " | " << dd.added << " | "
              << dd.remaining << " |\n";
  std::cout << "| **total** | " << d.fixed.size() << " | " << d.added.size() << " | "
            << d.remaining.size() << " |\n";
  if (!d.added.empty()) {
    std::cout << "\nNew findings:\n";
    for (const auto& f : d.added)
      std::cout << "- " << f.value("path", "?") << ":" << f.value("line", 0) << " "
                << f.value("rule", "?") << "\n";
  }
  return 0;
}

}  // namespace ascendify::cli
