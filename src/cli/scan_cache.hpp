#pragma once
// The incremental cache of one `ascendify scan` (src/cache/file_cache.hpp): opened with the key
// of this build, rules and options, saved on a thread of its own while assess runs.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cache/file_cache.hpp"
#include "cli/commands.hpp"
#include "core/helper_pool.hpp"

namespace ascendify::cli {

// The cache for a scan of `root` with `args` on hardware profile `hardware`; nullptr with
// --no-cache or when no cache folder can be used (a one-line note on stderr when the folder
// was given, or with --verbose).
std::unique_ptr<cache::FileCache> open_scan_cache(const ScanArgs& args,
                                                  const std::filesystem::path& root,
                                                  const std::string& hardware);

// Writes the pack as a helper task (core/helper_pool.hpp) whose get() must be called before the
// process ends: a handle dropped before its task started drops the save (a note on stderr if it
// could not be written). With `threads` 1 (-j 1) it is written here and the handle is empty.
// Nothing is written when a `rule_files` file changed since the cache was opened.
Helper<void> save_in_background(cache::FileCache* cache, bool verbose, size_t files,
                                const std::vector<std::string>& rule_files, unsigned threads);

}  // namespace ascendify::cli
