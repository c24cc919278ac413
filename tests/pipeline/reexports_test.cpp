// (In tests/pipeline: the pass is run on what a scan keeps.)
// project::reexported_findings on scanned trees: the last import of a name binds it, and the
// result is the same from slimmed facts (their digest, as `ascendify scan` keeps them) and from
// whole facts (a digest built per call, whose strings the pass must not keep views of).
#include "project/reexports.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../discover/temp_tree.hpp"
#include "embedded_rules.hpp"
#include "pipeline/scan.hpp"

namespace ascendify::project {
namespace {

using discover::testing::TempTree;

using pipeline::testing::embedded_rules;

// "path:line rule match" of each re-exported finding.
std::vector<std::string> reexported(const TempTree& t, bool slim) {
  pipeline::ScanOptions o;
  o.slim_facts = slim;
  const pipeline::ScanResult r = pipeline::scan(t.root(), embedded_rules(), o);
  const assess::ImportGraph graph(r.files);
  std::vector<std::string> out;
  for (const Finding& f : reexported_findings(r.files, graph, embedded_rules(), nullptr))
    out.push_back(f.path + ":" + std::to_string(f.span.line) + " " + std::string(f.rule_id) + " " +
                  f.match);
  return out;
}

TEST(Reexports, TheLastImportOfANameBindsIt) {
  TempTree t;
  t.file("pkg/__init__.py", "");
  t.file("pkg/local.py", "def attn(*a):\n    return a\n");
  // attn ends bound to the project's own function here, to flash_attn's there.
  t.file("pkg/first_flash.py",
         "from flash_attn import flash_attn_func as attn\nfrom pkg.local import attn\n");
  t.file("pkg/last_flash.py",
         "from pkg.local import attn\nfrom flash_attn import flash_attn_func as attn\n");
  // Relative imports, rebinding likewise.
  t.file("pkg/rel_last.py",
         "from .local import attn\nfrom flash_attn import flash_attn_func as attn\n");
  t.file("pkg/rel_first.py",
         "from flash_attn import flash_attn_func as attn\nfrom .local import attn\n");
  t.file("run.py",
         "from pkg.first_flash import attn as a1\n"
         "from pkg.last_flash import attn as a2\n"
         "from pkg.rel_last import attn as a3\n"
         "from pkg.rel_first import attn as a4\n"
         "\n"
         "a1(1)\n"    // 6
         "a2(2)\n"    // 7
         "a3(3)\n"    // 8
         "a4(4)\n");  // 9
  const std::vector<std::string> expected = {
      "run.py:7 attention.flash-attn-func flash_attn.flash_attn_func",
      "run.py:8 attention.flash-attn-func flash_attn.flash_attn_func"};
  EXPECT_EQ(reexported(t, true), expected);
  EXPECT_EQ(reexported(t, false), expected);
}

TEST(Reexports, SameFromSlimmedAndFromWholeFacts) {
  TempTree t;
  t.file("pkg/__init__.py", "from .ops.attention import attn_fn, sync\n");
  t.file("pkg/ops/__init__.py", "");
  t.file("pkg/ops/attention.py",
         "from flash_attn import flash_attn_func as attn_fn\n"
         "from torch.cuda import synchronize as sync\n"
         "import torch.cuda as tc\n");
  t.file("pkg/shim.py", "from pkg.ops.attention import tc as cuda_mod\n");
  t.file("run.py",
         "import pkg.ops.attention as at\n"
         "from pkg import attn_fn, sync\n"
         "from pkg.shim import cuda_mod\n"
         "\n"
         "attn_fn(1)\n"
         "sync()\n"
         "at.tc.synchronize()\n"
         "cuda_mod.empty_cache()\n");
  const std::vector<std::string> expected = {
      "run.py:5 attention.flash-attn-func flash_attn.flash_attn_func",
      "run.py:6 device.cuda-synchronize torch.cuda.synchronize",
      "run.py:7 device.cuda-synchronize torch.cuda.synchronize",
      "run.py:8 device.cuda-empty-cache torch.cuda.empty_cache"};
  // Whole facts: the digest is built per call, and the bindings keep copies of its strings (a
  // view of them would dangle: scripts/sanitize.sh reports it).
  EXPECT_EQ(reexported(t, true), expected);
  EXPECT_EQ(reexported(t, false), expected);
}

}  // namespace
}  // namespace ascendify::project
