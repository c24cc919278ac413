// The CI end of `scan` (docs/ci.md): `--format codeclimate` wherever a file format goes, and
// `--fail-on blocker` on a site that stops the default run.
#include <gtest/gtest.h>

#include "robust_util.hpp"

using namespace robust;

namespace {

// The entry point imports flash_attn at module level: the default run stops there (rule
// severity manual, class stops-run).
constexpr const char* kStopping =
    "import torch\nimport flash_attn\n\n\ndef main():\n    x = torch.zeros(3).cuda()\n"
    "    print(flash_attn.__version__, x)\n\n\nif __name__ == \"__main__\":\n    main()\n";
constexpr const char* kMechanical =
    "import torch\n\n\ndef main():\n    print(torch.zeros(3).cuda())\n\n\n"
    "if __name__ == \"__main__\":\n    main()\n";

TEST(CiFormats, CodeClimateIsAFileFormat) {
  TempDir root, out;
  write_file(root / "train.py", kStopping);
  // In a folder, with its own name.
  RunResult r = scan(root.path(), out.path(), {}, "json,codeclimate");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto issues = nlohmann::json::parse(read_file(out / "ascendify-report.codeclimate.json"));
  ASSERT_TRUE(issues.is_array());
  bool stop = false;
  for (const auto& i : issues)
    stop |= i["check_name"] == "attention.flash-attn-import" && i["severity"] == "blocker" &&
            i["location"]["path"] == "train.py" && i["location"]["lines"]["begin"] == 2;
  EXPECT_TRUE(stop) << issues.dump(1);
  // -o NAME.codeclimate.json: the format from the name.
  r = run_cli({"scan", root.path().string(), "-o", (out / "a.codeclimate.json").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(out / "a.codeclimate.json"),
            read_file(out / "ascendify-report.codeclimate.json"));
  // -o gl-code-quality-report.json --format codeclimate: GitLab's usual name.
  r = run_cli({"scan", root.path().string(), "-o", (out / "gl-code-quality-report.json").string(),
               "--format", "codeclimate"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(out / "gl-code-quality-report.json"),
            read_file(out / "ascendify-report.codeclimate.json"));
  // ... but another format for a .json name is still an error.
  r = run_cli({"scan", root.path().string(), "-o", (out / "x.json").string(), "--format", "sarif"});
  EXPECT_EQ(r.exit_code, 2);
  // -o -: to stdout. Paths are relative to the current folder when the scan lies inside it.
  r = run_cli({"scan", ".", "-o", "-", "--format", "codeclimate"}, root.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, read_file(out / "ascendify-report.codeclimate.json"));
  r = run_cli({"scan", root.path().filename().string(), "-o", "-", "--format", "codeclimate"},
              root.path().parent_path());
  EXPECT_NE(r.out.find("\"path\": \"" + root.path().filename().string() + "/train.py\""),
            std::string::npos)
      << r.out;
}

TEST(CiFormats, FailOnBlockerStopsOnWhatStopsTheRun) {
  TempDir stopping, fine, out;
  write_file(stopping / "train.py", kStopping);
  write_file(fine / "train.py", kMechanical);
  EXPECT_EQ(scan(stopping.path(), out.path(), {"--fail-on", "blocker"}).exit_code, 1);
  EXPECT_EQ(scan(stopping.path(), out.path(), {"--fail-on", "manual"}).exit_code, 1);
  EXPECT_EQ(scan(stopping.path(), out.path(), {"--fail-on", "blocker", "--exit-zero"}).exit_code,
            0);
  // `.cuda()` is mechanical, and transfer_to_npu covers it: only `any` fails.
  EXPECT_EQ(scan(fine.path(), out.path(), {"--fail-on", "blocker"}).exit_code, 0);
  EXPECT_EQ(scan(fine.path(), out.path(), {"--fail-on", "manual"}).exit_code, 0);
  EXPECT_EQ(scan(fine.path(), out.path(), {"--fail-on", "any"}).exit_code, 1);
}

}  // namespace
