// A name a project module imports and others import from it (mochi: attn_imports.py binds
// flash_varlen_attn to flash_attn.flash_attn_varlen_func; the model imports flash_varlen_attn
// from there) is the package's name at every use: the brief's "flash_attn_varlen_func behind an
// import alias".
#include <gtest/gtest.h>

#include "robust_util.hpp"

using namespace robust;

namespace {

std::string rules_at(const nlohmann::json& rep, const std::string& path, int line) {
  std::string out;
  for (const auto& f : rep["findings"])
    if (f["path"] == path && f["line"] == line)
      out += f["rule"].get<std::string>() + (f["guarded"].get<bool>() ? "(guarded)" : "") + " ";
  return out;
}

}  // namespace

TEST(Reexport, UsesOfReexportedNamesAreMatchedAsThePackagesNames) {
  TempDir root, out;
  write_file(root / "src" / "genmo" / "__init__.py", "");
  write_file(root / "src" / "genmo" / "lib" / "__init__.py", "");
  write_file(root / "src" / "genmo" / "lib" / "attn_imports.py",
             "try:\n"
             "    from flash_attn import flash_attn_varlen_func as flash_varlen_attn\n"
             "except ImportError:\n"
             "    flash_varlen_attn = None\n"
             "import torch.cuda as tc\n\n\n"
             "def local_attn(q):\n"
             "    return q\n");
  // A second hop: shim.py re-exports from attn_imports.
  write_file(root / "src" / "genmo" / "lib" / "shim.py",
             "from genmo.lib.attn_imports import tc as cuda_mod\n");
  write_file(root / "src" / "genmo" / "model.py",
             "import genmo.lib.attn_imports as ai\n"
             "from genmo.lib.attn_imports import flash_varlen_attn, local_attn\n"
             "from genmo.lib.shim import cuda_mod\n\n\n"
             "def forward(q, k, v):\n"
             "    out = flash_varlen_attn(q, k, v)\n"  // 7
             "    ai.flash_varlen_attn(q, k, v)\n"     // 8
             "    local_attn(q)\n"                     // 9: the project's own function
             "    cuda_mod.synchronize()\n"            // 10: two hops to torch.cuda
             "    # flash_varlen_attn(q) in a comment\n"
             "    return out\n");
  write_file(
      root / "src" / "genmo" / "infer.py",
      "from genmo.model import forward\n\nif __name__ == \"__main__\":\n    forward(1, 2, 3)\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  // Guarded: the re-exported import is optional (try / except ImportError).
  EXPECT_EQ(rules_at(rep, "src/genmo/model.py", 7), "attention.flash-attn-varlen(guarded) ");
  EXPECT_EQ(rules_at(rep, "src/genmo/model.py", 8), "attention.flash-attn-varlen(guarded) ");
  EXPECT_EQ(rules_at(rep, "src/genmo/model.py", 9), "");
  EXPECT_EQ(rules_at(rep, "src/genmo/model.py", 10), "device.cuda-synchronize ");
  EXPECT_EQ(rules_at(rep, "src/genmo/model.py", 11), "");
  for (const auto& f : rep["findings"])
    if (f["path"] == "src/genmo/model.py" && f["line"] == 7) {
      EXPECT_EQ(f["column"], 11);
      EXPECT_EQ(f["end_column"], 28);
      EXPECT_EQ(f["match"], "flash_attn.flash_attn_varlen_func");
      EXPECT_EQ(f["phases"], nlohmann::json::array({"inference"}));
    }
}

TEST(Reexport, RelativeReexportsOfAPackageAreFollowed) {
  // pkg/__init__.py re-exports with a relative import (`from .attention import attn_fn`), the
  // common way a package exposes its API; the user imports it from the package.
  TempDir root, out;
  write_file(root / "pkg" / "__init__.py", "from .ops.attention import attn_fn\n");
  write_file(root / "pkg" / "ops" / "__init__.py", "");
  write_file(root / "pkg" / "ops" / "attention.py",
             "from flash_attn import flash_attn_func as attn_fn\n");
  write_file(root / "run.py",
             "from pkg import attn_fn\n\n"
             "if __name__ == \"__main__\":\n"
             "    attn_fn(1, 2, 3)\n");
  const nlohmann::json rep = scan_report(root.path(), out.path());
  ASSERT_FALSE(rep.is_discarded());
  EXPECT_EQ(rules_at(rep, "run.py", 4), "attention.flash-attn-func ");
}
