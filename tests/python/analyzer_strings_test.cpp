// Python analyzer: strings in context, look-alikes that are not facts, env vars, kernels,
// suppressions, robustness.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "python/analyzer.hpp"

namespace ascendify::python {
namespace {

std::vector<const Fact*> strings(const FileFacts& ff, std::string_view value = {}) {
  std::vector<const Fact*> out;
  for (const Fact& f : ff.facts)
    if (f.kind == FactKind::String && (value.empty() || f.name == value)) out.push_back(&f);
  return out;
}

const Fact* one_string(const FileFacts& ff, std::string_view value) {
  auto v = strings(ff, value);
  return v.size() == 1 ? v[0] : nullptr;
}

std::vector<const Fact*> of_kind(const FileFacts& ff, FactKind k) {
  std::vector<const Fact*> out;
  for (const Fact& f : ff.facts)
    if (f.kind == k) out.push_back(&f);
  return out;
}

TEST(AnalyzerStrings, KeywordAndPositionalArguments) {
  FileFacts ff = analyze(
      "import torch\n"
      "d = torch.device('cuda', 0)\n"
      "x.to(\"npu_or_cuda\")\n"
      "y = torch.zeros(3, device=\"cuda:1\")\n",
      "a.py");
  const Fact* p = one_string(ff, "cuda");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->ctx, StringContext::Positional);
  EXPECT_EQ(p->arg_index, 0);
  EXPECT_EQ(p->call, "torch.device");
  EXPECT_EQ(p->span.line, 2u);
  EXPECT_EQ(p->span.col, 18u);
  EXPECT_EQ(p->span.end_col, 24u);  // the literal token with its quotes
  const Fact* m = one_string(ff, "npu_or_cuda");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->ctx, StringContext::Positional);
  EXPECT_EQ(m->call, ".to");
  const Fact* k = one_string(ff, "cuda:1");
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->ctx, StringContext::Keyword);
  EXPECT_EQ(k->detail, "device");
  EXPECT_EQ(k->call, "torch.zeros");
}

TEST(AnalyzerStrings, MethodKeywordAndFString) {
  FileFacts ff = analyze("t = t.to(device=f\"cuda:{rank}\")\n", "a.py");
  const Fact* s = one_string(ff, "cuda:{}");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->ctx, StringContext::Keyword);
  EXPECT_EQ(s->detail, "device");
  EXPECT_EQ(s->call, ".to");
  const Fact* to = of_kind(ff, FactKind::MethodCall).at(0);
  ASSERT_EQ(to->args.size(), 1u);
  EXPECT_EQ(to->args[0].kind, ValueKind::FString);
  EXPECT_EQ(to->args[0].value, "cuda:{}");
}

TEST(AnalyzerStrings, AssignValueThroughConditionalAndParens) {
  FileFacts ff = analyze(
      "self.device = \"cuda\"\n"
      "dev = (\"npu\" if use_npu else \"cpu\")\n"
      "name = \"cu\" + \"da\"[0]\n",
      "a.py");
  const Fact* a = one_string(ff, "cuda");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->ctx, StringContext::AssignValue);
  EXPECT_EQ(a->detail, "self.device");
  const Fact* b = one_string(ff, "npu");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->ctx, StringContext::AssignValue);
  EXPECT_EQ(b->detail, "dev");
  const Fact* c = one_string(ff, "cpu");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->ctx, StringContext::AssignValue);
  EXPECT_EQ(one_string(ff, "cu"), nullptr);  // part of a bigger expression
}

TEST(AnalyzerStrings, CompareBothSides) {
  FileFacts ff = analyze(
      "if x.device.type == 'cuda':\n    pass\n"
      "if \"nccl\" in str(backend).lower():\n    pass\n"
      "ok = mode != 'gpu' and y\n",
      "a.py");
  const Fact* a = one_string(ff, "cuda");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->ctx, StringContext::Compare);
  EXPECT_EQ(a->detail, "x.device.type");
  const Fact* b = one_string(ff, "nccl");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->ctx, StringContext::Compare);
  EXPECT_EQ(b->detail, "str(backend).lower()");
  const Fact* c = one_string(ff, "gpu");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->ctx, StringContext::Compare);
  EXPECT_EQ(c->detail, "mode");
}

