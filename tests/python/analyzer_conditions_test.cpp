// Python analyzer: what the condition around a fact makes of it. Guards (try/except
// ImportError, availability probes, None checks of optional imports, branches beside an NPU
// branch) and flag blocks (code that runs only with a flag that may be off by default).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analyzer_test_util.hpp"
#include "python/analyzer.hpp"

namespace ascendify::python {
namespace {

using test::all;
using test::has_ref;
using test::one;

}  // namespace

TEST(AnalyzerGuards, TryExceptImportError) {
  FileFacts ff = analyze(
      "try:\n"
      "    import flash_attn\n"
      "    from flash_attn import flash_attn_func\n"
      "except (OSError, ImportError):\n"
      "    flash_attn = None\n"
      "import xformers\n"
      "flash_attn.flash_attn_func(q)\n",
      "a.py");
  EXPECT_TRUE(one(ff, FactKind::Import, "flash_attn")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "flash_attn.flash_attn_func")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "xformers")->guarded);
  // `flash_attn = None` in the handler does not hide the import.
  EXPECT_TRUE(has_ref(ff, "flash_attn.flash_attn_func"));
}

TEST(AnalyzerGuards, TryExceptOtherErrorIsNotAGuard) {
  FileFacts ff = analyze(
      "try:\n    import apex\nexcept KeyError:\n    pass\n"
      "try: import amp_C\nexcept: pass\n",
      "a.py");
  EXPECT_FALSE(one(ff, FactKind::Import, "apex")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "amp_C")->guarded);  // bare except, inline bodies
}

TEST(AnalyzerGuards, AvailabilityFlagsAndProbes) {
  FileFacts ff = analyze(
      "if FLASH_ATTN_2_AVAILABLE:\n"
      "    from flash_attn import flash_attn_func\n"
      "    flash_attn_func(q)\n"
      "else:\n"
      "    import a_else\n"
      "if is_flash_attn_2_available():\n"
      "    import b_probe\n"
      "if importlib.util.find_spec('triton') is not None:\n"
      "    import triton\n"
      "if not HAS_APEX:\n"
      "    import c_neg\n"
      "else:\n"
      "    import apex\n"
      "if torch.cuda.is_available():\n"
      "    import d_device\n",
      "a.py");
  EXPECT_TRUE(one(ff, FactKind::Import, "flash_attn.flash_attn_func")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Reference, "flash_attn.flash_attn_func")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "a_else")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "b_probe")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "triton")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "c_neg")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "apex")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "d_device")->guarded);
}

TEST(AnalyzerGuards, HaveProbesAndTypeCheckingBlocks) {
  // Megatron's HAVE_TE is a probe like HAS_X; `if TYPE_CHECKING:` bodies never run.
  const FileFacts ff = analyze(
      "from typing import TYPE_CHECKING\n"
      "import typing\n"
      "if HAVE_TE:\n"
      "    import transformer_engine\n"
      "if TYPE_CHECKING:\n"
      "    import flash_attn\n"
      "else:\n"
      "    import runtime_only\n"
      "if typing.TYPE_CHECKING:\n"
      "    import xformers\n"
      "if HAVEN:\n"
      "    import haven\n"
      "if FlashAttention2Available and q.device.type == 'cuda':\n"
      "    import flash_attn_2\n"
      "if Available:\n"
      "    import bare_word\n"
      "if SUPPORT_FA3:\n"
      "    import flash_attn_interface\n",
      "a.py");
  EXPECT_TRUE(one(ff, FactKind::Import, "transformer_engine")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "flash_attn")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "runtime_only")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "xformers")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "haven")->guarded);
  // lit-gpt: `FlashAttention2Available = RequirementCache("flash-attn>=2.0.0.post1")`.
  EXPECT_TRUE(one(ff, FactKind::Import, "flash_attn_2")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "bare_word")->guarded);
  // Open-Sora: `SUPPORT_FA3 = False` / `True` after a try-import of flash_attn_interface.
  EXPECT_TRUE(one(ff, FactKind::Import, "flash_attn_interface")->guarded);
}

