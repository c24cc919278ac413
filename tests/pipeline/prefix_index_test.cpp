// The prefix index of RuleSet finds exactly the prefix rules a scan of every rule would find.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "rules/normalize.hpp"
#include "rules/ruleset.hpp"

namespace ascendify::rules {
namespace {

bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The hash index: look up every boundary prefix of `key`.
std::set<std::pair<const Rule*, size_t>> by_index(const RuleSet& s, MatchKind k,
                                                  std::string_view key) {
  std::set<std::pair<const Rule*, size_t>> out;
  for (size_t len = 1; len <= std::min(key.size(), s.longest_prefix(k)); ++len) {
    const char last = key[len - 1];
    if (len != key.size() && is_word(last) && last != '_' && is_word(key[len])) continue;
    if (!s.has_prefix_length(k, len)) continue;
    for (const Rule* r : s.prefixed_by(k, key.substr(0, len))) out.emplace(r, len);
  }
  return out;
}

// What the matcher does: walk the trie of prefix names, keep the boundary prefixes.
std::set<std::pair<const Rule*, size_t>> by_trie(const RuleSet& s, MatchKind k,
                                                 std::string_view key) {
  std::set<std::pair<const Rule*, size_t>> out;
  s.for_each_prefix_name(k, key, [&](size_t len, const std::vector<const Rule*>& rules) {
    const char last = key[len - 1];
    if (len != key.size() && is_word(last) && last != '_' && is_word(key[len])) return;
    for (const Rule* r : rules) out.emplace(r, len);
  });
  return out;
}

// Brute force: every prefix rule, every name.
std::set<std::pair<const Rule*, size_t>> by_scan(const RuleSet& s, MatchKind k,
                                                 std::string_view key) {
  std::set<std::pair<const Rule*, size_t>> out;
  for (const Rule* r : s.prefixed(k))
    for (const auto& n : r->match.names)
      if (!n.empty() && boundary_prefix(key, n)) out.emplace(r, n.size());
  return out;
}

TEST(PrefixIndex, AgreesWithScanOnEmbeddedRules) {
  std::vector<Diagnostic> diags;
  RuleSet s = load_rules({}, diags);
  size_t checked = 0, hits = 0;
  for (int k = 0; k <= static_cast<int>(MatchKind::Native); ++k) {
    const MatchKind kind = static_cast<MatchKind>(k);
    std::set<std::string> probes = {"", "x", "torch", "torch.cuda", "torch.cudax"};
    for (const Rule* r : s.prefixed(kind)) {
      for (const auto& n : r->match.names) {
        for (const char* tail : {"", ".x", "x", "_y", "/z", "::f", " a"}) probes.insert(n + tail);
        if (n.size() > 1) probes.insert(n.substr(0, n.size() - 1));
      }
    }
    for (const auto& p : probes) {
      auto a = by_index(s, kind, p), b = by_scan(s, kind, p), c = by_trie(s, kind, p);
      EXPECT_EQ(a, b) << "kind " << k << " key '" << p << "'";
      EXPECT_EQ(c, b) << "trie, kind " << k << " key '" << p << "'";
      ++checked;
      hits += b.size();
    }
  }
  EXPECT_GT(checked, 100u);
  EXPECT_GT(hits, 50u);
}

TEST(PrefixIndex, BoundaryRules) {
  std::vector<Diagnostic> diags;
  RuleSet s;
  s.add_yaml("t.yaml", R"(
- id: device.t-dot
  domain: device
  message: m
  confidence: high
  severity: info
  refs: ["test"]
  match: {kind: reference, prefix: true, names: ["torch.cuda."]}
- id: device.t-word
  domain: device
  message: m
  confidence: high
  severity: info
  refs: ["test"]
  match: {kind: reference, prefix: true, names: ["flash_attn"]}
- id: device.t-under
  domain: device
  message: m
  confidence: high
  severity: info
  refs: ["test"]
  match: {kind: env, prefix: true, names: ["NCCL_"]}
)",
             diags);
  s.finalize();
  ASSERT_TRUE(diags.empty()) << diags.front().message;
  auto ids = [&](MatchKind k, std::string_view key) {
    std::vector<std::string> out;
    for (const auto& [r, len] : by_index(s, k, key)) out.push_back(r->id);
    std::vector<std::string> walked;
    for (const auto& [r, len] : by_trie(s, k, key)) walked.push_back(r->id);
    EXPECT_EQ(walked, out) << key;
    return out;
  };
  EXPECT_EQ(ids(MatchKind::Reference, "torch.cuda.synchronize"),
            std::vector<std::string>{"device.t-dot"});
  EXPECT_TRUE(ids(MatchKind::Reference, "torch.cuda").empty());
  EXPECT_EQ(ids(MatchKind::Reference, "flash_attn"), std::vector<std::string>{"device.t-word"});
  EXPECT_EQ(ids(MatchKind::Reference, "flash_attn.ops"), std::vector<std::string>{"device.t-word"});
  EXPECT_TRUE(ids(MatchKind::Reference, "flash_attn_2").empty());
  EXPECT_EQ(ids(MatchKind::Env, "NCCL_DEBUG"), std::vector<std::string>{"device.t-under"});
  EXPECT_TRUE(ids(MatchKind::Env, "NCCL").empty());
  EXPECT_EQ(s.longest_prefix(MatchKind::Reference), 11u);
}

}  // namespace
}  // namespace ascendify::rules
