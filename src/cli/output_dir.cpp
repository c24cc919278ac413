#include "cli/output_dir.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace ascendify::cli {

namespace fs = std::filesystem;

bool is_inside(const fs::path& root, const fs::path& candidate) {
  std::error_code ec;
  fs::path r = fs::weakly_canonical(fs::absolute(root, ec), ec);
  fs::path c = fs::weakly_canonical(fs::absolute(candidate, ec), ec);
  auto rit = r.begin(), cit = c.begin();
  for (; rit != r.end(); ++rit, ++cit) {
    if (rit->empty()) continue;  // trailing separator
    if (cit == c.end() || *rit != *cit) return false;
  }
  return true;
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
  FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) return "cannot write " + tmp.string() + ": " + std::strerror(errno);
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
  fs::rename(tmp, target, ec);
  if (ec) {
    std::remove(tmp.c_str());
    return "cannot write " + target.string() + ": " + ec.message();
  }
  return {};
}

}  // namespace ascendify::cli
