#pragma once
// The fixed input set of the micro-benchmarks: every .py file under tests/fixtures and
// examples of the source tree, plus (if present) /usr/lib/python3.11 files, read once.
#include <string>
#include <vector>

namespace ascendify::bench {

struct InputFile {
  std::string path;  // relative to its root
  std::string text;
};

// The Python inputs (cached; read on first call). ASCENDIFY_BENCH_PY_LIMIT_MB caps the
// total size taken from /usr/lib/python3.11 (default 8 MB).
const std::vector<InputFile>& python_inputs();
// Total bytes of python_inputs().
size_t python_bytes();

}  // namespace ascendify::bench
