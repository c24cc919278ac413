#include <gtest/gtest.h>

#include "assess/entry_points.hpp"
#include "assess/import_graph.hpp"
#include "project.hpp"

using namespace ascendify;
using test::Names;

namespace {

// A small project:
//   train.py                __main__, `from mypkg.model import Net`   (src/ layout)
//   scripts/finetune.sh     torchrun ../tools/launch.py               (shell launcher)
//   tools/launch.py         `import mypkg.model`
//   pyproject.toml          [project.scripts] gen = "mypkg.cli:main"  (console script)
//   src/mypkg/__init__.py
//   src/mypkg/cli.py        `from . import sampler`                    (relative import)
//   src/mypkg/sampler.py    finding line 2
//   src/mypkg/model.py      `from .layers import attn`; finding line 5
//   src/mypkg/layers.py     finding line 3; triton kernel _bwd_kernel lines 10-20 used only
//                           in AttnFn.backward; finding line 12 inside it
//   legacy/old.py           nobody imports it; finding line 7
//   tests/test_model.py     pytest file, `import mypkg.model`
test::Project sample() {
  test::Project p;
  p.file("train.py");
  p.main_guard("train.py").import("train.py", "mypkg.model.Net", "mypkg.model");
  p.file("scripts/finetune.sh", FileKind::Shell);
  p.command("scripts/finetune.sh", "torchrun", "../tools/launch.py");
  p.file("tools/launch.py");
  p.main_guard("tools/launch.py").import("tools/launch.py", "mypkg.model");
  p.file("pyproject.toml", FileKind::Pyproject);
  p.command("pyproject.toml", "console-script", "", "gen=mypkg.cli:main");
  p.file("src/mypkg/__init__.py");
  p.file("src/mypkg/cli.py");
  p.import("src/mypkg/cli.py", "sampler", "", 1);
  p.file("src/mypkg/sampler.py");
  p.file("src/mypkg/model.py");
  p.import("src/mypkg/model.py", "layers.attn", "layers", 1);
  p.file("src/mypkg/layers.py");
  p.kernel("src/mypkg/layers.py", KernelKind::Triton, "_bwd_kernel", 10, 11);
  p.reference("src/mypkg/layers.py", "_bwd_kernel", "AttnFn.backward", 40);
  p.file("legacy/old.py");
  p.file("tests/test_model.py");
  p.import("tests/test_model.py", "mypkg.model");
  p.finding("device.x", Domain::Device, "src/mypkg/sampler.py", 2);
  p.finding("device.x", Domain::Device, "src/mypkg/model.py", 5);
  p.finding("attention.x", Domain::Attention, "src/mypkg/layers.py", 3);
  p.finding("custom_op.triton", Domain::CustomOp, "src/mypkg/layers.py", 12);
  p.finding("device.x", Domain::Device, "legacy/old.py", 7);
  return p;
}

rules::RuleSet no_rules() {
  rules::RuleSet r;
  r.finalize();
  return r;
}

TEST(Phases, EntryPointsGroupedByConvention) {
  auto p = sample();
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  ASSERT_EQ(a.phases.size(), 3u);
  EXPECT_EQ(a.phases[0].name, "inference");
  EXPECT_EQ(a.phases[0].entry_points, Names{"src/mypkg/cli.py"});
  EXPECT_EQ(a.phases[1].name, "training");
  EXPECT_EQ(a.phases[1].entry_points, (Names{"scripts/finetune.sh", "train.py"}));
  EXPECT_TRUE(a.phases[1].needs_backward);
  EXPECT_EQ(a.phases[2].name, "evaluation");
  EXPECT_EQ(a.phases[2].entry_points, Names{"tests/test_model.py"});
  EXPECT_TRUE(a.assessed);
}

TEST(Phases, FindingsCarryTheirPhases) {
  auto p = sample();
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  EXPECT_EQ(test::finding_at(a, "src/mypkg/sampler.py", 2)->phases, Names{"inference"});
  EXPECT_EQ(test::finding_at(a, "src/mypkg/model.py", 5)->phases,
            (Names{"training", "evaluation"}));
  EXPECT_EQ(test::finding_at(a, "src/mypkg/layers.py", 3)->phases,
            (Names{"training", "evaluation"}));
  // Inside the backward-only kernel: training only.
  EXPECT_EQ(test::finding_at(a, "src/mypkg/layers.py", 12)->phases, Names{"training"});
  // Findings with the same phases share one list (core/phase_names.hpp).
  EXPECT_EQ(&test::finding_at(a, "src/mypkg/model.py", 5)->phases.list(),
            &test::finding_at(a, "src/mypkg/layers.py", 3)->phases.list());
  ASSERT_EQ(a.kernels.size(), 1u);
  EXPECT_TRUE(a.kernels[0].backward_only);
  EXPECT_EQ(a.kernels[0].phases, Names{"training"});
  EXPECT_EQ(a.kernels[0].callers, Names{"src/mypkg/layers.py:40"});
}

TEST(Phases, UnreachedFindingsReportedApart) {
  auto p = sample();
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  EXPECT_TRUE(test::finding_at(a, "legacy/old.py", 7)->phases.empty());
  EXPECT_EQ(a.unreached_findings, 1u);
  EXPECT_EQ(a.unreached_files, Names{"legacy/old.py"});
  EXPECT_EQ(test::phase(a, "inference")->findings, 1u);
  EXPECT_EQ(test::phase(a, "training")->findings, 3u);
  EXPECT_EQ(test::phase(a, "evaluation")->findings, 2u);
}

TEST(Phases, ReachedFileCounts) {
  auto p = sample();
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  // inference: cli.py, __init__.py (package of the relative import), sampler.py,
  //            pyproject.toml (environment file)
  EXPECT_EQ(test::phase(a, "inference")->files, 4u);
  // training: train.py, finetune.sh, launch.py, __init__.py, model.py, layers.py, pyproject
  EXPECT_EQ(test::phase(a, "training")->files, 7u);
}

TEST(Phases, OverrideReplacesDetection) {
  auto p = sample();
  const auto rules = no_rules();
  assess::Options o;
  o.phases = {{"t2v", {"gen"}}, {"sft", {"tools/launch.py", "nope.py"}}};
  const Assessment a = p.run(rules, o);
  ASSERT_EQ(a.phases.size(), 2u);
  EXPECT_EQ(a.phases[0].name, "t2v");
  EXPECT_EQ(a.phases[0].kind, "inference");
  EXPECT_EQ(a.phases[0].entry_points, Names{"src/mypkg/cli.py"});
  EXPECT_EQ(a.phases[1].name, "sft");
  EXPECT_EQ(a.phases[1].entry_points, Names{"tools/launch.py"});
  EXPECT_TRUE(a.phases[1].needs_backward);  // launched by finetune.sh -> training kind
  EXPECT_EQ(test::finding_at(a, "train.py", 1), nullptr);
  EXPECT_EQ(test::finding_at(a, "src/mypkg/layers.py", 12)->phases, Names{"sft"});
  ASSERT_FALSE(a.diagnostics.empty());
  EXPECT_NE(a.diagnostics.back().message.find("nope.py"), std::string::npos);
  EXPECT_EQ(a.target_phase, "t2v");
}

TEST(Phases, NoEntryPointsMeansNothingApart) {
  test::Project p;
  p.file("lib.py");
  p.finding("device.x", Domain::Device, "lib.py", 1);
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  EXPECT_TRUE(a.phases.empty());
  EXPECT_EQ(a.unreached_findings, 0u);
  EXPECT_TRUE(a.findings[0].phases.empty());
}

TEST(ImportGraph, ResolvesAbsoluteRelativeAndModules) {
  auto p = sample();
  p.file("pkg2/__init__.py");
  p.file("pkg2/sub/__init__.py");
  p.file("pkg2/sub/deep.py");
  p.import("pkg2/sub/deep.py", "sampler.x", "", 3);  // from ... import: above root
  p.import("pkg2/sub/deep.py", "x", "", 2);          // from .. import x -> pkg2/__init__
  p.file("scripts/helper.py");
  p.file("scripts/run_it.py");
  p.import("scripts/run_it.py", "helper");  // script-folder import
  assess::ImportGraph g(p.files);
  auto idx = [&](const std::string& path) { return g.find_path(path); };
  EXPECT_EQ(g.resolve_module("mypkg.cli"), idx("src/mypkg/cli.py"));
  EXPECT_EQ(g.resolve_module("mypkg"), idx("src/mypkg/__init__.py"));
  EXPECT_EQ(g.resolve_module("pkg2.sub.deep"), idx("pkg2/sub/deep.py"));
  EXPECT_EQ(g.resolve_script("-m mypkg.cli", -1), idx("src/mypkg/cli.py"));
  EXPECT_EQ(g.resolve_script("./train.py", -1), idx("train.py"));
  EXPECT_EQ(g.resolve_script("/workspace/proj/tools/launch.py", -1), idx("tools/launch.py"));
  EXPECT_EQ(g.resolve_script("missing.py", -1), -1);
  // train.py -> src/mypkg/__init__.py and src/mypkg/model.py (the symbol Net is no module)
  const auto& e = g.edges(idx("train.py"));
  EXPECT_EQ(e.size(), 2u);
  auto edges = [&](const char* path) {
    const auto e = g.edges(idx(path));
    return std::vector<int>(e.begin(), e.end());
  };
  EXPECT_EQ(edges("pkg2/sub/deep.py"), std::vector<int>{idx("pkg2/__init__.py")});
  EXPECT_EQ(edges("scripts/run_it.py"), std::vector<int>{idx("scripts/helper.py")});
  EXPECT_TRUE(g.external(idx("train.py")).empty());
}

TEST(ImportGraph, ExternalImportsListed) {
  test::Project p;
  p.file("a.py");
  p.import("a.py", "flash_attn.flash_attn_interface");
  p.import("a.py", "torch.nn.functional.scaled_dot_product_attention", "torch.nn.functional");
  assess::ImportGraph g(p.files);
  const auto external = g.external(0);
  EXPECT_EQ(Names(external.begin(), external.end()),
            (Names{"flash_attn.flash_attn_interface",
                   "torch.nn.functional.scaled_dot_product_attention"}));
  EXPECT_EQ(external.site(1), 1u);  // the second ImportSite of the file's digest
}

TEST(Conventions, NamesFromStemThenFolders) {
  const auto& m = assess::embedded_model().phases;
  EXPECT_EQ(assess::convention_phase("tools/preprocess_data.py", m), "preprocessing");
  EXPECT_EQ(assess::convention_phase("eval/run.py", m), "evaluation");
  EXPECT_EQ(assess::convention_phase("TrainLoRA.py", m), "training");
  EXPECT_EQ(assess::convention_phase("scripts/finetune/go.sh", m), "training");
  EXPECT_EQ(assess::convention_phase("generate.py", m), "inference");
  EXPECT_EQ(assess::convention_phase("apply_patch.py", m), "");       // "app" is a whole word only
  EXPECT_EQ(assess::convention_phase("samples.py", m), "inference");  // plural
  EXPECT_TRUE(assess::is_test_path("tests/util.py", m));
  EXPECT_TRUE(assess::is_test_path("pkg/test_x.py", m));
  EXPECT_FALSE(assess::is_test_path("pkg/contest.py", m));
}

}  // namespace

