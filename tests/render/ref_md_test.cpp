// A rule's refs in Markdown (docs/rules.md): repository files become links relative to the
// document's folder, the rest stays text that cannot break a table cell.
#include "render/ref_md.hpp"

#include <gtest/gtest.h>

namespace ascendify::render {
namespace {

TEST(RefMarkdown, KnowledgeFilesAreLinkedByTheirRepositoryPath) {
  EXPECT_EQ(ref_markdown("ascend-facts.md §2.1 (transfer_to_npu)", "docs"),
            "[`docs/knowledge/ascend-facts.md`](knowledge/ascend-facts.md) §2.1 (transfer_to_npu)");
  EXPECT_EQ(ref_markdown("seed-method.md, The report", "docs"),
            "[`docs/knowledge/seed-method.md`](knowledge/seed-method.md), The report");
  EXPECT_EQ(ref_markdown("rules/model/versions.yaml", "docs"),
            "[`rules/model/versions.yaml`](../rules/model/versions.yaml)");
  EXPECT_EQ(ref_markdown("torch-npu-api.md", ""),
            "[`docs/knowledge/torch-npu-api.md`](docs/knowledge/torch-npu-api.md)");
}

TEST(RefMarkdown, OutsideSourcesAreEscapedText) {
  EXPECT_EQ(ref_markdown("owner/repo#12 (a|b)", "docs"), "owner/repo#12 (a\\|b)");
  EXPECT_EQ(ref_markdown("ascend-facts.md §3 (x | <y>)", "docs"),
            "[`docs/knowledge/ascend-facts.md`](knowledge/ascend-facts.md) §3 (x \\| &lt;y&gt;)");
}

}  // namespace
}  // namespace ascendify::render
