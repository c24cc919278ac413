#pragma once
#include <string>

#include "assess/assessment.hpp"
#include "render/render.hpp"

namespace ascendify::render {

// "## Detailed Findings (per domain)" with one subsection per domain in DESIGN order, each
// with the specification's table for that domain.
void write_domain_details(std::string& out, const Assessment& a, Lang lang);

}  // namespace ascendify::render
