// Code beside an NPU branch: the project already has its NPU path there. Its findings are
// guarded (optional) and `fix` leaves it as it is, saying why; the same call outside such a
// chain is still edited.
#include <gtest/gtest.h>

#include "robust_util.hpp"

using namespace robust;

namespace {

constexpr const char* kMemory = R"(import torch
from transformers.utils import is_torch_npu_available


def free_memory():
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
    elif is_torch_npu_available():
        torch.npu.empty_cache()


def sync():
    torch.cuda.synchronize()


if __name__ == "__main__":
    free_memory()
    sync()
)";

}  // namespace

TEST(NpuBranch, FindingsBesideItAreGuardedAndFixLeavesThem) {
  TempDir root, out;
  write_file(root / "train.py", kMemory);
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  std::map<int, bool> guarded_at;
  for (const auto& f : rep["findings"]) guarded_at[f["line"].get<int>()] = f["guarded"].get<bool>();
  EXPECT_TRUE(guarded_at.at(6));    // torch.cuda.is_available(), the chain's first condition
  EXPECT_TRUE(guarded_at.at(7));    // torch.cuda.empty_cache() in the CUDA branch
  EXPECT_FALSE(guarded_at.at(13));  // torch.cuda.synchronize() outside any chain

  RunResult fix = run_cli({"fix", root.path().string()});
  ASSERT_EQ(fix.exit_code, 0) << fix.err;
  EXPECT_NE(fix.out.find("+    torch.npu.synchronize()"), std::string::npos) << fix.out;
  EXPECT_EQ(fix.out.find("+        torch.npu.empty_cache()"), std::string::npos) << fix.out;
  EXPECT_NE(fix.err.find("beside an NPU branch"), std::string::npos) << fix.err;
}
