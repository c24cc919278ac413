#pragma once
// `ascendify manpage`: the man page (roff, section 1) generated from the CLI definition.
#include <string>

#include "cli/cli_doc.hpp"

namespace ascendify::cli {

std::string render_manpage(const CliDoc& doc);

}  // namespace ascendify::cli
