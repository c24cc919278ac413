#include <gtest/gtest.h>

#include "manifest/manifest.hpp"

namespace ascendify::manifest {
namespace {

const char* kCfg =
    "[metadata]\n"                              // 1
    "name = demo\n"                             // 2
    "\n"                                        // 3
    "[options]\n"                               // 4
    "packages = find:\n"                        // 5
    "install_requires =\n"                      // 6
    "    torch>=2.0  # core\n"                  // 7
    "    # a comment line\n"                    // 8
    "    apex; platform_system == \"Linux\"\n"  // 9
    "setup_requires = ninja\n"                  // 10
    "\n"                                        // 11
    "[options.extras_require]\n"                // 12
    "cuda =\n"                                  // 13
    "    cupy-cuda12x>=12\n"                    // 14
    "\n"                                        // 15
    "[options.entry_points]\n"                  // 16
    "console_scripts =\n"                       // 17
    "    demo = demo.cli:main\n";               // 18

TEST(SetupCfg, Options) {
  FileFacts ff = analyze_setup_cfg(kCfg, "setup.cfg");
  EXPECT_TRUE(ff.diagnostics.empty());
  ASSERT_EQ(ff.facts.size(), 5u);
  EXPECT_EQ(ff.facts[0].name, "torch");
  EXPECT_EQ(ff.facts[0].detail, ">=2.0");
  EXPECT_EQ(ff.facts[0].receiver, "torch>=2.0");
  EXPECT_EQ(ff.facts[0].span.line, 7u);
  EXPECT_EQ(ff.facts[0].span.col, 5u);
  EXPECT_FALSE(ff.facts[0].guarded);
  EXPECT_EQ(ff.facts[1].name, "apex");
  EXPECT_EQ(ff.facts[1].receiver, "apex; platform_system == \"Linux\"");
  EXPECT_EQ(ff.facts[1].span.line, 9u);
  EXPECT_EQ(ff.facts[2].name, "ninja");
  EXPECT_EQ(ff.facts[2].span.line, 10u);
  EXPECT_EQ(ff.facts[2].span.col, 18u);
  EXPECT_EQ(ff.facts[3].name, "cupy-cuda12x");
  EXPECT_TRUE(ff.facts[3].guarded);
  EXPECT_EQ(ff.facts[3].scope, "cuda");
  EXPECT_EQ(ff.facts[3].span.line, 14u);
  EXPECT_EQ(ff.facts[4].kind, FactKind::Command);
  EXPECT_EQ(ff.facts[4].name, "console-script");
  EXPECT_EQ(ff.facts[4].detail, "demo=demo.cli:main");
  EXPECT_EQ(ff.facts[4].span.line, 18u);
}

TEST(SetupCfg, FileDirectiveAndGarbage) {
  FileFacts ff = analyze_setup_cfg("[options]\ninstall_requires = file: requirements.txt\n", "c");
  ASSERT_EQ(ff.facts.size(), 1u);
  EXPECT_EQ(ff.facts[0].name, "requirements-include");
  EXPECT_EQ(ff.facts[0].detail, "requirements.txt");
  ff = analyze_setup_cfg("[options]\ninstall_requires =\n  ???\n  \n[\n=\n  x\n", "c");
  EXPECT_TRUE(ff.facts.empty());
  EXPECT_EQ(ff.diagnostics.size(), 1u);
  (void)analyze_setup_cfg(std::string(10000, '['), "deep");
}

}  // namespace
}  // namespace ascendify::manifest
