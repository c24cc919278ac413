#pragma once
#include <string>

#include "assess/assessment.hpp"
#include "render/render.hpp"

namespace ascendify::render {

// "## At a glance": the manager's page that opens the Markdown report (summary_view.hpp):
// verdict and weeks, what stops the run (file:line), the work to adapt by hand, the mechanical
// work with the `fix` command, the tuning, and the assumptions.
void write_glance(std::string& out, const Assessment& a, Lang lang);

}  // namespace ascendify::render
