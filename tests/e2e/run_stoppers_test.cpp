// What stops the run: asserts and raising branches on CUDA checks, unguarded module-level
// imports of packages with no NPU build, on the default run. Look-alikes: checks true on an NPU
// (`== "cpu"`, `!= "cuda"`), conditions with `or`, imports under try/except or inside a
// function, code behind an off-by-default flag, code no entry point reaches.
#include <gtest/gtest.h>

#include <set>

#include "robust_util.hpp"

using namespace robust;

namespace {

constexpr const char* kSample = R"(import argparse

import torch
import flash_attn

from pkg.ops import fused_norm, optional_path

try:
    import xformers.ops
except ImportError:
    xformers = None


def main(args, x, use_trt=False):
    assert torch.cuda.is_available(), "sampling needs a GPU"
    assert x.device.type != "cuda" or x.is_contiguous()
    assert x.device.type == "cpu" or True
    if not x.is_cuda:
        raise NotImplementedError("CUDA tensors only")
    if use_trt:
        import tensorrt
    return fused_norm(x)


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    main(p.parse_args(), torch.zeros(1))
)";

constexpr const char* kOps = R"(import torch


def fused_norm(x):
    if x.device.type == "cuda":
        return x * 2
    else:
        raise RuntimeError("fused_norm runs on CUDA")


def optional_path(x):
    if x.device.type != "cuda":
        raise ValueError("cpu fallback missing")
    import sageattention
    return x


def init(device_type, q, k):
    if device_type == "cuda":
        # only where CUDA was chosen: never runs on an NPU
        assert torch.cuda.is_available(), "a CUDA build is needed"
    assert q.is_cuda and k.is_cuda, "inputs on the GPU"
    # A device string the project computed stays "cuda" under transfer_to_npu: no stopper.
    assert device_type == "cuda", "a computed device string"
)";

constexpr const char* kUnreached = R"(import torch
import flash_attn

assert torch.cuda.is_available()
)";

std::multiset<std::string> stoppers_of(const nlohmann::json& rep) {
  std::multiset<std::string> out;
  for (const auto& f : rep["findings"])
    if (f.value("stops_run", false))
      out.insert(f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>()));
  return out;
}

TEST(RunStoppers, AssertsRaisesAndImportsOnTheDefaultRun) {
  TempDir root, out;
  write_file(root / "sample.py", kSample);
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "ops.py", kOps);
  write_file(root / "tools" / "old_check.py", kUnreached);  // imported by nothing, no main
  const nlohmann::json rep = scan_report(root.path(), out.path());

  // Marked where they stand: the module-level flash_attn import (not the guarded xformers),
  // the assert on is_available, `if not x.is_cuda: raise`, the else-raise of fused_norm,
  // `if ... != "cuda": raise` in ops. Not: `!= "cuda" or ...` (an or), `== "cpu"`, the
  // tensorrt import inside a function, sageattention imported inside a function, the assert
  // inside `if device_type == "cuda":` (never runs on an NPU). ops.py:22 has two checks.
  const std::multiset<std::string> marked = stoppers_of(rep);
  const std::multiset<std::string> want_marked = {
      "sample.py:4",   "sample.py:15",         "sample.py:18",
      "pkg/ops.py:5",  "pkg/ops.py:12",        "pkg/ops.py:22",
      "pkg/ops.py:22", "tools/old_check.py:2", "tools/old_check.py:4"};
  EXPECT_EQ(marked, want_marked) << rep["findings"].dump(1);

  // The summary lists those on the default run: not the unreached tools/ file.
  const auto& stops = rep["summary"]["run_stoppers"];
  ASSERT_TRUE(stops.is_array());
  std::set<std::string> where;
  for (const auto& s : stops) {
    const std::string t = s.get<std::string>();
    where.insert(t.substr(t.rfind('(') + 1, t.size() - t.rfind('(') - 2));
  }
  // Nor ops.py:12 and :22: optional_path is imported but never called, and nothing calls
  // init (program model: unused definitions). Nor sample.py:15 and :18: transfer_to_npu makes
  // torch.cuda.is_available() and x.is_cuda true on an NPU (the start-up lines port them).
  const std::set<std::string> want = {"sample.py:4", "pkg/ops.py:5"};
  EXPECT_EQ(where, want) << stops.dump(1);
  EXPECT_EQ(stops.size(), want.size()) << "one entry per line: " << stops.dump(1);
  bool import_reason = false;
  for (const auto& s : stops)
    import_reason |= s.get<std::string>().starts_with("import of a package with no NPU build");
  EXPECT_TRUE(import_reason) << stops.dump(1);
}

TEST(RunStoppers, AnImportLineIsWordedAsAnImport) {
  // The import of an extension built elsewhere stops the run through a derived rule that
  // stops "as a call"; the reason still says it is an import.
  TempDir root, out;
  write_file(root / "train.py",
             "import torch\nimport rotary_emb\n\n\ndef main():\n    rotary_emb.apply_rotary(1)\n"
             "\n\nif __name__ == \"__main__\":\n    main()\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  const auto& stops = rep["summary"]["run_stoppers"];
  ASSERT_FALSE(stops.empty()) << rep["findings"].dump(1);
  EXPECT_TRUE(stops[0].get<std::string>().starts_with(
      "import of a package with no NPU build (rotary_emb) — import rotary_emb (train.py:2)"))
      << stops.dump(1);
}

TEST(RunStoppers, MarkdownOpensWithThem) {
  TempDir root, out;
  write_file(root / "sample.py",
             "import torch\n\n\ndef main(x):\n    assert x.device.type == \"cuda\"\n\n\n"
             "if __name__ == \"__main__\":\n    main(torch.zeros(1))\n");
  const RunResult r = run_cli(
      {"scan", root.path().string(), "-o", out.path().string(), "--format", "md", "--lang", "en"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string md = read_file(out / "ascendify-report.en.md");
  // The manager's view opens the report, the run-stoppers first after the verdict table.
  const size_t glance = md.find("## At a glance");
  const size_t stops = md.find("### Stops the run (1)", glance);
  const size_t summary = md.find("## Executive Summary");
  ASSERT_NE(glance, std::string::npos) << md;
  ASSERT_NE(stops, std::string::npos) << md;
  EXPECT_LT(stops, summary);
  EXPECT_NE(md.find("1. `sample.py:5` (`inference`) — the run asserts or raises on a CUDA check (",
                    stops),
            std::string::npos)
      << md.substr(glance, 1200);
}

}  // namespace
