#include "render/pattern_label.hpp"

namespace ascendify::render {

std::string patterns_label(const std::vector<std::string>& patterns, std::string_view rule_id,
                           const std::function<std::string(std::string_view)>& code,
                           bool name_literals) {
  std::string out;
  for (size_t i = 0; i < patterns.size() && i < 2; ++i) {
    if (i) out += ", ";
    out += code(patterns[i]);
  }
  if (patterns.size() > 2) out += " +" + std::to_string(patterns.size() - 2);
  if (out.empty()) return code(rule_id);
  const char c = patterns.front().empty() ? ' ' : patterns.front().front();
  if (name_literals && (c == '"' || c == '\'' || c == '.')) out += " (" + code(rule_id) + ")";
  return out;
}

}  // namespace ascendify::render
