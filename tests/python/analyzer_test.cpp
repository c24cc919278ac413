// Python analyzer: imports, aliases, resolved references, shadowing, scopes, decorators.
// Guards and flags (conditions around facts): analyzer_conditions_test.cpp.
#include "python/analyzer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analyzer_test_util.hpp"

namespace ascendify::python {
namespace {

using test::all;
using test::has_ref;
using test::one;

TEST(AnalyzerImports, PlainDottedImportBindsTopName) {
  FileFacts ff = analyze("import torch.distributed\ntorch.cuda.synchronize()\n", "a.py");
  const Fact* imp = one(ff, FactKind::Import, "torch.distributed");
  ASSERT_NE(imp, nullptr);
  EXPECT_EQ(imp->alias, "torch");
  EXPECT_EQ(imp->arg_index, 0);
  EXPECT_EQ(imp->span.line, 1u);
  EXPECT_EQ(imp->span.col, 8u);
  const Fact* r = one(ff, FactKind::Reference, "torch.cuda.synchronize");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->usage, Usage::Call);
  EXPECT_EQ(r->span.line, 2u);
  EXPECT_EQ(r->span.col, 1u);
  EXPECT_EQ(r->span.end_col, 23u);  // "torch.cuda.synchronize" is 22 code points
}

TEST(AnalyzerImports, ImportAsAlias) {
  FileFacts ff =
      analyze("import torch.distributed as dist\ndist.init_process_group('nccl')\n", "a.py");
  const Fact* imp = one(ff, FactKind::Import, "torch.distributed");
  ASSERT_NE(imp, nullptr);
  EXPECT_EQ(imp->alias, "dist");
  const Fact* r = one(ff, FactKind::Reference, "torch.distributed.init_process_group");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->usage, Usage::Call);
  ASSERT_EQ(r->args.size(), 1u);
  EXPECT_EQ(r->args[0].kind, ValueKind::String);
  EXPECT_EQ(r->args[0].value, "nccl");
}

TEST(AnalyzerImports, FromImportAsAliasAndSymbolCall) {
  FileFacts ff = analyze(
      "from torch import cuda as tc\n"
      "from flash_attn import flash_attn_varlen_func as fav\n"
      "tc.synchronize()\n"
      "out = fav(q, k, v, causal=True)\n",
      "a.py");
  const Fact* imp = one(ff, FactKind::Import, "torch.cuda");
  ASSERT_NE(imp, nullptr);
  EXPECT_EQ(imp->detail, "torch");
  EXPECT_EQ(imp->alias, "tc");
  ASSERT_NE(one(ff, FactKind::Reference, "torch.cuda.synchronize"), nullptr);
  const Fact* r = one(ff, FactKind::Reference, "flash_attn.flash_attn_varlen_func");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->usage, Usage::Call);
  ASSERT_EQ(r->args.size(), 4u);
  EXPECT_EQ(r->args[0].kind, ValueKind::Name);  // an unbound name: as written
  EXPECT_EQ(r->args[0].value, "q");
  EXPECT_EQ(r->args[3].keyword, "causal");
  EXPECT_EQ(r->args[3].kind, ValueKind::Bool);
  EXPECT_EQ(r->args[3].value, "True");
}

TEST(AnalyzerImports, RelativeStarAndParenthesised) {
  FileFacts ff = analyze(
      "from ..models.attn import (Attn as A,\n    Block)\n"
      "from . import utils\n"
      "from os.path import *\n",
      "a.py");
  const Fact* a = one(ff, FactKind::Import, "models.attn.Attn");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->arg_index, 2);
  EXPECT_EQ(a->detail, "models.attn");
  EXPECT_EQ(a->alias, "A");
  const Fact* b = one(ff, FactKind::Import, "models.attn.Block");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->alias, "Block");
  const Fact* u = one(ff, FactKind::Import, "utils");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->arg_index, 1);
  EXPECT_EQ(u->detail, "");
  const Fact* s = one(ff, FactKind::Import, "os.path.*");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->arg_index, 0);
}

TEST(AnalyzerImports, ImportInsideFunctionIsScoped) {
  FileFacts ff = analyze(
      "def f():\n"
      "    import apex\n"
      "    apex.amp.initialize(m)\n"
      "apex.amp.initialize(m)\n",
      "a.py");
  const Fact* imp = one(ff, FactKind::Import, "apex");
  ASSERT_NE(imp, nullptr);
  EXPECT_EQ(imp->scope, "f");
  auto refs = all(ff, FactKind::Reference, "apex.amp.initialize");
  ASSERT_EQ(refs.size(), 1u);  // the module-level use is not bound
  EXPECT_EQ(refs[0]->scope, "f");
  EXPECT_EQ(refs[0]->span.line, 3u);
}

