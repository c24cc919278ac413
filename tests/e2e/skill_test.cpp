// The agent skill (skills/ascend-migration-analysis): its frontmatter follows the Agent Skills
// format, its links resolve, every ascendify command it tells an agent to run exists, and its
// checklist script reads a real report.
#include <gtest/gtest.h>

#include <set>

#include "robust_util.hpp"

using namespace robust;

namespace {

const fs::path kSkill = fs::path(ASCENDIFY_SOURCE_DIR) / "skills" / "ascend-migration-analysis";

std::string frontmatter_value(const std::string& text, const std::string& key) {
  const auto at = text.find("\n" + key + ":");
  if (at == std::string::npos) return "";
  std::string rest = text.substr(at + key.size() + 2);
  std::string value;
  std::istringstream in(rest);
  std::string line;
  std::getline(in, line);
  value = line;
  // A folded scalar (">-"): the indented lines that follow.
  if (value.find(">") != std::string::npos) {
    value.clear();
    while (std::getline(in, line) && line.rfind("  ", 0) == 0) value += line.substr(2) + " ";
  }
  while (!value.empty() && value.front() == ' ') value.erase(0, 1);
  return value;
}

}  // namespace

TEST(AgentSkill, FrontmatterNamesTheFolderAndSaysWhenToUseIt) {
  const std::string text = read_file(kSkill / "SKILL.md");
  ASSERT_EQ(text.rfind("---\n", 0), 0u);
  ASSERT_NE(text.find("\n---\n", 4), std::string::npos);
  EXPECT_EQ(frontmatter_value(text, "name"), "ascend-migration-analysis");
  const std::string description = frontmatter_value(text, "description");
  EXPECT_GT(description.size(), 100u);
  EXPECT_LE(description.size(), 1024u);
  EXPECT_NE(description.find("Use when"), std::string::npos);
}

TEST(AgentSkill, LinksResolveAndCommandsExist) {
  std::set<std::string> commands = {"scan", "fix", "rules", "explain", "diff", "portfolio", "mcp"};
  for (const auto& entry : fs::recursive_directory_iterator(kSkill)) {
    if (entry.path().extension() != ".md") continue;
    const std::string text = read_file(entry.path());
    // Markdown links to files of the skill.
    for (size_t at = text.find("](references/"); at != std::string::npos;
         at = text.find("](references/", at + 1)) {
      const std::string target = text.substr(at + 2, text.find(')', at) - at - 2);
      EXPECT_TRUE(fs::is_regular_file(kSkill / target)) << entry.path() << ": " << target;
    }
    // A code span `ascendify WORD ...`: WORD is a subcommand.
    for (size_t at = text.find("`ascendify "); at != std::string::npos;
         at = text.find("`ascendify ", at + 1)) {
      std::string word;
      for (size_t i = at + 11; i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]));
           ++i)
        word += text[i];
      EXPECT_TRUE(commands.count(word)) << entry.path() << ": ascendify " << word;
    }
  }
  // The commands it names parse: their --help exits 0.
  for (const auto& c : commands) EXPECT_EQ(run_cli({c, "--help"}).exit_code, 0) << c;
}

TEST(AgentSkill, ChecklistScriptListsTheRunStoppersOfARealReport) {
  if (std::system("command -v python3 >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  TempDir tmp;
  write_file(tmp / "repo" / "sample.py",
             "import torch\nimport flash_attn\n\n\ndef main():\n    x = torch.zeros(4).cuda()\n"
             "    return flash_attn.flash_attn_func(x, x, x)\n\n\nif __name__ == \"__main__\":\n"
             "    main()\n");
  ASSERT_EQ(scan(tmp / "repo", tmp / "out").exit_code, 0);
  const std::string cmd = "python3 " + shell_quote((kSkill / "scripts" / "checklist.py").string()) +
                          " " + shell_quote((tmp / "out" / "ascendify-report.json").string()) +
                          " > " + shell_quote((tmp / "list").string());
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  const std::string list = read_file(tmp / "list");
  EXPECT_NE(list.find("stops-run: 2 site(s) to verify"), std::string::npos) << list;
  EXPECT_NE(list.find("  sample.py:2: attention.flash-attn-import: import flash_attn"),
            std::string::npos)
      << list;
}
