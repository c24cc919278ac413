#include "cache/file_cache.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "cache/pack_stream.hpp"
#include "core/paths.hpp"
#include "core/siphash.hpp"
#include "core/snapshot_io.hpp"

namespace ascendify::cache {

namespace fs = std::filesystem;

namespace {

// A file's state is trusted alone only when its timestamps are this much older than the scan
// that recorded it: a write within the clock's granularity of the read would keep the mtime.
constexpr int64_t kRacyNs = 2'000'000'000;

int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int64_t ns_of(const timespec& t) {
  return static_cast<int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

std::string hex16(uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// "" when no component of the absolute path `dir` is a symbolic link another user owns (one
// planted in /tmp could lead the cache's writes, and its pruning, into a folder of the victim),
// else why not.
std::string no_foreign_links(const fs::path& dir) {
  fs::path prefix;
  for (const fs::path& part : dir) {
    prefix /= part;
    struct stat st;
    if (::lstat(prefix.c_str(), &st) != 0) break;  // the rest does not exist yet
    if (S_ISLNK(st.st_mode) && st.st_uid != ::geteuid() && st.st_uid != 0)
      return prefix.string() + " is a symbolic link of another user";
  }
  return {};
}

// "" when `dir` is a folder only this user can write, else why not.
std::string private_folder(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) {
    fs::create_directories(dir, ec);
    if (ec) return "cannot create " + dir.string() + ": " + ec.message();
    fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
  }
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return dir.string() + " is not a folder";
  if (st.st_uid != ::geteuid()) return dir.string() + " belongs to another user";
  if (st.st_mode & (S_IWGRP | S_IWOTH)) return dir.string() + " is writable by others";
  return {};
}

// The folder's secret key of the content hash (cache/siphash): 16 random bytes in `secret`,
// made once, readable by this user only. nullopt (and `why`) when it cannot be made or read,
// or is not private.
std::optional<SipKey> folder_secret(const fs::path& dir, std::string& why) {
  const fs::path path = dir / "secret";
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd >= 0) {
    unsigned char bytes[16];
    const bool ok = ::getentropy(bytes, sizeof bytes) == 0 &&
                    ::write(fd, bytes, sizeof bytes) == static_cast<ssize_t>(sizeof bytes);
    ::close(fd);
    if (!ok) {
      ::unlink(path.c_str());
      why = "cannot make " + path.string();
      return std::nullopt;
    }
  }
  fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  struct stat st;
  unsigned char bytes[16];
  const bool ok = fd >= 0 && ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                  st.st_uid == ::geteuid() && !(st.st_mode & 077) && st.st_size == 16 &&
                  ::read(fd, bytes, sizeof bytes) == static_cast<ssize_t>(sizeof bytes);
  if (fd >= 0) ::close(fd);
  if (!ok) {
    why = path.string() + " is not a private 16-byte file of this user";
    return std::nullopt;
  }
  SipKey key{};
  for (int i = 0; i < 16; ++i) key[i / 8] |= static_cast<uint64_t>(bytes[i]) << (8 * (i % 8));
  return key;
}

// The files the cache itself names: 16 hex digits, .pack or .delta, and a mkstemp suffix for
// the temporary ones. Nothing else in the folder is ever deleted.
bool cache_file_name(std::string_view name, bool& temporary) {
  if (name.size() < 21) return false;
  for (char c : name.substr(0, 16))
    if (!std::isxdigit(static_cast<unsigned char>(c)) ||
        std::isupper(static_cast<unsigned char>(c)))
      return false;
  std::string_view rest = name.substr(16);
  if (rest.starts_with(".pack"))
    rest.remove_prefix(5);
  else if (rest.starts_with(".delta"))
    rest.remove_prefix(6);
  else
    return false;
  temporary = !rest.empty();
  if (!temporary) return true;
  if (rest.size() != 7 || rest[0] != '.') return false;
  for (char c : rest.substr(1))
    if (!std::isalnum(static_cast<unsigned char>(c))) return false;
  return true;
}

// Says in `note` why a pack or delta that is there is not used (nothing for one that is, or a
// stale one: silently ignored). `then` says what the scan does instead.
void note_unused(PackRead read, const fs::path& path, std::string_view then, std::string& note) {
  if (read == PackRead::Damaged)
    note = "ignored the damaged cache " + path.string() + "; " + std::string(then);
  else if (read == PackRead::Unreadable)
    note = "cannot read " + path.string() + "; " + std::string(then);
}

constexpr std::string_view kWithoutPack = "analysing every file";
// Without the delta the pack still serves: only the files changed since it are analysed.
constexpr std::string_view kWithoutDelta = "analysing its files";

}  // namespace

void prune(const fs::path& dir, const fs::path& keep, uintmax_t max_bytes) {
  struct Pack {
    fs::file_time_type used;
    uintmax_t size;  // with its delta
    fs::path path;
  };
  std::vector<Pack> packs;
  std::vector<fs::path> deltas;
  uintmax_t total = 0;
  std::error_code ec;
  const auto hour_ago = fs::file_time_type::clock::now() - std::chrono::hours(1);
  for (auto it = fs::directory_iterator(dir, ec); !ec && it != fs::directory_iterator();
       it.increment(ec)) {
    const std::string name = it->path().filename().string();
    bool temporary = false;
    if (!cache_file_name(name, temporary) || !it->is_regular_file(ec) || it->is_symlink(ec))
      continue;
    const auto used = it->last_write_time(ec);
    if (ec) continue;
    if (temporary) {
      if (used < hour_ago) fs::remove(it->path(), ec);  // of a scan that died
    } else if (name.ends_with(".delta")) {
      deltas.push_back(it->path());
    } else {
      packs.push_back({used, it->file_size(ec), it->path()});
    }
  }
  for (const fs::path& d : deltas) {
    const fs::path pack = fs::path(d).replace_extension(".pack");
    const auto owner =
        std::find_if(packs.begin(), packs.end(), [&](const Pack& p) { return p.path == pack; });
    if (owner == packs.end())
      fs::remove(d, ec);  // its pack was pruned
    else
      owner->size += fs::file_size(d, ec);
  }
  for (const Pack& p : packs) total += p.size;
  std::sort(packs.begin(), packs.end(),
            [](const Pack& a, const Pack& b) { return a.used < b.used; });
  for (const Pack& p : packs) {
    if (total <= max_bytes) break;
    if (p.path == keep || !fs::remove(p.path, ec)) continue;
    fs::remove(fs::path(p.path).replace_extension(".delta"), ec);
    total -= p.size;
  }
}

std::optional<FileState> stat_file(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return FileState{static_cast<uint64_t>(st.st_size), ns_of(st.st_mtim), ns_of(st.st_ctim),
                   static_cast<uint64_t>(st.st_ino)};
}

uint64_t FileCache::content_hash(std::string_view text) const {
  return siphash24(secret_, text);
}

fs::path default_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
    return fs::path(xdg) / "ascendify";
  if (const char* home = std::getenv("HOME"); home && *home == '/')
    return fs::path(home) / ".cache" / "ascendify";
  return {};
}

