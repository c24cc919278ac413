// The refs convention (rules/ref_paths.hpp): a bare knowledge file name stands for
// docs/knowledge/NAME, a path is a repository file, anything else is a source outside it.
#include "rules/ref_paths.hpp"

#include <gtest/gtest.h>

namespace ascendify::rules {
namespace {

TEST(RefPaths, BareKnowledgeFileNamesLiveInDocsKnowledge) {
  const RefSource s = ref_source("ascend-facts.md §2.1 (device-argument rewriting)");
  EXPECT_EQ(s.path, "docs/knowledge/ascend-facts.md");
  EXPECT_EQ(s.name_end, std::string("ascend-facts.md").size());
  // Punctuation after the name is not part of it.
  const RefSource c = ref_source("seed-method.md, The report (quick reference)");
  EXPECT_EQ(c.path, "docs/knowledge/seed-method.md");
  EXPECT_EQ(c.name_end, std::string("seed-method.md").size());
  EXPECT_EQ(ref_source("torch-npu-api.md").path, "docs/knowledge/torch-npu-api.md");
}

TEST(RefPaths, PathsAreRepositoryFiles) {
  EXPECT_EQ(ref_source("docs/facts/operator-notes.md (b) (op-plugin)").path,
            "docs/facts/operator-notes.md");
  EXPECT_EQ(ref_source("rules/model/versions.yaml").path, "rules/model/versions.yaml");
  const RefSource dot = ref_source("./docs/facts/op-products.yaml (x)");
  EXPECT_EQ(dot.path, "docs/facts/op-products.yaml");
  EXPECT_EQ(dot.name_end, std::string("./docs/facts/op-products.yaml").size());
}

TEST(RefPaths, SourcesOutsideTheRepositoryNameNoFile) {
  for (const char* ref :
       {"Ascend/pytorch#80", "huggingface/transformers#36618 (x.md)",
        "tile-ai/tilelang-ascend README.md (tested on A2 and A3)",
        "hicann/ops-nn matmul/docs/aclnnQuantMatmulWeightNz.md (rows)",
        "https://raw.githubusercontent.com/o/r/README.md", "Ascend/MindSpeed", "", "   "}) {
    const RefSource s = ref_source(ref);
    EXPECT_TRUE(s.path.empty()) << ref << " -> " << s.path;
    EXPECT_EQ(s.name_end, 0u) << ref;
    EXPECT_EQ(ref_in_repo(ref), ref);
  }
}

TEST(RefPaths, InRepoTextReplacesOnlyTheName) {
  EXPECT_EQ(ref_in_repo("ascend-facts.md §3 (pynvml -> npu-smi)"),
            "docs/knowledge/ascend-facts.md §3 (pynvml -> npu-smi)");
  EXPECT_EQ(ref_in_repo("seed-method.md, The report"), "docs/knowledge/seed-method.md, The report");
  EXPECT_EQ(ref_in_repo("docs/facts/operator-notes.md (k)"), "docs/facts/operator-notes.md (k)");
}

TEST(RefPaths, RelativeTo) {
  EXPECT_EQ(relative_to("docs/knowledge/ascend-facts.md", "docs"), "knowledge/ascend-facts.md");
  EXPECT_EQ(relative_to("docs/facts/operator-notes.md", "docs"), "facts/operator-notes.md");
  EXPECT_EQ(relative_to("rules/model/versions.yaml", "docs"), "../rules/model/versions.yaml");
  EXPECT_EQ(relative_to("docs/knowledge/a.md", ""), "docs/knowledge/a.md");
  EXPECT_EQ(relative_to("README.md", "docs/calibration"), "../../README.md");
  EXPECT_EQ(relative_to("docs/rules.md", "docs/"), "rules.md");
}

}  // namespace
}  // namespace ascendify::rules
