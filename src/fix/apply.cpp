// Writes planned files: symlink-safe, atomic (temporary file + rename), mode preserved.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "core/text.hpp"
#include "fix/fix.hpp"
#include "fix/safe_path.hpp"

namespace ascendify::fix {

namespace {

// Writes `data` to a temporary file beside `target` and renames it over `target`.
// Returns an empty string on success, else the error.
std::string write_atomic(const std::filesystem::path& target, std::string_view data, mode_t mode) {
  const std::filesystem::path dir = target.parent_path();
  std::string tmpl =
      (dir / concat({".", target.filename().native(), ".ascendify-XXXXXX"})).string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  const int fd = ::mkstemp(buf.data());
  if (fd < 0) return std::string("cannot create a temporary file: ") + std::strerror(errno);
  const std::string tmp(buf.data());
  std::string err;
  size_t done = 0;
  while (done < data.size() && err.empty()) {
    const ssize_t w = ::write(fd, data.data() + done, data.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0)
      err = std::string("write failed: ") + std::strerror(errno);
    else
      done += static_cast<size_t>(w);
  }
  if (err.empty() && ::fchmod(fd, mode & 07777) != 0)
    err = std::string("chmod failed: ") + std::strerror(errno);
  if (err.empty() && ::fsync(fd) != 0) err = std::string("fsync failed: ") + std::strerror(errno);
  if (::close(fd) != 0 && err.empty()) err = std::string("close failed: ") + std::strerror(errno);
  if (err.empty() && ::rename(tmp.c_str(), target.c_str()) != 0)
    err = std::string("rename failed: ") + std::strerror(errno);
  if (!err.empty()) ::unlink(tmp.c_str());
  return err;
}

}  // namespace

ApplyReport apply(const FixResult& result, const std::filesystem::path& root, bool backup) {
  ApplyReport rep;
  for (const FilePlan& plan : result.files) {
    if (plan.fixed == plan.original) continue;
    std::string why;
    const auto path = detail::safe_file(root, plan.rel_path, &why);
    if (!path) {
      rep.diagnostics.push_back({plan.rel_path, 0, "not written: " + why});
      continue;
    }
    const auto now = detail::read_all(*path);
    if (!now || *now != plan.original) {
      rep.diagnostics.push_back({plan.rel_path, 0, "not written: the file changed since planning"});
      continue;
    }
    struct stat st {};
    if (::lstat(path->c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
      rep.diagnostics.push_back({plan.rel_path, 0, "not written: cannot stat the file"});
      continue;
    }
    if (backup) {
      const std::filesystem::path orig = path->string() + ".orig";
      struct stat ost {};
      if (::lstat(orig.c_str(), &ost) == 0) {
        rep.diagnostics.push_back(
            {plan.rel_path, 0, "not written: " + plan.rel_path + ".orig exists (not overwritten)"});
        continue;
      }
      if (std::string err = write_atomic(orig, plan.original, st.st_mode); !err.empty()) {
        rep.diagnostics.push_back({plan.rel_path, 0, "not written: backup failed: " + err});
        continue;
      }
      rep.backups.push_back(plan.rel_path + ".orig");
    }
    if (std::string err = write_atomic(*path, plan.fixed, st.st_mode); !err.empty()) {
      rep.diagnostics.push_back({plan.rel_path, 0, "not written: " + err});
      continue;
    }
    rep.written.push_back(plan.rel_path);
  }
  return rep;
}

}  // namespace ascendify::fix
