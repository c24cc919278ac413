// Bad input end to end: each case scans a temporary tree with the built CLI and checks that
// the bad file gets a one-line diagnostic naming it and the reason, that everything else is
// still reported (good.py's finding), and that nothing crashes. --strict turns a diagnostic
// into exit 3.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include "robust_util.hpp"

using namespace robust;

namespace {

class BadInput : public ::testing::Test {
 protected:
  TempDir root_, out_;

  void SetUp() override { write_file(root_ / "good.py", kGoodPy); }

  // Scans; asserts exit 0, a parsable report and good.py's finding (a complete report).
  nlohmann::json scan_ok(const std::vector<std::string>& extra = {}) {
    RunResult r = scan(root_.path(), out_.path(), extra);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    nlohmann::json rep = report(out_.path());
    EXPECT_FALSE(rep.is_discarded()) << "report missing or invalid JSON";
    EXPECT_EQ(finding_lines(rep, "good.py", kEmptyCacheRule), std::vector<int>{2});
    return rep;
  }
  // The one diagnostic for `path`; its message must contain `reason` and be one line.
  void expect_diagnostic(const nlohmann::json& rep, const std::string& path,
                         const std::string& reason) {
    auto diags = diagnostics_for(rep, path);
    ASSERT_FALSE(diags.empty()) << "no diagnostic for " << path << " in " << rep["diagnostics"];
    bool found = false;
    for (const auto& d : diags) {
      std::string msg = d.value("message", "");
      EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
      if (msg.find(reason) != std::string::npos) found = true;
    }
    EXPECT_TRUE(found) << "no diagnostic of " << path << " mentions '" << reason
                       << "': " << rep["diagnostics"];
  }
  void expect_no_diagnostic(const nlohmann::json& rep, const std::string& path) {
    EXPECT_TRUE(diagnostics_for(rep, path).empty()) << rep["diagnostics"];
  }
  // --strict: exit 3 when there is a diagnostic.
  void expect_strict_exit(int code) {
    TempDir out2;
    RunResult r = scan(root_.path(), out2.path(), {"--strict"});
    EXPECT_EQ(r.exit_code, code) << r.err;
  }
};

TEST_F(BadInput, BinaryFileNamedPy) {
  std::string elf(
      "\x7f"
      "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0\x3e\0",
      20);
  for (int i = 0; i < 2000; ++i) elf += static_cast<char>(i * 7);
  write_file(root_ / "lib.py", elf);
  auto rep = scan_ok();
  expect_diagnostic(rep, "lib.py", "binary");
  EXPECT_TRUE(finding_lines(rep, "lib.py", kEmptyCacheRule).empty());
  expect_strict_exit(3);
}

TEST_F(BadInput, InvalidUtf8IsScannedByteWise) {
  // A Latin-1 comment; the call on line 3 is still found.
  write_file(root_ / "latin1.py", "# caf\xe9 na\xefve\nimport torch\ntorch.cuda.empty_cache()\n");
  auto rep = scan_ok();
  expect_diagnostic(rep, "latin1.py", "UTF-8");
  EXPECT_EQ(finding_lines(rep, "latin1.py", kEmptyCacheRule), std::vector<int>{3});
  expect_strict_exit(3);
}

TEST_F(BadInput, Utf16WithBom) {
  std::string text = "\xFF\xFE";
  for (char c : std::string(kGoodPy)) text += std::string{c, '\0'};
  write_file(root_ / "wide.py", text);
  auto rep = scan_ok();
  expect_diagnostic(rep, "wide.py", "UTF-16");
  expect_strict_exit(3);
}

TEST_F(BadInput, Utf8BomIsTransparent) {
  write_file(root_ / "bom.py", std::string("\xEF\xBB\xBF") + kGoodPy);
  auto rep = scan_ok();
  expect_no_diagnostic(rep, "bom.py");
  EXPECT_EQ(finding_lines(rep, "bom.py", kEmptyCacheRule), std::vector<int>{2});
  expect_strict_exit(0);
}

TEST_F(BadInput, CrlfAndLoneCrLineEnds) {
  write_file(root_ / "crlf.py", "import torch\r\nx = 1\r\ntorch.cuda.empty_cache()\r\n");
  write_file(root_ / "cr.py", "import torch\rx = 1\rtorch.cuda.empty_cache()\r");
  auto rep = scan_ok();
  EXPECT_EQ(finding_lines(rep, "crlf.py", kEmptyCacheRule), std::vector<int>{3});
  EXPECT_EQ(finding_lines(rep, "cr.py", kEmptyCacheRule), std::vector<int>{3});
  expect_no_diagnostic(rep, "crlf.py");
  expect_strict_exit(0);
}

TEST_F(BadInput, NulBytes) {
  write_file(root_ / "nul.py",
             std::string("import torch\n\0\0x = 1\ntorch.cuda.empty_cache()\n", 41));
  auto rep = scan_ok();
  expect_diagnostic(rep, "nul.py", "NUL");
  expect_strict_exit(3);
}

TEST_F(BadInput, HundredMegabyteOneLineFileHitsSizeCap) {
  {
    std::ofstream big(root_ / "big.py", std::ios::binary);
    std::string chunk(1 << 20, 'x');
    for (int i = 0; i < 100; ++i)
      big.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
  }
  ASSERT_EQ(fs::file_size(root_ / "big.py"), 100ull << 20);
  auto rep = scan_ok();
  expect_diagnostic(rep, "big.py", "size cap");
  fs::remove(root_ / "big.py");  // 100 MB: do not keep it for the strict run
}

TEST_F(BadInput, TenThousandNestedBrackets) {
  std::string deep = "import torch\nx = " + std::string(10000, '(') + "1" +
                     std::string(10000, ')') + "\ny = " + std::string(10000, '[') +
                     std::string(10000, ']') + "\ntorch.cuda.empty_cache()\n";
  write_file(root_ / "deep.py", deep);
  // Never closed: only "no crash" and a complete report for the rest.
  write_file(root_ / "open.py", "y = " + std::string(10000, '[') + std::string(10000, '{'));
  write_file(root_ / "deep.cu",
             std::string(10000, '{') + "cudaMalloc(p, 4);" + std::string(10000, '}'));
  write_file(root_ / "deep.ipynb", std::string(10000, '[') + std::string(10000, ']'));
  write_file(root_ / "environment.yml", "dependencies: " + std::string(10000, '[') + "\n");
  write_file(root_ / "pyproject.toml", "x = " + std::string(10000, '[') + "\n");
  write_file(root_ / "run.sh", std::string(10000, '(') + "nvidia-smi" + std::string(10000, ')') +
                                   "\n" + std::string(5000, '$') + std::string(5000, '{'));
  auto rep = scan_ok();
  EXPECT_EQ(finding_lines(rep, "deep.py", kEmptyCacheRule), std::vector<int>{4});
  expect_diagnostic(rep, "deep.ipynb", "");
  expect_diagnostic(rep, "environment.yml", "");
  expect_diagnostic(rep, "pyproject.toml", "");
}

TEST_F(BadInput, UnterminatedTripleQuotedStringAtEof) {
  write_file(root_ / "open.py", "import torch\ntorch.cuda.empty_cache()\ns = \"\"\"never closed\n");
  auto rep = scan_ok();
  EXPECT_EQ(finding_lines(rep, "open.py", kEmptyCacheRule), std::vector<int>{2});
  expect_diagnostic(rep, "open.py", "unterminated");
  expect_strict_exit(3);
}

TEST_F(BadInput, MixedTabsAndSpaces) {
  write_file(root_ / "tabs.py",
             "import torch\nif True:\n\tx = 1\n        torch.cuda.empty_cache()\n  \ty = 2\n");
  auto rep = scan_ok();
  EXPECT_EQ(finding_lines(rep, "tabs.py", kEmptyCacheRule), std::vector<int>{4});
}

TEST_F(BadInput, EmptyFiles) {
  for (const char* name : {"empty.py", "requirements.txt", "setup.py", "setup.cfg", "run.sh",
                           "Dockerfile", "empty.cu", "environment.yml", "pyproject.toml"})
    write_file(root_ / name, "");
  auto rep = scan_ok();
  for (const char* name : {"empty.py", "requirements.txt", "setup.py", "run.sh", "empty.cu"})
    expect_no_diagnostic(rep, name);
  EXPECT_EQ(own_findings(rep), 1u) << rep["findings"];
}

TEST(BadInputTree, EmptyRepository) {
  TempDir root, out;
  RunResult r = scan(root.path(), out.path(), {"--strict"}, "json,sarif,md,csv");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto rep = report(out.path());
  ASSERT_FALSE(rep.is_discarded());
  EXPECT_EQ(rep["schema"], "ascendify.report/1");
  EXPECT_TRUE(rep["findings"].empty());
  EXPECT_TRUE(rep["diagnostics"].empty());
  for (const char* f : {"ascendify-report.sarif", "ascendify-report.zh.md", "ascendify-report.csv"})
    EXPECT_TRUE(fs::exists(out / f)) << f;
}

TEST_F(BadInput, SymlinkLoops) {
  fs::create_directories(root_ / "a/b");
  write_file(root_ / "a/b/inner.py", kGoodPy);
  fs::create_directory_symlink("../..", root_ / "a/b/up");  // back to the root
  fs::create_directory_symlink("loop", root_ / "loop");     // points at itself
  fs::create_symlink("ping", root_ / "pong.py");
  fs::create_symlink("pong.py", root_ / "ping");
  auto rep = scan_ok();
  // Each real file is reported exactly once, whatever the loops.
  EXPECT_EQ(finding_lines(rep, "a/b/inner.py", kEmptyCacheRule), std::vector<int>{2});
  EXPECT_EQ(own_findings(rep), 2u) << rep["findings"];
}

TEST_F(BadInput, SymlinkOutsideRootIsNotFollowed) {
  TempDir outside;
  write_file(outside / "secret.py", kGoodPy);
  fs::create_directory_symlink(outside.path(), root_ / "ext");
  fs::create_symlink(outside / "secret.py", root_ / "link.py");
  auto rep = scan_ok();
  for (const auto& f : rep["findings"]) {
    std::string p = f.value("path", "");
    EXPECT_TRUE(p.rfind("ext/", 0) != 0 && p != "link.py") << "followed out of the root: " << p;
  }
  std::string dump = rep.dump();
  EXPECT_EQ(dump.find(outside.path().string()), std::string::npos) << "report leaks outside path";
}

TEST_F(BadInput, UnreadableFileAndDirectory) {
  if (::geteuid() == 0) GTEST_SKIP() << "running as root: permissions do not bite";
  write_file(root_ / "secret.py", kGoodPy);
  write_file(root_ / "locked/inner.py", kGoodPy);
  fs::permissions(root_ / "secret.py", fs::perms::none);
  fs::permissions(root_ / "locked", fs::perms::none);
  auto rep = scan_ok();
  expect_diagnostic(rep, "secret.py", "readable");
  expect_diagnostic(rep, "locked", "directory");
  expect_strict_exit(3);
}

TEST_F(BadInput, VanishedFileAndFifo) {
  // A file deleted between discovery and reading cannot be timed from outside the process;
  // a dangling symlink and a named pipe exercise the same "listed, then not readable" path
  // (and the pipe must not block the scan).
  fs::create_symlink("gone-for-good.py", root_ / "dangling.py");
  ASSERT_EQ(::mkfifo((root_ / "pipe.py").c_str(), 0644), 0);
  auto rep = scan_ok();
  EXPECT_TRUE(finding_lines(rep, "pipe.py", kEmptyCacheRule).empty());
}

TEST_F(BadInput, NonUtf8FileName) {
  write_file(root_ / "caf\xe9.py", kGoodPy);
  auto rep = scan_ok();
  int hits = 0;
  for (const auto& f : rep["findings"])
    if (f.value("path", "").rfind("caf", 0) == 0 && f.value("rule", "") != "device.npu-startup")
      ++hits;
  EXPECT_EQ(hits, 1) << rep["findings"];
}

TEST_F(BadInput, MalformedNotebook) {
  write_file(root_ / "broken.ipynb",
             "{\"cells\": [{\"cell_type\": \"code\", \"source\": [\"import torch\\n\"");
  write_file(root_ / "nocells.ipynb", "{\"metadata\": {}}");
  auto rep = scan_ok();
  expect_diagnostic(rep, "broken.ipynb", "JSON");
  expect_diagnostic(rep, "nocells.ipynb", "cells");
  expect_strict_exit(3);
}

TEST_F(BadInput, MalformedPyprojectAndEnvironment) {
  write_file(root_ / "pyproject.toml", "[project\nname = \"x\"\ndependencies = [\"torch\"\n");
  write_file(root_ / "environment.yml", "name: x\ndependencies:\n  - torch\n - : [ {\n");
  auto rep = scan_ok();
  expect_diagnostic(rep, "pyproject.toml", "TOML");
  expect_diagnostic(rep, "environment.yml", "YAML");
  expect_strict_exit(3);
}

TEST_F(BadInput, RequirementsIncludingThemselves) {
  write_file(root_ / "requirements.txt", "-r requirements.txt\n-r requirements-dev.txt\ntorch\n");
  write_file(root_ / "requirements-dev.txt", "-r requirements.txt\nflash-attn\n");
  auto rep = scan_ok();
  int torch = 0, flash = 0;
  for (const auto& d : rep["dependencies"]) {
    torch += d.value("name", "") == "torch";
    flash += d.value("name", "") == "flash-attn";
  }
  EXPECT_EQ(torch, 1) << rep["dependencies"];
  EXPECT_EQ(flash, 1) << rep["dependencies"];
}

TEST(BadInputCli, ScanPathMissingOrAFile) {
  TempDir dir, out;
  RunResult r = run_cli({"scan", (dir / "does-not-exist").string(), "-o", out.path().string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(count_lines(without_rule_diagnostics(r.err)), 1) << r.err;
  EXPECT_NE(r.err.find("does-not-exist"), std::string::npos) << r.err;

  // A device is neither a folder nor a file to read (a single file is scanned: FirstRun).
  r = run_cli({"scan", "/dev/null", "-o", out.path().string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(count_lines(without_rule_diagnostics(r.err)), 1) << r.err;
  EXPECT_NE(r.err.find("/dev/null: not a folder or a regular file"), std::string::npos) << r.err;
}

TEST(BadInputCli, OutputDirectoryNotWritable) {
  TempDir root, elsewhere;
  write_file(root / "good.py", kGoodPy);
  // A regular file where a directory of the output path should be: fails even as root.
  write_file(elsewhere / "plain-file", "x");
  RunResult r = scan(root.path(), elsewhere / "plain-file/reports");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(count_lines(without_rule_diagnostics(r.err)), 1) << r.err;
  if (::geteuid() != 0) {
    fs::create_directory(elsewhere / "ro");
    fs::permissions(elsewhere / "ro", fs::perms::owner_read | fs::perms::owner_exec);
    r = scan(root.path(), elsewhere / "ro");
    EXPECT_EQ(r.exit_code, 2);
  }
}

TEST(BadInputCli, StrictOnlyChangesTheExitStatus) {
  TempDir root, out1, out2;
  write_file(root / "good.py", kGoodPy);
  write_file(root / "bad.ipynb", "not json");
  RunResult plain = scan(root.path(), out1.path());
  RunResult strict = scan(root.path(), out2.path(), {"--strict"});
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(strict.exit_code, 3) << strict.err;
  EXPECT_EQ(read_file(out1 / "ascendify-report.json"), read_file(out2 / "ascendify-report.json"));
}

}  // namespace
