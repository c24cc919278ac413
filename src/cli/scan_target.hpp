#pragma once
// What `scan` and `fix` read: a repository root, or one file (its folder is the root and
// discovery lists that file only).
#include <filesystem>
#include <optional>
#include <string>

namespace ascendify::cli {

struct ScanTarget {
  std::filesystem::path root;  // the folder scanned
  std::string only_file;       // a single-file scan: the file's name in `root`
};

// nullopt with a one-line message in `error` when `path` is neither a folder nor a file.
std::optional<ScanTarget> scan_target(const std::string& path, std::string& error);
// The same, the message said on stderr ("ascendify: ...").
std::optional<ScanTarget> scan_target_or_say(const std::string& path);

}  // namespace ascendify::cli
