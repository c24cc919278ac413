#pragma once
// Tripwires shared by snapshot_write.cpp and snapshot_read.cpp: each rule type's size and each
// enum's number of values, as the encoding knows them. A field or value added elsewhere stops
// the build here: encode it in both files, compare it in tests/rules/snapshot_test.cpp, bump
// kRulesSnapshotVersion, then update the numbers.
#include <cstdint>

#include "core/domain.hpp"
#include "core/facts.hpp"
#include "core/rule.hpp"

namespace ascendify::rules::layout {

inline constexpr uint8_t kDomains = 7, kConfidences = 3, kCoverages = 3, kSeverities = 3,
                         kMatchKinds = 9, kUsages = 6, kContexts = 8;
static_assert(static_cast<int>(Domain::Compile) + 1 == kDomains);
static_assert(static_cast<int>(Confidence::Low) + 1 == kConfidences);
static_assert(static_cast<int>(TransferCoverage::NotCovered) + 1 == kCoverages);
static_assert(static_cast<int>(Severity::Blocker) + 1 == kSeverities);
static_assert(static_cast<int>(MatchKind::Native) + 1 == kMatchKinds);
static_assert(static_cast<int>(Usage::ClassBase) + 1 == kUsages);
static_assert(static_cast<int>(StringContext::Return) + 1 == kContexts);

#if defined(__GLIBCXX__) && defined(__x86_64__)  // sizes of this ABI only
static_assert(sizeof(Rule) == 800 && sizeof(MatchSpec) == 408 && sizeof(ArgCondition) == 72 &&
                  sizeof(Autofix) == 80 && sizeof(Effort) == 16 && sizeof(HardwareOverride) == 192,
              "a rule type changed: update the snapshot encoding (see above)");
#endif

}  // namespace ascendify::rules::layout
