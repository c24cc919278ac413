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

void FileFilters::apply(std::vector<Finding>& findings) const {
  if (options_.own_code) std::erase_if(findings, [&](const Finding& f) { return drops(f); });
  if (options_.aggregate) aggregate_per_file(findings);
}

}  // namespace ascendify::project