TEST(AnalyzerStrings, DefaultParamDictValueSubscriptReturn) {
  FileFacts ff = analyze(
      "def f(x, device: str = \"cuda\", *, backend='nccl'):\n"
      "    cfg = {\"device\": \"cuda:0\", k: 'v1'}\n"
      "    return 'cuda:1'\n"
      "v = opts[\"gpu_key\"]\n",
      "a.py");
  const Fact* d = one_string(ff, "cuda");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->ctx, StringContext::DefaultParam);
  EXPECT_EQ(d->detail, "device");
  EXPECT_EQ(d->scope, "");  // defaults are evaluated in the enclosing scope
  EXPECT_EQ(one_string(ff, "nccl")->detail, "backend");
  const Fact* dv = one_string(ff, "cuda:0");
  ASSERT_NE(dv, nullptr);
  EXPECT_EQ(dv->ctx, StringContext::DictValue);
  EXPECT_EQ(dv->detail, "device");
  EXPECT_EQ(dv->scope, "f");
  EXPECT_EQ(one_string(ff, "v1")->detail, "k");
  EXPECT_EQ(one_string(ff, "device"), nullptr);  // a dict key is not a value
  const Fact* r = one_string(ff, "cuda:1");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->ctx, StringContext::Return);
  const Fact* s = one_string(ff, "gpu_key");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->ctx, StringContext::Subscript);
  EXPECT_EQ(s->detail, "opts");
}

TEST(AnalyzerStrings, LookAlikesAreNotDeviceFacts) {
  FileFacts ff = analyze(
      "\"\"\"Module docstring: moves to cuda.\"\"\"\n"
      "import logging\n"
      "# x.to(\"cuda\") in a comment\n"
      "class A:\n"
      "    'class doc: cuda'\n"
      "    def f(self):\n"
      "        \"\"\"uses cuda\"\"\"\n"
      "        'cuda'\n"
      "        logger.info(\"moving to cuda\")\n"
      "        print('cuda', end='')\n",
      "a.py");
  // Only the log and print arguments remain, with callees rules can reject.
  auto all = strings(ff);
  ASSERT_EQ(all.size(), 3u);
  const Fact* log = one_string(ff, "moving to cuda");
  ASSERT_NE(log, nullptr);
  EXPECT_EQ(log->ctx, StringContext::Positional);
  EXPECT_EQ(log->call, ".info");
  const Fact* pr = one_string(ff, "cuda");
  ASSERT_NE(pr, nullptr);
  EXPECT_EQ(pr->call, "print");
  EXPECT_EQ(pr->span.line, 10u);
  const Fact* end = nullptr;
  for (const Fact* f : all)
    if (f->name.empty()) end = f;
  ASSERT_NE(end, nullptr);
  EXPECT_EQ(end->detail, "end");
  EXPECT_EQ(end->call, "print");
}

TEST(AnalyzerStrings, StatementSplits) {
  // Statement ends (`;`, line ends) and the top-level `=` / `:` / augmented-assignment split
  // decide each literal's target; `=` and `:` inside brackets or after `lambda` split nothing.
  FileFacts ff = analyze(
      "a: str = 'v1'; b = c = 'v2'\n"
      "d += 'v3'\n"
      "f = lambda x='v4': x\n"
      "h(k='v5'); i = {'key': 'v6'}\n"
      "if lambda: 0: z = 'v7'\n"
      "m[1:2] = 'v8'\n",
      "a.py");
  auto expect = [&](std::string_view value, StringContext ctx, std::string_view detail) {
    const Fact* f = one_string(ff, value);
    ASSERT_NE(f, nullptr) << value;
    EXPECT_EQ(f->ctx, ctx) << value;
    EXPECT_EQ(f->detail, detail) << value;
  };
  expect("v1", StringContext::AssignValue, "a");
  expect("v2", StringContext::AssignValue, "c");
  expect("v3", StringContext::AssignValue, "d");
  EXPECT_TRUE(strings(ff, "v4").empty());  // a lambda default, not a value of `lambda x`
  expect("v5", StringContext::Keyword, "k");
  expect("v6", StringContext::DictValue, "key");
  expect("v7", StringContext::AssignValue, "z");  // the header ends at the second `:`
  expect("v8", StringContext::AssignValue, "m[1:2]");
}

