#pragma once
// The per-file half of the step from a file's matched findings to the project's: hits that
// name the project's own packages, or of rules that skip tests in test code, are not findings;
// rules with `aggregate: file` report once per file. Built once the walk has found every file
// (own packages need the whole list); applied by the pipeline's workers to each file.
#include <string_view>
#include <vector>

#include "core/finding.hpp"
#include "core/rule.hpp"
#include "core/source_file.hpp"
#include "project/project_packages.hpp"

namespace ascendify::project {

struct FilterOptions {
  // Drop hits on the project's own packages and of `skip_in_tests` rules in test code (scan,
  // fix). Off: every hit is a finding (tests of the matcher).
  bool own_code = false;
  // Fold `aggregate: file` rules into one finding per file (scan without --all-sites).
  bool aggregate = false;
};

class FileFilters {
 public:
  FileFilters() = default;  // keeps every finding
  FileFilters(const std::vector<SourceFile>& files, FilterOptions options);

  // True: a hit of `rule` on `match` in the file at `path` is not a finding.
  bool drops(std::string_view path, const Rule& rule, std::string_view match) const;
  bool drops(const Finding& f) const { return f.rule && drops(f.path, *f.rule, f.match); }
  // True: `f`, a finding derived across files (a wrapper's call, a table check: its match is
  // no module path), is in test code and its rule skips tests.
  bool skips_in_tests(const Finding& f) const;
  // The hits `drops` refuses, then the aggregation; `findings` sorted (the first site of a
  // rule is the one reported).
  void apply(std::vector<Finding>& findings) const;
  // Whether `drops` can refuse anything (the matcher skips the test otherwise).
  bool drops_any() const { return options_.own_code; }
  const OwnPackages& own_packages() const { return own_; }

 private:
  FilterOptions options_;
  OwnPackages own_;
};

}  // namespace ascendify::project
