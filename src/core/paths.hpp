#pragma once
#include <filesystem>

namespace ascendify {

// True when `candidate` (which may not exist yet) lies inside `root` or is `root`, both taken
// with their symbolic links resolved as far as they exist (weakly_canonical).
bool is_inside(const std::filesystem::path& root, const std::filesystem::path& candidate);

}  // namespace ascendify
