#pragma once
#include <string>

#include "assess/assessment.hpp"
#include "render/md_util.hpp"
#include "render/render.hpp"

namespace ascendify::render {

// "## Detailed Findings (per domain)" with one subsection per domain in DESIGN order, each
// with the specification's table for that domain; `flush` between the tables' rows.
void write_domain_details(std::string& out, const Assessment& a, Lang lang,
                          const MdFlush& flush = {});

}  // namespace ascendify::render
