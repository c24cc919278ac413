#include "cli/scan_target.hpp"

#include <iostream>

namespace ascendify::cli {

namespace fs = std::filesystem;

std::optional<ScanTarget> scan_target(const std::string& path, std::string& error) {
  std::error_code ec;
  const fs::path p(path);
  const fs::file_status st = fs::status(p, ec);
  if (ec || !fs::exists(st)) {
    error = path + ": no such file or directory";
    return std::nullopt;
  }
  if (fs::is_directory(st)) return ScanTarget{p, ""};
  if (!fs::is_regular_file(st)) {
    error = path + ": not a folder or a regular file";
    return std::nullopt;
  }
  const fs::path parent = p.has_parent_path() ? p.parent_path() : fs::path(".");
  return ScanTarget{parent, p.filename().string()};
}

std::optional<ScanTarget> scan_target_or_say(const std::string& path) {
  std::string error;
  std::optional<ScanTarget> target = scan_target(path, error);
  if (!target) std::cerr << "ascendify: " << error << "\n";
  return target;
}

}  // namespace ascendify::cli
