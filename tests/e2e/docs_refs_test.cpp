// Every source a rule cites can be read in a clone (rules/ref_paths.hpp has the convention):
// a ref starts with a repository file that exists (a bare knowledge file name stands for
// docs/knowledge/NAME; a cited section "§2.1" is a heading of that file), with an issue or
// file of another repository ("owner/repo#123", "owner/repo path"), or with a URL.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "assess/model.hpp"
#include "rules/ref_paths.hpp"
#include "rules/ruleset.hpp"

namespace fs = std::filesystem;
using namespace ascendify;

namespace {

struct Cited {
  std::string who;  // "rule device.cuda-empty-cache", "counterpart megatron"
  std::string ref;
};

std::vector<Cited> all_refs() {
  std::vector<Cited> out;
  std::vector<Diagnostic> diags;
  const rules::RuleSet set = rules::load_rules({}, diags);
  for (const auto& d : diags) ADD_FAILURE() << d.path << ":" << d.line << ": " << d.message;
  for (const Rule& r : set.all())
    for (const auto& ref : r.refs) out.push_back({"rule " + r.id, ref});
  const assess::Model& m = assess::embedded_model();
  for (const auto& c : m.counterparts)
    for (const auto& ref : c.refs) out.push_back({"counterpart " + c.id, ref});
  for (const auto& h : m.hardware)
    for (const auto& ref : h.refs) out.push_back({"hardware profile " + h.id, ref});
  for (const auto& ref : m.npu_release_refs) out.push_back({"versions.yaml", ref});
  for (const auto& ref : m.operator_refs) out.push_back({"operators.yaml", ref});
  return out;
}

// "owner/repo" or "owner/repo#123": GitHub-style names, one slash.
bool outside_repository(std::string_view word) {
  if (word.find("://") != std::string_view::npos) return true;
  if (const size_t hash = word.find('#'); hash != std::string_view::npos) {
    const std::string_view num = word.substr(hash + 1);
    if (num.empty() || num.find_first_not_of("0123456789") != std::string_view::npos) return false;
    word = word.substr(0, hash);
  }
  const size_t slash = word.find('/');
  if (slash == 0 || slash == std::string_view::npos || slash + 1 == word.size()) return false;
  if (word.find('/', slash + 1) != std::string_view::npos) return false;
  for (char c : word)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.' ||
          c == '/'))
      return false;
  return true;
}

std::string first_word(const std::string& ref) {
  const size_t b = ref.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return ref.substr(b, ref.find_first_of(" \t", b) - b);
}

// The headings of a Markdown file, "#" marks and blanks removed.
const std::vector<std::string>& headings(const fs::path& file) {
  static std::map<fs::path, std::vector<std::string>> cache;
  auto [it, fresh] = cache.try_emplace(file);
  if (fresh) {
    std::ifstream in(file);
    std::string line;
    bool fenced = false;
    while (std::getline(in, line)) {
      if (line.rfind("```", 0) == 0) fenced = !fenced;
      if (fenced || line.empty() || line[0] != '#') continue;
      const size_t text = line.find_first_not_of("# ");
      if (text != std::string::npos) it->second.push_back(line.substr(text));
    }
  }
  return it->second;
}

// The section a ref cites right after its file ("§2.1", "§5 item 6" -> "2.1", "5"); "".
std::string cited_section(const std::string& ref, size_t name_end) {
  std::string_view rest = std::string_view(ref).substr(name_end);
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == ',')) rest.remove_prefix(1);
  const std::string_view mark = "§";
  if (rest.substr(0, mark.size()) != mark) return "";
  rest.remove_prefix(mark.size());
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  size_t n = 0;
  while (n < rest.size() && (std::isdigit(static_cast<unsigned char>(rest[n])) || rest[n] == '.'))
    ++n;
  std::string s(rest.substr(0, n));
  while (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

bool has_section(const fs::path& file, const std::string& section) {
  for (const std::string& h : headings(file))
    if (h.rfind(section, 0) == 0 && h.size() > section.size() &&
        (h[section.size()] == '.' || h[section.size()] == ' '))
      return true;
  return false;
}

}  // namespace

TEST(DocsRefs, EveryCitedRepositoryFileExists) {
  const fs::path root = ASCENDIFY_SOURCE_DIR;
  const std::vector<Cited> refs = all_refs();
  ASSERT_GT(refs.size(), 500u);  // the knowledge base was loaded
  std::map<std::string, size_t> files;
  for (const Cited& c : refs) {
    const rules::RefSource src = rules::ref_source(c.ref);
    if (src.path.empty()) {
      EXPECT_TRUE(outside_repository(first_word(c.ref)))
          << c.who << ": ref \"" << c.ref
          << "\" starts with neither a repository file (NAME.md for docs/knowledge/NAME.md, or "
             "a path) nor a source outside it (owner/repo#N, owner/repo path, URL)";
      continue;
    }
    ++files[src.path];
    const fs::path file = root / src.path;
    EXPECT_EQ(src.path.find(".."), std::string::npos) << c.who << ": " << c.ref;
    if (!fs::is_regular_file(file)) {
      ADD_FAILURE() << c.who << ": ref \"" << c.ref << "\" names " << src.path
                    << ", which is not in the repository";
      continue;
    }
    const std::string section = cited_section(c.ref, src.name_end);
    if (!section.empty()) {
      EXPECT_TRUE(has_section(file, section))
          << c.who << ": ref \"" << c.ref << "\" cites §" << section << ", but " << src.path
          << " has no heading " << section;
    }
  }
  // The three knowledge files are cited (the bulk of the refs).
  EXPECT_GT(files["docs/knowledge/ascend-facts.md"], 300u);
  EXPECT_GT(files["docs/knowledge/seed-method.md"], 200u);
  EXPECT_GT(files["docs/knowledge/torch-npu-api.md"], 50u);
}

TEST(DocsRefs, TheConventionTellsFilesFromOutsideSources) {
  EXPECT_TRUE(outside_repository("Ascend/pytorch#80"));
  EXPECT_TRUE(outside_repository("tile-ai/tilelang-ascend"));
  EXPECT_TRUE(outside_repository("https://pypi.org/project/torch-npu/"));
  EXPECT_FALSE(outside_repository("ascend-facts"));
  EXPECT_FALSE(outside_repository("docs/facts/x"));
  EXPECT_FALSE(outside_repository("owner/repo#x"));
  EXPECT_EQ(cited_section("ascend-facts.md §5 item 6 (x)", 15), "5");
  EXPECT_EQ(cited_section("ascend-facts.md §2.1. (x)", 15), "2.1");
  EXPECT_EQ(cited_section("seed-method.md, The report", 14), "");
}