TEST(Phases, ImportedModulesWithSelfTestsAreNotEntryPoints) {
  // generate.py imports wan/motioner.py (its __main__ is a self-test: no entry point) and
  // data/preprocess.py (imported too, but its name says a phase: it stays an entry).
  test::Project p;
  p.file("generate.py");
  p.main_guard("generate.py").import("generate.py", "wan.motioner", "wan");
  p.import("generate.py", "data.preprocess", "data");
  p.file("wan/__init__.py");
  p.file("wan/motioner.py");
  p.main_guard("wan/motioner.py");
  p.file("data/__init__.py");
  p.file("data/preprocess.py");
  p.main_guard("data/preprocess.py");
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  ASSERT_EQ(a.phases.size(), 2u);
  EXPECT_EQ(a.phases[0].name, "inference");
  EXPECT_EQ(a.phases[0].entry_points, Names{"generate.py"});
  EXPECT_EQ(a.phases[1].name, "preprocessing");
  EXPECT_EQ(a.phases[1].entry_points, Names{"data/preprocess.py"});
}

namespace {

// The first top-level bare call of a file, as the Python analyzer marks it.
void top_level_call(test::Project& p, const std::string& path,
                    const std::string& callee = "save_video") {
  Fact f;
  f.kind = FactKind::MainGuard;
  f.name = "script";
  f.detail = callee;
  f.span.line = 3;
  p.at(path).facts.facts.push_back(f);
}

}  // namespace