TEST(AnalyzerRefs, MaximalChainAndCallThenAttribute) {
  FileFacts ff = analyze(
      "import torch\n"
      "with torch.cuda.amp.autocast(dtype=torch.float16):\n"
      "    torch.cuda.current_stream().synchronize()\n",
      "a.py");
  const Fact* w = one(ff, FactKind::Reference, "torch.cuda.amp.autocast");
  ASSERT_NE(w, nullptr);
  EXPECT_EQ(w->usage, Usage::With);
  ASSERT_EQ(w->args.size(), 1u);
  EXPECT_EQ(w->args[0].keyword, "dtype");
  EXPECT_EQ(w->args[0].kind, ValueKind::Name);
  EXPECT_EQ(w->args[0].value, "torch.float16");
  EXPECT_FALSE(has_ref(ff, "torch.cuda.amp"));
  EXPECT_FALSE(has_ref(ff, "torch.cuda"));
  const Fact* cs = one(ff, FactKind::Reference, "torch.cuda.current_stream");
  ASSERT_NE(cs, nullptr);
  EXPECT_EQ(cs->usage, Usage::Call);
  const Fact* m = one(ff, FactKind::MethodCall, "synchronize");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->receiver, "torch.cuda.current_stream()");
}

TEST(AnalyzerRefs, AssignTargetWithValue) {
  FileFacts ff = analyze("import torch\ntorch.backends.cudnn.benchmark = True\n", "a.py");
  const Fact* r = one(ff, FactKind::Reference, "torch.backends.cudnn.benchmark");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->usage, Usage::Assign);
  ASSERT_EQ(r->args.size(), 1u);
  EXPECT_EQ(r->args[0].kind, ValueKind::Bool);
  EXPECT_EQ(r->args[0].value, "True");
}

TEST(AnalyzerRefs, RebindingAnImportedNameIsNoUse) {
  // The fallback of an optional import rebinds the name: no reference to what it was bound to;
  // an attribute of it assigned is still one, and so is a later use.
  FileFacts ff = analyze(
      "try:\n    import triton.language as tl\nexcept ImportError:\n    tl = MagicMock()\n"
      "    tl.constexpr = int\n    tl, x = None, 1\nK = tl.constexpr\n",
      "a.py");
  EXPECT_FALSE(has_ref(ff, "triton.language"));
  const Fact* attr = nullptr;
  const Fact* load = nullptr;
  for (const Fact& f : ff.facts)
    if (f.kind == FactKind::Reference && f.name == "triton.language.constexpr")
      (f.usage == Usage::Assign ? attr : load) = &f;
  ASSERT_NE(attr, nullptr);
  EXPECT_EQ(attr->span.line, 5u);
  ASSERT_NE(load, nullptr);
  EXPECT_EQ(load->span.line, 7u);
}

TEST(AnalyzerRefs, LoadUsageInsideArguments) {
  FileFacts ff = analyze("import torch\nx = y.to(torch.bfloat16)\n", "a.py");
  const Fact* r = one(ff, FactKind::Reference, "torch.bfloat16");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->usage, Usage::Load);
  const Fact* m = one(ff, FactKind::MethodCall, "to");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->args.size(), 1u);
  EXPECT_EQ(m->args[0].kind, ValueKind::Name);
  EXPECT_EQ(m->args[0].value, "torch.bfloat16");
}

TEST(AnalyzerShadowing, LocalFunctionParameterAndReassignment) {
  FileFacts ff = analyze(
      "from torch import cuda\n"
      "import torch\n"
      "import numpy as np\n"
      "cuda.synchronize()\n"  // resolved
      "def cuda():\n    pass\n"
      "cuda.synchronize()\n"  // now the local function
      "def f(torch):\n"
      "    torch.cuda.x()\n"
      "def g():\n"
      "    torch.cuda.y()\n"  // module import still visible
      "np = load()\n"
      "np.zeros(3)\n"
      "fn = lambda torch: torch.cuda.z()\n"
      "v = [torch.cuda.w() for torch in ts]\n"
      "with open(p) as torch:\n    torch.cuda.q()\n",
      "a.py");
  EXPECT_EQ(all(ff, FactKind::Reference, "torch.cuda.synchronize").size(), 1u);
  EXPECT_FALSE(has_ref(ff, "torch.cuda.x"));
  const Fact* y = one(ff, FactKind::Reference, "torch.cuda.y");
  ASSERT_NE(y, nullptr);
  EXPECT_EQ(y->scope, "g");
  EXPECT_FALSE(has_ref(ff, "numpy.zeros"));
  EXPECT_FALSE(has_ref(ff, "torch.cuda.z"));
  EXPECT_FALSE(has_ref(ff, "torch.cuda.w"));
  EXPECT_FALSE(has_ref(ff, "torch.cuda.q"));
}

