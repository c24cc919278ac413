#include "cli/scan_cache.hpp"

#include <iostream>

#include "cache/facts_codec.hpp"
#include "core/helper_pool.hpp"
#include "core/read_file.hpp"
#include "core/snapshot_io.hpp"
#include "core/timings.hpp"
#include "render/escape.hpp"

namespace ascendify::cli {

namespace fs = std::filesystem;

namespace {

std::string read_all(const std::string& path) {
  std::string error;
  return read_file(path, error).value_or(std::string());
}

// What decides a file's cached result besides its content: the build (the front ends, the
// embedded rules: this executable, known by its file's identity — a rebuild or an upgrade
// writes a new file; hashing its megabytes would cost more than a small scan), the extra rule
// files, the hardware profile the rules are read for, the encodings.
// The --rules files as the key sees them: names and contents.
uint64_t rule_files_hash(const std::vector<std::string>& files) {
  snapshot::Writer w;
  for (const std::string& file : files) {
    w.str(file);
    w.u64(snapshot::hash_bytes(read_all(file)));
  }
  return snapshot::hash_bytes(w.bytes());
}

// nullopt when the executable cannot be known (no /proc): then no cache.
std::optional<uint64_t> scan_key(const ScanArgs& args, const std::string& hardware) {
  // The link's target, then its stat: qemu-user answers readlink of /proc/self/exe with the
  // emulated binary (a stat of the link itself would describe qemu).
  std::error_code ec;
  const fs::path target = fs::read_symlink("/proc/self/exe", ec);
  const auto exe = ec ? std::nullopt : cache::stat_file(target.string());
  if (!exe) return std::nullopt;
  snapshot::Writer w;
  w.u64(exe->inode);
  w.u64(exe->size);
  w.i64(exe->mtime_ns);
  w.i64(exe->ctime_ns);
  w.str(ASCENDIFY_VERSION);
  w.u32(cache::kFactsCodecVersion);
  w.str(hardware);
  w.u64(rule_files_hash(args.rule_files));
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
  const std::optional<uint64_t> key = scan_key(args, hardware);
  if (!key) {
    if (args.verbose) std::cerr << "ascendify: no cache: /proc/self/exe cannot be read\n";
    return nullptr;
  }
  std::string note;
  StageTimer t_open("cache: open");
  auto cache = cache::FileCache::open(dir, root, *key, note);
  if (cache) cache->set_inputs(rule_files_hash(args.rule_files));
  // A default folder that cannot be used (a read-only HOME) is no news unless asked for.
  if (!note.empty() && (cache || !args.cache_dir.empty() || args.verbose))
    std::cerr << "ascendify: " << render::terminal_safe(note) << "\n";
  return cache;
}

Helper<void> save_in_background(cache::FileCache* cache, bool verbose, size_t files,
                                const std::vector<std::string>& rule_files, unsigned threads) {
  if (!cache) return {};
  // The rule loader read the --rules files after the key did: if they changed meanwhile, this
  // scan's results may come from rules other than the key's, so they are not kept.
  if (rule_files_hash(rule_files) != cache->inputs()) {
    std::cerr << "ascendify: a --rules file changed during the scan; the cache is not saved\n";
    return {};
  }
  if (verbose)
    std::cerr << "ascendify: cache: " << cache->reused() << " of " << files
              << " file(s) from the cache, " << cache->analysed() << " analysed\n";
  // Never throws: the scan's report does not depend on its cache.
  auto save = [cache]() noexcept {
    try {
      StageTimer t_save("cache: save (beside)");
      if (const std::string error = cache->save(); !error.empty())
        std::cerr << "ascendify: " << render::terminal_safe(error) << "\n";
    } catch (const std::exception& e) {
      std::cerr << "ascendify: the cache could not be saved: " << e.what() << "\n";
    }
  };
  if (helpers_run_inline(threads)) {  // -j 1: nothing runs beside the scan
    save();
    return {};
  }
  // On a thread of the helper pool, not a new one: a new thread starts a new allocator heap,
  // and the save's buffers then took fresh memory while the project passes peak (filling the
  // cache of the speed corpus: 75.9 -> 67.8 MB peak RSS).
  return start_helper(threads, save);
}

}  // namespace ascendify::cli
