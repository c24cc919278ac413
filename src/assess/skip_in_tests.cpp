#include "assess/skip_in_tests.hpp"

#include <algorithm>

#include "assess/entry_points.hpp"
#include "assess/model.hpp"

namespace ascendify::assess {

bool skipped_in_tests(const Rule& rule, std::string_view path) {
  return rule.skip_in_tests && is_test_path(path, embedded_model().phases);
}

size_t drop_skipped_in_tests(std::vector<Finding>& findings) {
  const size_t before = findings.size();
  std::erase_if(findings,
                [](const Finding& f) { return f.rule && skipped_in_tests(*f.rule, f.path); });
  return before - findings.size();
}

}  // namespace ascendify::assess