TEST(AnalyzerStrings, LongLiteralsAreDropped) {
  std::string big(300, 'c');
  FileFacts ff = analyze("x = '" + big + "'\n", "a.py");
  EXPECT_TRUE(strings(ff).empty());
}

TEST(AnalyzerEnv, SetAndRead) {
  FileFacts ff = analyze(
      "import os\n"
      "from os import environ, getenv\n"
      "os.environ[\"CUDA_VISIBLE_DEVICES\"] = \"0,1\"\n"
      "os.environ.setdefault('NCCL_DEBUG', 'INFO')\n"
      "os.putenv('NCCL_IB_DISABLE', '1')\n"
      "a = os.environ.get('LOCAL_RANK')\n"
      "b = getenv('WORLD_SIZE', '1')\n"
      "c = environ['MASTER_ADDR']\n",
      "a.py");
  auto env = of_kind(ff, FactKind::EnvVar);
  ASSERT_EQ(env.size(), 6u);
  EXPECT_EQ(env[0]->name, "CUDA_VISIBLE_DEVICES");
  EXPECT_EQ(env[0]->usage, Usage::Assign);
  EXPECT_EQ(env[0]->detail, "0,1");
  EXPECT_EQ(env[0]->span.col, 12u);  // the name literal
  EXPECT_EQ(env[1]->name, "NCCL_DEBUG");
  EXPECT_EQ(env[1]->usage, Usage::Assign);
  EXPECT_EQ(env[1]->detail, "INFO");
  EXPECT_EQ(env[2]->name, "NCCL_IB_DISABLE");
  EXPECT_EQ(env[2]->usage, Usage::Assign);
  EXPECT_EQ(env[3]->name, "LOCAL_RANK");
  EXPECT_EQ(env[3]->usage, Usage::Load);
  EXPECT_EQ(env[4]->name, "WORLD_SIZE");
  EXPECT_EQ(env[4]->usage, Usage::Load);
  EXPECT_EQ(env[5]->name, "MASTER_ADDR");
  EXPECT_EQ(env[5]->usage, Usage::Load);
  const Fact* sub = one_string(ff, "CUDA_VISIBLE_DEVICES");
  ASSERT_NE(sub, nullptr);
  EXPECT_EQ(sub->ctx, StringContext::Subscript);
  EXPECT_EQ(sub->detail, "os.environ");
}

TEST(AnalyzerCommands, ProgramsRunBySubprocessAndOsSystem) {
  FileFacts ff = analyze(
      "import os, subprocess as sp\n"
      "sp.check_output(['nvidia-smi', '-L'])\n"
      "os.system('  /opt/bin/nvcc --version')\n"
      "sp.run(args=(\"nsys\", \"profile\"), check=True)\n"
      "sp.run(cmd)\n"                                         // a variable: not written out
      "sp.run(['$TOOL', 'x'])\n"                              // a shell variable
      "sp.run([f'{tool}', 'x'])\n"                            // an f-string field
      "print('nvidia-smi')\n"                                 // not a run
      "def f(subprocess): subprocess.run(['nvidia-smi'])\n",  // shadowed: not subprocess
      "a.py");
  std::vector<const Fact*> cmds = of_kind(ff, FactKind::Command);
  ASSERT_EQ(cmds.size(), 3u);
  EXPECT_EQ(cmds[0]->name, "nvidia-smi");
  EXPECT_EQ(cmds[0]->span.line, 2u);
  EXPECT_EQ(cmds[0]->span.col, 17u);  // the list argument
  EXPECT_EQ(cmds[1]->name, "nvcc");
  EXPECT_EQ(cmds[1]->detail, "--version");
  EXPECT_EQ(cmds[2]->name, "nsys");
  for (const Fact* c : cmds) EXPECT_TRUE(c->call.empty()) << "not a script launch";
}

