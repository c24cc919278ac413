#include "shell/shell.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace ascendify::shell {
namespace {

std::string read_fixture(const std::string& name) {
  std::ifstream in(std::string(ASCENDIFY_SOURCE_DIR) + "/tests/fixtures/shell/" + name,
                   std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<const Fact*> find(const FileFacts& ff, FactKind kind, const std::string& name) {
  std::vector<const Fact*> out;
  for (const Fact& f : ff.facts)
    if (f.kind == kind && f.name == name) out.push_back(&f);
  return out;
}

const Fact* one(const FileFacts& ff, FactKind kind, const std::string& name, Usage usage) {
  const Fact* hit = nullptr;
  int n = 0;
  for (const Fact* f : find(ff, kind, name))
    if (f->usage == usage) {
      hit = f;
      ++n;
    }
  EXPECT_EQ(n, 1) << name;
  return hit;
}

const Fact* command_on_line(const FileFacts& ff, const std::string& name, uint32_t line) {
  for (const Fact* f : find(ff, FactKind::Command, name))
    if (f->span.line == line) return f;
  return nullptr;
}

TEST(Shell, ExportsAndAssignments) {
  FileFacts ff = analyze_shell(read_fixture("train.sh"), "train.sh");
  EXPECT_TRUE(ff.diagnostics.empty());
  const Fact* cvd = one(ff, FactKind::EnvVar, "CUDA_VISIBLE_DEVICES", Usage::Assign);
  ASSERT_TRUE(cvd);
  EXPECT_EQ(cvd->detail, "0,1,2,3");
  EXPECT_EQ(cvd->span.line, 3u);
  EXPECT_EQ(cvd->span.col, 8u);
  EXPECT_EQ(cvd->span.end_col, 28u);
  const Fact* dbg = one(ff, FactKind::EnvVar, "NCCL_DEBUG", Usage::Assign);
  ASSERT_TRUE(dbg);
  EXPECT_EQ(dbg->detail, "INFO");
  const Fact* ib = one(ff, FactKind::EnvVar, "NCCL_IB_DISABLE", Usage::Assign);
  ASSERT_TRUE(ib);
  EXPECT_EQ(ib->span.line, 4u);
  EXPECT_EQ(ib->span.col, 26u);
  EXPECT_EQ(ib->detail, "1");
  const Fact* port = one(ff, FactKind::EnvVar, "MASTER_PORT", Usage::Assign);
  ASSERT_TRUE(port);
  EXPECT_EQ(port->span.line, 5u);
  const Fact* inl = one(ff, FactKind::EnvVar, "CUDA_LAUNCH_BLOCKING", Usage::Assign);
  ASSERT_TRUE(inl);
  EXPECT_EQ(inl->span.line, 8u);
  EXPECT_EQ(inl->detail, "1");
  const Fact* envcmd = one(ff, FactKind::EnvVar, "NCCL_P2P_DISABLE", Usage::Assign);
  ASSERT_TRUE(envcmd);
  EXPECT_EQ(envcmd->span.line, 20u);
  // The heredoc body is skipped; the comment on line 2 yields nothing.
  EXPECT_TRUE(find(ff, FactKind::EnvVar, "HIDDEN").empty());
  for (const Fact& f : ff.facts) EXPECT_NE(f.span.line, 2u) << f.name;
}

TEST(Shell, Reads) {
  FileFacts ff = analyze_shell(read_fixture("train.sh"), "train.sh");
  const Fact* r = one(ff, FactKind::EnvVar, "CUDA_VISIBLE_DEVICES", Usage::Load);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->span.line, 6u);
  const Fact* mp = one(ff, FactKind::EnvVar, "MASTER_PORT", Usage::Load);
  ASSERT_TRUE(mp);
  EXPECT_EQ(mp->span.line, 9u);
  EXPECT_EQ(mp->span.col, 21u);
}

TEST(Shell, CommandsAndLaunchers) {
  FileFacts ff = analyze_shell(read_fixture("train.sh"), "train.sh");
  // Only the real command on line 7, not the quoted text on line 6 or the heredoc line 16.
  auto smi = find(ff, FactKind::Command, "nvidia-smi");
  ASSERT_EQ(smi.size(), 1u);
  EXPECT_EQ(smi[0]->span.line, 7u);
  EXPECT_EQ(smi[0]->span.col, 1u);
  EXPECT_EQ(smi[0]->detail, "-L");
  ASSERT_TRUE(command_on_line(ff, "echo", 6));

  const Fact* tr = command_on_line(ff, "torchrun", 8);
  ASSERT_TRUE(tr);
  EXPECT_EQ(tr->span.col, 24u);
  EXPECT_EQ(tr->call, "train.py");
  const Fact* py = command_on_line(ff, "python", 11);
  ASSERT_TRUE(py);
  EXPECT_EQ(py->call, "tools/train.py");
  const Fact* ds = command_on_line(ff, "deepspeed", 12);
  ASSERT_TRUE(ds);
  EXPECT_EQ(ds->call, "ds_train.py");
  const Fact* acc = command_on_line(ff, "accelerate", 13);
  ASSERT_TRUE(acc);
  EXPECT_EQ(acc->call, "finetune.py");
  EXPECT_EQ(acc->detail.rfind("launch ", 0), 0u);
  const Fact* mod = command_on_line(ff, "python3", 14);
  ASSERT_TRUE(mod);
  EXPECT_EQ(mod->call, "-m pkg.mod");
  const Fact* ev = command_on_line(ff, "python", 20);
  ASSERT_TRUE(ev);
  EXPECT_EQ(ev->call, "eval.py");
  ASSERT_TRUE(command_on_line(ff, "env", 20));
  ASSERT_TRUE(command_on_line(ff, "cat", 15));
}

TEST(Shell, BracedExpansionInDoubleQuotesEndsWithTheLine) {
  // "${VAR}" closes its brace inside the quotes: the next lines are commands of their own
  // (they were swallowed into the word, up to an apostrophe in a comment).
  FileFacts ff = analyze_shell(
      "OUT=\"${HOME}/out\"\n"
      "v=\"${TAG%%-*}\" w=\"${X:-\"a b\"}\"\n"
      "nvidia-smi -L\n"
      "# the Dockerfile's tag\n"
      "echo \"${A}${B}\" \"${C}\"\n"
      "export CUDA_VISIBLE_DEVICES=0\n"
      "z=${Y:-a b}\n"  // unquoted: the space inside the braces does not end the word
      "torchrun train.py\n",
      "run.sh");
  EXPECT_TRUE(ff.diagnostics.empty()) << ff.diagnostics[0].message;
  ASSERT_TRUE(command_on_line(ff, "nvidia-smi", 3));
  ASSERT_TRUE(command_on_line(ff, "echo", 5));
  EXPECT_TRUE(one(ff, FactKind::EnvVar, "CUDA_VISIBLE_DEVICES", Usage::Assign));
  const Fact* tr = command_on_line(ff, "torchrun", 8);
  ASSERT_TRUE(tr);
  EXPECT_EQ(tr->call, "train.py");
  EXPECT_TRUE(find(ff, FactKind::Command, "a").empty()) << "`a b}` is not a command";
}

TEST(Shell, PythonDashCCodeIsAnalysed) {
  FileFacts ff = analyze_shell(
      "python -c \"import torch; print(torch.cuda.is_available()); torch.zeros(1).cuda()\"\n"
      "python3 -c 'print(\"torch.cuda.is_available()\")'\n"  // a string, not a call
      "python train.py\n",
      "run.sh");
  auto avail = find(ff, FactKind::Reference, "torch.cuda.is_available");
  ASSERT_EQ(avail.size(), 1u);
  EXPECT_EQ(avail[0]->span.line, 1u);
  EXPECT_EQ(avail[0]->span.col, 11u);  // the code word
  EXPECT_EQ(avail[0]->scope, "python -c");
  EXPECT_EQ(find(ff, FactKind::MethodCall, "cuda").size(), 1u);
  for (const Fact& f : ff.facts) {
    EXPECT_NE(f.kind, FactKind::Import) << "a one-liner imports nothing of the project";
    EXPECT_NE(f.kind, FactKind::MainGuard) << "a one-liner starts no phase";
  }
  ASSERT_TRUE(command_on_line(ff, "python", 3));
  EXPECT_EQ(command_on_line(ff, "python", 3)->call, "train.py");
}

TEST(Shell, PipInstall) {
  FileFacts ff = analyze_shell(read_fixture("train.sh"), "train.sh");
  ASSERT_TRUE(command_on_line(ff, "pip-install", 19));
  ASSERT_TRUE(command_on_line(ff, "pip", 19));
  auto deps = [&](const std::string& n) { return find(ff, FactKind::Dependency, n); };
  ASSERT_EQ(deps("flash-attn").size(), 1u);
  EXPECT_EQ(deps("flash-attn")[0]->detail, "==2.5.8");
  EXPECT_EQ(deps("flash-attn")[0]->span.col, 13u);
  ASSERT_EQ(deps("xformers").size(), 1u);
  EXPECT_EQ(deps("xformers")[0]->detail, ">=0.0.23");
  EXPECT_EQ(deps("xformers")[0]->receiver, "xformers>=0.0.23");
  ASSERT_EQ(deps("apex").size(), 1u);
  EXPECT_EQ(deps("apex")[0]->detail, "");
  size_t n = 0;
  for (const Fact& f : ff.facts) n += f.kind == FactKind::Dependency;
  EXPECT_EQ(n, 3u);  // requirements.txt is the value of -r, not a package
}

TEST(Shell, SmallCases) {
  FileFacts ff = analyze_shell(
      "if nvidia-smi >/dev/null 2>&1; then X=$(nvcc --version | head -1); fi\n"
      "for f in nvcc torchrun; do echo $f; done\n"
      "f() { srun -N 2 python main.py; }\n"
      "case $1 in\n  gpu) nvcc -o a a.cu ;;\n  *) echo no ;;\nesac\n"
      "python -m pip install 'Flash_Attn[x]>=2' ; declare -x HF_HOME=/data\n",
      "t.sh");
  EXPECT_TRUE(command_on_line(ff, "nvidia-smi", 1));
  EXPECT_TRUE(command_on_line(ff, "nvcc", 1));  // inside $(...)
  EXPECT_TRUE(command_on_line(ff, "head", 1));
  EXPECT_FALSE(command_on_line(ff, "nvcc", 2));  // for-list word, not a command
  EXPECT_FALSE(command_on_line(ff, "f", 3));     // function definition
  const Fact* srun = command_on_line(ff, "srun", 3);
  ASSERT_TRUE(srun);
  EXPECT_EQ(srun->call, "main.py");
  EXPECT_TRUE(command_on_line(ff, "python", 3));
  EXPECT_TRUE(command_on_line(ff, "nvcc", 5));
  EXPECT_FALSE(command_on_line(ff, "gpu", 5));
  auto fa = find(ff, FactKind::Dependency, "flash-attn");
  ASSERT_EQ(fa.size(), 1u);
  EXPECT_EQ(fa[0]->detail, ">=2");
  EXPECT_TRUE(command_on_line(ff, "pip-install", 8));
  const Fact* hf = one(ff, FactKind::EnvVar, "HF_HOME", Usage::Assign);
  ASSERT_TRUE(hf);
  EXPECT_EQ(hf->detail, "/data");
}

TEST(Shell, GarbageNeverCrashes) {
  std::string deep(20000, '(');
  std::string subst;
  for (int i = 0; i < 5000; ++i) subst += "$(";
  for (std::string s : {std::string("echo \"unterminated"), std::string("cat <<EOF\nbody"),
                        std::string("'"), std::string("\\"), std::string("$"), std::string("${"),
                        deep, subst, std::string("\x01\xff\xfe ; && || | \n\r\n")}) {
    FileFacts ff = analyze_shell(s, "g.sh");
    (void)ff;
  }
  EXPECT_FALSE(analyze_shell("echo \"x", "g.sh").diagnostics.empty());
  EXPECT_FALSE(analyze_shell(subst, "g.sh").diagnostics.empty());
}

}  // namespace
}  // namespace ascendify::shell

