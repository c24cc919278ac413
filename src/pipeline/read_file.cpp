#include "pipeline/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ascendify::pipeline {

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = std::string("cannot open: ") + std::strerror(errno);
    return std::nullopt;
  }
  struct CloseFd {
    int fd;
    ~CloseFd() { ::close(fd); }
  } close_fd{fd};
  // One allocation of the file's size and one read into it; the loop still handles a file that
  // grows or shrinks meanwhile (or a size fstat cannot tell). Plain read(2): no stdio buffer.
  std::string data;
  struct stat st;
  size_t size = 0;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    size = static_cast<size_t>(st.st_size);
  data.resize(size + 1);
  size_t used = 0;
  while (true) {
    if (used == data.size()) data.resize(data.size() * 2 + 4096);
    const ssize_t n = ::read(fd, data.data() + used, data.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::string("read error: ") + std::strerror(errno);
      return std::nullopt;
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  data.resize(used);
  return data;
}

}  // namespace ascendify::pipeline
