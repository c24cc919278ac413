#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "core/shared_text.hpp"

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
  // The scanned root as a path to open ending with '/' ("/home/u/repo/"), or "" when rel_path
  // opens as it is: one interned copy for the whole walk, not a whole path per file (a scan
  // keeps its files' records to the end, tens of thousands in a big tree).
  SharedText root;
  FileKind kind = FileKind::Other;
  uint64_t size = 0;

  std::string abs_path() const { return root + rel_path; }  // the path to open
};

}  // namespace ascendify