TEST(Phases, FlatScriptsAreEntryPointsLibrariesAndConfigsAreNot) {
  test::Project p;
  p.file("examples/wan/model_inference/t2v.py");  // pipe = ...; save_video(...)
  top_level_call(p, "examples/wan/model_inference/t2v.py");
  p.import("examples/wan/model_inference/t2v.py", "pkg.pipeline");
  p.file("pkg/__init__.py");
  p.file("pkg/pipeline.py");  // imported: a bare call there is a registration, not a run
  top_level_call(p, "pkg/pipeline.py");
  p.file("docs/conf.py");  // sys.path.insert(...): run by Sphinx, excluded by name
  top_level_call(p, "docs/conf.py");
  p.file("tools/unused.py");  // nothing imports it, but it only defines: no entry
  p.file("old_builders.py");  // a deprecated re-export: warnings.warn(...) alone is no run
  top_level_call(p, "old_builders.py", "warnings.warn");
  p.finding("device.x", Domain::Device, "pkg/pipeline.py", 2);
  rules::RuleSet none;
  none.finalize();
  const Assessment a = p.run(none);
  ASSERT_EQ(a.phases.size(), 1u);
  EXPECT_EQ(a.phases[0].name, "inference");
  EXPECT_EQ(a.phases[0].entry_points, Names{"examples/wan/model_inference/t2v.py"});
  ASSERT_EQ(a.findings.size(), 1u);
  EXPECT_EQ(a.findings[0].phases, Names{"inference"});  // reached through the script
}

