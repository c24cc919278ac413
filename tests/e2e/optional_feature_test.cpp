// Optional features: code that runs only with a flag that is off by default (`if
// args.use_fp8:` with a store_true option, the else of `if not trt:` with `trt=False`) and the
// files reached only through it. Their blockers are listed apart and do not decide the
// verdict; a flag the project's own launcher passes (`--i2v-mode`), a comparison, an option
// with a value and a parameter defaulting to True are no optional features.
#include <gtest/gtest.h>

#include <set>

#include "robust_util.hpp"

using namespace robust;

namespace {

constexpr const char* kGenerate = R"(import argparse

import torch

from pkg.fp8 import convert_fp8


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--use-fp8", action="store_true")
    p.add_argument("--i2v-mode", action="store_true")
    p.add_argument("--steps", type=int, default=4)
    p.add_argument("--mode", default="fast")
    return p.parse_args()


def build(args, trt=False, enable=True):
    model = torch.nn.Linear(4, 4)
    if args.use_fp8:
        convert_fp8(model)
    if not trt:
        engine = None
    else:
        from pkg.trt_engine import Engine
        engine = Engine()
    if args.i2v_mode:
        model = model.to(torch.float8_e5m2)
    if args.steps:
        model = model.to(torch.float8_e4m3fnuz)
    if args.mode == "fast":
        model = model.to(torch.float8_e5m2fnuz)
    if enable:
        torch.cuda.empty_cache()
    return model, engine


if __name__ == "__main__":
    build(parse())
)";

constexpr const char* kFp8 = R"(import torch

SCALE = torch.float8_e4m3fn


def convert_fp8(model):
    return model.to(torch.float8_e4m3fn)
)";

constexpr const char* kTrt = R"(import tensorrt as trt


class Engine:
    def __init__(self):
        self.logger = trt.Logger()
)";

constexpr const char* kRun = R"(#!/bin/bash
python generate.py \
    --i2v-mode \
    --steps 8
)";

std::set<std::string> strings_of(const nlohmann::json& a) {
  std::set<std::string> out;
  for (const auto& s : a) out.insert(s.get<std::string>());
  return out;
}

}  // namespace

TEST(OptionalFeature, BlockersBehindOffFlagsAreListedApart) {
  TempDir root, out;
  write_file(root / "generate.py", kGenerate);
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "fp8.py", kFp8);
  write_file(root / "pkg" / "trt_engine.py", kTrt);
  write_file(root / "scripts" / "run.sh", kRun);
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  std::map<std::string, bool> optional_at;  // "path:line" -> optional
  for (const auto& f : rep["findings"])
    optional_at[f["path"].get<std::string>() + ":" + std::to_string(f["line"].get<int>())] =
        f["optional"].get<bool>();
  // Functions of a module imported unconditionally but used only under `if args.use_fp8:`;
  // its module-level code runs on import.
  EXPECT_TRUE(optional_at.at("pkg/fp8.py:7"));
  EXPECT_FALSE(optional_at.at("pkg/fp8.py:3"));
  // A module imported only in the else of `if not trt:` (trt=False).
  EXPECT_TRUE(optional_at.at("pkg/trt_engine.py:1"));
  EXPECT_FALSE(optional_at.at("generate.py:27"));  // --i2v-mode: scripts/run.sh passes it
  EXPECT_FALSE(optional_at.at("generate.py:29"));  // --steps has a value, not a switch
  EXPECT_FALSE(optional_at.at("generate.py:31"));  // a comparison picks a mode
  EXPECT_FALSE(optional_at.at("generate.py:33"));  // enable=True: on by default

  const auto& s = rep["summary"];
  // fp8 is a precision rework on Atlas A2/A3 (run the model in bf16), not a blocker: the
  // required fp8 sites (generate.py 27, 29, 31 and pkg/fp8.py:3, module code run on import)
  // make the port need adaptation; the optional one (pkg/fp8.py:7 under --use-fp8) counts for
  // nothing. TensorRT behind `if not trt:` is the
  // optional features' only blocker.
  EXPECT_EQ(s["feasibility"], "needs-adaptation");
  EXPECT_EQ(strings_of(s["optional_blockers"]),
            (std::set<std::string>{"compile.tensorrt-import: tensorrt (pkg/trt_engine.py:1)"}));
  EXPECT_TRUE(s["blockers"].empty()) << s["blockers"].dump();
  EXPECT_EQ(s["site_classes"]["must-adapt"], 4) << s.dump(1);
  for (const auto& d : rep["dependencies"])
    if (d["name"] == "tensorrt") {
      EXPECT_TRUE(d["optional"].get<bool>());
    }
}

TEST(OptionalFeature, WithoutTheLauncherOnlyOptionalBlockersLeaveTheVerdict) {
  // No script passes --i2v-mode and the other look-alikes are gone: every blocker left is an
  // optional feature's (the i2v line among them now), so the verdict does not say "difficult".
  TempDir root, out;
  std::string gen = kGenerate;
  for (const char* cut : {"    if args.steps:\n        model = model.to(torch.float8_e4m3fnuz)\n",
                          "    if args.mode == \"fast\":\n"
                          "        model = model.to(torch.float8_e5m2fnuz)\n"}) {
    const size_t at = gen.find(cut);
    ASSERT_NE(at, std::string::npos) << cut;
    gen.erase(at, std::string(cut).size());
  }
  write_file(root / "generate.py", gen);
  write_file(root / "pkg" / "__init__.py", "");
  write_file(root / "pkg" / "fp8.py",
             "import torch\n\n\ndef convert_fp8(model):\n"
             "    return model.to(torch.float8_e4m3fn)\n");
  write_file(root / "pkg" / "trt_engine.py", kTrt);
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  const auto& s = rep["summary"];
  EXPECT_TRUE(s["blockers"].empty()) << s["blockers"].dump();
  EXPECT_EQ(s["optional_blockers"].size(), 1u) << s["optional_blockers"].dump();
  EXPECT_EQ(s["site_classes"]["must-adapt"], 0) << s.dump(1);
  EXPECT_EQ(s["feasibility"], "feasible");  // torch.cuda.empty_cache(): transfer_to_npu
}