TEST(AnalyzerShadowing, ForTargetAndExceptAs) {
  FileFacts ff = analyze(
      "import os\n"
      "for os in paths:\n    os.getenv('A')\n"
      "import dist\n"
      "try:\n    pass\nexcept E as dist:\n    dist.barrier()\n",
      "a.py");
  EXPECT_FALSE(has_ref(ff, "os.getenv"));
  EXPECT_FALSE(has_ref(ff, "dist.barrier"));
}

TEST(AnalyzerScopes, ClassMethodAndNested) {
  FileFacts ff = analyze(
      "import torch\n"
      "class RMSNorm(torch.nn.Module):\n"
      "    def forward(self, x):\n"
      "        return torch.rsqrt(x)\n"
      "    class Inner:\n"
      "        def f(self):\n"
      "            torch.cuda.empty_cache()\n"
      "torch.manual_seed(0)\n",
      "a.py");
  EXPECT_EQ(one(ff, FactKind::Reference, "torch.rsqrt")->scope, "RMSNorm.forward");
  EXPECT_EQ(one(ff, FactKind::Reference, "torch.cuda.empty_cache")->scope, "RMSNorm.Inner.f");
  EXPECT_EQ(one(ff, FactKind::Reference, "torch.manual_seed")->scope, "");
  const Fact* cls = one(ff, FactKind::ClassDef, "RMSNorm");
  ASSERT_NE(cls, nullptr);
  ASSERT_EQ(cls->args.size(), 1u);
  EXPECT_EQ(cls->args[0].kind, ValueKind::Name);
  EXPECT_EQ(cls->args[0].value, "torch.nn.Module");
  const Fact* base = one(ff, FactKind::Reference, "torch.nn.Module");
  ASSERT_NE(base, nullptr);
  EXPECT_EQ(base->usage, Usage::ClassBase);
  const Fact* fwd = one(ff, FactKind::FunctionDef, "forward");
  ASSERT_NE(fwd, nullptr);
  EXPECT_EQ(fwd->scope, "RMSNorm");
  EXPECT_EQ(one(ff, FactKind::FunctionDef, "f")->scope, "RMSNorm.Inner");
}

TEST(AnalyzerDecorators, DecoratorReferencesAndFunctionArgs) {
  FileFacts ff = analyze(
      "import torch\n"
      "import triton\n"
      "@torch.compile\n"
      "def a(x): pass\n"
      "@triton.autotune(configs=[triton.Config({'B': 64})], key=['n'])\n"
      "@staticmethod\n"
      "def b(x): pass\n",
      "a.py");
  const Fact* c = one(ff, FactKind::Reference, "torch.compile");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->usage, Usage::Decorator);
  const Fact* at = one(ff, FactKind::Reference, "triton.autotune");
  ASSERT_NE(at, nullptr);
  EXPECT_EQ(at->usage, Usage::Decorator);
  ASSERT_EQ(at->args.size(), 2u);
  EXPECT_EQ(at->args[0].keyword, "configs");
  EXPECT_EQ(at->args[0].kind, ValueKind::Other);
  EXPECT_EQ(one(ff, FactKind::Reference, "triton.Config")->usage, Usage::Call);
  const Fact* a = one(ff, FactKind::FunctionDef, "a");
  ASSERT_NE(a, nullptr);
  ASSERT_EQ(a->args.size(), 1u);
  EXPECT_EQ(a->args[0].value, "torch.compile");
  const Fact* b = one(ff, FactKind::FunctionDef, "b");
  ASSERT_NE(b, nullptr);
  ASSERT_EQ(b->args.size(), 2u);
  EXPECT_EQ(b->args[0].value, "triton.autotune");
  EXPECT_EQ(b->args[1].value, "staticmethod");
}

// MainGuard facts named `name` ("__main__": the guard; "script": a top-level bare call).
size_t guards(const FileFacts& ff, std::string_view name) {
  size_t n = 0;
  for (const Fact* f : all(ff, FactKind::MainGuard)) n += f->name == name;
  return n;
}

TEST(AnalyzerMisc, MainGuardBothOrders) {
  FileFacts a = analyze("if __name__ == \"__main__\":\n    main()\n", "a.py");
  EXPECT_EQ(guards(a, "__main__"), 1u);
  FileFacts b = analyze("if '__main__' == __name__: main()\n", "a.py");
  EXPECT_EQ(guards(b, "__main__"), 1u);
  FileFacts c = analyze("if __name__ == 'other':\n    main()\n", "a.py");
  EXPECT_EQ(guards(c, "__main__"), 0u);
}