std::unique_ptr<FileCache> FileCache::open(const fs::path& dir, const fs::path& root, uint64_t key,
                                           std::string& note) {
  std::error_code ec;
  const fs::path abs_root = fs::weakly_canonical(fs::absolute(root, ec), ec);
  const fs::path abs_dir = fs::weakly_canonical(fs::absolute(dir, ec), ec);
  if (is_inside(abs_root, abs_dir)) {
    note = "cache folder " + dir.string() + " is inside the scanned root; not used";
    return nullptr;
  }
  const fs::path given_dir = fs::absolute(dir, ec).lexically_normal();
  if (std::string why = no_foreign_links(given_dir); !why.empty()) {
    note = "cache not used: " + why;
    return nullptr;
  }
  if (std::string why = private_folder(abs_dir); !why.empty()) {
    note = "cache not used: " + why;
    return nullptr;
  }
  std::string why;
  const std::optional<SipKey> secret = folder_secret(abs_dir, why);
  if (!secret) {
    note = "cache not used: " + why;
    return nullptr;
  }
  auto cache = std::unique_ptr<FileCache>(new FileCache());
  cache->started_ns_ = now_ns();
  // One pack per root; the key (which covers the root too) decides whether it can be read.
  const std::string name = hex16(snapshot::hash_bytes(abs_root.string()));
  cache->pack_ = abs_dir / (name + ".pack");
  cache->delta_ = abs_dir / (name + ".delta");
  cache->secret_ = *secret;
  // A new secret makes every recorded content hash meaningless: the packs made with another
  // one are stale.
  snapshot::Writer bound;
  bound.u64(key);
  bound.u64(siphash24(*secret, "ascendify cache key"));
  bound.str(abs_root.string());
  cache->key_ = snapshot::hash_bytes(bound.bytes());
  // The pack is read through a buffer (cache/pack_stream.hpp) and only the entries' places are
  // kept: the results are read again, one at a time, by the files that use them.
  FileHandle pack(::open(cache->pack_.c_str(), O_RDONLY | O_CLOEXEC));
  if (pack.fd() < 0) {
    if (errno != ENOENT) note_unused(PackRead::Unreadable, cache->pack_, kWithoutPack, note);
    return cache;
  }
  uint64_t pack_bytes = 0;
  const PackRead read = read_pack(
      pack.fd(), kPackVersion, cache->key_, nullptr,
      [&](PackEntry&& e) {
        return cache->base_
            .emplace(std::move(e.path),
                     Entry{e.state, e.hash, e.trusted, Where{e.offset, e.size, kPackFile}})
            .second;  // a path twice: damaged
      },
      cache->base_id_, pack_bytes);
  if (read != PackRead::Ok) {
    cache->base_.clear();
    cache->base_id_ = 0;
    note_unused(read, cache->pack_, kWithoutPack, note);
    return cache;
  }
  cache->files_[kPackFile] = std::move(pack);
  cache->base_bytes_ = pack_bytes;
  cache->old_ = cache->base_;
  // The delta: what changed since the base was written, for this very base.
  FileHandle delta(::open(cache->delta_.c_str(), O_RDONLY | O_CLOEXEC));
  if (delta.fd() < 0) {
    if (errno != ENOENT) note_unused(PackRead::Unreadable, cache->delta_, kWithoutDelta, note);
    return cache;
  }
  DeltaPrefix prefix;
  std::vector<PackEntry> changed;
  uint64_t delta_id = 0, delta_bytes = 0;
  const PackRead delta_read = read_pack(
      delta.fd(), kDeltaVersion, cache->key_, &prefix,
      [&](PackEntry&& e) {
        changed.push_back(std::move(e));
        return true;
      },
      delta_id, delta_bytes);
  note_unused(delta_read, cache->delta_, kWithoutDelta, note);
  // Stale, or written beside another base: silently ignored.
  if (delta_read != PackRead::Ok || prefix.base_id != cache->base_id_) return cache;
  for (const std::string& gone : prefix.gone) cache->old_.erase(gone);
  for (PackEntry& e : changed)
    cache->old_[std::move(e.path)] =
        Entry{e.state, e.hash, e.trusted, Where{e.offset, e.size, kDeltaFile}};
  cache->files_[kDeltaFile] = std::move(delta);
  return cache;
}

