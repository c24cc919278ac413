#pragma once
// The cached result of one file (src/cache/file_cache.hpp) as bytes: its facts as the scan
// keeps them for assess, its findings before the project's per-file filters, the suppressed
// count and its size. Decoding checks every count, enumerator, string id and rule id and
// fails on anything it would not have written: a cache entry is never trusted blindly.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/facts.hpp"
#include "core/finding.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::cache {

// Bump when the encoding or the meaning of a field changes (the static_asserts in
// facts_codec.cpp fail when a struct it encodes changes size).
inline constexpr uint32_t kFactsCodecVersion = 5;  // 2: KernelFact::kind; 3: Finding::manual;
                                                   // 4: 16-byte digest sites; 5: DefSite

struct FileResult {
  FileFacts facts;
  std::vector<Finding> findings;  // Finding::rule points into the RuleSet given to decode
  uint32_t suppressed = 0;
  uint64_t bytes = 0;  // the file's size as read
};

std::string encode(const FileFacts& facts, const std::vector<Finding>& findings,
                   uint32_t suppressed, uint64_t bytes);

// nullopt when `blob` is not an encoding this version writes, or names a rule `rules` lacks.
std::optional<FileResult> decode(std::string_view blob, const rules::RuleSet& rules);

}  // namespace ascendify::cache
