#include "core/snapshot_io.hpp"
#include "rules/embedded.hpp"

namespace ascendify::rules {

namespace {

uint64_t hash_files(const std::vector<EmbeddedRuleFile>& files) {
  uint64_t h = files.size();
  for (const auto& f : files) h = snapshot::hash_bytes(f.text, snapshot::hash_bytes(f.name, h));
  return h;
}

}  // namespace

uint64_t embedded_rules_hash() {
  return hash_files(embedded_rule_files());
}

uint64_t embedded_model_hash() {
  return hash_files(embedded_model_files());
}

}  // namespace ascendify::rules
