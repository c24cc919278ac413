#include "project/skip_in_tests.hpp"

#include "assess/entry_points.hpp"
#include "assess/model.hpp"

namespace ascendify::project {

bool skipped_in_tests(const Rule& rule, std::string_view path) {
  return rule.skip_in_tests && assess::is_test_path(path, assess::embedded_model().phases);
}

bool is_not_a_finding(const OwnPackages& own, const Rule& rule, std::string_view path,
                      std::string_view match) {
  return is_self_reference(own, rule, path, match) || skipped_in_tests(rule, path);
}

}  // namespace ascendify::project