TEST(AnalyzerGuards, NoneChecksOfOptionalImportsAreProbes) {
  FileFacts ff = analyze(
      "try:\n"
      "    from flash_attn import flash_attn_func\n"
      "    import xformers.ops as xops\n"
      "except ImportError:\n"
      "    flash_attn_func = None\n"
      "    xops = None\n"
      "from apex import amp\n"
      "def attn(q):\n"
      "    if flash_attn_func is not None:\n"
      "        return flash_attn_func(q)\n"
      "    if xops is None:\n"
      "        return q\n"
      "    else:\n"
      "        return xops.memory_efficient_attention(q)\n"
      "    if amp is not None:\n"  // not an optional import: no probe
      "        amp.initialize(q)\n"
      "    if flash_attn_func == other:\n"  // a comparison: no probe
      "        flash_attn_func(q, 1)\n",
      "a.py");
  auto fa = all(ff, FactKind::Reference, "flash_attn.flash_attn_func");
  ASSERT_EQ(fa.size(), 4u);  // the check, the guarded call, the comparison, the last call
  for (const Fact* f : fa)
    EXPECT_EQ(f->guarded, f->span.line == 9 || f->span.line == 10) << f->span.line;
  EXPECT_TRUE(one(ff, FactKind::Reference, "xformers.ops.memory_efficient_attention")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Reference, "apex.amp.initialize")->guarded);
}

TEST(AnalyzerGuards, FlagsLookedUpByName) {
  // xDiT: `if env_info["has_sage"]: from sageattention import sageattn`. A probe name as a
  // subscript key or a .get() argument, with the import it allows first in the block, is a
  // flag; the same string compared is not.
  FileFacts ff = analyze(
      "if env_info[\"has_sage\"]:\n"
      "    from sageattention import sageattn\n"
      "if flags.get('FLASH_ATTN_AVAILABLE', False):\n"
      "    import e_get\n"
      "if not env_info['has_te']:\n"
      "    import f_neg\n"
      "else:\n"
      "    import transformer_engine\n"
      "if mode == 'has_cuda':\n"
      "    import g_compare\n"
      "if table['cuda']:\n"
      "    import h_key\n"
      "if ctx['has_backward']:\n"
      "    bwd = make_bwd()\n"
      "    import i_setting\n",
      "a.py");
  EXPECT_TRUE(one(ff, FactKind::Import, "sageattention.sageattn")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "e_get")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "f_neg")->guarded);
  EXPECT_TRUE(one(ff, FactKind::Import, "transformer_engine")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "g_compare")->guarded);
  EXPECT_FALSE(one(ff, FactKind::Import, "h_key")->guarded);
  // A has_ key whose block does not start with an import is a setting (flash-attention's
  // benchmark: ctx["has_backward"]).
  EXPECT_FALSE(one(ff, FactKind::Import, "i_setting")->guarded);
}

TEST(AnalyzerGuards, PackageProbeBesideAnNpuCheckStillGuards) {
  // `x.is_cuda` renamed to `x.is_npu` by `fix`: the extension's probe still guards the call.
  FileFacts ff = analyze(
      "import torch\n"
      "try:\n"
      "    import vidit_ext\n"
      "    HAS_VIDIT_EXT = True\n"
      "except ImportError:\n"
      "    HAS_VIDIT_EXT = False\n"
      "def f(x):\n"
      "    if HAS_VIDIT_EXT and x.is_npu:\n"
      "        return vidit_ext.fwd(x)\n"
      "    if torch.npu.is_available():\n"
      "        return torch.cuda.synchronize()\n",
      "m.py");
  EXPECT_TRUE(one(ff, FactKind::Reference, "vidit_ext.fwd")->guarded);
  // An NPU probe alone is no package probe: its body is the NPU path, not guarded.
  EXPECT_FALSE(one(ff, FactKind::Reference, "torch.cuda.synchronize")->guarded);
}

