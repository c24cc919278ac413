#include "rules/ruleset.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/text.hpp"
#include "rules/embedded.hpp"
#include "rules/rule_parser.hpp"
#include "rules/snapshot.hpp"

namespace ascendify::rules {

namespace {

size_t slot(MatchKind kind) {
  return static_cast<size_t>(kind);
}

const std::vector<const Rule*> kNone;

size_t longest_name(const Rule* r) {
  size_t n = 0;
  for (const auto& s : r->match.names) n = std::max(n, s.size());
  return n;
}

}  // namespace

size_t RuleSet::add_yaml(std::string_view file_name, std::string_view text,
                         std::vector<Diagnostic>& diagnostics) {
  const std::string file(file_name);
  auto diag = [&](uint32_t line, std::string reason) {
    diagnostics.push_back(Diagnostic{file, line, std::move(reason)});
  };
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
  } catch (const YAML::Exception& e) {
    diag(e.mark.line >= 0 ? static_cast<uint32_t>(e.mark.line) + 1 : 0,
         "YAML syntax error: " + e.msg);
    return 0;
  } catch (const std::exception& e) {
    diag(0, std::string("cannot parse rule file: ") + e.what());
    return 0;
  }
  size_t added = 0;
  try {
    if (!root || root.IsNull()) return 0;
    YAML::Node list = root;
    if (root.IsMap()) {
      for (const auto& kv : root) {
        if (!kv.first.IsScalar() || kv.first.Scalar() != "rules") {
          diag(static_cast<uint32_t>(kv.first.Mark().line + 1),
               "unknown top-level key (a rule file is a list of rules or {rules: [...]})");
          return 0;
        }
      }
      list = root["rules"];
    }
    if (!list.IsSequence()) {
      diag(static_cast<uint32_t>(list.Mark().line + 1),
           "a rule file must be a list of rules or {rules: [...]}");
      return 0;
    }
    for (const auto& node : list) {
      ParseError err;
      std::optional<Rule> rule = parse_rule(node, file_name, err);
      if (!rule) {
        diag(err.line, err.reason);
        continue;
      }
      if (!ids_.insert(rule->id).second) {
        diag(static_cast<uint32_t>(node["id"].Mark().line + 1),
             "duplicate rule id '" + rule->id + "' (rule skipped)");
        continue;
      }
      rules_.push_back(std::move(*rule));
      ++added;
    }
  } catch (const std::exception& e) {
    diag(0, std::string("cannot read rule file: ") + e.what());
  }
  return added;
}

size_t RuleSet::add_parsed(std::vector<Rule> rules) {
  size_t added = 0;
  rules_.reserve(rules_.size() + rules.size());
  for (Rule& rule : rules) {
    if (!ids_.insert(rule.id).second) continue;
    rules_.push_back(std::move(rule));
    ++added;
  }
  return added;
}

void RuleSet::finalize() {
  for (auto& m : exact_) m.clear();
  for (auto& p : prefixed_) p = PrefixIndex{};
  exact_filter_ = {};
  prefix_filter_ = {};
  by_id_.clear();
  by_dist_.clear();
  by_import_.clear();
  for (const Rule& r : rules_) {
    by_id_.emplace(r.id, &r);
    const MatchSpec& m = r.match;
    if (slot(m.kind) >= kKinds) continue;
    if (m.prefix || m.names.empty()) {
      PrefixIndex& p = prefixed_[slot(m.kind)];
      p.all.push_back(&r);
      bool any = m.names.empty();
      for (const auto& name : m.names) {
        if (name.empty()) {
          any = true;
          continue;
        }
        auto& v = p.by_name[name];
        if (std::find(v.begin(), v.end(), &r) == v.end()) v.push_back(&r);
        prefix_filter_[slot(m.kind)].add(name);
        p.longest = std::max(p.longest, name.size());
        if (p.lengths.size() <= name.size()) p.lengths.resize(name.size() + 1);
        p.lengths[name.size()] = true;
      }
      if (any) p.any.push_back(&r);
    } else {
      for (const auto& name : m.names) {
        auto& v = exact_[slot(m.kind)][name];
        if (std::find(v.begin(), v.end(), &r) == v.end()) v.push_back(&r);
        exact_filter_[slot(m.kind)].add(name);
      }
    }
    if (m.kind == MatchKind::Dependency) {
      // A conditional rule (detail_contains: a CUDA build of torch) classifies only some
      // declarations; the package's unconditional rule is its classification.
      if (m.detail_contains.empty())
        for (const auto& name : m.names) by_dist_.emplace(name, &r);
      for (const auto& imp : m.import_names) by_import_.emplace(imp, &r);
    }
  }
  for (auto& p : prefixed_) {
    build_trie(p);
    std::stable_sort(p.all.begin(), p.all.end(), [](const Rule* a, const Rule* b) {
      return longest_name(a) > longest_name(b);
    });
  }
}

