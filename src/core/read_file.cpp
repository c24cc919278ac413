#include "core/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace ascendify {

std::optional<std::string_view> read_file_into(const std::string& path, std::string& buffer,
                                               std::string& error, int64_t expected_size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = std::string("cannot open: ") + std::strerror(errno);
    return std::nullopt;
  }
  struct CloseFd {
    int fd;
    ~CloseFd() { ::close(fd); }
  } close_fd{fd};
  // One read into room for the file's size (plus one byte, to see the end at once); the loop
  // still handles a file that grows or shrinks meanwhile (or a size fstat cannot tell). The
  // buffer only ever grows: its size is its usable room, the file's length is `used`.
  size_t size = 0;
  struct stat st;
  if (expected_size >= 0)
    size = static_cast<size_t>(expected_size);
  else if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
    size = static_cast<size_t>(st.st_size);
  if (buffer.size() < size + 1) buffer.resize(size + 1);
  size_t used = 0;
  while (true) {
    if (used == buffer.size()) buffer.resize(buffer.size() * 2 + 4096);
    const ssize_t n = ::read(fd, buffer.data() + used, buffer.size() - used);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = std::string("read error: ") + std::strerror(errno);
      return std::nullopt;
    }
    if (n == 0) break;
    used += static_cast<size_t>(n);
  }
  return std::string_view(buffer.data(), used);
}

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::string data;
  const auto text = read_file_into(path, data, error);
  if (!text) return std::nullopt;
  data.resize(text->size());
  return data;
}

}  // namespace ascendify
