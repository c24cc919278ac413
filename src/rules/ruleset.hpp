#pragma once
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/rule.hpp"

namespace ascendify::rules {

// All rules, with hash indexes for the matcher. Rules are stored in a std::deque-like stable
// vector: pointers to rules stay valid for the RuleSet's lifetime (never add after indexing).
class RuleSet {
 public:
  // Adds rules parsed from one YAML text; problems become diagnostics "file:line: reason"
  // and the bad rule is skipped. Returns the number of rules added.
  size_t add_yaml(std::string_view file_name, std::string_view text,
                  std::vector<Diagnostic>& diagnostics);
  // Builds the indexes. Call once after all add_yaml calls.
  void finalize();

  const std::vector<Rule>& all() const { return rules_; }
  const Rule* find(std::string_view id) const;

  // Candidate rules for a fact name under a match kind (exact names; then prefix rules whose
  // prefix starts the name). Returned pointers are stable.
  const std::vector<const Rule*>& exact(MatchKind kind, std::string_view name) const;
  const std::vector<const Rule*>& prefixed(MatchKind kind) const;
  // Dependency rules by distribution name and by import name.
  const Rule* dependency_by_dist(std::string_view normalized_dist) const;
  const Rule* dependency_by_import(std::string_view top_level_import) const;
  // Load order of a rule of this set (0-based); used for specificity ties.
  size_t index_of(const Rule* rule) const { return static_cast<size_t>(rule - rules_.data()); }

 private:
  std::vector<Rule> rules_;
  std::unordered_map<std::string, std::vector<const Rule*>> exact_;  // key: kind + '\0' + name
  std::unordered_map<int, std::vector<const Rule*>> prefixed_;
  std::unordered_map<std::string, const Rule*> by_id_, by_dist_, by_import_;
  std::unordered_set<std::string> ids_;  // filled by add_yaml (duplicate-id check)
};

// The embedded rules plus each extra file (--rules FILE). Diagnostics for bad rules.
RuleSet load_rules(const std::vector<std::string>& extra_files, std::vector<Diagnostic>& diags);

// Normalises a distribution name per PEP 503 ("Flash_Attn" -> "flash-attn").
std::string normalize_dist_name(std::string_view name);

}  // namespace ascendify::rules
