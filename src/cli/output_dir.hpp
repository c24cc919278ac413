#pragma once
#include <filesystem>
#include <string>

namespace ascendify::cli {

// True when `candidate` (which may not exist yet) lies inside `root` or is `root`.
bool is_inside(const std::filesystem::path& root, const std::filesystem::path& candidate);

// Writes `data` to dir/name atomically (temporary file + rename). Returns an error message,
// empty on success.
std::string write_file_atomic(const std::filesystem::path& dir, const std::string& name,
                              const std::string& data);

}  // namespace ascendify::cli
