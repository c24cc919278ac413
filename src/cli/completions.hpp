#pragma once
// `ascendify completions bash|zsh|fish`: shell completion scripts generated from the CLI
// definition (subcommands, their options, the fixed values an option accepts, files else).
#include <string>

#include "cli/cli_doc.hpp"

namespace ascendify::cli {

// "" for a shell it does not know.
std::string render_completion(const CliDoc& doc, const std::string& shell);

}  // namespace ascendify::cli
