#pragma once
// Where a rule's `refs` entry points (rules/README.md, "refs"). A ref starts with its source:
//   - a bare knowledge file name, "ascend-facts.md §2.1 (...)": docs/knowledge/ascend-facts.md;
//   - a repository path, "docs/facts/operator-notes.md (b)", "rules/model/versions.yaml";
//   - anything else is a source outside the repository: "owner/repo#123", "owner/repo path",
//     a URL.
// Every file a ref names this way exists in the repository (tests/e2e/docs_refs_test.cpp).
#include <string>
#include <string_view>

namespace ascendify::rules {

// Folder of the knowledge files a bare name stands for, relative to the repository root.
inline constexpr std::string_view kKnowledgeDir = "docs/knowledge";

struct RefSource {
  std::string path;     // the repository file the ref names; "" for a source outside it
  size_t name_end = 0;  // `ref` up to here spells that file (leading blanks included)
};

// The repository file `ref` names first, if any.
RefSource ref_source(std::string_view ref);

// The ref as a reader of this repository needs it: a bare knowledge file name replaced by its
// path ("docs/knowledge/ascend-facts.md §2.1 (...)"); any other ref unchanged.
std::string ref_in_repo(std::string_view ref);

// `path` (relative to the repository root) relative to the folder `from_dir` (also relative to
// the root; "" is the root): ("docs/knowledge/a.md", "docs") -> "knowledge/a.md",
// ("rules/model/v.yaml", "docs") -> "../rules/model/v.yaml".
std::string relative_to(std::string_view path, std::string_view from_dir);

}  // namespace ascendify::rules
