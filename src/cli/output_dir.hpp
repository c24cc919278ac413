#pragma once
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace ascendify::cli {

// True when `candidate` (which may not exist yet) lies inside `root` or is `root`.
bool is_inside(const std::filesystem::path& root, const std::filesystem::path& candidate);

enum class OutputDir { Ready, CannotCreate, InsideRoot };
// Creates `dir` (and its missing parents) for reports of the tree at `root`. InsideRoot when
// it turns out to lie inside the root once it exists (`missing/../link-into-root/out` resolves
// only then): the folders just made are removed again, nothing is left behind.
OutputDir make_output_dir(const std::filesystem::path& dir, const std::filesystem::path& root);

// Writes `data` to dir/name atomically (temporary file + rename). Returns an error message,
// empty on success.
std::string write_file_atomic(const std::filesystem::path& dir, const std::string& name,
                              const std::string& data);
// The same for content produced piece by piece: `produce` calls its argument with each piece.
std::string write_file_atomic(
    const std::filesystem::path& dir, const std::string& name,
    const std::function<void(const std::function<void(std::string_view)>&)>& produce);

}  // namespace ascendify::cli
