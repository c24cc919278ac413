#pragma once
// A fresh directory under the system temp dir, removed at the end of the test.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace ascendify::discover::testing {

class TempTree {
 public:
  TempTree() {
    static std::atomic<int> counter{0};
    std::error_code ec;
    root_ = std::filesystem::temp_directory_path(ec) /
            ("ascendify-discover-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::remove_all(root_, ec);
    std::filesystem::create_directories(root_ / "tree", ec);
  }
  ~TempTree() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  // The directory to walk; `outside()` is a sibling that is not inside it.
  std::filesystem::path root() const { return root_ / "tree"; }
  std::filesystem::path outside() const { return root_; }

  // Writes `content` at root()/rel, creating parent directories.
  void file(const std::string& rel, const std::string& content = "x") const {
    auto p = root() / rel;
    std::error_code ec;
    std::filesystem::create_directories(p.parent_path(), ec);
    std::ofstream(p, std::ios::binary) << content;
  }
  void dir(const std::string& rel) const {
    std::error_code ec;
    std::filesystem::create_directories(root() / rel, ec);
  }
  // Creates root()/rel as a symlink to `target` (taken literally).
  void symlink(const std::filesystem::path& target, const std::string& rel) const {
    std::error_code ec;
    std::filesystem::create_directories((root() / rel).parent_path(), ec);
    std::filesystem::create_symlink(target, root() / rel, ec);
  }

 private:
  std::filesystem::path root_;
};

}  // namespace ascendify::discover::testing
