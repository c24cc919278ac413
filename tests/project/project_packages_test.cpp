#include "project/project_packages.hpp"

#include <gtest/gtest.h>

#include "core/rule.hpp"

using namespace ascendify;

namespace {

SourceFile py(const std::string& path) {
  return {path, path, FileKind::Python, 0};
}

}  // namespace

TEST(ProjectPackages, InitFilesAtRootSrcAndOneLevelDown) {
  auto got = project::project_packages({py("flash_attn/__init__.py"), py("flash_attn/ops/x.py"),
                                        py("src/diffusers/__init__.py"),
                                        py("megatron/core/__init__.py"),  // namespace package
                                        py("scripts/run.py"),             // no __init__: not one
                                        py("train.py"), py("torch/__init__.py")});
  ASSERT_EQ(got.projects.size(), 1u);  // no manifest: the root is the only project
  EXPECT_EQ(got.of(""), (std::set<std::string>{"diffusers", "flash_attn", "megatron"}));
}

SourceFile manifest(const std::string& path, FileKind kind) {
  return {path, path, kind, 0};
}

// A workspace of several checkouts: each one's packages are its own code, not the others'.
TEST(ProjectPackages, EachProjectWithAManifestOwnsItsPackagesOnly) {
  auto own = project::project_packages(
      {manifest("Megatron-LM/pyproject.toml", FileKind::Pyproject),
       py("Megatron-LM/megatron/core/__init__.py"), py("Megatron-LM/megatron/training.py"),
       manifest("DeepSpeed/setup.py", FileKind::SetupPy), py("DeepSpeed/deepspeed/__init__.py"),
       manifest("flash-attention/setup.py", FileKind::SetupPy),
       py("flash-attention/flash_attn/__init__.py"),
       manifest("sglang/python/pyproject.toml", FileKind::Pyproject),
       py("sglang/python/sglang/__init__.py"), py("sglang/python/torch/__init__.py")});
  EXPECT_EQ(own.of("Megatron-LM/"), (std::set<std::string>{"megatron"}));
  EXPECT_EQ(own.of("DeepSpeed/"), (std::set<std::string>{"deepspeed"}));
  EXPECT_EQ(own.of("sglang/python/"), (std::set<std::string>{"sglang"}));  // no torch
  EXPECT_TRUE(own.owns("Megatron-LM/megatron/training.py", "megatron"));
  EXPECT_TRUE(own.owns("Megatron-LM/tests/unit_tests/test_x.py", "megatron"));
  EXPECT_FALSE(own.owns("DeepSpeed/deepspeed/runtime/engine.py", "megatron"));
  EXPECT_TRUE(own.owns("DeepSpeed/deepspeed/runtime/engine.py", "deepspeed"));
  // flash-attention's source in the workspace does not make DeepSpeed's calls into it its own.
  EXPECT_FALSE(own.owns("DeepSpeed/deepspeed/ops/attn.py", "flash_attn"));
  EXPECT_TRUE(own.owns("flash-attention/flash_attn/bert_padding.py", "flash_attn"));
  EXPECT_FALSE(own.owns("tools/run.py", "deepspeed"));  // outside every project folder
  EXPECT_FALSE(own.owns("sglang/python/sglang/x.py", "torch"));
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
  project::OwnPackages own;
  own.projects.push_back({"", {"flash_attn"}});
  EXPECT_EQ(project::drop_self_references(fs, own), 1u);
  ASSERT_EQ(fs.size(), 3u);
  EXPECT_EQ(fs[0].match, "torch.cuda.synchronize");
  EXPECT_EQ(fs[1].match, "flash_attn_interface.flash_attn_func");
}
