#pragma once
// The text of `ascendify explain RULE`: also the hover text of `ascendify lsp`.
#include <string>

#include "core/rule.hpp"

namespace ascendify::cli {

std::string explain_text(const Rule& r);

}  // namespace ascendify::cli