TEST(AnalyzerGuards, ElseOfAnOrWithAnImportNoneCheckIsGuarded) {
  // mamba's MHA: `if cache is None or flash_attn_with_kvcache is None: <SDPA> else: <FA>`.
  FileFacts ff = analyze(
      "import torch\n"
      "try:\n"
      "    from flash_attn import flash_attn_with_kvcache\n"
      "except ImportError:\n"
      "    flash_attn_with_kvcache = None\n"
      "def f(q, cache):\n"
      "    if cache is None or flash_attn_with_kvcache is None:\n"
      "        return torch.nn.functional.scaled_dot_product_attention(q, q, q)\n"
      "    else:\n"
      "        return flash_attn_with_kvcache(q, cache)\n"
      "def g(q, cache):\n"
      "    if cache is None or q is None:\n"
      "        return q\n"
      "    else:\n"
      "        return flash_attn_with_kvcache(q, cache)\n"
      "def h(q, cache):\n"
      "    if (\n"
      "        cache is None\n"
      "        or flash_attn_with_kvcache is None\n"
      "    ):\n"
      "        return q\n"
      "    else:\n"
      "        return flash_attn_with_kvcache(q, cache)\n",
      "m.py");
  std::vector<bool> guarded;
  for (const Fact& f : ff.facts)
    if (f.kind == FactKind::Reference && f.name == "flash_attn.flash_attn_with_kvcache" &&
        f.usage == Usage::Call)
      guarded.push_back(f.guarded);
  EXPECT_EQ(guarded, (std::vector<bool>{true, false, true}));
}

TEST(AnalyzerGuards, BranchesBesideAnNpuBranchAreGuarded) {
  // Code that already has its NPU path (diffusers, LLaMA-Factory, accelerate): the CUDA
  // branches of the chain only run where there is no NPU.
  FileFacts ff = analyze(
      "import torch\n"
      "if torch.cuda.is_available():\n"
      "    torch.cuda.synchronize()\n"
      "elif is_torch_npu_available():\n"
      "    torch.npu.synchronize()\n"
      "else:\n"
      "    torch.cuda.empty_cache()\n"
      "if x.device.type == 'npu':\n"
      "    pass\n"
      "elif torch.cuda.is_initialized():\n"
      "    torch.cuda.ipc_collect()\n"
      "if not is_npu_available():\n"
      "    torch.cuda.reset_peak_memory_stats()\n"
      "else:\n"
      "    torch.cuda.memory_allocated()\n"
      "if input_ids is None:\n"
      "    torch.cuda.max_memory_allocated()\n"
      "if torch.cuda.is_bf16_supported():\n"
      "    torch.cuda.current_device()\n"
      "torch.cuda.device_count()\n",
      "a.py");
  auto guarded = [&](const char* name) {
    const Fact* f = one(ff, FactKind::Reference, name);
    EXPECT_NE(f, nullptr) << name;
    return f && f->guarded;
  };
  EXPECT_TRUE(guarded("torch.cuda.is_available"));  // the first condition, marked afterwards
  EXPECT_TRUE(guarded("torch.cuda.synchronize"));
  EXPECT_FALSE(guarded("torch.npu.synchronize"));  // the NPU path itself
  EXPECT_TRUE(guarded("torch.cuda.empty_cache"));
  EXPECT_TRUE(guarded("torch.cuda.is_initialized"));
  EXPECT_TRUE(guarded("torch.cuda.ipc_collect"));
  EXPECT_TRUE(guarded("torch.cuda.reset_peak_memory_stats"));
  EXPECT_FALSE(guarded("torch.cuda.memory_allocated"));      // the else of `not npu`: NPU path
  EXPECT_FALSE(guarded("torch.cuda.max_memory_allocated"));  // "input": no npu word
  EXPECT_FALSE(guarded("torch.cuda.current_device"));        // a chain without NPU
  EXPECT_FALSE(guarded("torch.cuda.device_count"));          // after the chains
}

namespace {

std::vector<std::string> flag_lines(const FileFacts& ff) {
  std::vector<std::string> out;
  for (const auto& b : ff.flag_blocks)
    out.push_back(b.flag + (b.param ? "(param)" : "") + (b.constant ? "(const)" : "") + ":" +
                  std::to_string(b.first_line) + "-" + std::to_string(b.last_line));
  return out;
}

}  // namespace

