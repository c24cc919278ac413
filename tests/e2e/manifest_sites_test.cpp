// A distribution listed on many lines of one manifest (unsloth's pyproject: one xformers wheel
// URL per platform and Python version) is one finding of that file with its site count, not
// one finding per line; --all-sites keeps every line.
#include <gtest/gtest.h>

#include "robust_util.hpp"

using namespace robust;

namespace {

constexpr const char* kPyproject = R"([project]
name = "demo"
dependencies = ["torch", "xformers>=0.0.22 ; sys_platform == 'linux'"]

[project.optional-dependencies]
cu118 = [
  "xformers @ https://download.pytorch.org/whl/cu118/xformers-0.0.22.post7%2Bcu118-cp310-cp310-manylinux2014_x86_64.whl ; python_version=='3.10'",
  "xformers @ https://download.pytorch.org/whl/cu118/xformers-0.0.22.post7%2Bcu118-cp311-cp311-manylinux2014_x86_64.whl ; python_version=='3.11'",
  "flash-attn>=2.5",
]
)";

std::vector<nlohmann::json> findings_of(const nlohmann::json& rep, const std::string& rule) {
  std::vector<nlohmann::json> out;
  for (const auto& f : rep["findings"])
    if (f["rule"] == rule) out.push_back(f);
  return out;
}

}  // namespace

TEST(ManifestSites, RepeatedDistributionIsOneFindingWithItsSites) {
  TempDir root, out;
  write_file(root / "pyproject.toml", kPyproject);
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  const auto xf = findings_of(rep, "dependency.xformers");
  ASSERT_EQ(xf.size(), 1u);
  EXPECT_EQ(xf[0]["line"], 3);  // the first site
  EXPECT_NE(xf[0]["message"].get<std::string>().find("(3 sites in this file)"), std::string::npos)
      << xf[0]["message"];
  EXPECT_EQ(findings_of(rep, "dependency.flash-attn").size(), 1u);

  TempDir out_all;
  const auto every =
      findings_of(scan_report(root.path(), out_all.path(), {"--all-sites"}), "dependency.xformers");
  ASSERT_EQ(every.size(), 3u);
  EXPECT_EQ(every[1]["line"], 7);
  EXPECT_EQ(every[2]["line"], 8);
}
