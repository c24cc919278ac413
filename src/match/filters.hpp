#pragma once
// Per-rule filters of a MatchSpec applied to one fact (rules/README.md, "Filters").
#include <string_view>

#include "core/facts.hpp"
#include "core/rule.hpp"

namespace ascendify::match {

// True when every filter of `spec` (usages, args, contexts, keywords, calls, targets,
// scope_contains, categories) accepts `fact`. Names and exclude are checked by the caller.
bool filters_accept(const MatchSpec& spec, const Fact& fact);

// Number of filters a spec sets (each args condition counts once); used for specificity.
int filter_count(const MatchSpec& spec);

// True when `text` ends with `suffix` at a name boundary ("self.device" ends with "device";
// "cuda_device" does not).
bool ends_with_name(std::string_view text, std::string_view suffix);

}  // namespace ascendify::match
