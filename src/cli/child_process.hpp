#pragma once
// Running ascendify (or any program) as a child: `scan --batch` scans each repository in one,
// `mcp` runs each tool call in one, so that a crash or a runaway input costs that call only.
#include <optional>
#include <string>
#include <vector>

namespace ascendify::cli {

struct ChildResult {
  int exit_code = -1;  // -1: did not exit normally
  int signal = 0;      // the signal that ended it
  std::string out;     // its standard output, when captured
  std::string err;     // its standard error (at most 1 MiB)
};

// Runs argv (argv[0] a path) with standard input from /dev/null, standard error captured, and
// standard output captured (at most `max_out` bytes) or discarded. nullopt with a reason in
// `error` when it cannot be started.
std::optional<ChildResult> run_child(const std::vector<std::string>& argv, bool capture_out,
                                     std::string& error, size_t max_out = 512u << 20);

// The last line a failed child said, without the "ascendify: " prefix: the reason.
std::string reason_of(const ChildResult& child);

// What to start as a child ascendify: $ASCENDIFY_EXE when set (an emulator's wrapper), else the
// running executable ("ascendify" when /proc is not there).
std::string self_executable();

}  // namespace ascendify::cli
