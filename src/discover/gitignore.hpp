#pragma once
// .gitignore semantics: parsing of pattern files and the ignore decision for a path.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "discover/glob.hpp"

namespace ascendify::discover {

struct IgnorePattern {
  Glob glob;
  bool negate = false;    // `!pattern`: re-include
  bool dir_only = false;  // `pattern/`: matches directories only
  bool anchored = false;  // contains a '/' (not trailing): matched against the path relative
                          // to the .gitignore's directory; otherwise against the basename
};

// Parses one line; returns false for blank lines, comments and empty patterns.
bool parse_ignore_line(std::string_view line, IgnorePattern& out);

// Parses a whole .gitignore / info/exclude text (a UTF-8 BOM, CRLF line ends accepted).
std::vector<IgnorePattern> parse_ignore_file(std::string_view text);

// The patterns of one .gitignore, chained to those of the enclosing directories. Lists
// closer to the path take precedence; within a list, later patterns win.
struct IgnoreList {
  std::string base;  // directory of the .gitignore, relative to the root ("" for the root)
  std::vector<IgnorePattern> patterns;
  std::shared_ptr<const IgnoreList> parent;
};

// True when `rel_path` (root-relative, '/'-separated) is ignored by `list` or its parents.
// Every list in the chain must have a base that is an ancestor of rel_path. The caller
// handles the "excluded parent directory" rule by not descending into ignored directories.
bool is_ignored(const IgnoreList* list, std::string_view rel_path, bool is_dir);

}  // namespace ascendify::discover
