#include "config/config_targets.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ascendify::config {
namespace {

std::vector<std::string> targets(const FileFacts& ff) {
  std::vector<std::string> out;
  for (const Fact& f : ff.facts)
    out.push_back(f.name + "@" + std::to_string(f.span.line) + ":" + std::to_string(f.span.col));
  return out;
}

}  // namespace

TEST(ConfigTargets, ClassPathsOfHydraSgmAndLightning) {
  const FileFacts ff = analyze_targets(
      "model:\n"                                                        // 1
      "  _target_: sam2.modeling.sam2_base.SAM2Base\n"                  // 2
      "  image_encoder:\n"                                              // 3
      "    _target_: 'sam2.modeling.backbones.ImageEncoder'  # c\n"     // 4
      "  transforms:\n"                                                 // 5
      "    - _target_: training.dataset.transforms.ComposeAPI\r\n"      // 6
      "network_config:\n"                                               // 7
      "  target: sgm.modules.diffusionmodules.openaimodel.UNetModel\n"  // 8
      "optimizer:\n"                                                    // 9
      "  class_path: \"torch.optim.AdamW\"\n");                         // 10
  EXPECT_EQ(targets(ff), (std::vector<std::string>{
                             "sam2.modeling.sam2_base.SAM2Base@2:13",
                             "sam2.modeling.backbones.ImageEncoder@4:16",
                             "training.dataset.transforms.ComposeAPI@6:17",
                             "sgm.modules.diffusionmodules.openaimodel.UNetModel@8:11",
                             "torch.optim.AdamW@10:16",
                         }));
  for (const Fact& f : ff.facts) EXPECT_EQ(f.kind, FactKind::Import);
}

TEST(ConfigTargets, LookAlikesAreNoClassPaths) {
  const FileFacts ff = analyze_targets(
      "# _target_: commented.out.Class\n"
      "target: cuda\n"                      // no dot: a value, not a class path
      "target: 0.5\n"                       // a number
      "target_modules: [q_proj.x]\n"        // another key
      "description: \"_target_: a.b.C\"\n"  // inside a value
      "_target_: a.b.C and more\n"          // more than a class path
      "_target_: a..b\n"
      "_target_: .a.b\n"
      "_target_: ${model.cls}\n");  // an interpolation
  EXPECT_TRUE(ff.facts.empty()) << targets(ff)[0];
}

}  // namespace ascendify::config