namespace ascendify::shell {
namespace {

// Random soups of shell/Dockerfile syntax: nothing may crash, hang or emit spans past the end.
TEST(Shell, RandomSoup) {
  const char* pieces[] = {"'",
                          "\"",
                          "\\",
                          "\n",
                          "\\\n",
                          "$(",
                          ")",
                          "`",
                          "${",
                          "}",
                          "<<",
                          "EOF",
                          "#",
                          ";",
                          "&&",
                          "|",
                          "X=1",
                          " ",
                          "pip install a",
                          "torchrun x.py",
                          "RUN ",
                          "FROM ",
                          "ENV ",
                          "[\"",
                          "\",",
                          "]",
                          "(",
                          "case",
                          "in",
                          "esac"};
  uint32_t seed = 12345;
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    int len = static_cast<int>(seed % 40);
    for (int i = 0; i < len; ++i) {
      seed = seed * 1103515245u + 12345u;
      s += pieces[(seed >> 16) % (sizeof(pieces) / sizeof(pieces[0]))];
    }
    for (const FileFacts& ff : {analyze_shell(s, "r.sh"), analyze_dockerfile(s, "Dockerfile")})
      for (const Fact& f : ff.facts) ASSERT_LE(f.span.end_offset, s.size()) << s;
  }
}

}  // namespace

