#pragma once
#include <functional>
#include <string_view>
#include <vector>

#include "core/facts.hpp"
#include "core/finding.hpp"
#include "core/source_file.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::match {

// Facts of one file x rules -> findings (snippets taken from `text`), sorted (Finding's
// operator<). Suppressed findings (`# ascendify: ignore[...]`) are not returned; their number
// is added to `suppressed`.
// `drop` (optional) is asked about each hit before its Finding is built: true drops it, as
// if it had been removed from the result (after suppressions are counted). A caller's filter
// that would throw away most findings of a file (own-package references) costs no Finding.
using DropHit =
    std::function<bool(const SourceFile& file, const Rule& rule, std::string_view match)>;
std::vector<Finding> match_file(const rules::RuleSet& rules, const SourceFile& file,
                                std::string_view text, const FileFacts& facts,
                                size_t* suppressed = nullptr, const DropHit* drop = nullptr);

// Normalises a device/backend string value for matching: "cuda:0" -> "cuda:N",
// "cuda:{}" -> "cuda:N", "CUDA" stays "CUDA". Other strings unchanged.
std::string normalize_string_value(std::string_view value);

}  // namespace ascendify::match
