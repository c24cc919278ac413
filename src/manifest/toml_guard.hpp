#pragma once
#include <string>
#include <string_view>

namespace ascendify::manifest {

// toml++ 3.3's is_non_ascii_horizontal_whitespace() reaches __builtin_unreachable for some
// non-ASCII code points outside strings (U+00A1..U+0499, U+FCF6..U+FEFE, ...): undefined
// behaviour on hostile or merely unusual input (found by fuzzing). This returns a copy of the
// text where each such code point is replaced by a safe one of the same UTF-8 length, so
// offsets and lines are unchanged; only non-ASCII text (never a package name) can differ.
std::string mask_toml_unreachable(std::string_view text);

}  // namespace ascendify::manifest