TEST(AnalyzerKernels, TritonKernelFacts) {
  FileFacts ff = analyze(
      "import triton\n"
      "import triton.language as tl\n"
      "from triton.language.extra.cuda import libdevice\n"
      "@triton.jit\n"
      "def add_kernel(x_ptr, n, BLOCK: tl.constexpr):\n"
      "    pid = tl.program_id(0)\n"
      "    x = tl.load(x_ptr + pid)\n"
      "    y = libdevice.exp(x)\n"
      "    z = tl.inline_asm_elementwise('mov', '=r,r', [y], dtype=tl.float32)\n"
      "    tl.store(x_ptr, tl.load(x_ptr))\n"
      "\n"
      "def host():\n"
      "    add_kernel[(1,)](x, 3, BLOCK=64)\n",
      "a.py");
  ASSERT_EQ(ff.kernels.size(), 1u);
  const KernelFact& k = ff.kernels[0];
  EXPECT_EQ(k.kind, KernelKind::Triton);
  EXPECT_EQ(k.name, "add_kernel");
  EXPECT_EQ(k.span.line, 5u);
  EXPECT_EQ(k.loc, 5u);
  std::vector<std::string> calls = {
      "tl.program_id", "tl.load", "tl.extra.cuda.libdevice.exp", "tl.inline_asm_elementwise",
      "tl.float32",    "tl.store"};
  EXPECT_EQ(k.calls, calls);
  std::vector<std::string> features = {"libdevice", "inline-asm"};
  EXPECT_EQ(k.features, features);
}

TEST(AnalyzerKernels, AutogradFunction) {
  FileFacts ff = analyze(
      "import torch\n"
      "from . import _C\n"
      "class FlashFn(torch.autograd.Function):\n"
      "    @staticmethod\n"
      "    def forward(ctx, q):\n"
      "        out = _C.fwd(q)\n"
      "        ctx.save_for_backward(out)\n"
      "        return out\n"
      "    @staticmethod\n"
      "    def backward(ctx, g):\n"
      "        return torch.ops.mylib.bwd(g)\n",
      "a.py");
  ASSERT_EQ(ff.kernels.size(), 1u);
  const KernelFact& k = ff.kernels[0];
  EXPECT_EQ(k.kind, KernelKind::AutogradFunction);
  EXPECT_EQ(k.name, "FlashFn");
  std::vector<std::string> calls = {"forward:_C.fwd", "backward:torch.ops.mylib.bwd"};
  EXPECT_EQ(k.calls, calls);
}

TEST(AnalyzerSuppressions, ListAndBare) {
  FileFacts ff = analyze(
      "x.cuda()  # ascendify: ignore[device.cuda-call, device.to-cuda]\n"
      "y.cuda()  # ascendify: ignore\n"
      "z.cuda()  # ascendify: ignored-not\n",
      "a.py");
  std::vector<std::pair<uint32_t, std::string>> want = {
      {1, "device.cuda-call"}, {1, "device.to-cuda"}, {2, ""}};
  EXPECT_EQ(ff.suppressions, want);
  EXPECT_EQ(of_kind(ff, FactKind::MethodCall).size(), 3u);
}

TEST(AnalyzerRobust, DeepBracketsDoNotCrash) {
  std::string s = "x = " + std::string(10000, '(') + "torch.cuda.x()" + std::string(10000, ')');
  FileFacts ff = analyze("import torch\n" + s + "\n", "deep.py");
  EXPECT_FALSE(ff.diagnostics.empty());
  for (const Diagnostic& d : ff.diagnostics) EXPECT_EQ(d.path, "deep.py");
  std::string open_only = "f(" + std::string(10000, '[') + "\n";
  analyze(open_only, "deep2.py");
  std::string defs;
  for (int i = 0; i < 500; ++i) defs += std::string(i, ' ') + "def f" + std::to_string(i) + "():\n";
  analyze(defs, "defs.py");
}

TEST(AnalyzerRobust, RandomGarbageDoesNotCrash) {
  std::mt19937 rng(12345);
  const std::string alphabet =
      "abc_.()[]{}:,;=@'\"#\\\n\t  iflambda for in import from def class try except\x80\xff";
  for (int round = 0; round < 300; ++round) {
    std::string s;
    size_t len = rng() % 400;
    for (size_t k = 0; k < len; ++k) {
      if (rng() % 4 == 0) {
        static const char* words[] = {"import ", "from ", " as ",  "def ",       "class ",
                                      "if ",     "else:", "try:",  "except ",    "lambda ",
                                      " for ",   " in ",  "torch", "os.environ", "with ",
                                      "return ", "\n    "};
        s += words[rng() % 17];
      } else {
        s += alphabet[rng() % alphabet.size()];
      }
    }
    FileFacts ff = analyze("import torch, os\n" + s, "g.py");
    (void)ff;
  }
}

}  // namespace
}  // namespace ascendify::python
