// `ascendify lsp`: the Language Server (src/lsp) on stdin/stdout. One thread reads the stream
// and answers every message; the project scan runs on another and wakes this one through a
// pipe when it is done, so the loop waits on stdin and that pipe together (poll).
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/fast_exit.hpp"
#include "cli/lsp_workspace.hpp"
#include "lsp/framing.hpp"
#include "lsp/server.hpp"

namespace ascendify::cli {

int run_lsp(const LspArgs& args) {
  std::error_code ec;
  if (!args.root.empty() && !std::filesystem::is_directory(args.root, ec)) {
    std::cerr << "ascendify: lsp: --root " << args.root << " is not a folder\n";
    return 2;
  }
  int wake[2];
  if (pipe2(wake, O_CLOEXEC | O_NONBLOCK) != 0) {
    std::cerr << "ascendify: lsp: cannot create a pipe\n";
    return 2;
  }
  auto send = [](const nlohmann::json& message) {
    const std::string out =
        lsp::frame(message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
  };
  lsp::Server* server = nullptr;
  Workspace workspace(
      args,
      [&](const std::string& method, nlohmann::json params) {
        server->notify(method, std::move(params));
      },
      [&] { [[maybe_unused]] ssize_t n = write(wake[1], "x", 1); });
  lsp::Server protocol(workspace, send, ASCENDIFY_VERSION);
  server = &protocol;
  lsp::FrameReader reader;
  char buf[65536];
  while (!protocol.exited()) {
    pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {wake[0], POLLIN, 0}};
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    if (fds[1].revents & POLLIN) {
      while (read(wake[0], buf, sizeof buf) > 0) {
      }
      workspace.poll();
    }
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    const ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // the client is gone without `exit`
    reader.feed(std::string_view(buf, static_cast<size_t>(n)));
    lsp::Frame frame;
    while (!protocol.exited() && reader.next(frame)) {
      if (frame.kind == lsp::Frame::Kind::Body)
        protocol.handle(frame.text);
      else
        protocol.frame_error(frame.text, frame.kind == lsp::Frame::Kind::TooLarge);
    }
  }
  // exit after shutdown: 0; exit without it, or the stream's end: 1 (the protocol's rule).
  const int code = protocol.exited() ? protocol.exit_code() : 1;
  return exit_without_teardown(code);
}

}  // namespace ascendify::cli
