// docs/rules.md is generated from the rule files; it must equal `ascendify rules --format md`.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace fs = std::filesystem;

namespace {

std::string run(const std::string& cmd, int* status) {
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  *status = ::pclose(p);
  return out;
}

}  // namespace

TEST(KbDocs, RulesMarkdownIsUpToDate) {
  const fs::path doc = fs::path(ASCENDIFY_SOURCE_DIR) / "docs/rules.md";
  std::ifstream in(doc, std::ios::binary);
  ASSERT_TRUE(in) << doc
                  << " is missing; generate it with: ascendify rules --format md > docs/rules.md";
  std::ostringstream b;
  b << in.rdbuf();
  int status = -1;
  const std::string out =
      run("'" + std::string(ASCENDIFY_BINARY) + "' rules --format md 2>/dev/null", &status);
  ASSERT_EQ(status, 0);
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(b.str() == out)
      << "docs/rules.md is stale: regenerate it with `" << ASCENDIFY_BINARY
      << " rules --format md > docs/rules.md` (from the repository root) and commit it";
  // Sanity: the generated table lists rules of every knowledge-base domain.
  for (const char* id :
       {"`device.cuda-empty-cache`", "`compile.torch-compile`", "`precision.float64`"})
    EXPECT_NE(out.find(id), std::string::npos) << id;
}