void RuleSet::build_trie(PrefixIndex& p) {
  p.trie.assign(1, TrieNode{});
  for (const auto& [name, rules] : p.by_name) {
    uint32_t n = 0;
    for (char c : name) {
      uint32_t next = child(p.trie[n], c);
      if (!next) {
        next = static_cast<uint32_t>(p.trie.size());
        p.trie[n].children.emplace_back(c, next);
        p.trie.emplace_back();
      }
      n = next;
    }
    p.trie[n].rules = &rules;  // map nodes are stable: the pointer outlives rehashing
  }
}

void RuleSet::apply_hardware(std::string_view profile) {
  for (Rule& r : rules_) {
    for (const HardwareOverride& o : r.hardware) {
      if (o.profile != profile) continue;
      r.match.disabled = !o.applies;
      if (o.severity) r.severity = *o.severity;
      if (o.site_class) r.site_class = *o.site_class;
      // An English override without Chinese text leaves the Chinese report in English rather
      // than showing the rule's general advice next to the profile's.
      if (!o.message.empty()) r.message = o.message, r.message_zh = o.message_zh;
      if (!o.replacement.empty())
        r.replacement = o.replacement, r.replacement_zh = o.replacement_zh;
      if (o.effort) r.effort = *o.effort;
    }
  }
}

const Rule* RuleSet::find(std::string_view id) const {
  auto it = by_id_.find(std::string(id));
  return it == by_id_.end() ? nullptr : it->second;
}

const std::vector<const Rule*>& RuleSet::exact(MatchKind kind, std::string_view name) const {
  if (slot(kind) >= kKinds || !exact_filter_[slot(kind)].may_contain(name)) return kNone;
  const Index& m = exact_[slot(kind)];
  auto it = m.find(name);
  return it == m.end() ? kNone : it->second;
}

const std::vector<const Rule*>& RuleSet::prefixed(MatchKind kind) const {
  return slot(kind) < kKinds ? prefixed_[slot(kind)].all : kNone;
}

const std::vector<const Rule*>& RuleSet::prefixed_by(MatchKind kind,
                                                     std::string_view prefix) const {
  if (slot(kind) >= kKinds || !prefix_filter_[slot(kind)].may_contain(prefix)) return kNone;
  const Index& m = prefixed_[slot(kind)].by_name;
  auto it = m.find(prefix);
  return it == m.end() ? kNone : it->second;
}

const std::vector<const Rule*>& RuleSet::prefixed_any(MatchKind kind) const {
  return slot(kind) < kKinds ? prefixed_[slot(kind)].any : kNone;
}

size_t RuleSet::longest_prefix(MatchKind kind) const {
  return slot(kind) < kKinds ? prefixed_[slot(kind)].longest : 0;
}

const Rule* RuleSet::dependency_by_dist(std::string_view normalized_dist) const {
  auto it = by_dist_.find(std::string(normalized_dist));
  return it == by_dist_.end() ? nullptr : it->second;
}

const Rule* RuleSet::dependency_by_import(std::string_view top_level_import) const {
  auto it = by_import_.find(std::string(top_level_import));
  return it == by_import_.end() ? nullptr : it->second;
}

void add_embedded_yaml(RuleSet& set, std::vector<Diagnostic>& diags) {
  for (const auto& f : embedded_rule_files()) set.add_yaml(f.name, f.text, diags);
}

RuleSet load_rules(const std::vector<std::string>& extra_files, std::vector<Diagnostic>& diags) {
  return load_rules(extra_files, diags, embedded_rules_snapshot());
}

RuleSet load_rules(const std::vector<std::string>& extra_files, std::vector<Diagnostic>& diags,
                   std::string_view snapshot) {
  RuleSet set;
  std::vector<Rule> embedded;
  if (read_rules_snapshot(snapshot, embedded_rules_hash(), embedded, diags))
    set.add_parsed(std::move(embedded));
  else
    add_embedded_yaml(set, diags);
  for (const auto& path : extra_files) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      diags.push_back(Diagnostic{path, 0, "cannot read rule file"});
      continue;
    }
    std::ostringstream buf;
    buf << in.rdbuf();
    set.add_yaml(path, buf.str(), diags);
  }
  set.finalize();
  return set;
}

std::string normalize_dist_name(std::string_view name) {
  return ascendify::normalize_dist_name(name);
}

}  // namespace ascendify::rules
