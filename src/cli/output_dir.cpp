#include "cli/output_dir.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

namespace ascendify::cli {

namespace fs = std::filesystem;

OutputDir make_output_dir(const fs::path& dir, const fs::path& root, Side side) {
  std::error_code ec;
  const bool want_inside = side == Side::InsideRoot;
  if (want_inside && !is_inside(root, dir)) return OutputDir::WrongSide;
  std::vector<fs::path> created;  // outermost last
  for (fs::path p = fs::absolute(dir, ec); !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
    created.push_back(p);
    if (p == p.parent_path()) break;
  }
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir, ec)) return OutputDir::CannotCreate;
  if (is_inside(root, fs::canonical(dir, ec)) != want_inside) {
    for (const fs::path& p : created) fs::remove(p, ec);  // empty: just made
    return OutputDir::WrongSide;
  }
  return OutputDir::Ready;
}

std::string write_file_atomic(const fs::path& dir, const std::string& name,
                              const std::string& data) {
  return write_file_atomic(dir, name,
                           [&](const std::function<void(std::string_view)>& put) { put(data); });
}

std::string write_file_atomic(
    const fs::path& dir, const std::string& name,
    const std::function<void(const std::function<void(std::string_view)>&)>& produce) {
  fs::path target = dir / name;
  fs::path tmp = dir / ("." + name + ".tmp");
  // Never through a symlink planted at the temporary name (it could point at a file the user
  // owns): O_NOFOLLOW refuses it.
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
  FILE* f = fd >= 0 ? ::fdopen(fd, "wb") : nullptr;
  if (!f) {
    const int err = errno;
    if (fd >= 0) ::close(fd);
    return "cannot write " + tmp.string() + ": " + std::strerror(err);
  }
  bool ok = true;
  produce([&](std::string_view piece) {
    ok = ok && std::fwrite(piece.data(), 1, piece.size(), f) == piece.size();
  });
  ok = (std::fclose(f) == 0) && ok;
  if (!ok) {
    std::remove(tmp.c_str());
    return "cannot write " + tmp.string() + ": " + std::strerror(errno);
  }
  std::error_code ec;
#if defined(__linux__) && defined(RENAME_EXCHANGE)
  // Replacing an existing report: swap the two files atomically, then remove the old one. A
  // plain rename over it makes ext4 (auto_da_alloc) start writing the new file back inside the
  // rename call: 11-12 ms for a 12 MB report, on every scan into the same folder.
  struct stat st {};
  if (::lstat(target.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
      ::renameat2(AT_FDCWD, tmp.c_str(), AT_FDCWD, target.c_str(), RENAME_EXCHANGE) == 0) {
    std::remove(tmp.c_str());  // now the previous report
    return {};
  }
#endif
  fs::rename(tmp, target, ec);  // no previous report, or a file system without the exchange
  if (ec) {
    std::remove(tmp.c_str());
    return "cannot write " + target.string() + ": " + ec.message();
  }
  return {};
}

}  // namespace ascendify::cli
