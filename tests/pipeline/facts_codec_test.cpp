// The incremental cache's encoding of one file's result (src/cache/facts_codec.hpp): for every
// file of the fixtures and the example, facts and findings as `ascendify scan` keeps them
// decode to what was encoded (encode(decode(encode(x))) == encode(x), and the sizes of the
// structs are pinned in facts_codec.cpp, so no field is left out); a blob cut short or naming
// a rule the scan lacks never decodes.
#include "cache/facts_codec.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "core/read_file.hpp"
#include "core/use_digest.hpp"
#include "discover/discover.hpp"
#include "match/matcher.hpp"
#include "pipeline/scan.hpp"
#include "pipeline/slim.hpp"
#include "rules/ruleset.hpp"

namespace ascendify {
namespace {

namespace fs = std::filesystem;

const rules::RuleSet& embedded() {
  static const rules::RuleSet rules = [] {
    std::vector<Diagnostic> d;
    return rules::load_rules({}, d);
  }();
  return rules;
}

struct Encoded {
  std::string rel_path;
  std::string blob;
  size_t findings = 0;
};

// Each file as the scan's workers see it: analysed, matched without the project's filters,
// slimmed.
std::vector<Encoded> encode_tree(const std::string& dir) {
  std::vector<Encoded> out;
  const discover::Result found = discover::walk(fs::path(ASCENDIFY_SOURCE_DIR) / dir, {});
  for (const SourceFile& file : found.files) {
    std::string error;
    const auto text = read_file(file.abs_path(), error);
    if (!text) continue;
    FileFacts facts = pipeline::analyze_file(file, *text);
    size_t suppressed = 0;
    const auto findings = match::match_file(embedded(), file, *text, facts, &suppressed);
    pipeline::slim_for_assess(facts);
    out.push_back({file.rel_path,
                   cache::encode(facts, findings, static_cast<uint32_t>(suppressed), text->size()),
                   findings.size()});
  }
  return out;
}

void expect_round_trip(const std::string& dir) {
  const auto files = encode_tree(dir);
  ASSERT_GT(files.size(), 20u);
  size_t findings = 0, digested = 0;
  for (const Encoded& e : files) {
    const auto back = cache::decode(e.blob, embedded());
    ASSERT_TRUE(back) << e.rel_path;
    EXPECT_EQ(cache::encode(back->facts, back->findings, back->suppressed, back->bytes), e.blob)
        << e.rel_path;
    for (const Finding& f : back->findings) {
      ASSERT_NE(f.rule, nullptr) << e.rel_path;
      EXPECT_EQ(f.rule, embedded().find(f.rule_id)) << e.rel_path;
      // A text the blob says is the rule's points at the rule again, no copy per finding.
      EXPECT_TRUE(!(f.message == f.rule->message) || f.message.shared()) << e.rel_path;
      EXPECT_TRUE(!(f.message_zh == f.rule->message_zh) || f.message_zh.shared()) << e.rel_path;
    }
    findings += back->findings.size();
    digested += back->facts.uses.sites.size();
  }
  EXPECT_GT(findings, 100u);  // the round trip covered real findings and digests
  EXPECT_GT(digested, 100u);
}

TEST(FactsCodec, FixturesRoundTrip) {
  expect_round_trip("tests/fixtures");
}
TEST(FactsCodec, ExampleRoundTrip) {
  expect_round_trip("examples");
}

// The largest blob of the example, for the damage tests.
Encoded largest_example() {
  auto files = encode_tree("examples");
  return *std::max_element(files.begin(), files.end(), [](const Encoded& a, const Encoded& b) {
    return a.blob.size() < b.blob.size();
  });
}

TEST(FactsCodec, EveryTruncationFails) {
  const Encoded e = largest_example();
  ASSERT_GT(e.findings, 0u);
  for (size_t n = 0; n < e.blob.size(); ++n)
    ASSERT_FALSE(cache::decode(std::string_view(e.blob).substr(0, n), embedded())) << n;
  EXPECT_FALSE(cache::decode(e.blob + '\0', embedded()));  // trailing bytes too
}

TEST(FactsCodec, UnknownRuleFails) {
  const Encoded e = largest_example();
  ASSERT_GT(e.findings, 0u);
  rules::RuleSet none;
  none.finalize();
  EXPECT_FALSE(cache::decode(e.blob, none));
}

TEST(FactsCodec, OtherVersionFails) {
  Encoded e = largest_example();
  e.blob[0] = static_cast<char>(e.blob[0] + 1);  // the version comes first, little-endian
  EXPECT_FALSE(cache::decode(e.blob, embedded()));
}

// Kernel linking reads a launch site's Native fact unchecked: a blob whose launch sites and
// launch facts disagree (count, index, kind) never decodes.
TEST(FactsCodec, LaunchFactsMustMatchLaunchSites) {
  FileFacts ff;
  Fact launch;
  launch.kind = FactKind::Native;
  launch.detail = "launch";
  launch.name = "kern";
  Fact ref;
  ref.kind = FactKind::Reference;
  ref.name = "torch.cuda.synchronize";
  Fact dep;
  dep.kind = FactKind::Dependency;
  dep.name = "torch";
  ff.facts = {dep, ref, launch};
  move_uses_to_digest(ff);
  ASSERT_EQ(ff.uses.launch_facts, std::vector<uint32_t>{1});
  ASSERT_TRUE(cache::decode(cache::encode(ff, {}, 0, 10), embedded()));
  const auto fails = [&](std::vector<uint32_t> launch_facts) {
    FileFacts bad = ff;
    bad.uses.launch_facts = std::move(launch_facts);
    return !cache::decode(cache::encode(bad, {}, 0, 10), embedded());
  };
  EXPECT_TRUE(fails({}));      // a launch site without its fact
  EXPECT_TRUE(fails({1, 1}));  // a fact without its launch site
  EXPECT_TRUE(fails({0}));     // the Dependency fact
  EXPECT_TRUE(fails({2}));     // past the end
}

// A digest whose strings moved to a worker's pool encodes exactly as its own-strings form.
TEST(FactsCodec, SharedStringsEncodeAsOwn) {
  for (const Encoded& e : encode_tree("examples")) {
    auto back = cache::decode(e.blob, embedded());
    ASSERT_TRUE(back) << e.rel_path;
    share_strings(back->facts.uses, std::make_shared<StringPool>());
    EXPECT_EQ(cache::encode(back->facts, back->findings, back->suppressed, back->bytes), e.blob)
        << e.rel_path;
  }
}

// Flipped bytes either fail to decode or decode to something that encodes back the same
// (never a crash or an out-of-range id: ASan/UBSan run this too).
TEST(FactsCodec, FlippedBytesNeverCrash) {
  const Encoded e = largest_example();
  std::mt19937 rng(7);
  size_t decoded = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string damaged = e.blob;
    damaged[rng() % damaged.size()] ^= static_cast<char>(1 + rng() % 255);
    if (const auto back = cache::decode(damaged, embedded())) {
      ++decoded;
      EXPECT_EQ(cache::encode(back->facts, back->findings, back->suppressed, back->bytes), damaged);
      for (const auto& s : back->facts.uses.sites) {
        ASSERT_LT(s.name, back->facts.uses.count());
        ASSERT_LT(s.scope, back->facts.uses.count());
      }
    }
  }
  EXPECT_LT(decoded, 3000u);  // most damage is caught
}

}  // namespace
}  // namespace ascendify
