#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ascendify {

// Reads a whole file in binary mode. On failure returns nullopt and sets `error`.
std::optional<std::string> read_file(const std::string& path, std::string& error);

// The same into `buffer`, whose memory is reused from call to call (a scan worker keeps one:
// no allocation and no zero-filling per file once it has grown to the largest file). Returns
// a view of the file's bytes in `buffer`, valid until the next call with it. `expected_size`:
// the file's size when the caller knows it (the walk stat-ed every file), else -1 (asked with
// fstat); a wrong value costs time, never bytes (the file is read to its end either way).
std::optional<std::string_view> read_file_into(const std::string& path, std::string& buffer,
                                               std::string& error, int64_t expected_size = -1);

}  // namespace ascendify
