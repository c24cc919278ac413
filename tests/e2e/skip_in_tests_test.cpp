// Rules with skip_in_tests (the fp32 up-casts of the precision domain) do not fire in test
// code, where the up-cast is the reference a kernel is compared against; the same line in model
// code does, and rules without the flag fire in tests as before.
#include <gtest/gtest.h>

#include "robust_util.hpp"

using namespace robust;

namespace {

constexpr const char* kNorm = R"(import torch


class RMSNorm(torch.nn.Module):
    def forward(self, x):
        return self._norm(x.float()).type_as(x)

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
)";

constexpr const char* kTest = R"(import torch


def test_rms_norm(x):
    ref = RMSNorm().forward(x.float())
    table = torch.zeros(4, dtype=torch.float64)
    return ref, table
)";

std::vector<std::string> rules_at(const nlohmann::json& rep, const std::string& path) {
  std::vector<std::string> out;
  for (const auto& f : rep["findings"])
    if (f["path"] == path) out.push_back(f["rule"].get<std::string>());
  return out;
}

}  // namespace

TEST(SkipInTests, UpCastsInTestCodeAreNotFindings) {
  TempDir root, out;
  write_file(root / "model" / "norm.py", kNorm);
  write_file(root / "tests" / "test_norm.py", kTest);
  write_file(root / "model" / "test_rms_norm.py", kTest);  // a test by its name
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  EXPECT_EQ(rules_at(rep, "model/norm.py"), std::vector<std::string>{"precision.rmsnorm-float"});
  EXPECT_EQ(rules_at(rep, "tests/test_norm.py"), std::vector<std::string>{"precision.float64"});
  EXPECT_EQ(rules_at(rep, "model/test_rms_norm.py"), std::vector<std::string>{"precision.float64"});
}
