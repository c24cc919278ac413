// advise_torch_pin: PEP 440 / conda specifiers against a hand-written release table.
#include "assess/torch_pins.hpp"

#include <gtest/gtest.h>

using namespace ascendify::assess;

namespace {

const std::vector<NpuReleaseModel> kTable = {
    {"2.8.0.post2", "2.8.0", "8.5.0", "maintenance"}, {"2.8.0", "2.8.0", "8.3.RC1", "maintenance"},
    {"2.6.0", "2.6.0", "8.2.RC1", "maintenance"},     {"2.4.0.post4", "2.4.0", "8.1.RC1", "eol"},
    {"2.1.0.post12", "2.1.0", "8.1.RC1", "eol"},
};

std::string answer(std::string_view spec) {
  const auto a = advise_torch_pin(spec, kTable);
  if (!a) return "none";
  return std::string(a->allowed ? "ok " : "no ") + a->release->torch_npu;
}

}  // namespace

TEST(TorchPins, ExactPinsPairOnlyWithTheirOwnPatch) {
  EXPECT_EQ(answer("==2.8.0"), "ok 2.8.0.post2");  // newest release of the line
  EXPECT_EQ(answer("==2.4.0"), "ok 2.4.0.post4");
  EXPECT_EQ(answer("==2.4.1"), "no 2.4.0.post4");  // nearest: same minor
  EXPECT_EQ(answer("==2.5.1"), "no 2.6.0");        // nearest by distance
  EXPECT_EQ(answer("==2.4.0+cu121"), "ok 2.4.0.post4");
  EXPECT_EQ(answer("2.6.0"), "ok 2.6.0");  // conda / bare
  EXPECT_EQ(answer("=2.1.0"), "ok 2.1.0.post12");
}

TEST(TorchPins, RangesTakeTheNewestAllowedRelease) {
  EXPECT_EQ(answer(">=2.4.0"), "ok 2.8.0.post2");
  EXPECT_EQ(answer(">=2.1,<2.5"), "ok 2.4.0.post4");
  EXPECT_EQ(answer("~=2.6.0"), "ok 2.6.0");
  EXPECT_EQ(answer("==2.6.*"), "ok 2.6.0");
  EXPECT_EQ(answer("==2.6"), "ok 2.6.0");  // PEP 440: 2.6 == 2.6.0
  EXPECT_EQ(answer("==2.4"), "ok 2.4.0.post4");
  EXPECT_EQ(answer("==2.8.*"), "ok 2.8.0.post2");
  EXPECT_EQ(answer(">=2.9"), "no 2.8.0.post2");
  EXPECT_EQ(answer(">=2.1,!=2.8.0"), "ok 2.6.0");
  EXPECT_EQ(answer(">=2.4.0; python_version >= '3.9'"), "ok 2.8.0.post2");
}

TEST(TorchPins, UnreadableSpecsGiveNoAdvice) {
  EXPECT_EQ(answer(""), "none");
  EXPECT_EQ(answer("@ https://download.pytorch.org/whl/cu121/torch-2.4.0.whl"), "none");
  EXPECT_FALSE(advise_torch_pin("==2.4.0", {}).has_value());
}

#include "assess/operator_support.hpp"

TEST(OperatorLists, TheProjectTorchPicksTheNearestList) {
  const std::vector<OperatorListModel> lists = {
      {"2.8", {}, {}, {}}, {"2.7", {}, {}, {}}, {"2.6", {}, {}, {}}, {"2.1", {}, {}, {}}};
  EXPECT_EQ(operator_list_for(lists, "")->torch, "2.8");  // unpinned: the newest
  EXPECT_EQ(operator_list_for(lists, "2.8.0")->torch, "2.8");
  EXPECT_EQ(operator_list_for(lists, "2.10.0")->torch, "2.8");  // newer torch: newest list
  EXPECT_EQ(operator_list_for(lists, "2.7.1")->torch, "2.7");
  EXPECT_EQ(operator_list_for(lists, "2.5.1")->torch, "2.6");  // nearest
  EXPECT_EQ(operator_list_for(lists, "2.4.0")->torch, "2.6");  // 2 minors above, 3 below
  EXPECT_EQ(operator_list_for(lists, "2.3.1")->torch, "2.1");
  EXPECT_EQ(operator_list_for(lists, "1.11.0")->torch, "2.1");  // older: the oldest list
  EXPECT_EQ(operator_list_for({}, "2.8.0"), nullptr);
}
