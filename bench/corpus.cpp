#include "corpus.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ascendify::bench {

namespace fs = std::filesystem;

namespace {

void collect(const fs::path& root, size_t limit, std::vector<InputFile>& out) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) return;
  std::vector<fs::path> paths;
  for (auto it = fs::recursive_directory_iterator(
           root, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".py") paths.push_back(it->path());
  }
  std::sort(paths.begin(), paths.end());  // fixed order: the same input set every run
  size_t total = 0;
  for (const auto& p : paths) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream buf;
    buf << in.rdbuf();
    std::string text = buf.str();
    if (total + text.size() > limit) break;
    total += text.size();
    out.push_back({fs::relative(p, root, ec).string(), std::move(text)});
  }
}

}  // namespace

const std::vector<InputFile>& python_inputs() {
  static const std::vector<InputFile> files = [] {
    std::vector<InputFile> out;
    const fs::path src(ASCENDIFY_SOURCE_DIR);
    collect(src / "tests" / "fixtures", SIZE_MAX, out);
    collect(src / "examples", SIZE_MAX, out);
    size_t mb = 8;
    if (const char* env = std::getenv("ASCENDIFY_BENCH_PY_LIMIT_MB"))
      mb = std::strtoul(env, nullptr, 10);
    collect("/usr/lib/python3.11", mb << 20, out);
    return out;
  }();
  return files;
}

size_t python_bytes() {
  size_t n = 0;
  for (const auto& f : python_inputs()) n += f.text.size();
  return n;
}

}  // namespace ascendify::bench
