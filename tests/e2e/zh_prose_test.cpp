// The Chinese reports hold no English prose (#21): every rule's message and prose replacement
// has Chinese text (scripts/zh-check-rules.py), and the zh Markdown of the bundled example has
// no English prose outside code, identifiers and package names (scripts/zh-prose.py).
#include <gtest/gtest.h>

#include <string>

#include "source_shell.hpp"

namespace {

using source_shell::ShellRun;

ShellRun sh(const std::string& command) {
  return source_shell::run_in_source(command);
}

TEST(ZhProse, EveryRuleHasChineseText) {
  const ShellRun r = sh("python3 scripts/zh-check-rules.py rules/*.yaml");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("0 problem(s)"), std::string::npos) << r.out;
}

TEST(ZhProse, TheExampleChineseReportHasNoEnglishProse) {
  const ShellRun r = sh("python3 scripts/zh-prose.py tests/golden/examples/ascendify-report.zh.md");
  EXPECT_EQ(r.status, 0) << r.out;
}

TEST(ZhProse, TheCheckerFindsEnglishProse) {
  // The checker itself: an English cell is found, code and names are not.
  const ShellRun bad =
      sh("printf '| a | guard the import |\\n' > /tmp/ascendify-zh-prose-$$.md && python3 "
         "scripts/zh-prose.py /tmp/ascendify-zh-prose-$$.md; s=$?; rm -f "
         "/tmp/ascendify-zh-prose-$$.md; "
         "exit $s");
  EXPECT_NE(bad.status, 0) << bad.out;
  EXPECT_NE(bad.out.find("guard the import"), std::string::npos) << bad.out;
  const ShellRun good =
      sh("printf '| `torch.cuda.is_available` | 为导入加保护；使用 "
         "torch_npu.npu_fusion_attention（Atlas "
         "A2） |\\n' > /tmp/ascendify-zh-ok-$$.md && python3 scripts/zh-prose.py "
         "/tmp/ascendify-zh-ok-$$.md; s=$?; rm -f /tmp/ascendify-zh-ok-$$.md; exit $s");
  EXPECT_EQ(good.status, 0) << good.out;
}

}  // namespace