TEST(Shell, CommandDashVIsALookupNotARun) {
  FileFacts ff = analyze_shell(
      "if command -v nvidia-smi &> /dev/null; then\n"
      "  nvidia-smi -L\n"
      "fi\n"
      "command -V nvcc\n"
      "command nvcc --version\n",
      "probe.sh");
  auto smi = find(ff, FactKind::Command, "nvidia-smi");
  ASSERT_EQ(smi.size(), 1u);
  EXPECT_EQ(smi[0]->span.line, 2u);  // the run, not the lookup on line 1
  auto nvcc = find(ff, FactKind::Command, "nvcc");
  ASSERT_EQ(nvcc.size(), 1u);
  EXPECT_EQ(nvcc[0]->span.line, 5u);  // `command nvcc` runs it
}

TEST(Shell, LongOptionsPassedToCommands) {
  FileFacts ff = analyze_shell(
      "python sample.py \\\n    --i2v-mode \\\n    --steps=8 -q --\n# python x.py --in-comment\n",
      "run.sh");
  EXPECT_EQ(ff.passed_options, (std::vector<std::string>{"i2v_mode", "steps"}));
}

// What a notebook's shell lines knew and scripts did not (one analysis for both now): the
// index and requirement-file options of pip, URL requirements, conda installs.
TEST(Shell, PipOptionsUrlRequirementsAndCondaInstall) {
  FileFacts ff = analyze_shell(
      "pip install torch --extra-index-url https://download.pytorch.org/whl/cu121 -r req.txt\n"
      "pip install --index-url=https://mirror.example/simple -c constraints.txt x\n"
      "pip install -e git+https://github.com/org/tool.git#egg=my_tool ./local/pkg\n"
      "uv pip install git+https://github.com/NVIDIA/apex.git@24.04 https://h/x-1.0.whl\n"
      "conda install -y -c nvidia --name env pytorch::pytorch-cuda=12.1 'cudnn>=8' -n\n"
      "mamba install --channel=conda-forge numpy\n"
      "conda create -n py310 python=3.10\n",
      "setup.sh");
  auto index = find(ff, FactKind::Command, "pip-index");
  ASSERT_EQ(index.size(), 2u);
  EXPECT_EQ(index[0]->detail, "https://download.pytorch.org/whl/cu121");
  EXPECT_EQ(index[0]->span.line, 1u);
  EXPECT_EQ(index[0]->span.col, 37u);  // the URL word
  EXPECT_EQ(index[1]->detail, "https://mirror.example/simple");
  EXPECT_EQ(index[1]->span.col, 13u);  // `--index-url=URL`: the whole word
  auto includes = find(ff, FactKind::Command, "requirements-include");
  ASSERT_EQ(includes.size(), 2u);
  EXPECT_EQ(includes[0]->detail, "req.txt");
  EXPECT_EQ(includes[1]->detail, "constraints.txt");
  auto dep_on = [&](const std::string& n) -> const Fact* {
    auto d = find(ff, FactKind::Dependency, n);
    return d.size() == 1 ? d[0] : nullptr;
  };
  ASSERT_TRUE(dep_on("torch"));
  ASSERT_TRUE(dep_on("x"));
  ASSERT_TRUE(dep_on("my-tool"));  // #egg=, PEP 503 normalised
  EXPECT_EQ(dep_on("my-tool")->span.line, 3u);
  ASSERT_TRUE(dep_on("apex"));  // the repository of a git URL, without @ref
  EXPECT_EQ(dep_on("apex")->receiver, "git+https://github.com/NVIDIA/apex.git@24.04");
  EXPECT_FALSE(dep_on("pkg"));  // a local path names no distribution
  EXPECT_FALSE(dep_on("x-1.0.whl"));
  const Fact* conda = command_on_line(ff, "conda-install", 5);
  ASSERT_TRUE(conda);
  EXPECT_TRUE(command_on_line(ff, "conda", 5));
  auto channels = find(ff, FactKind::Command, "conda-channel");
  ASSERT_EQ(channels.size(), 2u);
  EXPECT_EQ(channels[0]->detail, "nvidia");
  EXPECT_EQ(channels[1]->detail, "conda-forge");
  ASSERT_TRUE(dep_on("pytorch-cuda"));
  EXPECT_EQ(dep_on("pytorch-cuda")->detail, "=12.1");
  EXPECT_EQ(dep_on("pytorch-cuda")->span.col, 39u);
  ASSERT_TRUE(dep_on("cudnn"));
  EXPECT_EQ(dep_on("cudnn")->detail, ">=8");
  EXPECT_FALSE(dep_on("env"));  // the value of --name
  ASSERT_TRUE(dep_on("numpy"));
  EXPECT_TRUE(command_on_line(ff, "conda-install", 6));   // mamba
  EXPECT_FALSE(command_on_line(ff, "conda-install", 7));  // create is not install
  EXPECT_FALSE(dep_on("python"));
}

// Shell text inside another file: from a byte offset, in the text's own coordinates.
TEST(Shell, AnalyzeFromAnOffset) {
  const std::string line = "x = !torchrun --nproc_per_node 2 train.py --use-fp8 'unterminated";
  FileFacts ff = analyze_shell_from(line, 5, "nb.ipynb");
  ASSERT_FALSE(ff.facts.empty());
  EXPECT_EQ(ff.facts[0].name, "torchrun");
  EXPECT_EQ(ff.facts[0].call, "train.py");
  EXPECT_EQ(ff.facts[0].span.col, 6u);
  EXPECT_EQ(ff.facts[0].span.offset, 5u);
  EXPECT_EQ(ff.passed_options, (std::vector<std::string>{"nproc_per_node", "use_fp8"}));
  ASSERT_EQ(ff.diagnostics.size(), 1u);
  EXPECT_EQ(ff.diagnostics[0].line, 1u);
  EXPECT_TRUE(analyze_shell_from(line, line.size() + 1, "nb.ipynb").facts.empty());
}

}  // namespace ascendify::shell