TEST(AnalyzerFlags, BodiesUnderFlagsThatMayBeOffByDefault) {
  FileFacts ff = analyze(
      "import torch\n"                                   // 1
      "def run(args, trt=False, lora=None, on=True):\n"  // 2
      "    if args.use_fp8:\n"                           // 3
      "        convert(model)\n"                         // 4
      "    if not trt:\n"                                // 5
      "        engine = None\n"                          // 6
      "    else:\n"                                      // 7
      "        engine = build()\n"                       // 8
      "    if lora: load(lora)\n"                        // 9
      "    if on:\n"                                     // 10
      "        pass\n"                                   // 11
      "    if args.mode == 'fast':\n"                    // 12
      "        pass\n"                                   // 13
      "    if self.training:\n"                          // 14
      "        pass\n"                                   // 15
      "    if torch.cuda:\n"                             // 16
      "        pass\n"                                   // 17
      "    if HAS_APEX:\n"                               // 18
      "        pass\n"                                   // 19
      "    if a and b:\n"                                // 20
      "        pass\n",                                  // 21
      "m.py");
  // on=True is on by default, `==` picks a mode, `training` is a mode every run passes
  // through, torch.cuda is an import, HAS_APEX a probe, `a and b` no lone flag.
  EXPECT_EQ(flag_lines(ff),
            (std::vector<std::string>{"use_fp8:3-4", "trt(param):7-8", "lora(param):9-9"}));
}

TEST(AnalyzerFlags, OffByDefaultArgparseOptions) {
  FileFacts ff = analyze(
      "p.add_argument('--use-fp8', action='store_true')\n"
      "p.add_argument('--offload', default=False, help='x')\n"
      "p.add_argument('-q', '--quiet-mode', action='store_true')\n"
      "p.add_argument('--x', dest='use_x', action='store_true')\n"
      "p.add_argument('--steps', type=int, default=4)\n"
      "p.add_argument('--fast', action='store_false')\n"
      "print('add_argument(\"--in-a-string\", action=\"store_true\")')\n",
      "m.py");
  EXPECT_EQ(ff.flag_options,
            (std::vector<std::string>{"use_fp8", "offload", "quiet_mode", "use_x"}));
}

TEST(AnalyzerFlags, BranchesModuleConstantsRuleOut) {
  FileFacts ff = analyze(
      "from typing import Literal\n"                  // 1
      "def linear(x, w):\n"                           // 2
      "    if w.element_size() > 1:\n"                // 3
      "        return f(x, w)\n"                      // 4
      "    elif gemm_impl == 'bf16':\n"               // 5 selected: runs
      "        return g(x, w)\n"                      // 6
      "    else:\n"                                   // 7 never by default
      "        return fp8_gemm(x, w)\n"               // 8
      "gemm_impl: Literal['bf16', 'fp8'] = 'bf16'\n"  // 9 (bound after the def: still read)
      "attn_impl = \"absorb\"\n"                      // 10
      "USE_TRT = False\n"                             // 11
      "world_size = 1\n"                              // 12
      "if attn_impl == 'naive':\n"                    // 13 ruled out
      "    a = 1\n"                                   // 14
      "elif attn_impl in ('absorb', 'x'):\n"          // 15 selected
      "    a = 2\n"                                   // 16
      "elif attn_impl == 'other':\n"                  // 17 after the selected one
      "    a = 3\n"                                   // 18
      "if USE_TRT:\n"                                 // 19 ruled out
      "    import tensorrt\n"                         // 20
      "if not USE_TRT and x:\n"                       // 21 undecided (x unknown)
      "    pass\n"                                    // 22
      "if USE_TRT and x:\n"                           // 23 ruled out (a false conjunct)
      "    pass\n"                                    // 24
      "if world_size > 1:\n"                          // 25 `>` is not read
      "    pass\n"                                    // 26
      "def init():\n"                                 // 27
      "    global world_size\n"                       // 28 rebinds world_size
      "    world_size = 8\n"                          // 29
      "    if world_size == 1:\n"                     // 30 not a constant any more
      "        pass\n"                                // 31
      "def shadow(attn_impl='naive'):\n"              // 32 a parameter shadows it
      "    if attn_impl == 'naive':\n"                // 33
      "        pass\n",                               // 34
      "m.py");
  EXPECT_EQ(flag_lines(ff),
            (std::vector<std::string>{"gemm_impl(const):7-8", "attn_impl(const):13-14",
                                      "attn_impl(const):17-18", "USE_TRT(const):19-20",
                                      "USE_TRT(const):23-24"}));
}

