#pragma once
#include <vector>

#include "core/finding.hpp"

namespace ascendify::project {

// Folds the findings of `aggregate: file` rules into one per (rule, file): the first site,
// with `sites` = their number and the message noting the count. `findings` must be sorted;
// order is kept. Returns how many findings were folded away.
size_t aggregate_per_file(std::vector<Finding>& findings);

}  // namespace ascendify::project