TEST(Phases, DispatcherSubcommandsAreEntryPointsOfTheirPhases) {
  // litgpt-like: console script `tool = "tool.__main__:main"` whose module imports each
  // subcommand's function; LLaMA-Factory-like: cli.py hands over to launcher.py.
  test::Project p;
  p.file("pyproject.toml", FileKind::Pyproject);
  p.command("pyproject.toml", "console-script", "", "tool = tool.__main__:main");
  p.file("tool/__init__.py");
  p.file("tool/__main__.py");
  p.import("tool/__main__.py", "tool.finetune.lora.setup", "tool.finetune.lora");
  p.import("tool/__main__.py", "tool.generate.base.main", "tool.generate.base");
  p.import("tool/__main__.py", "tool.scripts.download.download", "tool.scripts.download");
  p.file("tool/finetune/__init__.py");  // reached by the import above: not a subcommand
  p.file("tool/finetune/lora.py");
  p.file("tool/generate/__init__.py");
  p.file("tool/generate/base.py");
  p.file("tool/scripts/download.py");  // no phase in its name: stays with the dispatcher
  p.finding("device.x", Domain::Device, "tool/finetune/lora.py", 4);
  p.finding("device.x", Domain::Device, "tool/scripts/download.py", 5);
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  ASSERT_EQ(a.phases.size(), 3u);
  EXPECT_EQ(a.phases[0].name, "inference");
  EXPECT_EQ(a.phases[0].entry_points, Names{"tool/__main__.py -> tool/generate/base.py"});
  EXPECT_EQ(a.phases[1].name, "training");
  EXPECT_EQ(a.phases[1].entry_points, Names{"tool/__main__.py -> tool/finetune/lora.py"});
  EXPECT_TRUE(a.phases[1].needs_backward);
  EXPECT_EQ(a.phases[2].name, "main");
  EXPECT_EQ(a.phases[2].entry_points, Names{"tool/__main__.py"});
  const Finding* lora = test::finding_at(a, "tool/finetune/lora.py", 4);
  ASSERT_NE(lora, nullptr);
  EXPECT_EQ(lora->phases, (Names{"training", "main"}));
  const Finding* download = test::finding_at(a, "tool/scripts/download.py", 5);
  ASSERT_NE(download, nullptr);
  EXPECT_EQ(download->phases, Names{"main"});
}

