#include "core/paths.hpp"

namespace ascendify {

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

}  // namespace ascendify
