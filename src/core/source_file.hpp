#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace ascendify {

enum class FileKind : uint8_t {
  Python,
  Notebook,
  Requirements,
  SetupPy,
  SetupCfg,
  Pyproject,
  CondaEnv,
  Dockerfile,
  Shell,
  Native,  // .cu .cuh .cpp .cc .cxx .c .h .hpp .hh
  CMake,
  Config,  // .yaml / .yml other than conda environments: `_target_:` class paths
  Other,
};

std::string_view to_string(FileKind kind);

// One file found by discover. The text is read later, once, by the pipeline.
struct SourceFile {
  std::string rel_path;  // '/'-separated, relative to the scanned root
  std::string abs_path;  // path to open
  FileKind kind = FileKind::Other;
  uint64_t size = 0;
};

}  // namespace ascendify
