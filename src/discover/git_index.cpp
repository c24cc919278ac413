#include "discover/git_index.hpp"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <system_error>

#include "core/text.hpp"

namespace ascendify::discover {
namespace fs = std::filesystem;
namespace {

constexpr size_t kHeader = 12;
constexpr size_t kStatFields = 40;  // ctime, mtime, dev, ino, mode, uid, gid, size
constexpr uint32_t kMaxEntries = 50'000'000;
constexpr size_t kMaxIndexBytes = size_t{2} << 30;  // larger than any index git writes

uint32_t be32(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return (uint32_t{u[0]} << 24) | (uint32_t{u[1]} << 16) | (uint32_t{u[2]} << 8) | u[3];
}
uint16_t be16(const char* p) {
  const auto* u = reinterpret_cast<const unsigned char*>(p);
  return static_cast<uint16_t>((u[0] << 8) | u[1]);
}

bool fail(std::string* why, std::string message) {
  if (why) *why = std::move(message);
  return false;
}

// git's offset varint (index v4): 7 bits per byte, each continuation adds one.
bool read_varint(std::string_view s, size_t& pos, uint64_t& value) {
  if (pos >= s.size()) return false;
  auto c = static_cast<unsigned char>(s[pos++]);
  value = c & 127;
  while (c & 128) {
    if (pos >= s.size() || value > (UINT64_MAX >> 8)) return false;
    c = static_cast<unsigned char>(s[pos++]);
    value = ((value + 1) << 7) | (c & 127);
  }
  return true;
}

std::string slurp(const fs::path& file, size_t cap) {
  std::error_code ec;
  const auto size = fs::file_size(file, ec);
  if (ec || size > cap) return {};
  std::ifstream in(file, std::ios::binary);
  std::string text(static_cast<size_t>(size), '\0');
  in.read(text.data(), static_cast<std::streamsize>(size));
  text.resize(static_cast<size_t>(in.gcount()));
  return text;
}

}  // namespace

bool TrackedPaths::has_file(std::string_view rel) const {
  if (std::binary_search(paths.begin(), paths.end(), rel, std::less<>())) return true;
  // A sparse-index directory entry "dir/" above it.
  for (size_t slash = rel.find('/'); slash != std::string_view::npos;
       slash = rel.find('/', slash + 1))
    if (std::binary_search(paths.begin(), paths.end(), rel.substr(0, slash + 1), std::less<>()))
      return true;
  return false;
}

bool TrackedPaths::has_under(std::string_view rel) const {
  std::string prefix(rel);
  prefix += '/';
  auto it = std::lower_bound(paths.begin(), paths.end(), prefix);
  if (it != paths.end() && it->compare(0, prefix.size(), prefix) == 0) return true;
  return has_file(rel);  // inside a sparse directory entry
}

bool parse_git_index(std::string_view s, size_t hash_size, TrackedPaths& out, std::string* why) {
  out.paths.clear();
  if (s.size() < kHeader || s.substr(0, 4) != "DIRC") return fail(why, "not a git index");
  const uint32_t version = be32(s.data() + 4);
  if (version < 2 || version > 4)
    return fail(why, "index version " + std::to_string(version) + " is not supported");
  const uint32_t count = be32(s.data() + 8);
  const size_t fixed = kStatFields + hash_size + 2;  // + flags
  if (count > kMaxEntries || count > (s.size() - kHeader) / fixed)
    return fail(why, "entry count larger than the file");
  out.paths.reserve(count);
  size_t pos = kHeader;
  std::string previous;
  for (uint32_t i = 0; i < count; ++i) {
    const size_t start = pos;
    if (s.size() - pos < fixed) return fail(why, "truncated entry");
    const uint32_t mode = be32(s.data() + pos + 24);
    const uint16_t flags = be16(s.data() + pos + kStatFields + hash_size);
    pos += fixed;
    if (flags & 0x4000) {  // extended flags (version 3 and later)
      if (version < 3 || s.size() - pos < 2) return fail(why, "bad extended flags");
      pos += 2;
    }
    std::string path;
    if (version == 4) {
      uint64_t strip = 0;
      if (!read_varint(s, pos, strip) || strip > previous.size())
        return fail(why, "bad path compression");
      const size_t nul = s.find('\0', pos);
      if (nul == std::string_view::npos) return fail(why, "unterminated path");
      path.assign(previous, 0, previous.size() - strip);
      path.append(s.substr(pos, nul - pos));
      pos = nul + 1;
    } else {
      const size_t nul = s.find('\0', pos);
      if (nul == std::string_view::npos) return fail(why, "unterminated path");
      path.assign(s.substr(pos, nul - pos));
      // 1 to 8 NUL bytes so that the entry length is a multiple of eight.
      const size_t len = nul + 1 - start;
      pos = start + ((len + 7) / 8) * 8;
      if (pos > s.size()) return fail(why, "truncated entry");
    }
    if (path.empty()) return fail(why, "empty path");
    previous = path;  // what the next v4 entry strips from
    // A sparse-index directory entry (mode 040000) normally ends with '/' already.
    if ((mode & 0170000) == 0040000 && path.back() != '/') path += '/';
    out.paths.push_back(std::move(path));
  }
  // Entries are sorted by path (and stage); sort anyway, merge stages, for binary search.
  std::sort(out.paths.begin(), out.paths.end());
  out.paths.erase(std::unique(out.paths.begin(), out.paths.end()), out.paths.end());
  return true;
}

fs::path git_dir_of(const fs::path& dir) {
  std::error_code ec;
  const fs::path dot_git = dir / ".git";
  const auto st = fs::symlink_status(dot_git, ec);
  if (ec) return {};
  if (fs::is_directory(st)) return dot_git;
  if (!fs::is_regular_file(st)) return {};
  const std::string text = slurp(dot_git, 4096);
  std::string_view line = text;
  line = line.substr(0, line.find('\n'));
  if (line.substr(0, 7) != "gitdir:") return {};
  const fs::path target(std::string(trim(line.substr(7))));
  return target.is_absolute() ? target : dir / target;
}

size_t git_hash_size(const fs::path& git_dir) {
  const std::string config = slurp(git_dir / "config", 1 << 20);
  std::string_view rest = config;
  while (!rest.empty()) {
    const size_t eol = rest.find('\n');
    std::string_view line = trim(rest.substr(0, eol));
    rest = eol == std::string_view::npos ? std::string_view() : rest.substr(eol + 1);
    const std::string lower = ascii_lower(line);
    if (lower.rfind("objectformat", 0) != 0) continue;
    const size_t eq = lower.find('=');
    if (eq != std::string::npos && trim(std::string_view(lower).substr(eq + 1)) == "sha256")
      return 32;
  }
  return 20;
}

bool load_tracked_paths(const fs::path& work_tree, TrackedPaths& out, std::string* why) {
  out.paths.clear();
  const fs::path git_dir = git_dir_of(work_tree);
  std::error_code ec;
  if (git_dir.empty() || !fs::is_regular_file(git_dir / "index", ec)) return true;  // none
  const std::string bytes = slurp(git_dir / "index", kMaxIndexBytes);
  return parse_git_index(bytes, git_hash_size(git_dir), out, why);
}

}  // namespace ascendify::discover