TEST(AnalyzerFlags, RebindingsKeepBranchesUndecided) {
  FileFacts ff = analyze(
      "MODE = 'a'\n"        // 1
      "if cond:\n"          // 2
      "    MODE = 'b'\n"    // 3 bound twice at module level
      "if MODE == 'b':\n"   // 4
      "    pass\n"          // 5
      "IMPL = 'x'\n"        // 6
      "IMPL += 'y'\n"       // 7 augmented: rebound
      "if IMPL == 'x':\n"   // 8
      "    pass\n"          // 9
      "NAME = f'{MODE}'\n"  // 10 an f-string is no literal
      "if NAME == 'a':\n"   // 11
      "    pass\n"          // 12
      "LEVEL = 1.0\n"       // 13
      "if LEVEL == 1:\n"    // 14 numbers written differently: unknown
      "    pass\n"          // 15
      "K = 2\n"             // 16
      "if K == 3:\n"        // 17 ruled out
      "    pass\n",         // 18
      "m.py");
  EXPECT_EQ(flag_lines(ff), (std::vector<std::string>{"K(const):17-18"}));
}

TEST(AnalyzerFlags, BranchesArgparseDefaultsRuleOut) {
  FileFacts ff = analyze(
      "import argparse\n"                // 1
      "p = argparse.ArgumentParser()\n"  // 2
      "p.add_argument('--task', type=str, default='t2v-14B', choices=['t2v-14B', 'i2v-14B'])\n"
      "p.add_argument('--offload-model', type=bool, default=None)\n"  // 4
      "p.add_argument('--size', default=SIZES[0])\n"                  // 5 computed
      "args = p.parse_args()\n"                                       // 6
      "if 't2v' in args.task or 't2i' in args.task:\n"                // 7 selected
      "    run_t2v()\n"                                               // 8
      "else:\n"                                                       // 9 ruled out
      "    run_i2v()\n"                                               // 10
      "if args.task == 'i2v-14B':\n"                                  // 11 ruled out
      "    pass\n"                                                    // 12
      "if args.size == '720*1280':\n"                                 // 13 undecided
      "    pass\n"                                                    // 14
      "if self.task == 'i2v-14B':\n"                                  // 15 not args
      "    pass\n",                                                   // 16
      "generate.py");
  std::vector<std::string> got;
  for (const auto& b : ff.flag_blocks)
    got.push_back(b.flag + (b.option ? "(option)" : "") + ":" + std::to_string(b.first_line) + "-" +
                  std::to_string(b.last_line));
  EXPECT_EQ(got, (std::vector<std::string>{"task(option):9-10", "task(option):11-12"}));
}

}  // namespace ascendify::python

namespace ascendify::python {

// A CUDA query whose value is only shown (printed, logged, in an f-string field of either)
// changes nothing the run does: Fact::output_only. The same query assigned, returned, passed
// to a function that is not an output call, or compared is used.
TEST(AnalyzerOutputOnly, PrintAndLoggingArgumentsAreOutputOnly) {
  FileFacts ff = analyze(
      "import logging\n"
      "import torch\n"
      "logger = logging.getLogger(__name__)\n"
      "print(torch.cuda.get_device_name(0))\n"
      "print(f'mem {torch.cuda.max_memory_allocated() / 1e9:.1f} GB')\n"
      "logger.info('flash sdp: %s', torch.backends.cuda.flash_sdp_enabled())\n"
      "logging.warning(f'{torch.cuda.device_count()} devices')\n"
      "print0(torch.cuda.memory_reserved())\n"
      "self.log.debug(torch.cuda.memory_allocated())\n"
      "name = torch.cuda.get_device_properties(0)\n"
      "stats.append(torch.cuda.max_memory_reserved())\n"
      "if torch.cuda.is_bf16_supported():\n"
      "    pass\n"
      "log_value(torch.cuda.mem_get_info())\n"
      "blog.info(torch.cuda.utilization())\n",
      "a.py");
  for (const char* shown : {"torch.cuda.get_device_name", "torch.cuda.max_memory_allocated",
                            "torch.backends.cuda.flash_sdp_enabled", "torch.cuda.device_count",
                            "torch.cuda.memory_reserved", "torch.cuda.memory_allocated"}) {
    const Fact* f = one(ff, FactKind::Reference, shown);
    ASSERT_NE(f, nullptr) << shown;
    EXPECT_TRUE(f->output_only) << shown;
  }
  // Look-alikes that use the value: an assignment, a list append, a condition, a project
  // function whose name only starts like a logger's.
  for (const char* used : {"torch.cuda.get_device_properties", "torch.cuda.max_memory_reserved",
                           "torch.cuda.is_bf16_supported", "torch.cuda.mem_get_info"}) {
    const Fact* f = one(ff, FactKind::Reference, used);
    ASSERT_NE(f, nullptr) << used;
    EXPECT_FALSE(f->output_only) << used;
  }
  // `blog.info` names a logger only by accident of spelling: still counted as logging (the
  // receiver holds "log"), a known, harmless over-reach for a value that is only shown.
  EXPECT_TRUE(one(ff, FactKind::Reference, "torch.cuda.utilization")->output_only);
}

}  // namespace ascendify::python

