#pragma once
// Runs a shell command in the source tree (python3 helper scripts of the tests) and captures
// its combined output and exit status.
#include <cstdio>
#include <string>

namespace source_shell {

struct ShellRun {
  int status = -1;  // as pclose returns it: 0 = exit 0
  std::string out;  // stdout and stderr
};

// `command` as given (with its stderr in the output).
inline ShellRun run_shell(const std::string& command) {
  const std::string cmd = command + " 2>&1";
  ShellRun r;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    char buf[4096];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    r.status = ::pclose(p);
  }
  return r;
}

inline ShellRun run_in_source(const std::string& command) {
  return run_shell("cd '" + std::string(ASCENDIFY_SOURCE_DIR) + "' && " + command);
}

}  // namespace source_shell
