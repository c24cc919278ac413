#include "cli/scan_cache.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "cache/facts_codec.hpp"
#include "core/snapshot_io.hpp"
#include "core/timings.hpp"
#include "render/escape.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;

namespace {

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return std::move(text).str();
}

// What decides a file's cached result besides its content: the build (the front ends, the
// embedded rules: the bytes of this executable), the extra rule files, the hardware profile
// the rules are read for, the encodings.
uint64_t scan_key(const ScanArgs& args, const std::string& hardware) {
  static const uint64_t build = snapshot::hash_bytes(read_all("/proc/self/exe"));
  snapshot::Writer w;
  w.u64(build);
  w.u32(cache::kFactsCodecVersion);
  w.str(hardware);
  for (const std::string& file : args.rule_files) {
    w.str(file);
    w.u64(snapshot::hash_bytes(read_all(file)));
  }
  return snapshot::hash_bytes(w.bytes());
}

}  // namespace

std::unique_ptr<cache::FileCache> open_scan_cache(const ScanArgs& args, const fs::path& root,
                                                  const std::string& hardware) {
  if (args.no_cache) return nullptr;
  const fs::path dir = args.cache_dir.empty() ? cache::default_dir() : fs::path(args.cache_dir);
  if (dir.empty()) {
    if (args.verbose) std::cerr << "ascendify: no cache: neither XDG_CACHE_HOME nor HOME is set\n";
    return nullptr;
  }
  std::string note;
  StageTimer t_open("cache: open");
  auto cache = cache::FileCache::open(dir, root, scan_key(args, hardware), note);
  // A default folder that cannot be used (a read-only HOME) is no news unless asked for.
  if (!note.empty() && (cache || !args.cache_dir.empty() || args.verbose))
    std::cerr << "ascendify: " << render::terminal_safe(note) << "\n";
  return cache;
}

std::jthread save_in_background(cache::FileCache* cache, bool verbose, size_t files) {
  if (!cache) return {};
  if (verbose)
    std::cerr << "ascendify: cache: " << cache->reused() << " of " << files
              << " file(s) from the cache, " << cache->analysed() << " analysed\n";
  return std::jthread([cache] {
    StageTimer t_save("cache: save (beside)");
    if (const std::string error = cache->save(); !error.empty())
      std::cerr << "ascendify: " << render::terminal_safe(error) << "\n";
  });
}

}  // namespace ascendify::cli
