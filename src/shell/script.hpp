#pragma once
// Runs the shell analysis over [begin, end) of a buffer whose offsets match the file text.
#include <string_view>

#include "shell/commands.hpp"

namespace ascendify::shell {

void analyze_script(std::string_view buf, uint32_t begin, uint32_t end, Emitter& em,
                    std::string_view path);

// Sorts facts by position (stable) so output order follows the file.
void sort_facts(FileFacts& out);

}  // namespace ascendify::shell
