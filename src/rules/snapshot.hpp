#pragma once
// The parsed embedded rules in snapshot form (core/snapshot_io.hpp): written at build time by
// tools/make_snapshot.cpp, decoded by load_rules at start instead of parsing rules/*.yaml.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/rule.hpp"

namespace ascendify::rules {

// Bump when the encoding changes (a field added to Rule, MatchSpec, ArgCondition, Autofix, ...).
inline constexpr uint32_t kRulesSnapshotVersion = 11;

// The rules in load order and the diagnostics their parse gave, framed with `source_hash`.
std::string write_rules_snapshot(const std::vector<Rule>& rules,
                                 const std::vector<Diagnostic>& diagnostics, uint64_t source_hash);

// Decodes a snapshot written by write_rules_snapshot from the files of `source_hash`. False,
// with `rules` and `diagnostics` untouched, when it is empty, stale, of another version or
// corrupt (the caller then parses the YAML).
bool read_rules_snapshot(std::string_view blob, uint64_t source_hash, std::vector<Rule>& rules,
                         std::vector<Diagnostic>& diagnostics);

}  // namespace ascendify::rules
