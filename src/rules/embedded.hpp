#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

namespace ascendify::rules {

struct EmbeddedRuleFile {
  std::string_view name;  // "rules/device.yaml"
  std::string_view text;
};

// The rule files compiled into the binary (generated from rules/*.yaml by CMake).
const std::vector<EmbeddedRuleFile>& embedded_rule_files();
// The assessment model parameters (rules/model/*.yaml: effort model, phase names, ...).
const std::vector<EmbeddedRuleFile>& embedded_model_files();

// Hash of the names and texts of embedded_rule_files() / embedded_model_files(): a snapshot
// records the hash of the files it was made from, and is used only with those files.
uint64_t embedded_rules_hash();
uint64_t embedded_model_hash();

// Build-time snapshots of the parsed embedded files (written by tools/make_snapshot.cpp, compiled
// in by the CMake target ascendify_snapshot); the loaders decode them instead of parsing the
// YAML. Empty in a program linked without that target (the weak defaults of snapshot_none.cpp):
// the loaders then parse the YAML as before.
std::string_view embedded_rules_snapshot();
std::string_view embedded_model_snapshot();

}  // namespace ascendify::rules
