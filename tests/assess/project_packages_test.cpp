#include "assess/project_packages.hpp"

#include <gtest/gtest.h>

#include "core/rule.hpp"

using namespace ascendify;

namespace {

SourceFile py(const std::string& path) { return {path, path, FileKind::Python, 0}; }

}  // namespace

TEST(ProjectPackages, InitFilesAtRootSrcAndOneLevelDown) {
  auto got = assess::project_packages({py("flash_attn/__init__.py"), py("flash_attn/ops/x.py"),
                                       py("src/diffusers/__init__.py"),
                                       py("megatron/core/__init__.py"),  // namespace package
                                       py("scripts/run.py"),             // no __init__: not one
                                       py("train.py"), py("torch/__init__.py")});
  EXPECT_EQ(got, (std::set<std::string>{"diffusers", "flash_attn", "megatron"}));
}

TEST(ProjectPackages, DropsOnlyReferenceAndImportFindingsIntoOwnPackages) {
  Rule ref_rule, str_rule;
  ref_rule.match.kind = MatchKind::Reference;
  str_rule.match.kind = MatchKind::String;
  auto finding = [](const Rule* r, const std::string& match) {
    Finding f;
    f.rule = r;
    f.match = match;
    return f;
  };
  std::vector<Finding> fs = {finding(&ref_rule, "flash_attn.flash_attn_func"),
                             finding(&ref_rule, "torch.cuda.synchronize"),
                             finding(&ref_rule, "flash_attn_interface.flash_attn_func"),
                             finding(&str_rule, "flash_attn")};
  EXPECT_EQ(assess::drop_self_references(fs, {"flash_attn"}), 1u);
  ASSERT_EQ(fs.size(), 3u);
  EXPECT_EQ(fs[0].match, "torch.cuda.synchronize");
  EXPECT_EQ(fs[1].match, "flash_attn_interface.flash_attn_func");
}
