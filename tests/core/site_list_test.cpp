// The site stream reads back every site exactly as pushed: lines going up, staying, going down
// and jumping across the whole 32-bit range, columns and ids across the varint byte boundaries,
// scopes changing or not, every kind a digest stores, every usage, the guard bit.
#include "core/site_list.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <random>
#include <ranges>
#include <vector>

namespace ascendify {
namespace {

using Site = SiteList::Site;

Site site(uint32_t line, uint16_t col, uint32_t name, uint32_t scope,
          FactKind kind = FactKind::Reference, Usage usage = Usage::Load, bool guarded = false) {
  Site s;
  s.kind = kind;
  s.usage = usage;
  s.col = col;
  s.guarded = guarded;
  s.line = line;
  s.name = name;
  s.scope = scope;
  return s;
}

std::vector<Site> round_trip(const std::vector<Site>& in) {
  SiteList list;
  for (const Site& s : in) list.push_back(s);
  EXPECT_EQ(list.size(), in.size());
  list.shrink_to_fit();
  return list.to_vector();
}

TEST(SiteList, EmptyReadsNothing) {
  const SiteList list;
  EXPECT_TRUE(list.empty());
  EXPECT_EQ(list.begin(), list.end());
  EXPECT_TRUE(list.to_vector().empty());
}

static_assert(std::input_iterator<SiteList::const_iterator>);
static_assert(std::ranges::input_range<SiteList>);

TEST(SiteList, ReadsAsARange) {
  SiteList list;
  for (const Site& s : {site(1, 0, 1, 0), site(1, 4, 2, 0, FactKind::MethodCall), site(9, 2, 1, 3)})
    list.push_back(s);
  EXPECT_EQ(std::ranges::count_if(list, [](const Site& s) { return s.name == 1; }), 2);
  auto it = list.begin();
  EXPECT_EQ((*it++).name, 1u);  // the site read before the step
  EXPECT_EQ(it->col, 4);
  EXPECT_EQ(it->kind, FactKind::MethodCall);
  it++;
  EXPECT_EQ(it->line, 9u);
  EXPECT_EQ(it->scope, 3u);
  it++;
  EXPECT_EQ(it, list.end());
}

TEST(SiteList, EdgeValuesReadBack) {
  const std::vector<Site> in = {
      site(0, 0, 0, 0),      // the first site on line 0 in scope 0: nothing to repeat
      site(0, 1, 127, 0),    // same line, same scope
      site(1, 128, 128, 5),  // ids and columns at the varint boundary
      site(1, SiteList::kMaxCol, 16383, 5, FactKind::MethodCall, Usage::Call, true),
      site(0xffffffffu, 2, 16384, 0xffffffffu, FactKind::Native, Usage::ClassBase),
      site(0, 3, 0xffffffffu, 0),  // from the top line back to 0
      site(7, 0, 1, 0, FactKind::Reference, Usage::Decorator, true),
      site(6, 0, 1, 3, FactKind::Reference, Usage::Assign),  // a line back: a negative delta
      site(6, 0, 1, 0, FactKind::Reference, Usage::With),    // back to scope 0
  };
  EXPECT_EQ(round_trip(in), in);
}

TEST(SiteList, CommonSitesTakeFewBytes) {
  SiteList list;
  for (uint32_t i = 0; i < 1000; ++i) list.push_back(site(10 + i / 2, 8 + i % 40, i % 100, i / 50));
  // Head, a line step of 0 or 1, a one-byte column, a one-byte id, a scope every 50th site.
  EXPECT_LE(list.byte_size(), 4 * list.size() + 40);
  EXPECT_EQ(list.to_vector().size(), 1000u);
}

TEST(SiteList, RandomSitesReadBack) {
  std::mt19937 rng(7);
  const FactKind kinds[] = {FactKind::Reference, FactKind::MethodCall, FactKind::Native};
  for (int round = 0; round < 20; ++round) {
    std::vector<Site> in;
    uint32_t line = 0;
    for (int i = 0; i < 500; ++i) {
      const uint32_t r = rng();
      // Mostly small steps; now and then a jump anywhere, up or down.
      line = r % 16 == 0 ? static_cast<uint32_t>(rng()) : line + r % 5;
      in.push_back(site(line, static_cast<uint16_t>(rng() % (SiteList::kMaxCol + 1)),
                        r % 3 == 0 ? static_cast<uint32_t>(rng()) : r % 300, (r >> 8) % 4 ? 0 : r,
                        kinds[(r >> 4) % 3], static_cast<Usage>((r >> 6) % 6), (r >> 9) & 1));
    }
    ASSERT_EQ(round_trip(in), in) << "round " << round;
  }
}

// A moved-from list is empty and encodes its next site from scratch, not against the line and
// scope of the list it gave away.
TEST(SiteList, MovedFromListStartsAgain) {
  SiteList a;
  a.push_back(site(100, 1, 2, 9));
  SiteList b = std::move(a);
  EXPECT_EQ(b.size(), 1u);
  EXPECT_EQ(a.size(), 0u);  // NOLINT(bugprone-use-after-move): what is tested
  a.push_back(site(100, 1, 3, 9));
  const std::vector<Site> expected = {site(100, 1, 3, 9)};
  EXPECT_EQ(a.to_vector(), expected);
  EXPECT_EQ(b.to_vector(), std::vector<Site>{site(100, 1, 2, 9)});
}

TEST(SiteList, StorableKindsAreTheDigestsOnes) {
  EXPECT_TRUE(SiteList::storable(FactKind::Reference));
  EXPECT_TRUE(SiteList::storable(FactKind::MethodCall));
  EXPECT_TRUE(SiteList::storable(FactKind::Native));
  EXPECT_FALSE(SiteList::storable(FactKind::Import));
  EXPECT_FALSE(SiteList::storable(FactKind::String));
}

}  // namespace
}  // namespace ascendify