TEST(Phases, DispatcherThroughALauncherModule) {
  test::Project p;
  p.file("pyproject.toml", FileKind::Pyproject);
  p.command("pyproject.toml", "console-script", "", "tool-cli = tool.cli:main");
  p.file("tool/cli.py");
  p.import("tool/cli.py", "launcher", "", 1);
  p.file("tool/launcher.py");
  p.import("tool/launcher.py", "train.tuner.run_exp", "train.tuner", 1);
  p.import("tool/launcher.py", "chat.chat_model.run_chat", "chat.chat_model", 1);
  p.file("tool/train/tuner.py");
  p.file("tool/chat/chat_model.py");
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  ASSERT_EQ(a.phases.size(), 3u);
  EXPECT_EQ(a.phases[0].entry_points, Names{"tool/cli.py -> tool/chat/chat_model.py"});
  EXPECT_EQ(a.phases[1].entry_points, Names{"tool/cli.py -> tool/train/tuner.py"});
  EXPECT_EQ(a.phases[2].entry_points, Names{"tool/cli.py"});
}

TEST(Phases, NotADispatcherLookAlikes) {
  test::Project p;
  // main.py (not a dispatcher name, no console script) importing a trainer and a pipeline:
  // an ordinary entry point of the fallback phase.
  p.file("main.py");
  p.main_guard("main.py").import("main.py", "models.trainer.Trainer", "models.trainer");
  p.import("main.py", "models.pipeline.Pipe", "models.pipeline");
  p.file("models/trainer.py");
  p.file("models/pipeline.py");
  // cli.py importing modules of one phase only: no dispatcher.
  p.file("pkg/cli.py");
  p.main_guard("pkg/cli.py").import("pkg/cli.py", "pkg.generate.run", "pkg.generate");
  p.import("pkg/cli.py", "pkg.sample.draw", "pkg.sample");
  p.file("pkg/generate.py");
  p.file("pkg/sample.py");
  // A console script whose own name gives the phase: its imports are its own code.
  p.file("pyproject.toml", FileKind::Pyproject);
  p.command("pyproject.toml", "console-script", "", "tool-train = tool.__main__:main");
  p.file("tool/__main__.py");
  p.import("tool/__main__.py", "tool.finetune.run", "tool.finetune");
  p.import("tool/__main__.py", "tool.evaluate.score", "tool.evaluate");
  p.file("tool/finetune.py");
  p.file("tool/evaluate.py");
  const auto rules = no_rules();
  const Assessment a = p.run(rules);
  for (const auto& ph : a.phases)
    for (const auto& e : ph.entry_points)
      EXPECT_EQ(e.find(" -> "), std::string::npos) << ph.name << ": " << e;
}
