#pragma once
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "core/paths.hpp"

namespace ascendify::cli {

enum class OutputDir { Ready, CannotCreate, WrongSide };
// Where a report folder must lie: outside the scanned tree (`scan -o`), or inside the
// workspace (the language server's writeReport: the client names no place outside it).
enum class Side { OutsideRoot, InsideRoot };
// Creates `dir` (and its missing parents) for reports of the tree at `root`. WrongSide when it
// lies on the other side of the root, also when that shows only once it exists
// (`missing/../link-into-root/out` resolves then): the folders just made are removed again,
// nothing is left behind. For InsideRoot nothing is created when the path already leads out.
OutputDir make_output_dir(const std::filesystem::path& dir, const std::filesystem::path& root,
                          Side side = Side::OutsideRoot);

// Writes `data` to dir/name atomically (temporary file + rename). Returns an error message,
// empty on success.
std::string write_file_atomic(const std::filesystem::path& dir, const std::string& name,
                              const std::string& data);
// The same for content produced piece by piece: `produce` calls its argument with each piece.
std::string write_file_atomic(
    const std::filesystem::path& dir, const std::string& name,
    const std::function<void(const std::function<void(std::string_view)>&)>& produce);

}  // namespace ascendify::cli
