#include "project/file_filters.hpp"

#include <algorithm>

#include "project/aggregate.hpp"
#include "project/skip_in_tests.hpp"

namespace ascendify::project {

FileFilters::FileFilters(const std::vector<SourceFile>& files, FilterOptions options)
    : options_(options), own_(options.own_code ? project_packages(files) : OwnPackages{}) {}

bool FileFilters::drops(std::string_view path, const Rule& rule, std::string_view match) const {
  return options_.own_code && is_not_a_finding(own_, rule, path, match);
}

bool FileFilters::skips_in_tests(const Finding& f) const {
  return options_.own_code && f.rule && skipped_in_tests(*f.rule, f.path);
}

void FileFilters::apply(std::vector<Finding>& findings) const {
  if (options_.own_code) std::erase_if(findings, [&](const Finding& f) { return drops(f); });
  if (options_.aggregate) aggregate_per_file(findings);
}

}  // namespace ascendify::project
