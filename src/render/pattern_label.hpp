#pragma once
// What a row of work is about, as the code says it (dependency matrix, manager's view).
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ascendify::render {

// The first two patterns, each through `code` (md_code, html::code), then "+N"; `code(rule_id)`
// when there is none. With `name_literals`, a first pattern that is a literal or an attribute
// tail ("cuda", .float), which says little alone, is followed by " (rule id)".
std::string patterns_label(const std::vector<std::string>& patterns, std::string_view rule_id,
                           const std::function<std::string(std::string_view)>& code,
                           bool name_literals);

}  // namespace ascendify::render
