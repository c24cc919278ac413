#pragma once
// The verdict's deciding criterion in Chinese (Assessment::verdict_basis; the English one is
// Assessment::feasibility_evidence), shared by the Markdown and HTML reports.
#include <string>
#include <string_view>

#include "assess/assessment.hpp"

namespace ascendify::render {

// How a report writes repository text (a phase, a framework's name) and a command.
struct TextStyle {
  std::string (*text)(std::string_view);
  std::string (*code)(std::string_view);
};

// "" when the basis is Kind::None (or a counterpart verdict without a counterpart).
std::string basis_zh(const Assessment& a, const TextStyle& style);

}  // namespace ascendify::render
