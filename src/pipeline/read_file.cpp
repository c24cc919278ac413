#include "pipeline/read_file.hpp"

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
  std::string data;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f.get())) > 0) data.append(buf, n);
  if (std::ferror(f.get())) {
    error = std::string("read error: ") + std::strerror(errno);
    return std::nullopt;
  }
  return data;
}

}  // namespace ascendify::pipeline
