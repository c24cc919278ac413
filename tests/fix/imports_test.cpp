#include <gtest/gtest.h>

#include "helpers.hpp"

namespace ascendify::fix {
namespace {

using testing::fixed_text;
using testing::Fixture;
using testing::make_rule;

const Rule kSync = make_rule("device.cuda-synchronize", MatchKind::Reference,
                             {"torch.cuda.synchronize"}, "rename", "torch.npu.");
const Rule kDev = make_rule("device.cuda-device-string", MatchKind::String, {"cuda", "cuda:N"},
                            "replace-string", "npu");
const Rule kCmp =
    make_rule("device.device-type-compare", MatchKind::String, {"cuda"}, "replace-string", "npu");

std::string fix_sync(const std::string& text) {
  Fixture fx;
  fx.file("a.py", FileKind::Python, text);
  fx.find(kSync, "a.py", "torch.cuda.synchronize", "torch.cuda.synchronize");
  auto r = fx.plan();
  EXPECT_TRUE(r.diagnostics.empty()) << manual_summary(r);
  return fixed_text(r, "a.py");
}

TEST(Import, AfterDocstringAndFutureWithoutImportTorch) {
  EXPECT_EQ(fix_sync("#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\"\"\"Doc.\n\nMore.\"\"\"\n"
                     "from __future__ import annotations\n# a comment\nfrom torch import cuda\n"
                     "torch.cuda.synchronize()\n"),
            "#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n\"\"\"Doc.\n\nMore.\"\"\"\n"
            "from __future__ import annotations\nimport torch_npu\n# a comment\n"
            "from torch import cuda\ntorch.npu.synchronize()\n");
}

TEST(Import, FirstStatementKeepsHeaderComments) {
  EXPECT_EQ(fix_sync("# Copyright\n\nimport os\ntorch.cuda.synchronize()\n"),
            "# Copyright\n\nimport torch_npu\nimport os\ntorch.npu.synchronize()\n");
}

TEST(Import, RightAfterFirstModuleLevelImportTorch) {
  EXPECT_EQ(fix_sync("\"\"\"D.\"\"\"\nimport os\nimport torch as th, sys\nimport torch\n"
                     "torch.cuda.synchronize()\n"),
            "\"\"\"D.\"\"\"\nimport os\nimport torch as th, sys\nimport torch_npu\nimport torch\n"
            "torch.npu.synchronize()\n");
}

TEST(Import, IgnoresImportTorchInsideTryAndFunctions) {
  EXPECT_EQ(fix_sync("try:\n    import torch\nexcept ImportError:\n    pass\n"
                     "def f():\n    import torch_npu\n    torch.cuda.synchronize()\n"),
            "import torch_npu\ntry:\n    import torch\nexcept ImportError:\n    pass\n"
            "def f():\n    import torch_npu\n    torch.npu.synchronize()\n");
}

TEST(Import, NotAddedWhenAlreadyImported) {
  EXPECT_EQ(fix_sync("import torch\nimport torch_npu  # noqa\ntorch.cuda.synchronize()\n"),
            "import torch\nimport torch_npu  # noqa\ntorch.npu.synchronize()\n");
  EXPECT_EQ(fix_sync("import torch\ntry:\n    import torch_npu\nexcept ImportError:\n    pass\n"
                     "torch.cuda.synchronize()\n"),
            "import torch\ntry:\n    import torch_npu\nexcept ImportError:\n    pass\n"
            "torch.npu.synchronize()\n");
  EXPECT_EQ(fix_sync("import torch\nfrom torch_npu.contrib import transfer_to_npu\n"
                     "torch.cuda.synchronize()\n"),
            "import torch\nfrom torch_npu.contrib import transfer_to_npu\n"
            "torch.npu.synchronize()\n");
}

TEST(Import, CrlfFileGetsCrlfLine) {
  EXPECT_EQ(fix_sync("import torch\r\ntorch.cuda.synchronize()\r\n"),
            "import torch\r\nimport torch_npu\r\ntorch.npu.synchronize()\r\n");
}

TEST(Import, BomStaysFirst) {
  EXPECT_EQ(fix_sync("\xEF\xBB\xBFx = 1\ntorch.cuda.synchronize()\n"),
            "\xEF\xBB\xBFimport torch_npu\nx = 1\ntorch.npu.synchronize()\n");
}

TEST(Import, NoTrailingNewlineKept) {
  EXPECT_EQ(fix_sync("import torch\ntorch.cuda.synchronize()"),
            "import torch\nimport torch_npu\ntorch.npu.synchronize()");
  // `import torch` ends the file's first logical line without a line ending only when it is
  // the last line; here the call shares its line, so the import goes before it.
  EXPECT_EQ(fix_sync("import torch; torch.cuda.synchronize()"),
            "import torch_npu\nimport torch; torch.npu.synchronize()");
}

TEST(Relex, BrokenEditLeavesFileAlone) {
  const Rule bad = make_rule("device.bad", MatchKind::String, {"cuda"}, "replace-string", "np\"u");
  Fixture fx;
  fx.file("a.py", FileKind::Python, "import torch\nd = torch.device(\"cuda\")\n");
  fx.find(bad, "a.py", "\"cuda\"", "\"cuda\"");
  auto r = fx.plan();
  EXPECT_TRUE(r.files.empty());
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_NE(r.diagnostics[0].message.find("left untouched"), std::string::npos);
  ASSERT_EQ(r.manual.size(), 1u);
}

TEST(Transfer, RedirectInEntryPointAndOnlyUncoveredEdits) {
  Fixture fx;
  fx.file("train.py", FileKind::Python,
          "\"\"\"Train.\"\"\"\nimport torch\nx = torch.ones(1, device=\"cuda\")\n"
          "if x.device.type == \"cuda\":\n    pass\nif __name__ == \"__main__\":\n    main()\n",
          /*main_guard=*/true);
  fx.file("lib.py", FileKind::Python, "def f(d):\n    return d.type == \"cuda\"\n");
  fx.find(kDev, "train.py", "\"cuda\"", "\"cuda\"", 0, /*by_transfer=*/true);
  fx.find(kCmp, "train.py", "\"cuda\"", "\"cuda\"", 1, /*by_transfer=*/false);
  fx.find(kCmp, "lib.py", "\"cuda\"", "\"cuda\"", 0, false);
  FixOptions o;
  o.transfer_to_npu = true;
  auto r = fx.plan(o);
  EXPECT_EQ(fixed_text(r, "train.py"),
            "\"\"\"Train.\"\"\"\nimport torch_npu\nfrom torch_npu.contrib import transfer_to_npu\n"
            "import torch\nx = torch.ones(1, device=\"cuda\")\n"
            "if x.device.type == \"npu\":\n    pass\nif __name__ == \"__main__\":\n    main()\n");
  EXPECT_EQ(fixed_text(r, "lib.py"), "import torch_npu\ndef f(d):\n    return d.type == \"npu\"\n");
  EXPECT_EQ(r.entry_points, std::vector<std::string>{"train.py"});
  ASSERT_EQ(r.by_transfer.size(), 1u);
  EXPECT_EQ(r.by_transfer[0].line, 3u);
  EXPECT_TRUE(r.manual.empty());
}

TEST(Transfer, NoEntryPointIsDiagnosed) {
  Fixture fx;
  fx.file("lib.py", FileKind::Python, "x = 1\n");
  FixOptions o;
  o.transfer_to_npu = true;
  auto r = fx.plan(o);
  EXPECT_TRUE(r.files.empty());
  ASSERT_EQ(r.diagnostics.size(), 1u);
}

}  // namespace
}  // namespace ascendify::fix
