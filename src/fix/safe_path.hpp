#pragma once
// Symlink-safe access below a root: every component of the relative path is checked with
// lstat, so neither a read nor a write can go through a symlink or leave the root.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace ascendify::fix::detail {

// root/rel when rel is a plain relative path ('/'-separated, no "..", no empty or "."
// components) whose every component below the root exists, is no symlink, and whose last
// component is a regular file; else nullopt and `why` says why.
std::optional<std::filesystem::path> safe_file(const std::filesystem::path& root,
                                               std::string_view rel, std::string* why);

// Reads the whole file at `path` (binary); nullopt on error.
std::optional<std::string> read_all(const std::filesystem::path& path);

}  // namespace ascendify::fix::detail
