#pragma once
// A rule's `refs` entry in Markdown: the repository file it names becomes a link, relative to
// the folder of the document it is written into (rules/ref_paths.hpp has the convention).
#include <string>
#include <string_view>

namespace ascendify::render {

// "ascend-facts.md §2.1 (x)" in docs/rules.md (doc_dir "docs") ->
// "[`docs/knowledge/ascend-facts.md`](knowledge/ascend-facts.md) §2.1 (x)"; a source outside
// the repository is plain text (md_text). Safe in a table cell.
std::string ref_markdown(std::string_view ref, std::string_view doc_dir);

}  // namespace ascendify::render
