#include "pipeline/read_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

namespace ascendify::pipeline {

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) {
    error = std::string("cannot open: ") + std::strerror(errno);
    return std::nullopt;
  }
  // One allocation of the file's size and one read into it; the loop below still handles a
  // file that grows or shrinks meanwhile (or a size fstat cannot tell).
  std::string data;
  struct stat st;
  size_t size = 0;
  if (::fstat(::fileno(f.get()), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    size = static_cast<size_t>(st.st_size);
  data.resize(size + 1);
  size_t used = 0;
  while (true) {
    if (used == data.size()) data.resize(data.size() * 2 + 4096);
    const size_t n = std::fread(data.data() + used, 1, data.size() - used, f.get());
    used += n;
    if (n == 0) break;
  }
  if (std::ferror(f.get())) {
    error = std::string("read error: ") + std::strerror(errno);
    return std::nullopt;
  }
  data.resize(used);
  return data;
}

}  // namespace ascendify::pipeline
