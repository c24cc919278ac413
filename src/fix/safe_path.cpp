#include "fix/safe_path.hpp"

#include <sys/stat.h>

#include <fstream>
#include <sstream>

namespace ascendify::fix::detail {

std::optional<std::filesystem::path> safe_file(const std::filesystem::path& root,
                                               std::string_view rel, std::string* why) {
  if (rel.empty() || rel.front() == '/') {
    *why = "not a relative path";
    return std::nullopt;
  }
  std::filesystem::path p = root;
  size_t pos = 0;
  while (pos <= rel.size()) {
    size_t slash = rel.find('/', pos);
    if (slash == std::string_view::npos) slash = rel.size();
    const std::string_view part = rel.substr(pos, slash - pos);
    if (part.empty() || part == "." || part == ".." || part.find('\\') != std::string_view::npos ||
        part.find('\0') != std::string_view::npos) {
      *why = "path component `" + std::string(part) + "` is not allowed";
      return std::nullopt;
    }
    p /= std::string(part);
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0) {
      *why = "cannot stat " + p.string();
      return std::nullopt;
    }
    if (S_ISLNK(st.st_mode)) {
      *why = p.string() + " is a symlink";
      return std::nullopt;
    }
    const bool last = slash == rel.size();
    if (last ? !S_ISREG(st.st_mode) : !S_ISDIR(st.st_mode)) {
      *why = p.string() + (last ? " is not a regular file" : " is not a directory");
      return std::nullopt;
    }
    pos = slash + 1;
  }
  return p;
}

std::optional<std::string> read_all(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return std::move(ss).str();
}

}  // namespace ascendify::fix::detail
