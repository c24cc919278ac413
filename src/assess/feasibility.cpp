#include "assess/assessment.hpp"

namespace ascendify {

std::string_view to_string(Feasibility f) {
  switch (f) {
    case Feasibility::Feasible:
      return "feasible";
    case Feasibility::NeedsAdaptation:
      return "needs-adaptation";
    case Feasibility::Difficult:
      return "difficult";
    case Feasibility::Infeasible:
      return "infeasible";
  }
  return "needs-adaptation";
}

std::optional<Feasibility> parse_feasibility(std::string_view s) {
  for (Feasibility f : {Feasibility::Feasible, Feasibility::NeedsAdaptation, Feasibility::Difficult,
                        Feasibility::Infeasible})
    if (to_string(f) == s) return f;
  return std::nullopt;
}

std::string_view to_chinese(Feasibility f) {
  switch (f) {
    case Feasibility::Feasible:
      return "可行";
    case Feasibility::NeedsAdaptation:
      return "需适配";
    case Feasibility::Difficult:
      return "困难";
    case Feasibility::Infeasible:
      return "不可行";
  }
  return "需适配";
}

}  // namespace ascendify
