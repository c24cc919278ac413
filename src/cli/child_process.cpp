#include "cli/child_process.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "render/escape.hpp"

extern char** environ;

namespace ascendify::cli {

namespace {

// An unlinked temporary file: the child writes into it, the parent reads it back (no pipe to
// drain while waiting, whatever the child writes).
int temporary_fd() {
  char tmpl[] = "/tmp/ascendify-child-XXXXXX";
  const int fd = mkstemp(tmpl);
  if (fd >= 0) unlink(tmpl);
  return fd;
}

std::string read_back(int fd, size_t limit) {
  std::string out;
  lseek(fd, 0, SEEK_SET);
  char buf[65536];
  ssize_t n = 0;
  while (out.size() < limit && (n = read(fd, buf, sizeof buf)) > 0)
    out.append(buf, std::min(static_cast<size_t>(n), limit - out.size()));
  close(fd);
  return out;
}

}  // namespace

std::optional<ChildResult> run_child(const std::vector<std::string>& argv, bool capture_out,
                                     std::string& error, size_t max_out) {
  const int err_fd = temporary_fd();
  const int out_fd = capture_out ? temporary_fd() : -1;
  if (err_fd < 0 || (capture_out && out_fd < 0)) {
    if (err_fd >= 0) close(err_fd);
    if (out_fd >= 0) close(out_fd);
    error = "cannot create a temporary file";
    return std::nullopt;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (capture_out)
    posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
  else
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, err_fd, STDERR_FILENO);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    close(err_fd);
    if (out_fd >= 0) close(out_fd);
    error = std::string("cannot start ") + args[0] + ": " + std::strerror(rc);
    return std::nullopt;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ChildResult out;
  if (WIFEXITED(status)) out.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
  out.err = read_back(err_fd, 1u << 20);
  if (capture_out) out.out = read_back(out_fd, max_out);
  return out;
}

std::string reason_of(const ChildResult& child) {
  if (child.signal != 0) return "the scan ended on signal " + std::to_string(child.signal);
  std::string last;
  size_t start = 0;
  while (start < child.err.size()) {
    size_t end = child.err.find('\n', start);
    if (end == std::string::npos) end = child.err.size();
    std::string line = child.err.substr(start, end - start);
    if (line.rfind("ascendify: ", 0) == 0) line.erase(0, 11);
    if (!line.empty()) last = line;
    start = end + 1;
  }
  if (last.empty()) last = "exited with status " + std::to_string(child.exit_code);
  return render::terminal_safe(last);
}

std::string self_executable() {
  // Set by a wrapper that runs ascendify through an emulator (qemu-user without binfmt_misc
  // cannot start the foreign binary /proc/self/exe names): the children go through it too.
  if (const char* exe = std::getenv("ASCENDIFY_EXE"); exe != nullptr && *exe != '\0') return exe;
  std::error_code ec;
  std::filesystem::path p = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("ascendify") : p.string();
}

}  // namespace ascendify::cli
