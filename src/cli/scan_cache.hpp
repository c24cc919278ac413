#pragma once
// The incremental cache of one `ascendify scan` (src/cache/file_cache.hpp): opened with the key
// of this build, rules and options, saved on a thread of its own while assess runs.
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
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

// Writes the pack as a helper task (core/helper_pool.hpp); hand the handle to a SaveWaiter,
// which runs or waits for it when the scan ends, also by an exception (a handle dropped before
// its task started would drop the save). A note on stderr if it could not be written; the task
// never throws. With `threads` 1 (-j 1) it is written here and the handle is empty.
// Nothing is written when a `rule_files` file changed since the cache was opened.
Helper<void> save_in_background(cache::FileCache* cache, bool verbose, size_t files,
                                const std::vector<std::string>& rule_files, unsigned threads);

// Finishes a save_in_background task when it goes out of scope.
class SaveWaiter {
 public:
  explicit SaveWaiter(Helper<void> save) : save_(std::move(save)) {}
  SaveWaiter(const SaveWaiter&) = delete;
  SaveWaiter& operator=(const SaveWaiter&) = delete;
  ~SaveWaiter() {
    if (save_.valid()) save_.get();  // the task catches what it throws
  }

 private:
  Helper<void> save_;
};

}  // namespace ascendify::cli
