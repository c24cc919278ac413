#pragma once
#include <string_view>

#include "core/facts.hpp"

namespace ascendify::python {

// Python front end: text -> facts (imports with aliases and guards, resolved references,
// calls with literal arguments, method calls, strings in device contexts, classes, functions,
// main guard, suppressions). Pure function; `path` is only used in diagnostics.
FileFacts analyze(std::string_view text, std::string_view path);

}  // namespace ascendify::python
