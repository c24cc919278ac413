#pragma once
#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/name_filter.hpp"
#include "core/rule.hpp"
#include "core/string_hash.hpp"

namespace ascendify::rules {

// All rules, with hash indexes for the matcher. Rules are stored in a std::deque-like stable
// vector: pointers to rules stay valid for the RuleSet's lifetime (never add after indexing).
class RuleSet {
 public:
  // Adds rules parsed from one YAML text; problems become diagnostics "file:line: reason"
  // and the bad rule is skipped. Returns the number of rules added.
  size_t add_yaml(std::string_view file_name, std::string_view text,
                  std::vector<Diagnostic>& diagnostics);
  // Adds rules parsed before (the embedded rules' snapshot), in order; a rule whose id is taken
  // is skipped. Returns the number of rules added.
  size_t add_parsed(std::vector<Rule> rules);
  // Builds the indexes. Call once after all add_yaml calls.
  void finalize();

  const std::vector<Rule>& all() const { return rules_; }
  // Reads every rule as it stands on target hardware `profile` (its `hardware:` entry for that
  // profile: severity, class, message, replacement, effort, or no finding at all). Call once,
  // before matching; rules without an entry for the profile are unchanged.
  void apply_hardware(std::string_view profile);
  const Rule* find(std::string_view id) const;

  // Candidate rules for a fact name under a match kind (exact names; then prefix rules whose
  // prefix starts the name). Returned pointers are stable.
  const std::vector<const Rule*>& exact(MatchKind kind, std::string_view name) const;
  const std::vector<const Rule*>& prefixed(MatchKind kind) const;
  // Prefix index: the prefix rules of `kind` one of whose names is exactly `prefix` (the
  // matcher looks up each boundary prefix of a fact name, see boundary_prefix).
  const std::vector<const Rule*>& prefixed_by(MatchKind kind, std::string_view prefix) const;
  // Prefix rules of `kind` that match every name (no names, or an empty name).
  const std::vector<const Rule*>& prefixed_any(MatchKind kind) const;
  // Length of the longest prefix name of `kind` (longer fact-name prefixes need no lookup).
  size_t longest_prefix(MatchKind kind) const;
  // Whether some prefix name of `kind` has exactly `len` bytes (saves hashing other lengths).
  bool has_prefix_length(MatchKind kind, size_t len) const {
    const auto& l = prefixed_[static_cast<size_t>(kind) % kKinds].lengths;
    return len < l.size() && l[len];
  }
  // Calls `visit(len, rules)` for each prefix name of `kind` that equals the first `len` bytes
  // of `key`, by increasing len (boundaries are the caller's check). One walk down a trie of
  // the prefix names: it stops where no name continues, instead of testing every length.
  template <typename Visit>
  void for_each_prefix_name(MatchKind kind, std::string_view key, Visit&& visit) const {
    if (static_cast<size_t>(kind) >= kKinds) return;
    const auto& nodes = prefixed_[static_cast<size_t>(kind)].trie;
    if (nodes.empty()) return;  // not finalized
    uint32_t n = 0;             // the root (empty prefix)
    for (size_t len = 1; len <= key.size(); ++len) {
      n = child(nodes[n], key[len - 1]);
      if (!n) return;
      if (nodes[n].rules) visit(len, *nodes[n].rules);
    }
  }
  // Dependency rules by distribution name and by import name.
  const Rule* dependency_by_dist(std::string_view normalized_dist) const;
  const Rule* dependency_by_import(std::string_view top_level_import) const;
  // Load order of a rule of this set (0-based); used for specificity ties.
  size_t index_of(const Rule* rule) const { return static_cast<size_t>(rule - rules_.data()); }

 private:
  using Index =
      std::unordered_map<std::string, std::vector<const Rule*>, StringViewHash, std::equal_to<>>;
  // Most fact names name no rule: the filters answer that before the hash lookup.
  static constexpr size_t kKinds = 16;  // > number of MatchKind values
  struct TrieNode {
    std::vector<std::pair<char, uint32_t>> children;  // (byte, node); 0 = none (the root)
    const std::vector<const Rule*>* rules = nullptr;  // set when a prefix name ends here
  };
  static uint32_t child(const TrieNode& node, char c) {
    for (const auto& [byte, next] : node.children)
      if (byte == c) return next;
    return 0;
  }
  struct PrefixIndex {
    std::vector<const Rule*> all, any;
    Index by_name;
    std::vector<TrieNode> trie;  // the names of by_name; node 0 is the root
    size_t longest = 0;
    std::vector<bool> lengths;  // lengths[n]: some name has n bytes
  };
  static void build_trie(PrefixIndex& p);

  std::vector<Rule> rules_;
  std::array<Index, kKinds> exact_;  // by MatchKind
  std::array<NameFilter, kKinds> exact_filter_, prefix_filter_;
  std::array<PrefixIndex, kKinds> prefixed_;  // by MatchKind
  std::unordered_map<std::string, const Rule*> by_id_, by_dist_, by_import_;
  std::unordered_set<std::string> ids_;  // filled by add_yaml (duplicate-id check)
};

// The embedded rules plus each extra file (--rules FILE, parsed from YAML). Diagnostics for bad
// rules. The embedded rules come from the build-time snapshot (embedded_rules_snapshot()) when
// it is valid, else from parsing the embedded YAML: the same rules and diagnostics either way.
RuleSet load_rules(const std::vector<std::string>& extra_files, std::vector<Diagnostic>& diags);
// The same with the embedded rules' snapshot given: an empty or invalid `snapshot` parses the
// embedded YAML.
RuleSet load_rules(const std::vector<std::string>& extra_files, std::vector<Diagnostic>& diags,
                   std::string_view snapshot);
// Parses every embedded rule file (rules/*.yaml) into `set` (what the snapshot is made from).
void add_embedded_yaml(RuleSet& set, std::vector<Diagnostic>& diags);

// Normalises a distribution name per PEP 503 ("Flash_Attn" -> "flash-attn").
std::string normalize_dist_name(std::string_view name);

}  // namespace ascendify::rules
