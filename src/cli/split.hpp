#pragma once
#include "core/text.hpp"

namespace ascendify::cli {

// "a,b,,c" -> {"a", "b", "c"}: comma-separated option values, empty items dropped.
using ascendify::split_commas;

}  // namespace ascendify::cli