TEST(AnalyzerMisc, TopLevelBareCallsMarkAScriptWithTheirCallee) {
  for (const char* script :
       {"main()\n", "pipe.run(x)\nsave(y)\n", "print('a')\n", "with torch.no_grad():\n    run()\n",
        "for i in range(3):\n    step(i)\n"}) {
    FileFacts ff = analyze(script, "a.py");
    EXPECT_GE(guards(ff, "script"), 1u) << script;
  }
  for (const char* library :
       {"x = f()\n", "def g():\n    h()\n", "class C:\n    register()\n", "await main()\n",
        "log = get_logger(__name__)\n", "a[0]\n", "f()[0]\n", "\"\"\"doc\"\"\"\n"}) {
    FileFacts ff = analyze(library, "a.py");
    EXPECT_EQ(guards(ff, "script"), 0u) << library;
  }
  FileFacts ff = analyze("import warnings as w\nw.warn('old')\nmain()\n", "a.py");
  auto s = all(ff, FactKind::MainGuard);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0]->span.line, 2u);
  EXPECT_EQ(s[0]->detail, "warnings.warn");  // resolved through the import alias
  EXPECT_EQ(s[1]->detail, "main");
  std::string many;
  for (int i = 0; i < 40; ++i) many += "step()\n";
  EXPECT_EQ(guards(analyze(many, "a.py"), "script"), 16u);  // capped
}

TEST(AnalyzerMisc, MethodCallsOnAnyReceiver) {
  FileFacts ff = analyze(
      "model.cuda()\n"
      "x = self.layer.to(device='cuda:0', non_blocking=True)\n"
      "y = f(x)[0].half()\n"
      "t.type(torch.cuda.FloatTensor)\n",
      "a.py");
  const Fact* c = one(ff, FactKind::MethodCall, "cuda");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->receiver, "model");
  EXPECT_EQ(c->span.col, 7u);  // the `cuda` token
  EXPECT_EQ(c->span.end_col, 11u);
  const Fact* to = one(ff, FactKind::MethodCall, "to");
  ASSERT_NE(to, nullptr);
  EXPECT_EQ(to->receiver, "self.layer");
  ASSERT_EQ(to->args.size(), 2u);
  EXPECT_EQ(to->args[0].keyword, "device");
  EXPECT_EQ(to->args[0].value, "cuda:0");
  EXPECT_EQ(to->args[1].kind, ValueKind::Bool);
  EXPECT_EQ(one(ff, FactKind::MethodCall, "half")->receiver, "f(x)[0]");
  const Fact* ty = one(ff, FactKind::MethodCall, "type");
  ASSERT_NE(ty, nullptr);
  ASSERT_EQ(ty->args.size(), 1u);
  EXPECT_EQ(ty->args[0].value, "torch.cuda.FloatTensor");  // torch not imported: as written
}

}  // namespace
}  // namespace ascendify::python

TEST(AnalyzerAttributes, AttributeReadsOnNonImportReceivers) {
  // `x.is_cuda` is a MethodCall fact with usage Load; calls keep usage Call; `self.x` reads
  // and import chains are not attribute facts.
  auto ff = ascendify::python::analyze(
      "import torch\n"
      "def f(x):\n"
      "    if x.is_cuda:\n"
      "        return x.cuda()\n"
      "    y = self.weight\n"
      "    z = torch.cuda.is_available\n",
      "a.py");
  int loads = 0, calls = 0;
  for (const auto& f : ff.facts) {
    if (f.kind != ascendify::FactKind::MethodCall) continue;
    if (f.usage == ascendify::Usage::Load) {
      ++loads;
      EXPECT_EQ(f.name, "is_cuda");
      EXPECT_EQ(f.receiver, "x");
      EXPECT_EQ(f.span.line, 3u);
      EXPECT_EQ(f.span.col, 10u);
    } else {
      ++calls;
      EXPECT_EQ(f.usage, ascendify::Usage::Call);
      EXPECT_EQ(f.name, "cuda");
    }
  }
  EXPECT_EQ(loads, 1);
  EXPECT_EQ(calls, 1);
}

TEST(AnalyzerLaunches, ContainerIndexingIsNotATritonLaunch) {
  auto ff = ascendify::python::analyze(
      "def run(x, grid, handlers):\n"
      "    add_kernel[grid](x)\n"
      "    handlers[0](x)\n"
      "    handlers[\"relu\"](x)\n",
      "a.py");
  std::vector<uint32_t> lines;
  for (const auto& f : ff.facts)
    if (f.kind == ascendify::FactKind::Native && f.detail == "triton-launch") {
      lines.push_back(f.span.line);
      EXPECT_EQ(f.name, "add_kernel");
    }
  EXPECT_EQ(lines, std::vector<uint32_t>{2});
}