FileHandle& FileHandle::operator=(FileHandle&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

FileHandle::~FileHandle() {
  if (fd_ >= 0) ::close(fd_);
}

bool FileHandle::close() {
  const int fd = std::exchange(fd_, -1);
  return fd < 0 || ::close(fd) == 0;
}

// Entries whose results lie in different places are taken to differ: a result is rewritten
// only where the cache cannot tell without reading both (a file analysed again to the same
// result), which costs a few bytes of delta, never a wrong entry.
bool FileCache::same_entry(const Entry& a, const Entry& b) {
  return a.state == b.state && a.hash == b.hash && a.trusted == b.trusted && a.blob == b.blob;
}

std::optional<FileCache::Recorded> FileCache::unchanged(const std::string& rel_path,
                                                        const FileState& state) const {
  const auto it = old_.find(rel_path);
  if (it == old_.end() || !it->second.trusted || !(it->second.state == state)) return std::nullopt;
  return Recorded{it->second.hash, it->second.blob};
}

std::optional<FileCache::Recorded> FileCache::same_content(const std::string& rel_path,
                                                           uint64_t hash) const {
  const auto it = old_.find(rel_path);
  if (it == old_.end() || it->second.hash != hash) return std::nullopt;
  return Recorded{it->second.hash, it->second.blob};
}

namespace {

// Reads `size` bytes at `offset` of `fd` into `into`; false when they cannot all be read.
bool read_at(int fd, uint64_t offset, size_t size, char* into) {
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pread(fd, into + done, size - done, static_cast<off_t>(offset + done));
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// Writes `bytes` at `offset` of `fd`; false when they cannot all be written.
bool write_at(int fd, uint64_t offset, std::string_view bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n =
        ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

std::optional<std::string_view> FileCache::bytes(const Where& blob, std::string& buffer) const {
  const int fd = blob.file < files_.size() ? files_[blob.file].fd() : -1;
  buffer.resize(blob.size);
  if (fd < 0 || !read_at(fd, blob.offset, blob.size, buffer.data())) return std::nullopt;
  return std::string_view(buffer);
}

void FileCache::keep(const std::string& rel_path, const FileState& state,
                     const Recorded& recorded) {
  Entry e{state, recorded.hash,
          state.mtime_ns + kRacyNs <= started_ns_ && state.ctime_ns + kRacyNs <= started_ns_,
          recorded.blob};
  std::lock_guard lock(mu_);
  const auto old = old_.find(rel_path);
  if (old == old_.end() || !(old->second.state == state) || old->second.trusted != e.trusted)
    changed_ = true;
  now_[rel_path] = e;
  ++reused_;
}

// The spill file: a temporary file in the cache folder, unlinked as soon as it is made (a scan
// that dies leaves nothing behind). False when it cannot be made.
bool FileCache::spill_open() {
  std::call_once(spill_made_, [this] {
    std::string tmp = pack_.string() + ".XXXXXX";
    const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
    if (fd < 0) return;
    ::unlink(tmp.c_str());
    files_[kSpillFile] = FileHandle(fd);
  });
  return files_[kSpillFile].fd() >= 0;
}

void FileCache::put(const std::string& rel_path, const FileState& state, uint64_t hash,
                    std::string_view blob) {
  // Each result gets its own range of the spill file: the workers write side by side.
  const uint64_t offset = spill_end_.fetch_add(blob.size());
  if (blob.size() > UINT32_MAX || !spill_open() ||
      !write_at(files_[kSpillFile].fd(), offset, blob)) {
    spill_failed_ = true;
    return;
  }
  Entry e{state, hash,
          state.mtime_ns + kRacyNs <= started_ns_ && state.ctime_ns + kRacyNs <= started_ns_,
          Where{offset, static_cast<uint32_t>(blob.size()), kSpillFile}};
  std::lock_guard lock(mu_);
  now_[rel_path] = e;
  changed_ = true;
  ++analysed_;
}

std::string FileCache::write_framed(const fs::path& path, uint32_t version, std::string_view prefix,
                                    const std::vector<const Listed*>& list) {
  uint64_t size = prefix.size() + 4;
  for (const Listed* entry : list)
    size += kEntryBytes + entry->first.size() + entry->second.blob.size;
  std::string tmp = path.string() + ".XXXXXX";
  FileHandle file(::mkostemp(tmp.data(), O_CLOEXEC));
  if (file.fd() < 0) return "cannot write " + path.string();
  // The header comes last, when the payload's hash is known; its place is kept.
  bool ok = write_all(file.fd(), std::string(snapshot::kFrameHeaderBytes, '\0'));
  PayloadWriter sink(file.fd(), size);
  sink.add(prefix);
  snapshot::Writer count;
  count.u32(static_cast<uint32_t>(list.size()));
  sink.add(count.bytes());
  std::string buffer;
  for (size_t i = 0; ok && i < list.size(); ++i) {
    const Entry& e = list[i]->second;
    snapshot::Writer w;
    w.str(list[i]->first);
    w.u64(e.state.size);
    w.i64(e.state.mtime_ns);
    w.i64(e.state.ctime_ns);
    w.u64(e.state.inode);
    w.u64(e.hash);
    w.u8(e.trusted);
    w.u32(e.blob.size);
    sink.add(w.bytes());
    const auto blob = bytes(e.blob, buffer);
    ok = blob.has_value();
    if (ok) sink.add(*blob);
  }
  ok = ok && sink.flush() && sink.written() == size;
  const std::string header = snapshot::frame_header(size, sink.hash(), version, key_);
  ok = ok && write_at(file.fd(), 0, header);
  ok = file.close() && ok;
  if (!ok || ::rename(tmp.c_str(), path.c_str()) != 0) {
    ::unlink(tmp.c_str());
    return "cannot write " + path.string();
  }
  return {};
}

std::string FileCache::save() {
  std::string error = write();
  // Nothing reads the entries after this: the maps (a few MB for a big tree) go now, not
  // after assess, and the files with them.
  std::lock_guard lock(mu_);
  for (auto* map : {&base_, &old_, &now_}) std::unordered_map<std::string, Entry>().swap(*map);
  for (FileHandle& f : files_) f = FileHandle();
  return error;
}

// What the delta-or-pack choice counts per differing entry besides its path and result: the
// estimate it has always used (the exact size is kEntryBytes). Changing it moves the line
// between writing a delta and a new pack.
constexpr uint64_t kDeltaEstimateBytes = 53;

std::string FileCache::write() {
  std::lock_guard lock(mu_);
  if (spill_failed_) return "cannot write the cache's results in " + pack_.parent_path().string();
  std::error_code ec;
  if (!changed_ && now_.size() == old_.size()) {
    ::utimensat(AT_FDCWD, pack_.c_str(), nullptr, 0);  // used: the last to be pruned
    return {};
  }
  std::vector<const Listed*> all, differ;
  all.reserve(now_.size());
  uint64_t differ_bytes = 0;
  for (const auto& entry : now_) {
    all.push_back(&entry);
    const auto base = base_.find(entry.first);
    if (base == base_.end() || !same_entry(base->second, entry.second)) {
      differ.push_back(&entry);
      differ_bytes += entry.second.blob.size + entry.first.size() + kDeltaEstimateBytes;
    }
  }
  const auto by_path = [](auto* a, auto* b) { return a->first < b->first; };
  // A few files changed since the base was written: a delta beside it (rewriting a pack of
  // tens of MB for one edited file would cost more than the scan saves).
  if (base_bytes_ && differ_bytes * kDeltaShare <= base_bytes_) {
    std::vector<std::string> gone;
    for (const auto& entry : base_)
      if (!now_.count(entry.first)) gone.push_back(entry.first);
    std::sort(gone.begin(), gone.end());
    std::sort(differ.begin(), differ.end(), by_path);
    snapshot::Writer prefix;
    prefix.u64(base_id_);
    prefix.strings(gone);
    if (std::string error = write_framed(delta_, kDeltaVersion, prefix.bytes(), differ);
        !error.empty())
      return error;
    ::utimensat(AT_FDCWD, pack_.c_str(), nullptr, 0);
    prune(pack_.parent_path(), pack_, kMaxCacheBytes);
    return {};
  }
  std::sort(all.begin(), all.end(), by_path);
  if (std::string error = write_framed(pack_, kPackVersion, {}, all); !error.empty()) return error;
  fs::remove(delta_, ec);  // it named the old base
  prune(pack_.parent_path(), pack_, kMaxCacheBytes);
  return {};
}

}  // namespace ascendify::cache
