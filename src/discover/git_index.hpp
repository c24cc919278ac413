#pragma once
// The paths a git repository tracks, read from its index file. git never ignores a tracked
// file: a committed `opensora/datasets/` stays part of the project even when a .gitignore line
// `datasets` matches it, so the walk must not drop it either.
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify::discover {

struct TrackedPaths {
  std::vector<std::string> paths;  // sorted, '/'-separated, relative to the work tree root
  bool has_file(std::string_view rel) const;
  // Some tracked path lies inside directory `rel` (a directory git would descend into).
  bool has_under(std::string_view rel) const;
};

// Parses the bytes of an index file: versions 2, 3 (extended flags) and 4 (prefix-compressed
// paths), object names of `hash_size` bytes (20: SHA-1, 32: SHA-256). Sparse-index directory
// entries count as tracked directories. False (and `why`) for a malformed file; every length
// is checked against the buffer.
bool parse_git_index(std::string_view bytes, size_t hash_size, TrackedPaths& out, std::string* why);

// The git directory of the work tree `dir`: `dir/.git` when it is a directory, or the target of
// a `.git` file ("gitdir: PATH", as in submodules and worktrees). Empty when there is none.
std::filesystem::path git_dir_of(const std::filesystem::path& dir);

// 32 when the repository's config sets extensions.objectformat = sha256, else 20.
size_t git_hash_size(const std::filesystem::path& git_dir);

// The paths tracked by the work tree `work_tree` (its git directory found by git_dir_of).
// True with no paths when it has no index; false (and `why`) for an index that cannot be read.
bool load_tracked_paths(const std::filesystem::path& work_tree, TrackedPaths& out,
                        std::string* why);

}  // namespace ascendify::discover
