// The use digest keeps every Reference, MethodCall call and launch with its strings interned per
// file; attribute reads (MethodCall, Usage::Load) are not kept, and a method call's site names
// its receiver (the method's own name is not kept).
#include "core/use_digest.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/text.hpp"

namespace ascendify {
namespace {

Fact fact(FactKind kind, std::string name, std::string scope = "", std::string receiver = "",
          uint32_t line = 1) {
  Fact f;
  f.kind = kind;
  if (kind == FactKind::MethodCall) f.usage = Usage::Call;  // `.name(...)`
  f.name = std::move(name);
  f.scope = std::move(scope);
  f.receiver = std::move(receiver);
  f.span.line = line;
  return f;
}

TEST(UseDigest, InternsEachStringOnceAcrossFields) {
  std::vector<Fact> facts = {
      fact(FactKind::Reference, "torch.cuda.synchronize", "Model.forward", "", 3),
      fact(FactKind::MethodCall, "cuda", "Model.forward", "self.weight", 4),
      fact(FactKind::String, "ignored", "Model.forward"),
      fact(FactKind::MethodCall, "self.weight", "f", "cuda", 5),  // names reused in other fields
      fact(FactKind::Reference, "a_name_longer_than_sixteen_bytes", "Model.forward", "", 6),
      fact(FactKind::Reference, "torch.cuda.synchronize", "", "", 7),
  };
  const UseDigest d = digest_uses(facts);
  ASSERT_EQ(d.sites.size(), 5u);
  const auto sites = d.sites.to_vector();
  ASSERT_EQ(sites.size(), 5u);
  auto s = [&](uint32_t id) { return std::string(d.str(id)); };
  EXPECT_EQ(s(sites[0].name), "torch.cuda.synchronize");
  EXPECT_EQ(s(sites[0].scope), "Model.forward");
  EXPECT_EQ(sites[0].line, 3u);
  EXPECT_EQ(s(sites[1].name), "self.weight");  // the receiver of `.cuda()`
  EXPECT_EQ(sites[1].kind, FactKind::MethodCall);
  EXPECT_EQ(s(sites[2].name), "cuda");  // the receiver of `.self.weight()`
  EXPECT_EQ(s(sites[2].scope), "f");
  EXPECT_EQ(sites[3].scope, sites[1].scope);
  EXPECT_EQ(s(sites[3].name), "a_name_longer_than_sixteen_bytes");
  EXPECT_EQ(sites[4].name, sites[0].name);
  EXPECT_EQ(sites[4].scope, 0u);
  // "", and six distinct strings.
  EXPECT_EQ(d.count(), 7u);
  EXPECT_TRUE(d.launch_facts.empty());
}

TEST(UseDigest, AttributeReadsAreNotKept) {
  Fact read = fact(FactKind::MethodCall, "is_cuda", "f", "x", 2);
  read.usage = Usage::Load;  // `x.is_cuda`
  FileFacts ff;
  ff.facts = {fact(FactKind::MethodCall, "cuda", "f", "x", 1), read,
              fact(FactKind::Reference, "torch.cuda.is_available", "f", "", 3)};
  move_uses_to_digest(ff);
  EXPECT_TRUE(ff.facts.empty());  // gone from the facts as well
  const auto sites = ff.uses.sites.to_vector();
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(ff.uses.str(sites[0].name), "x");
  EXPECT_EQ(sites[0].line, 1u);
  EXPECT_EQ(ff.uses.str(sites[1].name), "torch.cuda.is_available");
  EXPECT_EQ(ff.uses.count(), 4u);  // "", x, f, torch.cuda.is_available: no "cuda", "is_cuda"
}

TEST(UseDigest, ManyStringsStayDistinct) {
  std::vector<Fact> facts;
  for (int i = 0; i < 3000; ++i)
    facts.push_back(fact(FactKind::Reference, concat({"m", std::to_string(i % 1000), ".f"}),
                         concat({"scope", std::to_string(i / 7)}), "", i + 1));
  const UseDigest d = digest_uses(facts);
  const auto sites = d.sites.to_vector();
  ASSERT_EQ(sites.size(), facts.size());
  for (size_t i = 0; i < facts.size(); ++i) {
    EXPECT_EQ(d.str(sites[i].name), facts[i].name);
    EXPECT_EQ(d.str(sites[i].scope), facts[i].scope);
    EXPECT_EQ(sites[i].line, i + 1);
  }
  EXPECT_EQ(d.count(), 1u + 1000u + (2999u / 7 + 1));
}

TEST(UseDigest, NamesDifferingInOneByteAtAnyLength) {
  std::vector<Fact> facts;
  for (size_t len = 1; len <= 20; ++len)
    for (size_t at = 0; at < len; ++at) {
      std::string name(len, 'x');
      name[at] = 'y';
      facts.push_back(fact(FactKind::Reference, name));
      facts.push_back(fact(FactKind::MethodCall, "m", "", std::string(len, 'x')));
    }
  const UseDigest d = digest_uses(facts);
  const auto sites = d.sites.to_vector();
  ASSERT_EQ(sites.size(), facts.size());
  for (size_t i = 0; i < facts.size(); ++i)
    EXPECT_EQ(d.str(sites[i].name), i % 2 ? facts[i].receiver : facts[i].name);
  EXPECT_EQ(d.count(), 1u + 210u + 20u);  // "", each one-'y' name, each all-'x' name
}

TEST(UseDigest, MoveKeepsOtherFactsAndRepointsLaunches) {
  FileFacts ff;
  Fact launch = fact(FactKind::Native, "kern", "host_fn", "", 9);
  launch.detail = "launch";
  Fact launch2 = launch;
  launch2.name = "kern2";
  Fact other = fact(FactKind::Native, "cudaMalloc");
  other.detail = "runtime-api";
  ff.facts = {fact(FactKind::Import, "torch"),
              fact(FactKind::Reference, "torch.cuda.x"),
              fact(FactKind::String, "cuda"),
              launch,
              fact(FactKind::MethodCall, "cuda"),
              other,
              launch2};
  move_uses_to_digest(ff, [](const Fact& f) { return f.kind == FactKind::String; });
  ASSERT_TRUE(ff.uses_digested);
  ASSERT_EQ(ff.facts.size(), 3u);  // the import moved to the digest as well
  EXPECT_EQ(ff.facts[0].name, "kern");
  ASSERT_EQ(ff.uses.imports.size(), 1u);
  EXPECT_EQ(ff.uses.str(ff.uses.imports[0].name), "torch");
  const auto sites = ff.uses.sites.to_vector();
  ASSERT_EQ(sites.size(), 4u);
  EXPECT_EQ(sites[1].kind, FactKind::Native);
  EXPECT_EQ(sites[3].kind, FactKind::Native);
  // The launches' facts, in site order, at their new places.
  EXPECT_EQ(ff.uses.launch_facts, (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(ff.facts[2].name, "kern2");
  EXPECT_EQ(ff.uses.str(sites[1].scope), "host_fn");
  UseDigest scratch;
  EXPECT_EQ(&uses_of(ff, scratch), &ff.uses);
}

// Imports go to the digest too (name, detail, alias interned, relative level and guard kept),
// in file order, and leave the fact list when the uses move to the digest.
TEST(UseDigest, KeepsImportsCompactlyAndDropsTheirFacts) {
  Fact absolute = fact(FactKind::Import, "flash_attn.flash_attn_func", "", "", 2);
  absolute.detail = "flash_attn";
  absolute.alias = "fa";
  absolute.arg_index = 0;
  absolute.guarded = true;
  Fact relative = fact(FactKind::Import, "utils.helper", "", "", 3);
  relative.detail = "utils";
  relative.arg_index = 2;  // from ..utils import helper
  FileFacts ff;
  ff.facts = {absolute, fact(FactKind::FunctionDef, "main"), relative};
  move_uses_to_digest(ff);
  EXPECT_TRUE(ff.facts.empty());  // the module-level def went to the digest as well
  const UseDigest& d = ff.uses;
  ASSERT_EQ(d.defs.size(), 1u);
  EXPECT_EQ(d.str(d.defs[0].name), "main");
  ASSERT_EQ(d.imports.size(), 2u);
  EXPECT_EQ(d.str(d.imports[0].name), "flash_attn.flash_attn_func");
  EXPECT_EQ(d.str(d.imports[0].detail), "flash_attn");
  EXPECT_EQ(d.str(d.imports[0].alias), "fa");
  EXPECT_EQ(d.imports[0].line, 2u);
  EXPECT_EQ(d.imports[0].level, 0);
  EXPECT_TRUE(d.imports[0].guarded);
  EXPECT_EQ(d.str(d.imports[1].name), "utils.helper");
  EXPECT_EQ(d.imports[1].alias, 0u);  // no alias: the empty string
  EXPECT_EQ(d.imports[1].level, 2);
  EXPECT_FALSE(d.imports[1].guarded);
}

// Module-level defs and classes become DefSites with their decorators (a def's args, a class's
// comma-separated detail); nested ones stay facts for slimming to decide.
TEST(UseDigest, KeepsModuleDefsWithTheirDecorators) {
  Fact def = fact(FactKind::FunctionDef, "forward", "", "", 4);
  def.args = {Arg{"", ValueKind::Name, "torch.no_grad", {}},
              Arg{"", ValueKind::Other, "reg(a, b)", {}}};
  Fact cls = fact(FactKind::ClassDef, "Model", "", "", 9);
  cls.detail = "dataclass,registry.register";
  Fact plain = fact(FactKind::ClassDef, "Plain", "", "", 12);
  Fact nested = fact(FactKind::FunctionDef, "inner", "forward", "", 5);
  FileFacts ff;
  ff.facts = {def, nested, cls, plain};
  move_uses_to_digest(ff);
  ASSERT_EQ(ff.facts.size(), 1u);
  EXPECT_EQ(ff.facts[0].name, "inner");
  const UseDigest& d = ff.uses;
  ASSERT_EQ(d.defs.size(), 3u);
  auto decorators = [&](const UseDigest::DefSite& s) {
    std::vector<std::string> out;
    for (uint32_t k = 0; k < s.decorator_count; ++k)
      out.emplace_back(d.str(d.decorators[s.first_decorator + k]));
    return out;
  };
  EXPECT_EQ(d.str(d.defs[0].name), "forward");
  EXPECT_EQ(d.defs[0].line, 4u);
  EXPECT_FALSE(d.defs[0].is_class);
  EXPECT_EQ(decorators(d.defs[0]), (std::vector<std::string>{"torch.no_grad", "reg(a, b)"}));
  EXPECT_EQ(d.str(d.defs[1].name), "Model");
  EXPECT_TRUE(d.defs[1].is_class);
  EXPECT_EQ(decorators(d.defs[1]), (std::vector<std::string>{"dataclass", "registry.register"}));
  EXPECT_EQ(d.str(d.defs[2].name), "Plain");
  EXPECT_TRUE(decorators(d.defs[2]).empty());
}

// Two files' digests sharing one pool: each keeps its own ids (assess sizes per-file tables by
// count()), reads every string as before, and a string both files name is stored once.
TEST(UseDigest, SharedStringsReadTheSameWithPerFileIds) {
  std::vector<Fact> a = {fact(FactKind::Reference, "torch.cuda.synchronize", "Model.forward"),
                         fact(FactKind::MethodCall, "cuda", "Model.forward", "self.weight"),
                         fact(FactKind::Import, "torch")};
  std::vector<Fact> b = {fact(FactKind::Reference, "other.name", "g"),
                         fact(FactKind::Reference, "torch.cuda.synchronize", "g")};
  UseDigest da = digest_uses(a), db = digest_uses(b);
  const UseDigest own_a = da, own_b = db;
  auto pool = std::make_shared<StringPool>();
  share_strings(da, pool);
  share_strings(db, pool);
  using Pair = std::pair<const UseDigest*, const UseDigest*>;
  for (const auto& [d, own] : {Pair{&da, &own_a}, Pair{&db, &own_b}}) {
    ASSERT_EQ(d->pool, pool);
    EXPECT_TRUE(d->text.empty());
    EXPECT_EQ(d->count(), own->count());
    for (uint32_t id = 0; id < own->count(); ++id) EXPECT_EQ(d->str(id), own->str(id));
    EXPECT_EQ(d->sites.size(), own->sites.size());
  }
  // "", and torch.cuda.synchronize, Model.forward, self.weight, torch, other.name, g
  EXPECT_EQ(pool->count(), 7u);
  EXPECT_EQ(da.str(da.sites.to_vector()[0].name), db.str(db.sites.to_vector()[1].name));
  share_strings(da, pool);  // already shared: unchanged
  EXPECT_EQ(da.str(da.imports[0].name), "torch");
  pool->seal();  // the worker is done: the strings stay readable
  EXPECT_EQ(db.str(db.sites.to_vector()[0].name), "other.name");
}

}  // namespace
}  // namespace ascendify