namespace ascendify::python {

// A task dispatcher: the option's choices (literal, a module-level dict's keys, or an imported
// name) and the branches of the chains that test it, as atoms assess evaluates per value.
TEST(AnalyzerTasks, ChoicesAndTheBranchesThatTestThem) {
  FileFacts ff = analyze(
      "import argparse\n"
      "from wan.configs import WAN_CONFIGS\n"
      "MODES = {'fast': 1, 'slow': 2}\n"
      "p = argparse.ArgumentParser()\n"
      "p.add_argument('--task', default='t2v-14B', choices=list(WAN_CONFIGS.keys()))\n"
      "p.add_argument('--mode', default='fast', choices=MODES)\n"
      "p.add_argument('--size', choices=['480p', '720p'])\n"
      "args = p.parse_args()\n"
      "if 't2v' in args.task or 't2i' in args.task:\n"
      "    run_t2v()\n"
      "elif args.task == 'i2v-14B':\n"
      "    run_i2v()\n"
      "else:\n"
      "    run_vace()\n"
      "if args.mode in ('slow',):\n"
      "    slow()\n"
      "if args.task == 'x' and args.mode == 'fast':\n"  // and: not a task test
      "    both()\n"
      "if cfg.task == 'i2v':\n"  // cfg.task is no option of this file: its dest is, though
      "    other()\n",
      "generate.py");
  ASSERT_EQ(ff.option_choices.size(), 3u);
  EXPECT_EQ(ff.option_choices[0].dest, "task");
  EXPECT_EQ(ff.option_choices[0].default_value, "t2v-14B");
  EXPECT_EQ(ff.option_choices[0].source, "wan.configs.WAN_CONFIGS");
  EXPECT_TRUE(ff.option_choices[0].values.empty());
  EXPECT_EQ(ff.option_choices[1].values, (std::vector<std::string>{"fast", "slow"}));
  EXPECT_EQ(ff.option_choices[2].dest, "size");
  EXPECT_EQ(ff.option_choices[2].values, (std::vector<std::string>{"480p", "720p"}));
  // The task chain: three branches, the else last; the mode test; `and` is not recorded.
  // `cfg.task` names the dest `task` too (any receiver but an import or self).
  ASSERT_EQ(ff.task_branches.size(), 5u);
  const auto& t2v = ff.task_branches[0];
  EXPECT_EQ(t2v.dest, "task");
  EXPECT_EQ(t2v.chain, 9u);
  EXPECT_EQ(t2v.first_line, 9u);
  EXPECT_EQ(t2v.last_line, 10u);
  EXPECT_EQ(t2v.atoms, (std::vector<std::pair<char, std::string>>{{'~', "t2v"}, {'~', "t2i"}}));
  EXPECT_EQ(ff.task_branches[1].atoms,
            (std::vector<std::pair<char, std::string>>{{'=', "i2v-14B"}}));
  EXPECT_EQ(ff.task_branches[1].chain, 9u);
  EXPECT_TRUE(ff.task_branches[2].is_else);
  EXPECT_EQ(ff.task_branches[2].first_line, 13u);
  EXPECT_EQ(ff.task_branches[2].last_line, 14u);
  EXPECT_EQ(ff.task_branches[3].dest, "mode");
  EXPECT_EQ(ff.task_branches[3].atoms, (std::vector<std::pair<char, std::string>>{{'=', "slow"}}));
  EXPECT_EQ(ff.task_branches[4].chain, 19u);
}

}  // namespace ascendify::python
