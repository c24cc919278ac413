#pragma once
#include <optional>
#include <string>

namespace ascendify::pipeline {

// Reads a whole file in binary mode. On failure returns nullopt and sets `error`.
std::optional<std::string> read_file(const std::string& path, std::string& error);

}  // namespace ascendify::pipeline
